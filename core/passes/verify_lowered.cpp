#include "core/passes/passes.h"

#include "core/ir/verifier.h"
#include "core/passes/layout_contract.h"

namespace tsm::passes {

bool verifyLowered(const codegen::LoweredKernel &lk, DiagnosticSink &diags)
{
    std::string problem;
    if (ir::verifyKernel(lk.kernel, &problem)) {
        // Before assign-layouts there is nothing to hold to the contract.
        const bool laidOut = !lk.layouts.empty();
        if (!laidOut || (problem = checkLayoutContract(lk)).empty())
            return true;
    }
    diags.report(DiagKind::UnsupportedOnBackend,
                 lk.kernel.span,
                 {"lowering kernel '" + lk.kernel.name + "' (a Tilesmith bug: " + problem + ")",
                  "cuda",
                  "; it runs with --backend interp"});
    return false;
}

} // namespace tsm::passes
