#pragma once
// Kernels from Python source for the pass tests: parse, specialize with a launch signature
// (`x_ptr=*fp32:16, n=i32, BLOCK=1024`, as tests/golden/sema's SIGNATURE lines), then lower.

#include "core/passes/pipeline.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
#include "core/syntax/parser.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

namespace tsm::passes::test {

struct Specialized
{
    SourceManager sources;
    const SourceFile *file = nullptr;
    std::shared_ptr<const ir::Kernel> kernel;
    DiagnosticSink diags;
};

/// Specializes `function` of `source` for `signature`; kernel is null (with a test failure
/// message) when sema rejects it.
inline std::unique_ptr<Specialized> specializeSource(const std::string &source,
                                                     const std::string &function,
                                                     const std::string &signature,
                                                     const std::string &path = "kernel.py")
{
    auto s = std::make_unique<Specialized>();
    s->file = &s->sources.add(path, source);
    ParseResult parsed = parseModule(*s->file, s->diags);
    const ast::FunctionDef *fn = nullptr;
    for (const ast::Stmt *st : parsed.module->body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(st); f && f->name == function)
            fn = f;
    if (!fn) {
        ADD_FAILURE() << "no function " << function;
        return s;
    }
    std::string why;
    auto sig = sema::parseSignature(signature, *fn, &why);
    if (!sig) {
        ADD_FAILURE() << "bad signature: " << why;
        return s;
    }
    auto k
        = sema::specialize(sema::KernelSource{*s->file, *parsed.module, *fn, {}}, *sig, s->diags);
    if (k)
        s->kernel = std::shared_ptr<const ir::Kernel>(std::move(k));
    // The AST must outlive nothing here: the kernel is self-contained.
    return s;
}

/// A kernel specialized from source and lowered through the whole CUDA pass pipeline.
struct Lowered
{
    std::unique_ptr<Specialized> spec;
    std::optional<codegen::LoweredKernel> lk;
    DiagnosticSink diags; ///< the lowering's
};

/// Specializes `function` of `source` (the `import triton` lines are prepended) for `signature`
/// and lowers it for the CUDA backend (a test failure when lowering fails).
inline Lowered lowerSource(const std::string &source, const std::string &function,
                           const std::string &signature)
{
    Lowered l;
    l.spec = specializeSource("import triton\nimport triton.language as tl\n" + source, function, signature);
    if (!l.spec->kernel)
        return l;
    l.lk = lowerForCuda(l.spec->kernel, {}, l.diags);
    EXPECT_TRUE(l.lk);
    return l;
}

/// Counts the ops with `code` in `kernel` (nested regions included).
inline int countOps(const ir::Region &r, ir::OpCode code)
{
    int n = 0;
    for (const ir::Op &op : r.ops) {
        n += op.code == code;
        for (const ir::Region &inner : op.regions)
            n += countOps(inner, code);
    }
    return n;
}

} // namespace tsm::passes::test
