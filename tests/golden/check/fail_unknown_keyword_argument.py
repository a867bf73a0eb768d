# UnknownKeywordArgument: keywords a registry function does not have (including Triton 2.x
# keywords that 3.x removed), in kernels and in decorators.
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4)], key=["n"], warm_up=10)  # CHECK-ERROR: UnknownKeywordArgument: autotune() got an unexpected keyword argument 'warm_up'
@triton.jit
def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0, evict="evict_last")  # CHECK-ERROR: UnknownKeywordArgument: load() got an unexpected keyword argument 'evict'
    s = tl.sum(x, dim=0)  # CHECK-ERROR: UnknownKeywordArgument: sum() got an unexpected keyword argument 'dim'
    acc = tl.dot(x[:, None], x[None, :], trans_a=True)  # CHECK-ERROR: UnknownKeywordArgument: dot() got an unexpected keyword argument 'trans_a'
    tl.store(y_ptr + offs, x + s + tl.sum(acc, axis=0), mask=offs < n)


cfg = triton.Config({"BLOCK": 64}, num_warps=4, num_stage=2)  # CHECK-ERROR: UnknownKeywordArgument: Config() got an unexpected keyword argument 'num_stage'
# CHECK-NOTE@-1: UnknownKeywordArgument: did you mean 'num_stages'?
