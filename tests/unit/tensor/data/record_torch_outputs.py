# Records real PyTorch's print output and assert_close messages for the tensors that
# tests/unit/tensor/tensor_format_test.cpp and compare_test.cpp rebuild in C++.
# Run on the GPU machine: python3 record_torch_outputs.py OUT.json
import json
import sys

import torch

cuda = "cuda"
nan, inf = float("nan"), float("inf")
PRINT_CASES = {
    "f32_vec": "torch.tensor([1., 2., 3.])",
    "f32_vec_cuda": "torch.tensor([1., 2., 3.], device=cuda)",
    "f32_mat": "torch.tensor([[0.1234, -1.5], [2.0, 3.25]])",
    "f32_sci_small": "torch.tensor([1e-5, 1.0, 100.0])",
    "f32_int_sci": "torch.tensor([1e10, 1.0])",
    "f32_int_big": "torch.tensor([123456789.0, 1.0])",
    "i64_vec": "torch.tensor([1, 2, 300])",
    "bool_vec": "torch.tensor([True, False])",
    "f32_scalar": "torch.tensor(3.5)",
    "i64_scalar": "torch.tensor(7)",
    "empty_0x3": "torch.zeros(0, 3)",
    "empty_f32": "torch.zeros(0)",
    "empty_i64": "torch.zeros(0, dtype=torch.int64)",
    "empty_2x0x3": "torch.zeros(2, 0, 3)",
    "summarized_1d": "torch.arange(2000).float()",
    "i64_3d": "torch.arange(24).reshape(2, 3, 4)",
    "summarized_2d": "torch.arange(3000).reshape(50, 60)",
    "f16_vec": "torch.tensor([1.5, 2.25], dtype=torch.float16)",
    "bf16_cuda": "torch.tensor([1.5, 2.25], dtype=torch.bfloat16, device=cuda)",
    "nonfinite_int": "torch.tensor([nan, inf, -inf, 1.0])",
    "nonfinite_frac": "torch.tensor([nan, 1.5])",
    "wrapped_rows": "torch.arange(30).float() / 7",
    "signed_zero": "torch.tensor([0.0, -0.0])",
    "i32_vec": "torch.tensor([1, 2], dtype=torch.int32)",
    "small_negative": "torch.tensor([-1.0e-3, 5.5])",
    "i64_wrapped": "torch.arange(100) * 1000",
    "f64_vec": "torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64)",
    "f32_3d": "(torch.arange(12).reshape(2, 2, 3) - 5.5) / 3",
    "u8_vec": "torch.ones(3, dtype=torch.uint8)",
    "f16_cuda_wrap": "torch.arange(20, dtype=torch.float16, device=cuda) / 3",
    "all_zero": "torch.zeros(2, 2)",
    "big_range": "torch.tensor([1e-3, 1e3, 5.0])",
    "summarized_3d": "torch.arange(2400).reshape(10, 12, 20).float() / 10",
}

CLOSE_CASES = {
    "vec_f32": ("torch.tensor([1., 2., 3.])", "torch.tensor([1., 2.5, 3.])", {}),
    "mat_f32": ("torch.zeros(3, 4)", "torch.zeros(3, 4).index_put_((torch.tensor([2]), torch.tensor([3])), torch.tensor(0.5))", {}),
    "vec_i64": ("torch.tensor([1, 2, 3])", "torch.tensor([1, 2, 5])", {}),
    "scalar_f32": ("torch.tensor(1.0)", "torch.tensor(1.5)", {}),
    "shape": ("torch.zeros(3)", "torch.zeros(4)", {}),
    "dtype": ("torch.zeros(3)", "torch.zeros(3, dtype=torch.float64)", {}),
    "device": ("torch.zeros(3)", "torch.zeros(3, device=cuda)", {}),
    "nan_actual": ("torch.tensor([nan, 1.0])", "torch.tensor([1.0, 1.0])", {}),
    "zero_expected": ("torch.tensor([1.0, 2.0])", "torch.tensor([0.0, 2.0])", {}),
    "only_rtol": ("torch.zeros(3)", "torch.zeros(3)", {"rtol": 0.1}),
    "f16_vs_f32": ("torch.tensor([1.0, 2.0], dtype=torch.float16)", "torch.tensor([1.0, 2.1])", {"check_dtype": False}),
    "custom_tol": ("torch.tensor([1.0, 2.0, 3.0, 4.0])", "torch.tensor([1.05, 2.0, 3.5, 4.0])", {"rtol": 0.01, "atol": 0.01}),
}


def main():
    out = {"torch": torch.__version__, "print": {}, "assert_close": {}}
    env = {"torch": torch, "cuda": cuda, "nan": nan, "inf": inf}
    for name, expr in PRINT_CASES.items():
        out["print"][name] = {"expr": expr, "str": str(eval(expr, env))}
    for name, (a, e, kw) in CLOSE_CASES.items():
        try:
            torch.testing.assert_close(eval(a, env), eval(e, env), **kw)
            msg, kind = "", "passed"
        except Exception as err:  # noqa: BLE001 - we record whatever torch raises
            msg, kind = str(err), type(err).__name__
        out["assert_close"][name] = {"actual": a, "expected": e, "kwargs": kw, "error": kind, "message": msg}
    with open(sys.argv[1], "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


main()
