// Triton's NVIDIA numerics in the emitted CUDA C (core/codegen/emit_arith.cpp, the device
// header's numerics section): which function each fp32 math builtin becomes, and the PTX
// instructions NVRTC makes of them. Bit-exactness against real Triton is checked on the GPU by
// scripts/gpu/numerics.py (gpu-check's "numerics" step); these tests pin the choices it
// validated: .ftz sqrt / rsqrt / exp2, non-ftz exp, libdevice log2 (not lg2.approx), Triton's
// erf sequence, and denormals flushed around the libdevice functions whose FTZ path flushes.

#include "core/codegen/cuda_emitter.h"
#include "core/cuda/nvrtc_compiler.h"
#include "core/passes/pipeline.h"

#include "../passes/lower_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::passes::test;

namespace {

/// The CUDA C of `fn` in `body`, or "" with the diagnostics in `why`.
std::string cudaOf(const std::string &body, const std::string &fn, const std::string &signature,
                   std::string &why)
{
    auto spec = specializeSource("import triton\nimport triton.language as tl\n"
                                 "from triton.language.extra import libdevice\n"
                                 + body,
                                 fn, signature);
    DiagnosticSink diags;
    std::optional<LoweredKernel> lk;
    std::optional<CudaSource> cuda;
    if (spec->kernel)
        lk = passes::lowerForCuda(spec->kernel, {}, diags);
    if (lk)
        cuda = emitCuda(*lk, spec->file, {}, diags);
    for (const DiagnosticSink *s : {&spec->diags, &diags})
        for (const Diagnostic &d : s->diagnostics())
            why += std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
    return cuda ? cuda->code : std::string();
}

/// The PTX NVRTC makes of `code` for sm_90 (empty on failure, the log in `why`).
std::string ptxOf(const std::string &code, std::string &why)
{
    cuda::CompileOptions o;
    o.arch = "sm_90";
    o.cacheDir = "-";
    const cuda::CompileResult r = cuda::compileCuda(code, "/tilesmith/numerics.cu", o);
    if (!r.ok)
        why += r.log;
    return r.ok ? r.ptx : std::string();
}

/// One fp32 function of x (and y) per kernel: `EXPR` stands for it.
std::string kernelWith(const std::string &expr)
{
    return R"py(
@triton.jit
def k(x_ptr, y_ptr, o_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(o_ptr + offs, )py"
           + expr + ")\n";
}

const char *const kSig = "x_ptr=*fp32:16, y_ptr=*fp32:16, o_ptr=*fp32:16, B=128";

struct Expect
{
    const char *expr;
    const char *call;  ///< in the CUDA C
    const char *ptx;   ///< an instruction of the PTX, or nullptr
    const char *noPtx; ///< an instruction the PTX must not have, or nullptr
};

} // namespace

TEST(EmitArith, Fp32MathBecomesTritonsInstructions)
{
    const Expect cases[] = {
        {"tl.exp(x)", "tsm::exp_approx(", "ex2.approx.f32", "ex2.approx.ftz.f32"},
        {"tl.exp2(x)", "tsm::exp2_approx(", "ex2.approx.ftz.f32", nullptr},
        {"tl.sqrt(x)", "tsm::sqrt_approx(", "sqrt.approx.ftz.f32", "sqrt.rn"},
        {"tl.rsqrt(x)", "tsm::rsqrt_approx(", "rsqrt.approx.ftz.f32", nullptr},
        {"tl.sqrt_rn(x)", "__fsqrt_rn(", "sqrt.rn.f32", "sqrt.approx"},
        {"x / y", "tsm::div_full(", "div.full.f32", nullptr},
        {"tl.fdiv(x, y)", "tsm::div_full(", "div.full.f32", nullptr},
        {"tl.div_rn(x, y)", "__fdiv_rn(", nullptr, "div.full"},
        // libdevice's log2 (a polynomial), not lg2.approx: 1415 of the oracle's 4096 differ.
        {"tl.log2(x)", "log2f(", nullptr, "lg2.approx"},
        {"tl.erf(x)", "tsm::erf_ftz(", "fma.rn.ftz.f32", nullptr},
        {"tl.sin(x)", "tsm::sin_ftz(", nullptr, nullptr},
        {"tl.cos(x)", "tsm::cos_ftz(", nullptr, nullptr},
        {"libdevice.tanh(x)", "tsm::tanh_ftz(", nullptr, nullptr},
    };
    for (const Expect &c : cases) {
        std::string why;
        const std::string code = cudaOf(kernelWith(c.expr), "k", kSig, why);
        ASSERT_FALSE(code.empty()) << c.expr << ": " << why;
        EXPECT_NE(code.find(c.call), std::string::npos) << c.expr << "\n" << code;
        const std::string ptx = ptxOf(code, why);
        ASSERT_FALSE(ptx.empty()) << c.expr << ": " << why;
        if (c.ptx)
            EXPECT_NE(ptx.find(c.ptx), std::string::npos) << c.expr << " lacks " << c.ptx << "\n" << ptx;
        if (c.noPtx)
            EXPECT_EQ(ptx.find(c.noPtx), std::string::npos) << c.expr << " has " << c.noPtx << "\n" << ptx;
    }
}

TEST(EmitArith, LibdeviceFunctionsFlushDenormalsWhereTritonsFtzPathDoes)
{
    struct Flush
    {
        const char *expr;
        const char *code; ///< expected text, or nullptr
        const char *not_; ///< text that must not appear, or nullptr
    };
    const Flush cases[] = {
        {"libdevice.tan(x)", "tsm::flush_denormal(tanf(tsm::flush_denormal(", nullptr},
        {"libdevice.atan2(x, y)", "tsm::flush_denormal(atan2f(tsm::flush_denormal(", nullptr},
        {"libdevice.floor(x)", "tsm::flush_denormal(floorf(tsm::flush_denormal(", nullptr},
        // A negative denormal gives +0 there.
        {"libdevice.log1p(x)", "tsm::flush_denormal(log1pf(tsm::flush_denormal_to_plus_zero(", nullptr},
        // Not flushed: log-type functions scale denormal arguments, pow(-denormal, 1.5) is NaN.
        {"libdevice.log10(x)", "log10f(", "flush_denormal"},
        {"libdevice.pow(x, y)", "powf(", "flush_denormal"},
        {"tl.log(x)", "logf(", "flush_denormal"},
    };
    for (const Flush &c : cases) {
        std::string why;
        const std::string code = cudaOf(kernelWith(c.expr), "k", kSig, why);
        ASSERT_FALSE(code.empty()) << c.expr << ": " << why;
        if (c.code)
            EXPECT_NE(code.find(c.code), std::string::npos) << c.expr << "\n" << code;
        if (c.not_)
            EXPECT_EQ(code.find(c.not_), std::string::npos) << c.expr << "\n" << code;
        EXPECT_FALSE(ptxOf(code, why).empty()) << c.expr << ": " << why;
    }
}

TEST(EmitArith, Fp64MathStaysIeee)
{
    std::string why;
    const std::string code = cudaOf(R"py(
@triton.jit
def k(x_ptr, o_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, tl.sqrt(x) + tl.exp(x) + libdevice.tan(x) + x / 3.0)
)py",
                                    "k", "x_ptr=*fp64:16, o_ptr=*fp64:16, B=128", why);
    ASSERT_FALSE(code.empty()) << why;
    for (const char *s : {"sqrt(", "exp(", "tan("})
        EXPECT_NE(code.find(s), std::string::npos) << s << "\n" << code;
    for (const char *s : {"flush_denormal", "sqrt_approx", "exp_approx", "div_full"})
        EXPECT_EQ(code.find(s), std::string::npos) << s << "\n" << code;
}
