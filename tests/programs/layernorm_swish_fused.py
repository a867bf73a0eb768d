"""
LayerNorm + Swish in one kernel (the fusion of the seed article's section 4.2).

The article's kernel, `layer_norm_swish_kernel(input_ptr, output_ptr, n_cols, mean, rstd, beta,
gamma, eps, BLOCK_SIZE)`, in four steps: compute the mean and the variance of a row together,
apply the LayerNorm formula, apply the Swish activation, write once. Here `mean` and `rstd` are
per-row outputs (as in Triton's layer-norm tutorial), `gamma`/`beta` are LayerNorm's weight and
bias, and the Swish slope is the constexpr SWISH_BETA. One program per row; the whole row fits
in one block (BLOCK_SIZE = next power of two of n_cols).
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def layer_norm_swish_kernel(
    input_ptr,  # [n_rows, n_cols], rows contiguous
    output_ptr,  # [n_rows, n_cols]
    n_cols,
    mean,  # [n_rows] output: mean of each row
    rstd,  # [n_rows] output: 1 / sqrt(var + eps) of each row
    beta,  # [n_cols] LayerNorm bias
    gamma,  # [n_cols] LayerNorm weight
    eps,
    BLOCK_SIZE: tl.constexpr,
    SWISH_BETA: tl.constexpr,
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(input_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    # Mean and variance of the row, computed together from one load.
    row_mean = tl.sum(x, axis=0) / n_cols
    centered = tl.where(mask, x - row_mean, 0.0)
    var = tl.sum(centered * centered, axis=0) / n_cols
    row_rstd = 1.0 / tl.sqrt(var + eps)
    tl.store(mean + row, row_mean)
    tl.store(rstd + row, row_rstd)
    # LayerNorm.
    w = tl.load(gamma + cols, mask=mask)
    b = tl.load(beta + cols, mask=mask)
    y = centered * row_rstd * w + b
    # Swish.
    out = y * tl.sigmoid(SWISH_BETA * y)
    # One write.
    tl.store(output_ptr + row * n_cols + cols, out, mask=mask)


def layer_norm_swish(x, weight, bias, eps=1e-5, swish_beta=1.0):
    assert x.is_contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    mean = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    rstd = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    layer_norm_swish_kernel[(n_rows, )](x, out, n_cols, mean, rstd, bias, weight, eps, BLOCK_SIZE=BLOCK_SIZE,
                                        SWISH_BETA=swish_beta)
    return out, mean, rstd


def reference(x, weight, bias, eps, swish_beta):
    y = torch.nn.functional.layer_norm(x, (x.shape[1], ), weight, bias, eps)
    return y * torch.sigmoid(swish_beta * y)


@pytest.mark.parametrize("n_rows, n_cols", [(1, 1), (1, 3), (3, 1), (7, 100), (5, 128), (33, 1000)])
@pytest.mark.parametrize("swish_beta", [1.0, 1.702])
def test_layer_norm_swish(n_rows, n_cols, swish_beta):
    torch.manual_seed(0)
    eps = 1e-5
    x = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * 2.0 + 0.5
    weight = torch.rand(n_cols, device=DEVICE, dtype=torch.float32) + 0.5
    bias = torch.randn(n_cols, device=DEVICE, dtype=torch.float32)
    out, mean, rstd = layer_norm_swish(x, weight, bias, eps, swish_beta)
    torch.testing.assert_close(out, reference(x, weight, bias, eps, swish_beta), atol=1e-4, rtol=1e-4)
    expected_mean = x.mean(dim=1)
    expected_var = ((x - expected_mean[:, None])**2).mean(dim=1)
    torch.testing.assert_close(mean, expected_mean, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(rstd, 1.0 / torch.sqrt(expected_var + eps), atol=1e-4, rtol=1e-4)


def test_layer_norm_swish_constant_rows():
    # A constant row has zero variance: the normalized value is 0 and the output is swish(bias).
    n_cols = 6
    x = torch.full((2, n_cols), 3.0, device=DEVICE, dtype=torch.float32)
    weight = torch.ones(n_cols, device=DEVICE, dtype=torch.float32)
    bias = torch.arange(n_cols, device=DEVICE, dtype=torch.float32) - 2.0
    out, mean, rstd = layer_norm_swish(x, weight, bias)
    expected = torch.zeros(2, n_cols, device=DEVICE) + (bias * torch.sigmoid(bias))[None, :]
    torch.testing.assert_close(out, expected)
    torch.testing.assert_close(mean, torch.full((2, ), 3.0, device=DEVICE))
