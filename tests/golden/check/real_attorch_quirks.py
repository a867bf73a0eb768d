# Idioms of attorch: activation dispatch over a string constexpr with `output` bound only in the
# branches (the first branch an `if`, not an `elif`), parameters shadowing builtins (`input`),
# None passed to a jit helper, tl.dot(allow_tf32=...), heuristics mixing a function and a
# lambda, annotated config factories and parenthesized multi-line pointer arithmetic.
from typing import Dict, List

import triton
import triton.language as tl
from triton import next_power_of_2


@triton.jit
def apply_act(input, param, act_func: tl.constexpr):
    """Applies the activation named by act_func; param is None unless it takes one."""
    if act_func == 'sigmoid':
        output = 1 / (1 + tl.exp(-input.to(tl.float32)))

    if act_func == 'relu':
        output = tl.maximum(0, input)

    elif act_func == 'leaky_relu':
        output = tl.maximum(0, input) + param * tl.minimum(0, input)

    elif act_func == 'gelu':
        output = 0.5 * input * (1 + tl.math.erf(0.707106781 * input))

    return output


@triton.jit
def gated(input1, input2, act_func: tl.constexpr):
    return input1 * apply_act(input2, None, act_func)


@triton.jit
def accum_linear(accum, input1, input2, fp16: tl.constexpr, tf32: tl.constexpr):
    if fp16:
        input1 = input1.to(tl.float16)
        input2 = input2.to(tl.float16)
    return accum + tl.dot(input1, input2, allow_tf32=tf32)


def warps_kernel_configs() -> List[triton.Config]:
    return [triton.Config({}, num_warps=2**i) for i in range(6)]


def BLOCK_SIZE_BATCH_heuristic(args: Dict) -> int:
    return (min(max(1, next_power_of_2(args['batch_dim'] // 2 ** 10)), 128)
            if args['feat_dim'] < 64 else 1)


@triton.autotune(configs=warps_kernel_configs(), key=['batch_dim', 'feat_dim'])
@triton.heuristics({'BLOCK_SIZE_BATCH': BLOCK_SIZE_BATCH_heuristic,
                    'BLOCK_SIZE_FEAT': lambda args: next_power_of_2(args['feat_dim'])})
@triton.jit
def act_forward_kernel(
    input_pointer, output_pointer, batch_dim, feat_dim,
    input_batch_stride, input_feat_stride, param,
    act_func: tl.constexpr,
    BLOCK_SIZE_BATCH: tl.constexpr, BLOCK_SIZE_FEAT: tl.constexpr,
    ):
    batch_offset = tl.program_id(axis=0) * BLOCK_SIZE_BATCH + tl.arange(0, BLOCK_SIZE_BATCH)
    feat_offset = tl.arange(0, BLOCK_SIZE_FEAT)
    mask = (batch_offset < batch_dim)[:, None] & (feat_offset < feat_dim)[None, :]
    input_pointer += (input_batch_stride * batch_offset[:, None] +
                      input_feat_stride * feat_offset[None, :])
    input = tl.load(input_pointer, mask=mask, other=-float('inf'))
    tl.store(output_pointer + (batch_offset[:, None] * feat_dim + feat_offset[None, :]),
             apply_act(input, param, act_func),
             mask=mask)
