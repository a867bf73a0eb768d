"""
Swish, fp32: the seed's kernel (resources/examples/swish.py), unchanged, benchmarked at 2^20,
2^24 and 2^28 elements with BLOCK_SIZE 1024 and 4096 (issue 4's "Done when": at 2^28 >= 95% of
the copy bandwidth and >= 1.0x Triton, at 2^20 >= 0.95x Triton).

Runs unchanged with `python3 swish.py` (Python + PyTorch + Triton) and with
`tilesmith test / bench swish.py --backend cuda`. Provider 'triton': the same kernel built by
Triton (under Python) or by Tilesmith; provider 'torch' (BLOCK_SIZE 1024's table): PyTorch eager
`x * torch.sigmoid(x)`, or Tilesmith's eager GPU ops. Bytes moved: one read and one write per
element.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def swish_kernel(
    x_ptr,  # pointer to the input vector
    output_ptr,  # pointer to the output vector
    n_elements,  # number of elements in both vectors
    beta: tl.constexpr,  # slope of the sigmoid, fixed at compile time
    BLOCK_SIZE: tl.constexpr,  # elements handled by one program
):
    # Each program handles one contiguous block of BLOCK_SIZE elements.
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    # The last block may run past the end of the vector: mask those lanes off.
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    # swish(x) = x * sigmoid(beta * x), written as one division.
    numerator = x
    denominator = 1.0 + tl.exp(-beta * x)
    output = numerator / denominator
    tl.store(output_ptr + offsets, output, mask=mask)


def triton_swish(x: torch.Tensor, beta=1.0, block_size=1024):
    output = torch.empty_like(x)
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    swish_kernel[grid](x, output, n_elements, beta, BLOCK_SIZE=block_size)
    return output


def test_swish():
    torch.manual_seed(0)
    # 1000 and 98432 are not multiples of either block size: the mask matters there.
    for size in [1, 1000, 4096, 98432]:
        for block_size in [1024, 4096]:
            x = torch.randn(size, device=DEVICE, dtype=torch.float32)
            expected = x * torch.sigmoid(x)
            torch.testing.assert_close(triton_swish(x, block_size=block_size), expected)


# Inputs are drawn once per size and shared by both block sizes: Tilesmith's harness draws random
# numbers on the host, and 2^28 of them take seconds there.
_inputs = {}


def random_input(size):
    if size not in _inputs:
        _inputs[size] = torch.randn(size, device=DEVICE, dtype=torch.float32)
    return _inputs[size]


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['size'],
        x_vals=[2**20, 2**24, 2**28],
        x_log=True,
        line_arg='provider',
        # The seed's comparison: the fused kernel against PyTorch eager `x * torch.sigmoid(x)`
        # (two kernels: the sigmoid's result goes through memory), once, with BLOCK_SIZE 1024.
        line_vals=['triton', 'torch'] if block_size == 1024 else ['triton'],
        line_names=['Triton', 'Torch'] if block_size == 1024 else ['Triton'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='GB/s',
        plot_name='swish-fp32-block' + str(block_size),
        args={'block_size': block_size},
    ) for block_size in [1024, 4096]
])
def benchmark(size, provider, block_size):
    x = random_input(size)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        fn = lambda: x * torch.sigmoid(x)
    else:
        fn = lambda: triton_swish(x, block_size=block_size)
    ms, min_ms, max_ms = triton.testing.do_bench(fn, warmup=25, rep=100, quantiles=quantiles)
    # Each element is read once and written once (the fused kernel's bytes, for both lines).
    gbps = lambda ms: 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_swish()
    print("test_swish passed")
    benchmark.run(print_data=True, show_plots=False)
