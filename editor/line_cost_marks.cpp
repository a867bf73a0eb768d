#include "editor/line_cost_marks.h"

#include <Qsci/qsciscintilla.h>

#include <algorithm>
#include <cmath>

namespace tsm {
namespace {

QColor blend(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

LineCostMarks::LineCostMarks(QsciScintilla *editor)
    : m_editor(editor)
    , m_paper(0xf6f8fa)
    , m_heat(0xe8590c)
{
    int mask = 0;
    for (int level = 0; level < kLevels; ++level) {
        m_editor->markerDefine(QsciScintilla::FullRectangle, FirstHeatMarker + level);
        mask |= 1 << (FirstHeatMarker + level);
    }
    m_editor->setMarginType(HeatMargin, QsciScintilla::SymbolMargin);
    m_editor->setMarginWidth(HeatMargin, 0); // shown while there are marks
    m_editor->setMarginMarkerMask(HeatMargin, mask);
    setColors(m_paper, m_heat);
}

int LineCostMarks::levelFor(double relative)
{
    return std::clamp(int(std::ceil(relative * kLevels)) - 1, 0, kLevels - 1);
}

QColor LineCostMarks::levelColor(int level) const
{
    // The palest shade still stands out from the paper.
    return blend(m_paper, m_heat, 0.18 + 0.82 * double(level) / (kLevels - 1));
}

void LineCostMarks::setColors(const QColor &paper, const QColor &heat)
{
    m_paper = paper;
    m_heat = heat;
    for (int level = 0; level < kLevels; ++level)
        m_editor->setMarkerBackgroundColor(levelColor(level), FirstHeatMarker + level);
}

void LineCostMarks::setMarks(const QVector<LineCostMark> &marks)
{
    clear();
    const int lines = m_editor->lines();
    for (const LineCostMark &m : marks) {
        if (m.line < 0 || m.line >= lines)
            continue;
        m_marks.push_back(m);
        m_handles.push_back(m_editor->markerAdd(m.line, FirstHeatMarker + levelFor(m.relative)));
    }
    m_editor->setMarginWidth(HeatMargin, m_marks.isEmpty() ? 0 : HeatMarginWidth);
}

void LineCostMarks::clear()
{
    for (int level = 0; level < kLevels; ++level)
        m_editor->markerDeleteAll(FirstHeatMarker + level);
    m_marks.clear();
    m_handles.clear();
    m_editor->setMarginWidth(HeatMargin, 0);
}

int LineCostMarks::indexOnLine(int line) const
{
    for (int i = 0; i < m_marks.size(); ++i)
        if (m_editor->markerLine(m_handles[i]) == line)
            return i;
    return -1;
}

int LineCostMarks::levelOnLine(int line) const
{
    const int i = indexOnLine(line);
    return i < 0 ? -1 : levelFor(m_marks[i].relative);
}

QString LineCostMarks::textOnLine(int line) const
{
    const int i = indexOnLine(line);
    return i < 0 ? QString() : m_marks[i].text;
}

QVector<LineCostMark> LineCostMarks::marks() const
{
    QVector<LineCostMark> now;
    for (int i = 0; i < m_marks.size(); ++i) {
        LineCostMark m = m_marks[i];
        m.line = m_editor->markerLine(m_handles[i]);
        now.push_back(m);
    }
    return now;
}

void LineCostMarks::lineEdited(int line)
{
    // A deletion merges the removed lines' markers into `line`: every mark there goes.
    for (int i = int(m_marks.size()) - 1; i >= 0; --i) {
        if (m_editor->markerLine(m_handles[i]) != line)
            continue;
        m_editor->markerDeleteHandle(m_handles[i]);
        m_marks.removeAt(i);
        m_handles.removeAt(i);
    }
    if (m_marks.isEmpty())
        m_editor->setMarginWidth(HeatMargin, 0);
}

} // namespace tsm
