#include "core/diag/diagnostic.h"

#include <array>
#include <utility>

namespace tsm {

namespace {
struct KindInfo
{
    std::string_view name;
    Severity severity;
    std::string_view format;
};

constexpr std::array kKinds = {
#define DIAG(Name, Sev, Format) KindInfo{#Name, Severity::Sev, Format},
#include "core/diag/diagnostic_kinds.def"
#undef DIAG
};
} // namespace

std::string_view diagKindName(DiagKind kind) { return kKinds[static_cast<std::size_t>(kind)].name; }
Severity diagKindSeverity(DiagKind kind) { return kKinds[static_cast<std::size_t>(kind)].severity; }
std::string_view diagKindFormat(DiagKind kind) { return kKinds[static_cast<std::size_t>(kind)].format; }
std::size_t diagKindCount() { return kKinds.size(); }

std::string_view severityName(Severity s)
{
    switch (s) {
    case Severity::Note:
        return "note";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    }
    return "error";
}

std::string_view originName(DiagOrigin o)
{
    switch (o) {
    case DiagOrigin::Input:
        return "input";
    case DiagOrigin::Parse:
        return "parse";
    case DiagOrigin::Check:
        return "check";
    case DiagOrigin::Sema:
        return "sema";
    case DiagOrigin::Nvrtc:
        return "nvrtc";
    case DiagOrigin::Driver:
        return "driver";
    case DiagOrigin::Interp:
        return "interp";
    case DiagOrigin::Runtime:
        return "runtime";
    }
    return "parse";
}

std::string formatDiagMessage(std::string_view format, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(format.size() + 16);
    std::size_t next = 0;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] == '{' && i + 1 < format.size() && format[i + 1] == '}') {
            if (next < args.size())
                out += args[next];
            ++next;
            ++i;
        } else {
            out += format[i];
        }
    }
    return out;
}

Diagnostic &DiagnosticSink::report(DiagKind kind, SourceSpan span, std::vector<std::string> args)
{
    Diagnostic d;
    d.kind = kind;
    d.severity = diagKindSeverity(kind);
    d.origin = m_origin;
    d.span = span;
    d.message = formatDiagMessage(diagKindFormat(kind), args);
    m_diags.push_back(std::move(d));
    return m_diags.back();
}

std::size_t DiagnosticSink::errorCount() const
{
    std::size_t n = 0;
    for (const auto &d : m_diags)
        n += d.severity == Severity::Error;
    return n;
}

void addNote(Diagnostic &d, SourceSpan span, std::string message)
{
    d.notes.push_back({span, true, std::move(message)});
}

} // namespace tsm
