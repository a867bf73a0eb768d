// Integer division by zero is reported only where a lane of its result is observed
// (core/interp/poison.h): masked-off lanes, tl.where's other side and unused values are fine.

#include "tests/unit/interp/kernel_builder.h"

#include <gtest/gtest.h>

namespace tsm::interp::test {
namespace {

std::string messageOf(const LaunchResult &r)
{
    return r.diags.diagnostics().empty() ? "" : r.diags.diagnostics()[0].message;
}

const SourceSpan kDivSpan{0, 10, 16};
const SourceSpan kStoreSpan{0, 30, 40};

/// x = tl.load(x_ptr + offs, mask=offs < n, other=0); y = 100 // x (or %);
/// tl.store(y_ptr + offs, y, mask=offs < n) over 8 lanes.
std::shared_ptr<const ir::Kernel> maskedDivide(OpCode code = OpCode::IDiv)
{
    KernelBuilder b("masked_div");
    const ValueId x = b.param("x_ptr", ptrT(DType::I32));
    const ValueId y = b.param("y_ptr", ptrT(DType::I32));
    const ValueId n = b.param("n", scalarT(DType::I32));
    const Shape s{8};
    const ValueId offs = b.range(0, 8);
    const ValueId mask = b.cmp(2, offs, b.splat(n, s));
    const ValueId v = b.load(b.ptrs(x, offs), mask, b.constI(0, DType::I32, s));
    const ValueId q = b.emit(code, {b.constI(100, DType::I32, s), v}, b.type(v), {}, kDivSpan);
    b.store(b.ptrs(y, offs), q, mask, kStoreSpan);
    return b.finish();
}

TEST(PoisonTest, MaskedOffLanesMayDivideByZero)
{
    for (OpCode code : {OpCode::IDiv, OpCode::IRem}) {
        auto ys = storageOf(std::vector<int>(8, -7), "y");
        LaunchResult r = runKernel(
            maskedDivide(code),
            Grid{1, 1, 1},
            {ptrArg(storageOf(std::vector<int>{1, 2, 3, 4, 6}, "x")), ptrArg(ys), intArg(5)});
        ASSERT_TRUE(r.ok) << messageOf(r);
        const std::vector<int> want = code == OpCode::IDiv
                                          ? std::vector<int>{100, 50, 33, 25, 16, -7, -7, -7}
                                          : std::vector<int>{0, 0, 1, 0, 4, -7, -7, -7};
        EXPECT_EQ(contents<int>(ys), want);
    }
}

TEST(PoisonTest, AnActiveLaneDividingByZeroIsReportedAtTheDivision)
{
    auto ys = storageOf(std::vector<int>(8, 0), "y");
    LaunchResult r = runKernel(
        maskedDivide(),
        Grid{1, 1, 1},
        {ptrArg(storageOf(std::vector<int>{1, 2, 0, 4, 6}, "x")), ptrArg(ys), intArg(5)});
    ASSERT_FALSE(r.ok);
    const Diagnostic &d = r.diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::IntegerDivisionByZero);
    EXPECT_EQ(d.message, "integer division by zero in program (0, 0, 0) at element [2]");
    EXPECT_EQ(d.span, kDivSpan);
    ASSERT_EQ(d.notes.size(), 1u);
    EXPECT_EQ(d.notes[0].span, kStoreSpan);
    // Nothing was stored: the store observed the lane before writing.
    EXPECT_EQ(contents<int>(ys), std::vector<int>(8, 0));
}

TEST(PoisonTest, PoisonFromOneProgramDoesNotLeakIntoTheNext)
{
    // Program 0 divides by zero on masked-off lanes only; program 1 does not divide by zero
    // (x is read at pid * 4): both run, and a later active zero is still caught in program 1.
    KernelBuilder b("two_programs");
    const ValueId x = b.param("x_ptr", ptrT(DType::I32));
    const ValueId y = b.param("y_ptr", ptrT(DType::I32));
    const ValueId n = b.param("n", scalarT(DType::I32));
    const Shape s{4};
    const ValueId offs
        = b.bin(OpCode::Add, b.splat(b.bin(OpCode::Mul, b.pid(0), b.constI(4)), s), b.range(0, 4));
    const ValueId mask = b.cmp(2, offs, b.splat(n, s));
    const ValueId v = b.load(b.ptrs(x, offs), mask, b.constI(0, DType::I32, s));
    const ValueId q = b.bin(OpCode::IDiv, b.constI(12, DType::I32, s), v);
    b.store(b.ptrs(y, offs), q, mask);
    auto kernel = b.finish();
    {
        auto ys = storageOf(std::vector<int>(8, 0), "y");
        LaunchResult r = runKernel(
            kernel,
            Grid{2, 1, 1},
            {ptrArg(storageOf(std::vector<int>{1, 2, 3, 4, 6, 12}, "x")), ptrArg(ys), intArg(6)});
        ASSERT_TRUE(r.ok) << messageOf(r);
        EXPECT_EQ(contents<int>(ys), (std::vector<int>{12, 6, 4, 3, 2, 1, 0, 0}));
    }
    {
        auto ys = storageOf(std::vector<int>(8, 0), "y");
        LaunchResult r = runKernel(
            kernel,
            Grid{2, 1, 1},
            {ptrArg(storageOf(std::vector<int>{1, 2, 3, 4, 6, 0}, "x")), ptrArg(ys), intArg(6)});
        ASSERT_FALSE(r.ok);
        EXPECT_EQ(messageOf(r), "integer division by zero in program (1, 0, 0) at element [1]");
    }
}

TEST(PoisonTest, WhereKeepsOnlyTheChosenSide)
{
    // y = tl.where(x != 0, 100 // x, -1), stored on every lane.
    KernelBuilder b("where_div");
    const ValueId x = b.param("x_ptr", ptrT(DType::I32));
    const ValueId y = b.param("y_ptr", ptrT(DType::I32));
    const Shape s{4};
    const ValueId offs = b.range(0, 4);
    const ValueId v = b.load(b.ptrs(x, offs));
    const ValueId zero = b.constI(0, DType::I32, s);
    const ValueId q = b.bin(OpCode::IDiv, b.constI(100, DType::I32, s), v);
    b.store(b.ptrs(y, offs), b.select(b.cmp(1, v, zero), q, b.constI(-1, DType::I32, s)));
    auto ys = storageOf(std::vector<int>(4, 0), "y");
    LaunchResult r = runKernel(b.finish(),
                               Grid{1, 1, 1},
                               {ptrArg(storageOf(std::vector<int>{5, 0, 10, 0}, "x")), ptrArg(ys)});
    ASSERT_TRUE(r.ok) << messageOf(r);
    EXPECT_EQ(contents<int>(ys), (std::vector<int>{20, -1, 10, -1}));
}

TEST(PoisonTest, PoisonFollowsShapeOpsToTheObservedLane)
{
    // q = 100 // x over [4]; t = broadcast(expand_dims(q, 0), [2, 4]) permuted to [4, 2];
    // stored with a mask that keeps row 1 only: x[1] == 0 is observed at q's element [1], x[3]
    // == 0 on a masked-off row is not.
    KernelBuilder b("shape_ops");
    const ValueId x = b.param("x_ptr", ptrT(DType::I32));
    const ValueId y = b.param("y_ptr", ptrT(DType::I32));
    const ValueId v = b.load(b.ptrs(x, b.range(0, 4)));
    const ValueId q = b.bin(OpCode::IDiv, b.constI(100, DType::I32, {4}), v);
    const ValueId t = b.permute(b.broadcast(b.expandDims(q, 0), {2, 4}), {1, 0}); // [4, 2]
    const ValueId rows = b.broadcast(b.expandDims(b.range(0, 4), 1), {4, 2});
    const ValueId cols = b.broadcast(b.expandDims(b.range(0, 2), 0), {4, 2});
    const ValueId flat
        = b.bin(OpCode::Add, b.bin(OpCode::Mul, rows, b.constI(2, DType::I32, {4, 2})), cols);
    const ValueId keepRow = b.cmp(0, rows, b.constI(1, DType::I32, {4, 2}));
    b.store(b.ptrs(y, flat), t, keepRow);
    auto kernel = b.finish();
    {
        auto ys = storageOf(std::vector<int>(8, 0), "y");
        LaunchResult r
            = runKernel(kernel,
                        Grid{1, 1, 1},
                        {ptrArg(storageOf(std::vector<int>{1, 4, 5, 0}, "x")), ptrArg(ys)});
        ASSERT_TRUE(r.ok) << messageOf(r);
        EXPECT_EQ(contents<int>(ys), (std::vector<int>{0, 0, 25, 25, 0, 0, 0, 0}));
    }
    {
        auto ys = storageOf(std::vector<int>(8, 0), "y");
        LaunchResult r
            = runKernel(kernel,
                        Grid{1, 1, 1},
                        {ptrArg(storageOf(std::vector<int>{1, 0, 5, 0}, "x")), ptrArg(ys)});
        ASSERT_FALSE(r.ok);
        EXPECT_EQ(messageOf(r), "integer division by zero in program (0, 0, 0) at element [1]");
    }
}

TEST(PoisonTest, AReductionObservesEveryLane)
{
    // tl.sum(100 // x) with x[3] == 0: the sum reads the lane whatever the masks say.
    KernelBuilder b("sum_div");
    const ValueId x = b.param("x_ptr", ptrT(DType::I32));
    const ValueId y = b.param("y_ptr", ptrT(DType::I32));
    const ValueId v = b.load(b.ptrs(x, b.range(0, 4)));
    const ValueId q = b.bin(OpCode::IDiv, b.constI(100, DType::I32, {4}), v);
    b.store(y, b.reduce(q, 0, OpCode::Add));
    LaunchResult r = runKernel(
        b.finish(),
        Grid{1, 1, 1},
        {ptrArg(storageOf(std::vector<int>{1, 2, 4, 0}, "x")), ptrArg(storageOf(nullptr, 4, "y"))});
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(messageOf(r), "integer division by zero in program (0, 0, 0) at element [3]");
}

TEST(PoisonTest, LoopCarriedPoisonAndScalarConditions)
{
    // acc = 0; for i in range(0, 3): acc += 60 // x   (x loaded with other=0 off the mask)
    // tl.store(y_ptr + offs, acc, mask); then, if d != 0 was never checked:
    // s = 10 // d (scalar); if s > 0: ... -> observed by the if when d == 0.
    KernelBuilder b("loop_div");
    const ValueId x = b.param("x_ptr", ptrT(DType::I32));
    const ValueId y = b.param("y_ptr", ptrT(DType::I32));
    const ValueId n = b.param("n", scalarT(DType::I32));
    const ValueId d = b.param("d", scalarT(DType::I32));
    const Shape s{4};
    const ValueId offs = b.range(0, 4);
    const ValueId mask = b.cmp(2, offs, b.splat(n, s));
    const ValueId v = b.load(b.ptrs(x, offs), mask, b.constI(0, DType::I32, s));
    ir::Op &loop = b.regionOp(OpCode::For,
                              {b.constI(0), b.constI(3), b.constI(1), b.constI(0, DType::I32, s)},
                              {blockT(DType::I32, s)},
                              {{scalarT(DType::I32), blockT(DType::I32, s)}},
                              [&](std::size_t, const std::vector<ValueId> &a) {
                                  const ValueId q
                                      = b.bin(OpCode::IDiv, b.constI(60, DType::I32, s), v);
                                  b.emit0(OpCode::Yield, {b.bin(OpCode::Add, a[1], q)});
                              });
    b.store(b.ptrs(y, offs), loop.results[0], mask);
    const ValueId sd = b.bin(OpCode::IDiv, b.constI(10), d);
    const Type i32 = scalarT(DType::I32);
    ir::Op &iff = b.regionOp(OpCode::If,
                             {b.cmp(4, sd, b.constI(0))},
                             {i32},
                             {{}, {}},
                             [&](std::size_t k, const std::vector<ValueId> &) {
                                 b.emit0(OpCode::Yield, {b.constI(k == 0 ? 1 : 2)});
                             });
    b.store(b.addptr(y, b.constI(4)), iff.results[0]);
    auto kernel = b.finish();
    const auto xs = std::vector<int>{1, 2, 3, 4};
    {
        auto ys = storageOf(std::vector<int>(5, 0), "y");
        LaunchResult r = runKernel(
            kernel, Grid{1, 1, 1}, {ptrArg(storageOf(xs, "x")), ptrArg(ys), intArg(2), intArg(5)});
        ASSERT_TRUE(r.ok) << messageOf(r);
        EXPECT_EQ(contents<int>(ys), (std::vector<int>{180, 90, 0, 0, 1}));
    }
    {
        auto ys = storageOf(std::vector<int>(5, 0), "y");
        LaunchResult r = runKernel(
            kernel, Grid{1, 1, 1}, {ptrArg(storageOf(xs, "x")), ptrArg(ys), intArg(2), intArg(0)});
        ASSERT_FALSE(r.ok);
        EXPECT_EQ(messageOf(r), "integer division by zero in program (0, 0, 0) at element []");
        // The loop's masked stores ran before the scalar division was observed.
        EXPECT_EQ(contents<int>(ys)[0], 180);
    }
}

TEST(PoisonTest, AWhileConditionObservesPoison)
{
    // i = 0; while i < 10 // d: i += 1   with d == 0.
    KernelBuilder b("while_div");
    const ValueId d = b.param("d", scalarT(DType::I32));
    const Type i32 = scalarT(DType::I32);
    const ValueId limit = b.bin(OpCode::IDiv, b.constI(10), d);
    b.regionOp(OpCode::While,
               {b.constI(0)},
               {i32},
               {{i32}, {i32}},
               [&](std::size_t k, const std::vector<ValueId> &a) {
                   if (k == 0)
                       b.emit0(OpCode::Condition, {b.cmp(2, a[0], limit), a[0]});
                   else
                       b.emit0(OpCode::Yield, {b.bin(OpCode::Add, a[0], b.constI(1))});
               });
    LaunchResult ok = runKernel(b.finish(), Grid{1, 1, 1}, {intArg(2)});
    EXPECT_TRUE(ok.ok) << messageOf(ok);
    LaunchResult bad = runKernel(b.finish(), Grid{1, 1, 1}, {intArg(0)});
    ASSERT_FALSE(bad.ok);
    EXPECT_EQ(bad.diags.diagnostics()[0].kind, DiagKind::IntegerDivisionByZero);
}

} // namespace
} // namespace tsm::interp::test
