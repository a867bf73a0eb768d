# Run on the GPU machine, under Tilesmith (`tilesmith run --backend cuda`) and under real Triton
# (`python3`): triton.testing.do_bench_cudagraph captures n_repeat calls of a tiny kernel into
# one CUDA graph and replays it, so its time per call has no launch overhead and must come out
# below do_bench's per-call launches (which also clear the L2 before each call). The graph's
# replays must compute the right result, and a host read inside the captured function must be
# refused with a RuntimeError instead of hanging or losing the context.
#   tilesmith run --backend cuda tests/gpu/bench_cudagraph.py
#   python3 tests/gpu/bench_cudagraph.py                         (real Triton)
import torch

import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


n = 4096
x = torch.rand(n, device="cuda")
y = torch.rand(n, device="cuda")
out = torch.empty_like(x)


def call():
    add[(triton.cdiv(n, 1024), )](x, y, out, n, BLOCK=1024)


def call_fresh_output():
    # A new output per call: its memory must stay the graph's while the graph exists.
    o = torch.empty_like(x)
    add[(triton.cdiv(n, 1024), )](x, y, o, n, BLOCK=1024)


with torch.cuda.stream(torch.cuda.Stream()):
    per_call = triton.testing.do_bench(call, warmup=25, rep=100)
    graph = triton.testing.do_bench_cudagraph(call, rep=100)
    graph_median = triton.testing.do_bench_cudagraph(call, rep=100, return_mode="median")
    graph_q = triton.testing.do_bench_cudagraph(call, rep=100, quantiles=[0.5, 0.2, 0.8])
    fresh = triton.testing.do_bench_cudagraph(call_fresh_output, rep=100)
torch.cuda.synchronize()

print(f"do_bench (one launch per call, L2 cleared): {per_call * 1000:.2f} us")
print(f"do_bench_cudagraph (graph replay, mean): {graph * 1000:.2f} us")
print(f"do_bench_cudagraph (median): {graph_median * 1000:.2f} us")
print(f"do_bench_cudagraph quantiles [0.5, 0.2, 0.8]: {[round(t * 1000, 2) for t in graph_q]} us")
print(f"do_bench_cudagraph, new output per call: {fresh * 1000:.2f} us")
print("graph replay faster than per-call launches:", graph < per_call)
print("times positive:", min(graph, graph_median, fresh) > 0)
print("result after the replays is right:", torch.allclose(out, x + y))


def reads_on_host():
    call()
    return out.sum().item()


try:
    with torch.cuda.stream(torch.cuda.Stream()):
        triton.testing.do_bench_cudagraph(reads_on_host, rep=20)
    print("host read inside fn refused: False")
except RuntimeError as e:
    print("host read inside fn refused: True")
    print("  message:", str(e).splitlines()[0][:300])

# The GPU is still usable after the refused capture.
try:
    out.zero_()
    call()
    torch.cuda.synchronize()
    print("GPU usable afterwards:", torch.allclose(out, x + y))
except RuntimeError as e:
    print("GPU usable afterwards: False (", str(e).splitlines()[0][:200], ")")
