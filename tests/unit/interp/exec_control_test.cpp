// For / While / If through the interpreter, plus atomics, transpose and outer products.

#include "tests/unit/interp/kernel_builder.h"

#include <gtest/gtest.h>

namespace tsm::interp::test {
namespace {

std::string messageOf(const LaunchResult &r)
{
    return r.diags.diagnostics().empty() ? "" : r.diags.diagnostics()[0].message;
}

TEST(ExecControlTest, ForLoopCarriesABlockAccumulator)
{
    // row_sum: for k in range(0, n, 4): acc += x[k:k+4]; out = sum(acc)
    KernelBuilder b("row_sum");
    const ValueId x = b.param("x", ptrT(DType::F32));
    const ValueId out = b.param("out", ptrT(DType::F32));
    const ValueId n = b.param("n", scalarT(DType::I32));
    const Shape s{4};
    const ValueId init = b.constF(0.0, DType::F32, s);
    ir::Op &loop = b.regionOp(OpCode::For,
                              {b.constI(0), n, b.constI(4), init},
                              {blockT(DType::F32, s)},
                              {{scalarT(DType::I32), blockT(DType::F32, s)}},
                              [&](std::size_t, const std::vector<ValueId> &a) {
                                  const ValueId offs
                                      = b.bin(OpCode::Add, b.splat(a[0], s), b.range(0, 4));
                                  const ValueId mask = b.cmp(2, offs, b.splat(n, s));
                                  const ValueId v
                                      = b.load(b.ptrs(x, offs), mask, b.constF(0.0, DType::F32, s));
                                  b.emit0(OpCode::Yield, {b.bin(OpCode::Add, a[1], v)});
                              });
    const ValueId acc = loop.results[0];
    b.store(out, b.reduce(acc, 0, OpCode::Add));
    std::vector<float> data(10);
    for (int k = 0; k < 10; ++k)
        data[std::size_t(k)] = float(k + 1);
    auto os = storageOf(nullptr, 4, "out");
    LaunchResult r = runKernel(
        b.finish(), Grid{1, 1, 1}, {ptrArg(storageOf(data, "x")), ptrArg(os), intArg(10)});
    ASSERT_TRUE(r.ok) << messageOf(r);
    EXPECT_EQ(contents<float>(os)[0], 55.0f);
}

TEST(ExecControlTest, WhileLoopAndIfWithResults)
{
    // i = 0; s = 0; while i < n: s += i; i += 1 ; out = s if s > 10 else -1
    KernelBuilder b("while");
    const ValueId out = b.param("out", ptrT(DType::I32));
    const ValueId n = b.param("n", scalarT(DType::I32));
    const Type i32 = scalarT(DType::I32);
    ir::Op &w = b.regionOp(
        OpCode::While,
        {b.constI(0), b.constI(0)},
        {i32, i32},
        {{i32, i32}, {i32, i32}},
        [&](std::size_t k, const std::vector<ValueId> &a) {
            if (k == 0) {
                b.emit0(OpCode::Condition, {b.cmp(2, a[0], n), a[0], a[1]});
            } else {
                b.emit0(OpCode::Yield,
                        {b.bin(OpCode::Add, a[0], b.constI(1)), b.bin(OpCode::Add, a[1], a[0])});
            }
        });
    const ValueId sum = w.results[1];
    ir::Op &iff = b.regionOp(OpCode::If,
                             {b.cmp(4, sum, b.constI(10))},
                             {i32},
                             {{}, {}},
                             [&](std::size_t k, const std::vector<ValueId> &) {
                                 b.emit0(OpCode::Yield, {k == 0 ? sum : b.constI(-1)});
                             });
    b.store(out, iff.results[0]);
    for (auto [nv, want] : {std::pair{6, 15}, std::pair{3, -1}, std::pair{0, -1}}) {
        auto os = storageOf(nullptr, 4, "out");
        LaunchResult r = runKernel(b.finish(), Grid{1, 1, 1}, {ptrArg(os), intArg(nv)});
        ASSERT_TRUE(r.ok) << messageOf(r);
        EXPECT_EQ(contents<int>(os)[0], want) << nv;
    }
}

TEST(ExecControlTest, ForLoopWithZeroStepStops)
{
    KernelBuilder b("zero_step");
    b.regionOp(OpCode::For,
               {b.constI(0), b.constI(10), b.constI(0)},
               {},
               {{scalarT(DType::I32)}},
               [&](std::size_t, const std::vector<ValueId> &) { b.emit0(OpCode::Yield, {}); });
    LaunchResult r = runKernel(b.finish(), Grid{1, 1, 1}, {});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.diags.diagnostics()[0].kind, DiagKind::ExecutionStopped);
}

TEST(ExecControlTest, HistogramWithAtomicAddReturnsOldValuesAndSkipsMaskedLanes)
{
    KernelBuilder b("histogram");
    const ValueId x = b.param("x", ptrT(DType::I32));
    const ValueId hist = b.param("hist", ptrT(DType::I32));
    const ValueId old = b.param("old", ptrT(DType::I32));
    const ValueId n = b.param("n", scalarT(DType::I32));
    const Shape s{8};
    const ValueId offs
        = b.bin(OpCode::Add, b.splat(b.bin(OpCode::Mul, b.pid(0), b.constI(8)), s), b.range(0, 8));
    const ValueId mask = b.cmp(2, offs, b.splat(n, s));
    const ValueId bins = b.load(b.ptrs(x, offs), mask, b.constI(1000, DType::I32, s));
    const ValueId prev = b.emit(OpCode::AtomicRMW,
                                {b.ptrs(hist, bins), b.constI(1, DType::I32, s), mask},
                                blockT(DType::I32, s),
                                [](ir::Op &o) { o.i = 0; });
    b.store(b.ptrs(old, offs), prev, mask);
    const std::vector<int> data{0, 1, 1, 3, 1, 0, 2, 3, 3, 3, 1};
    auto hs = storageOf(nullptr, 4 * 4, "hist");
    auto os = storageOf(nullptr, data.size() * 4, "old");
    LaunchResult r = runKernel(
        b.finish(),
        Grid{2, 1, 1},
        {ptrArg(storageOf(data, "x")), ptrArg(hs), ptrArg(os), intArg(std::int64_t(data.size()))});
    ASSERT_TRUE(r.ok) << messageOf(r);
    EXPECT_EQ(contents<int>(hs), (std::vector<int>{2, 4, 1, 4}));
    EXPECT_EQ(contents<int>(os), (std::vector<int>{0, 0, 1, 0, 2, 1, 0, 1, 2, 3, 3}));
}

TEST(ExecControlTest, AtomicCasAndMaxOnFloats)
{
    KernelBuilder b("cas");
    const ValueId p = b.param("p", ptrT(DType::F32));
    const ValueId old
        = b.emit(OpCode::AtomicCAS, {p, b.constF(1.0), b.constF(5.0)}, scalarT(DType::F32));
    const ValueId q = b.addptr(p, b.constI(1));
    b.emit(OpCode::AtomicRMW, {q, b.un(OpCode::Neg, old)}, scalarT(DType::F32), [](ir::Op &o) {
        o.i = 1;
    });
    auto ps = storageOf(std::vector<float>{1.0f, -3.0f}, "p");
    ASSERT_TRUE(runKernel(b.finish(), Grid{1, 1, 1}, {ptrArg(ps)}).ok);
    EXPECT_EQ(contents<float>(ps), (std::vector<float>{5.0f, -1.0f}));
}

TEST(ExecControlTest, TransposedCopyAndOuterProduct)
{
    // out[j, i] = x[i, j] for a 2x4 x; outer[i, j] = a[i] * b[j]
    KernelBuilder b("transpose");
    const ValueId x = b.param("x", ptrT(DType::F32));
    const ValueId t = b.param("t", ptrT(DType::F32));
    const ValueId o = b.param("o", ptrT(DType::F32));
    const Shape s{2, 4};
    const ValueId r = b.broadcast(b.expandDims(b.range(0, 2), 1), s);
    const ValueId c = b.broadcast(b.expandDims(b.range(0, 4), 0), s);
    const ValueId xv = b.load(
        b.ptrs(x, b.bin(OpCode::Add, b.bin(OpCode::Mul, r, b.constI(4, DType::I32, s)), c)));
    const Shape ts{4, 2};
    const ValueId tr = b.broadcast(b.expandDims(b.range(0, 4), 1), ts);
    const ValueId tc = b.broadcast(b.expandDims(b.range(0, 2), 0), ts);
    b.store(b.ptrs(t, b.bin(OpCode::Add, b.bin(OpCode::Mul, tr, b.constI(2, DType::I32, ts)), tc)),
            b.permute(xv, {1, 0}));
    const ValueId a = b.cast(b.range(0, 2), DType::F32);
    const ValueId bb = b.cast(b.range(0, 4), DType::F32);
    const ValueId outer = b.bin(
        OpCode::Mul, b.broadcast(b.expandDims(a, 1), s), b.broadcast(b.expandDims(bb, 0), s));
    b.store(b.ptrs(o, b.bin(OpCode::Add, b.bin(OpCode::Mul, r, b.constI(4, DType::I32, s)), c)),
            outer);
    auto ts_ = storageOf(nullptr, 32, "t");
    auto os = storageOf(nullptr, 32, "o");
    ASSERT_TRUE(runKernel(b.finish(),
                          Grid{1, 1, 1},
                          {ptrArg(storageOf(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}, "x")),
                           ptrArg(ts_),
                           ptrArg(os)})
                    .ok);
    EXPECT_EQ(contents<float>(ts_), (std::vector<float>{0, 4, 1, 5, 2, 6, 3, 7}));
    EXPECT_EQ(contents<float>(os), (std::vector<float>{0, 0, 0, 0, 0, 1, 2, 3}));
}

TEST(ExecControlTest, PointerFromSelectOfTwoArgumentsIsCheckedAgainstBoth)
{
    // p = where(pid == 0, x, y) + 6: provenance is ambiguous; y (8 floats) holds offset 6,
    // x (4 floats) does not.
    KernelBuilder b("either");
    const ValueId x = b.param("x", ptrT(DType::F32));
    const ValueId y = b.param("y", ptrT(DType::F32));
    const ValueId p = b.select(b.cmp(0, b.pid(0), b.constI(0)), x, y);
    b.store(b.addptr(p, b.constI(6)), b.constF(1.0));
    auto xs = storageOf(nullptr, 16, "x");
    auto ys = storageOf(nullptr, 32, "y");
    LaunchResult r = runKernel(b.finish(), Grid{2, 1, 1}, {ptrArg(xs), ptrArg(ys)});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.diags.diagnostics()[0].kind, DiagKind::OutOfBoundsAccess);
    EXPECT_NE(messageOf(r).find("program (0, 0, 0)"), std::string::npos) << messageOf(r);
    EXPECT_EQ(contents<float>(ys)[6], 0.0f); // program 0 stopped before program 1 ran
}

} // namespace
} // namespace tsm::interp::test
