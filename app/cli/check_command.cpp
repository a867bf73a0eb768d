#include "app/cli/check_command.h"

#include "core/check/checker.h"
#include "core/diag/diagnostic_renderer.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace tsm::cli {

namespace {

void printUnusable(const std::string &path, const LoadResult &load, bool json, std::ostream &out,
                   std::ostream &err)
{
    const std::string message = formatDiagMessage(diagKindFormat(DiagKind::UnusableInput),
                                                  {path, load.message});
    if (json) {
        nlohmann::json j = {{"event", "diagnostic"},
                            {"kind", std::string(diagKindName(DiagKind::UnusableInput))},
                            {"severity", "error"},
                            {"origin", "input"},
                            {"file", path},
                            {"message", message},
                            {"notes", nlohmann::json::array()}};
        out << j.dump() << '\n';
    } else {
        err << "tilesmith: error: " << message << " [UnusableInput]\n";
    }
}

} // namespace

int runCheck(const CheckOptions &opts, std::ostream &out, std::ostream &err)
{
    bool unusable = false;
    std::size_t errors = 0, warnings = 0, checked = 0;
    for (const std::string &path : opts.files) {
        LoadResult load
            = loadSourceText(path, opts.files.size() == 1 ? opts.text : std::optional<std::string>());
        if (load.error != LoadError::None) {
            unusable = true;
            printUnusable(path, load, opts.json, out, err);
            continue;
        }
        SourceManager sources;
        const SourceFile &file = sources.add(path, std::move(load.text));
        const CheckResult result = checkSource(file);
        ++checked;
        for (const Diagnostic &d : result.diagnostics) {
            errors += d.severity == Severity::Error;
            warnings += d.severity == Severity::Warning;
            if (opts.json) {
                nlohmann::json j = diagnosticToJson(d, sources);
                j["event"] = "diagnostic";
                out << j.dump() << '\n';
            } else {
                out << renderDiagnostic(d, sources);
            }
        }
    }
    if (opts.json) {
        out << nlohmann::json{{"event", "summary"},
                              {"files", checked},
                              {"unusable", opts.files.size() - checked},
                              {"errors", errors},
                              {"warnings", warnings}}
                   .dump()
            << '\n';
    } else if (errors || warnings) {
        out << errors << (errors == 1 ? " error" : " errors") << ", " << warnings
            << (warnings == 1 ? " warning" : " warnings") << " in " << checked
            << (checked == 1 ? " file" : " files") << "\n";
    }
    if (unusable)
        return 2;
    return errors ? 1 : 0;
}

} // namespace tsm::cli
