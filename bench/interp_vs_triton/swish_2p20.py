"""
Interpreter throughput benchmark (a): the seed's swish over 2^20 fp32 elements, BLOCK_SIZE=1024
(1024 programs). Pure Triton + torch, so it runs unchanged under Python and under
`tilesmith run`. `launch()` runs the kernel once; `check()` verifies the last result.
`time_triton_interpreter.py` imports this file and times `launch()` under Triton's own
interpreter (TRITON_INTERPRET=1); run as a program, it times itself with do_bench (on
Tilesmith's interpreter backend, do_bench measures CPU time).
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()

NAME = "swish_2p20"
N_ELEMENTS = 2**20
BLOCK_SIZE = 1024


@triton.jit
def swish_kernel(
    x_ptr,  # pointer to the input vector
    output_ptr,  # pointer to the output vector
    n_elements,  # number of elements in both vectors
    beta: tl.constexpr,  # slope of the sigmoid, fixed at compile time
    BLOCK_SIZE: tl.constexpr,  # elements handled by one program
):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    numerator = x
    denominator = 1.0 + tl.exp(-beta * x)
    output = numerator / denominator
    tl.store(output_ptr + offsets, output, mask=mask)


torch.manual_seed(0)
x = torch.randn(N_ELEMENTS, device=DEVICE, dtype=torch.float32)
output = torch.empty_like(x)


def launch():
    grid = (triton.cdiv(N_ELEMENTS, BLOCK_SIZE), )
    swish_kernel[grid](x, output, N_ELEMENTS, 1.0, BLOCK_SIZE=BLOCK_SIZE)
    return output


def check():
    torch.testing.assert_close(output, x * torch.sigmoid(x))


if __name__ == "__main__":
    launch()
    check()
    ms = triton.testing.do_bench(launch, warmup=50, rep=1000, return_mode="median")
    print(f"RESULT name={NAME} seconds_per_launch={ms / 1000.0:.6g}")
