# API uses written for other Triton versions, behind guards the API check leaves alone:
# try/except imports, version tests, hasattr / getattr probes and feature flags.
import inspect

import torch
import triton
import triton.language as tl

try:
    from triton.language.extra.libdevice import tanh as _tanh
except ImportError:
    from triton.language.math import tanh as _tanh

try:
    _fast_exp = tl.math.exp2
except AttributeError:
    _fast_exp = tl.exp2

if hasattr(triton.language, "_experimental_make_tensor_descriptor"):
    # For Triton 3.3.x
    make_tensor_descriptor = triton.language._experimental_make_tensor_descriptor
elif hasattr(triton.language, "make_tensor_descriptor"):
    # For Triton 3.4.x and later
    make_tensor_descriptor = triton.language.make_tensor_descriptor
else:
    make_tensor_descriptor = None

TRITON_VERSION = tuple(int(part) for part in triton.__version__.split(".")[:2])
if TRITON_VERSION >= (3, 0):
    libdevice_tanh = tl.extra.cuda.libdevice.tanh
else:
    libdevice_tanh = tl.math.tanh

HAS_TMA = hasattr(tl, "tensor_descriptor")
old_style = tl.math.tanh if TRITON_VERSION < (3, 0) else None
maybe = getattr(tl, "experimental_descriptor_load", None)
if hasattr(tl, "experimental_descriptor_load"):
    loader = tl.experimental_descriptor_load


@triton.jit
def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, _tanh(x) + _fast_exp(x), mask=mask)


def run(x):
    y = torch.empty_like(x)
    kernel[(triton.cdiv(x.numel(), 1024), )](x, y, x.numel(), BLOCK=1024)
    return y, old_style, maybe, make_tensor_descriptor, libdevice_tanh, HAS_TMA


def peak_tflops(dtype):
    # Signature probes guard calls written for other versions, as torch._inductor does.
    from triton.testing import get_max_simd_tflops, get_max_tensorcore_tflops
    if inspect.signature(get_max_simd_tflops).parameters.get("clock_rate"):
        return get_max_tensorcore_tflops(dtype, 1410)
    else:
        return get_max_tensorcore_tflops(dtype)
