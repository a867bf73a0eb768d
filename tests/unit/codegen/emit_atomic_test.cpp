// tl.atomic_* through the CUDA pipeline: anchored on the pointer's layout like a store, never
// rematerialized, one PTX atom (or red, when the old values are unused and the ordering allows
// it) per element with the IR's memory ordering, Triton's integer forms of fp32 max / min, the
// copies of a replicated layout skipping the atomic but reading the owner's old value, and an
// atomic on a scalar pointer run by one thread between barriers with its result broadcast (the
// spin lock of Triton's tutorial 05). Every kernel is accepted by NVRTC for sm_80 and sm_90.

#include "emit_test_support.h"

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::codegen::test;

namespace {

std::string histogram(const std::string &sem, const std::string &scope = "gpu")
{
    return R"py(
@triton.jit
def histogram(x_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    tl.atomic_add(bins_ptr + x, 1, mask=mask, sem=")py"
           + sem + "\", scope=\"" + scope + "\")\n";
}

const char *const kMax = R"py(
@triton.jit
def running_max(x_ptr, max_ptr, old_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    old = tl.atomic_max(max_ptr + offsets % 4, x)
    tl.store(old_ptr + offsets, old)
)py";

const char *const kTicket = R"py(
@triton.jit
def tickets(counter_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    old = tl.atomic_add(counter_ptr + offsets * 0, 1)
    tl.store(out_ptr + offsets, old)
)py";

const char *const kCas = R"py(
@triton.jit
def swap(ptr, cmp_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    cmp = tl.load(cmp_ptr + offsets)
    old = tl.atomic_cas(ptr + offsets, cmp, cmp + 1.0)
    tl.atomic_xchg(ptr + offsets, old, mask=offsets < 5)
    tl.store(out_ptr + offsets, old)
)py";

const char *const kLock = R"py(
@triton.jit
def locked_add(x_ptr, acc_ptr, lock_ptr, count_ptr, N, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + tl.program_id(0) * N + cols, mask=mask, other=0.0)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    if tl.load(count_ptr) == 0:
        tl.atomic_xchg(count_ptr, 1)
    else:
        x += tl.load(acc_ptr + cols, mask=mask)
    tl.store(acc_ptr + cols, x, mask=mask)
    tl.atomic_xchg(lock_ptr, 0)
)py";

const char *const kHalf = R"py(
@triton.jit
def half_sum(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.atomic_add(out_ptr + offsets % 2, tl.load(x_ptr + offsets))
)py";

} // namespace

TEST(EmitAtomic, HistogramIsOneAtomPerElementWithTheOrderingAsked)
{
    auto g = lowerAndEmit(
        histogram("acq_rel"), "histogram", "x_ptr=*i32:16, bins_ptr=*i32:16, n=i32:16, BLOCK=256");
    ASSERT_TRUE(g->cuda) << g->messages();
    ASSERT_TRUE(g->lk);
    // Not rematerialized, not split: exactly one atomic op survives the passes.
    EXPECT_EQ(passes::test::countOps(g->lk->kernel.body, ir::OpCode::AtomicRMW), 1);
    const std::string &c = g->code();
    // acq_rel has no red form: an atom whose old value is dropped, predicated by the mask.
    EXPECT_NE(c.find("if (mask[r]) tsm::atom_add_u32<0, 0>("), std::string::npos) << c;
    std::string ptx = expectCompiles(*g);
    EXPECT_GT(count(ptx, "atom.acq_rel.gpu.global.add.u32"), 0) << ptx;
    EXPECT_EQ(count(ptx, "\tred."), 0) << ptx;
    // 256 elements on 128 threads: two atomics per thread, never vectorized.
    EXPECT_EQ(count(ptx, "atom.acq_rel.gpu.global.add.u32"), 2) << ptx;

    g = lowerAndEmit(
        histogram("relaxed"), "histogram", "x_ptr=*i32:16, bins_ptr=*i32:16, n=i32:16, BLOCK=256");
    ASSERT_TRUE(g->cuda) << g->messages();
    EXPECT_NE(g->code().find("tsm::red_add_u32<3, 0>("), std::string::npos) << g->code();
    ptx = expectCompiles(*g);
    EXPECT_EQ(count(ptx, "red.relaxed.gpu.global.add.u32"), 2) << ptx;
}

TEST(EmitAtomic, ScopeReachesThePtx)
{
    for (const auto &[scope, code, ptxScope] : {std::tuple{"cta", "1", ".cta"}, {"sys", "2", ".sys"}}) {
        auto g = lowerAndEmit(histogram("acquire", scope),
                              "histogram",
                              "x_ptr=*i32:16, bins_ptr=*i32:16, n=i32:16, BLOCK=256");
        ASSERT_TRUE(g->cuda) << g->messages();
        EXPECT_NE(g->code().find(std::string("tsm::atom_add_u32<1, ") + code + ">("), std::string::npos)
            << g->code();
        const std::string ptx = expectCompiles(*g);
        EXPECT_EQ(count(ptx, std::string("atom.acquire") + ptxScope + ".global.add.u32"), 2) << ptx;
    }
    // A scope Triton does not have is the kernel's error, naming the choices.
    auto g = lowerAndEmit(histogram("relaxed", "device"), "histogram", "x_ptr=*i32:16, bins_ptr=*i32:16, n=i32:16, BLOCK=256");
    EXPECT_FALSE(g->cuda);
    EXPECT_NE(g->messages().find("scope"), std::string::npos) << g->messages();
}

TEST(EmitAtomic, FloatMaxUsesTritonsIntegerFormsAndReturnsOldValues)
{
    auto g = lowerAndEmit(
        kMax, "running_max", "x_ptr=*fp32:16, max_ptr=*fp32:16, old_ptr=*fp32:16, BLOCK=128");
    ASSERT_TRUE(g->cuda) << g->messages();
    EXPECT_NE(g->code().find("old[r] = tsm::atom_max_f32<0, 0>("), std::string::npos) << g->code();
    const std::string ptx = expectCompiles(*g);
    EXPECT_GT(count(ptx, "atom.acq_rel.gpu.global.max.s32"), 0) << ptx;
    EXPECT_GT(count(ptx, "atom.acq_rel.gpu.global.min.u32"), 0) << ptx;
}

TEST(EmitAtomic, ReplicatedElementsAreUpdatedOnceAndTheCopiesReadTheOldValue)
{
    // 16 elements on 128 threads: each element is held by 8 threads.
    auto g = lowerAndEmit(kTicket, "tickets", "counter_ptr=*i32:16, out_ptr=*i32:16, BLOCK=16");
    ASSERT_TRUE(g->cuda) << g->messages();
    const std::string &c = g->code();
    const auto at = c.find("tsm::atom_add_u32<0, 0>(");
    ASSERT_NE(at, std::string::npos) << c;
    const std::string stmt = c.substr(c.rfind('\n', at), c.find('\n', at) - c.rfind('\n', at));
    EXPECT_NE(stmt.find("owner"), std::string::npos) << stmt;
    EXPECT_NE(c.find("read the old values their owners got"), std::string::npos) << c;
    EXPECT_GT(g->cuda->sharedBytes, 0);
    const std::string ptx = expectCompiles(*g);
    EXPECT_EQ(count(ptx, "atom.acq_rel.gpu.global.add.u32"), 1) << ptx;
    EXPECT_NE(ptx.find("bar.sync"), std::string::npos);
}

TEST(EmitAtomic, CasAndXchgOnFloatsMoveBits)
{
    auto g
        = lowerAndEmit(kCas, "swap", "ptr=*fp32:16, cmp_ptr=*fp32:16, out_ptr=*fp32:16, BLOCK=128");
    ASSERT_TRUE(g->cuda) << g->messages();
    const std::string &c = g->code();
    EXPECT_NE(c.find("tsm::bitcast<float>(tsm::atom_cas_b32<0, 0>("), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::atom_exch_b32<0, 0>("), std::string::npos) << c;
    const std::string ptx = expectCompiles(*g);
    EXPECT_EQ(count(ptx, "atom.acq_rel.gpu.global.cas.b32"), 1) << ptx;
    EXPECT_EQ(count(ptx, "atom.acq_rel.gpu.global.exch.b32"), 1) << ptx;
}

TEST(EmitAtomic, ScalarSpinLockRunsInOneThreadAndBroadcasts)
{
    auto g = lowerAndEmit(
        kLock,
        "locked_add",
        "x_ptr=*fp32:16, acc_ptr=*fp32:16, lock_ptr=*i32:16, count_ptr=*i32:16, N=i32, BLOCK=128");
    ASSERT_TRUE(g->cuda) << g->messages();
    const std::string &c = g->code();
    EXPECT_NE(c.find("smem[0] = tsm::atom_cas_b32<0, 0>(lock_ptr, 0, 1);"), std::string::npos) << c;
    EXPECT_NE(c.find("if (threadIdx.x == 0)"), std::string::npos);
    // The loop condition reads the broadcast value, the same in every thread.
    EXPECT_NE(c.find(" = smem[0];"), std::string::npos) << c;
    EXPECT_GE(count(c, "__syncthreads();"), 4) << c;
    const std::string ptx = expectCompiles(*g);
    EXPECT_EQ(count(ptx, "atom.acq_rel.gpu.global.cas.b32"), 1) << ptx;
    EXPECT_EQ(count(ptx, "atom.acq_rel.gpu.global.exch.b32"), 2) << ptx;
}

TEST(EmitAtomic, HalfPrecisionAddsMoveSixteenBits)
{
    for (const char *dt : {"fp16", "bf16"}) {
        auto g
            = lowerAndEmit(kHalf,
                           "half_sum",
                           std::string("x_ptr=*") + dt + ":16, out_ptr=*" + dt + ":16, BLOCK=128");
        ASSERT_TRUE(g->cuda) << g->messages();
        EXPECT_NE(g->code().find(std::string("tsm::atom_add_") + (dt[0] == 'f' ? "f16" : "bf16")
                                 + "<0, 0>("),
                  std::string::npos)
            << g->code();
        const std::string ptx = expectCompiles(*g);
        EXPECT_GT(count(ptx, dt[0] == 'f' ? "add.noftz.f16" : "add.noftz.bf16"), 0) << ptx;
    }
}
