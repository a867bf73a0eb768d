# Layout habits of unsloth's kernel files that a checker must take in stride: `pass` closing
# every block, kernels wrapped by calling triton.jit / triton.heuristics on a plain def,
# one-line if/else bodies, bare annotations, `X .stride(0)`, backslash continuations (also
# inside a docstring), bare `except:`, whitespace-only lines and spaced keyword arguments.
import triton
import triton.language as tl
import torch

GROUP_SIZE : int = 4


def _scale_rows(
    Y, Y_row_stride : tl.constexpr,
    X, X_row_stride : tl.constexpr,
    n_cols     : tl.constexpr,
    BACKWARD   : tl.constexpr,
    BLOCK_SIZE : tl.constexpr,
):
    """
        Scales each row by its inverse norm; the backward pass flips the sign. A docstring \
        may hold a backslash-newline too.
    """
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    X += row * X_row_stride
    if BACKWARD: Y += row * Y_row_stride
    else:        Y += row * X_row_stride
    x = tl.load(X + cols, mask = mask, other = 0).to(tl.float32)
    inv = tl.math.rsqrt(tl.sum(x * x, axis = 0) / n_cols + 1e-6)
    
    y = x * inv if not BACKWARD else \
        -x * inv
    tl.store(Y + cols, y, mask = mask)
pass
_scale_rows = triton.jit(_scale_rows)
_scale_rows = triton.heuristics(
    {
        "BACKWARD": lambda args: bool(args["BACKWARD"]),
    }
)(_scale_rows)


class Fast_Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X : torch.Tensor, backward : bool = False):
        n_rows : int
        n_cols : int
        n_rows, n_cols = X.shape
        Y = torch.empty_like(X)
        _scale_rows[(n_rows,)](
            Y, Y .stride(0),
            X, X .stride(0),
            n_cols,
            BACKWARD   = backward,
            BLOCK_SIZE = triton.next_power_of_2(n_cols),
            num_warps  = 4,
        )
        return Y
    pass
pass


@torch.compiler.disable
def fast_scale(X, eps = None):
    eps = eps if \
        eps is not None \
        else 1e-6
    try:
        out = Fast_Scale.apply(X)
    except:
        out = X
    return out
pass
