// ==== kernel matmul_kernel: not supported by the CUDA backend
// line 44: tl.dot (dot) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel matmul_kernel: not supported by the CUDA backend
// line 44: tl.dot (dot) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel matmul_kernel: not supported by the CUDA backend
// line 44: tl.dot (dot) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel matmul_kernel: not supported by the CUDA backend
// line 42: tl.dot (dot) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel matmul_kernel: not supported by the CUDA backend
// line 42: tl.dot (dot) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel matmul_kernel: not supported by the CUDA backend
// line 44: tl.dot (dot) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
