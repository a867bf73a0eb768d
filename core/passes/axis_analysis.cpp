#include "core/passes/passes.h"

namespace tsm::passes {

void analyzeAxesPass(codegen::LoweredKernel &lk)
{
    lk.axis = codegen::analyzeAxes(lk.kernel);
}

} // namespace tsm::passes
