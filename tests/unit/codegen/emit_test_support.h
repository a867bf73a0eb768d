#pragma once
// Kernels from source through the whole CUDA pipeline (layout passes, emitter) for the emitter
// tests (reductions, scans, random numbers, atomics), and NVRTC's verdict on the result for
// sm_80 and sm_90.

#include "core/codegen/cuda_emitter.h"
#include "core/cuda/nvrtc_compiler.h"
#include "core/passes/layout_contract.h"
#include "core/passes/pipeline.h"

#include "../passes/lower_test_support.h"

#include <gtest/gtest.h>

namespace tsm::codegen::test {

using passes::test::Specialized;
using passes::test::specializeSource;

struct Result
{
    std::unique_ptr<Specialized> spec;
    std::optional<LoweredKernel> lk;
    std::optional<CudaSource> cuda;
    DiagnosticSink diags;
    std::string messages() const
    {
        std::string s;
        for (const Diagnostic &d : diags.diagnostics())
            s += std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
        for (const Diagnostic &d : spec->diags.diagnostics())
            s += std::string(diagKindName(d.kind)) + ": " + d.message + "\n";
        return s;
    }
    const std::string &code() const { return cuda->code; }
};

inline std::unique_ptr<Result>
lowerAndEmit(const std::string &body, const std::string &fn, const std::string &signature, int cc = 90,
             const EmitOptions &emit = {})
{
    auto r = std::make_unique<Result>();
    r->spec
        = specializeSource("import triton\nimport triton.language as tl\n" + body, fn, signature);
    if (!r->spec->kernel)
        return r;
    passes::PipelineOptions options;
    options.computeCapability = cc;
    options.tmaStores = emit.tmaStores;
    r->lk = passes::lowerForCuda(r->spec->kernel, options, r->diags);
    if (r->lk) {
        EXPECT_EQ(passes::checkLayoutContract(*r->lk), "");
        r->cuda = emitCuda(*r->lk, r->spec->file, emit, r->diags);
    }
    return r;
}

/// NVRTC for one architecture, without the disk cache.
inline cuda::CompileResult compileFor(const CudaSource &s, const std::string &arch)
{
    cuda::CompileOptions o;
    o.arch = arch;
    o.cacheDir = "-";
    return cuda::compileCuda(s.code, "/tilesmith/" + s.kernelName + ".cu", o);
}

/// Compiles for sm_80 and sm_90, or for sm_90a alone when the kernel uses wgmma (failing the
/// test on an NVRTC error); the sm_90 / sm_90a PTX.
inline std::string expectCompiles(const Result &r)
{
    EXPECT_TRUE(r.cuda) << r.messages();
    if (!r.cuda)
        return {};
    std::string ptx;
    const std::vector<std::string> archs
        = r.cuda->archSpecific ? std::vector<std::string>{"sm_90a"} : std::vector<std::string>{"sm_80", "sm_90"};
    for (const std::string &arch : archs) {
        const cuda::CompileResult c = compileFor(*r.cuda, arch);
        EXPECT_TRUE(c.ok) << arch << ":\n" << c.log << "\n---- source ----\n" << r.cuda->code;
        if (arch != "sm_80")
            ptx = c.ptx;
    }
    return ptx;
}

/// A tiled matmul over a runtime K (the tensor-core emitter tests): `a` and `b` indexed with
/// strides (sam, sak) and (sbk, sbn), so that a transposed view is one signature away.
inline const char *const kTiledMatmul = R"py(
@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, BLOCK_M: tl.constexpr,
       BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        kk = k * BLOCK_K + rk
        a = tl.load(a_ptr + rm[:, None] * sam + kk[None, :] * sak, mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * sbk + rn[None, :] * sbn, mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    c = acc.to(c_ptr.dtype.element_ty)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c, mask=(rm[:, None] < M) & (rn[None, :] < N))
)py";

/// kTiledMatmul's signature: element type, block sizes, which operand is a transposed view,
/// warps, and whether N is known to be a multiple of 16.
inline std::string tiledMatmulSig(const std::string &dt, int bm, int bn, int bk, bool aTransposed,
                                  bool bTransposed, int warps = 4, bool alignedN = false)
{
    const std::string rowMajor = "=i32:16, ", unit = "=1, ";
    return "a_ptr=*" + dt + ":16, b_ptr=*" + dt + ":16, c_ptr=*" + dt + ":16, M=i32, N=i32"
           + (alignedN ? ":16" : "") + ", K=i32:16, sam" + (aTransposed ? unit : rowMajor) + "sak"
           + (aTransposed ? rowMajor : unit) + "sbk" + (bTransposed ? unit : rowMajor) + "sbn"
           + (bTransposed ? "=i32:16" : "=1") + ", BLOCK_M=" + std::to_string(bm) + ", BLOCK_N=" + std::to_string(bn)
           + ", BLOCK_K=" + std::to_string(bk) + ", num_warps=" + std::to_string(warps);
}

inline int count(const std::string &text, const std::string &what)
{
    int n = 0;
    for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
        ++n;
    return n;
}

} // namespace tsm::codegen::test
