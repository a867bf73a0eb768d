#pragma once
// What the run reports' JSON readers and writers share (event_json, profile_json,
// autotune_json): numbers that JSON cannot hold become null, and members are read leniently.

#include <cmath>
#include <nlohmann/json.hpp>

namespace tsm::run {

/// JSON has no NaN / infinity: such numbers become null.
inline nlohmann::json jsonNumber(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

/// j[key] as T, or `fallback` when it is missing, null or of another type.
template <class T> T jsonGet(const nlohmann::json &j, const char *key, T fallback = T())
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception &) {
        return fallback;
    }
}

} // namespace tsm::run
