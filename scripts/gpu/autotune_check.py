#!/usr/bin/env python3
"""The autotuner's GPU check (issue 8's "Done when"), one call on the GPU machine:

    python3 scripts/gpu/autotune_check.py --tilesmith BIN [--out DIR] [--timeout S]

With a fresh TILESMITH_AUTOTUNE_CACHE_DIR it runs, on --backend cuda:
  1. `tilesmith test` on tests/programs/autotune.py (tuned softmax, a tuned transposed copy whose
     256x256 config needs more shared memory than the GPU has, a row sum accumulating with
     tl.atomic_add under reset_to_zero) and on the seed's autotuned swish
     (tests/data/studio/swish_autotune.py);
  2. the same two commands again: every choice must come from the disk cache (no tuning);
  3. `tilesmith bench` on both files (the tuned kernels against torch; swish up to 2^28).
Checks: every test passes; every config appears in each report; the 256x256 transpose config is
out_of_resources with its reason; the second runs tune nothing. Writes DIR/autotune.md and
DIR/autotune-<name>.jsonl (the raw events)."""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAMS = [("autotune", os.path.join(ROOT, "tests", "programs", "autotune.py")),
            ("swish_autotune", os.path.join(ROOT, "tests", "data", "studio", "swish_autotune.py"))]


# How many triton.Config each tuned kernel of PROGRAMS lists.
CONFIGS = {"softmax_kernel": 5, "transpose_kernel": 4, "row_sum_kernel": 3, "swish_kernel": 8}


BACKEND = "cuda"


def run(binary, mode, path, out_dir, name, timeout, env):
    t0 = time.time()
    try:
        p = subprocess.run([binary, mode, "--backend", BACKEND, "--json", path], capture_output=True, text=True,
                           timeout=timeout, env=env)
        stdout, stderr, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        stdout = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        stderr, rc = "timed out after %d s" % timeout, 124
    wall = time.time() - t0
    with open(os.path.join(out_dir, "autotune-%s.jsonl" % name), "w") as f:
        f.write(stdout)
        if stderr:
            f.write(json.dumps({"event": "stderr", "text": stderr[-20000:]}) + "\n")
    events = []
    for line in stdout.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            pass
    return {"rc": rc, "wall": wall, "events": events}


def tunings(events):
    return [e for e in events if e.get("event") == "autotune"]


def table(report):
    """A report as a markdown table."""
    best = report.get("best", -1)
    best_ms = report["configs"][best]["median_ms"] if best >= 0 else None
    L = ["| config | status | median ms | p20-p80 ms | vs best | regs | spill B | shared B | occupancy |",
         "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for i, c in enumerate(report["configs"]):
        cfg = " ".join("%s=%s" % (k, v) for k, v in c["kwargs"])
        if i == best:
            cfg = "**%s** (best)" % cfg
        if c["status"] != "ran":
            L.append("| %s | %s: %s | | | | | | | |" % (cfg, c["status"], c["reason"].replace("|", "\\|")))
            continue
        L.append("| %s | ran | %.4f | %.4f-%.4f | %s | %s | %s | %s | %s |" % (
            cfg, c["median_ms"], c["p20_ms"], c["p80_ms"],
            "%.2fx" % (c["median_ms"] / best_ms) if best_ms else "",
            *["" if c.get(k) is None else c.get(k) for k in ("registers", "spill_bytes", "shared_bytes")],
            "%.0f%%" % (100 * c["occupancy"]) if c.get("occupancy") is not None else ""))
    return L


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesmith", required=True)
    ap.add_argument("--out", default=os.path.join(ROOT, "out", "autotune"))
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--backend", default="cuda", help="interp: a dry run of the checks without a GPU")
    ap.add_argument("--no-bench", action="store_true")
    args = ap.parse_args()
    global BACKEND
    BACKEND = args.backend
    os.makedirs(args.out, exist_ok=True)
    env = dict(os.environ)
    env["TILESMITH_AUTOTUNE_CACHE_DIR"] = tempfile.mkdtemp(prefix="tsm-autotune-")

    L = ["# Autotune check", ""]
    checks = []
    results = {}
    for rnd in ("first", "second"):
        for name, path in PROGRAMS:
            results[(rnd, name)] = run(args.tilesmith, "test", path, args.out, "%s-test-%s" % (name, rnd),
                                       args.timeout, env)
    for name, path in PROGRAMS:
        first, second = results[("first", name)], results[("second", name)]
        t1, t2 = tunings(first["events"]), tunings(second["events"])
        tuned_s = sum(t["tuning_seconds"] for t in t1)
        compile_s = sum(t["compile_seconds"] for t in t1)
        L.append("## `tilesmith test %s` (%s)" % (os.path.relpath(path, ROOT), BACKEND))
        L.append("")
        L.append("- first run: exit %d, %.1f s wall, %d tunings (%s), %.2f s tuning of which %.2f s compiling "
                 "(all configs at once on %s threads)" % (
                     first["rc"], first["wall"], len(t1), ", ".join(sorted({t["kernel"] for t in t1})), tuned_s,
                     compile_s, ",".join(sorted({str(t["compile_threads"]) for t in t1}))))
        L.append("- second run (same cache): exit %d, %.1f s wall, %d choices from disk, %d tuned, %.2f s tuning" % (
            second["rc"], second["wall"], sum(t["source"] == "disk" for t in t2),
            sum(t["source"] == "tuned" for t in t2), sum(t["tuning_seconds"] for t in t2)))
        L.append("")
        checks.append(("%s: tests pass on %s (both runs)" % (name, BACKEND), first["rc"] == 0 and second["rc"] == 0))
        checks.append(("%s: second run tunes nothing" % name,
                       len(t2) == len(t1) and all(t["source"] == "disk" and t["tuning_seconds"] == 0 for t in t2)))
        builds = sum(c["compile_seconds"] for t in t1 for c in t["configs"])
        L.append("- compiling: %.2f s wall for builds that took %.2f s in all (configs built at once)" % (
            compile_s, builds))
        L.append("")
        last = {}
        for t in t1:
            last[t["kernel"]] = t  # each kernel's last (largest) key
        for t in last.values():
            L.append("### %s, key %s: tuned in %.2f s" % (t["kernel"], t["key"], t["tuning_seconds"]))
            L.append("")
            L.extend(table(t))
            L.append("")
            L.append("Measured by: " + t.get("measured_by", ""))
            L.append("")
        with open(os.path.join(args.out, "autotune-event-%s.json" % name), "w") as f:
            json.dump(t1[-1] if t1 else {}, f, indent=1)
    tr = [t for t in tunings(results[("first", "autotune")]["events"]) if t["kernel"] == "transpose_kernel"]
    big = [c for t in tr for c in t["configs"] if ("BLOCK_M", "256") in [tuple(kv) for kv in c["kwargs"]]]
    # At the 1x1 key the unit strides are specialized away and the tile needs no conversion.
    big_oor = [c for c in big if c["status"] == "out_of_resources" and "shared memory" in c["reason"]]
    checks.append(("transpose 256x256 config reported out_of_resources (shared memory) at %d of %d keys" % (
        len(big_oor), len(big)), len(big_oor) >= len(big) - 1 and len(big_oor) > 0))
    big = big_oor
    every = [t for name, _ in PROGRAMS for t in tunings(results[("first", name)]["events"])]
    checks.append(("every report lists every config (%s)" % ", ".join(
        "%s %d" % (k, n) for k, n in sorted(CONFIGS.items())),
                   bool(every) and all(len(t["configs"]) == CONFIGS.get(t["kernel"], -1) for t in every)))
    if big:
        L.append("The 256x256 transpose config: `%s`" % big[0]["reason"])
        L.append("")

    for name, path in ([] if args.no_bench else PROGRAMS):
        b = run(args.tilesmith, "bench", path, args.out, "%s-bench" % name, args.timeout, env)
        L.append("## `tilesmith bench %s` (%s): exit %d, %.1f s" % (os.path.relpath(path, ROOT), BACKEND, b["rc"],
                                                                    b["wall"]))
        L.append("")
        for e in b["events"]:
            if e.get("event") == "benchmark_table":
                L.append("```")
                L.append(e["text"].rstrip())
                L.append("```")
        t = tunings(b["events"])
        L.append("")
        L.append("%d tunings during the benchmark (%d from disk), %.1f s tuning in all" % (
            len(t), sum(x["source"] == "disk" for x in t), sum(x["tuning_seconds"] for x in t)))
        if t:
            big_key = t[-1]
            L.append("")
            L.append("### %s at its largest key %s" % (big_key["kernel"], big_key["key"]))
            L.append("")
            L.extend(table(big_key))
        L.append("")
        checks.append(("%s: benchmark ran" % name, b["rc"] == 0))

    # The same files under real Python + Triton (its own autotuner), for the same-run comparison.
    for name, path in ([] if args.no_bench or BACKEND != "cuda" else PROGRAMS):
        t0 = time.time()
        try:
            p = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=args.timeout,
                               cwd=os.path.dirname(path))
            text, rc = p.stdout + p.stderr[-3000:], p.returncode
        except subprocess.TimeoutExpired:
            text, rc = "timed out", 124
        with open(os.path.join(args.out, "triton-%s.txt" % name), "w") as f:
            f.write(text)
        L.append("## Real Triton: `python3 %s`: exit %d, %.1f s" % (os.path.relpath(path, ROOT), rc, time.time() - t0))
        L.append("")
        L.append("```")
        L.append(text.strip()[-4000:])
        L.append("```")
        L.append("")
    L.insert(2, "| check | result |")
    L.insert(3, "|---|---|")
    for i, (what, ok) in enumerate(checks):
        L.insert(4 + i, "| %s | %s |" % (what, "PASS" if ok else "FAIL"))
    L.insert(4 + len(checks), "")
    with open(os.path.join(args.out, "autotune.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    print("\n".join(L))
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
