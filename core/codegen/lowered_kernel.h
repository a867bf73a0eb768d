#pragma once
// A kernel ready for CUDA C: the typed block IR after the CUDA passes (core/passes/pipeline.h),
// with a distributed layout for every block value and the axis facts the emitter vectorizes on.

#include "core/codegen/axis_info.h"
#include "core/codegen/layout.h"
#include "core/ir/ir.h"

#include <memory>
#include <optional>
#include <vector>

namespace tsm::codegen {

struct LoweredKernel
{
    /// The kernel as sema produced it (the interpreter runs this one).
    std::shared_ptr<const ir::Kernel> source;
    /// After the passes: the same program with convert_layout ops where producers and
    /// consumers disagree on a layout.
    ir::Kernel kernel;
    /// Per ValueId of `kernel`: the layout of every block value; nullopt for scalars.
    std::vector<std::optional<Layout>> layouts;
    /// Per ValueId of `kernel`.
    std::vector<AxisInfo> axis;
    /// The target's compute capability (passes::PipelineOptions::computeCapability).
    int computeCapability = 90;
    /// Descriptor stores may be TMA stores (passes::PipelineOptions::tmaStores).
    bool tmaStores = false;

    int numWarps() const { return kernel.numWarps; }
    int threadsPerProgram() const { return kernel.numWarps * 32; }
    const Layout &layoutOf(ir::ValueId v) const { return *layouts[v]; }
};

} // namespace tsm::codegen
