"""
Tensor descriptors made inside kernels (tl.make_tensor_descriptor) and on the host
(triton.tools.tensor_descriptor.TensorDescriptor): a tiled 2-D copy whose edge
tiles hang over the tensor (out-of-bounds loads read 0, stores are dropped), padding_option="nan"
with negative offsets, a tiled matmul whose A, B and C go through descriptors (tutorial 09's
style, ragged M, N, K; B also as an (N, K) tensor transposed per tile), the free
tl.load/store_tensor_descriptor forms with desc.shape and desc.strides, a 3-D descriptor, atomic_add through a descriptor, row gather / scatter, host
descriptors passed to kernels (from_tensor, NaN padding, an autotuned matmul whose pre_hook sets
each config's block shapes, as tutorial 09 does) and TensorDescriptor's own checks.
Shapes keep every stride a multiple of 16 bytes, as TMA on a GPU requires.
"""

import pytest
import torch

import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def alloc_fn(size, alignment, stream):
    # Triton keeps device-built descriptors in global scratch memory from this allocator.
    return torch.empty(size, device=DEVICE, dtype=torch.int8)


triton.set_allocator(alloc_fn)


@triton.jit
def copy_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    y_desc = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    y_desc.store([m, n], x_desc.load([m, n]) * 2)


@pytest.mark.parametrize("M, N", [(1, 8), (3, 8), (16, 32), (33, 40), (100, 72)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int32])
def test_copy(M, N, dtype):
    torch.manual_seed(0)
    x = (torch.randn(M, N, device=DEVICE) * 100).to(dtype)
    y = torch.full((M, N), -1, device=DEVICE, dtype=dtype)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 32))
    copy_kernel[grid](x, y, M, N, BM=16, BN=32)
    assert torch.equal(y, x * 2)


@triton.jit
def padded_tile_kernel(x_ptr, out_ptr, M, N, off_m, off_n, BM: tl.constexpr, BN: tl.constexpr,
                       PADDING: tl.constexpr):
    # The whole tile at (off_m, off_n), wherever it lies, out-of-bounds elements padded.
    desc = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BM, BN], padding_option=PADDING)
    tile = desc.load([off_m, off_n])
    offs = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    tl.store(out_ptr + offs, tile)


@pytest.mark.parametrize("off_m, off_n", [(0, 0), (-3, -4), (10, 4), (-20, 0), (4, 100)])
@pytest.mark.parametrize("padding", ["zero", "nan"])
def test_padding(off_m, off_n, padding):
    M, N, BM, BN = 12, 16, 8, 16
    x = torch.arange(M * N, device=DEVICE, dtype=torch.float32).reshape(M, N)
    out = torch.empty(BM, BN, device=DEVICE, dtype=torch.float32)
    padded_tile_kernel[(1, )](x, out, M, N, off_m, off_n, BM=BM, BN=BN, PADDING=padding)
    fill = float("nan") if padding == "nan" else 0.0
    ref = torch.full((BM, BN), fill, device=DEVICE, dtype=torch.float32)
    for i in range(BM):
        for j in range(BN):
            r, c = off_m + i, off_n + j
            if 0 <= r < M and 0 <= c < N:
                ref[i, j] = x[r, c]
    torch.testing.assert_close(out, ref, equal_nan=True, rtol=0, atol=0)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([off_m, k * BK])
        b = b_desc.load([k * BK, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(c_desc.dtype))


@pytest.mark.parametrize("M, N, K", [(64, 64, 64), (50, 72, 88), (8, 8, 8), (130, 24, 200)])
def test_matmul(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float16)
    c = torch.empty(M, N, device=DEVICE, dtype=torch.float16)
    BM, BN, BK = 64, 32, 32
    matmul_kernel[(triton.cdiv(M, BM), triton.cdiv(N, BN))](a, b, c, M, N, K, BM=BM, BN=BN, BK=BK)
    ref = (a.to(torch.float64) @ b.to(torch.float64)).to(torch.float16)
    torch.testing.assert_close(c, ref, atol=2e-2, rtol=1e-2)


@triton.jit
def matmul_bt_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Tutorial 09's descriptor kernel: B is (N, K) and each tile is transposed for the dot.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([off_m, k * BK]), b_desc.load([off_n, k * BK]).T, acc)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


@pytest.mark.parametrize("M, N, K", [(64, 64, 64), (50, 72, 88), (130, 24, 200)])
def test_matmul_transposed_b(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(N, K, device=DEVICE, dtype=torch.float16)
    c = torch.empty(M, N, device=DEVICE, dtype=torch.float16)
    BM, BN, BK = 64, 64, 32
    matmul_bt_kernel[(triton.cdiv(M, BM), triton.cdiv(N, BN))](a, b, c, M, N, K, BM=BM, BN=BN, BK=BK)
    ref = (a.to(torch.float64) @ b.to(torch.float64).T).to(torch.float16)
    torch.testing.assert_close(c, ref, atol=2e-2, rtol=1e-2)


@triton.jit
def _maybe_make_tensor_desc(desc_or_ptr, shape, strides, block_shape):
    # Tutorial 06's helper: a descriptor passes through, a pointer gets one.
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, shape, strides, block_shape)


@triton.jit
def row_shift_kernel(x_ptr, y_ptr, M, N, BN: tl.constexpr):
    # y[m, :] = x[m, :] + (number of rows + row stride), through the free-function forms.
    x_desc = _maybe_make_tensor_desc(x_ptr, [M, N], [N, 1], [1, BN])
    y_desc = _maybe_make_tensor_desc(tl.make_tensor_descriptor(y_ptr, [M, N], [N, 1], [1, BN]), [M, N], [N, 1],
                                     [1, BN])
    m = tl.program_id(0)
    for n in range(0, N, BN):
        row = tl.load_tensor_descriptor(x_desc, [m, n])
        shift = x_desc.shape[0] + x_desc.strides[0].to(tl.int32)
        tl.store_tensor_descriptor(y_desc, [m, n], row + shift)


@pytest.mark.parametrize("M, N", [(1, 4), (5, 100), (7, 260)])
def test_free_functions_and_attributes(M, N):
    x = torch.arange(M * N, device=DEVICE, dtype=torch.int32).reshape(M, N)
    y = torch.zeros(M, N, device=DEVICE, dtype=torch.int32)
    row_shift_kernel[(M, )](x, y, M, N, BN=64)
    assert torch.equal(y, x + (M + N))


@triton.jit
def batch_transpose_kernel(x_ptr, y_ptr, B, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # x: [B, M, N] contiguous; y: [B, N, M]; one [1, BM, BN] box per program.
    x_desc = tl.make_tensor_descriptor(x_ptr, [B, M, N], [M * N, N, 1], [1, BM, BN])
    y_desc = tl.make_tensor_descriptor(y_ptr, [B, N, M], [M * N, M, 1], [1, BN, BM])
    b = tl.program_id(0)
    m = tl.program_id(1) * BM
    n = tl.program_id(2) * BN
    tile = x_desc.load([b, m, n]).reshape(BM, BN)
    y_desc.store([b, n, m], tl.trans(tile).reshape(1, BN, BM))


@pytest.mark.parametrize("B, M, N", [(1, 8, 8), (3, 20, 24), (2, 64, 40)])
def test_3d(B, M, N):
    torch.manual_seed(0)
    x = torch.randn(B, M, N, device=DEVICE, dtype=torch.float32)
    y = torch.zeros(B, N, M, device=DEVICE, dtype=torch.float32)
    batch_transpose_kernel[(B, triton.cdiv(M, 16), triton.cdiv(N, 16))](x, y, B, M, N, BM=16, BN=16)
    assert torch.equal(y, x.transpose(1, 2))


@triton.jit
def accumulate_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Every program adds its [BM, BN] tile of x into the same tile of out.
    x_desc = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BM, BN])
    out_desc = tl.make_tensor_descriptor(out_ptr, [BM, BN], [BN, 1], [BM, BN])
    out_desc.atomic_add([0, 0], x_desc.load([tl.program_id(0) * BM, 0]))


@pytest.mark.parametrize("M", [4, 16, 37])
def test_atomic_add(M):
    N, BM, BN = 8, 4, 8
    x = torch.arange(M * N, device=DEVICE, dtype=torch.int32).reshape(M, N)
    out = torch.zeros(BM, BN, device=DEVICE, dtype=torch.int32)
    accumulate_kernel[(triton.cdiv(M, BM), )](x, out, M, N, BM=BM, BN=BN)
    padded = torch.zeros(triton.cdiv(M, BM) * BM, N, device=DEVICE, dtype=torch.int32)
    padded[:M] = x
    assert torch.equal(out, padded.reshape(-1, BM, BN).sum(0).to(torch.int32))


@triton.jit
def gather_rows_kernel(x_ptr, idx_ptr, out_ptr, M, N, col, ROWS: tl.constexpr, BN: tl.constexpr):
    # out[i, :] = x[idx[i], col:col + BN] (0 outside x); then those rows are scattered to x2.
    desc = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [1, BN])
    idx = tl.load(idx_ptr + tl.arange(0, ROWS))
    rows = desc.gather(idx, col)
    out_desc = tl.make_tensor_descriptor(out_ptr, [ROWS, BN], [BN, 1], [1, BN])
    out_desc.scatter(rows, tl.arange(0, ROWS), 0)


@pytest.mark.parametrize("col", [0, 16, 40])
def test_gather_scatter(col):
    M, N, ROWS, BN = 10, 64, 8, 32
    x = torch.arange(M * N, device=DEVICE, dtype=torch.float32).reshape(M, N)
    idx = torch.tensor([3, 0, 9, 12, -1, 3, 5, 1], device=DEVICE, dtype=torch.int32)
    out = torch.full((ROWS, BN), -1.0, device=DEVICE, dtype=torch.float32)
    gather_rows_kernel[(1, )](x, idx, out, M, N, col, ROWS=ROWS, BN=BN)
    ref = torch.zeros(ROWS, BN, device=DEVICE, dtype=torch.float32)
    for i, r in enumerate(idx.tolist()):
        for j in range(BN):
            if 0 <= r < M and col + j < N:
                ref[i, j] = x[r, col + j]
    assert torch.equal(out, ref)


@triton.jit
def host_copy_kernel(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr):
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    tile = x_desc.load([m, n])
    y_desc.store([m, n], tl.where(tile != tile, -7.0, tile))


@pytest.mark.parametrize("M, N", [(1, 4), (20, 36), (64, 64)])
@pytest.mark.parametrize("padding", ["zero", "nan"])
def test_host_descriptor(M, N, padding):
    # The output tile is larger than y: only its inside is written. NaN padding read from
    # outside x shows up as -7 where x is smaller than y.
    x = torch.arange(M * N, device=DEVICE, dtype=torch.float32).reshape(M, N)
    y = torch.full((M + 3, N + 4), 5.0, device=DEVICE, dtype=torch.float32)
    x_desc = TensorDescriptor.from_tensor(x, [16, 32], padding=padding)
    y_desc = TensorDescriptor(y, shape=list(y.shape), strides=list(y.stride()), block_shape=[16, 32])
    grid = (triton.cdiv(M + 3, 16), triton.cdiv(N + 4, 32))
    host_copy_kernel[grid](x_desc, y_desc, BM=16, BN=32)
    ref = torch.full((M + 3, N + 4), -7.0 if padding == "nan" else 0.0, device=DEVICE, dtype=torch.float32)
    ref[:M, :N] = x
    assert torch.equal(y, ref)


def _set_block_shapes(nargs):
    BM, BN, BK = nargs["BM"], nargs["BN"], nargs["BK"]
    nargs["a_desc"].block_shape = [BM, BK]
    nargs["b_desc"].block_shape = [BK, BN]
    nargs["c_desc"].block_shape = [BM, BN]


@triton.autotune(
    configs=[
        triton.Config({"BM": 64, "BN": 32, "BK": 32}, num_warps=4, pre_hook=_set_block_shapes),
        triton.Config({"BM": 32, "BN": 64, "BK": 16}, num_warps=4, pre_hook=_set_block_shapes),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def host_desc_matmul_kernel(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                            BK: tl.constexpr):
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([off_m, k * BK]), b_desc.load([k * BK, off_n]), acc)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


@pytest.mark.parametrize("M, N, K", [(64, 64, 64), (50, 72, 88)])
def test_host_descriptor_matmul(M, N, K):
    torch.manual_seed(0)
    a = torch.randn(M, K, device=DEVICE, dtype=torch.float16)
    b = torch.randn(K, N, device=DEVICE, dtype=torch.float16)
    c = torch.empty(M, N, device=DEVICE, dtype=torch.float16)
    dummy = [1, 1]
    a_desc = TensorDescriptor.from_tensor(a, dummy)
    b_desc = TensorDescriptor.from_tensor(b, dummy)
    c_desc = TensorDescriptor.from_tensor(c, dummy)

    def grid(meta):
        return (triton.cdiv(M, meta["BM"]), triton.cdiv(N, meta["BN"]))

    host_desc_matmul_kernel[grid](a_desc, b_desc, c_desc, M, N, K)
    ref = (a.to(torch.float64) @ b.to(torch.float64)).to(torch.float16)
    torch.testing.assert_close(c, ref, atol=2e-2, rtol=1e-2)


def test_host_descriptor_checks():
    x = torch.zeros(8, 6, device=DEVICE, dtype=torch.float32)
    with pytest.raises(AssertionError, match="strides must be 16-byte aligned"):
        TensorDescriptor.from_tensor(x, [8, 8])
    y = torch.zeros(8, 8, device=DEVICE, dtype=torch.float32)
    with pytest.raises(AssertionError, match="base must be 16-byte aligned"):
        TensorDescriptor(y[:, 1:], [8, 7], [8, 1], [8, 8])
    with pytest.raises(AssertionError, match="Last dimension must be contiguous"):
        TensorDescriptor(y, [8, 8], [16, 2], [8, 8])
    with pytest.raises(ValueError, match="must be a power of 2"):
        TensorDescriptor.from_tensor(y, [8, 6])
    with pytest.raises(AssertionError, match="Illegal value for padding"):
        TensorDescriptor.from_tensor(y, [8, 8], padding="inf")
    desc = TensorDescriptor.from_tensor(y, [4, 8])
    assert tuple(desc.shape) == (8, 8) and tuple(desc.strides) == (8, 1) and desc.block_shape == [4, 8]
