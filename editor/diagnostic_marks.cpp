#include "editor/diagnostic_marks.h"

#include <QPainter>
#include <QPainterPath>
#include <Qsci/qsciscintilla.h>

#include <algorithm>

namespace tsm {
namespace {

constexpr Severity kSeverities[] = {Severity::Error, Severity::Warning, Severity::Note};

void paintCross(QPainter &p, const QRectF &r)
{
    const qreal m = r.width() * 0.32;
    p.drawLine(r.topLeft() + QPointF(m, m), r.bottomRight() - QPointF(m, m));
    p.drawLine(r.topRight() + QPointF(-m, m), r.bottomLeft() + QPointF(m, -m));
}

} // namespace

DiagnosticMarks::DiagnosticMarks(QsciScintilla *editor)
    : m_editor(editor)
{
    for (Severity s : kSeverities) {
        const int indicator = indicatorFor(s);
        m_editor->indicatorDefine(s == Severity::Note ? QsciScintilla::DotsIndicator
                                                      : QsciScintilla::SquigglePixmapIndicator,
                                  indicator);
        m_editor->setIndicatorForegroundColor(colorFor(s), indicator);
        m_editor->markerDefine(severityImage(s, 14), markerFor(s));
    }
    m_editor->setMarginType(SymbolMargin, QsciScintilla::SymbolMargin);
    m_editor->setMarginWidth(SymbolMargin, 18);
    m_editor->setMarginMarkerMask(SymbolMargin,
                                  (1 << ErrorMarker) | (1 << WarningMarker) | (1 << NoteMarker));
}

int DiagnosticMarks::indicatorFor(Severity s)
{
    switch (s) {
    case Severity::Error:
        return ErrorIndicator;
    case Severity::Warning:
        return WarningIndicator;
    case Severity::Note:
        return NoteIndicator;
    }
    return ErrorIndicator;
}

int DiagnosticMarks::markerFor(Severity s)
{
    switch (s) {
    case Severity::Error:
        return ErrorMarker;
    case Severity::Warning:
        return WarningMarker;
    case Severity::Note:
        return NoteMarker;
    }
    return ErrorMarker;
}

QColor DiagnosticMarks::colorFor(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QColor(0xd1242f);
    case Severity::Warning:
        return QColor(0xd4a72c);
    case Severity::Note:
        return QColor(0x0969da);
    }
    return QColor(0xd1242f);
}

QImage DiagnosticMarks::severityImage(Severity s, int size)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(image.rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    p.setPen(Qt::NoPen);
    p.setBrush(colorFor(s));
    QPen mark(Qt::white, std::max(1.5, size / 7.0), Qt::SolidLine, Qt::RoundCap);
    if (s == Severity::Warning) {
        QPainterPath triangle;
        triangle.moveTo(r.center().x(), r.top());
        triangle.lineTo(r.bottomRight());
        triangle.lineTo(r.bottomLeft());
        triangle.closeSubpath();
        p.drawPath(triangle);
        mark.setColor(QColor(0x3d2e00));
        p.setPen(mark);
        const qreal x = r.center().x();
        p.drawLine(QPointF(x, r.top() + size * 0.36), QPointF(x, r.top() + size * 0.64));
        p.drawPoint(QPointF(x, r.top() + size * 0.82));
        return image;
    }
    p.drawEllipse(r);
    p.setPen(mark);
    if (s == Severity::Error) {
        paintCross(p, r);
    } else {
        const qreal x = r.center().x();
        p.drawPoint(QPointF(x, r.top() + size * 0.28));
        p.drawLine(QPointF(x, r.top() + size * 0.46), QPointF(x, r.top() + size * 0.74));
    }
    return image;
}

QIcon DiagnosticMarks::severityIcon(Severity s)
{
    QIcon icon;
    for (int size : {16, 32})
        icon.addPixmap(QPixmap::fromImage(severityImage(s, size)));
    return icon;
}

void DiagnosticMarks::clear()
{
    const long length = m_editor->SendScintilla(QsciScintilla::SCI_GETLENGTH);
    for (Severity s : kSeverities) {
        m_editor->SendScintilla(QsciScintilla::SCI_SETINDICATORCURRENT, indicatorFor(s));
        m_editor->SendScintilla(QsciScintilla::SCI_INDICATORCLEARRANGE, 0UL, length);
        m_editor->markerDeleteAll(markerFor(s));
    }
    m_marks.clear();
    m_markerHandles.clear();
}

void DiagnosticMarks::setMarks(const QVector<DiagnosticMark> &marks)
{
    clear();
    const int length = int(m_editor->SendScintilla(QsciScintilla::SCI_GETLENGTH));
    for (const DiagnosticMark &mark : marks) {
        int begin = std::clamp(mark.begin, 0, length);
        int end = std::clamp(mark.end, begin, length);
        if (begin == end) { // show empty spans on the character after (or before) them
            const int c = int(m_editor->SendScintilla(QsciScintilla::SCI_GETCHARAT, begin));
            if (end < length && c != '\n' && c != '\r')
                end = int(m_editor->SendScintilla(QsciScintilla::SCI_POSITIONAFTER, end));
            else if (begin > 0)
                begin = int(m_editor->SendScintilla(QsciScintilla::SCI_POSITIONBEFORE, begin));
        }
        m_marks.push_back(mark);
        const int indicator = indicatorFor(mark.severity);
        m_editor->SendScintilla(QsciScintilla::SCI_SETINDICATORCURRENT, indicator);
        m_editor->SendScintilla(QsciScintilla::SCI_SETINDICATORVALUE, long(m_marks.size()));
        m_editor->SendScintilla(QsciScintilla::SCI_INDICATORFILLRANGE,
                                static_cast<unsigned long>(begin),
                                long(end - begin));
        const int line = int(m_editor->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, begin));
        m_markerHandles.push_back(m_editor->markerAdd(line, markerFor(mark.severity)));
    }
}

QStringList DiagnosticMarks::messagesAt(int position) const
{
    QStringList messages;
    if (position < 0)
        return messages;
    const long on = m_editor->SendScintilla(QsciScintilla::SCI_INDICATORALLONFOR, position);
    for (Severity s : kSeverities) {
        const int indicator = indicatorFor(s);
        if (!(on & (1L << indicator)))
            continue;
        const long value = m_editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                                                   static_cast<unsigned long>(indicator),
                                                   long(position));
        if (value >= 1 && value <= m_marks.size())
            messages << m_marks[value - 1].message;
    }
    return messages;
}

QStringList DiagnosticMarks::messagesOnLine(int line) const
{
    QStringList messages;
    for (int i = 0; i < m_marks.size(); ++i) {
        if (m_editor->SendScintilla(QsciScintilla::SCI_MARKERLINEFROMHANDLE, m_markerHandles[i])
            == line)
            messages << m_marks[i].message;
    }
    return messages;
}

} // namespace tsm
