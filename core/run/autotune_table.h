#pragma once
// The autotune report as text (`tilesmith run|test|bench --autotune-report`): one row per
// config with its time and resources, or why it did not run; the winner marked.

#include "core/run/autotune_report.h"

#include <string>

namespace tsm::run {

/// "BLOCK_SIZE=1024 num_warps=4 num_stages=3": a config's kwargs, short.
std::string autotuneConfigShort(const AutotuneConfig &config);
std::string autotuneTable(const AutotuneReport &report);

} // namespace tsm::run
