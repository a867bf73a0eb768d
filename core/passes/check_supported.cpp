// check-supported: what the CUDA backend refuses before any layout work. Every op sema produces
// has a lowering; what is left is a kernel no GPU can hold.
#include "core/passes/passes.h"

#include "core/codegen/shared_memory.h"

namespace tsm::passes {

using ir::Op;
using ir::OpCode;

namespace {

/// A dot whose operands cannot fit in any GPU's shared memory (codegen::dotStaging) is refused
/// here, before a device is known; the emitter checks the whole kernel against the real limit.
bool dotFits(const ir::Kernel &kernel, const Op &op, DiagnosticSink &diags)
{
    const ir::Type &a = kernel.type(op.operands[0]), &b = kernel.type(op.operands[1]);
    const std::int64_t need = codegen::dotStaging(a, b).bytes, limit = codegen::largestSharedLimit();
    if (need <= limit)
        return true;
    diags.report(DiagKind::SharedMemoryExceeded,
                 op.span,
                 {codegen::dotDescription(a, b),
                  codegen::sharedSizeText(need),
                  "no GPU",
                  "more than " + codegen::sharedSizeText(limit),
                  "; the CUDA backend stages both operands of tl.dot in shared memory: use "
                  "smaller block sizes"});
    return false;
}

void check(const ir::Kernel &kernel, const ir::Region &r, DiagnosticSink &diags, bool &ok)
{
    for (const Op &op : r.ops) {
        if (op.code == OpCode::Dot && !dotFits(kernel, op, diags)) {
            ok = false;
            continue;
        }
        for (const ir::Region &inner : op.regions)
            check(kernel, inner, diags, ok);
    }
}

} // namespace

bool checkSupported(const ir::Kernel &kernel, DiagnosticSink &diags)
{
    bool ok = true;
    check(kernel, kernel.body, diags, ok);
    return ok;
}

} // namespace tsm::passes
