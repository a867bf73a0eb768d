# Extern math functions in the style of Triton tutorial 07: libdevice through every import
# spelling Triton 3.x supports.
import torch

import triton
import triton.language as tl
import triton.language.extra.cuda.libdevice as cuda_libdevice
from triton.language.extra import libdevice
from triton.language.extra.cuda import libdevice as ld
from triton.language.math import exp2, rsqrt

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def asin_kernel(
    x_ptr,
    y_ptr,
    n_elements,
    BLOCK_SIZE: tl.constexpr,
):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    x = libdevice.asin(x)
    tl.store(y_ptr + offsets, x, mask=mask)


@triton.jit
def math_mix_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=1.0).to(tl.float32)
    a = ld.tanh(x) + cuda_libdevice.erf(x) + tl.extra.cuda.libdevice.pow(x, 2.0)
    b = libdevice.fast_expf(x) * tl.math.exp(x) - exp2(x) + rsqrt(x)
    c = tl.where(libdevice.isnan(a), 0.0, a) + libdevice.fma(a, b, 1.0)
    d = tl.math.fdiv(c, b, ieee_rounding=True) + tl.math.div_rn(c, b) + tl.math.sqrt_rn(x)
    e = tl.math.umulhi(offsets, offsets).to(tl.float32) + libdevice.llrint(x).to(tl.float32)
    tl.store(y_ptr + offsets, d + e, mask=mask)


torch.manual_seed(0)
size = 98432
x = torch.rand(size, device=DEVICE)
output_triton = torch.zeros(size, device=DEVICE)
output_torch = torch.asin(x)
assert x.is_cuda and output_triton.is_cuda
n_elements = output_torch.numel()
grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
asin_kernel[grid](x, output_triton, n_elements, BLOCK_SIZE=1024)
print(output_torch)
print(output_triton)
print(f'The maximum difference between torch and triton is '
      f'{torch.max(torch.abs(output_torch - output_triton))}')
math_mix_kernel[grid](x, output_triton, n_elements, BLOCK_SIZE=1024)
