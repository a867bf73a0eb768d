// reportCompileLog: NVRTC's messages as Tilesmith diagnostics. The generated CUDA C carries
// `#line N "file.py"`, so NVRTC already names the Python line ("file.py(12): error: ...");
// those errors land on that line, anything else is reported whole without a location.

#include "core/cuda/nvrtc_compiler.h"

#include <filesystem>
#include <limits>

namespace tsm::cuda {

namespace {

struct LogEntry
{
    std::string path;
    std::uint32_t line = 0;
    std::string severity; ///< "error", "warning", "catastrophic error", "remark"
    std::string text;     ///< what follows "error: "
    std::string header;   ///< the whole first line
    std::string snippet;  ///< the generated CUDA C line NVRTC quotes, trimmed
};

std::string_view trim(std::string_view s)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && space(s.back()))
        s.remove_suffix(1);
    return s;
}

// "path(12): error: text" / "path(3): warning #177-D: text"; false for any other line.
bool parseHeader(std::string_view line, LogEntry &e)
{
    const std::size_t close = line.find("): ");
    if (close == std::string_view::npos)
        return false;
    const std::size_t open = line.rfind('(', close);
    if (open == std::string_view::npos || open == 0 || open + 1 == close)
        return false;
    std::uint64_t n = 0;
    for (std::size_t i = open + 1; i < close; ++i) {
        if (line[i] < '0' || line[i] > '9' || n > std::numeric_limits<std::uint32_t>::max())
            return false;
        n = n * 10 + std::uint64_t(line[i] - '0');
    }
    std::string_view rest = line.substr(close + 3);
    const std::size_t colon = rest.find(": ");
    if (colon == std::string_view::npos)
        return false;
    std::string_view sev = rest.substr(0, colon);
    if (const std::size_t hash = sev.find(" #"); hash != std::string_view::npos)
        sev = sev.substr(0, hash); // "warning #177-D"
    if (sev != "error" && sev != "catastrophic error" && sev != "warning" && sev != "remark")
        return false;
    e.path = std::string(line.substr(0, open));
    e.line = std::uint32_t(n);
    e.severity = std::string(sev);
    e.text = std::string(trim(rest.substr(colon + 2)));
    e.header = std::string(trim(line));
    return true;
}

std::vector<LogEntry> parseLog(std::string_view log)
{
    std::vector<LogEntry> entries;
    bool inEntry = false;
    std::size_t pos = 0;
    while (pos < log.size()) {
        std::size_t nl = log.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = log.size();
        const std::string_view line = log.substr(pos, nl - pos);
        pos = nl + 1;
        LogEntry e;
        if (parseHeader(line, e)) {
            entries.push_back(std::move(e));
            inEntry = true;
        } else if (trim(line).empty()) {
            inEntry = false;
        } else if (inEntry && entries.back().snippet.empty()) {
            // The first line after the header quotes the code; the next one is the caret.
            entries.back().snippet = std::string(trim(line));
        }
    }
    return entries;
}

bool sameFile(const std::string &logPath, const SourceFile &file)
{
    if (logPath == file.path())
        return true;
    return std::filesystem::path(logPath).filename()
           == std::filesystem::path(file.path()).filename();
}

// The span of a 1-based line without its indentation; false past the end of the file.
bool lineSpan(const SourceFile &file, std::uint32_t line, SourceSpan &span)
{
    if (line == 0 || line > file.lineCount())
        return false;
    const std::string_view text = file.lineText(line);
    std::uint32_t begin = 0;
    while (begin < text.size() && (text[begin] == ' ' || text[begin] == '\t'))
        ++begin;
    const std::uint32_t start = file.lineStart(line);
    span = file.span(start + begin, start + std::uint32_t(text.size()));
    return true;
}

Diagnostic compileFailed(std::string_view kernelName, SourceSpan span, std::string message)
{
    Diagnostic d;
    d.kind = DiagKind::CudaCompileFailed;
    d.severity = diagKindSeverity(d.kind);
    d.origin = DiagOrigin::Nvrtc;
    d.span = span;
    d.message
        = formatDiagMessage(diagKindFormat(d.kind), {std::string(kernelName), std::move(message)});
    return d;
}

// A file id no SourceManager holds: renderers print no location for it.
Diagnostic unlocated(std::string_view kernelName, std::string message)
{
    return compileFailed(
        kernelName, SourceSpan{std::numeric_limits<FileId>::max(), 0, 0}, std::move(message));
}

void addPlainNote(Diagnostic &d, std::string message)
{
    DiagNote n;
    n.message = std::move(message);
    d.notes.push_back(std::move(n));
}

} // namespace

void reportCompileLog(std::string_view kernelName,
                      std::string_view log,
                      const SourceFile *file,
                      DiagnosticSink &diags)
{
    const std::vector<LogEntry> entries = parseLog(log);
    std::vector<Diagnostic> out;
    std::vector<const LogEntry *> warnings;
    for (const LogEntry &e : entries) {
        if (e.severity == "warning" || e.severity == "remark") {
            warnings.push_back(&e);
            continue;
        }
        SourceSpan span;
        Diagnostic d = file && sameFile(e.path, *file) && lineSpan(*file, e.line, span)
                           ? compileFailed(kernelName, span, e.text)
                           : unlocated(kernelName, e.header);
        if (!e.snippet.empty())
            addPlainNote(d, "in the generated CUDA C: " + e.snippet);
        out.push_back(std::move(d));
    }
    if (out.empty()) {
        // A failure with no located error (a bad option, a missing NVRTC component): the whole
        // log is the message.
        std::string_view all = trim(log);
        out.push_back(unlocated(
            kernelName, all.empty() ? std::string("no message from NVRTC") : std::string(all)));
    }
    for (const LogEntry *w : warnings) {
        SourceSpan span;
        if (file && sameFile(w->path, *file) && lineSpan(*file, w->line, span))
            addNote(out.front(), span, w->severity + ": " + w->text);
        else
            addPlainNote(out.front(), w->header);
    }
    for (Diagnostic &d : out)
        diags.add(std::move(d));
}

} // namespace tsm::cuda
