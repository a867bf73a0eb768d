"""Time bench/gpu/matmul.py's kernel at 8192^3 fp16 (config 0) plain, with the fused GELU, and
PyTorch's matmul-then-GELU and torch.matmul alone (cuBLAS), alternating, at the GPU's steady power-capped state.

An H100 running 8192^3 matmuls back to back reaches its 700 W cap within half a second and lowers
its SM clock by up to a third, so a do_bench median with the default 100 ms depends on what ran
just before it (bench/results/2026-12-07-linear-gelu-power-cap-9ffb618-h100.txt). Here each line is
timed for 1.5 s, three rounds in turn, so all four are read at the cap; then once more with the
default do_bench, as the benchmark tables do. Appended (by scripts/gpu/linear_gelu_steady.sh, through matmul_configs.sh) to
bench/gpu/matmul.py (less its `__main__` block), so that one file runs under real Python + Triton
and under `tilesmith run --backend cuda`. A development tool: nothing in the product uses it.
"""

_cfg = matmul_kernel.configs[0]
_a, _b = inputs_of(8192, 8192, 8192, 'fp16')
_tflop = 2 * 8192 ** 3 * 1e-12
_lines = [("plain", lambda: matmul(_a, _b, "", _cfg)), ("fused GELU", lambda: matmul(_a, _b, "gelu", _cfg)),
          ("matmul then GELU", lambda: torch.nn.functional.gelu(torch.matmul(_a, _b))),
          ("torch.matmul", lambda: torch.matmul(_a, _b))]
for _round in range(3):
    for _name, _fn in _lines:
        _ms = triton.testing.do_bench(_fn, warmup=200, rep=1500)
        print(f"round {_round} {_name}: {_tflop / (_ms * 1e-3):.1f} TFLOP/s")
for _name, _fn in _lines:
    _ms = triton.testing.do_bench(_fn)
    print(f"default do_bench (25 / 100 ms) {_name}: {_tflop / (_ms * 1e-3):.1f} TFLOP/s")
