"""
Layer-norm forward in the style of Triton's tutorial 05: one program per row, a runtime `for`
loop over the row in BLOCK_SIZE chunks (rows longer than one block), mean and rstd written out,
weight and bias applied. fp32 and fp16 inputs (statistics in fp32).
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def _layer_norm_fwd_fused(
    X,  # pointer to the input
    Y,  # pointer to the output
    W,  # pointer to the weights
    B,  # pointer to the biases
    Mean,  # pointer to the mean
    Rstd,  # pointer to the 1/std
    stride,  # how much to increase the pointer when moving by 1 row
    N,  # number of columns in X
    eps,  # epsilon to avoid division by zero
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    # Mean.
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    # Variance.
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    # Normalize and apply the linear transformation.
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


def layer_norm(x, weight, bias, eps, block_size):
    y = torch.empty_like(x)
    M, N = x.shape
    mean = torch.empty((M, ), dtype=torch.float32, device=x.device)
    rstd = torch.empty((M, ), dtype=torch.float32, device=x.device)
    _layer_norm_fwd_fused[(M, )](x, y, weight, bias, mean, rstd, x.stride(0), N, eps, BLOCK_SIZE=block_size)
    return y, mean, rstd


@pytest.mark.parametrize("M, N, block_size", [(1, 1, 16), (3, 3, 16), (5, 100, 32), (7, 1000, 256), (33, 512, 128),
                                              (2, 3000, 1024)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_layer_norm(M, N, block_size, dtype):
    torch.manual_seed(0)
    eps = 1e-5
    x = (torch.randn(M, N, device=DEVICE, dtype=torch.float32) * 3.0 - 1.0).to(dtype)
    weight = torch.rand(N, device=DEVICE, dtype=dtype)
    bias = torch.rand(N, device=DEVICE, dtype=dtype)
    y, mean, rstd = layer_norm(x, weight, bias, eps, block_size)
    y_ref = torch.nn.functional.layer_norm(x.float(), (N, ), weight.float(), bias.float(), eps).to(dtype)
    xf = x.float()
    mean_ref = xf.mean(dim=1)
    var_ref = ((xf - mean_ref[:, None])**2).mean(dim=1)
    rstd_ref = 1.0 / torch.sqrt(var_ref + eps)
    if dtype == torch.float16:
        torch.testing.assert_close(y, y_ref, atol=1e-2, rtol=1e-2)
    else:
        torch.testing.assert_close(y, y_ref, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(mean, mean_ref, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(rstd, rstd_ref, atol=1e-3, rtol=1e-3)
