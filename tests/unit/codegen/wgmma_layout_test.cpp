// The wgmma accumulator layout against the PTX ISA's fragment table for wgmma .m64nNk16, the
// warpgroup tiling (Triton's warpsPerTileV3), and the swizzled staging checked against the
// canonical layouts a matrix descriptor names: every element an instruction reads through its
// descriptor is the element the staging put there.

#include "core/codegen/mma_layout.h"

#include <gtest/gtest.h>

#include <set>

using namespace tsm;
using namespace tsm::codegen;

namespace {

ir::Type block(DType t, std::int64_t r, std::int64_t c)
{
    return ir::Type{t, false, {r, c}};
}

/// Where the tensor core reads element (mn, k) of an instruction tile (mn < 64 or instrN,
/// k < 16) through a descriptor with this start offset (bytes from a 1024-byte aligned
/// base), per the canonical layouts (CUTLASS make_gmma_desc, in bytes; T = 16 bytes):
///   K-major:  ((8, m), (T, 2)) : ((S, SBO), (1, T))         mn = (mn % 8, mn / 8)
///   MN-major: ((T, S / 16, m), (8, k)) : ((1, T, LBO), (S, SBO))
/// and then the swizzle of S-byte rows on the address.
std::int64_t descriptorRead(const SwizzledOperand &o, std::int64_t start, std::int64_t mn, std::int64_t k, int e)
{
    const std::int64_t S = o.swizzle;
    std::int64_t addr = start;
    if (o.kMajor) {
        addr += (mn % 8) * S + (mn / 8) * o.strideByteOffset() + k * e;
    } else {
        const std::int64_t w = S / e;
        addr += (mn % w) * e + (mn / w) * o.leadingByteOffset() + (k % 8) * S + (k / 8) * o.strideByteOffset();
    }
    return swizzleOffset(addr, o.swizzle);
}

/// Where the staging put element (mn, k) of the operand.
std::int64_t stagedAt(const SwizzledOperand &o, std::int64_t mn, std::int64_t k, int e)
{
    const std::int64_t b = o.kMajor ? o.byteOffset(mn, k, e) : o.byteOffset(k, mn, e);
    return swizzleOffset(b, o.swizzle);
}

void expectDescriptorsReadTheStagedElements(const WgmmaStaging &st, const WgmmaTiling &t, int e)
{
    for (int o = 0; o < 2; ++o) {
        const SwizzledOperand &op = o == 0 ? st.a : st.b;
        const std::int64_t mnExtent = o == 0 ? st.M : st.N, tile = o == 0 ? 64 : t.instrN;
        for (std::int64_t mn0 = 0; mn0 < mnExtent; mn0 += tile)
            // One instruction's K step is 32 bytes of a row: 16 fp16, 8 tf32 or 32 fp8 elements.
            for (std::int64_t k0 = 0; k0 < st.K; k0 += 32 / e) {
                const std::int64_t start = op.offset + op.tileOffset(mn0, k0, e);
                for (std::int64_t mn = 0; mn < tile; ++mn)
                    for (std::int64_t k = 0; k < 32 / e; ++k)
                        ASSERT_EQ(descriptorRead(op, start, mn, k, e), stagedAt(op, mn0 + mn, k0 + k, e))
                            << (o == 0 ? "a" : "b") << (op.kMajor ? " K-major" : " MN-major") << " swizzle "
                            << op.swizzle << ": tile (" << mn0 << ", " << k0 << ") element (" << mn << ", " << k
                            << ")";
            }
    }
}

} // namespace

TEST(WgmmaLayout, LaneAndRegisterMatchThePtxFragmentsOfOneInstruction)
{
    // PTX ISA "wgmma .m64nNk16 register fragment D" (fp32): warp w of the warpgroup holds rows
    // 16 w .. 16 w + 15; d[i] of lane l at row 16 w + l / 4 + 8 ((i / 2) % 2), column
    // 8 (i / 4) + 2 (l % 4) + i % 2.
    const Layout l = wgmmaAccumulatorLayout({64, 128}, 4);
    const std::int64_t N = 128;
    for (int warp = 0; warp < 4; ++warp)
        for (int lane = 0; lane < 32; ++lane)
            for (int i = 0; i < 64; ++i) {
                const std::int64_t row = 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
                const std::int64_t col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
                ASSERT_EQ(l.flat(i, lane, warp), row * N + col) << "warp " << warp << " lane " << lane << " d" << i;
            }
    EXPECT_EQ(l.toString(), "#mma<v3, wpc=[4,1], instr=[16,128,16]>");
}

TEST(WgmmaLayout, WarpgroupsTileAlongMFirstAndInstructionsRepeat)
{
    // Triton's tutorial 03 winner: 128x256 on 8 warps = two warpgroups along M, m64n256.
    WgmmaTiling t = wgmmaTiling({128, 256}, 8);
    EXPECT_TRUE(t.ok);
    EXPECT_EQ(t.wgM, 2);
    EXPECT_EQ(t.wgN, 1);
    EXPECT_EQ(t.instrN, 256);
    EXPECT_EQ(t.repM, 1);
    // 64 rows on 8 warps: the second warpgroup takes the other half of N.
    t = wgmmaTiling({64, 128}, 8);
    EXPECT_EQ(t.wgM, 1);
    EXPECT_EQ(t.wgN, 2);
    EXPECT_EQ(t.instrN, 64);
    // One warpgroup over 128 rows: two instructions along M; N beyond 256: two along N.
    t = wgmmaTiling({128, 512}, 4);
    EXPECT_EQ(t.repM, 2);
    EXPECT_EQ(t.repN, 2);
    EXPECT_EQ(t.instrN, 256);
    EXPECT_FALSE(wgmmaTiling({32, 64}, 4).ok);  // under one m64 tile
    EXPECT_FALSE(wgmmaTiling({64, 64}, 2).ok);  // not a warpgroup
    EXPECT_FALSE(wgmmaTiling({64, 16}, 8).ok);  // 8 columns per warpgroup

    // Instruction tile (i, j) of a warpgroup: d[0] in register instrN / 2 * (j + repN * i).
    const Layout l = wgmmaAccumulatorLayout({128, 512}, 4);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            EXPECT_EQ(l.flat(128 * (j + 2 * i), 0, 0), (64 * i) * 512 + 256 * j);
}

TEST(WgmmaLayout, EveryElementIsHeldOnce)
{
    struct Case
    {
        std::int64_t m, n;
        int warps;
    };
    for (const Case &c : {Case{64, 64, 4}, Case{128, 256, 8}, Case{64, 128, 8}, Case{256, 128, 8},
                          Case{128, 128, 4}, Case{64, 256, 4}, Case{128, 32, 4}}) {
        SCOPED_TRACE(std::to_string(c.m) + "x" + std::to_string(c.n) + " on " + std::to_string(c.warps));
        const Layout l = wgmmaAccumulatorLayout({c.m, c.n}, c.warps);
        ASSERT_TRUE(wgmmaTiling({c.m, c.n}, c.warps).ok);
        std::set<std::int64_t> seen;
        for (int w = 0; w < c.warps; ++w)
            for (int lane = 0; lane < 32; ++lane)
                for (int r = 0; r < l.numRegs(); ++r)
                    seen.insert(l.flat(r, lane, w));
        EXPECT_EQ(std::int64_t(seen.size()), c.m * c.n);
        EXPECT_EQ(std::int64_t(l.numRegs()) * 32 * c.warps, c.m * c.n);
        EXPECT_TRUE(dotAccumulatorLayout(DotPath::Wgmma, {c.m, c.n}, c.warps).sameAs(l));
    }
}

TEST(WgmmaLayout, SwizzleIsCutlassSwizzle343OnByteAddresses)
{
    // Swizzle<3,4,3>: address bits 7-9 XOR bits 4-6 (the 16-byte chunk within a 128-byte row).
    EXPECT_EQ(swizzleOffset(0, 128), 0);
    EXPECT_EQ(swizzleOffset(128, 128), 128 + 16);     // row 1, chunk 0 -> chunk 1
    EXPECT_EQ(swizzleOffset(7 * 128 + 16 * 7, 128), 7 * 128);
    EXPECT_EQ(swizzleOffset(1024 + 128, 128), 1024 + 128 + 16); // period 1024
    EXPECT_EQ(swizzleOffset(128 + 4, 128), 128 + 16 + 4);        // bytes inside a chunk stay
    // 64-byte rows: bits 7-8 into 4-5; 32-byte rows: bit 7 into bit 4.
    EXPECT_EQ(swizzleOffset(3 * 128, 64), 3 * 128 + 48);
    EXPECT_EQ(swizzleOffset(128, 32), 128 + 16);
    EXPECT_EQ(swizzleOffset(256, 32), 256);
}

TEST(WgmmaLayout, StagingAreasAreWholeKilobytesWithPanelsAlongTheContiguousDimension)
{
    // Tutorial 03: a [128x64] K-major (one 128-byte panel), b [64x256] N-major (four panels of
    // 64 columns).
    const WgmmaStaging s = wgmmaStaging(block(DType::F16, 128, 64), block(DType::F16, 64, 256), true, false, 256);
    EXPECT_EQ(s.a.swizzle, 128);
    EXPECT_EQ(s.a.panelBytes, 128 * 128);
    EXPECT_EQ(s.a.bytes, 128 * 64 * 2);
    EXPECT_EQ(s.b.swizzle, 128);
    EXPECT_EQ(s.b.panelBytes, 64 * 128);
    EXPECT_EQ(s.b.offset, s.a.bytes);
    EXPECT_EQ(s.bytes, 128 * 64 * 2 + 64 * 256 * 2);
    EXPECT_EQ(s.b.leadingByteOffset(), 64 * 128);
    EXPECT_EQ(s.b.strideByteOffset(), 1024);
    // BLOCK_K 32: 64-byte rows; a narrow MN-major b: 32-byte rows.
    const WgmmaStaging t = wgmmaStaging(block(DType::F16, 64, 32), block(DType::F16, 32, 16), true, false, 16);
    EXPECT_EQ(t.a.swizzle, 64);
    EXPECT_EQ(t.b.swizzle, 32);
    EXPECT_EQ(t.a.bytes % 1024, 0);
    EXPECT_EQ(t.bytes % 1024, 0);
}

TEST(WgmmaLayout, DescriptorsReadWhatTheStagingWrote)
{
    struct Case
    {
        std::int64_t m, n, k;
        int warps;
        bool aKMajor, bKMajor;
        DType dt;
    };
    for (const Case &c : {Case{128, 256, 64, 8, true, false, DType::F16}, Case{128, 128, 32, 4, true, false, DType::F16},
                          Case{64, 256, 32, 4, true, false, DType::BF16}, Case{64, 64, 128, 4, true, true, DType::F16},
                          Case{128, 64, 64, 4, false, false, DType::F16}, Case{64, 128, 32, 8, false, true, DType::F16},
                          Case{64, 16, 16, 4, true, false, DType::F16}, Case{256, 128, 64, 8, true, true, DType::BF16},
                          // tf32 and fp8: both operands K-major, 4- and 1-byte elements.
                          Case{128, 128, 32, 8, true, true, DType::F32}, Case{64, 64, 16, 4, true, true, DType::F32},
                          Case{128, 64, 8 * 16, 4, true, true, DType::F32}, Case{128, 128, 128, 8, true, true, DType::F8E4}}) {
        SCOPED_TRACE(std::to_string(c.m) + "x" + std::to_string(c.n) + "x" + std::to_string(c.k) + " a "
                     + (c.aKMajor ? "K" : "M") + "-major, b " + (c.bKMajor ? "K" : "N") + "-major");
        const WgmmaTiling t = wgmmaTiling({c.m, c.n}, c.warps);
        ASSERT_TRUE(t.ok);
        const WgmmaStaging st
            = wgmmaStaging(block(c.dt, c.m, c.k), block(c.dt, c.k, c.n), c.aKMajor, c.bKMajor, t.instrN);
        const int e = dtypeBytes(c.dt);
        expectDescriptorsReadTheStagedElements(st, t, e);
        // Distinct elements land in distinct places inside the buffer.
        std::set<std::int64_t> places;
        for (std::int64_t mn = 0; mn < c.m; ++mn)
            for (std::int64_t k = 0; k < c.k; ++k)
                places.insert(stagedAt(st.a, mn, k, e));
        for (std::int64_t mn = 0; mn < c.n; ++mn)
            for (std::int64_t k = 0; k < c.k; ++k)
                places.insert(stagedAt(st.b, mn, k, e));
        EXPECT_EQ(std::int64_t(places.size()), c.m * c.k + c.n * c.k);
        EXPECT_LT(*places.rbegin(), st.bytes);
    }
}

TEST(WgmmaLayout, RegisterOperandHoldsTheAFragmentsOfEachKStep)
{
    // PTX ISA "wgmma .m64nNk16 register fragment A" (16-bit types): warp w of the warpgroup
    // holds rows 16 w .. 16 w + 15 of the 64x16 A tile; a[j] (two elements each, the first in
    // the low half) of lane l: row 16 w + l / 4 + 8 (j % 2), columns 2 (l % 4) + 8 (j / 2)
    // + {0, 1}. The emitter packs registers 2 r, 2 r + 1 of a into a[r % 4] of fragment r / 4
    // = i * (K / 16) + kk for instruction tile i along M and K step kk.
    struct Case
    {
        std::int64_t M, K, N;
        int warps;
    };
    for (const Case c : {Case{128, 64, 64, 8}, Case{128, 64, 128, 8}, Case{64, 32, 64, 4}, Case{256, 128, 64, 8},
                         Case{128, 16, 32, 4}}) {
        const std::optional<Layout> l = wgmmaRegisterOperandLayout({c.M, c.K}, {c.M, c.N}, c.warps);
        ASSERT_TRUE(l) << c.M << "x" << c.K;
        const WgmmaTiling t = wgmmaTiling({c.M, c.N}, c.warps);
        ASSERT_EQ(l->numRegs(), 2 * 4 * t.repM * (c.K / 16));
        for (int warp = 0; warp < c.warps; ++warp)
            for (int lane = 0; lane < 32; ++lane)
                for (int r = 0; r < l->numRegs(); ++r) {
                    const int frag = r / 8, j = (r / 2) % 4, half = r % 2;
                    const int i = frag / int(c.K / 16), kk = frag % int(c.K / 16);
                    const int wg = warp / 4;
                    const std::int64_t row
                        = 64 * (t.wgM * i + (wg % t.wgM)) + 16 * (warp % 4) + lane / 4 + 8 * (j % 2);
                    const std::int64_t col = 16 * kk + 2 * (lane % 4) + 8 * (j / 2) + half;
                    ASSERT_EQ(l->flat(r, lane, warp), row * c.K + col)
                        << c.M << "x" << c.K << " warp " << warp << " lane " << lane << " register " << r;
                }
    }
    // Warpgroups side by side along N, or a K wider than one instruction: no register form.
    EXPECT_FALSE(wgmmaRegisterOperandLayout({64, 64}, {64, 256}, 8));
    EXPECT_FALSE(wgmmaRegisterOperandLayout({64, 512}, {64, 64}, 4));
}
