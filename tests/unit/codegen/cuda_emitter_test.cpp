// The CUDA C emitter on kernels specialized from source, with every block value in Triton's
// default blocked layout (the emitter must not depend on the layout pass to be correct):
// structure of the output (16-byte accesses for swish, predicates, names, #line), and every
// kernel compiled by NVRTC for sm_80 and sm_90.

#include "core/codegen/axis_info.h"
#include "core/codegen/cuda_emitter.h"
#include "core/codegen/emit_context.h"
#include "core/cuda/nvrtc_compiler.h"
#include "core/ir/verifier.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <unistd.h>

using namespace tsm;
using namespace tsm::codegen;

namespace {

struct Emitted
{
    SourceManager sm;
    ParseResult parsed;
    DiagnosticSink sink;
    std::optional<CudaSource> source;

    std::string messages() const
    {
        std::string s;
        for (const Diagnostic &d : sink.diagnostics())
            s += std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
        return s;
    }
    const std::string &code() const { return source->code; }
};

void forEachValue(const ir::Region &r, const std::function<void(ir::ValueId)> &fn)
{
    for (ir::ValueId a : r.args)
        fn(a);
    for (const ir::Op &op : r.ops) {
        for (ir::ValueId v : op.results)
            fn(v);
        for (const ir::Region &sub : op.regions)
            forEachValue(sub, fn);
    }
}

/// Every block value in defaultBlockedParams(shape, numWarps, vec), or `pick` when given.
LoweredKernel lowerWithDefaults(std::shared_ptr<const ir::Kernel> kernel, int vec,
                                const std::function<std::optional<Layout>(ir::ValueId)> &pick = {})
{
    LoweredKernel lk;
    lk.source = kernel;
    lk.kernel = *kernel;
    lk.layouts.resize(lk.kernel.values.size());
    auto assign = [&](ir::ValueId v) {
        const ir::Type &t = lk.kernel.type(v);
        if (!t.isBlock())
            return;
        if (pick)
            if (auto l = pick(v)) {
                lk.layouts[v] = *l;
                return;
            }
        lk.layouts[v] = blockedLayout(t.shape, defaultBlockedParams(t.shape, lk.kernel.numWarps, vec));
    };
    for (const ir::Param &p : lk.kernel.params)
        if (p.value != ir::kNoValue)
            assign(p.value);
    forEachValue(lk.kernel.body, assign);
    lk.axis = analyzeAxes(lk.kernel);
    return lk;
}

std::unique_ptr<Emitted> emit(const std::string &body, const std::string &signature,
                              EmitOptions options = {}, int vec = 4,
                              const std::string &kernelName = "k",
                              const std::function<std::optional<Layout>(const ir::Kernel &, ir::ValueId)> &pick = {})
{
    auto r = std::make_unique<Emitted>();
    const std::string src = "import triton\nimport triton.language as tl\n" + body;
    const SourceFile &file = r->sm.add("k.py", src);
    DiagnosticSink parseSink;
    r->parsed = parseModule(file, parseSink);
    EXPECT_EQ(parseSink.errorCount(), 0u);
    const ast::FunctionDef *fn = nullptr;
    for (const ast::Stmt *s : r->parsed.module->body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s); f && f->name == kernelName)
            fn = f;
    EXPECT_NE(fn, nullptr);
    if (!fn)
        return r;
    std::string err;
    auto sig = sema::parseSignature(signature, *fn, &err);
    EXPECT_TRUE(sig) << err;
    if (!sig)
        return r;
    std::shared_ptr<const ir::Kernel> kernel
        = sema::specialize(sema::KernelSource{file, *r->parsed.module, *fn, {}}, *sig, r->sink);
    EXPECT_TRUE(kernel) << r->messages();
    if (!kernel)
        return r;
    std::function<std::optional<Layout>(ir::ValueId)> p;
    if (pick)
        p = [&](ir::ValueId v) { return pick(*kernel, v); };
    const LoweredKernel lk = lowerWithDefaults(kernel, vec, p);
    r->source = emitCuda(lk, &file, options, r->sink);
    return r;
}

/// NVRTC's verdict on generated code for one architecture ("" when it compiled).
std::string compileProblem(const CudaSource &s, const std::string &arch)
{
    cuda::CompileOptions o;
    o.arch = arch;
    o.cacheDir = "-";
    const cuda::CompileResult r = cuda::compileCuda(s.code, "/tilesmith/" + s.kernelName + ".cu", o);
    return r.ok ? "" : r.log + "\n---- source ----\n" + s.code;
}

void expectCompiles(const Emitted &e)
{
    ASSERT_TRUE(e.source) << e.messages();
    for (const char *arch : {"sm_80", "sm_90"}) {
        const std::string problem = compileProblem(*e.source, arch);
        EXPECT_TRUE(problem.empty()) << arch << ":\n" << problem;
    }
}

int count(const std::string &text, const std::string &what)
{
    int n = 0;
    for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
        ++n;
    return n;
}

const char *const kSwish = R"py(
@triton.jit
def swish_kernel(x_ptr, output_ptr, n_elements, beta: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    denominator = 1.0 + tl.exp(-beta * x)
    output = x / denominator
    tl.store(output_ptr + offsets, output, mask=mask)
)py";

const char *const kSwishSig
    = "x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.702, BLOCK_SIZE=1024";

} // namespace

TEST(CudaEmitter, SwishUsesSixteenByteAccessesAndPythonNames)
{
    auto e = emit(kSwish, kSwishSig, {}, 4, "swish_kernel");
    ASSERT_TRUE(e->source) << e->messages();
    const std::string &c = e->code();
    EXPECT_NE(c.find("extern \"C\" __global__ void __launch_bounds__(128) swish_kernel("
                     "float* x_ptr, float* output_ptr, int n_elements)"),
              std::string::npos)
        << c;
    EXPECT_EQ(e->source->kernelName, "swish_kernel");
    ASSERT_EQ(e->source->params.size(), 3u);
    EXPECT_EQ(e->source->params[2].name, "n_elements");
    EXPECT_EQ(e->source->threadsPerBlock, 128);
    EXPECT_EQ(e->source->sharedBytes, 0);
    // 1024 fp32 over 128 threads in groups of 4: two 16-byte loads and stores per thread, each
    // predicated once by the mask.
    EXPECT_NE(c.find("tsm::load<4>(&x[r], "), std::string::npos) << c;
    EXPECT_NE(c.find("for (int r = 0; r < 8; r += 4)"), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::store<4>("), std::string::npos) << c;
    EXPECT_NE(c.find("mask[r]);"), std::string::npos) << c;
    EXPECT_NE(c.find("float x[8];"), std::string::npos);
    EXPECT_NE(c.find("bool mask[8];"), std::string::npos);
    // Triton's numerics: exp as ex2.approx of x*log2(e), `/` as div.full.f32.
    EXPECT_NE(c.find("tsm::exp_approx("), std::string::npos);
    EXPECT_NE(c.find("tsm::div_full(x[r], denominator[r])"), std::string::npos) << c;
    // #line before each Python line's statements, with the statement as a comment.
    EXPECT_NE(c.find("#line 10 \"k.py\""), std::string::npos) << c;
    EXPECT_NE(c.find("// x = tl.load(x_ptr + offsets, mask=mask)"), std::string::npos) << c;
    EXPECT_NE(c.find("#include \"tilesmith_device.cuh\""), std::string::npos);
    // All loads of the block are issued before the first use: the load precedes the math.
    EXPECT_LT(c.find("tsm::load<4>"), c.find("tsm::exp_approx"));
    expectCompiles(*e);

    // The register arrays stay in registers (no local memory), and the PTX has the 16-byte
    // accesses and Triton's instructions.
    cuda::CompileOptions o;
    o.cacheDir = "-";
    const cuda::CompileResult r = cuda::compileCuda(c, "/tilesmith/swish.cu", o);
    ASSERT_TRUE(r.ok) << r.log;
    EXPECT_EQ(count(r.ptx, "ld.global.v4.b32"), 2) << r.ptx;
    EXPECT_EQ(count(r.ptx, "st.global.v4.b32"), 2) << r.ptx;
    EXPECT_EQ(count(r.ptx, "ex2.approx.f32"), 8);
    EXPECT_EQ(count(r.ptx, "div.full.f32"), 8);
    EXPECT_EQ(r.ptx.find(".local"), std::string::npos) << r.ptx;
    if (r.resources.parsed) {
        EXPECT_EQ(r.resources.stackBytes, 0) << r.log;
        EXPECT_EQ(r.resources.spillStoreBytes, 0) << r.log;
    }
}

TEST(CudaEmitter, LineFileNameOptionNamesTheFile)
{
    EmitOptions o;
    o.lineFileName = "swish.py";
    auto e = emit(kSwish, kSwishSig, o, 4, "swish_kernel");
    ASSERT_TRUE(e->source);
    EXPECT_NE(e->code().find("#line 8 \"swish.py\""), std::string::npos) << e->code();
    EXPECT_EQ(e->code().find("\"k.py\""), std::string::npos);
}

TEST(CudaEmitter, UnalignedPointerFallsBackToScalarAccesses)
{
    // Without the :16 facts nothing proves alignment: one 4-byte access per element.
    auto e = emit(kSwish, "x_ptr=*fp32, output_ptr=*fp32, n_elements=i32, beta=1.0, BLOCK_SIZE=1024",
                  {}, 4, "swish_kernel");
    ASSERT_TRUE(e->source) << e->messages();
    EXPECT_NE(e->code().find("tsm::load<1>(&x[r]"), std::string::npos) << e->code();
    EXPECT_EQ(e->code().find("tsm::load<4>"), std::string::npos);
    expectCompiles(*e);
}

TEST(CudaEmitter, StandaloneInlinesTheHeaderAndDeclaresALauncher)
{
    EmitOptions o;
    o.standalone = true;
    auto e = emit(kSwish, kSwishSig, o, 4, "swish_kernel");
    ASSERT_TRUE(e->source);
    const std::string &c = e->code();
    EXPECT_EQ(c.find("#include \"tilesmith_device.cuh\""), std::string::npos);
    EXPECT_NE(c.find("struct Access"), std::string::npos);
    EXPECT_EQ(c.find("#pragma once"), std::string::npos);
    EXPECT_NE(c.find("inline void launch_swish_kernel(dim3 grid, cudaStream_t stream, float* x_ptr, "
                     "float* output_ptr, int n_elements)"),
              std::string::npos)
        << c;
    expectCompiles(*e);
}

TEST(CudaEmitter, StandaloneOutputCompilesWithNvcc)
{
    // `tilesmith emit --cuda` output must build alone, host launcher included: nvcc -c.
    const std::filesystem::path nvcc = "/usr/local/cuda/bin/nvcc";
    if (!std::filesystem::exists(nvcc))
        GTEST_SKIP() << "no nvcc at " << nvcc;
    EmitOptions o;
    o.standalone = true;
    o.deviceAsserts = true;
    // Swish, and a kernel with device_print / device_assert (printf and __assertfail).
    auto swish = emit(kSwish, kSwishSig, o, 4, "swish_kernel");
    auto debug = emit(R"py(
@triton.jit
def k(x_ptr, B: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, B))
    tl.device_print("x", x)
    tl.device_assert(x == x, "x is nan")
)py",
                      "x_ptr=*fp32:16, B=16", o);
    ASSERT_TRUE(swish->source && debug->source);
    const auto dir = std::filesystem::temp_directory_path()
                     / ("tsm_standalone_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "swish.cu") << swish->code();
    std::ofstream(dir / "debug.cu") << debug->code();
    for (const char *stem : {"swish", "debug"}) {
        const std::string cmd = nvcc.string() + " -arch=sm_90 -c "
                                + (dir / (std::string(stem) + ".cu")).string() + " -o "
                                + (dir / (std::string(stem) + ".o")).string() + " > "
                                + (dir / "log.txt").string() + " 2>&1";
        const int rc = std::system(cmd.c_str());
        std::ifstream log(dir / "log.txt");
        std::stringstream text;
        text << log.rdbuf();
        EXPECT_EQ(rc, 0) << stem << ":\n" << text.str();
    }
    std::filesystem::remove_all(dir);
}

TEST(CudaEmitter, DeviceHeaderHasNoAtSign)
{
    // CMake's configure_file(@ONLY) would substitute @VAR@ sequences inside the header.
    EXPECT_EQ(deviceHeader().find('@'), std::string_view::npos);
    EXPECT_NE(deviceHeader().find("namespace tsm"), std::string_view::npos);
}

TEST(CudaEmitter, MaskedLoadWithOtherFillsBeforeThePredicatedAccess)
{
    auto e = emit(R"py(
@triton.jit
def k(x_ptr, y_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-1.5, cache_modifier=".cg")
    tl.store(y_ptr + offs, x, eviction_policy="evict_first")
)py",
                  "x_ptr=*fp16:16, y_ptr=*fp16:16, n=i32, B=256");
    ASSERT_TRUE(e->source) << e->messages();
    const std::string &c = e->code();
    // other -1.5 in fp16, then .cg loads (Q=2); the mask is not known constant over 4 -> 1.
    EXPECT_NE(c.find("-1.5f"), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::load<1, 2>(&x[r]"), std::string::npos) << c;
    // The store has no mask: 4 fp16 = 8 bytes with L1::evict_first (Q=4).
    EXPECT_NE(c.find("tsm::store<4, 4>("), std::string::npos) << c;
    expectCompiles(*e);
}

TEST(CudaEmitter, OuterProductBroadcastsThroughRegisterMapsOrSharedMemory)
{
    auto e = emit(R"py(
@triton.jit
def k(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    a = tl.load(a_ptr + rm)
    b = tl.load(b_ptr + rn)
    c = a[:, None] * b[None, :]
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], c)
)py",
                  "a_ptr=*fp32:16, b_ptr=*fp32:16, out_ptr=*fp32:16, M=32, N=64");
    ASSERT_TRUE(e->source) << e->messages();
    // The 1-D defaults are not slices of the 2-D layout: the expand_dims go through shared
    // memory, which the kernel declares.
    EXPECT_GT(e->source->sharedBytes, 0);
    EXPECT_NE(e->code().find("__shared__ __align__(16) unsigned char tsm_smem["), std::string::npos);
    EXPECT_NE(e->code().find("__syncthreads();"), std::string::npos);
    expectCompiles(*e);
}

TEST(CudaEmitter, SliceLayoutsBroadcastWithoutSharedMemory)
{
    // Give the 1-D values the slice layouts of the 2-D one (what the layout pass does): the
    // broadcasts are register copies.
    auto pick = [](const ir::Kernel &k, ir::ValueId v) -> std::optional<Layout> {
        const ir::Type &t = k.type(v);
        const Layout parent = blockedLayout({32, 64}, defaultBlockedParams({32, 64}, 4, 4));
        if (t.shape == std::vector<std::int64_t>{32})
            return sliceLayout(parent, 1);
        if (t.shape == std::vector<std::int64_t>{64})
            return sliceLayout(parent, 0);
        if (t.shape == std::vector<std::int64_t>{32, 1})
            return broadcastSourceLayout(parent, {32, 1});
        if (t.shape == std::vector<std::int64_t>{1, 64})
            return broadcastSourceLayout(parent, {1, 64});
        if (t.shape == std::vector<std::int64_t>{32, 64})
            return parent;
        return std::nullopt;
    };
    auto e = emit(R"py(
@triton.jit
def k(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    a = tl.load(a_ptr + rm)
    b = tl.load(b_ptr + rn)
    c = a[:, None] + b[None, :]
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], c)
)py",
                  "a_ptr=*fp32:16, b_ptr=*fp32:16, out_ptr=*fp32:16, M=32, N=64", {}, 4, "k", pick);
    ASSERT_TRUE(e->source) << e->messages();
    EXPECT_EQ(e->source->sharedBytes, 0) << e->code();
    EXPECT_EQ(e->code().find("__syncthreads"), std::string::npos);
    // The row block a is replicated over the lanes along N: only owners store... the store is
    // of the 2-D block, which is not replicated.
    EXPECT_NE(e->code().find("tsm::store<4>("), std::string::npos) << e->code();
    expectCompiles(*e);
}

TEST(CudaEmitter, TransposeGoesThroughSharedMemory)
{
    auto e = emit(R"py(
@triton.jit
def k(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(x))
)py",
                  "x_ptr=*fp32:16, y_ptr=*fp32:16, M=64, N=32");
    ASSERT_TRUE(e->source) << e->messages();
    EXPECT_GT(e->source->sharedBytes, 0);
    expectCompiles(*e);
}

TEST(CudaEmitter, ReplicatedLayoutsStoreFromOneThreadPerElement)
{
    // 32 elements over 128 threads with 4 per thread: lanes 8.. and warps 1.. hold copies.
    auto e = emit(R"py(
@triton.jit
def k(x_ptr, y_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) * 2.0)
)py",
                  "x_ptr=*fp32:16, y_ptr=*fp32:16, B=32");
    ASSERT_TRUE(e->source) << e->messages();
    EXPECT_NE(e->code().find("const bool owner0 = (lane & 24) == 0 && (warp & 3) == 0;"),
              std::string::npos)
        << e->code();
    EXPECT_NE(e->code().find(", owner0);"), std::string::npos) << e->code();
    expectCompiles(*e);
}

TEST(CudaEmitter, ControlFlowLoopsAndCarriedBlocks)
{
    auto e = emit(R"py(
@triton.jit
def k(x_ptr, y_ptr, n, steps, B: tl.constexpr):
    offs = tl.arange(0, B)
    acc = tl.zeros((B,), dtype=tl.float32)
    other = tl.full((B,), 1.0, tl.float32)
    for i in range(0, steps):
        x = tl.load(x_ptr + i * B + offs)
        acc, other = other + x, acc
    j = n
    while j > 4:
        j = j // 2
    for i in range(10, 0, -3):
        j += i
    if j > 3:
        acc = acc * 2.0
    else:
        return
    tl.store(y_ptr + offs, acc + other + j)
)py",
                  "x_ptr=*fp32:16, y_ptr=*fp32:16, n=i32, steps=i32, B=128");
    ASSERT_TRUE(e->source) << e->messages();
    const std::string &c = e->code();
    // The swap of the carried values goes through temporaries.
    EXPECT_NE(c.find("_next"), std::string::npos) << c;
    EXPECT_NE(c.find("for (;;)"), std::string::npos) << c;
    EXPECT_NE(c.find("i_1 > "), std::string::npos) << c; // range(10, 0, -3): iv > ub
    EXPECT_NE(c.find("return;"), std::string::npos);
    expectCompiles(*e);
}

TEST(CudaEmitter, CastsBitcastsAndMath)
{
    auto e = emit(R"py(
from triton.language.extra.cuda import libdevice

@triton.jit
def k(x_ptr, h_ptr, b_ptr, i_ptr, d_ptr, m_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    h = tl.load(h_ptr + offs)
    b = tl.load(b_ptr + offs)
    i = tl.load(i_ptr + offs)
    d = tl.load(d_ptr + offs)
    m = tl.load(m_ptr + offs)
    y = tl.sqrt(x) + tl.rsqrt(x) + tl.log(x) + tl.log2(x) + tl.exp2(x) + tl.sin(x) + tl.erf(x)
    y += tl.div_rn(x, 3.0) + tl.sqrt_rn(x) + tl.fma(x, x, x) + libdevice.pow(x, 2.0)
    y += tl.minimum(x, h.to(tl.float32), propagate_nan=tl.PropagateNan.ALL) + tl.maximum(x, 1.0)
    y += tl.cast(x, tl.float16, fp_downcast_rounding="rtz").to(tl.float32)
    y += (h * h + h).to(tl.float32) + (b * b).to(tl.float32) + tl.exp(h.to(tl.float32))
    y += (i // 3 + i % 5 + (i >> 2) + (i << 1) + tl.umulhi(i, 7)).to(tl.float32)
    y += x.to(tl.int32, bitcast=True).to(tl.float32) + tl.abs(i).to(tl.float32)
    y += tl.where(m, x, -x) + d.to(tl.float32) + tl.exp(d).to(tl.float32) + (d / 3.0).to(tl.float32)
    y += (i.to(tl.int64) * 3).to(tl.float32) + i.to(tl.uint8).to(tl.float32) + i.to(tl.float16).to(tl.float32)
    tl.store(x_ptr + offs, y)
    tl.store(m_ptr + offs, y > 0.0)
    tl.store(b_ptr + offs, y.to(tl.bfloat16))
)py",
                  "x_ptr=*fp32:16, h_ptr=*fp16:16, b_ptr=*bf16:16, i_ptr=*i32:16, d_ptr=*fp64:16, "
                  "m_ptr=*i1:16, B=256");
    ASSERT_TRUE(e->source) << e->messages();
    const std::string &c = e->code();
    for (const char *s : {"tsm::sqrt_approx(", "tsm::rsqrt_approx(", "logf(", "log2f(", "tsm::erf_ftz(",
                          "tsm::exp2_approx(", "__fdiv_rn(", "__fsqrt_rn(", "fmaf(", "powf(",
                          "tsm::min_nan(", "fmaxf(", "__float2half_rz(", "__umulhi(",
                          "tsm::bitcast<int>(", "signed char* m_ptr", "__nv_bfloat16* b_ptr",
                          "exp(d", "__float2bfloat16_rn("})
        EXPECT_NE(c.find(s), std::string::npos) << s << "\n" << c;
    expectCompiles(*e);
}

TEST(CudaEmitter, PrintAndAssert)
{
    const char *src = R"py(
@triton.jit
def k(x_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    tl.device_print("x", x)
    tl.device_print("pid", tl.program_id(0))
    tl.device_assert(x == x, "x is nan")
)py";
    auto off = emit(src, "x_ptr=*fp32:16, B=16");
    ASSERT_TRUE(off->source) << off->messages();
    EXPECT_TRUE(off->source->usesPrintf);
    EXPECT_EQ(off->code().find("__assertfail"), std::string::npos);
    EXPECT_NE(off->code().find("printf(\"pid (%u, %u, %u) idx (%2d) x: %f\\n\""),
              std::string::npos)
        << off->code();
    EXPECT_NE(off->code().find("idx () pid: %lld"), std::string::npos) << off->code();
    EmitOptions o;
    o.deviceAsserts = true;
    auto on = emit(src, "x_ptr=*fp32:16, B=16", o);
    ASSERT_TRUE(on->source);
    EXPECT_NE(on->code().find("__assertfail(\"x is nan\", \"k.py\", 10, \"k\", 1)"),
              std::string::npos)
        << on->code();
    expectCompiles(*off);
    expectCompiles(*on);
}

TEST(CudaEmitter, ReductionsEmitWhereTheyUsedToBeRefused)
{
    // tl.sum used to be refused with UnsupportedOnBackend; the reductions helper's tests are in
    // emit_reduce_test.cpp. Here: the emitter copes with hand-picked (default) layouts too.
    auto e = emit(R"py(
@triton.jit
def k(x_ptr, y_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    s = tl.sum(tl.load(x_ptr + offs), axis=0)
    tl.store(y_ptr, s)
)py",
                  "x_ptr=*fp32:16, y_ptr=*fp32:16, B=16");
    ASSERT_TRUE(e->source) << e->messages();
    EXPECT_EQ(e->sink.errorCount(), 0u);
    EXPECT_NE(e->code().find("tsm::shfl_xor("), std::string::npos) << e->code();
    expectCompiles(*e);
}

TEST(CudaEmitter, PythonNamesThatAreCKeywordsAreRenamed)
{
    auto e = emit(R"py(
@triton.jit
def k(int, float, B: tl.constexpr):
    offs = tl.arange(0, B)
    lane = tl.load(int + offs)
    tl.store(float + offs, lane)
)py",
                  "int=*fp32:16, float=*fp32:16, B=128");
    ASSERT_TRUE(e->source) << e->messages();
    EXPECT_NE(e->code().find("float* int_, float* float_"), std::string::npos) << e->code();
    EXPECT_EQ(e->source->params[0].name, "int_");
    expectCompiles(*e);
}

TEST(CudaEmitter, LinearExpressionsCompressRunsOfBits)
{
    EXPECT_EQ(linearExpr("lane", 5, {4, 8, 16, 32, 64}), "(lane << 2)");
    EXPECT_EQ(linearExpr("r", 3, {1, 2, 512}), "(r & 3) | ((r >> 2) << 9)");
    EXPECT_EQ(linearExpr("lane", 5, {0, 0, 0, 1, 2}), "(lane >> 3)");
    EXPECT_EQ(linearExpr("warp", 2, {0, 0}), "");
    EXPECT_EQ(linearExpr("r", 2, {3, 1}), "(((r >> 0) & 1) * 3) ^ (((r >> 1) & 1) * 1)");
}

TEST(CudaEmitter, ElementwiseChainsShareOneLoop)
{
    // GELU over 128 registers a thread: one loop takes each element through the whole chain
    // (with the constants hoisted before it), so no intermediate array is live across it; a
    // loop per op holds two 128-register arrays at once and spills.
    const std::string src = "@triton.jit\n"
                            "def gelu(x_ptr, y_ptr, BLOCK: tl.constexpr):\n"
                            "    offs = tl.arange(0, BLOCK)\n"
                            "    x = tl.load(x_ptr + offs)\n"
                            "    y = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))\n"
                            "    tl.store(y_ptr + offs, y.to(tl.float16))\n";
    auto e = emit(src, "x_ptr=*fp32:16, y_ptr=*fp16:16, BLOCK=4096, num_warps=1", {}, 4, "gelu");
    ASSERT_TRUE(e->source) << e->messages();
    const std::string &c = e->code();
    const std::size_t loop = c.find("for (int r = 0; r < 128; ++r) {");
    ASSERT_NE(loop, std::string::npos) << c;
    const std::size_t end = c.find("\n    }", loop);
    const std::string body = c.substr(loop, end - loop);
    EXPECT_NE(body.find("0.5f * x[r]"), std::string::npos) << body;
    EXPECT_NE(body.find("tsm::erf_ftz("), std::string::npos) << body;
    EXPECT_NE(body.find("__float2half_rn("), std::string::npos) << body;
    // The Python line's comment once, before the declarations, not repeated in the loop.
    EXPECT_EQ(count(c, "// y = 0.5 * x"), 1) << c;
    cuda::CompileOptions o;
    o.cacheDir = "-";
    const cuda::CompileResult r = cuda::compileCuda(c, "/tilesmith/gelu.cu", o);
    ASSERT_TRUE(r.ok) << r.log;
    if (r.resources.parsed)
        EXPECT_EQ(r.resources.spillStoreBytes, 0) << r.log;
}
