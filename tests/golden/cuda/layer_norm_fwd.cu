// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _layer_norm_fwd_fused: not supported by the CUDA backend
// line 38: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// line 46: tl.sum / tl.reduce (reduce) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
