#pragma once
// AutotuneReport as the JSON of the `autotune` event (docs/run-events.md) and back: the studio
// reads the runner's report with autotuneFromJson.

#include "core/run/autotune_report.h"

#include <nlohmann/json_fwd.hpp>

namespace tsm::run {

nlohmann::json autotuneToJson(const AutotuneReport &report);
/// Reads what autotuneToJson wrote; members it does not know are ignored, missing ones default.
AutotuneReport autotuneFromJson(const nlohmann::json &j);

} // namespace tsm::run
