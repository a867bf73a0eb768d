# Activation and layer-norm kernels in the style of attorch: config generators, heuristics
# computing block sizes, activation functions picked by a constexpr string, names imported
# from triton directly, and an nn.Module wrapper.
from typing import List, Optional

import torch
import triton
import triton.language as tl
from torch import Tensor, nn
from triton import cdiv, next_power_of_2


def element_wise_kernel_configs(block_name: str = 'BLOCK_SIZE') -> List[triton.Config]:
    block_sizes = [64, 128, 256, 512, 1024]
    num_warps = [4, 4, 4, 4, 8]
    return [triton.Config({block_name: block_size}, num_warps=warps)
            for block_size, warps in zip(block_sizes, num_warps)]


def warps_kernel_configs() -> List[triton.Config]:
    return [triton.Config({}, num_warps=2**i) for i in range(6)]


@triton.jit
def sigmoid(input):
    return (1 / (1 + tl.exp(-input)))


@triton.jit
def tanh(input):
    return 2 * sigmoid(2 * input) - 1


@triton.jit
def relu(input):
    return tl.maximum(0, input)


@triton.jit
def gelu(input):
    cdf = 0.5 * (1 + tl.math.erf(0.707106781 * input))
    return cdf * input


@triton.jit
def silu(input):
    return (input * sigmoid(input))


@triton.jit
def leaky_relu(input, negative_slope):
    return relu(input) + negative_slope * tl.minimum(0, input)


@triton.jit
def apply_act_func(input, drop_p, seed, offset, param, act_func: tl.constexpr, dropout: tl.constexpr):
    if act_func == 'sigmoid':
        input = input.to(tl.float32)
        output = sigmoid(input)
    elif act_func == 'tanh':
        input = input.to(tl.float32)
        output = tanh(input)
    elif act_func == 'relu':
        output = relu(input)
    elif act_func == 'gelu':
        input = input.to(tl.float32)
        output = gelu(input)
    elif act_func == 'silu':
        input = input.to(tl.float32)
        output = silu(input)
    elif act_func == 'leaky_relu':
        output = leaky_relu(input, param)
    if dropout:
        random = tl.rand(seed, offset)
        output = tl.where(random < drop_p, 0, output / (1 - drop_p))
    return output


@triton.autotune(
    configs=element_wise_kernel_configs(),
    key=['size'],
)
@triton.jit
def act_func_forward_kernel(
    input_pointer, output_pointer, size,
    drop_p, seed, param,
    act_func: tl.constexpr, dropout: tl.constexpr,
    BLOCK_SIZE: tl.constexpr,
    ):
    pid = tl.program_id(axis=0)
    offset = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offset < size

    input = tl.load(input_pointer + offset, mask=mask)
    tl.store(output_pointer + offset,
             apply_act_func(input, drop_p, seed, offset, param, act_func, dropout),
             mask=mask)


@triton.autotune(
    configs=warps_kernel_configs(),
    key=['batch_dim', 'feat_dim'],
    restore_value=['mean_pointer', 'inv_std_pointer'],
)
@triton.heuristics({'BLOCK_SIZE_BATCH': lambda args: min(next_power_of_2(args['batch_dim']), 16),
                    'BLOCK_SIZE_FEAT': lambda args: next_power_of_2(args['feat_dim'])})
@triton.jit
def layer_norm_forward_kernel(
    input_pointer, weight_pointer, bias_pointer,
    mean_pointer, inv_std_pointer, output_pointer,
    batch_dim, feat_dim,
    input_batch_stride, input_feat_stride,
    output_batch_stride, output_feat_stride,
    eps,
    scale_by_weight: tl.constexpr, add_bias: tl.constexpr,
    save_stats: tl.constexpr,
    BLOCK_SIZE_BATCH: tl.constexpr, BLOCK_SIZE_FEAT: tl.constexpr,
    ):
    batch_pid = tl.program_id(axis=0)

    batch_offset = batch_pid * BLOCK_SIZE_BATCH + tl.arange(0, BLOCK_SIZE_BATCH)
    feat_offset = tl.arange(0, BLOCK_SIZE_FEAT)

    batch_mask = batch_offset < batch_dim
    feat_mask = feat_offset < feat_dim

    input_pointer += (input_batch_stride * batch_offset[:, None] +
                      input_feat_stride * feat_offset[None, :])
    output_pointer += (output_batch_stride * batch_offset[:, None] +
                       output_feat_stride * feat_offset[None, :])

    input = tl.load(input_pointer,
                    mask=batch_mask[:, None] & feat_mask[None, :]).to(tl.float32)
    mean = tl.sum(input, axis=1) / feat_dim
    diff = tl.where(feat_mask[None, :], input - mean[:, None], 0)
    inv_std = tl.rsqrt(tl.sum(diff * diff, axis=1) / feat_dim + eps)

    if save_stats:
        tl.store(mean_pointer + batch_offset, mean, mask=batch_mask)
        tl.store(inv_std_pointer + batch_offset, inv_std, mask=batch_mask)

    output = diff * inv_std[:, None]
    if scale_by_weight:
        weight = tl.load(weight_pointer + feat_offset, mask=feat_mask)
        output *= weight
        if add_bias:
            bias = tl.load(bias_pointer + feat_offset, mask=feat_mask)
            output += bias

    tl.store(output_pointer, output,
             mask=batch_mask[:, None] & feat_mask[None, :])


class ActFuncAutoGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input: Tensor, act_func: str, drop_p: float = 0.0,
                training: bool = False, param: Optional[float] = None) -> Tensor:
        ctx.act_func = act_func
        ctx.drop_p = drop_p
        ctx.dropout = drop_p > 0 and training
        seed = int(torch.randint(0, 2**31 - 1, (1,)).item()) if ctx.dropout else 0
        flattened_input = input.flatten()
        size = len(flattened_input)
        output = torch.empty_like(flattened_input)

        grid = lambda META: (cdiv(size, META['BLOCK_SIZE']),)
        act_func_forward_kernel[grid](flattened_input, output, size, drop_p, seed,
                                      param if param is not None else 0.0,
                                      act_func, ctx.dropout)
        ctx.seed = seed
        return output.view_as(input)


class Sigmoid(nn.Sigmoid):
    def __init__(self, drop_p: float = 0.0) -> None:
        super().__init__()
        self.drop_p = drop_p

    def forward(self, input: Tensor) -> Tensor:
        return ActFuncAutoGrad.apply(input, 'sigmoid', self.drop_p, self.training)
