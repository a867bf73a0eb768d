#!/usr/bin/env python3
"""The profiler's GPU check (issue 7's "Done when"), one call on the GPU machine:

    python3 scripts/gpu/profile_check.py --tilesmith BIN [--out DIR] [--metrics roofline]

runs `tilesmith profile --mode bench --json` on bench/gpu/swish.py, softmax.py and
layernorm_swish_fp16.py and compares, in the same run:
  - the range profiler's gpu__time_duration and CUPTI Activity's median with do_bench's CUDA-event
    time of the same kernel and size (swish at 2^28: within 3%);
  - the DRAM bytes the counters saw with the bytes the kernel must move (swish: 2 * 4 * 2^28, 5%);
  - the fused LayerNorm+Swish kernel's DRAM bytes with the separate LayerNorm + swish pair's;
  - each kernel's fraction of the copy roof (profile) with its benchmark GB/s / the same roof.
Writes DIR/profile.md and DIR/profile-<name>.jsonl (the raw events)."""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_profile(binary, path, metrics, out_dir, timeout, extra=(), suffix=""):
    name = os.path.splitext(os.path.basename(path))[0] + suffix
    t0 = time.time()
    p = subprocess.run([binary, "profile", "--mode", "bench", "--metrics", metrics, "--json"] + list(extra) + [path],
                       capture_output=True, text=True, timeout=timeout)
    with open(os.path.join(out_dir, "profile-%s.jsonl" % name), "w") as f:
        f.write(p.stdout)
        if p.stderr:
            f.write(json.dumps({"event": "stderr", "text": p.stderr[-20000:]}) + "\n")
    events = []
    for line in p.stdout.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            pass
    return name, p.returncode, time.time() - t0, events


def kernel(profile, name, grid0, nth=0):
    """The nth profiled entry of `name` at grid `grid0` (specializations of one kernel can share a
    grid: LayerNorm's rows at 4096 and 8192 columns)."""
    found = [k for k in profile.get("kernels", []) if k["kernel"] == name and k["grid"][0] == grid0]
    return found[nth] if nth < len(found) else None


def point(events, bench, x, line="Triton"):
    for e in events:
        if e.get("event") == "benchmark_point" and e["benchmark"] == bench and e["x"] == x and e["line"] == line:
            return e["value"]
    return None


def pct(a, b):
    return 100.0 * (a - b) / b if b else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesmith", required=True)
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--metrics", default="roofline")
    ap.add_argument("--timeout", type=float, default=150)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    L = ["# Profiler check (`tilesmith profile --mode bench --metrics %s`)" % args.metrics, ""]
    results = {}
    runs = [("swish.py", (), ""), ("softmax.py", (), ""), ("layernorm_swish_fp16.py", (), ""),
            ("softmax.py", ("--stalls",), "-stalls")]
    for f, extra, suffix in runs:
        try:
            name, rc, secs, events = run_profile(args.tilesmith, os.path.join(ROOT, "bench", "gpu", f), args.metrics,
                                                 args.out, args.timeout, extra, suffix)
        except subprocess.TimeoutExpired:
            L.append("- %s%s: timed out after %.0f s" % (f, suffix, args.timeout))
            continue
        prof = next((e for e in events if e.get("event") == "profile"), None)
        results[name] = (events, prof)
        L.append("- %s%s: exit %d in %.1f s, %d events, profile event %s" % (f, " --stalls" if suffix else "", rc, secs,
                                                                           len(events),
                                                                         "present" if prof else "MISSING"))
        if prof:
            roof = prof.get("roofline", {})
            L.append("  roofs: copy %.0f GB/s, FP32 %.1f TFLOP/s, FP16 mma.sync %.0f TFLOP/s (%s); passes %s; "
                     "counters %s %s" % (roof.get("copy_gbs") or 0, roof.get("fp32_tflops") or 0,
                                         roof.get("fp16_tensor_tflops") or 0, roof.get("measured_by"),
                                         prof.get("passes"), prof.get("counters_available"),
                                         prof.get("counters_note", "")))
            for n in prof.get("notes", []):
                L.append("  note: " + n)
    L.append("")
    L.append("| kernel | size | do_bench (events) µs | Activity median µs | counter µs | counter vs events | "
             "DRAM MB | must move MB | bytes vs must | profile % of copy roof | bench % of copy roof |")
    L.append("|---|---|---|---|---|---|---|---|---|---|---|")

    def row(label, size, k, bench_gbs, must_bytes, bench_bytes):
        if not k:
            L.append("| %s | %s | kernel not in the profile |||||||||" % (label, size))
            return
        ev_us = bench_bytes / (bench_gbs * 1e9) * 1e6 if bench_gbs else float("nan")
        copy = results_roof.get("copy_gbs") or float("nan")
        L.append("| %s | %s | %.1f | %.1f | %.1f | %+.2f%% | %.1f | %s | %s | %.1f%% | %.1f%% |" % (
            label, size, ev_us, k["median_ns"] / 1e3, (k["counter_ns"] or 0) / 1e3,
            pct((k["counter_ns"] or 0) / 1e3, ev_us), (k["dram_bytes"] or 0) / 1e6,
            "%.1f" % (must_bytes / 1e6) if must_bytes else "-",
            "%+.2f%%" % pct(k["dram_bytes"] or 0, must_bytes) if must_bytes else "-",
            100 * (k["roof_fraction"] or 0), 100 * bench_gbs / copy if bench_gbs else float("nan")))

    results_roof = {}
    if "swish" in results and results["swish"][1]:
        ev, prof = results["swish"]
        results_roof = prof.get("roofline", {})
        for block in (1024, 4096):
            for n in (2**24, 2**28):
                k = kernel(prof, "swish_kernel", n // block)
                gbs = point(ev, "swish-fp32-block%d" % block, str(n))
                row("swish BLOCK %d" % block, "2^%d" % (n.bit_length() - 1), k, gbs, 8 * n, 8 * n)
    if "softmax" in results and results["softmax"][1]:
        ev, prof = results["softmax"]
        results_roof = results_roof or prof.get("roofline", {})
        for (m, n) in ((4096, 4096), (32768, 2048)):
            k = kernel(prof, "softmax_kernel", m)
            bench = next((e["benchmark"] for e in ev if e.get("event") == "benchmark_point"), "")
            gbs = point(ev, bench, "%d, %d" % (m, n))
            row("softmax", "%dx%d" % (m, n), k, gbs, 8 * m * n, 8 * m * n)
    if "layernorm_swish_fp16" in results and results["layernorm_swish_fp16"][1]:
        ev, prof = results["layernorm_swish_fp16"]
        results_roof = results_roof or prof.get("roofline", {})
        for i, (m, n) in enumerate(((8192, 4096), (8192, 8192))):
            fused = kernel(prof, "layer_norm_swish_kernel", m, i)
            must = 2 * m * n * 2 + 2 * n * 2 + 2 * m * 4
            gbs = point(ev, "layernorm-swish-fp16-fused", "%d, %d" % (m, n))
            row("LN+Swish fused", "%dx%d" % (m, n), fused, gbs, must, must)
            ln = kernel(prof, "layer_norm_kernel", m, i)
            sw = kernel(prof, "swish_kernel", m * n // 1024)
            if fused and ln and sw:
                sep = (ln["dram_bytes"] or 0) + (sw["dram_bytes"] or 0)
                L.append("")
                L.append("LN+Swish %dx%d: fused DRAM %.1f MB, separate %.1f MB (LayerNorm %.1f + swish %.1f): "
                         "fused / separate = %.3f" % (m, n, (fused["dram_bytes"] or 0) / 1e6, sep / 1e6,
                                                      (ln["dram_bytes"] or 0) / 1e6, (sw["dram_bytes"] or 0) / 1e6,
                                                      (fused["dram_bytes"] or 0) / sep if sep else float("nan")))
                L.append("")
    # Per-line costs: the hottest lines of each program kernel's first profiled grid.
    L.append("")
    L.append("## Per-line costs")
    for name, (events, prof) in results.items():
        if not prof:
            continue
        seen = set()
        for k in prof.get("kernels", []):
            if k.get("library") or not k.get("lines") or k["kernel"] in seen:
                continue
            seen.add(k["kernel"])
            try:
                with open(os.path.join(ROOT, "bench", "gpu", name.replace("-stalls", "") + ".py")) as f:
                    src = f.read().splitlines()
            except OSError:
                src = []
            L.append("")
            L.append("%s%s, grid %s — %s:" % (k["kernel"], " (--stalls)" if name.endswith("-stalls") else "",
                                              k["grid"][0], k.get("lines_measured_by")))
            for c in sorted(k["lines"], key=lambda c: -(c.get("share") or 0))[:6]:
                text = src[c["line"] - 1].strip() if 0 < c["line"] <= len(src) else "(no kernel line)"
                L.append("- line %d: %.1f%% (%d instructions, %.0f executed, %.0f stall samples%s) `%s`" % (
                    c["line"], 100 * (c.get("share") or 0), c.get("instructions") or 0, c.get("executed") or 0,
                    c.get("stall_samples") or 0, ", mostly " + c["top_stall"] if c.get("top_stall") else "",
                    text[:90]))
    for name, (events, prof) in results.items():
        for e in events:
            if e.get("event") == "diagnostic" and e.get("severity") in ("error", "warning"):
                L.append("- %s: %s: %s" % (name, e.get("kind"), (e.get("message") or "")[:300]))
    text = "\n".join(L) + "\n"
    with open(os.path.join(args.out, "profile.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
