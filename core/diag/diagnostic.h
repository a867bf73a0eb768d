#pragma once
// One Diagnostic type for every stage (parse, sema, nvrtc, driver, interp, runtime), and the
// sink that phases report to. Phases never print and never throw user errors.

#include "core/source/source_file.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tsm {

enum class Severity { Note, Warning, Error };

/// Every diagnostic kind, generated from diagnostic_kinds.def.
enum class DiagKind : std::uint16_t {
#define DIAG(Name, Sev, Format) Name,
#include "core/diag/diagnostic_kinds.def"
#undef DIAG
};

/// Where a diagnostic came from.
enum class DiagOrigin { Input, Parse, Check, Sema, Nvrtc, Driver, Interp, Runtime };

std::string_view diagKindName(DiagKind kind);
Severity diagKindSeverity(DiagKind kind);
std::string_view diagKindFormat(DiagKind kind);
std::size_t diagKindCount();
std::string_view severityName(Severity s);
std::string_view originName(DiagOrigin o);

struct DiagNote
{
    SourceSpan span;
    bool hasSpan = false;
    std::string message;
};

struct Diagnostic
{
    DiagKind kind{};
    Severity severity = Severity::Error;
    DiagOrigin origin = DiagOrigin::Parse;
    SourceSpan span;
    std::string message;
    std::vector<DiagNote> notes;
};

/// Fills `{}` placeholders of a kind's format with `args`, in order.
std::string formatDiagMessage(std::string_view format, const std::vector<std::string> &args);

/// Collects the diagnostics a phase reports, in order of discovery.
class DiagnosticSink
{
public:
    void add(Diagnostic d) { m_diags.push_back(std::move(d)); }

    /// Reports `kind` at `span`, formatting the registry message with `args`.
    Diagnostic &report(DiagKind kind, SourceSpan span, std::vector<std::string> args = {});
    const std::vector<Diagnostic> &diagnostics() const { return m_diags; }
    std::vector<Diagnostic> takeDiagnostics() { return std::exchange(m_diags, {}); }
    std::size_t errorCount() const;
    void setOrigin(DiagOrigin o) { m_origin = o; }

private:
    std::vector<Diagnostic> m_diags;
    DiagOrigin m_origin = DiagOrigin::Parse;
};

/// Adds a note with a span to a diagnostic.
void addNote(Diagnostic &d, SourceSpan span, std::string message);

} // namespace tsm
