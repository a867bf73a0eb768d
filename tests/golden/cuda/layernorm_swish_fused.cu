// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel layer_norm_swish_kernel: not supported by the CUDA backend
// line 39: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 41: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
