"""Runs one bench/gpu/*.py file under real Python + PyTorch + Triton, the way Triton's own
`benchmark.run()` would, and writes what it measured as JSON (for scripts/gpu/check.py).

    python3 scripts/gpu/triton_bench.py FILE OUT.json

The file is imported as a module (its `__main__` block does not run); then every `test_*`
function without parameters runs, then every `@triton.testing.perf_report` benchmark: each
x value x line value calls the decorated function with the same keyword arguments Triton's
`Mark.run` passes. The JSON is rewritten after every point, so a run cut short by a timeout still
leaves what it measured. Needs no pandas or matplotlib (Mark.run does).
"""

import importlib.util
import json
import os
import sys
import time
import traceback


def main():
    path, out_path = sys.argv[1], sys.argv[2]
    report = {"file": path, "tests": [], "points": [], "errors": [], "versions": {}}

    def save():
        tmp = out_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(report, f, indent=1)
        os.replace(tmp, out_path)

    t0 = time.perf_counter()
    try:
        import torch
        import triton
        report["versions"] = {"torch": torch.__version__, "triton": triton.__version__,
                              "python": sys.version.split()[0]}
        if torch.cuda.is_available():
            report["versions"]["device"] = torch.cuda.get_device_name(0)
        spec = importlib.util.spec_from_file_location("tsm_bench_" + os.path.basename(path)[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception:
        report["errors"].append({"where": "import", "error": traceback.format_exc()})
        save()
        return 1
    report["import_seconds"] = time.perf_counter() - t0
    save()

    for name in sorted(dir(module)):
        fn = getattr(module, name)
        if not name.startswith("test_") or not callable(fn):
            continue
        t = time.perf_counter()
        entry = {"name": name, "passed": True}
        try:
            fn()
            torch.cuda.synchronize()
        except Exception:
            entry["passed"] = False
            entry["error"] = traceback.format_exc()[-4000:]
        entry["seconds"] = time.perf_counter() - t
        report["tests"].append(entry)
        save()

    marks = [getattr(module, n) for n in dir(module) if isinstance(getattr(module, n), triton.testing.Mark)]
    for mark in marks:
        benches = list(mark.benchmarks) if isinstance(mark.benchmarks, (list, tuple)) else [mark.benchmarks]
        for bench in benches:
            for xv in bench.x_vals:
                xs = list(xv) if isinstance(xv, (list, tuple)) else [xv] * len(bench.x_names)
                x_args = dict(zip(bench.x_names, xs))
                for line_val, line_name in zip(bench.line_vals, bench.line_names):
                    point = {"benchmark": bench.plot_name, "x_name": ", ".join(bench.x_names),
                             "x": ", ".join(str(v) for v in xs), "line": line_name, "unit": bench.ylabel,
                             "measured_by": "triton.testing.do_bench (CUDA events, L2 cache cleared)"}
                    t = time.perf_counter()
                    try:
                        ret = mark.fn(**x_args, **{bench.line_arg: line_val}, **bench.args)
                        if isinstance(ret, (list, tuple)):
                            point["value"], point["min"], point["max"] = (float(v) for v in ret)
                        else:
                            point["value"] = float(ret)
                    except Exception:
                        point["value"] = None
                        point["error"] = traceback.format_exc()[-4000:]
                    point["seconds"] = time.perf_counter() - t
                    report["points"].append(point)
                    save()
    report["seconds"] = time.perf_counter() - t0
    save()
    failed = [t for t in report["tests"] if not t["passed"]] + [p for p in report["points"] if "error" in p]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
