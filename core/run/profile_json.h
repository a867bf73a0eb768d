#pragma once
// ProfileReport as the JSON of the `profile` event (docs/run-events.md) and back: the studio
// reads the runner's report with profileFromJson.

#include "core/run/profile_report.h"

#include <nlohmann/json_fwd.hpp>

namespace tsm::run {

nlohmann::json profileToJson(const ProfileReport &report);
/// Reads what profileToJson wrote; members it does not know are ignored, missing ones default.
ProfileReport profileFromJson(const nlohmann::json &j);

} // namespace tsm::run
