// ==== kernel histogram_kernel: not supported by the CUDA backend
// line 23: tl.atomic_add (atomic_rmw) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel histogram_kernel: not supported by the CUDA backend
// line 23: tl.atomic_add (atomic_rmw) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel histogram_kernel: not supported by the CUDA backend
// line 23: tl.atomic_add (atomic_rmw) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel histogram_kernel: not supported by the CUDA backend
// line 23: tl.atomic_add (atomic_rmw) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel bin_max_kernel: not supported by the CUDA backend
// line 33: tl.atomic_max (atomic_rmw) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
