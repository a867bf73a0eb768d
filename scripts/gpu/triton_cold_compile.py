"""Triton's compile time for the seed's swish kernel (resources/examples/swish.py), in this fresh
process, for issue 4's "compile in under 40% of Triton's cold compile" comparison. Writes JSON.

    TRITON_CACHE_DIR=<empty dir> python3 scripts/gpu/triton_cold_compile.py MODE OUT.json

MODE `warmup`: `swish_kernel.warmup(...)` compiles source -> cubin without launching (no launcher
build, no module load): the same work as `tilesmith emit --cubin`. Then the first launch
(launcher + module load) and a warm launch are timed too.
MODE `launch`: the first launch minus a warm launch, everything a user waits for on a cold cache
(or, with a filled TRITON_CACHE_DIR, Triton's disk-cache hit).
The CUDA context exists before any timing (torch allocates the inputs first).
"""

import importlib.util
import json
import os
import sys
import time
import traceback


def main():
    mode, out_path = sys.argv[1], sys.argv[2]
    report = {"mode": mode, "cache_dir": os.environ.get("TRITON_CACHE_DIR", ""),
              "cache_dir_files_before": 0}
    cache = report["cache_dir"]
    if cache and os.path.isdir(cache):
        report["cache_dir_files_before"] = sum(len(f) for _, _, f in os.walk(cache))
    t_start = time.perf_counter()
    try:
        import torch
        import triton
        report["versions"] = {"torch": torch.__version__, "triton": triton.__version__}
        report["import_seconds"] = time.perf_counter() - t_start
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        spec = importlib.util.spec_from_file_location("tsm_swish", os.path.join(root, "resources/examples/swish.py"))
        swish = importlib.util.module_from_spec(spec)
        t = time.perf_counter()
        spec.loader.exec_module(swish)  # also starts Triton's driver (the module asks it for DEVICE)
        report["module_import_seconds"] = time.perf_counter() - t
        kernel = swish.swish_kernel
        n = 2**20
        x = torch.randn(n, device="cuda", dtype=torch.float32)
        out = torch.empty_like(x)
        grid = (triton.cdiv(n, 1024), )
        torch.cuda.synchronize()

        def launch():
            t = time.perf_counter()
            kernel[grid](x, out, n, 1.0, BLOCK_SIZE=1024)
            torch.cuda.synchronize()
            return time.perf_counter() - t

        if mode == "warmup":
            t = time.perf_counter()
            kernel.warmup(x, out, n, 1.0, BLOCK_SIZE=1024, grid=grid)
            report["compile_seconds"] = time.perf_counter() - t
            report["first_launch_after_warmup_seconds"] = launch()
        else:
            report["first_launch_seconds"] = launch()
        warm = [launch() for _ in range(5)]
        report["warm_launch_seconds"] = sorted(warm)[len(warm) // 2]
        if mode != "warmup":
            report["compile_seconds"] = report["first_launch_seconds"] - report["warm_launch_seconds"]
        expected = x * torch.sigmoid(x)
        report["result_ok"] = bool(torch.allclose(out, expected, rtol=1e-5, atol=1e-6))
    except Exception:
        report["error"] = traceback.format_exc()
    report["process_seconds"] = time.perf_counter() - t_start
    with open(out_path, "w") as f:
        json.dump(report, f, indent=1)
    return 0 if "compile_seconds" in report else 1


if __name__ == "__main__":
    sys.exit(main())
