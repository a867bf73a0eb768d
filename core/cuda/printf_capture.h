#pragma once
// tl.device_print on the GPU: generated kernels printf "pid (x, y, z) idx (i) prefix: value", and
// the driver writes that output to the process's file descriptor 1 at the next synchronization,
// which would interleave with (and, under --json, corrupt) Tilesmith's own output. The CUDA
// backend captures it instead and hands it to the launch's devicePrint callback grouped by
// program, in the order the interpreter prints (programs by z, y, x; lines by element). A failed
// tl.device_assert in a debug build is reported by the CUDA runtime on descriptor 2 at the same
// synchronization; the same capture takes it (core/cuda/assert_report.h reads it).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tsm::cuda {

/// Redirects file descriptor `fd` (1: stdout, where device_print output goes; 2: stderr, where
/// the CUDA runtime reports a failed device assert) to a temporary file from construction until
/// finish() (or destruction), flushing stdio on both ends. One capture per descriptor at a time.
class OutputCapture
{
public:
    explicit OutputCapture(int fd = 1);
    ~OutputCapture();
    OutputCapture(const OutputCapture &) = delete;
    OutputCapture &operator=(const OutputCapture &) = delete;
    /// Restores the descriptor and returns what was written meanwhile ("" when capturing
    /// failed).
    std::string finish();

private:
    int m_fd = 1;
    int m_saved = -1;
    int m_file = -1;
};

using StdoutCapture = OutputCapture;

using ProgramId = std::array<std::int64_t, 3>;

/// Splits device_print output into one chunk per program (by each line's "pid (x, y, z)"),
/// programs ordered by (z, y, x) and each program's lines by their "idx (...)" coordinates.
/// Lines without a pid prefix go to program (0, 0, 0).
std::vector<std::pair<ProgramId, std::string>> groupByProgram(std::string_view text);

} // namespace tsm::cuda
