#include "core/run/autotune_json.h"
#include "core/run/json_support.h"

#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

namespace tsm::run {
namespace {

using Status = AutotuneConfig::Status;

constexpr std::array<std::pair<Status, std::string_view>, 6> kStatusNames{{
    {Status::Ran, "ran"},
    {Status::Pruned, "pruned"},
    {Status::CompileError, "compile_error"},
    {Status::OutOfResources, "out_of_resources"},
    {Status::WrongResult, "wrong_result"},
    {Status::Failed, "failed"},
}};

template <class T> nlohmann::json optional(const std::optional<T> &v)
{
    if (!v)
        return nullptr;
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(*v))
            return nullptr;
    return *v;
}

template <class T> std::optional<T> readOptional(const nlohmann::json &j, const char *key)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null() || !it->is_number())
        return std::nullopt;
    return it->get<T>();
}

nlohmann::json rangeToJson(const std::optional<SourceRange> &r)
{
    if (!r)
        return nullptr;
    return {{"line", r->line}, {"end_line", r->endLine}, {"begin", r->begin}, {"end", r->end}};
}

std::optional<SourceRange> rangeFromJson(const nlohmann::json &j, const char *key)
{
    auto it = j.find(key);
    if (it == j.end() || !it->is_object())
        return std::nullopt;
    SourceRange r;
    r.line = jsonGet<int>(*it, "line");
    r.endLine = jsonGet<int>(*it, "end_line");
    r.begin = jsonGet<std::uint32_t>(*it, "begin");
    r.end = jsonGet<std::uint32_t>(*it, "end");
    return r;
}

} // namespace

std::string_view autotuneStatusName(Status status)
{
    for (const auto &[s, name] : kStatusNames)
        if (s == status)
            return name;
    return "failed";
}

std::optional<Status> autotuneStatusFromName(std::string_view name)
{
    for (const auto &[s, n] : kStatusNames)
        if (n == name)
            return s;
    return std::nullopt;
}

nlohmann::json autotuneToJson(const AutotuneReport &r)
{
    nlohmann::json configs = nlohmann::json::array();
    for (const AutotuneConfig &c : r.configs) {
        nlohmann::json kwargs = nlohmann::json::array();
        for (const auto &[name, value] : c.kwargs)
            kwargs.push_back({name, value});
        configs.push_back({{"label", c.label},
                           {"kwargs", kwargs},
                           {"status", autotuneStatusName(c.status)},
                           {"reason", c.reason},
                           {"median_ms", optional(c.medianMs)},
                           {"p20_ms", optional(c.p20Ms)},
                           {"p80_ms", optional(c.p80Ms)},
                           {"registers", optional(c.registers)},
                           {"spill_bytes", optional(c.spillBytes)},
                           {"shared_bytes", optional(c.sharedBytes)},
                           {"occupancy", optional(c.occupancy)},
                           {"compile_seconds", c.compileSeconds}});
    }
    return {{"kernel", r.kernel},
            {"key_names", r.keyNames},
            {"key", r.key},
            {"source", r.source},
            {"configs", configs},
            {"best", r.best},
            {"tuning_seconds", r.tuningSeconds},
            {"compile_seconds", r.compileSeconds},
            {"compile_threads", r.compileThreads},
            {"measured_by", r.measuredBy},
            {"backend", r.backend},
            {"decorator", rangeToJson(r.decorator)},
            {"launch", rangeToJson(r.launch)},
            {"cache_file", r.cacheFile}};
}

AutotuneReport autotuneFromJson(const nlohmann::json &j)
{
    AutotuneReport r;
    r.kernel = jsonGet<std::string>(j, "kernel");
    r.keyNames = jsonGet<std::vector<std::string>>(j, "key_names");
    r.key = jsonGet<std::string>(j, "key");
    r.source = jsonGet<std::string>(j, "source", "tuned");
    r.best = jsonGet<int>(j, "best", -1);
    r.tuningSeconds = jsonGet<double>(j, "tuning_seconds");
    r.compileSeconds = jsonGet<double>(j, "compile_seconds");
    r.compileThreads = jsonGet<int>(j, "compile_threads", 1);
    r.measuredBy = jsonGet<std::string>(j, "measured_by");
    r.backend = jsonGet<std::string>(j, "backend");
    r.decorator = rangeFromJson(j, "decorator");
    r.launch = rangeFromJson(j, "launch");
    r.cacheFile = jsonGet<std::string>(j, "cache_file");
    if (auto it = j.find("configs"); it != j.end() && it->is_array()) {
        for (const nlohmann::json &cj : *it) {
            AutotuneConfig c;
            c.label = jsonGet<std::string>(cj, "label");
            if (auto kw = cj.find("kwargs"); kw != cj.end() && kw->is_array())
                for (const nlohmann::json &pair : *kw)
                    if (pair.is_array() && pair.size() == 2 && pair[0].is_string()
                        && pair[1].is_string())
                        c.kwargs.emplace_back(pair[0].get<std::string>(),
                                              pair[1].get<std::string>());
            c.status = autotuneStatusFromName(jsonGet<std::string>(cj, "status")).value_or(Status::Failed);
            c.reason = jsonGet<std::string>(cj, "reason");
            c.medianMs = readOptional<double>(cj, "median_ms");
            c.p20Ms = readOptional<double>(cj, "p20_ms");
            c.p80Ms = readOptional<double>(cj, "p80_ms");
            c.registers = readOptional<int>(cj, "registers");
            c.spillBytes = readOptional<int>(cj, "spill_bytes");
            c.sharedBytes = readOptional<int>(cj, "shared_bytes");
            c.occupancy = readOptional<double>(cj, "occupancy");
            c.compileSeconds = jsonGet<double>(cj, "compile_seconds");
            r.configs.push_back(std::move(c));
        }
    }
    if (r.best >= int(r.configs.size()))
        r.best = -1;
    return r;
}

} // namespace tsm::run
