#pragma once
// The CPU interpreter backend: runs a kernel's typed block IR program by program over the grid,
// block values as arrays (ARCHITECTURE.md "Backends"). Every load, store and atomic is checked
// against the allocation its pointer came from; the first bad access, division by zero or
// failed device_assert stops the launch with a diagnostic naming the program and element.

#include "core/run/backend.h"

namespace tsm::interp {

struct InterpOptions
{
    /// Threads that run programs of one launch (0: one per hardware thread). Kernels that print
    /// or use atomics always run on one thread, in program order.
    int threads = 0;
    /// Launches with fewer programs than this run on one thread.
    std::int64_t minProgramsPerThread = 16;
};

class InterpBackend : public Backend
{
public:
    explicit InterpBackend(InterpOptions options = {});

    std::string_view name() const override { return "interp"; }
    std::shared_ptr<CompiledKernel> compile(std::shared_ptr<const ir::Kernel> kernel,
                                            DiagnosticSink &diags) override;
    bool launch(CompiledKernel &kernel,
                Grid grid,
                std::span<const LaunchArg> args,
                LaunchContext &context) override;

private:
    InterpOptions m_options;
};

} // namespace tsm::interp
