"""Dump Triton's and Tilesmith's PTX and SASS for the benchmark kernels whose speed differs.

Run on the GPU machine (real Triton installed, tilesmith built):
    python3 scripts/gpu/compare_asm.py TILESMITH_BINARY OUT_DIR [NAME_PREFIX...]
For each kernel below, Triton compiles it with the benchmark's launch (one launch at the
benchmark's size), and `tilesmith emit --ptx / --sass` compiles the same source with the same
signature. OUT_DIR receives <name>.triton.{ptx,sass}, <name>.tilesmith.{ptx,sass} and
summary.txt (registers, spills, shared memory, instruction counts by opcode class), to read side
by side when a kernel is slower than Triton's. A development tool: nothing in the product uses it.
"""

import collections
import importlib.util
import os
import re
import subprocess
import sys

import torch

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def load(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], os.path.join(ROOT, path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def cases():
    """(name, bench file, kernel name, tilesmith signature, launch(mod) -> CompiledKernel)."""
    dev = "cuda"

    def gelu(m):
        x = torch.randn(2**20, device=dev, dtype=torch.float16)
        y = torch.empty_like(x)
        return m.gelu_kernel[(1024, )](x, y, x.numel(), BLOCK_SIZE=1024)

    def lns(n):

        def launch(m):
            x, w, b = m.inputs_of(8192, n)
            out = torch.empty_like(x)
            mean = torch.empty(8192, device=dev, dtype=torch.float32)
            rstd = torch.empty(8192, device=dev, dtype=torch.float32)
            block, warps = m.launch_config(n)
            return m.layer_norm_swish_kernel[(8192, )](x, out, n, mean, rstd, b, w, 1e-5, BLOCK_SIZE=block,
                                                       SWISH_BETA=1.0, num_warps=warps)

        return launch

    def softmax(m):
        x = torch.randn(4096, 4096, device=dev, dtype=torch.float32)
        y = torch.empty_like(x)
        return m.softmax_kernel[(4096, )](y, x, 4096, 4096, 4096, num_warps=16, BLOCK_SIZE=4096)

    def vadd(m):
        x = torch.randn(2**20, device=dev)
        y = torch.randn(2**20, device=dev)
        o = torch.empty_like(x)
        return m.add_kernel[(256, )](x, y, o, x.numel(), BLOCK_SIZE=4096)

    def swish(block):

        def launch(m):
            x = torch.randn(2**24, device=dev)
            y = torch.empty_like(x)
            return m.swish_kernel[(2**24 // block, )](x, y, x.numel(), 1.0, BLOCK_SIZE=block)

        return launch

    def attention(head_dim):

        def launch(m):
            q, k, v = (torch.randn(m.BATCH, m.HEADS, 4096, head_dim, device=dev, dtype=torch.float16)
                       for _ in range(3))
            o = torch.empty_like(q)
            return m.attn_fwd[(4096 // 128, m.BATCH * m.HEADS)](
                q, k, v, o, 0.5, 4096, *q.stride(), *k.stride(), *v.stride(), *o.stride(), H=m.HEADS,
                HEAD_DIM=head_dim, BLOCK_M=128, BLOCK_N=64, CAUSAL=False, num_warps=8)

        return launch

    def matmul(dtype, warps, stages, bm, bn, bk):

        def launch(m):
            a = torch.randn(4096, 4096, device=dev, dtype=dtype)
            b = torch.randn(4096, 4096, device=dev, dtype=dtype)
            c = torch.empty_like(a)
            grid = (4096 // bm * 4096 // bn, )
            return m.matmul_kernel.fn[grid](a, b, c, 4096, 4096, 4096, 4096, 1, 4096, 1, 4096, 1,
                                            BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                                            ACTIVATION="", num_warps=warps, num_stages=stages)

        return launch

    def matmul_sig(t, warps, stages, bm, bn, bk):
        return (f"a_ptr=*{t}:16, b_ptr=*{t}:16, c_ptr=*{t}:16, M=i32:16, N=i32:16, K=i32:16, "
                "stride_am=i32:16, stride_ak=1, stride_bk=i32:16, stride_bn=1, stride_cm=i32:16, stride_cn=1, "
                f"BLOCK_SIZE_M={bm}, BLOCK_SIZE_N={bn}, BLOCK_SIZE_K={bk}, GROUP_SIZE_M=8, ACTIVATION='', "
                f"num_warps={warps}, num_stages={stages}")

    strides = ", ".join(f"stride_{t}{d}=" + ("1" if d == "k" else "i32:16") for t in "qkvo"
                        for d in ("z", "h", "m" if t in "qo" else "n", "k"))
    attn_sig = ("Q=*fp16:16, K=*fp16:16, V=*fp16:16, Out=*fp16:16, sm_scale=fp32, N_CTX=i32:16, " + strides
                + ", H=32, HEAD_DIM={d}, BLOCK_M=128, BLOCK_N=64, CAUSAL=False, num_warps=8")
    lns_sig = ("input_ptr=*fp16:16, output_ptr=*fp16:16, n_cols=i32:16, mean=*fp32:16, rstd=*fp32:16, "
               "beta=*fp16:16, gamma=*fp16:16, eps=fp32, BLOCK_SIZE={n}, SWISH_BETA=1.0, num_warps={w}")
    return [
        ("gelu_fp16", "bench/gpu/gelu_fp16.py", "gelu_kernel",
         "x_ptr=*fp16:16, out_ptr=*fp16:16, n_elements=i32:16, BLOCK_SIZE=1024", gelu),
        ("lns_4096", "bench/gpu/layernorm_swish_fp16.py", "layer_norm_swish_kernel", lns_sig.format(n=4096, w=8),
         lns(4096)),
        ("lns_8192", "bench/gpu/layernorm_swish_fp16.py", "layer_norm_swish_kernel", lns_sig.format(n=8192, w=8),
         lns(8192)),
        ("softmax_4096", "bench/gpu/softmax.py", "softmax_kernel",
         "output_ptr=*fp32:16, input_ptr=*fp32:16, input_row_stride=i32:16, output_row_stride=i32:16, "
         "n_cols=i32:16, BLOCK_SIZE=4096, num_warps=16", softmax),
        ("swish_4096", "bench/gpu/swish.py", "swish_kernel",
         "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE=4096", swish(4096)),
        ("swish_1024", "bench/gpu/swish.py", "swish_kernel",
         "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE=1024", swish(1024)),
        ("attention_d128_full", "bench/gpu/flash_attention.py", "attn_fwd", attn_sig.format(d=128), attention(128)),
        ("attention_d64_full", "bench/gpu/flash_attention.py", "attn_fwd", attn_sig.format(d=64), attention(64)),
        ("matmul_fp16_128x256x64", "bench/gpu/matmul.py", "matmul_kernel", matmul_sig("fp16", 8, 3, 128, 256, 64),
         matmul(torch.float16, 8, 3, 128, 256, 64)),
        ("matmul_fp16_128x128x32", "bench/gpu/matmul.py", "matmul_kernel", matmul_sig("fp16", 4, 4, 128, 128, 32),
         matmul(torch.float16, 4, 4, 128, 128, 32)),
        ("vadd_4096", "bench/gpu/vector_add.py", "add_kernel",
         "x_ptr=*fp32:16, y_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, BLOCK_SIZE=4096", vadd),
    ]


def sass_classes(sass):
    ops = collections.Counter()
    for line in sass.splitlines():
        m = re.match(r"\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", line)
        if m:
            ops[m.group(1).split(".")[0]] += 1
    return ops


def main():
    tsm, out, only = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    summary = []
    for name, path, kernel, sig, launch in cases():
        if only and not any(name.startswith(o) for o in only):
            continue
        try:
            mod = load(path)
            k = launch(mod)
            torch.cuda.synchronize()
            ptx = k.asm["ptx"]
            sass = k.asm.get("sass") if hasattr(k.asm, "get") else None
            if not sass:
                cubin = os.path.join(out, name + ".cubin")
                open(cubin, "wb").write(k.asm["cubin"])
                sass = subprocess.run(["cuobjdump", "-sass", cubin], capture_output=True, text=True).stdout
                os.remove(cubin)
            open(os.path.join(out, name + ".triton.ptx"), "w").write(ptx)
            open(os.path.join(out, name + ".triton.sass"), "w").write(sass)
            summary.append(f"{name} triton: regs {k.n_regs} spills {k.n_spills} shared {k.metadata.shared} "
                           f"warps {k.metadata.num_warps}\n  {dict(sass_classes(sass).most_common(25))}")
        except Exception as e:  # keep going: the other kernels still say something
            summary.append(f"{name} triton: {type(e).__name__}: {e}")
        for stage in ["ptx", "sass"]:
            r = subprocess.run([tsm, "emit", os.path.join(ROOT, path), "--kernel", kernel, "--signature", sig,
                                "--" + stage], capture_output=True, text=True)
            open(os.path.join(out, f"{name}.tilesmith.{stage}"), "w").write(r.stdout + r.stderr)
            if stage == "sass":
                summary.append(f"{name} tilesmith (rc {r.returncode}): {r.stderr.strip()[:400]}\n"
                               f"  {dict(sass_classes(r.stdout).most_common(25))}")
    open(os.path.join(out, "summary.txt"), "w").write("\n".join(summary) + "\n")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
