#!/usr/bin/env python3
"""Tilesmith's math numerics against real Triton's recorded outputs (issue 4).

tests/data/oracle/triton_numerics.json "math_fp32" holds 4096 fp32 inputs x, y (bit patterns)
and the bits real Triton 3.6 computed on an H200 for tl.exp(x), tl.exp2(x), tl.log(|x|), ...
(/work/shared/oracle/README.md). This script writes small Triton programs into a temporary
folder - valid Triton, so they also run unchanged under real Triton - one per group of ops that
share their inputs: the kernel loads the inputs as int32 (int16) bits, bitcasts them to fp32
(fp16, bf16), applies each op, bitcasts each result back into its own slice of the output, and
the program prints every slice. It runs each with `tilesmith run --backend B --json` per backend
asked for (`triton`: `python3 PROGRAM`, real Triton), reruns each op of a group alone where the
group's program failed (so one unsupported op hides nothing), and compares the printed bits with
the oracle's: per op and backend the mismatch count, the largest distance in ULPs and the first
few (input, expected, got). NaN equals NaN whatever its payload.

Ops without an oracle - libdevice's other functions, fp16 and bf16 division and exp, tl.exp2
where its result is denormal, functions on denormal and tiny arguments - are compared with real
Triton run live on the same program when the `triton` backend ran (`vs_triton_live`), else with
the interpreter (`vs_interp`).

Standard library only (the GPU machine has no network). Usage:

  scripts/gpu/numerics.py --tilesmith BIN [--backends cuda,interp,triton] [--count N] [--ops a,b]
                          [--json OUT.json] [--jobs J] [--timeout S] [--keep DIR] [--check-interp]

--check-interp (the ctest): exit 1 unless every op ran on the interpreter and its results are
within INTERP_ULPS of the oracle's: bit for bit where the bound is 0 (denormals included); within
the bound elsewhere, on the inputs where no argument or result is denormal (the interpreter
computes exp2 and the fast division accurately where the GPU approximates them, and erf and
tanh follow libdevice except where it calls ex2.approx / rcp.approx; the same bounds as
tests/unit/interp/math_eval_test.cpp).
Otherwise the exit status is 0 when every program ran (mismatches are results, not failures).
"""

import argparse
import concurrent.futures
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ORACLE = os.path.join(ROOT, "tests", "data", "oracle", "triton_numerics.json")
BLOCK = 256
MARK = "TSM_NUMERICS"

# oracle key -> the Triton expression that produced it (x, y: fp32 blocks).
FP32_OPS = [
    ("exp", "tl.exp(x)"),
    ("exp2", "tl.exp2(x)"),
    ("log_abs", "tl.log(tl.abs(x))"),
    ("sqrt_abs", "tl.sqrt(tl.abs(x))"),
    ("rsqrt_abs", "tl.rsqrt(tl.abs(x))"),
    ("sigmoid", "tl.sigmoid(x)"),
    ("erf", "tl.erf(x)"),
    ("div", "x / y"),
    ("div_rn", "tl.div_rn(x, y)"),
    ("libdevice_tanh", "libdevice.tanh(x)"),
    ("sqrt_rn_abs", "tl.sqrt_rn(tl.abs(x))"),
    ("fdiv", "tl.fdiv(x, y)"),
    ("cos", "tl.cos(x)"),
    ("sin", "tl.sin(x)"),
    ("log2_abs", "tl.log2(tl.abs(x))"),
]
# fp16 / bf16 ops without an oracle: name -> (dtype, expression). Triton's `/` on two fp16 (or
# bf16) blocks gives fp32 and tl.exp takes fp32 only, so both round an fp32 result once.
HALF_OPS = [
    ("fp16_div", "float16", "(x / y).to(tl.float16)"),
    ("fp16_exp", "float16", "tl.exp(x.to(tl.float32)).to(tl.float16)"),
    ("bf16_div", "bfloat16", "(x / y).to(tl.bfloat16)"),
    ("bf16_exp", "bfloat16", "tl.exp(x.to(tl.float32)).to(tl.bfloat16)"),
]
# fp32 ops on inputs of their own, without an oracle: name -> (expression, inputs).
EXTRA_FP32_OPS = [
    # 2^x for x in [-152, -120]: denormal results (ex2.approx.ftz flushes them, ex2.approx not).
    ("exp2_denormal", "tl.exp2(x)", [-152.0 + 32.0 * k / 256 for k in range(257)]),
]
# Denormal and tiny arguments of both signs, where FTZ paths differ from the default ones.
TINY = [s * v for s in (1.0, -1.0) for v in (1e-45, 3e-42, 1e-40, 5e-39, 1.1754942e-38, 1.17549435e-38, 1.2e-38,
                                             1e-37, 1e-30, 1e-20, 1e-10, 1e-4)]
EXTRA_FP32_OPS += [("%s_tiny" % key, expr, TINY) for key, expr in (
    ("sin", "tl.sin(x)"), ("cos", "tl.cos(x)"), ("tanh", "libdevice.tanh(x)"), ("erf", "tl.erf(x)"),
    ("log", "tl.log(tl.abs(x))"), ("sqrt", "tl.sqrt(tl.abs(x))"), ("div", "x / (x * 3.0)"),
    ("exp", "tl.exp(x)"), ("exp2", "tl.exp2(x)"), ("log2", "tl.log2(tl.abs(x))"))]
EXTRA_FP32_OPS += [("libdevice_%s_tiny" % f, "libdevice.%s(x)" % f, TINY) for f in (
    "tan", "atan", "sinh", "cosh", "asinh", "log10", "log1p", "expm1", "erfc", "lgamma", "tgamma", "asin", "acos",
    "atanh", "floor", "ceil", "trunc", "round", "rint", "exp")]
EXTRA_FP32_OPS += [("libdevice_%s_tiny" % f, "libdevice.%s(x, %s)" % (f, y), TINY) for f, y in (
    ("pow", "1.5"), ("atan2", "x * 3.0"), ("hypot", "x * 3.0"), ("fmod", "3.0"), ("copysign", "-1.0"),
    ("nextafter", "1.0"))]
# libdevice's other fp32 functions (Triton calls the libdevice it ships, on its FTZ path) on the
# oracle's x (and y): no oracle, so they are compared with real Triton run live.
LIBDEVICE_1 = ["tan", "atan", "sinh", "cosh", "asinh", "log10", "log1p", "expm1", "erfc", "lgamma", "tgamma",
               "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "floor", "ceil", "trunc", "round", "rint",
               "fast_expf", "fast_sinf", "fast_cosf", "fast_logf", "fast_log2f", "fast_tanf"]
LIBDEVICE_DOMAIN = {"asin": "x * 0.03", "acos": "x * 0.03", "atanh": "x * 0.03", "acosh": "1.0 + tl.abs(x)"}
LIBDEVICE_2 = ["pow", "atan2", "hypot", "fmod", "copysign", "nextafter", "fast_dividef", "fast_powf"]
ORACLE_INPUT_OPS = (
    [("libdevice_" + f, "libdevice.%s(x)" % f) for f in LIBDEVICE_1]
    + [("libdevice_" + f, "libdevice.%s(%s)" % (f, arg)) for f, arg in LIBDEVICE_DOMAIN.items()]
    + [("libdevice_" + f, "libdevice.%s(x, y)" % f) for f in LIBDEVICE_2])
# The interpreter's largest distance from the oracle in ULPs (inputs and results not denormal)
# where it does not reproduce Triton bit for bit; every other fp32 op must be exact.
INTERP_ULPS = {"exp": 2, "exp2": 2, "sigmoid": 3, "erf": 1, "div": 1, "fdiv": 1, "libdevice_tanh": 2,
               "sqrt_abs": 1, "rsqrt_abs": 1}
NAN_VS_NUMBER = 1 << 32  # the "distance" of a NaN from a number

PROGRAM = '''"""Generated by scripts/gpu/numerics.py: {names} on {count} inputs, as bits."""
import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice

DEVICE = triton.runtime.driver.active.get_active_torch_device()
NAMES = {names_list}
X_BITS = {x_bits}
Y_BITS = {y_bits}


@triton.jit
def numerics_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0).to(tl.{dtype}, bitcast=True)
    y = tl.load(y_ptr + offs, mask=mask, other=0).to(tl.{dtype}, bitcast=True)
{body}

x = torch.tensor(X_BITS, dtype=torch.{itype}, device=DEVICE)
y = torch.tensor(Y_BITS, dtype=torch.{itype}, device=DEVICE)
n = x.numel()
out = torch.zeros(len(NAMES) * n, dtype=torch.{itype}, device=DEVICE)
numerics_kernel[(triton.cdiv(n, {block}), )](x, y, out, n, BLOCK={block})
for k, name in enumerate(NAMES):
    print("{mark}", name, out[k * n:(k + 1) * n].tolist())
'''
STORE = """    r = {expr}
    tl.store(out_ptr + {k} * n + offs, r.to(tl.{itype}, bitcast=True), mask=mask)"""


# ---------------------------------------------------------------------------------------------
# Bits and floats


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def f16(bits):
    return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]


def bf16(bits):
    return f32((bits & 0xFFFF) << 16)


def to_f16_bits(bits32):
    """fp32 bits -> fp16 bits, round to nearest even (struct's 'e' rounds so)."""
    v = f32(bits32)
    if math.isnan(v):
        return 0x7E00
    try:
        return struct.unpack("<H", struct.pack("<e", v))[0]
    except OverflowError:
        return 0xFC00 if v < 0 else 0x7C00


def to_bf16_bits(bits32):
    """fp32 bits -> bf16 bits, round to nearest even."""
    b = bits32 & 0xFFFFFFFF
    if math.isnan(f32(b)):
        return 0x7FC0
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF


def signed(bits, width):
    bits &= (1 << width) - 1
    return bits - (1 << width) if bits >> (width - 1) else bits


def ulp_key(bits, width):
    """A monotonic integer for a float's bits: adjacent floats differ by 1, +0 == -0."""
    bits &= (1 << width) - 1
    sign = 1 << (width - 1)
    return -(bits & (sign - 1)) if bits & sign else bits


class Format:
    def __init__(self, name, width, exp_bits):
        self.name, self.width = name, width
        man = width - 1 - exp_bits
        self.exp_mask = ((1 << exp_bits) - 1) << man
        self.man_mask = (1 << man) - 1
        self.value = {"fp32": f32, "fp16": f16, "bf16": bf16}[name]

    def nan(self, b):
        return (b & self.exp_mask) == self.exp_mask and (b & self.man_mask) != 0

    def denormal(self, b):
        return (b & self.exp_mask) == 0 and (b & self.man_mask) != 0

    def hex(self, b):
        return "0x%0*x" % (self.width // 4, b & ((1 << self.width) - 1))

    def show(self, b):
        return "%s (%r)" % (self.hex(b), self.value(b))


FP32, FP16, BF16 = Format("fp32", 32, 8), Format("fp16", 16, 5), Format("bf16", 16, 8)


def compare(fmt, want, got, xs, ys, uses_y, first=5):
    """Mismatches of `got` against `want` (lists of bits); NaN equals NaN whatever its payload."""
    mask = (1 << fmt.width) - 1
    out = {"compared": len(want), "mismatches": 0, "max_ulps": 0, "ulps_1": 0, "ulps_2": 0, "ulps_more": 0,
           "with_denormal": 0, "max_ulps_without_denormal": 0, "nan_payload_only": 0, "first": []}
    for k, (w, g) in enumerate(zip(want, got)):
        w &= mask
        g &= mask
        if w == g:
            continue
        if fmt.nan(w) and fmt.nan(g):
            out["nan_payload_only"] += 1
            continue
        out["mismatches"] += 1
        if fmt.nan(w) or fmt.nan(g):
            ulps = None
            out["ulps_more"] += 1
        else:
            ulps = abs(ulp_key(w, fmt.width) - ulp_key(g, fmt.width))
            out["max_ulps"] = max(out["max_ulps"], ulps)
            out["ulps_1" if ulps == 1 else "ulps_2" if ulps == 2 else "ulps_more"] += 1
        if any(fmt.denormal(b) for b in (xs[k], w, g)) or (uses_y and fmt.denormal(ys[k])):
            out["with_denormal"] += 1
        else:
            out["max_ulps_without_denormal"] = max(out["max_ulps_without_denormal"],
                                                   NAN_VS_NUMBER if ulps is None else ulps)
        if len(out["first"]) < first:
            m = {"index": k, "x": fmt.show(xs[k]), "expected": fmt.show(w), "got": fmt.show(g), "ulps": ulps}
            if uses_y:
                m["y"] = fmt.show(ys[k])
            out["first"].append(m)
    if out["mismatches"] and out["max_ulps"] == 0 and out["ulps_more"]:
        out["max_ulps"] = None  # only NaN-vs-number mismatches
    return out


# ---------------------------------------------------------------------------------------------
# Programs


class Op:
    def __init__(self, name, expr, fmt, xs, ys, want=None):
        self.name, self.expr, self.fmt, self.xs, self.ys, self.want = name, expr, fmt, xs, ys, want
        self.uses_y = re.search(r"\by\b", expr) is not None



def program(ops):
    """One Triton program computing every op of `ops` (same format and inputs) into its own slice."""
    fmt, xs, ys = ops[0].fmt, ops[0].xs, ops[0].ys
    itype = "int32" if fmt.width == 32 else "int16"
    body = "\n".join(STORE.format(expr=op.expr, k=k, itype=itype) for k, op in enumerate(ops))
    return PROGRAM.format(names=", ".join(op.name for op in ops), names_list=json.dumps([op.name for op in ops]),
                          count=len(xs), block=BLOCK, mark=MARK, body=body, itype=itype,
                          dtype={"fp32": "float32", "fp16": "float16", "bf16": "bfloat16"}[fmt.name],
                          x_bits=json.dumps([signed(b, fmt.width) for b in xs]),
                          y_bits=json.dumps([signed(b, fmt.width) for b in ys]))


def groups_of(ops):
    """Ops sharing a format and inputs, in order: each group is one program."""
    groups = {}
    for op in ops:
        groups.setdefault((op.fmt.name, id(op.xs), id(op.ys)), []).append(op)
    return list(groups.values())


def make_ops(oracle, count, only):
    m = oracle["math_fp32"]
    xs = [b & 0xFFFFFFFF for b in m["x_bits"][:count]]
    ys = [b & 0xFFFFFFFF for b in m["y_bits"][:count]]
    ops = [Op(key, expr, FP32, xs, ys, [b & 0xFFFFFFFF for b in m[key][:count]]) for key, expr in FP32_OPS]
    ops += [Op(name, expr, FP32, xs, ys) for name, expr in ORACLE_INPUT_OPS]
    inputs = {}  # one list per distinct input set, so that its ops share a program
    for name, expr, values in EXTRA_FP32_OPS:
        bits = inputs.setdefault(tuple(values), [struct.unpack("<I", struct.pack("<f", v))[0] for v in values])
        ops.append(Op(name, expr, FP32, bits, bits))
    for name, dtype, expr in HALF_OPS:
        conv, fmt = (to_f16_bits, FP16) if dtype == "float16" else (to_bf16_bits, BF16)
        hx = inputs.setdefault(("x", dtype), [conv(b) for b in xs])
        hy = inputs.setdefault(("y", dtype), [conv(b) for b in ys])
        ops.append(Op(name, expr, fmt, hx, hy))
    if only:
        unknown = set(only) - {o.name for o in ops}
        if unknown:
            raise SystemExit("numerics.py: unknown op(s): " + ", ".join(sorted(unknown)))
        ops = [o for o in ops if o.name in only]
    return ops


def run_program(tsm, path, backend, timeout, env):
    """Runs one generated program (backend "triton": under real Python + Triton); returns
    {status, bits: {op name: printed bits}, diagnostics, seconds, rc}."""
    start = time.monotonic()
    res = {"status": None, "bits": None, "diagnostics": [], "rc": None}
    cmd = [sys.executable, path] if backend == "triton" else [tsm, "run", path, "--backend", backend, "--json"]
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        res.update(status="timeout", seconds=round(time.monotonic() - start, 2))
        return res
    except OSError as e:
        res.update(status="could not start: %s" % e, seconds=0)
        return res
    res["rc"] = proc.returncode
    res["seconds"] = round(time.monotonic() - start, 2)
    stdout = proc.stdout.decode("utf-8", "replace")
    text = stdout if backend == "triton" else ""
    for line in stdout.splitlines() if backend != "triton" else []:
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if e.get("event") == "stdout":
            text += e.get("text", "")
        elif e.get("event") == "diagnostic" and e.get("severity") == "error":
            res["diagnostics"].append({"kind": e.get("kind"), "message": (e.get("message") or "")[:400],
                                       "line": e.get("line")})
    printed = {name: json.loads(bits) for name, bits in re.findall(re.escape(MARK) + r" (\S+) (\[[^\]]*\])", text)}
    if printed:
        res["bits"] = printed
        res["status"] = "ran"
    elif any(d["kind"] == "UnsupportedOnBackend" for d in res["diagnostics"]):
        res["status"] = "not supported"
    elif any(d["kind"] == "CudaUnavailable" for d in res["diagnostics"]):
        res["status"] = "cuda unavailable"
    else:
        res["status"] = "failed"
        res["stderr_tail"] = proc.stderr.decode("utf-8", "replace")[-800:]
        if backend == "triton" and "ModuleNotFoundError" in res["stderr_tail"]:
            res["status"] = "no triton here"
    return res


def evaluate(ops, tsm, backends, jobs, timeout, tmp):
    env = dict(os.environ)
    env.setdefault("TILESMITH_INTERP_THREADS", "1")
    python_env = dict(env)  # PyTorch keeps loading the CUDA libraries of its own wheels
    cuda_libs = [d for d in ("/usr/local/cuda/lib64", "/usr/local/cuda/lib") if os.path.isdir(d)]
    if cuda_libs:  # NVRTC dlopens its builtins library by name
        env["LD_LIBRARY_PATH"] = ":".join(cuda_libs + [p for p in [env.get("LD_LIBRARY_PATH")] if p])

    def write(name, group):
        path = os.path.join(tmp, "numerics_%s.py" % name)
        with open(path, "w") as f:
            f.write(program(group))
        return path

    def run_all(jobs_list):
        """(group, backend) -> run, every program at once."""
        out = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futs = {pool.submit(run_program, tsm, path, b, timeout, python_env if b == "triton" else env): (k, b)
                    for k, path, b in jobs_list}
            for fut in concurrent.futures.as_completed(futs):
                out[futs[fut]] = fut.result()
        return out

    # One program per group of ops; where a group's program fails (an op the backend does not
    # support, say), each of its ops runs alone so that one op cannot hide the others' results.
    groups = groups_of(ops)
    paths = [write("group%d" % i, g) for i, g in enumerate(groups)]
    first = run_all([(i, paths[i], b) for i in range(len(groups)) for b in backends])
    runs, retry = {}, []
    for (i, b), r in first.items():
        group = groups[i]
        complete = r["bits"] is not None and all(op.name in r["bits"] for op in group)
        if complete or len(group) == 1:
            for op in group:
                runs[(op.name, b)] = dict(r, bits=(r["bits"] or {}).get(op.name))
        else:
            retry += [(op, b) for op in group]
    if retry:
        alone = {op.name: write(op.name, [op]) for op, _ in retry}
        by_name = {op.name: op for op, _ in retry}
        again = run_all([(op.name, alone[op.name], b) for op, b in retry])
        for (name, b), r in again.items():
            runs[(name, b)] = dict(r, bits=(r["bits"] or {}).get(name))
            runs[(name, b)]["alone"] = True
        del by_name
    results = {}
    for op in ops:
        entry = {"expression": op.expr, "dtype": op.fmt.name, "inputs": len(op.xs),
                 "oracle": "triton" if op.want is not None else "interp", "backends": {}}
        for b in backends:
            r = runs[(op.name, b)]
            out = {"status": r["status"], "seconds": r.get("seconds")}
            if r["diagnostics"]:
                out["diagnostics"] = r["diagnostics"][:3]
            if r.get("stderr_tail"):
                out["stderr_tail"] = r["stderr_tail"]
            if r["bits"] is not None:
                if len(r["bits"]) != len(op.xs):
                    out["status"] = "failed"
                    out["error"] = "printed %d values for %d inputs" % (len(r["bits"]), len(op.xs))
                elif op.want is not None:
                    out["vs_triton"] = compare(op.fmt, op.want, r["bits"], op.xs, op.ys, op.uses_y)
            entry["backends"][b] = out
        # No oracle: every other backend against real Triton run now, else the interpreter.
        if op.want is None:
            ref = next((b for b in ("triton", "interp") if b in backends and runs[(op.name, b)]["bits"] is not None
                        and len(runs[(op.name, b)]["bits"]) == len(op.xs)), None)
            entry["oracle"] = {"triton": "triton (live)", "interp": "interp", None: "none"}[ref]
            for b in backends:
                r = runs[(op.name, b)]
                if ref and b != ref and r["bits"] is not None and len(r["bits"]) == len(op.xs):
                    key = "vs_triton_live" if ref == "triton" else "vs_interp"
                    entry["backends"][b][key] = compare(op.fmt, runs[(op.name, ref)]["bits"], r["bits"], op.xs,
                                                        op.ys, op.uses_y)
        results[op.name] = entry
    return results


# ---------------------------------------------------------------------------------------------
# Report


def table(results, backends):
    """A markdown table: one row per op, one column per backend."""
    head = "| op | expression | " + " | ".join(backends) + " |"
    lines = [head, "|---|---|" + "---|" * len(backends)]
    for name, e in results.items():
        cells = []
        for b in backends:
            r = e["backends"].get(b, {})
            cmp = r.get("vs_triton") or r.get("vs_triton_live") or r.get("vs_interp")
            if r.get("status") != "ran" or cmp is None:
                why = (r.get("diagnostics") or [{}])[0].get("message") or r.get("error") or ""
                cell = r.get("status", "—") + (": " + why[:120] if why else "")
                if r.get("status") == "ran" and cmp is None:
                    cell = "ran (the reference)" if e["oracle"].split()[0] == b else "ran"
            else:
                ref = "Triton" if r.get("vs_triton") else "live Triton" if r.get("vs_triton_live") else "interp"
                if cmp["mismatches"] == 0:
                    cell = "0/%d vs %s" % (cmp["compared"], ref)
                else:
                    cell = "**%d**/%d vs %s, max %s ULP (1: %d, 2: %d, more/NaN: %d; denormal: %d)" % (
                        cmp["mismatches"], cmp["compared"], ref, cmp["max_ulps"], cmp["ulps_1"], cmp["ulps_2"],
                        cmp["ulps_more"], cmp["with_denormal"])
                    f = cmp["first"][0]
                    cell += "; e.g. x=%s%s: want %s, got %s" % (f["x"], ", y=" + f["y"] if "y" in f else "",
                                                                f["expected"], f["got"])
            cells.append(cell.replace("|", "\\|"))
        lines.append("| %s | `%s` | %s |" % (name, e["expression"].replace("|", "\\|"), " | ".join(cells)))
    return "\n".join(lines)


def interp_problems(results):
    """For --check-interp: where the interpreter is further from the oracle than INTERP_ULPS."""
    bad = []
    for name, e in results.items():
        r = e["backends"].get("interp")
        if r is None:
            continue
        if r["status"] != "ran" or "error" in r:
            bad.append("%s: %s %s" % (name, r["status"], r.get("diagnostics") or r.get("error") or
                                      r.get("stderr_tail", "")))
            continue
        cmp = r.get("vs_triton")
        if cmp is None or not cmp["mismatches"]:
            continue
        bound = INTERP_ULPS.get(name, 0)
        worst = cmp["max_ulps_without_denormal"] if bound else cmp["max_ulps"]
        if bound == 0 or worst is None or worst > bound:
            bad.append("%s: %d mismatches, %s ULP apart (allowed: %d), first %s" % (
                name, cmp["mismatches"], worst, bound, cmp["first"][:2]))
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tilesmith", required=True, help="the tilesmith binary")
    ap.add_argument("--backends", default="cuda,interp",
                    help="comma list of tilesmith backends, and triton for real Python + Triton (default cuda,interp)")
    ap.add_argument("--count", type=int, default=None, help="use the first N oracle inputs (default all)")
    ap.add_argument("--ops", default="", help="comma list of ops (default all): " +
                    ", ".join([k for k, _ in FP32_OPS] + [k for k, _, _ in HALF_OPS]))
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--jobs", type=int, default=4, help="programs run at once (default 4)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per program (default 60)")
    ap.add_argument("--oracle", default=ORACLE)
    ap.add_argument("--keep", help="write the generated programs into this folder and keep them")
    ap.add_argument("--check-interp", action="store_true",
                    help="exit 1 unless the interpreter is within INTERP_ULPS of the oracle")
    a = ap.parse_args(argv)
    with open(a.oracle) as f:
        oracle = json.load(f)
    backends = [b.strip() for b in a.backends.split(",") if b.strip()]
    ops = make_ops(oracle, a.count, [o.strip() for o in a.ops.split(",") if o.strip()])
    start = time.monotonic()
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
        results = evaluate(ops, os.path.abspath(a.tilesmith), backends, max(1, a.jobs), a.timeout, a.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="tsm-numerics-") as tmp:
            results = evaluate(ops, os.path.abspath(a.tilesmith), backends, max(1, a.jobs), a.timeout, tmp)
    report = {"tool": "scripts/gpu/numerics.py", "oracle": os.path.relpath(a.oracle, ROOT)
              if a.oracle.startswith(ROOT) else a.oracle, "backends": backends, "seconds":
              round(time.monotonic() - start, 2), "interp_ulps": INTERP_ULPS,
              "ops": results, "table": table(results, backends)}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    print(report["table"])
    print("numerics: %d ops x %d backends in %.1f s" % (len(ops), len(backends), report["seconds"]))
    if a.check_interp:
        bad = interp_problems(results)
        for b in bad:
            print("numerics: interp: " + b, file=sys.stderr)
        return 1 if bad else 0
    ran = all(r["status"] in ("ran", "not supported", "no triton here")
              for e in results.values() for r in e["backends"].values())
    return 0 if ran else 1


if __name__ == "__main__":
    sys.exit(main())
