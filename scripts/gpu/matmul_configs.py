"""Time bench/gpu/matmul.py's kernel with each of its autotune configs, one line per config.

Appended by scripts/gpu/matmul_configs.sh to bench/gpu/matmul.py (less its `__main__` block),
so that the one file runs both under real Python + Triton and under `tilesmith run --backend
cuda`; reading the two outputs side by side says whether a gap to Triton is one config being
slower or the autotuner picking another. A development tool: nothing in the product uses it.
"""

for dtype in ['fp16', 'bf16']:
    for M in [4096, 8192]:
        a, b = inputs_of(M, M, M, dtype)
        for i, cfg in enumerate(matmul_kernel.configs):
            ms = triton.testing.do_bench(lambda: matmul(a, b, "", cfg), warmup=25, rep=100)
            tflops = 2 * M * M * M * 1e-12 / (ms * 1e-3)
            print(f"{dtype} {M} config {i} {cfg.kwargs['BLOCK_SIZE_M']}x{cfg.kwargs['BLOCK_SIZE_N']}x"
                  f"{cfg.kwargs['BLOCK_SIZE_K']} w{cfg.num_warps} s{cfg.num_stages}: {tflops:.1f} TFLOP/s")
        matmul(a, b)
        best = matmul_kernel.best_config
        print(f"{dtype} {M} autotuner picks {best.kwargs['BLOCK_SIZE_M']}x{best.kwargs['BLOCK_SIZE_N']}x"
              f"{best.kwargs['BLOCK_SIZE_K']} w{best.num_warps} s{best.num_stages}")
