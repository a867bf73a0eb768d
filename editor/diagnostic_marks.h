#pragma once
// Diagnostics drawn on a QsciScintilla: a squiggle indicator over each span and a marker in
// the symbol margin on its line. Indicator and marker numbers are named constants so that no
// other part of the editor reuses them by accident.

#include "core/diag/diagnostic.h"

#include <QColor>
#include <QIcon>
#include <QString>
#include <QStringList>
#include <QVector>

class QsciScintilla;

namespace tsm {

/// One diagnostic as the editor shows it: a byte span of the document and its message.
struct DiagnosticMark
{
    int begin = 0; ///< byte offset
    int end = 0;   ///< byte offset, exclusive; an empty span still marks one character
    Severity severity = Severity::Error;
    QString message;
};

class DiagnosticMarks
{
public:
    /// Scintilla indicator numbers (container range 8..31).
    static constexpr int ErrorIndicator = 20;
    static constexpr int WarningIndicator = 21;
    static constexpr int NoteIndicator = 22;
    /// Scintilla marker numbers (0..24; 25..31 are the fold markers). Higher numbers draw on
    /// top, so an error's marker hides a warning's on the same line.
    static constexpr int NoteMarker = 10;
    static constexpr int WarningMarker = 11;
    static constexpr int ErrorMarker = 12;
    /// The symbol margin that shows the markers.
    static constexpr int SymbolMargin = 1;

    /// Defines the indicators, markers and symbol margin on `editor`.
    explicit DiagnosticMarks(QsciScintilla *editor);

    /// Replaces every mark.
    void setMarks(const QVector<DiagnosticMark> &marks);
    void clear();
    const QVector<DiagnosticMark> &marks() const { return m_marks; }

    /// Messages of the marks whose squiggle covers byte `position` (edits since are followed).
    QStringList messagesAt(int position) const;
    /// Messages of the marks whose margin marker is on 0-based `line` now.
    QStringList messagesOnLine(int line) const;

    static int indicatorFor(Severity s);
    static int markerFor(Severity s);
    static QColor colorFor(Severity s);
    /// A small painted severity badge, shared by the margin and the Problems pane.
    static QImage severityImage(Severity s, int size);
    static QIcon severityIcon(Severity s);

private:
    QsciScintilla *m_editor;
    QVector<DiagnosticMark> m_marks;
    QVector<int> m_markerHandles; // parallel to m_marks
};

} // namespace tsm
