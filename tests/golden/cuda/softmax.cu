// ==== kernel softmax_kernel: not supported by the CUDA backend
// line 24: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 26: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel softmax_kernel: not supported by the CUDA backend
// line 24: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 26: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel softmax_kernel: not supported by the CUDA backend
// line 24: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 26: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel softmax_kernel: not supported by the CUDA backend
// line 24: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 26: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel softmax_kernel: not supported by the CUDA backend
// line 24: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 26: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel softmax_kernel: not supported by the CUDA backend
// line 24: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 26: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel softmax_kernel: not supported by the CUDA backend
// line 24: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 26: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
