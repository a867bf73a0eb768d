#pragma once
// Test helper: run `f(x)` or `f(x, y)` elementwise over host vectors through a one-program
// kernel (load, f, store), so arithmetic, casts and math are checked through the interpreter.

#include "tests/unit/interp/kernel_builder.h"

#include <gtest/gtest.h>

namespace tsm::interp::test {

/// Memory element type of a DType for the host side of a test.
template <class In, class Out>
std::vector<Out> mapKernel(DType inType,
                           DType outType,
                           const std::vector<std::vector<In>> &inputs,
                           const std::function<ValueId(KernelBuilder &, std::vector<ValueId>)> &f,
                           DiagnosticSink *diagsOut = nullptr)
{
    const std::int64_t n = std::int64_t(inputs[0].size());
    std::int64_t block = 1;
    while (block < n)
        block *= 2;
    KernelBuilder b("map");
    std::vector<ValueId> ptrs;
    for (std::size_t k = 0; k < inputs.size(); ++k)
        ptrs.push_back(b.param("in" + std::to_string(k), ptrT(inType)));
    const ValueId out = b.param("out", ptrT(outType));
    const ValueId offs = b.range(0, block);
    const ValueId mask = b.cmp(2, offs, b.constI(n, DType::I32, {block}));
    std::vector<ValueId> xs;
    for (ValueId p : ptrs)
        xs.push_back(b.load(b.ptrs(p, offs), mask));
    b.store(b.ptrs(out, offs), f(b, xs), mask);
    std::vector<LaunchArg> args;
    for (std::size_t k = 0; k < inputs.size(); ++k)
        args.push_back(ptrArg(storageOf(inputs[k], "in" + std::to_string(k))));
    auto outStorage = storageOf(nullptr, std::size_t(n) * sizeof(Out), "out");
    args.push_back(ptrArg(outStorage));
    LaunchResult r = runKernel(b.finish(), Grid{1, 1, 1}, args);
    if (diagsOut)
        for (const Diagnostic &d : r.diags.diagnostics())
            diagsOut->add(d);
    EXPECT_TRUE(r.ok || diagsOut) << (r.diags.diagnostics().empty()
                                          ? std::string("no diagnostic")
                                          : r.diags.diagnostics()[0].message);
    return contents<Out>(outStorage);
}

} // namespace tsm::interp::test
