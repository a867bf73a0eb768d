#pragma once
// Which Python line each line of generated code comes from, read from the code itself: the
// `#line N "file.py"` directives of the CUDA C (the statement comments before them belong to the
// same line), the `.loc` / `.file` directives of the PTX (through inlined device functions to
// the Python call), the `//## File "file.py", line N` comments of nvdisasm -gi SASS, and the
// `# LN` suffixes of the printed IR. The Generated Code views use it to follow the editor's
// cursor and to go back from a generated line to its Python line.

#include <QList>
#include <QString>
#include <QStringList>

namespace tsm {

enum class CodeKind { Ir, Cuda, Ptx, Sass };

/// One entry per line of `text` (split on '\n'): the 1-based Python line, or 0 where a line
/// belongs to no Python line (prologue, declarations, other files). `pythonFile` is the path
/// the code was generated from (matched by file name); `pythonLines` its text, split in lines
/// (the CUDA C's statement comments are matched against it).
QList<int> pythonLinesOf(CodeKind kind,
                         const QString &text,
                         const QString &pythonFile,
                         const QStringList &pythonLines = {});

/// The 0-based indices of the generated lines that come from Python line `line`.
QList<int> generatedLinesFor(const QList<int> &map, int line);

} // namespace tsm
