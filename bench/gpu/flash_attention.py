"""
Flash-attention forward on tensor cores, written with block pointers (the kernel of
tests/programs/flash_attention.py: Triton's tutorial 06 before tensor descriptors), fp16, batch
4, 32 heads, head dims 64 and 128, causal and not, N_CTX 1024 to 4096 (issue 9's "Done when":
>= 0.9x Triton). One config per head dim (BLOCK_M 128, BLOCK_N 64, 8 warps), no autotuning,
so both builds compile the same specialization.

Runs unchanged with `python3 flash_attention.py` and with `tilesmith test / bench
flash_attention.py --backend cuda`. TFLOP/s from the two matmuls attention must do:
4 * Z * H * N_CTX^2 * HEAD_DIM FLOPs, halved when causal.
"""

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


def attention(q, k, v, causal, sm_scale, block_m=128, block_n=64, num_warps=8):
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


def test_attention():
    for causal in (False, True):
        for head_dim in (64, 128):
            torch.manual_seed(0)
            q, k, v = (torch.randn(1, 2, 256, head_dim, device=DEVICE, dtype=torch.float16) for _ in range(3))
            o = attention(q, k, v, causal, 0.5)
            torch.testing.assert_close(o.float(), reference(q, k, v, causal, 0.5), atol=2e-2, rtol=2e-2)


BATCH, HEADS = 4, 32


@triton.testing.perf_report([
    triton.testing.Benchmark(
        x_names=['N_CTX'],
        x_vals=[1024, 2048, 4096],
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='TFLOP/s',
        plot_name=f'attention-fwd-d{head_dim}-{"causal" if causal else "full"}',
        args={'head_dim': head_dim, 'causal': causal},
    ) for head_dim in (64, 128) for causal in (False, True)
])
def benchmark(N_CTX, provider, head_dim, causal):
    q, k, v = (torch.randn(BATCH, HEADS, N_CTX, head_dim, device=DEVICE, dtype=torch.float16) for _ in range(3))
    fn = lambda: attention(q, k, v, causal, 0.5)
    ms, min_ms, max_ms = triton.testing.do_bench(fn, warmup=25, rep=100, quantiles=[0.5, 0.2, 0.8])
    flops = 4 * BATCH * HEADS * N_CTX * N_CTX * head_dim * (0.5 if causal else 1.0)
    tflops = lambda ms: flops * 1e-12 / (ms * 1e-3)
    return tflops(ms), tflops(max_ms), tflops(min_ms)


if __name__ == "__main__":
    test_attention()
    print("attention tests passed")
    benchmark.run(print_data=True, show_plots=False)
