"""Kernel-only durations of the 2^20-element swish and vector add under real Triton, beside
do_bench's event time (issue 4: Tilesmith is 0.86-0.94x Triton there by do_bench, at parity from
2^24 up). Run on the GPU machine from the repository root:

    python3 scripts/gpu/small_kernel_durations.py

and compare with `tilesmith profile --mode bench bench/gpu/vector_add.py` (CUPTI Activity
durations of Tilesmith's launches under the same do_bench): equal kernel times mean the gap is
around the kernel (launch, L2 state), different ones that it is in the kernel.
"""
import importlib.util
import statistics

import torch
import triton


def load(path):
    spec = importlib.util.spec_from_file_location(path.replace("/", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def kernel_times_us(prof, name):
    out = []
    for e in prof.events():
        if name in e.name and str(getattr(e, "device_type", "")).endswith("CUDA"):
            out.append(e.time_range.elapsed_us())
    return out


def dump_cubins(directory):
    # Triton's cubins of the four 2^20 launches, for scripts/gpu/launch_overhead.cu.
    import os
    va = load("bench/gpu/vector_add.py")
    sw = load("bench/gpu/swish.py")
    n = 2**20
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    for block in (1024, 4096):
        k = va.add_kernel[(n // block, )](x, y, out, n, BLOCK_SIZE=block)
        open(os.path.join(directory, "triton_add_%d.cubin" % block), "wb").write(k.asm["cubin"])
        k = sw.swish_kernel[(n // block, )](x, out, n, 1.0, BLOCK_SIZE=block)
        open(os.path.join(directory, "triton_swish_%d.cubin" % block), "wb").write(k.asm["cubin"])


def main():
    va = load("bench/gpu/vector_add.py")
    sw = load("bench/gpu/swish.py")
    n = 2**20
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    cache = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int, device="cuda")
    cases = [("add_kernel", 1024, lambda: va.add(x, y, 1024)), ("add_kernel", 4096, lambda: va.add(x, y, 4096)),
             ("swish_kernel", 1024, lambda: sw.triton_swish(x, 1.0, 1024)),
             ("swish_kernel", 4096, lambda: sw.triton_swish(x, 1.0, 4096))]
    print("kernel BLOCK do_bench_us kernel_median_us kernel_min_us kernel_p80_us n")
    for name, block, fn in cases:
        fn()
        torch.cuda.synchronize()
        ms = triton.testing.do_bench(fn, warmup=25, rep=100)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            for _ in range(200):
                cache.zero_()
                fn()
            torch.cuda.synchronize()
        t = sorted(kernel_times_us(prof, name))
        if not t:
            print(name, block, "%.2f" % (ms * 1e3), "no kernel events")
            continue
        print(name, block, "%.2f" % (ms * 1e3), "%.2f" % statistics.median(t), "%.2f" % t[0],
              "%.2f" % t[int(len(t) * 0.8)], len(t))


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 3 and sys.argv[1] == "--dump":
        dump_cubins(sys.argv[2])
    else:
        main()
