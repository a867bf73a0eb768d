#pragma once
// `tilesmith profile`'s text report: one row per kernel and grid (time, bytes, achieved GB/s and
// TFLOP/s, fraction of roof, registers, occupancy), the roofs it was measured against, and the
// notes (why counters are missing, what was cached).

#include "core/run/profile_report.h"

#include <string>

namespace tsm::profiler {

std::string profileTable(const run::ProfileReport &report);

} // namespace tsm::profiler
