#pragma once
// The History pane's chart (QtCharts stays behind this header, as with BenchmarkChart): one
// benchmark point's value across a file's runs - x the run sequence labelled with the source
// revisions, y the unit, a line per way of measuring (the interpreter's CPU time and a GPU's
// CUDA events are not one quantity). Hovering over a point shows its run, revision, time and
// exact value. The query functions read the chart itself, for tests.

#include "app/studio/run_history.h"

#include <QPointF>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QXYSeries;
QT_END_NAMESPACE

namespace tsm {

class HistoryChart : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryChart(QWidget *parent = nullptr);

    /// Draws `points` (RunHistory::series) under `title`; no points: says what to do.
    void setSeries(const QString &title, const QList<SeriesPoint> &points);
    void clear(const QString &message);

    int pointCount() const;
    QStringList lineNames() const;
    QList<QPointF> linePoints(const QString &name) const;
    /// The x axis labels, left to right.
    QStringList xLabels() const;
    QString yAxisTitle() const;
    /// What hovering near `point` (chart coordinates) shows: the nearest point's details.
    QString toolTipAt(QPointF point) const;
    bool savePng(const QString &path) const;
    QChartView *view() const { return m_view; }
    /// Redraws in Theme::current()'s chart theme.
    void applyTheme();
    /// The QtCharts theme drawn with (tests).
    int chartTheme() const;

private:
    void resetChart();

    QChart *m_chart;
    QChartView *m_view;
    QList<SeriesPoint> m_points;
    QList<QXYSeries *> m_lines;
};

} // namespace tsm
