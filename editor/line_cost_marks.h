#pragma once
// Per-line costs of a profiled kernel as a heat strip in its own QScintilla margin: a line's
// marker is one of kLevels shades between the margin's paper and the heat colour, by its share
// of the kernel's cost relative to the hottest line. Markers follow edits; an edit on a marked
// line drops that line's mark (its numbers describe code that is gone). The hover text of a
// line (exact numbers) is kept beside its marker.

#include <QColor>
#include <QString>
#include <QVector>

class QsciScintilla;

namespace tsm {

/// One line's cost as the editor shows it.
struct LineCostMark
{
    int line = 0;        ///< 0-based line of the document
    double share = 0;    ///< of the kernel's total, 0..1
    double relative = 0; ///< share / the kernel's hottest line's share, 0..1 (the shade)
    QString text;        ///< the hover text
};

class LineCostMarks
{
public:
    /// The margin of the strip (0: line numbers, 1: diagnostics, 2: folding).
    static constexpr int HeatMargin = 3;
    static constexpr int HeatMarginWidth = 8;
    /// Scintilla marker numbers of the shades (DiagnosticMarks uses 10..12).
    static constexpr int FirstHeatMarker = 13;
    static constexpr int kLevels = 8;

    explicit LineCostMarks(QsciScintilla *editor);

    /// Replaces every mark.
    void setMarks(const QVector<LineCostMark> &marks);
    void clear();
    bool isEmpty() const { return m_marks.isEmpty(); }
    /// The shades: from `paper` (the margin's) to `heat`.
    void setColors(const QColor &paper, const QColor &heat);
    QColor levelColor(int level) const;

    /// The shade (0..kLevels-1) of the mark on 0-based `line` now, -1 when none.
    int levelOnLine(int line) const;
    /// The hover text of the mark on `line` now, "" when none.
    QString textOnLine(int line) const;
    /// The marks where their lines are now (edits followed).
    QVector<LineCostMark> marks() const;
    /// The text changed on 0-based `line`: its mark is dropped.
    void lineEdited(int line);

    static int levelFor(double relative);

private:
    int indexOnLine(int line) const;

    QsciScintilla *m_editor;
    QVector<LineCostMark> m_marks;
    QVector<int> m_handles; // parallel to m_marks
    QColor m_paper, m_heat;
};

} // namespace tsm
