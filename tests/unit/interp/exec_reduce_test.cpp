// Reduce / Scan (fast paths and arbitrary combine regions) and Dot.

#include "core/tensor/float16.h"
#include "tests/unit/interp/kernel_builder.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>

namespace tsm::interp::test {
namespace {

/// Loads an [R, C] block from `in` (row-major), applies `f`, stores `outShape` elements.
template <class T>
std::vector<T> runBlock2D(DType d,
                          std::int64_t rows,
                          std::int64_t cols,
                          const std::vector<T> &data,
                          std::int64_t outElems,
                          const std::function<ValueId(KernelBuilder &, ValueId)> &f,
                          DType outType = DType::F32)
{
    KernelBuilder b("block2d");
    const ValueId in = b.param("in", ptrT(d));
    const ValueId out = b.param("out", ptrT(outType));
    const Shape s{rows, cols};
    const ValueId r = b.broadcast(b.expandDims(b.range(0, rows), 1), s);
    const ValueId c = b.broadcast(b.expandDims(b.range(0, cols), 0), s);
    const ValueId offs
        = b.bin(OpCode::Add, b.bin(OpCode::Mul, r, b.constI(cols, DType::I32, s)), c);
    const ValueId x = b.load(b.ptrs(in, offs));
    const ValueId y = f(b, x);
    const Shape ys = b.type(y).shape;
    std::int64_t n = 1;
    for (std::int64_t e : ys)
        n *= e;
    ValueId o = b.range(0, n);
    if (ys.size() == 2) {
        const ValueId rr = b.broadcast(b.expandDims(b.range(0, ys[0]), 1), ys);
        const ValueId cc = b.broadcast(b.expandDims(b.range(0, ys[1]), 0), ys);
        o = b.bin(OpCode::Add, b.bin(OpCode::Mul, rr, b.constI(ys[1], DType::I32, ys)), cc);
    }
    b.store(b.ptrs(out, o), y);
    auto os = storageOf(nullptr, std::size_t(outElems) * 4, "out");
    LaunchResult res
        = runKernel(b.finish(), Grid{1, 1, 1}, {ptrArg(storageOf(data, "in")), ptrArg(os)});
    EXPECT_TRUE(res.ok) << (res.diags.diagnostics().empty() ? ""
                                                            : res.diags.diagnostics()[0].message);
    return contents<T>(os);
}

std::vector<float> iota(std::size_t n, float start = 1.0f)
{
    std::vector<float> v(n);
    for (std::size_t k = 0; k < n; ++k)
        v[k] = start + float(k);
    return v;
}

TEST(ExecReduceTest, SumAndMaxAlongEachAxis)
{
    const std::vector<float> x = iota(8); // [[1,2,3,4],[5,6,7,8]]
    EXPECT_EQ(
        runBlock2D<float>(DType::F32,
                          2,
                          4,
                          x,
                          4,
                          [](KernelBuilder &b, ValueId v) { return b.reduce(v, 0, OpCode::Add); }),
        (std::vector<float>{6, 8, 10, 12}));
    EXPECT_EQ(
        runBlock2D<float>(DType::F32,
                          2,
                          4,
                          x,
                          2,
                          [](KernelBuilder &b, ValueId v) { return b.reduce(v, 1, OpCode::Max); }),
        (std::vector<float>{4, 8}));
}

TEST(ExecReduceTest, CombineRegionWithSeveralOpsRunsLaneWise)
{
    // sum of squares written as a two-op region: acc + x * x.
    const std::vector<float> x = iota(8);
    auto out = runBlock2D<float>(DType::F32, 2, 4, x, 2, [](KernelBuilder &b, ValueId v) {
        const ValueId sq = b.bin(OpCode::Mul, v, v);
        return b.reduceLike(OpCode::Reduce, sq, 1, [&](ValueId acc, ValueId e) {
            const ValueId twice = b.bin(OpCode::Mul, e, b.constF(2.0));
            return b.bin(OpCode::Add, acc, b.bin(OpCode::Sub, twice, e));
        });
    });
    EXPECT_EQ(out, (std::vector<float>{30, 174}));
}

TEST(ExecReduceTest, ArgmaxWithTwoOperandsAndFirstIndexOnTies)
{
    // tl.argmax lowers to a reduce over (value, index) with a compare/select region.
    KernelBuilder b("argmax");
    const ValueId in = b.param("in", ptrT(DType::F32));
    const ValueId out = b.param("out", ptrT(DType::I32));
    const ValueId idx = b.range(0, 8);
    const ValueId x = b.load(b.ptrs(in, idx));
    ir::Op &red = b.regionOp(
        OpCode::Reduce,
        {x, idx},
        {scalarT(DType::F32), scalarT(DType::I32)},
        {{scalarT(DType::F32), scalarT(DType::I32), scalarT(DType::F32), scalarT(DType::I32)}},
        [&](std::size_t, const std::vector<ValueId> &a) {
            // keep acc unless x > acc, or x == acc and its index is lower
            const ValueId gt = b.cmp(4, a[2], a[0]);
            const ValueId eq = b.cmp(0, a[2], a[0]);
            const ValueId lower = b.cmp(2, a[3], a[1]);
            const ValueId take = b.bin(OpCode::Or, gt, b.bin(OpCode::And, eq, lower));
            b.emit0(OpCode::Yield, {b.select(take, a[2], a[0]), b.select(take, a[3], a[1])});
        });
    red.i = 0;
    const ValueId best = red.results[1];
    b.store(out, best);
    auto os = storageOf(nullptr, 4, "out");
    LaunchResult r = runKernel(
        b.finish(),
        Grid{1, 1, 1},
        {ptrArg(storageOf(std::vector<float>{1, 9, 3, 9, 2, 0, 9, 1}, "in")), ptrArg(os)});
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(contents<int>(os)[0], 1);
}

TEST(ExecReduceTest, CumsumForwardAndReverse)
{
    const std::vector<float> x = iota(8);
    EXPECT_EQ(runBlock2D<float>(DType::F32,
                                2,
                                4,
                                x,
                                8,
                                [](KernelBuilder &b, ValueId v) {
                                    return b.reduceLike(
                                        OpCode::Scan, v, 1, [&](ValueId a, ValueId e) {
                                            return b.bin(OpCode::Add, a, e);
                                        });
                                }),
              (std::vector<float>{1, 3, 6, 10, 5, 11, 18, 26}));
    EXPECT_EQ(
        runBlock2D<float>(DType::F32,
                          2,
                          4,
                          x,
                          8,
                          [](KernelBuilder &b, ValueId v) {
                              return b.reduceLike(
                                  OpCode::Scan,
                                  v,
                                  0,
                                  [&](ValueId a, ValueId e) { return b.bin(OpCode::Add, a, e); },
                                  1);
                          }),
        (std::vector<float>{6, 8, 10, 12, 5, 6, 7, 8}));
    // A region with two ops takes the generic path: cumulative (acc + x) * 1.
    EXPECT_EQ(runBlock2D<float>(
                  DType::F32,
                  2,
                  4,
                  x,
                  8,
                  [](KernelBuilder &b, ValueId v) {
                      return b.reduceLike(OpCode::Scan, v, 1, [&](ValueId a, ValueId e) {
                          return b.bin(OpCode::Mul, b.bin(OpCode::Add, a, e), b.constF(1.0));
                      });
                  }),
              (std::vector<float>{1, 3, 6, 10, 5, 11, 18, 26}));
}

ValueId dot(KernelBuilder &b, ValueId a, ValueId bb, ValueId acc, int precision)
{
    return b.emit(
        OpCode::Dot, {a, bb, acc}, b.type(acc), [precision](ir::Op &o) { o.i = precision; });
}

TEST(ExecReduceTest, DotOfFp32AndFp16AccumulatesInFp32)
{
    // A [2, 4] times B [4, 2] where B = A^T.
    const std::vector<float> a = iota(8);
    auto run = [&](DType d, int precision) {
        KernelBuilder b("matmul");
        const ValueId pa = b.param("a", ptrT(d));
        const ValueId po = b.param("c", ptrT(DType::F32));
        const Shape s{2, 4};
        const ValueId r = b.broadcast(b.expandDims(b.range(0, 2), 1), s);
        const ValueId c = b.broadcast(b.expandDims(b.range(0, 4), 0), s);
        const ValueId offs
            = b.bin(OpCode::Add, b.bin(OpCode::Mul, r, b.constI(4, DType::I32, s)), c);
        const ValueId x = b.load(b.ptrs(pa, offs));
        const ValueId acc = b.constF(0.5, DType::F32, {2, 2});
        const ValueId y = dot(b, x, b.permute(x, {1, 0}), acc, precision);
        const Shape os{2, 2};
        const ValueId orr = b.broadcast(b.expandDims(b.range(0, 2), 1), os);
        const ValueId oc = b.broadcast(b.expandDims(b.range(0, 2), 0), os);
        b.store(
            b.ptrs(po,
                   b.bin(OpCode::Add, b.bin(OpCode::Mul, orr, b.constI(2, DType::I32, os)), oc)),
            y);
        auto out = storageOf(nullptr, 16, "c");
        std::vector<std::uint16_t> half(a.size());
        for (std::size_t k = 0; k < a.size(); ++k)
            half[k] = floatToHalf(a[k]);
        auto in = d == DType::F16 ? storageOf(half, "a") : storageOf(a, "a");
        LaunchResult res = runKernel(b.finish(), Grid{1, 1, 1}, {ptrArg(in), ptrArg(out)});
        EXPECT_TRUE(res.ok) << (res.diags.diagnostics().empty()
                                    ? ""
                                    : res.diags.diagnostics()[0].message);
        return contents<float>(out);
    };
    const std::vector<float> want{30.5f, 70.5f, 70.5f, 174.5f};
    EXPECT_EQ(run(DType::F32, 2), want);
    EXPECT_EQ(run(DType::F16, 0), want);
    EXPECT_EQ(run(DType::F32, 0), want); // small integers are exact in tf32
}

TEST(ExecReduceTest, Tf32RoundsFp32InputsToTenMantissaBits)
{
    // 1 + 2^-12 is not a tf32 value: with tf32 the product 1 x (1 + 2^-12) becomes 1.
    const float v = 1.0f + 0x1p-12f;
    auto run = [&](int precision) {
        KernelBuilder b("tf32");
        const ValueId pa = b.param("a", ptrT(DType::F32));
        const ValueId po = b.param("c", ptrT(DType::F32));
        const Shape s{1, 1};
        const ValueId zero = b.constI(0, DType::I32, s);
        const ValueId x = b.load(b.ptrs(pa, zero));
        const ValueId one = b.constF(1.0, DType::F32, s);
        const ValueId y = dot(b, one, x, b.constF(0.0, DType::F32, s), precision);
        b.store(b.ptrs(po, zero), y);
        auto out = storageOf(nullptr, 4, "c");
        EXPECT_TRUE(runKernel(b.finish(),
                              Grid{1, 1, 1},
                              {ptrArg(storageOf(std::vector<float>{v}, "a")), ptrArg(out)})
                        .ok);
        return contents<float>(out)[0];
    };
    EXPECT_EQ(run(0), 1.0f);
    EXPECT_EQ(run(2), v);
}

} // namespace
} // namespace tsm::interp::test
