// The harness's torch subset as a program sees it: creation, devices, operators, reductions,
// indexing, printing, PyTorch's error wording, validation events, unsupported names.

#include "tests/unit/host/session_test_support.h"

#include <gtest/gtest.h>

namespace tsm::host::test {
namespace {

std::string runOut(const std::string &code, Session &s)
{
    EXPECT_TRUE(s.run(code)) << s.firstError();
    return s.out();
}

TEST(TorchModule, ShapesDtypesAndDevices)
{
    Session s;
    EXPECT_EQ(
        runOut("import torch\nimport triton\n"
               "DEVICE = triton.runtime.driver.active.get_active_torch_device()\n"
               "x = torch.arange(6).reshape(2, 3)\n"
               "print(x.shape, x.dtype, x.device, x.is_cuda)\n"
               "y = torch.ones(3, device=DEVICE, dtype=torch.float16)\n"
               "print(DEVICE, y.device, y.is_cuda, y.element_size(), y.dtype)\n"
               "print(x.cuda().device == DEVICE, x.to('cuda').is_cuda, x.stride(), x.T.shape)\n"
               "M, N = x.shape\nprint(M * N, x.numel(), x.size(1), x.shape[-1])\n",
               s),
        "torch.Size([2, 3]) torch.int64 cpu False\n"
        "cuda:0 cuda:0 True 2 torch.float16\n"
        "True True (3, 1) torch.Size([3, 2])\n"
        "6 6 3 3\n");
}

TEST(TorchModule, ArithmeticReductionsAndMatmul)
{
    Session s;
    EXPECT_EQ(runOut("import torch\n"
                     "a = torch.tensor([[1., 2.], [3., 4.]])\n"
                     "print((a @ a).tolist(), (a * 2 + 1).tolist())\n"
                     "print(a.sum(dim=1).tolist(), a.mean().item(), torch.max(a).item())\n"
                     "v, i = a.max(dim=0)\nprint(v.tolist(), i.tolist())\n"
                     "print(torch.softmax(torch.tensor([0., 0.]), dim=0).tolist())\n"
                     "print(torch.cumsum(torch.tensor([1, 2, 3]), dim=0).tolist())\n"
                     "print(torch.bincount(torch.tensor([0, 2, 2])).tolist())\n"
                     "print(a.T.contiguous().is_contiguous(), a.T.is_contiguous())\n"
                     "print(a.is_floating_point(), torch.is_floating_point(a.long()))\n",
                     s),
              "[[7.0, 10.0], [15.0, 22.0]] [[3.0, 5.0], [7.0, 9.0]]\n"
              "[3.0, 7.0] 2.5 4.0\n"
              "[3.0, 4.0] [1, 1]\n"
              "[0.5, 0.5]\n"
              "[1, 3, 6]\n"
              "[1, 0, 2]\n"
              "True False\n"
              "True False\n");
}

TEST(TorchModule, IndexingAndAssignment)
{
    Session s;
    EXPECT_EQ(
        runOut("import torch\n"
               "x = torch.arange(8)\n"
               "x[x > 5] = 0\nprint(x.tolist())\n"
               "y = x.view(2, 4)\nprint(y[1].tolist(), y[:, 1:3].tolist(), y[:, None].shape)\n"
               "y[0, 0] = 42\nprint(x[0].item(), int(x[0]), float(x[1]))\n",
               s),
        "[0, 1, 2, 3, 4, 5, 0, 0]\n"
        "[4, 5, 0, 0] [[1, 2], [5, 0]] torch.Size([2, 1, 4])\n"
        "42 42 1.0\n");
}

TEST(TorchModule, FunctionalReferences)
{
    Session s;
    EXPECT_EQ(
        runOut(
            "import torch\nimport torch.nn.functional as F\n"
            "x = torch.tensor([[1., 3.], [2., 2.]])\n"
            "print(F.layer_norm(x, (2,)).tolist())\n"
            "print(F.relu(torch.tensor([-1., 2.])).tolist(), F.silu(torch.tensor([0.])).tolist())\n"
            "print(torch.nn.functional.softmax(torch.tensor([1., 1.]), dim=-1).tolist())\n",
            s),
        "[[-0.9999949932098389, 0.9999949932098389], [0.0, 0.0]]\n"
        "[0.0, 2.0] [0.0]\n"
        "[0.5, 0.5]\n");
}

TEST(TorchModule, TensorErrorsUsePyTorchWording)
{
    Session s;
    EXPECT_EQ(runOut("import torch\n"
                     "try:\n    torch.ones(3) + torch.ones(4)\n"
                     "except RuntimeError as e:\n    print(e)\n",
                     s),
              "The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
              "dimension 0\n");
}

TEST(TorchModule, Float32MatmulPrecisionIsAllowTf32)
{
    // As PyTorch: "high" and "medium" allow tf32 for fp32 matmuls, "highest" does not; the
    // eager GPU matmul reads allow_tf32 (cuBLAS's fast-tf32 compute type).
    Session s;
    EXPECT_EQ(runOut("import torch\n"
                     "print(torch.get_float32_matmul_precision(), torch.backends.cuda.matmul.allow_tf32)\n"
                     "torch.set_float32_matmul_precision('high')\n"
                     "print(torch.get_float32_matmul_precision(), torch.backends.cuda.matmul.allow_tf32)\n"
                     "torch.backends.cuda.matmul.allow_tf32 = False\n"
                     "print(torch.get_float32_matmul_precision())\n"
                     "torch.set_float32_matmul_precision('medium')\n"
                     "print(torch.get_float32_matmul_precision(), torch.backends.cuda.matmul.allow_tf32)\n"
                     "try:\n    torch.set_float32_matmul_precision('fast')\n"
                     "except RuntimeError as e:\n    print(e)\n",
                     s),
              "highest False\nhigh True\nhighest\nmedium True\n"
              "Invalid precision fast: expected 'highest', 'high' or 'medium'\n");
}

TEST(TorchModule, AssertCloseEmitsAValidationEventEveryTime)
{
    Session s;
    EXPECT_EQ(runOut("import torch\n"
                     "x = torch.zeros(4)\n"
                     "torch.testing.assert_close(x, torch.zeros(4))\n"
                     "try:\n    torch.testing.assert_close(x, torch.ones(4))\n"
                     "except AssertionError as e:\n    print(str(e).splitlines()[0])\n"
                     "print(torch.allclose(x, x + 1e-9), torch.allclose(x, x + 1))\n",
                     s),
              "Tensor-likes are not close!\nTrue False\n");
    auto v = s.of(run::RunEvent::Kind::Validation);
    ASSERT_EQ(v.size(), 4u);
    EXPECT_TRUE(v[0]->passed);
    EXPECT_FALSE(v[1]->passed);
    EXPECT_EQ(v[1]->validation->mismatched, 4);
    EXPECT_EQ(v[1]->validation->function, "torch.testing.assert_close");
    EXPECT_TRUE(v[2]->passed);
    EXPECT_FALSE(v[3]->passed);
}

TEST(TorchModule, UncaughtAssertCloseFailsTheProgramWithTorchsMessage)
{
    Session s;
    EXPECT_FALSE(
        s.run("import torch\ntorch.testing.assert_close(torch.ones(2), torch.zeros(2))\n"));
    EXPECT_NE(s.firstError().find("Tensor-likes are not close!"), std::string::npos)
        << s.firstError();
}

TEST(TorchModule, NamesOutsideTheSubsetAreReportedByName)
{
    Session s;
    EXPECT_FALSE(s.run("import torch\nx = torch.ones(4)\ny = torch.fft.fft(x)\n"));
    auto d = s.diagnostics();
    ASSERT_FALSE(d.empty());
    EXPECT_EQ(d[0].kind, DiagKind::UnsupportedHostFeature);
    EXPECT_EQ(d[0].message, "torch.fft is not supported by Tilesmith's harness");
    EXPECT_EQ(s.lineOf(d[0]), 3u);

    Session t;
    EXPECT_FALSE(t.run("import torch\nx = torch.ones(4)\nx.stft(4)\n"));
    EXPECT_EQ(t.firstError(),
              "UnsupportedHostFeature: torch.Tensor.stft is not supported by "
              "Tilesmith's harness");
}

TEST(TorchModule, FeatureProbesAndAliases)
{
    Session s;
    EXPECT_EQ(runOut("import torch\n"
                     "print(hasattr(torch, 'float8_e5m2'))\n"
                     "x = torch.tensor([[1., 1.], [2., 2.]])\n"
                     "print(torch.softmax(x, axis=1).tolist(), x.sum(axis=0).tolist())\n"
                     "s = torch.cuda.Stream()\ntorch.cuda.set_stream(s)\n"
                     "with torch.cuda.stream(s):\n    y = x * 2\n"
                     "print(torch.cuda.get_device_properties(0).multi_processor_count)\n",
                     s),
              "True\n[[0.5, 0.5], [0.5, 0.5]] [3.0, 3.0]\n132\n");
}

TEST(TorchModule, DeviceNameAndCapabilityAreTheDevicePropertiesOnes)
{
    // On the interpreter: the nominal H200, named as such (eager_ops.py keys a skip on it); on a
    // GPU backend hostDeviceProperties gives the GPU's own name and capability.
    Session s;
    EXPECT_EQ(runOut("import torch\n"
                     "p = torch.cuda.get_device_properties(0)\n"
                     "print(torch.cuda.get_device_name() == p.name, 'interpreter' in torch.cuda.get_device_name())\n"
                     "print(torch.cuda.get_device_capability(), (p.major, p.minor))\n",
                     s),
              "True True\n(9, 0) (9, 0)\n");
}

TEST(TorchModule, PrintFormatsLikePyTorch)
{
    Session s;
    EXPECT_EQ(runOut("import torch\nprint(torch.tensor([1., 2.5], device='cuda'))\n"
                     "print(torch.zeros(2, dtype=torch.int32))\n",
                     s),
              "tensor([1.0000, 2.5000], device='cuda:0')\n"
              "tensor([0, 0], dtype=torch.int32)\n");
}

TEST(TorchModule, FinfoNoGradAndSeeds)
{
    Session s;
    EXPECT_EQ(runOut("import torch\n"
                     "print(torch.finfo(torch.float16).max, torch.iinfo(torch.int8).min)\n"
                     "with torch.no_grad():\n    y = torch.ones(1)\n"
                     "torch.manual_seed(0)\na = torch.rand(3)\n"
                     "torch.manual_seed(0)\nb = torch.rand(3)\n"
                     "print(torch.equal(a, b), bool((a >= 0).all()), bool((a < 1).all()))\n",
                     s),
              "65504.0 -128\nTrue True True\n");
}


TEST(TorchModule, Fp8TensorsConvertCompareAndRefuseArithmetic)
{
    Session s;
    // torch's .to() rounds to nearest even and does not saturate: 500 is NaN in e4m3fn and
    // stays finite in e5m2 (nearest: 512).
    EXPECT_EQ(runOut("import torch\n"
                     "x = torch.tensor([1.0625, 1.1875, -0.0, 500.0])\n"
                     "q = x.to(torch.float8_e4m3fn)\n"
                     "print(q.view(torch.uint8).tolist())\n"
                     "print(x.to(torch.float8_e5m2).to(torch.float32).tolist())\n"
                     "print((q == q).tolist(), torch.finfo(torch.float8_e4m3fn).max, q.dtype)\n",
                     s),
              "[56, 58, 128, 127]\n[1.0, 1.25, -0.0, 512.0]\n[True, True, True, False] 448.0 "
              "torch.float8_e4m3fn\n");
    Session t;
    EXPECT_FALSE(t.run("import torch\nq = torch.zeros(4).to(torch.float8_e5m2)\nq + q\n"));
    EXPECT_NE(t.firstError().find("not implemented for 'Float8_e5m2'"), std::string::npos)
        << t.firstError();
    Session u;
    EXPECT_FALSE(u.run("import torch\nq = torch.zeros(4).to(torch.float8_e4m3fn)\nq.to(torch.float32) + q\n"));
    EXPECT_NE(u.firstError().find("Promotion for Float8 Types is not supported"), std::string::npos)
        << u.firstError();
}

} // namespace
} // namespace tsm::host::test
