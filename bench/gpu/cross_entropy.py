"""
Cross-entropy forward, fp32 logits over a 32768-word vocabulary, one loss per row:
loss[i] = logsumexp(logits[i, :]) - logits[i, target[i]]. One program per row walks the row in
chunks of BLOCK_SIZE with an online max and sum of exponentials (the loop of Liger-Kernel's
cross-entropy kernel), then reads the target's logit. At 4096 and 8192 rows (issue 5's "Done
when": >= 0.95x Triton).

Runs unchanged with `python3 cross_entropy.py` and with `tilesmith test / bench
cross_entropy.py --backend cuda`. Provider 'triton' only. Bytes moved: the logits read once
(fp32), the targets read (int64) and the losses written (fp32) once per row.
"""

import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def cross_entropy_fwd_kernel(logits_ptr, logits_row_stride, targets_ptr, loss_ptr, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    logits_row = logits_ptr + row * logits_row_stride
    # Online logsumexp: m is the running maximum, d the sum of exp(x - m) so far.
    m = float('-inf')
    d = 0.0
    for off in range(0, n_cols, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(logits_row + cols, mask=cols < n_cols, other=float('-inf'))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    target = tl.load(targets_ptr + row)
    x_target = tl.load(logits_row + target)
    tl.store(loss_ptr + row, tl.log(d) + m - x_target)


def cross_entropy(logits, targets, block_size=4096):
    n_rows, n_cols = logits.shape
    loss = torch.empty(n_rows, device=logits.device, dtype=torch.float32)
    BLOCK_SIZE = min(block_size, triton.next_power_of_2(n_cols))
    cross_entropy_fwd_kernel[(n_rows, )](logits, logits.stride(0), targets, loss, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                         num_warps=8)
    return loss


def test_cross_entropy():
    torch.manual_seed(0)
    # Rows of one chunk, of several chunks with a masked tail, and large logits (the running
    # maximum keeps exp finite).
    for n_rows, n_cols, block_size, scale in [(1, 1, 4096, 1.0), (3, 1000, 4096, 4.0), (5, 1000, 256, 4.0),
                                              (2, 9000, 4096, 1.0), (4, 300, 128, 1000.0)]:
        logits = torch.randn(n_rows, n_cols, device=DEVICE, dtype=torch.float32) * scale
        targets = torch.randint(0, n_cols, (n_rows, ), device=DEVICE)
        expected = torch.nn.functional.cross_entropy(logits, targets, reduction='none')
        torch.testing.assert_close(cross_entropy(logits, targets, block_size), expected)


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['M', 'V'],
        x_vals=[(4096, 32768), (8192, 32768)],
        line_arg='provider',
        line_vals=['triton'],
        line_names=['Triton'],
        styles=[('blue', '-')],
        ylabel='GB/s',
        plot_name='cross-entropy-fp32',
        args={},
    ))
def benchmark(M, V, provider):
    logits = torch.randn(M, V, device=DEVICE, dtype=torch.float32)
    targets = torch.randint(0, V, (M, ), device=DEVICE)
    quantiles = [0.5, 0.2, 0.8]
    ms, min_ms, max_ms = triton.testing.do_bench(lambda: cross_entropy(logits, targets), warmup=25, rep=100,
                                                 quantiles=quantiles)
    n_bytes = M * V * logits.element_size() + M * targets.element_size() + M * 4
    gbps = lambda ms: n_bytes * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_cross_entropy()
    print("test_cross_entropy passed")
    benchmark.run(print_data=True, show_plots=False)
