#pragma once
// Turns diagnostics into what users read: `file:line:col: error: message [Kind]`, the source
// line and a caret underline; or a JSON object with the same facts (for --json and the studio).

#include "core/diag/diagnostic.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tsm {

/// Text form with source line and caret; notes follow on their own lines.
std::string renderDiagnostic(const Diagnostic &d, const SourceManager &sources);

/// JSON form: {kind, severity, origin, message, file, line, column, end_line, end_column,
/// begin, end, notes:[...]} — columns 1-based in code points, begin/end byte offsets.
nlohmann::json diagnosticToJson(const Diagnostic &d, const SourceManager &sources);

/// {file, line, column, end_line, end_column, begin, end} of a span; empty for an unknown file.
nlohmann::json spanJson(const SourceSpan &span, const SourceManager &sources);

} // namespace tsm
