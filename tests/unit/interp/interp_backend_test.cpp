// Whole kernels through InterpBackend: the tutorial-style programs (swish, softmax, loops,
// matmul, cumsum, histogram, transpose, outer product) and the runtime errors a user sees.

#include "core/interp/interp_backend.h"
#include "core/ir/verifier.h"
#include "tests/unit/interp/test_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

namespace tsm::interp::test {
namespace {

std::vector<float> ramp(std::size_t n, float scale = 0.01f, float shift = -3.0f)
{
    std::vector<float> v(n);
    for (std::size_t k = 0; k < n; ++k)
        v[k] = shift + scale * float((k * 37) % 613);
    return v;
}

std::string firstMessage(const LaunchResult &r)
{
    return r.diags.diagnostics().empty() ? "" : r.diags.diagnostics()[0].message;
}

TEST(InterpBackendTest, TestKernelsPassTheIrVerifier)
{
    std::string error;
    EXPECT_TRUE(ir::verifyKernel(*swishKernel(1024), &error)) << error;
    EXPECT_TRUE(ir::verifyKernel(*softmaxKernel(1024), &error)) << error;
}

TEST(InterpBackendTest, SwishMatchesReferenceOnSizeNotAMultipleOfTheBlock)
{
    const std::size_t n = 3000;
    std::vector<float> x = ramp(n);
    auto xs = storageOf(x, "x");
    auto out = storageOf(nullptr, n * 4, "output");
    LaunchResult r = runKernel(
        swishKernel(1024, 1.5),
        Grid{3, 1, 1},
        {ptrArg(xs), ptrArg(out), intArg(std::int64_t(n)), constexprArg(), constexprArg()});
    ASSERT_TRUE(r.ok) << firstMessage(r);
    std::vector<float> y = contents<float>(out);
    for (std::size_t k = 0; k < n; ++k) {
        const double ref = x[k] / (1.0 + std::exp(-1.5 * double(x[k])));
        EXPECT_NEAR(y[k], ref, 1e-6 * std::max(1.0, std::fabs(ref))) << k;
    }
}

TEST(InterpBackendTest, SwishOnSeveralThreadsEqualsOneThread)
{
    const std::size_t n = 64 * 100 + 7;
    std::vector<float> x = ramp(n);
    auto run = [&](int threads) {
        auto out = storageOf(nullptr, n * 4, "output");
        InterpOptions o;
        o.threads = threads;
        o.minProgramsPerThread = 2;
        LaunchResult r = runKernel(swishKernel(64),
                                   Grid{101, 1, 1},
                                   {ptrArg(storageOf(x, "x")),
                                    ptrArg(out),
                                    intArg(std::int64_t(n)),
                                    constexprArg(),
                                    constexprArg()},
                                   o);
        EXPECT_TRUE(r.ok) << firstMessage(r);
        return contents<float>(out);
    };
    EXPECT_EQ(run(1), run(4));
}

TEST(InterpBackendTest, SoftmaxRowsWithNonPowerOfTwoColumns)
{
    const int rows = 5, cols = 781;
    std::vector<float> x = ramp(std::size_t(rows * cols), 0.05f, -10.0f);
    auto out = storageOf(nullptr, x.size() * 4, "y");
    LaunchResult r = runKernel(softmaxKernel(1024),
                               Grid{rows, 1, 1},
                               {ptrArg(out),
                                ptrArg(storageOf(x, "x")),
                                intArg(cols),
                                intArg(cols),
                                intArg(cols),
                                constexprArg()});
    ASSERT_TRUE(r.ok) << firstMessage(r);
    std::vector<float> y = contents<float>(out);
    for (int i = 0; i < rows; ++i) {
        double mx = -INFINITY, sum = 0;
        for (int j = 0; j < cols; ++j)
            mx = std::max(mx, double(x[i * cols + j]));
        for (int j = 0; j < cols; ++j)
            sum += std::exp(double(x[i * cols + j]) - mx);
        for (int j = 0; j < cols; ++j)
            EXPECT_NEAR(y[i * cols + j], std::exp(double(x[i * cols + j]) - mx) / sum, 1e-6);
    }
}

/// copy_kernel(x, y): y[offs] = x[offs] with no mask, BLOCK elements per program.
std::shared_ptr<const ir::Kernel>
unmaskedCopy(std::int64_t block, SourceSpan loadSpan, SourceSpan storeSpan, std::int64_t scale = 1)
{
    KernelBuilder b("copy_kernel");
    const ValueId x = b.param("x_ptr", ptrT(DType::F32));
    const ValueId y = b.param("y_ptr", ptrT(DType::F32));
    const Shape s{block};
    ValueId offs = b.bin(
        OpCode::Add, b.splat(b.bin(OpCode::Mul, b.pid(0), b.constI(block)), s), b.range(0, block));
    offs = b.bin(OpCode::Mul, offs, b.constI(scale, DType::I32, s));
    const ValueId v = b.load(b.ptrs(x, offs), ir::kNoValue, ir::kNoValue, loadSpan);
    b.store(b.ptrs(y, offs), v, ir::kNoValue, storeSpan);
    return b.finish();
}

TEST(InterpBackendTest, OutOfBoundsLoadNamesProgramElementOffsetAndTensor)
{
    const SourceSpan loadSpan{0, 120, 140};
    auto x = storageOf(ramp(1000), "x");
    auto y = storageOf(nullptr, 4096 * 4, "y");
    LaunchResult r
        = runKernel(unmaskedCopy(256, loadSpan, {}), Grid{4, 1, 1}, {ptrArg(x), ptrArg(y)});
    ASSERT_FALSE(r.ok);
    ASSERT_EQ(r.diags.diagnostics().size(), 1u);
    const Diagnostic &d = r.diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::OutOfBoundsAccess);
    EXPECT_EQ(d.origin, DiagOrigin::Interp);
    EXPECT_EQ(d.span, loadSpan);
    EXPECT_EQ(d.message,
              "load out of bounds in program (3, 0, 0), element [232]: offset 4000 "
              "bytes is past the end of 'x' (4000 bytes)");
    // Programs 0..2 ran completely before program 3 failed.
    std::vector<float> out = contents<float>(y);
    EXPECT_EQ(out[767], ramp(1000)[767]);
}

TEST(InterpBackendTest, OutOfBoundsStoreAndLabelFromLaunchArg)
{
    const SourceSpan storeSpan{0, 300, 310};
    auto x = storageOf(ramp(4096), "x");
    auto y = storageOf(nullptr, 1024 * 4, "");
    LaunchArg ya = ptrArg(y);
    ya.label = "output";
    LaunchResult r = runKernel(unmaskedCopy(512, {}, storeSpan), Grid{4, 1, 1}, {ptrArg(x), ya});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.diags.diagnostics()[0].span, storeSpan);
    EXPECT_EQ(firstMessage(r),
              "store out of bounds in program (2, 0, 0), element [0]: offset "
              "4096 bytes is past the end of 'output' (4096 bytes)");
}

TEST(InterpBackendTest, NegativeOffsetIsBeforeTheStart)
{
    KernelBuilder b("neg");
    const ValueId x = b.param("x_ptr", ptrT(DType::F32));
    const ValueId offs = b.bin(OpCode::Sub, b.range(0, 4), b.constI(2, DType::I32, {4}));
    b.store(b.ptrs(x, offs), b.constF(1.0, DType::F32, {4}));
    LaunchResult r = runKernel(b.finish(), Grid{1, 1, 1}, {ptrArg(storageOf(ramp(8), "x"))});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(firstMessage(r),
              "store out of bounds in program (0, 0, 0), element [0]: offset -8 "
              "bytes is before the start of 'x' (32 bytes)");
}

TEST(InterpBackendTest, MaskedOffLanesNeverTouchMemory)
{
    // Offsets a million elements apart; only lane 0 (offset 0) is active.
    KernelBuilder b("masked");
    const ValueId x = b.param("x_ptr", ptrT(DType::F32));
    const ValueId y = b.param("y_ptr", ptrT(DType::F32));
    const Shape s{64};
    const ValueId offs = b.bin(OpCode::Mul, b.range(0, 64), b.constI(1000000, DType::I32, s));
    const ValueId mask = b.cmp(0, offs, b.constI(0, DType::I32, s));
    const ValueId v = b.load(b.ptrs(x, offs), mask, b.constF(0.0, DType::F32, s));
    b.store(b.ptrs(y, offs), v, mask);
    auto ys = storageOf(nullptr, 4, "y");
    LaunchResult r = runKernel(
        b.finish(), Grid{1, 1, 1}, {ptrArg(storageOf(std::vector<float>{2.5f}, "x")), ptrArg(ys)});
    ASSERT_TRUE(r.ok) << firstMessage(r);
    EXPECT_EQ(contents<float>(ys)[0], 2.5f);
}

TEST(InterpBackendTest, FirstErrorIsTheLowestProgramOnAnyThreadCount)
{
    // Programs 5 and 9 (of 16) read past the end of x; program 5 is always the one reported.
    for (int threads : {1, 3, 8}) {
        KernelBuilder b("two_bad");
        const ValueId x = b.param("x_ptr", ptrT(DType::F32));
        const ValueId p = b.pid(0);
        const ValueId bad = b.bin(OpCode::Or, b.cmp(0, p, b.constI(5)), b.cmp(0, p, b.constI(9)));
        const ValueId off = b.select(bad, b.constI(100), b.constI(0));
        b.load(b.addptr(x, off));
        InterpOptions o;
        o.threads = threads;
        o.minProgramsPerThread = 1;
        LaunchResult r
            = runKernel(b.finish(), Grid{16, 1, 1}, {ptrArg(storageOf(ramp(4), "x"))}, o);
        ASSERT_FALSE(r.ok);
        EXPECT_EQ(firstMessage(r),
                  "load out of bounds in program (5, 0, 0), element []: offset "
                  "400 bytes is past the end of 'x' (16 bytes)")
            << threads;
    }
}

TEST(InterpBackendTest, ViewWithByteOffsetIsCheckedAgainstItsStorage)
{
    // x is a view starting 8 floats into a 16-float storage: 8 in-bounds elements, then OOB.
    auto base = storageOf(ramp(16), "base");
    auto y = storageOf(nullptr, 16 * 4, "y");
    LaunchResult ok
        = runKernel(unmaskedCopy(8, {}, {}), Grid{1, 1, 1}, {ptrArg(base, 32), ptrArg(y)});
    ASSERT_TRUE(ok.ok) << firstMessage(ok);
    EXPECT_EQ(contents<float>(y)[7], ramp(16)[15]);
    LaunchResult bad
        = runKernel(unmaskedCopy(16, {}, {}), Grid{1, 1, 1}, {ptrArg(base, 32), ptrArg(y)});
    ASSERT_FALSE(bad.ok);
    EXPECT_EQ(firstMessage(bad),
              "load out of bounds in program (0, 0, 0), element [8]: offset 64 "
              "bytes is past the end of 'base' (64 bytes)");
}

TEST(InterpBackendTest, IntegerDivisionByZeroIsReported)
{
    KernelBuilder b("div");
    const ValueId x = b.param("x_ptr", ptrT(DType::I32));
    const ValueId offs = b.range(0, 8);
    const ValueId v = b.load(b.ptrs(x, offs));
    const ValueId q = b.bin(OpCode::IDiv, b.constI(100, DType::I32, {8}), v);
    b.store(b.ptrs(x, offs), q);
    LaunchResult r = runKernel(b.finish(),
                               Grid{1, 1, 1},
                               {ptrArg(storageOf(std::vector<int>{1, 2, 3, 0, 5, 0, 7, 8}, "x"))});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.diags.diagnostics()[0].kind, DiagKind::IntegerDivisionByZero);
    EXPECT_EQ(firstMessage(r), "integer division by zero in program (0, 0, 0) at element [3]");
}

TEST(InterpBackendTest, DeviceAssertFailureNamesProgramAndElement)
{
    KernelBuilder b("assert");
    const ValueId offs = b.range(0, 16);
    const ValueId ok = b.cmp(
        2, b.bin(OpCode::Add, offs, b.splat(b.pid(0), {16})), b.constI(17, DType::I32, {16}));
    b.emit0(OpCode::DeviceAssert, {ok}, [](ir::Op &o) { o.str = "offs < 17"; });
    LaunchResult r = runKernel(b.finish(), Grid{3, 1, 1}, {});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.diags.diagnostics()[0].kind, DiagKind::DeviceAssertFailed);
    EXPECT_EQ(firstMessage(r),
              "device_assert failed in program (2, 0, 0) at element [15]: offs < 17");
}

TEST(InterpBackendTest, DevicePrintIsGroupedPerProgramInTritonFormat)
{
    KernelBuilder b("print");
    const ValueId offs = b.range(0, 4);
    const ValueId v = b.cast(b.bin(OpCode::Add, offs, b.splat(b.pid(0), {4})), DType::F32);
    b.emit0(OpCode::Print, {v}, [](ir::Op &o) { o.str = "x"; });
    b.emit0(OpCode::Print, {b.pid(0)}, [](ir::Op &o) { o.str = "pid"; });
    LaunchResult r = runKernel(b.finish(), Grid{2, 1, 1}, {});
    ASSERT_TRUE(r.ok);
    ASSERT_EQ(r.prints.size(), 2u);
    EXPECT_EQ(r.printPids[1], (std::array<std::int64_t, 3>{1, 0, 0}));
    EXPECT_EQ(r.prints[1],
              "pid (1, 0, 0) idx (0) x: 1.000000\n"
              "pid (1, 0, 0) idx (1) x: 2.000000\n"
              "pid (1, 0, 0) idx (2) x: 3.000000\n"
              "pid (1, 0, 0) idx (3) x: 4.000000\n"
              "pid (1, 0, 0) idx () pid: 1\n");
}

TEST(InterpBackendTest, DevicePrintPadsIndicesAndNumbersOperands)
{
    KernelBuilder b("print2");
    const ValueId offs = b.range(0, 16);
    b.emit0(OpCode::Print, {offs, offs}, [](ir::Op &o) {
        o.str = "v";
        o.flags = 1;
    });
    LaunchResult r = runKernel(b.finish(), Grid{1, 1, 1}, {});
    ASSERT_TRUE(r.ok);
    ASSERT_EQ(r.prints.size(), 1u);
    EXPECT_NE(r.prints[0].find("pid (0, 0, 0) idx ( 3) v: (operand 0) 0x00000003\n"),
              std::string::npos)
        << r.prints[0];
    EXPECT_NE(r.prints[0].find("pid (0, 0, 0) idx (15) v: (operand 1) 0x0000000f\n"),
              std::string::npos);
}

TEST(InterpBackendTest, CancelStopsTheLaunch)
{
    std::atomic<bool> cancel{true};
    const std::size_t n = 4096;
    LaunchResult r = runKernel(swishKernel(64),
                               Grid{64, 1, 1},
                               {ptrArg(storageOf(ramp(n), "x")),
                                ptrArg(storageOf(nullptr, n * 4, "y")),
                                intArg(std::int64_t(n)),
                                constexprArg(),
                                constexprArg()},
                               {},
                               &cancel);
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.diags.diagnostics()[0].kind, DiagKind::ExecutionStopped);
}

TEST(InterpBackendTest, WrongArgumentCountIsADiagnostic)
{
    LaunchResult r = runKernel(swishKernel(64), Grid{1, 1, 1}, {intArg(1)});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.diags.diagnostics()[0].kind, DiagKind::KernelArgumentMismatch);
}

TEST(InterpBackendTest, ReturnEndsOnlyTheCurrentProgram)
{
    // if pid == 1: return ; y[pid] = 7
    KernelBuilder b("ret");
    const ValueId y = b.param("y_ptr", ptrT(DType::I32));
    const ValueId p = b.pid(0);
    b.regionOp(OpCode::If,
               {b.cmp(0, p, b.constI(1))},
               {},
               {{}, {}},
               [&](std::size_t k, const std::vector<ValueId> &) {
                   if (k == 0)
                       b.emit0(OpCode::Return, {});
               });
    b.store(b.addptr(y, p), b.constI(7));
    auto ys = storageOf(nullptr, 3 * 4, "y");
    LaunchResult r = runKernel(b.finish(), Grid{3, 1, 1}, {ptrArg(ys)});
    ASSERT_TRUE(r.ok) << firstMessage(r);
    EXPECT_EQ(contents<int>(ys), (std::vector<int>{7, 0, 7}));
}

} // namespace
} // namespace tsm::interp::test
