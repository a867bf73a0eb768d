// tl.rand / randn / randint / randint4x through the CUDA pipeline: one Philox call per element
// in the offsets' layout, the rounds unrolled (mul.hi per round), Triton's numerics in the PTX
// (sqrt.approx.ftz, no fused multiplies), 64-bit offsets on Philox 4x64, uniform offsets
// computed once, and every kernel accepted by NVRTC for sm_80 and sm_90. Bit-exactness with
// Triton is checked on the GPU by tests/gpu/rng_oracle.py.

#include "emit_test_support.h"

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::codegen::test;

namespace {

const char *const kDropout = R"py(
@triton.jit
def dropout(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    keep = tl.rand(seed, offsets) > p
    tl.store(out_ptr + offsets, tl.where(keep, x / (1 - p), 0.0), mask=mask)
)py";

const char *const kNormal = R"py(
@triton.jit
def normal(out_ptr, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.randn(seed, offsets))
)py";

const char *const kWords = R"py(
@triton.jit
def words(out_ptr, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a, b, c, d = tl.randint4x(seed, offsets, n_rounds=7)
    tl.store(out_ptr + 4 * offsets, a)
    tl.store(out_ptr + 4 * offsets + 1, b)
    tl.store(out_ptr + 4 * offsets + 2, c)
    tl.store(out_ptr + 4 * offsets + 3, d)
)py";

const char *const kWide = R"py(
@triton.jit
def wide(out_ptr, bits_ptr, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.rand(seed, offsets))
    tl.store(bits_ptr + offsets, tl.randint(seed, offsets))
)py";

const char *const kUniform = R"py(
@triton.jit
def per_program(out_ptr, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    u = tl.rand(seed, tl.program_id(0) + tl.zeros((BLOCK, ), dtype=tl.int32))
    tl.store(out_ptr + offsets, u + tl.randn(seed, tl.program_id(0)))
)py";

} // namespace

TEST(EmitRandom, RandIsOnePhiloxCallPerRegisterInTheOffsetsLayout)
{
    auto g
        = lowerAndEmit(kDropout,
                       "dropout",
                       "x_ptr=*fp32:16, out_ptr=*fp32:16, n=i32:16, p=0.5, seed=i32, BLOCK=1024");
    ASSERT_TRUE(g->cuda) << g->messages();
    const std::string &c = g->code();
    // The 32-bit offsets and the seed widened as seed.to(tl.uint64) (sign-extending an i32).
    EXPECT_NE(c.find("tsm::rand<10>((unsigned long long)seed, (unsigned)offsets[r])"),
              std::string::npos)
        << c;
    // The store's anchor layout serves the random numbers too: no conversion.
    EXPECT_EQ(c.find("tsm_smem"), std::string::npos) << c;
    const std::string ptx = expectCompiles(*g);
    // 1024 elements over 128 threads: 8 per thread, 10 rounds of two mul.hi each (the first
    // round's mul.hi of the zero counter word folds away, as may other constant words).
    const int mulhi = count(ptx, "mul.hi.u32");
    EXPECT_GE(mulhi, 8 * 10) << ptx;
    EXPECT_LE(mulhi, 8 * 10 * 2) << ptx;
}

TEST(EmitRandom, RandnUsesTritonsNumerics)
{
    auto g = lowerAndEmit(kNormal, "normal", "out_ptr=*fp32:16, seed=i64, BLOCK=256");
    ASSERT_TRUE(g->cuda) << g->messages();
    EXPECT_NE(g->code().find("tsm::randn<10>((unsigned long long)seed, (unsigned)offsets[r])"),
              std::string::npos)
        << g->code();
    const std::string ptx = expectCompiles(*g);
    // tl.sqrt on fp32 is sqrt.approx.ftz.f32; the Box-Muller multiplies are never fused into
    // an fma with what follows them.
    EXPECT_EQ(count(ptx, "sqrt.approx.ftz.f32"), 2) << ptx;
    EXPECT_EQ(ptx.find("sqrt.rn"), std::string::npos);
    EXPECT_GE(count(ptx, "mul.rn.f32"), 2 * 4) << ptx;
}

TEST(EmitRandom, Randint4xGivesFourWordsWithTheRoundsAsked)
{
    auto g = lowerAndEmit(kWords, "words", "out_ptr=*u32:16, seed=i32, BLOCK=128");
    ASSERT_TRUE(g->cuda) << g->messages();
    const std::string &c = g->code();
    EXPECT_NE(c.find("tsm::randint4x<7>((unsigned long long)seed, (unsigned)offsets[r])"),
              std::string::npos)
        << c;
    for (const char *w : {".x;", ".y;", ".z;", ".w;"})
        EXPECT_NE(c.find(w), std::string::npos) << w << "\n" << c;
    EXPECT_EQ(c.find("tsm_smem"), std::string::npos) << c;
    const std::string ptx = expectCompiles(*g);
    // 128 elements on 128 threads: one call of 7 rounds per thread.
    const int mulhi = count(ptx, "mul.hi.u32");
    EXPECT_GE(mulhi, 7) << ptx;
    EXPECT_LE(mulhi, 7 * 2) << ptx;
}

TEST(EmitRandom, SixtyFourBitOffsetsRunPhilox4x64)
{
    auto g = lowerAndEmit(kWide, "wide", "out_ptr=*fp32:16, bits_ptr=*u64:16, seed=i64, BLOCK=64");
    ASSERT_TRUE(g->cuda) << g->messages();
    EXPECT_NE(g->code().find("tsm::rand<10>((unsigned long long)seed, (unsigned long long)offsets"),
              std::string::npos)
        << g->code();
    EXPECT_NE(g->code().find("tsm::randint<10>("), std::string::npos) << g->code();
    const std::string ptx = expectCompiles(*g);
    EXPECT_GT(count(ptx, "mul.hi.u64"), 0) << ptx;
    EXPECT_EQ(count(ptx, "mul.hi.u32"), 0) << ptx;
}

TEST(EmitRandom, UniformOffsetsAreComputedOncePerThread)
{
    auto g = lowerAndEmit(kUniform, "per_program", "out_ptr=*fp32:16, seed=i32, BLOCK=512");
    ASSERT_TRUE(g->cuda) << g->messages();
    const std::string &c = g->code();
    // A splat of one offset and a scalar offset: one call each, no register loop.
    EXPECT_EQ(count(c, "tsm::rand<10>("), 1) << c;
    EXPECT_EQ(count(c, "tsm::randn<10>("), 1) << c;
    EXPECT_EQ(c.find("tsm::rand<10>((unsigned long long)seed, (unsigned)offsets"),
              std::string::npos)
        << c;
    expectCompiles(*g);
}
