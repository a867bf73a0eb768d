#pragma once
// A failed tl.device_assert on the GPU (kernels built with debug): the generated kernel calls
// __assertfail, the CUDA runtime prints one line per failing thread on stderr at the next
// synchronization,
//   k.py:12: kernel: block: [3,0,0], thread: [64,0,0] Assertion `x must be positive` failed.
// and the launch fails with CUDA_ERROR_ASSERT, which loses the context. The CUDA backend
// captures those lines (core/cuda/printf_capture.h) and reports them here as the interpreter's
// DeviceAssertFailed, at the assert's line.

#include "core/diag/diagnostic.h"
#include "core/ir/ir.h"
#include "core/source/source_file.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::cuda {

/// One line the CUDA runtime printed for a thread that failed an assert.
struct AssertFailure
{
    std::string file; ///< the name given to __assertfail ("k.py")
    unsigned line = 0;
    std::string function; ///< the kernel's name
    std::array<std::int64_t, 3> block{}, thread{};
    std::string message; ///< the text between the backquotes
};

/// The runtime's assert lines in `text`, in order; the other lines go to `rest` when given.
std::vector<AssertFailure> parseAssertFailures(std::string_view text, std::string *rest = nullptr);

/// The first tl.device_assert of `kernel` (loop and branch bodies included); null when none.
const ir::Op *firstDeviceAssert(const ir::Kernel &kernel);

/// Whether a driver status message is CUDA_ERROR_ASSERT's ("device-side assert triggered").
bool isAssertError(std::string_view driverMessage);

/// Reports DeviceAssertFailed for a launch of `kernel` that failed on a device assert: at the
/// assert op named by the first failure (programs by z, y, x, then threads), with its program,
/// GPU thread and message, notes on how many threads failed and on the lost context
/// (`driverMessage`, restart). Without parsed lines it still reports DeviceAssertFailed, at the
/// kernel's assert when it has one only (else at the kernel), with what is known. `file` is the
/// kernel's source file (null when unknown).
void reportAssertFailure(const ir::Kernel &kernel,
                         const SourceFile *file,
                         const std::vector<AssertFailure> &failures,
                         std::string_view driverMessage,
                         DiagnosticSink &diags);

} // namespace tsm::cuda
