"""
Flash-attention forward written with block pointers (the shape of Triton's tutorial 06 before
tensor descriptors): one program per BLOCK_M query rows of one (batch, head), a loop over the
keys in BLOCK_N steps with an online softmax (running max m_i and sum l_i, exp2 with the scale
folded in), two `tl.dot`s per step (q @ k^T, then p @ v), K read through a transposed block
pointer, causal and not, head dims 64 and 128. The reference is softmax(q k^T * sm_scale) v in
float32.
"""

import pytest
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def attn_fwd(Q, K, V, Out, sm_scale, N_CTX,
             stride_qz, stride_qh, stride_qm, stride_qk,
             stride_kz, stride_kh, stride_kn, stride_kk,
             stride_vz, stride_vh, stride_vn, stride_vk,
             stride_oz, stride_oh, stride_om, stride_ok,
             H: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H
    q_offset = off_z * stride_qz + off_h * stride_qh
    k_offset = off_z * stride_kz + off_h * stride_kh
    v_offset = off_z * stride_vz + off_h * stride_vh
    o_offset = off_z * stride_oz + off_h * stride_oh
    Q_block_ptr = tl.make_block_ptr(base=Q + q_offset, shape=(N_CTX, HEAD_DIM), strides=(stride_qm, stride_qk),
                                    offsets=(start_m * BLOCK_M, 0), block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))
    # K^T: a [HEAD_DIM, BLOCK_N] view of K's [N_CTX, HEAD_DIM] rows.
    K_block_ptr = tl.make_block_ptr(base=K + k_offset, shape=(HEAD_DIM, N_CTX), strides=(stride_kk, stride_kn),
                                    offsets=(0, 0), block_shape=(HEAD_DIM, BLOCK_N), order=(0, 1))
    V_block_ptr = tl.make_block_ptr(base=V + v_offset, shape=(N_CTX, HEAD_DIM), strides=(stride_vn, stride_vk),
                                    offsets=(0, 0), block_shape=(BLOCK_N, HEAD_DIM), order=(1, 0))
    O_block_ptr = tl.make_block_ptr(base=Out + o_offset, shape=(N_CTX, HEAD_DIM), strides=(stride_om, stride_ok),
                                    offsets=(start_m * BLOCK_M, 0), block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # 1 / ln(2)
    q = tl.load(Q_block_ptr)
    hi = (start_m + 1) * BLOCK_M if CAUSAL else N_CTX
    for start_n in range(0, hi, BLOCK_N):
        k = tl.load(K_block_ptr)
        qk = tl.dot(q, k)
        if CAUSAL:
            mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(V_block_ptr)
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_ij
        K_block_ptr = tl.advance(K_block_ptr, (0, BLOCK_N))
        V_block_ptr = tl.advance(V_block_ptr, (BLOCK_N, 0))
    acc = acc / l_i[:, None]
    tl.store(O_block_ptr, acc.to(Out.type.element_ty))


def attention(q, k, v, causal, sm_scale, block_m=64, block_n=64, num_warps=4):
    Z, H, N_CTX, HEAD_DIM = q.shape
    o = torch.empty_like(q)
    grid = (triton.cdiv(N_CTX, block_m), Z * H)
    attn_fwd[grid](q, k, v, o, sm_scale, N_CTX,
                   q.stride(0), q.stride(1), q.stride(2), q.stride(3),
                   k.stride(0), k.stride(1), k.stride(2), k.stride(3),
                   v.stride(0), v.stride(1), v.stride(2), v.stride(3),
                   o.stride(0), o.stride(1), o.stride(2), o.stride(3),
                   H=H, HEAD_DIM=HEAD_DIM, BLOCK_M=block_m, BLOCK_N=block_n, CAUSAL=causal,
                   num_warps=num_warps)
    return o


def reference(q, k, v, causal, sm_scale):
    s = torch.matmul(q.float(), k.float().transpose(2, 3)) * sm_scale
    if causal:
        n = q.shape[2]
        keep = torch.tril(torch.ones(n, n, device=q.device, dtype=torch.bool))
        s = torch.where(keep, s, torch.full_like(s, float("-inf")))
    return torch.matmul(torch.softmax(s, dim=-1), v.float())


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("head_dim", [64, 128])
def test_attention(causal, head_dim):
    torch.manual_seed(0)
    Z, H, N_CTX = 1, 2, 128
    q = torch.randn(Z, H, N_CTX, head_dim, device=DEVICE, dtype=torch.float16)
    k = torch.randn(Z, H, N_CTX, head_dim, device=DEVICE, dtype=torch.float16)
    v = torch.randn(Z, H, N_CTX, head_dim, device=DEVICE, dtype=torch.float16)
    sm_scale = 0.5
    o = attention(q, k, v, causal, sm_scale)
    torch.testing.assert_close(o.float(), reference(q, k, v, causal, sm_scale), atol=2e-2, rtol=2e-2)
