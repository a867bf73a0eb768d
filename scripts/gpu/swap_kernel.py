"""Time Tilesmith's cubin inside Triton's own launcher and do_bench, beside Triton's kernel.

Run on the GPU machine (real Triton installed, tilesmith built):
    python3 scripts/gpu/swap_kernel.py TILESMITH_BINARY OUT.json
For the seed's swish at BLOCK_SIZE 1024 and 4096, Triton compiles and launches its kernel once;
then its CompiledKernel's function handle is swapped for the same kernel built by Tilesmith
(`tilesmith emit --cubin`, same specialization), so Triton's launcher, allocator, L2 clearing
and do_bench time both kernels the same way. Alternating rounds, medians. When Tilesmith's
kernel is as fast as Triton's here but not under `tilesmith bench`, the difference is in the
harness, not the generated code. A development tool: nothing in the product uses it.
"""

import json
import os
import subprocess
import sys
import tempfile

import torch
import triton
import triton.language as tl

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


@triton.jit
def swish_kernel(x_ptr, output_ptr, n_elements, beta: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # bench/gpu/swish.py's kernel, statement for statement
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    numerator = x
    denominator = 1.0 + tl.exp(-beta * x)
    output = numerator / denominator
    tl.store(output_ptr + offsets, output, mask=mask)


def tilesmith_cubin(tsm, block):
    path = os.path.join(tempfile.mkdtemp(), f"swish_{block}.cubin")
    sig = f"x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE={block}"
    subprocess.run([tsm, "emit", os.path.join(ROOT, "bench/gpu/swish.py"), "--kernel", "swish_kernel",
                    "--signature", sig, "--cubin", path, "--arch", "sm_90"], check=True)
    return open(path, "rb").read()


def main():
    tsm, out = sys.argv[1], sys.argv[2]
    dev = torch.cuda.current_device()
    results = []
    for block in [1024, 4096]:
        for size in [2**20, 2**24, 2**28]:
            x = torch.randn(size, device="cuda")
            y = torch.empty_like(x)
            grid = (triton.cdiv(size, block), )
            launch = lambda: swish_kernel[grid](x, y, size, 1.0, BLOCK_SIZE=block)
            k = launch()
            k._init_handles()
            native = k.function
            mod, ours, regs, spills, *_ = triton.runtime.driver.active.utils.load_binary(
                "swish_kernel", tilesmith_cubin(tsm, block), 0, dev)
            # Both kernels give the same output first.
            k.function = ours
            launch()
            torch.cuda.synchronize()
            ok = torch.allclose(y, x * torch.sigmoid(x), rtol=1e-5, atol=1e-6)
            times = {"triton": [], "tilesmith": []}
            for _ in range(3):
                for name, fn in [("triton", native), ("tilesmith", ours)]:
                    k.function = fn
                    times[name].append(triton.testing.do_bench(launch, warmup=25, rep=100))
            k.function = native
            gbs = {n: 2 * size * 4 * 1e-9 / (min(t) * 1e-3) for n, t in times.items()}
            row = dict(block=block, size=size, correct=bool(ok), tilesmith_regs=regs, ms=times, gbs=gbs,
                       ratio=gbs["tilesmith"] / gbs["triton"])
            print(json.dumps(row), flush=True)
            results.append(row)
            del x, y
    json.dump(results, open(out, "w"), indent=1)


if __name__ == "__main__":
    main()
