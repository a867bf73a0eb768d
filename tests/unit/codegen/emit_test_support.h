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
lowerAndEmit(const std::string &body, const std::string &fn, const std::string &signature, int cc = 90)
{
    auto r = std::make_unique<Result>();
    r->spec
        = specializeSource("import triton\nimport triton.language as tl\n" + body, fn, signature);
    if (!r->spec->kernel)
        return r;
    passes::PipelineOptions options;
    options.computeCapability = cc;
    r->lk = passes::lowerForCuda(r->spec->kernel, options, r->diags);
    if (r->lk) {
        EXPECT_EQ(passes::checkLayoutContract(*r->lk), "");
        r->cuda = emitCuda(*r->lk, r->spec->file, {}, r->diags);
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

inline int count(const std::string &text, const std::string &what)
{
    int n = 0;
    for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
        ++n;
    return n;
}

} // namespace tsm::codegen::test
