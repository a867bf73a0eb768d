#pragma once
// RunEvents as JSON Lines objects (`--json`, `tilesmith serve`); the schema is
// docs/run-events.md.

#include "core/run/run_event.h"

#include <nlohmann/json_fwd.hpp>

namespace tsm::run {

/// One event as a JSON object with an "event" member naming its kind.
nlohmann::json eventToJson(const RunEvent &event, const SourceManager &sources);
nlohmann::json validationToJson(const ValidationReport &report);

} // namespace tsm::run
