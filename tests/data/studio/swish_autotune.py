"""
Swish activation in Triton, autotuned
=====================================
swish(x) = x * sigmoid(beta * x) = x / (1 + exp(-beta * x))

The swish example with its block size and warps chosen by @triton.autotune (the seed
article's "4.1 automatic tuning"): every config is timed once per vector length and the
fastest is launched. Runs unchanged with `python swish_autotune.py` and with
`tilesmith run / test / bench swish_autotune.py`.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def prune_small_blocks(configs, named_args, **kwargs):
    # A block with fewer elements than threads leaves lanes idle.
    return [c for c in configs if c.kwargs['BLOCK_SIZE'] >= 32 * c.num_warps]


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_SIZE': 128}, num_warps=8),
        triton.Config({'BLOCK_SIZE': 256}, num_warps=2),
        triton.Config({'BLOCK_SIZE': 512}, num_warps=4),
        triton.Config({'BLOCK_SIZE': 1024}, num_warps=4),
        triton.Config({'BLOCK_SIZE': 1024}, num_warps=8),
        triton.Config({'BLOCK_SIZE': 2048}, num_warps=8),
        triton.Config({'BLOCK_SIZE': 4096}, num_warps=8),
        triton.Config({'BLOCK_SIZE': 65536}, num_warps=8),
    ],
    key=['n_elements'],
    prune_configs_by={'early_config_prune': prune_small_blocks},
)
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


def triton_swish(x: torch.Tensor, beta=1.0):
    output = torch.empty_like(x)
    n_elements = output.numel()
    # One program per block; the grid reads the tuned BLOCK_SIZE from the meta-parameters.
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    swish_kernel[grid](x, output, n_elements, beta)
    return output


def test_swish():
    torch.manual_seed(0)
    # 1000 and 98432 are not multiples of the block size: the mask matters there (1000 comes
    # first, so a wrong mask shows at the tail of a long vector).
    for size in [1000, 1024, 98432, 1]:
        for beta in [1.0, 1.702]:
            x = torch.randn(size, device=DEVICE, dtype=torch.float32)
            expected = x * torch.sigmoid(beta * x)
            actual = triton_swish(x, beta=beta)
            torch.testing.assert_close(actual, expected)


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['size'],  # the x axis: number of elements
        x_vals=[2**i for i in range(12, 29, 2)],  # 2^12 ... 2^28
        x_log=True,
        line_arg='provider',  # one line per implementation
        line_vals=['triton', 'torch'],
        line_names=['Triton', 'Torch'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='GB/s',
        plot_name='swish-performance',
        args={},
    ))
def benchmark(size, provider):
    x = torch.randn(size, device=DEVICE, dtype=torch.float32)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        # silu is swish with beta = 1, fused into one PyTorch kernel.
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: torch.nn.functional.silu(x), quantiles=quantiles)
    if provider == 'triton':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: triton_swish(x), quantiles=quantiles)
    # Each element is read once and written once.
    gbps = lambda ms: 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_swish()
    print("test_swish passed")
    benchmark.run(print_data=True, show_plots=False)
