#!/usr/bin/env python3
"""The body of scripts/gpu-check (shared/design/GPU.md "One script, one call"): on the GPU machine,
build the `tilesmith` CLI, then

  1. `tilesmith devices --json`                      -> the device and its copy bandwidth
  2. differential tests: every tests/programs/*.py (not fail_*), resources/examples/*.py and
     bench/gpu/*.py under `tilesmith test --backend cuda` and `--backend interp`
  3. numerics: fp32 math (exp, sqrt, division, erf, ...) on the oracle's 4096 inputs, bit for bit
     against real Triton's recorded outputs (scripts/gpu/numerics.py; tests/data/oracle/
     triton_numerics.json); libdevice's other functions, fp16 / bf16 division and exp and denormal
     arguments against real Triton run live on the same programs (about 10 s on the H200)
  4. the device copy bandwidth as PyTorch reaches it (scripts/gpu/triton_copy_bandwidth.py)
  5. benchmarks: every bench/gpu/*.py under real Triton (scripts/gpu/triton_bench.py) and under
     `tilesmith bench --backend cuda`, ratios per kernel and size (GB/s rows also as a fraction of
     the copy bandwidth; TFLOP/s rows, bench/gpu/matmul.py, also against PyTorch's cuBLAS line)
  6. compile time of the seed's swish: Triton cold (empty TRITON_CACHE_DIR, fresh process) vs
     `tilesmith emit --timings` cold (empty TILESMITH_CACHE_DIR) and cached

and write $OUT/report.json (everything), $OUT/summary.md (the tables) and $OUT/logs/ (one log per
command). Every step is timed and logged; a failing step never stops the next one; report.json
and summary.md are rewritten after every step, so a run cut short still leaves what it measured.
Standard library only (the machine has no network).

Environment (all optional):
  OUT                      where results go (default: <repo>/out/gpu-check)
  TSM_COMMIT               the commit measured (preferred over git: the device copy's git
                           metadata can be stale)
  TSM_GPU_CHECK_BUDGET_S   seconds for the whole run (default 560: the device allows 600 s a call); steps are cut to fit
  TSM_GPU_CHECK_STEPS      comma list of steps to run (default all):
                           build,devices,differential,numerics,special,copy,bench,compile,profile,
                           autotune
  TSM_TILESMITH            use this tilesmith binary instead of building one
  TSM_GPU_BUILD_DIR        build folder (default /tmp/tsm-gpu-build)
  TSM_CMAKE_ARGS           extra cmake configure arguments (split on spaces)
  TSM_BACKENDS             backends of the differential step (default "cuda,interp")
  TSM_NUMERICS_BACKENDS    backends of the numerics step (default "cuda,interp,triton", triton:
                           the same programs under real Python + Triton; "interp" alone
                           checks the generated programs without a GPU)
  TSM_BENCH_BACKEND        backend for `tilesmith bench` (default cuda; interp for local tests)
  TSM_BENCH_DIR            folder of benchmark programs (default <repo>/bench/gpu)
  TSM_BENCH_ROUNDS         alternating Triton/Tilesmith rounds per benchmark file, best of each
                           side kept (default 2)
  TSM_DEPS_ZLIB=force      use zlib.h from gpu-deps even where the system has one (to test that)
"""

import concurrent.futures
import datetime
import glob
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.abspath(os.environ.get("OUT") or os.path.join(ROOT, "out", "gpu-check"))
LOGS = os.path.join(OUT, "logs")
BUDGET = float(os.environ.get("TSM_GPU_CHECK_BUDGET_S", "560"))
T0 = time.monotonic()
ALL_STEPS = ["build", "devices", "differential", "numerics", "special", "copy", "bench", "compile", "profile",
             "autotune"]
STEPS = [s.strip() for s in os.environ.get("TSM_GPU_CHECK_STEPS", ",".join(ALL_STEPS)).split(",") if s.strip()]
# Seconds each later step is guaranteed when an earlier one could run long; an earlier step's
# timeouts are cut so that these remain.
RESERVE = {"devices": 10, "differential": 45, "numerics": 40, "special": 30, "copy": 10, "bench": 100, "compile": 30,
           "profile": 40, "autotune": 60}
CUDA_LIB_DIRS = [d for d in ("/usr/local/cuda/lib64", "/usr/local/cuda/lib") if os.path.isdir(d)]
PER_FILE_FLOOR = 25  # seconds each benchmark file not yet run keeps (both sides)
# Seconds a benchmark file's real-Triton round may take (default 60): matmul.py's tests and
# benchmarks autotune 8 configs per specialization, each a 1.6-1.9 s cold Triton compile.
BENCH_TRITON_CAP = {"matmul": 150}
LOG_CAP = 1 << 20  # bytes of stdout (and of stderr) kept per log
# The order benchmarks run in: the headline kernels first, in case time runs short.
BENCH_ORDER = ["matmul", "softmax", "layernorm_swish_fp16", "swish", "vector_add", "rms_norm", "cross_entropy",
               "gelu_fp16", "outer_add", "transpose_copy"]
SWISH_SIGNATURE = "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE=1024"

report = {"tool": "scripts/gpu-check", "started_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(),
          "budget_seconds": BUDGET, "steps": {}}
_lock = threading.Lock()


def elapsed():
    return time.monotonic() - T0


def remaining():
    return BUDGET - elapsed()


def reserve_after(step):
    later = ALL_STEPS[ALL_STEPS.index(step) + 1:]
    return sum(RESERVE.get(s, 0) for s in later if s in STEPS)


def step_timeout(step, wanted):
    """`wanted` seconds, or less so that the steps after `step` keep their reserve."""
    return max(1.0, min(wanted, remaining() - reserve_after(step) - 5))


def rel(path):
    return os.path.relpath(path, ROOT) if path.startswith(ROOT) else path


def log_name(text):
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_")[:120]


def run(cmd, log, timeout, env=None, cwd=ROOT):
    """Runs `cmd` with a timeout (killing its whole process group), logs it to logs/<log>.log and
    returns {rc, seconds, timed_out, stdout, stderr}. Never raises."""
    full_env = dict(os.environ)
    if os.path.basename(cmd[0]) == "tilesmith" and CUDA_LIB_DIRS:
        # NVRTC dlopens its builtins library by name; the binary's RUNPATH does not cover that.
        # Only for tilesmith: PyTorch must keep loading the CUDA libraries of its own wheels.
        full_env["LD_LIBRARY_PATH"] = ":".join(CUDA_LIB_DIRS + [p for p in [full_env.get("LD_LIBRARY_PATH")] if p])
    full_env.update(env or {})
    start = time.monotonic()
    res = {"cmd": cmd, "rc": None, "timed_out": False, "stdout": "", "stderr": ""}
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=max(timeout, 0.5))
        except subprocess.TimeoutExpired:
            res["timed_out"] = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            out, err = proc.communicate()
        res["rc"] = proc.returncode
        res["stdout"] = out.decode("utf-8", "replace")
        res["stderr"] = err.decode("utf-8", "replace")
    except OSError as e:
        res["stderr"] = "could not start: %s" % e
    res["seconds"] = round(time.monotonic() - start, 3)
    try:
        os.makedirs(LOGS, exist_ok=True)
        with open(os.path.join(LOGS, log_name(log) + ".log"), "w") as f:
            f.write("# command: %s\n" % " ".join(cmd))
            if env:
                f.write("# env: %s\n" % " ".join("%s=%s" % kv for kv in sorted(env.items())))
            f.write("# exit status: %s%s, %.2f s\n" % (res["rc"], " (timed out after %.0f s)" % timeout
                                                        if res["timed_out"] else "", res["seconds"]))
            f.write("# ---- stdout ----\n")
            f.write(res["stdout"][-LOG_CAP:])
            f.write("\n# ---- stderr ----\n")
            f.write(res["stderr"][-LOG_CAP:])
    except OSError:
        pass
    return res


def brief(res):
    """The parts of a run() result that go into report.json."""
    return {k: res[k] for k in ("rc", "seconds", "timed_out")}


def tail(text, n=1500):
    return text[-n:] if text else ""


def json_lines(text):
    events = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                events.append(json.loads(line))
            except ValueError:
                pass
    return events


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def save():
    with _lock:
        report["elapsed_seconds"] = round(elapsed(), 1)
        try:
            tmp = os.path.join(OUT, "report.json.tmp")
            with open(tmp, "w") as f:
                json.dump(report, f, indent=1, sort_keys=False, default=str)
            os.replace(tmp, os.path.join(OUT, "report.json"))
            with open(os.path.join(OUT, "summary.md"), "w") as f:
                f.write(safe_summary())
        except Exception as e:  # a report that cannot be written must not stop the run
            sys.stderr.write("gpu-check: could not write the report: %r\n" % e)


def step(name):
    """Decorator: runs a step if selected, times it, records an exception as the step's error."""

    def wrap(fn):
        def runner(*args):
            if name not in STEPS:
                report["steps"][name] = {"status": "not selected"}
                return None
            print("gpu-check: [%5.0f s] %s ..." % (elapsed(), name), flush=True)
            entry = report["steps"].setdefault(name, {})
            entry["status"] = "running"
            start = time.monotonic()
            result = None
            try:
                result = fn(*args)
                entry["status"] = entry.get("status_override", "done")
            except Exception:
                import traceback
                entry["status"] = "error"
                entry["error"] = traceback.format_exc()[-3000:]
            entry.pop("status_override", None)
            entry["seconds"] = round(time.monotonic() - start, 2)
            print("gpu-check: [%5.0f s] %s: %s (%.1f s)" % (elapsed(), name, entry["status"], entry["seconds"]),
                  flush=True)
            save()
            return result

        return runner

    return wrap


# ---------------------------------------------------------------------------------------------
# Environment and build


def describe_machine():
    m = {"nproc": os.cpu_count()}
    r = run(["nvidia-smi", "--query-gpu=name,driver_version,compute_cap,memory.total,clocks.sm,clocks.max.sm,"
             "clocks.mem,temperature.gpu,power.draw", "--format=csv,noheader"], "env_nvidia-smi", 20)
    if r["rc"] == 0 and r["stdout"].strip():
        m["nvidia_smi"] = r["stdout"].strip().splitlines()[0]
        parts = [p.strip() for p in m["nvidia_smi"].split(",")]
        if len(parts) >= 3 and re.fullmatch(r"\d+\.\d+", parts[2]):
            m["gpu_name"] = parts[0]
            m["compute_capability"] = parts[2]
    else:
        m["nvidia_smi"] = "unavailable: " + tail(r["stderr"], 200).strip()
    for key, cmd in (("cxx", ["c++", "--version"]), ("cmake", ["cmake", "--version"]),
                     ("nvcc", ["/usr/local/cuda/bin/nvcc", "--version"])):
        r = run(cmd, "env_" + key, 20)
        lines = [l for l in r["stdout"].splitlines() if l.strip()]
        m[key] = (lines[0] if key != "nvcc" else lines[-1]) if r["rc"] == 0 and lines else None
    try:
        with open("/proc/cpuinfo") as f:
            names = [l.split(":", 1)[1].strip() for l in f if l.startswith("model name")]
        m["cpu"] = names[0] if names else None
    except OSError:
        m["cpu"] = None
    m["python"] = sys.version.split()[0]
    return m


def commit():
    # TSM_COMMIT wins: the device's copy of the working tree may carry stale git metadata (seen
    # on 2026-11-30: HEAD two commits behind the files), while the caller knows what it sent.
    if os.environ.get("TSM_COMMIT"):
        return {"commit": os.environ["TSM_COMMIT"], "source": "TSM_COMMIT"}
    r = run(["git", "rev-parse", "HEAD"], "env_git", 10)
    info = {}
    if r["rc"] == 0 and re.fullmatch(r"[0-9a-f]{40}", r["stdout"].strip()):
        info["commit"] = r["stdout"].strip()
        s = run(["git", "status", "--porcelain", "--untracked-files=no"], "env_git_status", 10)
        info["modified_files"] = len([l for l in s["stdout"].splitlines() if l.strip()]) if s["rc"] == 0 else None
        info["source"] = "git"
    else:
        info["commit"] = None
        info["source"] = "unknown (not a git checkout and no TSM_COMMIT)"
    return info


def extract_deb(deb, prefix):
    r = run(["dpkg", "-x", deb, prefix], "build_extract_" + os.path.basename(deb), 60)
    if r["rc"] == 0:
        return True
    # No dpkg: a .deb is an ar archive holding data.tar.*.
    tmp = tempfile.mkdtemp(prefix="tsm-deb-")
    r = run(["ar", "x", os.path.abspath(deb)], "build_ar_" + os.path.basename(deb), 60, cwd=tmp)
    data = glob.glob(os.path.join(tmp, "data.tar*"))
    if r["rc"] != 0 or not data:
        return False
    return run(["tar", "-xf", data[0], "-C", prefix], "build_tar_" + os.path.basename(deb), 60)["rc"] == 0


def zlib_args(prefix):
    """FindZLIB arguments: the system's zlib when its headers exist, else the header from the
    zlib1g-dev .deb with the system's libz.so.1 (every Ubuntu has the runtime), else its libz.a."""
    if os.path.exists("/usr/include/zlib.h") and os.environ.get("TSM_DEPS_ZLIB") != "force":
        return [], "system"
    header_dir = os.path.join(prefix, "usr", "include")
    if not os.path.exists(os.path.join(header_dir, "zlib.h")):
        return [], "no zlib.h anywhere (configure will fail)"
    libs = [p for p in ("/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1",
                        "/usr/lib64/libz.so.1") if os.path.exists(p)]
    libs += glob.glob(os.path.join(prefix, "usr", "lib", "*", "libz.a"))
    if not libs:
        return ["-DZLIB_INCLUDE_DIR=" + header_dir], "header from gpu-deps, no library found"
    return ["-DZLIB_INCLUDE_DIR=" + header_dir, "-DZLIB_LIBRARY=" + libs[0]], "header from gpu-deps, " + libs[0]


@step("build")
def build_step():
    entry = report["steps"]["build"]
    build = os.environ.get("TSM_GPU_BUILD_DIR", "/tmp/tsm-gpu-build")
    prefix = os.path.join(tempfile.gettempdir(), "tsm-gpu-deps")
    entry["build_dir"] = build
    debs = sorted(glob.glob(os.path.join(ROOT, "gpu-deps", "*.deb")))
    entry["debs"] = [os.path.basename(d) for d in debs]
    shutil.rmtree(prefix, ignore_errors=True)
    os.makedirs(prefix, exist_ok=True)
    entry["extracted"] = {os.path.basename(d): extract_deb(d, prefix) for d in debs}
    cache = os.path.join(build, "CMakeCache.txt")
    if os.path.exists(cache):
        with open(cache, errors="replace") as f:
            if ("CMAKE_HOME_DIRECTORY:INTERNAL=%s\n" % ROOT) not in f.read():
                shutil.rmtree(build, ignore_errors=True)
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    zargs, entry["zlib"] = zlib_args(prefix)
    configure = ["cmake", "-S", ROOT, "-B", build] + generator + [
        "-DCMAKE_BUILD_TYPE=Release", "-DTILESMITH_GUI=OFF", "-DTILESMITH_TESTS=OFF", "-DTILESMITH_BENCH=OFF",
        "-DCMAKE_PREFIX_PATH=" + os.path.join(prefix, "usr"),
        # The .debs' CMake package files predate CMake 4, which refuses policy versions < 3.5.
        "-DCMAKE_POLICY_VERSION_MINIMUM=3.5"] + zargs
    if os.path.isdir("/usr/local/cuda"):
        configure.append("-DCUDAToolkit_ROOT=/usr/local/cuda")
    configure += os.environ.get("TSM_CMAKE_ARGS", "").split()
    r = run(configure, "build_configure", step_timeout("build", 120))
    entry["configure"] = brief(r)
    if r["rc"] != 0:
        entry["status_override"] = "failed"
        entry["configure"]["output_tail"] = tail(r["stdout"] + r["stderr"], 3000)
        return None
    jobs = str(os.cpu_count() or 4)
    # Without a binary nothing else can run, so the build may eat into the later steps' reserves
    # (they get what is left; 120 s keep the Triton half and a few Tilesmith runs possible).
    r = run(["cmake", "--build", build, "-j", jobs, "--target", "tilesmith"], "build_compile",
            max(60.0, min(420.0, remaining() - 120)))
    entry["compile"] = brief(r)
    binary = os.path.join(build, "app", "cli", "tilesmith")
    if r["rc"] != 0 or not os.path.exists(binary):
        entry["status_override"] = "failed"
        errors = [l for l in (r["stdout"] + r["stderr"]).splitlines() if "error" in l.lower()]
        entry["compile"]["errors"] = errors[:40]
        entry["compile"]["output_tail"] = tail(r["stdout"] + r["stderr"], 3000)
        return None
    v = run([binary, "--version"], "build_version", 10)
    entry["version"] = v["stdout"].strip()
    return binary


# ---------------------------------------------------------------------------------------------
# devices


def find_keys(obj, pred, path=""):
    """(path, value) of every member whose key satisfies pred, anywhere in a JSON value."""
    found = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            p = path + "." + k if path else k
            if pred(k) and isinstance(v, (int, float)) and not isinstance(v, bool):
                found.append((p, v))
            found += find_keys(v, pred, p)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += find_keys(v, pred, "%s[%d]" % (path, i))
    return found


@step("devices")
def devices_step(tsm):
    entry = report["steps"]["devices"]
    if not tsm:
        entry["status_override"] = "skipped (no tilesmith binary)"
        return
    r = run([tsm, "devices", "--json"], "devices_json", step_timeout("devices", 60))
    entry["run"] = brief(r)
    text = r["stdout"].strip()
    parsed = None
    try:
        parsed = json.loads(text)
    except ValueError:
        lines = json_lines(text)
        parsed = lines if lines else None
    entry["json"] = parsed
    if parsed is None:
        entry["raw"] = tail(text + "\n" + r["stderr"], 3000)
        if r["rc"] != 0:
            entry["status_override"] = "failed"
    bw = find_keys(parsed, lambda k: "bandwidth" in k.lower() or "gbps" in k.lower() or "gb_s" in k.lower())
    # A copy bandwidth, not a peak or another bandwidth, when the output names one.
    bw.sort(key=lambda kv: "copy" not in kv[0].lower())
    entry["copy_bandwidth_candidates"] = bw
    if bw:
        entry["copy_gbps"] = bw[0][1]


# ---------------------------------------------------------------------------------------------
# differential tests


def program_list():
    progs = [p for p in sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.py")))
             if not os.path.basename(p).startswith("fail_")]
    progs += sorted(glob.glob(os.path.join(ROOT, "resources", "examples", "*.py")))
    progs += sorted(glob.glob(os.path.join(bench_dir(), "*.py")))
    # tests/gpu's pytest-style programs (reductions, scans, RNG against the oracle, atomics, dot);
    # the others there are run by the "special" step.
    progs += [p for p in sorted(glob.glob(os.path.join(ROOT, "tests", "gpu", "*.py")))
              if "def test_" in open(p).read()]
    return progs


def parse_test_run(res):
    """Outcome per test case from `tilesmith test --json` (docs/run-events.md)."""
    cases, order, program_diags = {}, [], []
    current = None
    finished = None
    case_diags = {}
    for e in json_lines(res["stdout"]):
        kind = e.get("event")
        if kind == "test_started":
            current = e.get("name")
            case_diags[current] = []
        elif kind == "diagnostic":
            d = {"kind": e.get("kind"), "message": (e.get("message") or "")[:400], "line": e.get("line"),
                 "file": os.path.basename(e.get("file") or "")}
            (case_diags.setdefault(current, []) if current else program_diags).append(d)
        elif kind == "test_finished":
            name = e.get("name")
            diags = case_diags.get(name, [])
            if e.get("skipped"):
                outcome = "skipped"
            elif e.get("passed"):
                outcome = "passed"
            elif any(d["kind"] == "UnsupportedOnBackend" for d in diags):
                outcome = "not_yet"
            else:
                outcome = "failed"
            cases[name] = {"outcome": outcome, "seconds": e.get("seconds")}
            if diags and outcome != "passed":
                cases[name]["diagnostics"] = diags[:3]
            order.append(name)
            current = None
        elif kind == "finished":
            finished = e
    out = {"rc": res["rc"], "seconds": res["seconds"], "timed_out": res["timed_out"], "cases": cases}
    if current:
        out["unfinished_test"] = current
    counts = {k: 0 for k in ("passed", "failed", "skipped", "not_yet")}
    for c in cases.values():
        counts[c["outcome"]] += 1
    out["counts"] = counts
    if program_diags:
        out["diagnostics"] = program_diags[:5]
    if res["timed_out"]:
        out["status"] = "timeout"
    elif finished is None:
        out["status"] = "crashed" if res["rc"] is None or res["rc"] < 0 or res["rc"] > 2 else "no finished event"
        out["stderr_tail"] = tail(res["stderr"], 1500)
    elif any(d["kind"] == "CudaUnavailable" for d in program_diags):
        out["status"] = "cuda unavailable"
    elif not cases and any(d["kind"] == "UnsupportedOnBackend" for d in program_diags):
        out["status"] = "not yet"
    elif finished.get("passed") and counts["failed"] == 0:
        out["status"] = "passed"
    elif counts["failed"] == 0 and counts["not_yet"] and all(
            d["kind"] == "UnsupportedOnBackend" for d in program_diags):
        out["status"] = "not yet (some cases)"
    else:
        out["status"] = "failed"
    return out


def compare(runs):
    """Program verdict from the cuda and interp runs."""
    cuda, interp = runs.get("cuda"), runs.get("interp")
    if cuda is None:
        return {"verdict": "not run", "agree": None}
    if cuda["status"] in ("cuda unavailable", "timeout", "crashed", "no finished event"):
        why = cuda["status"]
        if cuda.get("unfinished_test"):
            why += " during " + cuda["unfinished_test"]
        if cuda["status"] != "timeout":
            rc = cuda.get("rc")
            why += " (%s)" % ("signal %d" % -rc if isinstance(rc, int) and rc < 0 else "exit %s" % rc)
            last = [l for l in (cuda.get("stderr_tail") or "").splitlines() if l.strip()][-1:]
            first = (cuda.get("diagnostics") or [None])[0]
            if last or first:
                why += ": " + (last[0] if last else "%s: %s" % (first.get("kind"), first.get("message")))
        return {"verdict": "FAIL" if cuda["status"] != "cuda unavailable" else "cuda unavailable",
                "agree": None, "why": why}
    if cuda["status"] == "not yet":
        return {"verdict": "not yet", "agree": None, "why": "UnsupportedOnBackend before any test ran"}
    if not cuda["cases"]:
        first = (cuda.get("diagnostics") or [{}])[0]
        return {"verdict": "FAIL", "agree": None,
                "why": "no test ran on cuda (exit %s): %s: %s" % (cuda["rc"], first.get("kind"), first.get("message"))}
    why, agree, gpu_only = [], None, []
    if interp is not None and interp["status"] not in ("timeout", "crashed", "no finished event"):
        names = sorted(set(cuda["cases"]) | set(interp["cases"]))
        differ = []
        for n in names:
            a = cuda["cases"].get(n, {}).get("outcome", "missing")
            b = interp["cases"].get(n, {}).get("outcome", "missing")
            if a == "not_yet":
                continue
            if a == "passed" and b == "skipped":
                gpu_only.append(n)  # the test skips itself on the interpreter (a GPU-only check)
                continue
            if a != b:
                differ.append("%s: cuda %s, interp %s" % (n, a, b))
        agree = not differ
        if differ:
            why.append("outcomes differ: " + "; ".join(differ[:5]))
    elif interp is not None:
        why.append("interp run " + interp["status"])
    c = cuda["counts"]
    if c["failed"]:
        failed = [n for n, v in cuda["cases"].items() if v["outcome"] == "failed"]
        why.append("cuda failed: " + ", ".join(failed[:5]))
    if cuda["status"] == "failed" and not c["failed"]:
        first = (cuda.get("diagnostics") or [{}])[0]
        why.append("cuda run failed outside the tests (exit %s): %s: %s" % (cuda["rc"], first.get("kind"),
                                                                           first.get("message")))
    if why:
        verdict = "FAIL"
    elif c["not_yet"]:
        verdict = "not yet"
    else:
        verdict = "pass"
    if gpu_only:
        why.append("passed on cuda, skipped by the test on interp: " + ", ".join(gpu_only[:5]))
    return {"verdict": verdict, "agree": agree, "why": "; ".join(why)}


@step("differential")
def differential_step(tsm):
    entry = report["steps"]["differential"]
    backends = [b.strip() for b in os.environ.get("TSM_BACKENDS", "cuda,interp").split(",") if b.strip()]
    programs = program_list() if tsm else []
    cpus = os.cpu_count() or 4
    workers = max(2, min(8, cpus // 2))
    threads = str(max(1, cpus // workers))
    deadline = time.monotonic() + step_timeout("differential", 150)
    entry.update({"backends": backends, "workers": workers, "interp_threads": threads, "programs": {},
                  "python_unchanged": {}})
    # The benchmark files also run unchanged under real Python (test + the printed table), as
    # their contract says; nothing is timed here, so they may share the GPU with the tests.
    jobs = [(p, "python") for p in bench_files()] + [(p, b) for p in programs for b in backends]

    def one(job):
        try:
            return run_one(job)
        except Exception:  # a bug here must cost one program, not the step
            import traceback
            return job, {"status": "crashed", "rc": None, "error": traceback.format_exc()[-1500:], "cases": {},
                         "counts": {}, "seconds": None, "timed_out": False}

    def run_one(job):
        path, backend = job
        left = deadline - time.monotonic()
        if left < 3:
            return job, {"status": "not run (out of time)", "cases": {}, "counts": {}}
        if backend == "python":
            res = run([sys.executable, path], "unchanged_python_%s" % rel(path), min(150.0, left))
            return job, dict(brief(res), status="passed" if res["rc"] == 0 else
                             "timeout" if res["timed_out"] else "failed", output_tail=tail(res["stdout"], 1500),
                             stderr_tail=tail(res["stderr"], 1500) if res["rc"] != 0 else "")
        env = {"TILESMITH_INTERP_THREADS": threads} if backend == "interp" else {}
        res = run([tsm, "test", path, "--backend", backend, "--json"], "diff_%s_%s" % (backend, rel(path)),
                  min(90.0, left), env=env)
        return job, parse_test_run(res)

    results = {}

    def update():
        totals = {"pass": 0, "not yet": 0, "FAIL": 0}
        for name in [rel(p) for p in programs]:
            runs = results.get(name, {})
            verdict = compare(runs)
            entry["programs"][name] = dict(verdict, runs=runs)
            totals[verdict["verdict"]] = totals.get(verdict["verdict"], 0) + 1
        entry["totals"] = totals

    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        for future in concurrent.futures.as_completed([pool.submit(one, job) for job in jobs]):
            (path, backend), res = future.result()
            with _lock:
                if backend == "python":
                    entry["python_unchanged"][rel(path)] = res
                else:
                    results.setdefault(rel(path), {})[backend] = res
                update()
            save()  # a run cut off later still reports the programs done so far
    if not tsm:
        entry["status_override"] = "tilesmith tests skipped (no tilesmith binary)"


# ---------------------------------------------------------------------------------------------
# numerics


@step("numerics")
def numerics_step(tsm):
    """scripts/gpu/numerics.py: per op and backend, mismatches against real Triton's bits."""
    entry = report["steps"]["numerics"]
    if not tsm:
        entry["status_override"] = "skipped (no tilesmith binary)"
        return
    backends = os.environ.get("TSM_NUMERICS_BACKENDS", "cuda,interp,triton")
    raw = os.path.join(OUT, "raw", "numerics.json")
    timeout = step_timeout("numerics", 90)
    r = run([sys.executable, os.path.join(ROOT, "scripts", "gpu", "numerics.py"), "--tilesmith", tsm,
             "--backends", backends, "--json", raw, "--jobs", str(max(2, min(6, (os.cpu_count() or 4) // 2))),
             "--timeout", "%.0f" % max(5.0, min(60.0, timeout - 5))], "numerics", timeout)
    entry["run"] = brief(r)
    data = read_json(raw)
    if data is None:
        entry["status_override"] = "failed"
        entry["output_tail"] = tail(r["stdout"] + "\n" + r["stderr"], 3000)
        return
    entry["backends"] = data.get("backends")
    entry["interp_ulps"] = data.get("interp_ulps")
    entry["table"] = data.get("table")
    ops, totals = {}, {}
    for name, op in (data.get("ops") or {}).items():
        row = {"expression": op.get("expression"), "dtype": op.get("dtype"), "reference": op.get("oracle")}
        for b, res in (op.get("backends") or {}).items():
            cmp = res.get("vs_triton") or res.get("vs_triton_live") or res.get("vs_interp")
            cell = {"status": res.get("status")}
            if cmp:
                cell.update({k: cmp.get(k) for k in ("mismatches", "compared", "max_ulps", "with_denormal")})
                cell["first"] = cmp.get("first", [])[:3]
                t = totals.setdefault(b, {"ops": 0, "exact": 0, "mismatched": 0})
                t["ops"] += 1
                t["exact" if cmp.get("mismatches") == 0 else "mismatched"] += 1
            elif res.get("diagnostics"):
                cell["diagnostics"] = res["diagnostics"][:2]
            row[b] = cell
        ops[name] = row
    entry["ops"] = ops
    entry["totals"] = totals
    if r["rc"] != 0:
        entry["status_override"] = "done (some programs did not run)" if not r["timed_out"] else "timeout"


# ---------------------------------------------------------------------------------------------
# copy bandwidth and benchmarks


def bench_dir():
    return os.path.abspath(os.environ.get("TSM_BENCH_DIR") or os.path.join(ROOT, "bench", "gpu"))


def bench_files():
    files = sorted(glob.glob(os.path.join(bench_dir(), "*.py")))
    rank = {n: i for i, n in enumerate(BENCH_ORDER)}
    return sorted(files, key=lambda f: (rank.get(os.path.basename(f)[:-3], len(rank)), f))


def special_checks(tsm):
    """(name, command, check(res) -> (ok, what)) for the GPU programs that are not test files."""
    gpu = lambda name: os.path.join(ROOT, "tests", "gpu", name)

    def events(res):
        return json_lines(res["stdout"])

    def assert_failed(res):
        ev = [e for e in events(res) if e.get("kind") == "DeviceAssertFailed"]
        ok = res["rc"] == 1 and any(e.get("line") == 25 and "program (2, 0, 0)" in (e.get("message") or "")
                                    for e in ev)
        return ok, (ev[0].get("message") if ev else "no DeviceAssertFailed event")

    def assert_unchecked(res):
        ev = [e for e in events(res) if e.get("kind") == "DeviceAssertUnchecked"]
        return res["rc"] == 0 and bool(ev), (ev[0].get("message") if ev else "no DeviceAssertUnchecked note")

    def fault_caught(res):
        # The program catches both errors (as Python would) and prints them.
        out = res["stdout"]
        first = [l for l in out.splitlines() if "first launch:" in l]
        second = [l for l in out.splitlines() if "second launch:" in l]
        ok = (res["rc"] == 0 and first and "scatter_far" in first[0] and "illegal memory access" in first[0]
              and second and "context was lost" in second[0])
        return ok, " / ".join(first + second)[:600] or "no 'first launch:' line"

    def fault(res):
        ev = [e for e in events(res) if e.get("kind") == "CudaLaunchFailed"]
        ok = res["rc"] == 1 and any("scatter_far" in (e.get("message") or "") for e in ev)
        return ok, (ev[0].get("message") if ev else "no CudaLaunchFailed event")

    def all_true(res):
        lines = [l for l in res["stdout"].splitlines() if l.rstrip().endswith(("True", "False"))]
        return res["rc"] == 0 and lines and all(l.rstrip().endswith("True") for l in lines), " / ".join(lines)[:600]

    return [
        ("device_assert --debug", [tsm, "run", gpu("device_assert.py"), "--backend", "cuda", "--debug", "--json"],
         assert_failed),
        ("device_assert release", [tsm, "run", gpu("device_assert.py"), "--backend", "cuda", "--json"],
         assert_unchecked),
        ("illegal address, caught", [tsm, "run", gpu("fault_illegal_address.py"), "--backend", "cuda", "--json"],
         fault_caught),
        ("illegal address", [tsm, "run", gpu("fault_uncaught.py"), "--backend", "cuda", "--json"], fault),
        ("do_bench_cudagraph", [tsm, "run", gpu("bench_cudagraph.py"), "--backend", "cuda"], all_true),
    ]


@step("special")
def special_step(tsm):
    """GPU programs whose point is a failure or a printed fact: a device_assert with and without
    --debug, an illegal address, do_bench_cudagraph's graph capture."""
    entry = report["steps"]["special"]
    entry["checks"] = {}
    for name, cmd, check in special_checks(tsm) if tsm else []:
        res = run(cmd, "special_" + log_name(name), min(60.0, max(5.0, step_timeout("special", 120) / 4)))
        ok, what = check(res)
        entry["checks"][name] = dict(brief(res), ok=bool(ok), what=what,
                                     output_tail=tail(res["stdout"] + res["stderr"], 1500))
        save()


@step("copy")
def copy_step():
    entry = report["steps"]["copy"]
    path = os.path.join(OUT, "raw", "copy_bandwidth.json")
    r = run([sys.executable, os.path.join(ROOT, "scripts", "gpu", "triton_copy_bandwidth.py"), path],
            "copy_bandwidth_torch", step_timeout("copy", 60))
    entry["run"] = brief(r)
    data = read_json(path)
    entry["torch"] = data
    if not data or "copy_gbps" not in data:
        entry["status_override"] = "failed"
        entry["output_tail"] = tail(r["stdout"] + r["stderr"], 2000)


def tilesmith_points(res):
    points, diags, tables = [], [], []
    for e in json_lines(res["stdout"]):
        if e.get("event") == "benchmark_point":
            points.append({k: e.get(k) for k in ("benchmark", "x_name", "x", "line", "value", "min", "max",
                                                 "unit", "measured_by")})
        elif e.get("event") == "diagnostic":
            diags.append({"kind": e.get("kind"), "message": (e.get("message") or "")[:600], "line": e.get("line")})
        elif e.get("event") == "benchmark_table":
            tables.append(e.get("text"))
    return points, diags, tables


BENCH_ROUNDS = max(1, int(os.environ.get("TSM_BENCH_ROUNDS", "2")))


def best_points(runs):
    """One point per (benchmark, x, line): the best value over the rounds (the lowest time or
    the highest throughput), with every round's value kept under "rounds"."""
    best = {}
    for points in runs:
        for p in points:
            key = (p.get("benchmark"), p.get("x"), p.get("line"))
            v = p.get("value")
            lower_is_better = (p.get("unit") or "").strip().lower() in ("ms", "us", "s", "ns")
            cur = best.get(key)
            if cur is None:
                best[key] = dict(p, rounds=[v])
                continue
            cur["rounds"].append(v)
            if v is not None and (cur.get("value") is None
                                  or (v < cur["value"] if lower_is_better else v > cur["value"])):
                best[key] = dict(p, rounds=cur["rounds"])
    return list(best.values())


@step("bench")
def bench_step(tsm):
    entry = report["steps"]["bench"]
    entry["files"] = {}
    backend = os.environ.get("TSM_BENCH_BACKEND", "cuda")
    entry["tilesmith_backend"] = backend
    files = bench_files()
    for i, path in enumerate(files):
        name = os.path.basename(path)[:-3]
        f = entry["files"][name] = {"file": rel(path)}
        # Each file after this one keeps PER_FILE_FLOOR seconds (or a fair share when less is
        # left), so that a hang in one file costs the others time but never all of it.
        def budget(cap):
            avail, left = step_timeout("bench", 600), len(files) - i
            return min(cap, max(avail / left, avail - PER_FILE_FLOOR * (left - 1)))
        if budget(120) < 10:
            f["status"] = "not run (out of time)"
            continue
        # BENCH_ROUNDS alternating rounds (Triton, Tilesmith, Triton, ...), each side's best per
        # point: clock and thermal drift between two back-to-back processes is otherwise as
        # large as the differences being measured (+-8% at 2^20 in earlier runs).
        tri_runs, tsm_runs = [], []
        for rnd in range(BENCH_ROUNDS):
            if rnd > 0 and budget(120) < 40:
                break
            raw = os.path.join(OUT, "raw", "triton_%s_%d.json" % (name, rnd))
            r = run([sys.executable, os.path.join(ROOT, "scripts", "gpu", "triton_bench.py"), path, raw],
                    "bench_triton_%s_%d" % (name, rnd),
                    max(10.0, min(BENCH_TRITON_CAP.get(name, 60.0), budget(600) * 0.5)))
            t = read_json(raw) or {}
            if rnd == 0:
                f["triton"] = dict(brief(r), tests=[{k: v for k, v in x.items() if k != "error" or not x["passed"]}
                                                    for x in t.get("tests", [])],
                                   errors=t.get("errors", []), versions=t.get("versions"))
                if r["rc"] != 0 and not t.get("points"):
                    f["triton"]["output_tail"] = tail(r["stdout"] + r["stderr"], 2000)
            tri_runs.append(t.get("points", []))
            if tsm:
                csv_dir = os.path.join(OUT, "csv", name)
                os.makedirs(csv_dir, exist_ok=True)
                r = run([tsm, "bench", path, "--backend", backend, "--json", "--csv", csv_dir],
                        "bench_tilesmith_%s_%d" % (name, rnd), max(10.0, budget(120)))
                points, diags, tables = tilesmith_points(r)
                if rnd == 0:
                    f["tilesmith"] = dict(brief(r), diagnostics=diags[:10], tables=tables)
                    if r["rc"] != 0 and not points:
                        f["tilesmith"]["output_tail"] = tail(r["stdout"] + r["stderr"], 2000)
                tsm_runs.append(points)
        f["rounds"] = len(tri_runs)
        f["triton"]["points"] = best_points(tri_runs)
        if tsm:
            f["tilesmith"]["points"] = best_points(tsm_runs)
        save()
    entry["rows"] = bench_rows()


def copy_gbps():
    """(GB/s, where it came from): PyTorch's copy in this run, else `tilesmith devices`."""
    torch_copy = (report["steps"].get("copy") or {}).get("torch") or {}
    if torch_copy.get("copy_gbps"):
        return torch_copy["copy_gbps"], "PyTorch 2^28 fp32, the higher of copy_ and clone (do_bench median)"
    dev = (report["steps"].get("devices") or {}).get("copy_gbps")
    if dev:
        return dev, "tilesmith devices"
    return None, None


def target_of(benchmark, x, line="Triton"):
    """Issue 4's and 5's bar for a row: (minimum ratio vs Triton, minimum fraction of copy
    bandwidth). Issue 5's rows have a ratio bar at every size in their files (GPU.md's and larger);
    layernorm-swish-fp16-separate (the unfused pair, for the fusion's gain) has none. A 'Torch'
    line (Tilesmith's eager GPU ops against PyTorch eager): elementwise within 10%."""
    head = benchmark.split("-block")[0]
    if line != "Triton":
        return (0.9, None) if head in ("swish-fp32", "vector-add-fp32") else (None, None)
    if head in ("softmax-fp32", "layernorm-swish-fp16-fused"):
        return 1.0, None
    if head in ("rms-norm-fp16", "cross-entropy-fp32"):
        return 0.95, None
    if head in ("swish-fp32", "vector-add-fp32"):
        if x == str(2**28):
            return 1.0, 0.95
        if x == str(2**20):
            return 0.95, None
        return None, None
    if head in ("gelu-fp16", "outer-add-fp32", "transpose-copy-fp32"):
        return 0.95, None
    return None, None


def is_flops(unit):
    """A compute benchmark's unit (TFLOP/s, TFLOPS, GFLOP/s): no fraction of the copy bandwidth."""
    return "flop" in (unit or "").lower()


def flops_target_of(benchmark, x, line="Triton"):
    """Issue 9's bars for a TFLOP/s row, or None: {"ratio": minimum Tilesmith / Triton,
    "vs_ref": minimum Tilesmith / PyTorch's reference line of the same plot (cuBLAS, or matmul
    then GELU), "strict": the reference must be beaten, not only matched}."""
    if line != "Triton" or x not in ("4096, 4096, 4096", "8192, 8192, 8192"):
        return None
    if benchmark in ("matmul-fp16", "matmul-bf16"):
        return {"ratio": 1.0, "vs_ref": 0.95, "strict": False}
    if benchmark == "linear-gelu-fp16":
        return {"ratio": 1.0, "vs_ref": 1.0, "strict": True}
    return None


def reference_line(points, benchmark, x):
    """The one line of a plot at x that is not 'Triton' (PyTorch's cuBLAS or eager line), or None
    when there is none or more than one."""
    lines = [line for (b, xv, line) in points if b == benchmark and xv == x and line != "Triton"]
    return lines[0] if len(lines) == 1 else None


def measured_by_summary(texts):
    """Distinct `measured_by` texts with their per-row numbers ("host 18 µs per call") folded
    into ranges ("host 18–270 µs per call")."""
    groups = {}
    for t in texts:
        if not t:
            continue
        key = re.sub(r"\d+(\.\d+)?", "#", t)
        groups.setdefault(key, []).append([float(x) for x in re.findall(r"\d+(?:\.\d+)?", t)])
    out = []
    for key, nums in sorted(groups.items()):
        text = key
        for i in range(len(nums[0])):
            vals = [n[i] for n in nums if len(n) > i]
            lo, hi = min(vals), max(vals)
            fmt = lambda v: ("%g" % v)
            text = text.replace("#", fmt(lo) if lo == hi else "%s–%s" % (fmt(lo), fmt(hi)), 1)
        out.append(text)
    return out


def bench_rows():
    rows = []
    copy, _ = copy_gbps()
    for name, f in (report["steps"].get("bench") or {}).get("files", {}).items():
        tri = {(p["benchmark"], p["x"], p.get("line") or "Triton"): p
               for p in (f.get("triton") or {}).get("points", [])}
        tsm = {(p["benchmark"], p["x"], p.get("line") or "Triton"): p
               for p in (f.get("tilesmith") or {}).get("points", [])}
        keys = list(tri) + [k for k in tsm if k not in tri]
        for key in keys:
            a, b = tsm.get(key, {}).get("value"), tri.get(key, {}).get("value")
            row = {"file": name, "benchmark": key[0], "x": key[1], "line": key[2], "x_name": (tri.get(key) or tsm.get(key))["x_name"],
                   "unit": (tri.get(key) or tsm.get(key)).get("unit"), "tilesmith": a, "triton": b,
                   "tilesmith_measured_by": tsm.get(key, {}).get("measured_by")}
            row["ratio"] = a / b if a and b else None
            if is_flops(row["unit"]):
                flops_row(row, key, tri, tsm)
                rows.append(row)
                continue
            row["tilesmith_frac_copy"] = a / copy if a and copy else None
            row["triton_frac_copy"] = b / copy if b and copy else None
            min_ratio, min_frac = target_of(key[0], key[1], key[2])
            if min_ratio is not None:
                row["target"] = {"ratio": min_ratio, "frac_copy": min_frac}
                ok = row["ratio"] is not None and row["ratio"] >= min_ratio
                if min_frac is not None:
                    ok = ok and row["tilesmith_frac_copy"] is not None and row["tilesmith_frac_copy"] >= min_frac
                row["target_met"] = ok if a and b else None
            rows.append(row)
    return rows


def flops_row(row, key, tri, tsm):
    """A TFLOP/s row's comparisons, in place: for the Triton line, Tilesmith's and real Triton's
    numbers against PyTorch's reference line of the same plot and x (cuBLAS, or matmul then GELU)
    measured in the same run by real Python, and Tilesmith's own reference line for context;
    issue 9's targets (flops_target_of)."""
    row["kind"] = "flops"
    a, b = row["tilesmith"], row["triton"]
    if key[2] == "Triton":
        ref = reference_line(tri, key[0], key[1]) or reference_line(tsm, key[0], key[1])
        if ref:
            pt = tri.get((key[0], key[1], ref), {}).get("value")
            ts = tsm.get((key[0], key[1], ref), {}).get("value")
            row["ref_line"] = ref
            row["ref_pytorch"] = pt
            row["ref_tilesmith"] = ts
            row["tilesmith_vs_ref"] = a / pt if a and pt else None
            row["triton_vs_ref"] = b / pt if b and pt else None
            row["tilesmith_vs_own_ref"] = a / ts if a and ts else None
    target = flops_target_of(key[0], key[1], key[2])
    if target is None:
        return
    row["target"] = dict(target, ref_line=row.get("ref_line"))
    # Each bar: True, False, or None where a number is missing; met only when every bar is.
    ratio, vs = row["ratio"], row.get("tilesmith_vs_ref")
    checks = [None if ratio is None else ratio >= target["ratio"]]
    if target.get("vs_ref") is not None:
        checks.append(None if vs is None else vs > target["vs_ref"] if target["strict"] else vs >= target["vs_ref"])
    row["target_met"] = False if False in checks else None if None in checks else True


# ---------------------------------------------------------------------------------------------
# compile time


def parse_timings(text):
    """`name: 12.3 ms`-like pairs from `emit --timings` output (in ms), and any JSON objects."""
    found = {}
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("{"):
            try:
                obj = json.loads(s)
                for path, v in find_keys(obj, lambda k: True):
                    found[path] = v
                continue
            except ValueError:
                pass
        if len(s) > 160 or ";" in s or "{" in s or "}" in s:
            continue
        for m in re.finditer(r"([A-Za-z][\w .()/+-]*?)\s*[:=]?\s+([0-9]+(?:\.[0-9]+)?)\s*(ms|us|µs|s)\b", s):
            scale = {"ms": 1.0, "us": 1e-3, "µs": 1e-3, "s": 1e3}[m.group(3)]
            found[m.group(1).strip(" :=").lower()] = round(float(m.group(2)) * scale, 4)
    return found


def median(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


@step("compile")
def compile_step(tsm):
    scratch = tempfile.mkdtemp(prefix="tsm-compile-")
    try:
        compile_in(tsm, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def compile_in(tsm, scratch):
    entry = report["steps"]["compile"]
    script = os.path.join(ROOT, "scripts", "gpu", "triton_cold_compile.py")
    tri = entry["triton"] = {"warmup_cold": [], "launch_cold": [], "launch_cache_hit": []}
    # Each run is a fresh Python process (torch + triton imports, a few seconds): 5 in all.
    plan = [("warmup_cold", "warmup", True), ("warmup_cold", "warmup", True), ("warmup_cold", "warmup", True),
            ("launch_cold", "launch", True), ("launch_cache_hit", "launch", False)]
    last_cache = None
    for i, (key, mode, fresh) in enumerate(plan):
        if step_timeout("compile", 60) < 15:
            tri.setdefault("skipped", []).append(key)
            continue
        cache = tempfile.mkdtemp(prefix="triton-cache-", dir=scratch) if fresh or not last_cache else last_cache
        last_cache = cache
        out = os.path.join(scratch, "triton_%d.json" % i)
        r = run([sys.executable, script, mode, out], "compile_triton_%d_%s" % (i, key),
                step_timeout("compile", 60), env={"TRITON_CACHE_DIR": cache})
        data = read_json(out) or {"error": tail(r["stdout"] + r["stderr"], 1500)}
        data["run"] = brief(r)
        tri[key].append(data)
    for key in ("warmup_cold", "launch_cold", "launch_cache_hit"):
        tri[key + "_median_s"] = median([d.get("compile_seconds") for d in tri[key]])

    if not tsm:
        entry["tilesmith"] = {"error": "no tilesmith binary"}
        return
    ts = entry["tilesmith"] = {"cold": [], "cache_hit": []}
    cubin = os.path.join(scratch, "swish.cubin")
    cc = report.get("machine", {}).get("compute_capability")
    arch = ["--arch", "sm_" + cc.replace(".", "")] if cc else []
    base = [tsm, "emit", os.path.join(ROOT, "resources", "examples", "swish.py"), "--kernel", "swish_kernel",
            "--signature", SWISH_SIGNATURE, "--timings"]
    # emit's options (docs/cli.md), most specific first (the first that exits 0 is timed): a cubin
    # written to disk is the whole "source -> cubin" path; --sass / --ptx compile as far as they print;
    # --cuda alone may stop before NVRTC (the summary names the options used).
    variants = [base + ["--cubin", cubin] + arch, base + ["--cubin", cubin],
                base + ["--cuda", "--cubin", cubin] + arch, base + ["--sass"] + arch, base + ["--ptx"] + arch,
                base + ["--cuda"]]
    # Without --timings, only the process wall time is measured.
    variants += [[a for a in v if a != "--timings"] for v in variants[3:5]]
    ts["attempts"] = []
    chosen = None
    for i, cmd in enumerate(variants):
        cache = tempfile.mkdtemp(prefix="tsm-cache-", dir=scratch)
        r = run(cmd, "compile_tilesmith_probe_%d" % i, step_timeout("compile", 60),
                env={"TILESMITH_CACHE_DIR": cache})
        ts["attempts"].append({"args": cmd[7:], "rc": r["rc"], "seconds": r["seconds"],
                               "stderr_tail": tail(r["stderr"], 600) if r["rc"] != 0 else ""})
        if r["rc"] == 0:
            chosen = cmd
            ts["cold"].append({"wall_s": r["seconds"], "timings_ms": parse_timings(r["stderr"] + "\n" + r["stdout"]),
                               "cache_dir": cache})
            break
    if not chosen:
        entry["status_override"] = "failed (tilesmith emit)"
        return
    ts["args"] = chosen[7:]
    ts["cubin_bytes"] = os.path.getsize(cubin) if os.path.exists(cubin) else None
    for i in range(2):
        cache = tempfile.mkdtemp(prefix="tsm-cache-", dir=scratch)
        r = run(chosen, "compile_tilesmith_cold_%d" % i, step_timeout("compile", 60),
                env={"TILESMITH_CACHE_DIR": cache})
        ts["cold"].append({"wall_s": r["seconds"], "rc": r["rc"],
                           "timings_ms": parse_timings(r["stderr"] + "\n" + r["stdout"]), "cache_dir": cache})
    hit_cache = ts["cold"][-1]["cache_dir"]
    ts["cache_dir_files"] = sum(len(f) for _, _, f in os.walk(hit_cache))
    for i in range(3):
        r = run(chosen, "compile_tilesmith_hit_%d" % i, step_timeout("compile", 60),
                env={"TILESMITH_CACHE_DIR": hit_cache})
        ts["cache_hit"].append({"wall_s": r["seconds"], "rc": r["rc"],
                                "timings_ms": parse_timings(r["stderr"] + "\n" + r["stdout"])})
    ts["cold_wall_median_s"] = median([c["wall_s"] for c in ts["cold"]])
    ts["cache_hit_wall_median_s"] = median([c["wall_s"] for c in ts["cache_hit"]])
    tri_cold = tri.get("warmup_cold_median_s") or tri.get("launch_cold_median_s")
    if tri_cold and ts["cold_wall_median_s"] is not None:
        entry["tilesmith_cold_wall_over_triton_cold"] = ts["cold_wall_median_s"] / tri_cold
    # What Tilesmith reports itself (without process start-up), when --timings names a total.
    totals = [c["timings_ms"].get("total") for c in ts["cold"] if c.get("timings_ms")]
    ts["cold_timings_total_median_ms"] = median(totals)
    hits = [c["timings_ms"].get("total") for c in ts["cache_hit"] if c.get("timings_ms")]
    ts["cache_hit_timings_total_median_ms"] = median(hits)
    if tri_cold and ts["cold_timings_total_median_ms"] is not None:
        entry["tilesmith_cold_timings_total_over_triton_cold"] = ts["cold_timings_total_median_ms"] / 1000 / tri_cold


# ---------------------------------------------------------------------------------------------
# summary.md


def fmt(v, spec="%.1f"):
    return "—" if v is None else spec % v


def summary():
    L = []
    m = report.get("machine", {})
    c = report.get("commit", {})
    L.append("# scripts/gpu-check")
    L.append("")
    L.append("- commit: `%s` (%s)%s" % (c.get("commit"), c.get("source"),
                                         ", %s modified tracked files" % c["modified_files"]
                                         if c.get("modified_files") else ""))
    L.append("- started: %s, %.0f s so far of a %.0f s budget" % (report.get("started_utc"), elapsed(), BUDGET))
    L.append("- machine: %s; %s CPUs (%s); %s; %s" % (m.get("nvidia_smi"), m.get("nproc"), m.get("cpu"),
                                                     m.get("cxx"), m.get("nvcc")))
    steps = report.get("steps", {})
    L.append("- steps: " + ", ".join("%s %s%s" % (k, v.get("status"), " (%.0f s)" % v["seconds"] if "seconds" in v
                                                      else "") for k, v in steps.items()))
    b = steps.get("build", {})
    if b.get("status") in ("failed", "error"):
        L.append("")
        L.append("## Build failed")
        L.append("```")
        for part in ("configure", "compile"):
            p = b.get(part) or {}
            L.extend(p.get("errors", [])[:20])
            if p.get("output_tail"):
                L.append(p["output_tail"][-2000:])
        if b.get("error"):
            L.append(b["error"])
        L.append("```")

    d = steps.get("devices", {})
    if d.get("json") is not None or d.get("raw"):
        L.append("")
        L.append("## Device")
        L.append("")
        if d.get("json") is not None:
            L.append("`tilesmith devices --json`: `%s`" % json.dumps(d["json"])[:1500])
        elif d.get("raw"):
            L.append("`tilesmith devices --json` (exit %s): `%s`" % ((d.get("run") or {}).get("rc"),
                                                                  d["raw"][-600:].replace("\n", " ")))
    cp = (steps.get("copy") or {}).get("torch") or {}
    if cp.get("results"):
        L.append("")
        L.append("Copy bandwidth (PyTorch, %s): " % cp.get("measured_by") + ", ".join(
            "%s 2^%d: %.0f GB/s" % (r["op"], r["elements"].bit_length() - 1, r["gbps"]) for r in cp["results"]))
        if d.get("copy_gbps"):
            L[-1] += "; `tilesmith devices`: %.0f GB/s" % d["copy_gbps"]

    diff = steps.get("differential", {})
    if diff.get("programs"):
        L.append("")
        L.append("## Differential tests: `tilesmith test --backend cuda` vs `--backend interp`")
        L.append("")
        t = diff.get("totals", {})
        L.append("Programs: " + ", ".join("%d %s" % (n, {"not yet": "not yet (UnsupportedOnBackend)"}.get(k, k))
                                          for k, n in t.items()))
        L.append("")
        L.append("| program | verdict | cuda pass/fail/not-yet/skip | interp pass/fail/skip | agree | cuda s | notes |")
        L.append("|---|---|---|---|---|---|---|")
        for name, p in diff["programs"].items():
            cu, ip = p["runs"].get("cuda") or {}, p["runs"].get("interp") or {}
            cc, ic = cu.get("counts") or {}, ip.get("counts") or {}
            cs = "%s/%s/%s/%s" % (cc.get("passed", "-"), cc.get("failed", "-"), cc.get("not_yet", "-"),
                                  cc.get("skipped", "-")) if cc else cu.get("status", "—")
            ist = "%s/%s/%s" % (ic.get("passed", "-"), ic.get("failed", "-"), ic.get("skipped", "-")) if ic \
                else ip.get("status", "—")
            notes = p.get("why") or ""
            if p["verdict"] == "not yet":
                kinds = set()
                for case in cu.get("cases", {}).values():
                    for dg in case.get("diagnostics", []):
                        if dg["kind"] == "UnsupportedOnBackend":
                            kinds.add(dg["message"][:100])
                for dg in cu.get("diagnostics", []) or []:
                    if dg["kind"] == "UnsupportedOnBackend":
                        kinds.add(dg["message"][:100])
                notes = "; ".join(sorted(kinds)[:3])
            agree = {True: "yes", False: "NO", None: "—"}[p.get("agree")]
            notes = notes.replace("|", "\\|")[:300]
            L.append("| %s | %s | %s | %s | %s | %s | %s |" % (name, p["verdict"], cs, ist, agree,
                                                                fmt(cu.get("seconds")), notes))

    num = steps.get("numerics", {})
    if num.get("table"):
        L.append("")
        L.append("## Numerics: `scripts/gpu/numerics.py`, bits against real Triton's recorded outputs")
        L.append("")
        L.append("fp32 ops on the oracle's inputs (tests/data/oracle/triton_numerics.json) vs Triton 3.6 recorded on "
                 "the H200; ops without an oracle (libdevice's other functions, fp16 / bf16 division and exp, denormal "
                 "and tiny arguments) vs real Triton run live here (`triton` column), else vs the interpreter. "
                 "NaN equals NaN. The interpreter may "
                 "differ by up to: %s ULP (elsewhere it must be exact)." % (
                     ", ".join("%s %s" % kv for kv in sorted((num.get("interp_ulps") or {}).items())) or "—"))
        totals = num.get("totals") or {}
        if totals:
            L.append("")
            L.append("Bit-exact ops: " + ", ".join("%s %d of %d" % (b, t["exact"], t["ops"]) for b, t in totals.items()))
        L.append("")
        L.append(num["table"])
    elif num.get("output_tail"):
        L.append("")
        L.append("## Numerics: `scripts/gpu/numerics.py` failed")
        L.append("```")
        L.append(num["output_tail"][-1500:])
        L.append("```")

    special = (steps.get("special") or {}).get("checks") or {}
    if special:
        L.append("")
        L.append("## Special GPU programs (tests/gpu)")
        L.append("")
        L.append("| check | ok | what |")
        L.append("|---|---|---|")
        for name, c in special.items():
            L.append("| %s | %s | %s |" % (name, "yes" if c.get("ok") else "NO",
                                           (c.get("what") or "").replace("|", "\\|").replace("\n", " ")[:300]))

    py = diff.get("python_unchanged") or {}
    if py:
        L.append("")
        L.append("Benchmark files run unchanged by real Python (`python3 FILE`: test, then the table): " + ", ".join(
            "%s %s (%.0f s)" % (os.path.basename(k), v.get("status"), v.get("seconds") or 0) for k, v in py.items()))

    all_rows = (steps.get("bench") or {}).get("rows") or bench_rows()
    rows = [r for r in all_rows if not is_flops(r.get("unit"))]
    if all_rows:
        L.append("")
        L.append("## Benchmarks: the same bench/gpu/*.py, Tilesmith (`tilesmith bench --backend %s`) vs real Triton"
                 % (steps.get("bench") or {}).get("tilesmith_backend", "cuda"))
        L.append("")
        # One entry per way of measuring: the host time per call and the L2 clear differ from
        # row to row, so they are given as ranges.
        measured = measured_by_summary([r.get("tilesmith_measured_by") for r in all_rows])
        if not rows:
            L.append("Medians of do_bench. Triton: triton.testing.do_bench (CUDA events, L2 cleared). Tilesmith: %s."
                     % (", ".join(measured) or "—"))
    if rows:
        copy, source = copy_gbps()
        L.append("Medians of do_bench. Triton: triton.testing.do_bench (CUDA events, L2 cleared). Tilesmith: %s. "
                 "Copy bandwidth: %s (%s GB/s). GB/s from the bytes each kernel must move, so "
                 "'of copy' is the fraction of the bandwidth floor reached." % (", ".join(measured) or "—", source,
                                                                                 fmt(copy, "%.0f")))
        L.append("")
        L.append("Rows marked [Torch] are the files' torch lines: Tilesmith's eager GPU ops "
                 "(resources/lib/torch_eager.py) against PyTorch eager under real Python, in the "
                 "'Triton' column.")
        L.append("")
        L.append("| benchmark | x | Tilesmith GB/s | Triton GB/s | ratio | Tilesmith of copy | Triton of copy "
                 "| target |")
        L.append("|---|---|---|---|---|---|---|---|")
        for r in rows:
            tgt = "—"
            if "target" in r:
                tgt = "≥%.2f×" % r["target"]["ratio"]
                if r["target"].get("frac_copy"):
                    tgt += ", ≥%.0f%% copy" % (100 * r["target"]["frac_copy"])
                tgt += " " + {True: "met", False: "**not met**", None: "(no data)"}[r["target_met"]]
            L.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                r["benchmark"] + ("" if r.get("line", "Triton") == "Triton" else " [%s]" % r["line"]), r["x"],
                fmt(r["tilesmith"]), fmt(r["triton"]), fmt(r["ratio"], "%.3f"),
                fmt(r["tilesmith_frac_copy"] and 100 * r["tilesmith_frac_copy"], "%.1f%%"),
                fmt(r["triton_frac_copy"] and 100 * r["triton_frac_copy"], "%.1f%%"), tgt))
    L.extend(flops_table([r for r in all_rows if is_flops(r.get("unit"))]))
    files = (steps.get("bench") or {}).get("files") or {}
    problems = []
    for name, f in files.items():
        for side in ("triton", "tilesmith"):
            s = f.get(side) or {}
            if s.get("timed_out"):
                problems.append("%s (%s): timed out after %.0f s" % (name, side, s.get("seconds", 0)))
            if s.get("rc") not in (0, None):
                problems.append("%s (%s): exit %s" % (name, side, s.get("rc")))
            for t in s.get("tests", []):
                if not t.get("passed"):
                    problems.append("%s (triton): %s failed" % (name, t.get("name")))
            for dg in s.get("diagnostics", [])[:3]:
                problems.append("%s (tilesmith): %s: %s" % (name, dg.get("kind"), dg.get("message", "")[:200]))
            for er in s.get("errors", [])[:2]:
                problems.append("%s (triton): %s" % (name, er.get("error", "")[-300:]))
        if f.get("status"):
            problems.append("%s: %s" % (name, f["status"]))
    if problems:
        L.append("")
        L.append("Benchmark problems:")
        L.extend("- " + p.replace("\n", " ") for p in problems[:30])

    comp = steps.get("compile", {})
    if comp.get("triton") or comp.get("tilesmith"):
        tri, ts = comp.get("triton") or {}, comp.get("tilesmith") or {}
        L.append("")
        L.append("## Compile time: the seed's swish (resources/examples/swish.py), fresh processes")
        L.append("")
        L.append("| what | median | runs |")
        L.append("|---|---|---|")
        for key, label in (("warmup_cold", "Triton `swish_kernel.warmup` (source → cubin), empty TRITON_CACHE_DIR"),
                           ("launch_cold", "Triton first launch − warm launch, empty cache"),
                           ("launch_cache_hit", "Triton first launch − warm launch, disk cache hit")):
            runs = [x.get("compile_seconds") for x in tri.get(key, [])]
            L.append("| %s | %s | %s |" % (label, fmt(tri.get(key + "_median_s"), "%.3f s"),
                                           ", ".join(fmt(v, "%.3f") for v in runs)))
        if ts.get("cold"):
            args = shlex.join(ts.get("args", []))
            L.append("| `tilesmith emit swish.py --kernel swish_kernel --signature SIG %s`, whole process, "
                     "empty TILESMITH_CACHE_DIR | %s | %s |" % (
                args, fmt(ts.get("cold_wall_median_s"), "%.3f s"), ", ".join(fmt(c["wall_s"], "%.3f")
                                                                            for c in ts["cold"])))
            L.append("| same, cache hit (whole process) | %s | %s |" % (
                fmt(ts.get("cache_hit_wall_median_s"), "%.3f s"), ", ".join(fmt(c["wall_s"], "%.3f")
                                                                         for c in ts.get("cache_hit", []))))
            if ts["cold"][0].get("timings_ms"):
                L.append("")
                L.append("`--timings`, cold: `%s`" % json.dumps(ts["cold"][-1].get("timings_ms"))[:800])
            if ts.get("cache_hit") and ts["cache_hit"][0].get("timings_ms"):
                L.append("`--timings`, cache hit: `%s`" % json.dumps(ts["cache_hit"][-1].get("timings_ms"))[:800])
        elif ts.get("attempts"):
            L.append("")
            attempts = ["`%s` -> exit %s: %s" % (shlex.join(a["args"]), a["rc"],
                                                  a["stderr_tail"][-200:].replace("\n", " ")) for a in ts["attempts"]]
            L.append("`tilesmith emit` failed: " + "; ".join(attempts)[:2000])
        L.append("")
        L.append("SIG = `%s`" % SWISH_SIGNATURE)
        if comp.get("tilesmith_cold_wall_over_triton_cold") is not None:
            L.append("")
            L.append("Tilesmith cold (whole process) / Triton cold compile: %.1f%% (target < 40%%); "
                     "cache hit %s (target < 5 ms, whole process including start-up)" % (
                         100 * comp["tilesmith_cold_wall_over_triton_cold"],
                         fmt(ts.get("cache_hit_wall_median_s") and 1000 * ts["cache_hit_wall_median_s"], "%.1f ms")))
        if comp.get("tilesmith_cold_timings_total_over_triton_cold") is not None:
            L.append("")
            L.append("By `--timings` total (no process start-up): cold %s = %.1f%% of Triton's cold compile; "
                     "cache hit %s" % (fmt(ts.get("cold_timings_total_median_ms"), "%.1f ms"),
                                       100 * comp["tilesmith_cold_timings_total_over_triton_cold"],
                                       fmt(ts.get("cache_hit_timings_total_median_ms"), "%.2f ms")))
    prof = steps.get("profile") or {}
    if prof.get("summary"):
        L.append("")
        L.append("## Profiler (issue 7)")
        L.append("")
        L.append(prof["summary"].replace("# Profiler check", "Profiler check", 1).strip())
    tune = steps.get("autotune") or {}
    if tune.get("summary"):
        L.append("")
        L.append("## Autotune (issue 8)")
        L.append("")
        L.append(tune["summary"].replace("# Autotune check", "Autotune check", 1).strip())
    errors = ["%s: %s" % (k, v["error"].strip().splitlines()[-1]) for k, v in steps.items() if v.get("error")]
    if errors:
        L.append("")
        L.append("## Step errors (gpu-check itself)")
        L.extend("- " + e for e in errors)
    L.append("")
    L.append("Logs: logs/ (one per command); raw measurements: raw/, report.json.")
    return "\n".join(L) + "\n"


def flops_target_text(r):
    t = r.get("target")
    if not t:
        return "—"
    text = "≥%.2f× Triton" % t["ratio"]
    if t.get("vs_ref") is not None:
        ref = t.get("ref_line") or "the torch line"
        text += ", %s %s" % ("faster than" if t.get("strict") else "≥%.2f×" % t["vs_ref"], ref)
    return text + " " + {True: "met", False: "**not met**", None: "(no data)"}[r.get("target_met")]


def flops_table(rows):
    """summary.md's lines for the TFLOP/s rows (bench/gpu/matmul.py): Tilesmith's and real
    Triton's Triton lines, their ratio, and each against PyTorch's reference line of the same plot
    (cuBLAS, or cuBLAS then GELU) measured by real Python in the same run; the reference lines
    themselves as rows of their own ([cuBLAS], [Torch]: Tilesmith's eager ops, which call cuBLAS,
    against PyTorch's)."""
    if not rows:
        return []
    L = ["", "## Tensor-core benchmarks (TFLOP/s)", "",
         "2·M·N·K FLOPs over the do_bench median. 'vs Triton': Tilesmith's Triton line over real Triton's. "
         "'ref': PyTorch's line of the same plot under real Python in the same run (cuBLAS for `matmul-*`, "
         "`torch.matmul` then `F.gelu` for `linear-gelu-*`); 'Tilesmith / ref' and 'Triton / ref' divide the "
         "Triton lines by it. Rows marked [cuBLAS] / [Torch] are those lines themselves: Tilesmith's eager ops "
         "(whose matmul calls cuBLAS) against PyTorch's, in the 'Triton' column.", "",
         "| benchmark | x | Tilesmith TFLOP/s | Triton TFLOP/s | vs Triton | ref TFLOP/s (PyTorch) | Tilesmith / ref "
         "| Triton / ref | target |",
         "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        name = r["benchmark"] + ("" if r.get("line", "Triton") == "Triton" else " [%s]" % r["line"])
        ref = "—"
        if r.get("ref_line"):
            ref = "%s (%s)" % (fmt(r.get("ref_pytorch"), "%.4g"), r["ref_line"])
        L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name, r["x"], fmt(r["tilesmith"], "%.4g"), fmt(r["triton"], "%.4g"), fmt(r["ratio"], "%.3f"), ref,
            fmt(r.get("tilesmith_vs_ref"), "%.3f"), fmt(r.get("triton_vs_ref"), "%.3f"), flops_target_text(r)))
    return L


def safe_summary():
    try:
        return summary()
    except Exception:
        import traceback
        return ("# scripts/gpu-check\n\nThe summary could not be written (a bug in scripts/gpu/check.py); "
                "report.json has every result.\n\n```\n%s```\n" % traceback.format_exc())


@step("profile")
def profile_step(tsm):
    """scripts/gpu/profile_check.py: `tilesmith profile` on swish, softmax and LayerNorm+Swish."""
    entry = report["steps"]["profile"]
    out = os.path.join(OUT, "raw", "profile")
    r = run([sys.executable, os.path.join(ROOT, "scripts", "gpu", "profile_check.py"), "--tilesmith", tsm,
             "--out", out, "--timeout", str(int(max(20, step_timeout("profile", 150) / 3)))],
            "profile_check", step_timeout("profile", 160))
    entry["run"] = brief(r)
    md = os.path.join(out, "profile.md")
    if os.path.exists(md):
        with open(md) as f:
            entry["summary"] = f.read()
    else:
        entry["status_override"] = "failed"
        entry["output_tail"] = tail(r["stdout"] + r["stderr"], 2000)


@step("autotune")
def autotune_step(tsm):
    """scripts/gpu/autotune_check.py: tuned softmax, transpose, row sum and the seed's swish."""
    entry = report["steps"]["autotune"]
    out = os.path.join(OUT, "raw", "autotune")
    r = run([sys.executable, os.path.join(ROOT, "scripts", "gpu", "autotune_check.py"), "--tilesmith", tsm,
             "--out", out, "--timeout", str(int(max(20, min(120, step_timeout("autotune", 420) / 3))))],
            "autotune_check", step_timeout("autotune", 430))
    entry["run"] = brief(r)
    md = os.path.join(out, "autotune.md")
    if os.path.exists(md):
        with open(md) as f:
            entry["summary"] = f.read()
    else:
        entry["status_override"] = "failed"
        entry["output_tail"] = tail(r["stdout"] + r["stderr"], 2000)


def main():
    os.makedirs(LOGS, exist_ok=True)
    os.makedirs(os.path.join(OUT, "raw"), exist_ok=True)
    print("gpu-check: writing to %s, budget %.0f s, steps %s" % (OUT, BUDGET, ",".join(STEPS)), flush=True)
    for key, fn in (("commit", commit), ("machine", describe_machine)):
        try:
            report[key] = fn()
        except Exception as e:  # facts about the machine are worth less than the steps
            report[key] = {"error": repr(e)}
    save()
    tsm = os.environ.get("TSM_TILESMITH")
    if tsm:
        tsm = os.path.abspath(tsm)
        report["steps"]["build"] = {"status": "not run: TSM_TILESMITH=" + tsm}
    else:
        tsm = build_step()
    devices_step(tsm)
    differential_step(tsm)
    numerics_step(tsm)
    special_step(tsm)
    copy_step()
    bench_step(tsm)
    compile_step(tsm)
    profile_step(tsm)
    autotune_step(tsm)
    report["finished_utc"] = datetime.datetime.now(datetime.timezone.utc).isoformat()
    save()
    print()
    print(safe_summary(), flush=True)
    bad = [k for k, v in report["steps"].items() if v.get("status") not in ("done", "not selected")
           and not str(v.get("status", "")).startswith("not run")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
