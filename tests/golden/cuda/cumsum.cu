// ==== kernel row_cumsum_kernel: not supported by the CUDA backend
// line 23: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel row_cumsum_kernel: not supported by the CUDA backend
// line 23: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel row_cumsum_kernel: not supported by the CUDA backend
// line 23: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel row_cumsum_kernel: not supported by the CUDA backend
// line 23: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel row_cumsum_kernel: not supported by the CUDA backend
// line 23: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel row_cumsum_kernel: not supported by the CUDA backend
// line 23: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel row_cumsum_kernel: not supported by the CUDA backend
// line 23: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel vector_cumsum_kernel: not supported by the CUDA backend
// line 31: tl.cumsum / tl.associative_scan (scan) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
