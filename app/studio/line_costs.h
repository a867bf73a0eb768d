#pragma once
// Which of a profile report's per-line costs belong in the editor's heat strip for the open
// file, and what hovering over each says: the kernels defined in that file (a report made on
// another machine matches by file name), each from one of its profiled rows - the row chosen
// in the Profile pane for that kernel, else its row with the most total time.

#include "core/run/profile_report.h"
#include "editor/line_cost_marks.h"

#include <QString>
#include <QVector>

namespace tsm {

/// True when a kernel's `kernelFile` (as the runner reported it) is `documentPath`.
bool isKernelFile(const QString &kernelFile, const QString &documentPath);

/// The strip's marks for `documentPath`; `chosenRow` (-1: none) picks its kernel's row.
QVector<LineCostMark>
lineCostMarks(const run::ProfileReport &report, const QString &documentPath, int chosenRow = -1);

/// The hover text of one line's cost in `kernel`.
QString lineCostText(const run::KernelProfile &kernel, const run::LineCost &cost);

} // namespace tsm
