# Run on the GPU machine by scripts/gpu-check's differential step (and on the interpreter): torch
# ops on cuda tensors inside triton.testing.do_bench run as Tilesmith's eager GPU kernels under
# --backend cuda (resources/lib/torch_eager.py); what they return must match the host's
# reference computed outside do_bench. Runs unchanged under Python + PyTorch + Triton too.
import pytest
import torch

import triton

DEVICE = "cuda"


def inside_do_bench(fn):
    # The value fn returns on the timed path (do_bench discards it).
    box = []
    triton.testing.do_bench(lambda: box.append(fn()), warmup=1, rep=1)
    return box[-1]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_unary(dtype):
    torch.manual_seed(0)
    x = (torch.randn(3, 1000, device=DEVICE) * 2).to(dtype)
    tol = dict(atol=1e-5, rtol=1e-5) if dtype == torch.float32 else {}
    for fn in [torch.exp, torch.sigmoid, torch.tanh, torch.nn.functional.silu, torch.nn.functional.gelu,
               torch.nn.functional.relu, torch.abs, torch.neg, torch.sin, torch.erf]:
        torch.testing.assert_close(inside_do_bench(lambda: fn(x)), fn(x), **tol)
    xp = x.abs() + 0.5
    for fn in [torch.sqrt, torch.rsqrt, torch.log, torch.reciprocal]:
        torch.testing.assert_close(inside_do_bench(lambda: fn(xp)), fn(xp), **tol)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_binary_broadcast_and_scalars(dtype):
    torch.manual_seed(1)
    a = torch.randn(4, 5, 6, device=DEVICE).to(dtype)
    b = torch.randn(5, 1, device=DEVICE).to(dtype)
    t = a.transpose(0, 2)  # a strided view
    cases = [lambda: a + b, lambda: a * b, lambda: a - b, lambda: a / (b.abs() + 1), lambda: a * 2.5,
             lambda: 1.0 - a, lambda: t + 1, lambda: a > b, lambda: a <= 0.25, lambda: a.float() + b]
    for fn in cases:
        torch.testing.assert_close(inside_do_bench(fn), fn())


def test_swish_like_the_seed():
    x = torch.randn(98432, device=DEVICE)
    torch.testing.assert_close(inside_do_bench(lambda: x * torch.sigmoid(x)), x * torch.sigmoid(x))


@pytest.mark.parametrize("n_cols", [1, 781, 1024, 4096, 32768])
def test_softmax(n_cols):
    torch.manual_seed(2)
    x = torch.randn(7, n_cols, device=DEVICE) * 4
    torch.testing.assert_close(inside_do_bench(lambda: torch.softmax(x, dim=-1)), torch.softmax(x, dim=-1))
    torch.testing.assert_close(inside_do_bench(lambda: torch.log_softmax(x, dim=1)), torch.log_softmax(x, dim=1))
    h = x.half()
    torch.testing.assert_close(inside_do_bench(lambda: torch.softmax(h, dim=-1)), torch.softmax(h, dim=-1))
    # Along the other dimensions: a row's elements are strided.
    torch.testing.assert_close(inside_do_bench(lambda: torch.softmax(x, dim=0)), torch.softmax(x, dim=0))
    x3 = x.reshape(7, 1, n_cols)
    torch.testing.assert_close(inside_do_bench(lambda: torch.log_softmax(x3, dim=0)), torch.log_softmax(x3, dim=0))


def test_op_without_a_kernel_still_gives_the_right_result():
    # The multiply is a GPU kernel, the class-weighted cross entropy runs on the host (with a warning).
    x = torch.randn(30, 40, device=DEVICE)
    t = torch.randint(0, 40, (30, ), device=DEVICE)
    w = torch.rand(40, device=DEVICE)
    F = torch.nn.functional
    torch.testing.assert_close(inside_do_bench(lambda: F.cross_entropy(x * 2.0, t, weight=w)),
                               F.cross_entropy(x * 2.0, t, weight=w))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_last_dim_reductions(dtype):
    torch.manual_seed(3)
    x = torch.randn(6, 3000, device=DEVICE).to(dtype)
    tol = dict(atol=1e-3, rtol=1e-4) if dtype == torch.float32 else dict(atol=0.1, rtol=1e-2)
    for fn in [lambda: x.sum(dim=-1), lambda: x.mean(dim=1), lambda: x.amax(dim=-1), lambda: x.amin(dim=1, keepdim=True),
               lambda: torch.sum(x[0])]:
        torch.testing.assert_close(inside_do_bench(fn), fn(), **tol)


@pytest.mark.parametrize("n_cols", [7, 1000, 4096])
def test_layer_norm_and_rms_norm(n_cols):
    torch.manual_seed(4)
    x = torch.randn(5, n_cols, device=DEVICE) * 3 + 1
    w = torch.rand(n_cols, device=DEVICE) + 0.5
    b = torch.randn(n_cols, device=DEVICE)
    for fn in [lambda: torch.nn.functional.layer_norm(x, (n_cols, ), w, b, 1e-5),
               lambda: torch.nn.functional.layer_norm(x, (n_cols, )),
               lambda: torch.nn.functional.rms_norm(x, (n_cols, ), w, 1e-6),
               lambda: torch.nn.functional.layer_norm(x.half(), (n_cols, ), w.half(), b.half())]:
        torch.testing.assert_close(inside_do_bench(fn), fn(), atol=2e-3, rtol=2e-3)


def test_casts_and_copies():
    x = torch.randn(33, 65, device=DEVICE)
    for fn in [lambda: x.half(), lambda: x.to(torch.bfloat16), lambda: x.t().contiguous(), lambda: x.clone(),
               lambda: x.half().float()]:
        torch.testing.assert_close(inside_do_bench(fn), fn())


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_matmul_through_cublas(dtype):
    torch.manual_seed(5)
    a = torch.randn(4, 33, 64, device=DEVICE).to(dtype)
    b = torch.randn(4, 64, 17, device=DEVICE).to(dtype)
    w = torch.randn(64, 17, device=DEVICE).to(dtype)
    tol = dict(atol=1e-4, rtol=1e-4) if dtype == torch.float32 else dict(atol=5e-2, rtol=2e-2)
    for fn in [lambda: a[0] @ w, lambda: torch.mm(a[1], w), lambda: torch.bmm(a, b), lambda: a @ w,
               lambda: torch.matmul(a, b.transpose(1, 2).contiguous().transpose(1, 2)), lambda: a[0] @ a[0].t()]:
        torch.testing.assert_close(inside_do_bench(lambda: fn() * 1.0), fn(), **tol)


# Tilesmith's interpreter computes torch's matmul on the host, exactly, whatever allow_tf32 says
# (as PyTorch does on a CPU); its device name says so.
ON_INTERPRETER = "interpreter" in torch.cuda.get_device_name()


@pytest.mark.skipif(ON_INTERPRETER, reason="tf32 is a GPU's; the interpreter's host matmul is exact")
def test_matmul_allow_tf32():
    # As PyTorch: fp32 matmuls take tf32 tensor cores once the program allows it (cuBLAS's
    # fast-tf32 compute type), and are exact fp32 again after. K = 1024 random terms: tf32's
    # 10-bit mantissas put the error near 1e-3 of the result's scale, fp32's near 1e-6.
    torch.manual_seed(7)
    a = torch.randn(256, 1024, device=DEVICE)
    b = torch.randn(1024, 256, device=DEVICE)
    exact = (a.double() @ b.double())
    scale = exact.abs().max().item()

    def error():
        return (inside_do_bench(lambda: a @ b).double() - exact).abs().max().item() / scale

    try:
        torch.backends.cuda.matmul.allow_tf32 = True
        tf32 = error()
        torch.set_float32_matmul_precision("highest")
        assert not torch.backends.cuda.matmul.allow_tf32
        ieee = error()
    finally:
        torch.backends.cuda.matmul.allow_tf32 = False
    assert 1e-5 < tf32 < 1e-2, tf32
    assert ieee < 1e-5, ieee


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_where(dtype):
    torch.manual_seed(6)
    a = torch.randn(4, 5, 6, device=DEVICE).to(dtype)
    b = torch.randn(5, 1, device=DEVICE).to(dtype)
    cond = a > 0.25
    t = a.transpose(0, 2)
    cases = [lambda: torch.where(cond, a, b), lambda: torch.where(cond, a, 0.0), lambda: torch.where(a < 0, -1.0, a),
             lambda: torch.where(cond.transpose(0, 2), t, t * 2), lambda: torch.where(cond, a.float(), b),
             lambda: a.where(cond, b)]
    for fn in cases:
        # A pick, not arithmetic: the same values as the host's.
        torch.testing.assert_close(inside_do_bench(fn), fn(), atol=0, rtol=0)


@pytest.mark.parametrize("shape", [(1000, ), (6, 3000), (3, 100003), (2, 5, 70, 9)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_whole_tensor_and_other_dim_reductions(shape, dtype):
    # (3, 100003): longer than one block, reduced in passes of partial results.
    torch.manual_seed(7)
    x = torch.randn(*shape, device=DEVICE).to(dtype)
    ref = x.double()
    n = x.numel()
    tol = dict(atol=1e-4 * n**0.5, rtol=1e-4) if dtype == torch.float32 else dict(atol=2e-3 * n**0.5, rtol=1e-2)
    cases = [(lambda: x.sum(), ref.sum()), (lambda: x.mean(), ref.mean()), (lambda: torch.sum(x), ref.sum()),
             (lambda: x.max(), ref.max()), (lambda: x.min(), ref.min()), (lambda: x.amax(), ref.amax()),
             (lambda: torch.amin(x), ref.amin()), (lambda: x.sum(dim=0), ref.sum(dim=0)),
             (lambda: x.mean(dim=0, keepdim=True), ref.mean(dim=0, keepdim=True)),
             (lambda: x.sum(dtype=torch.float32), ref.sum())]
    for fn, expected in cases:
        actual = inside_do_bench(fn)
        assert actual.dtype == fn().dtype
        torch.testing.assert_close(actual.double(), expected, **tol)


@pytest.mark.parametrize("n_classes", [10, 1000, 32768, 50000])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_cross_entropy(n_classes, dtype):
    # 50000 classes: a row longer than one block, looped over.
    torch.manual_seed(8)
    logits = (torch.randn(16, n_classes, device=DEVICE) * 3).to(dtype)
    target = torch.randint(0, n_classes, (16, ), device=DEVICE)
    target[3] = -100
    target[11] = -100
    ref = logits.double()
    tol = dict(atol=1e-4, rtol=1e-4) if dtype == torch.float32 else dict(atol=1e-2, rtol=1e-2)
    F = torch.nn.functional
    for reduction in ["mean", "sum", "none"]:
        actual = inside_do_bench(lambda: F.cross_entropy(logits, target, reduction=reduction))
        assert actual.dtype == dtype
        expected = F.cross_entropy(ref, target, reduction=reduction)
        torch.testing.assert_close(actual.double(), expected, **tol)
    ignored = torch.full((16, ), -100, device=DEVICE)  # all ignored: a mean of nothing is nan
    assert inside_do_bench(lambda: F.cross_entropy(logits, ignored)).isnan().item()
    actual = inside_do_bench(lambda: F.cross_entropy(logits[5], target[5]))
    torch.testing.assert_close(actual.double(), F.cross_entropy(ref[5], target[5]), **tol)


@pytest.mark.parametrize("n_classes", [10, 50000])
def test_cross_entropy_label_smoothing_and_probabilities(n_classes):
    torch.manual_seed(10)
    logits = torch.randn(8, n_classes, device=DEVICE) * 3
    target = torch.randint(0, n_classes, (8, ), device=DEVICE)
    target[2] = -100
    probs = torch.softmax(torch.randn(8, n_classes, device=DEVICE), dim=1)
    F = torch.nn.functional
    ref = logits.double()
    for reduction in ["mean", "sum", "none"]:
        for t, smoothing in [(target, 0.1), (probs, 0.0), (probs, 0.2)]:
            actual = inside_do_bench(lambda: F.cross_entropy(logits, t, reduction=reduction, label_smoothing=smoothing))
            expected = F.cross_entropy(ref, t.double() if t.is_floating_point() else t, reduction=reduction,
                                       label_smoothing=smoothing)
            torch.testing.assert_close(actual.double(), expected, atol=1e-4, rtol=1e-4)
    # Class weights: computed on the host (with the warning), as torch's.
    w = torch.rand(n_classes, device=DEVICE) + 0.5
    for t, smoothing in [(target, 0.0), (target, 0.1), (probs, 0.2)]:
        actual = inside_do_bench(lambda: F.cross_entropy(logits, t, weight=w, label_smoothing=smoothing))
        expected = F.cross_entropy(ref, t.double() if t.is_floating_point() else t, weight=w.double(),
                                   label_smoothing=smoothing)
        torch.testing.assert_close(actual.double(), expected, atol=1e-4, rtol=1e-4)


def test_fp64_ops():
    torch.manual_seed(11)
    d = torch.randn(6, 3000, device=DEVICE, dtype=torch.float64)
    w = torch.randn(3000, device=DEVICE, dtype=torch.float64)
    cases = [lambda: torch.exp(d), lambda: torch.sigmoid(d), lambda: d * d + 0.1, lambda: torch.maximum(d, w),
             lambda: torch.where(d > 0, d, -0.3), lambda: d.sum(), lambda: d.mean(dim=1), lambda: d.amax(dim=0),
             lambda: torch.softmax(d, dim=-1), lambda: torch.nn.functional.layer_norm(d, (3000, ), w),
             lambda: d.float(), lambda: torch.log1p(d.abs()), lambda: d.abs()**1.7, lambda: d % -0.3]
    for fn in cases:
        actual = inside_do_bench(fn)
        assert actual.dtype == fn().dtype
        torch.testing.assert_close(actual, fn(), atol=1e-10, rtol=1e-10)


def test_integer_division_powers_and_shifts():
    # torch's floor_divide and remainder floor where Triton's // and % truncate.
    torch.manual_seed(13)
    i = torch.randint(-100, 100, (4, 300), device=DEVICE, dtype=torch.int32)
    j = torch.randint(1, 10, (300, ), device=DEVICE, dtype=torch.int32) * (torch.randint(0, 2, (300, ), device=DEVICE) * 2 - 1)
    big = torch.randint(-2**40, 2**40, (2, 300), device=DEVICE)
    e = torch.randint(0, 7, (300, ), device=DEVICE, dtype=torch.int32)
    s = torch.randint(0, 70, (300, ), device=DEVICE)
    small = torch.randint(-128, 127, (300, ), device=DEVICE, dtype=torch.int8)
    cases = [lambda: i // j, lambda: i // -7, lambda: i % j, lambda: 7 % j, lambda: torch.fmod(i, j), lambda: i**e,
             lambda: big**5, lambda: small**7, lambda: 3**e, lambda: big << s, lambda: big >> s, lambda: small << 7,
             lambda: i >> 5, lambda: torch.sign(i), lambda: big // -1]
    for fn in cases:
        actual = inside_do_bench(fn)
        assert actual.dtype == fn().dtype
        torch.testing.assert_close(actual, fn(), atol=0, rtol=0)
    d = torch.randn(4, 300, device=DEVICE, dtype=torch.float64) * 10
    q = torch.randn(300, device=DEVICE, dtype=torch.float64) + 0.25
    for fn in [lambda: d // q, lambda: d // -0.5, lambda: torch.fmod(d, q), lambda: torch.atan2(d, q),
               lambda: torch.sign(d), lambda: d @ d.t()]:
        torch.testing.assert_close(inside_do_bench(fn), fn(), atol=1e-10, rtol=1e-10)


def test_integer_and_bool_ops():
    torch.manual_seed(12)
    i = torch.randint(-50, 50, (4, 700), device=DEVICE, dtype=torch.int32)
    j = torch.randint(-50, 50, (700, ), device=DEVICE, dtype=torch.int32)
    big = torch.randint(-2**40, 2**40, (3, 70001), device=DEVICE)
    u = torch.randint(0, 256, (999, ), device=DEVICE, dtype=torch.uint8)
    f = torch.randn(4, 700, device=DEVICE) * 20
    b = i > 0
    cases = [lambda: i + j, lambda: i * 3, lambda: 3 - i, lambda: u + u, lambda: big * big, lambda: i / 3,
             lambda: i <= j, lambda: torch.minimum(i, j), lambda: i ^ j, lambda: b & b, lambda: b + b,
             lambda: torch.logical_or(i, f), lambda: i + 0.5, lambda: -i, lambda: i.abs(), lambda: ~i, lambda: ~b,
             lambda: torch.floor(i), lambda: torch.sqrt(u), lambda: torch.isfinite(i), lambda: torch.relu(i),
             lambda: torch.where(b, i, -1), lambda: i.sum(), lambda: big.sum(), lambda: i.sum(dim=0),
             lambda: big.amax(dim=1), lambda: i.amin(dim=1), lambda: u.max(), lambda: b.sum(),
             lambda: i.sum(dim=1, dtype=torch.float64), lambda: f.to(torch.int32), lambda: f.bool(),
             lambda: i.half(), lambda: big.to(torch.int16), lambda: i.t().contiguous()]
    for fn in cases:
        actual = inside_do_bench(fn)
        assert actual.dtype == fn().dtype
        torch.testing.assert_close(actual, fn(), atol=0, rtol=0)


@pytest.mark.parametrize("p", [0.0, 0.1, 0.5, 1.0])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_dropout(p, dtype):
    # Not PyTorch's stream (LANGUAGE.md): every element dropped or scaled by 1 / (1 - p), and the
    # fraction kept 1 - p within 5 standard deviations.
    torch.manual_seed(9)
    x = (torch.rand(200000, device=DEVICE) + 0.5).to(dtype)
    y = inside_do_bench(lambda: torch.nn.functional.dropout(x, p))
    assert y.shape == x.shape and y.dtype == dtype
    kept = y != 0
    if p < 1:
        torch.testing.assert_close(y[kept], x[kept] * (1 / (1 - p)))
    n = x.numel()
    fraction = kept.float().mean().item()
    assert abs(fraction - (1 - p)) <= 5 * (p * (1 - p) / n)**0.5 + 1e-9, fraction
    # Not training: x itself (times 1.0: do_bench's function must launch a kernel).
    torch.testing.assert_close(inside_do_bench(lambda: torch.nn.functional.dropout(x, p, training=False) * 1.0), x)
