#include "core/run/event_json.h"

#include "core/diag/diagnostic_renderer.h"
#include "core/run/autotune_json.h"
#include "core/run/json_support.h"
#include "core/run/profile_json.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace tsm::run {
nlohmann::json validationToJson(const ValidationReport &r)
{
    nlohmann::json mismatches = nlohmann::json::array();
    for (const auto &m : r.firstMismatches)
        mismatches.push_back({{"index", m.index},
                              {"actual", jsonNumber(m.actual)},
                              {"expected", jsonNumber(m.expected)}});
    nlohmann::json j = {{"passed", r.passed},
                        {"function", r.function},
                        {"shape", r.shape},
                        {"actual_dtype", r.actualDtype},
                        {"expected_dtype", r.expectedDtype},
                        {"rtol", r.rtol},
                        {"atol", r.atol},
                        {"equal_nan", r.equalNan},
                        {"mismatched", r.mismatched},
                        {"total", r.total},
                        {"max_abs_error", jsonNumber(r.maxAbsError)},
                        {"max_abs_index", r.maxAbsIndex},
                        {"max_rel_error", jsonNumber(r.maxRelError)},
                        {"max_rel_index", r.maxRelIndex},
                        {"first_mismatches", mismatches},
                        {"message", r.message}};
    if (r.heatRows > 0) {
        nlohmann::json heat = nlohmann::json::array();
        for (float v : r.heat)
            heat.push_back(jsonNumber(v));
        j["heat"] = {{"rows", r.heatRows}, {"cols", r.heatCols}, {"values", heat}};
    }
    return j;
}

nlohmann::json eventToJson(const RunEvent &e, const SourceManager &sources)
{
    using K = RunEvent::Kind;
    switch (e.kind) {
    case K::Diagnostic: {
        nlohmann::json j = diagnosticToJson(*e.diagnostic, sources);
        j["event"] = "diagnostic";
        return j;
    }
    case K::Stdout:
        return {{"event", "stdout"}, {"text", e.text}};
    case K::TestStarted:
        return {{"event", "test_started"}, {"name", e.name}};
    case K::TestFinished:
        return {{"event", "test_finished"},
                {"name", e.name},
                {"passed", e.passed},
                {"skipped", e.skipped},
                {"seconds", e.seconds}};
    case K::Validation: {
        nlohmann::json j = validationToJson(*e.validation);
        j["event"] = "validation";
        if (e.validation->span)
            j.update(spanJson(*e.validation->span, sources));
        return j;
    }
    case K::BenchmarkPoint: {
        const BenchmarkPoint &p = *e.point;
        return {{"event", "benchmark_point"},
                {"benchmark", p.benchmark},
                {"x_name", p.xName},
                {"x", p.x},
                {"line", p.line},
                {"value", jsonNumber(p.value)},
                {"min", p.min ? jsonNumber(*p.min) : nlohmann::json(nullptr)},
                {"max", p.max ? jsonNumber(*p.max) : nlohmann::json(nullptr)},
                {"unit", p.unit},
                {"measured_by", p.measuredBy},
                {"xlabel", p.xLabel},
                {"x_log", p.xLog},
                {"y_log", p.yLog}};
    }
    case K::BenchmarkTable:
        return {{"event", "benchmark_table"}, {"name", e.name}, {"text", e.text}};
    case K::KernelCompiled:
        return {{"event", "kernel_compiled"},
                {"name", e.name},
                {"signature", e.text},
                {"seconds", e.seconds}};
    case K::Progress: {
        nlohmann::json j = {{"event", "progress"}, {"what", e.progress->what}};
        if (!e.name.empty())
            j["name"] = e.name;
        if (e.progress->total > 0) {
            j["done"] = e.progress->done;
            j["total"] = e.progress->total;
        }
        return j;
    }
    case K::Profile: {
        nlohmann::json j = profileToJson(*e.profile);
        j["event"] = "profile";
        return j;
    }
    case K::Autotune: {
        nlohmann::json j = autotuneToJson(*e.autotune);
        j["event"] = "autotune";
        return j;
    }
    case K::Finished:
        return {{"event", "finished"},
                {"passed", e.passed},
                {"exit_code", e.exitCode},
                {"seconds", e.seconds}};
    }
    return {{"event", "unknown"}};
}

} // namespace tsm::run
