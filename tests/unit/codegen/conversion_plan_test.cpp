#include "core/codegen/conversion_plan.h"

#include "core/codegen/mma_layout.h"

#include <gtest/gtest.h>

#include <set>

using namespace tsm::codegen;

namespace {

Layout blocked(const std::vector<std::int64_t> &shape, const std::vector<int> &spt, const std::vector<int> &order,
               int warps)
{
    return blockedLayout(shape, blockedParamsFor(shape, spt, order, warps));
}

/// The flat index with the vector bits of `plan` set as the bits of t are.
std::int64_t withVector(const SwizzledConversion &plan, std::int64_t flat, int t)
{
    for (std::size_t i = 0; i < plan.vectorBits.size(); ++i)
        if (t >> i & 1)
            flat |= std::int64_t(1) << plan.vectorBits[i];
    return flat;
}

/// The vector bits set in `flat`.
std::int64_t vectorPart(const SwizzledConversion &plan, std::int64_t flat)
{
    std::int64_t part = 0;
    for (int e : plan.vectorBits)
        part |= flat & (std::int64_t(1) << e);
    return part;
}

/// What the generated code relies on: every element has its own offset; each access of either
/// side is one aligned vector of consecutive offsets; and the lanes of one access phase (128
/// bytes of accesses) hit different banks unless they read the very same element.
void expectSound(const Layout &src, const Layout &read, int elementBytes, int vectorBytes)
{
    const auto plan = planSwizzledConversion(src, read, elementBytes);
    ASSERT_TRUE(plan);
    const int vec = 1 << plan->vectorBits.size();
    EXPECT_EQ(elementBytes * vec, vectorBytes);
    const std::int64_t n = src.numElements();
    std::set<std::int64_t> offsets;
    for (std::int64_t f = 0; f < n; ++f) {
        const std::int64_t o = plan->offset(f);
        EXPECT_GE(o, 0);
        EXPECT_LT(o, n);
        offsets.insert(o);
    }
    EXPECT_EQ(std::int64_t(offsets.size()), n) << "two elements share an offset";
    const int lanesPerPhase = std::min(32, 128 / vectorBytes);
    for (const Layout *l : {&src, &read}) {
        const int warps = 1 << l->warpBases.size();
        for (int w = 0; w < warps; ++w)
            for (int r = 0; r < l->numRegs(); ++r) {
                if (vectorPart(*plan, l->flat(r, 0, w)) != 0)
                    continue; // a register holding a vector bit: visited from its group's first
                for (int phase = 0; phase < 32; phase += lanesPerPhase) {
                    std::set<std::int64_t> chunks, elements;
                    for (int lane = phase; lane < phase + lanesPerPhase; ++lane) {
                        const std::int64_t base = l->flat(r, lane, w);
                        const std::int64_t o = plan->offset(base);
                        ASSERT_EQ(o % vec, 0) << "unaligned access";
                        for (int t = 1; t < vec; ++t)
                            ASSERT_EQ(plan->offset(withVector(*plan, base, t)), o + t);
                        if (elements.insert(base).second)
                            EXPECT_TRUE(chunks.insert((o / vec) % lanesPerPhase).second)
                                << "bank conflict: register " << r << " lane " << lane << " warp " << w
                                << (l == &src ? " (writing)" : " (reading)");
                    }
                }
            }
    }
}

} // namespace

TEST(ConversionPlan, WgmmaAccumulatorToStoreLayoutFp16)
{
    // tutorial 03's epilogue at 128x256x64, 8 warps: the fp16 tile converted for 16-byte stores.
    // Both layouts hold (column 2k, 2k+1) x (row r, r+8) in registers: 4 elements, 8 bytes.
    const Layout acc = wgmmaAccumulatorLayout({128, 256}, 8);
    const Layout store = blocked({128, 256}, {1, 8}, {1, 0}, 8);
    expectSound(acc, store, 2, 8);
}

TEST(ConversionPlan, WgmmaAccumulatorToStoreLayoutFp32With16ByteAccesses)
{
    const Layout acc = wgmmaAccumulatorLayout({128, 128}, 4);
    const Layout store = blocked({128, 128}, {1, 4}, {1, 0}, 4);
    expectSound(acc, store, 4, 16);
}

TEST(ConversionPlan, MmaV2AccumulatorToStoreLayout)
{
    const Layout acc = mmaAccumulatorLayout({64, 64}, 4);
    const Layout store = blocked({64, 64}, {1, 8}, {1, 0}, 4);
    expectSound(acc, store, 2, 8);
}

TEST(ConversionPlan, TransposeMovesSingleElementsWithoutConflicts)
{
    // Row-major to column-major: no register bit in common, one fp32 per access; 32 lanes a
    // phase on both sides.
    const Layout rows = blocked({64, 64}, {1, 4}, {1, 0}, 4);
    const Layout cols = blocked({64, 64}, {4, 1}, {0, 1}, 4);
    expectSound(rows, cols, 4, 4);
    expectSound(cols, rows, 4, 4);
}

TEST(ConversionPlan, NarrowAccessesAndIrregularBasesTakeThePaddedPath)
{
    // fp16 with no common register bit would move 2 bytes per access.
    const Layout rows = blocked({64, 64}, {1, 4}, {1, 0}, 4);
    const Layout cols = blocked({64, 64}, {4, 1}, {0, 1}, 4);
    EXPECT_FALSE(planSwizzledConversion(rows, cols, 2));
    // A basis that is not a single bit (a layout XOR-swizzled already).
    Layout odd = rows;
    odd.laneBases[0] = 3;
    EXPECT_FALSE(planSwizzledConversion(odd, cols, 4));
}
