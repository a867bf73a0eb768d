#include "app/cli/profile_command.h"

#include "core/run/backend_factory.h"
#include "profiler/launch_profiler.h"
#include "profiler/metric_sets.h"

#include <ostream>

namespace tsm::cli {

int runProfile(ProfileCommandOptions opts, std::ostream &out, std::ostream &err)
{
    std::string why;
    if (!profiler::metricSet(opts.metrics, &why)) {
        err << "tilesmith profile: " << why << "\n";
        return run::kExitUnusable;
    }
    if (!opts.program.json && !cudaAvailable(&why)) {
        err << "tilesmith profile: profiling needs an NVIDIA GPU, and CUDA is not available "
               "here: "
            << why << " (`tilesmith run --backend interp` runs the program on the CPU)\n";
        return run::kExitUnusable;
    }
    profiler::ProfileOptions po;
    po.metrics = opts.metrics;
    po.kernel = opts.kernel;
    po.libraryKernels = opts.libraryKernels;
    po.stallSamples = opts.stalls;
    profiler::LaunchProfiler profiler(po);
    // Profiling measures the GPU: no silent fall back to the interpreter.
    opts.program.run.backend = "cuda";
    opts.program.run.profiler = &profiler;
    return runProgram(opts.program, out, err);
}

} // namespace tsm::cli
