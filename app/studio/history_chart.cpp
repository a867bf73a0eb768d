#include "app/studio/history_chart.h"

#include "app/studio/chart_support.h"
#include "app/studio/theme.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QCursor>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tsm {
namespace {

// matplotlib's first colours, as BenchmarkChart.
const QColor kColors[] = {QColor(0x1f77b4), QColor(0xff7f0e), QColor(0x2ca02c), QColor(0xd62728)};

// Past this many runs only every k-th run gets an x label (two lines: run, revision), so they
// stay readable.
constexpr int kMaxLabels = 10;

QString number(double v)
{
    return QString::number(v, 'g', 8);
}

} // namespace

HistoryChart::HistoryChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(makeChartView(m_chart, this))
{
    clear(tr("No benchmark runs of this file yet: Bench (Ctrl+Shift+F5) records its perf_report "
             "points here"));
}

void HistoryChart::applyTheme()
{
    if (m_chart->theme() == Theme::current().chart)
        return;
    const QString title = m_chart->title();
    const QList<SeriesPoint> points = m_points;
    m_chart->setTheme(Theme::current().chart);
    if (points.isEmpty())
        clear(title);
    else
        setSeries(title, points); // the lines' own colours again
}

int HistoryChart::chartTheme() const
{
    return int(m_chart->theme());
}

void HistoryChart::resetChart()
{
    QToolTip::hideText();
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_lines.clear();
    m_points.clear();
}

void HistoryChart::clear(const QString &message)
{
    resetChart();
    m_chart->setTitle(message);
}

void HistoryChart::setSeries(const QString &title, const QList<SeriesPoint> &points)
{
    resetChart();
    m_points = points;
    m_chart->setTitle(title);
    if (points.isEmpty())
        return;

    QStringList measuredBy; // a line each
    for (const SeriesPoint &p : points)
        if (!measuredBy.contains(p.measuredBy))
            measuredBy << p.measuredBy;
    double y0 = 0, y1 = 0;
    for (int i = 0; i < measuredBy.size(); ++i) {
        auto *line = new QLineSeries;
        line->setName(measuredBy[i].isEmpty() ? tr("value") : measuredBy[i]);
        const QColor color = kColors[i % std::size(kColors)];
        line->setPen(QPen(color, 2));
        line->setColor(color);
        line->setPointsVisible(true);
        line->setMarkerSize(7);
        for (const SeriesPoint &p : points)
            if (p.measuredBy == measuredBy[i] && std::isfinite(p.value)) {
                line->append(p.run, p.value);
                y0 = std::min(y0, p.value);
                y1 = std::max(y1, p.value);
            }
        m_chart->addSeries(line);
        connect(line, &QXYSeries::hovered, this, [this](const QPointF &p, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), toolTipAt(p), m_view);
            else
                QToolTip::hideText();
        });
        m_lines.append(line);
    }

    auto *x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const int every = int(std::ceil(double(points.size()) / kMaxLabels));
    QString previous;
    for (const SeriesPoint &p : points) {
        const QString rev = p.revision.left(10);
        if ((p.run - 1) % every == 0 || p.run == points.size())
            x->append(rev == previous ? QStringLiteral("#%1").arg(p.run)
                                      : QStringLiteral("#%1<br>%2").arg(p.run).arg(rev),
                      p.run);
        previous = rev;
    }
    x->setRange(0.5, points.size() + 0.5);
    x->setTitleText(tr("run (source revision)"));
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(points.last().unit);
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    for (QXYSeries *line : std::as_const(m_lines)) {
        line->attachAxis(x);
        line->attachAxis(y);
    }
    x->setRange(0.5, points.size() + 0.5);
    y->setRange(y0, y1 > 0 ? y1 * 1.08 : 1.0);
    y->applyNiceNumbers();
}

int HistoryChart::pointCount() const
{
    int n = 0;
    for (const QXYSeries *line : m_lines)
        n += line->count();
    return n;
}

QStringList HistoryChart::lineNames() const
{
    return seriesNames(m_lines);
}

QList<QPointF> HistoryChart::linePoints(const QString &name) const
{
    return seriesPoints(m_lines, name);
}

QStringList HistoryChart::xLabels() const
{
    const QList<QAbstractAxis *> axes = m_chart->axes(Qt::Horizontal);
    auto *x = axes.isEmpty() ? nullptr : qobject_cast<QCategoryAxis *>(axes.first());
    return x ? x->categoriesLabels() : QStringList();
}

QString HistoryChart::yAxisTitle() const
{
    const QList<QAbstractAxis *> axes = m_chart->axes(Qt::Vertical);
    return axes.isEmpty() ? QString() : axes.first()->titleText();
}

QString HistoryChart::toolTipAt(QPointF point) const
{
    const SeriesPoint *best = nullptr;
    double bestDy = 0;
    for (const SeriesPoint &p :
         m_points) { // the run at that x; of two lines there, the nearer value
        if (std::abs(p.run - point.x()) > 0.5)
            continue;
        const double dy = std::isfinite(p.value) ? std::abs(p.value - point.y()) : qInf();
        if (!best || dy < bestDy)
            best = &p, bestDy = dy;
    }
    if (!best)
        return {};
    QString text
        = tr("run #%1, revision %2\n%3\n%4 %5")
              .arg(best->run)
              .arg(best->revision.left(10),
                   best->started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd hh:mm:ss")),
                   std::isfinite(best->value) ? number(best->value)
                                              : tr("no value (the call raised)"),
                   best->unit);
    if (std::isfinite(best->min) && std::isfinite(best->max))
        text += tr(" (min %1, max %2)").arg(number(best->min), number(best->max));
    if (!best->measuredBy.isEmpty())
        text += tr("\nmeasured by %1").arg(best->measuredBy);
    return text;
}

bool HistoryChart::savePng(const QString &path) const
{
    return saveChartPng(m_view, path);
}

} // namespace tsm
