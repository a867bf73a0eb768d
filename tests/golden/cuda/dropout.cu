// ==== kernel _seeded_dropout: not supported by the CUDA backend
// line 30: tl.rand (rand) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _seeded_dropout: not supported by the CUDA backend
// line 30: tl.rand (rand) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _seeded_dropout: not supported by the CUDA backend
// line 30: tl.rand (rand) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _seeded_dropout: not supported by the CUDA backend
// line 30: tl.rand (rand) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
// ==== kernel _seeded_dropout: not supported by the CUDA backend
// line 30: tl.rand (rand) is not supported by the cuda backend yet; it runs with --backend interp, the CUDA backend gets it in a later version
