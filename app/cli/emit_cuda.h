#pragma once
// The CUDA stages of `tilesmith emit` (--cuda, --ptx, --sass, --cubin, --dump-after, --timings)
// for one specialized kernel.

#include "app/cli/emit_command.h"
#include "core/diag/diagnostic.h"
#include "core/ir/ir.h"

#include <iosfwd>
#include <memory>
#include <string>

namespace tsm::cuda {
struct CudaBuild;
}

namespace tsm::cli {

/// Front-end times measured by the caller, printed with --timings.
struct FrontEndTimes
{
    double parseMs = 0, semaMs = 0;
};

/// Builds `kernel` as far as `opts` asks and prints it. Exit code: 0, 1 (diagnostics in
/// `sink`), 2 (unusable options, message on `err`).
int emitCudaStages(const EmitOptions &opts,
                   std::shared_ptr<const ir::Kernel> kernel,
                   const SourceFile &file,
                   const FrontEndTimes &frontEnd,
                   DiagnosticSink &sink,
                   std::ostream &out,
                   std::ostream &err);

/// `build`'s cubin as SASS, through nvdisasm -c -gi (with the Python lines as comments) or
/// cuobjdump -sass; false with the reason in `error` (no disassembler, it failed).
bool disassembleSass(const cuda::CudaBuild &build, std::string *text, std::string *error);

} // namespace tsm::cli
