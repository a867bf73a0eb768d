#include "core/diag/diagnostic_renderer.h"

#include <nlohmann/json.hpp>

namespace tsm {

namespace {

std::string location(const SourceFile &f, std::uint32_t offset)
{
    const LineCol lc = f.lineCol(offset);
    return f.path() + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.displayColumn);
}

// The source line of `span` and a `^~~~` underline under it (first line only for multi-line
// spans). Tabs in the prefix are kept so the caret lines up in a terminal.
void appendSnippet(std::string &out, const SourceFile &f, SourceSpan span)
{
    const LineCol lc = f.lineCol(span.begin);
    const std::string_view line = f.lineText(lc.line);
    out += line;
    out += '\n';
    const std::uint32_t lineBegin = f.lineStart(lc.line);
    const std::uint32_t col = span.begin - lineBegin;
    std::uint32_t endCol = std::min<std::uint32_t>(span.end - lineBegin,
                                                   static_cast<std::uint32_t>(line.size()));
    for (std::uint32_t i = 0; i < col && i < line.size(); ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        if ((c & 0xC0) == 0x80)
            continue;
        out += c == '\t' ? '\t' : ' ';
    }
    out += '^';
    for (std::uint32_t i = col + 1; i < endCol; ++i) {
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80)
            out += '~';
    }
    out += '\n';
}

} // namespace

nlohmann::json spanJson(const SourceSpan &span, const SourceManager &sources)
{
    nlohmann::json j;
    if (span.file >= sources.fileCount())
        return j;
    const SourceFile &f = sources.file(span.file);
    const LineCol b = f.lineCol(span.begin);
    const LineCol e = f.lineCol(span.end);
    j["file"] = f.path();
    j["line"] = b.line;
    j["column"] = b.displayColumn;
    j["end_line"] = e.line;
    j["end_column"] = e.displayColumn;
    j["begin"] = span.begin;
    j["end"] = span.end;
    return j;
}

std::string renderDiagnostic(const Diagnostic &d, const SourceManager &sources)
{
    std::string out;
    const bool haveFile = d.span.file < sources.fileCount();
    if (haveFile)
        out += location(sources.file(d.span.file), d.span.begin) + ": ";
    out += severityName(d.severity);
    out += ": ";
    out += d.message;
    out += " [";
    out += diagKindName(d.kind);
    out += "]\n";
    if (haveFile)
        appendSnippet(out, sources.file(d.span.file), d.span);
    for (const DiagNote &n : d.notes) {
        if (n.hasSpan && n.span.file < sources.fileCount()) {
            out += location(sources.file(n.span.file), n.span.begin) + ": note: " + n.message + "\n";
            // A note about the diagnostic's own span needs no second copy of the line.
            if (!(n.span == d.span))
                appendSnippet(out, sources.file(n.span.file), n.span);
        } else {
            out += "note: " + n.message + "\n";
        }
    }
    return out;
}

nlohmann::json diagnosticToJson(const Diagnostic &d, const SourceManager &sources)
{
    nlohmann::json j = spanJson(d.span, sources);
    j["kind"] = std::string(diagKindName(d.kind));
    j["severity"] = std::string(severityName(d.severity));
    j["origin"] = std::string(originName(d.origin));
    j["message"] = d.message;
    nlohmann::json notes = nlohmann::json::array();
    for (const DiagNote &n : d.notes) {
        nlohmann::json nj = n.hasSpan ? spanJson(n.span, sources) : nlohmann::json::object();
        nj["message"] = n.message;
        notes.push_back(std::move(nj));
    }
    j["notes"] = std::move(notes);
    return j;
}

} // namespace tsm
