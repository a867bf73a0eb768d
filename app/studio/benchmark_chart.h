#pragma once
// The chart facade: draws one Benchmark as a line chart (QtCharts stays behind this header, so
// it can move to Qt Graphs later) - a line per provider with markers, a shaded min..max band,
// log x axis when the benchmark asked for it, the unit on the y axis, and for GB/s charts timed
// on a GPU a dashed line at the device's copy bandwidth. Hovering over a point shows its exact
// value. Points arriving in a burst are drawn together. The query functions read the chart
// itself, for tests.

#include <QPointF>
#include <QTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QXYSeries;
QT_END_NAMESPACE

namespace tsm {

class BenchmarkModel;

class BenchmarkChart : public QWidget
{
    Q_OBJECT

public:
    explicit BenchmarkChart(BenchmarkModel *model, QWidget *parent = nullptr);

    /// Draws benchmark `row` of the model (-1: nothing) as it is now.
    void showBenchmark(int row);
    int shownBenchmark() const { return m_row; }
    /// The device's measured copy bandwidth (0: unknown), drawn on GB/s charts timed on a GPU.
    void setCopyBandwidth(double gbs, const QString &deviceName);

    bool savePng(const QString &path) const;
    bool saveSvg(const QString &path) const;

    QStringList lineNames() const;
    /// The plotted points of line `name` (x: the number, or the category position).
    QList<QPointF> linePoints(const QString &name) const;
    bool xAxisIsLog() const;
    QString xAxisTitle() const;
    QString yAxisTitle() const;
    /// The copy-bandwidth line's y, or NaN when none is drawn.
    double copyBandwidthLine() const;
    /// What hovering at `point` of line `name` shows (the nearest point's tooltip).
    QString toolTipAt(const QString &name, QPointF point) const;
    QChartView *view() const { return m_view; }
    /// Redraws in Theme::current()'s chart theme.
    void applyTheme();
    /// The QtCharts theme drawn with (tests).
    int chartTheme() const;

    /// Milliseconds a new point may wait to be drawn: points arriving faster are drawn together
    /// (redrawing the chart per point made typing stall as the sweep filled it; the first
    /// point of a benchmark is drawn at once).
    static constexpr int kRedrawDelayMs = 100;

private:
    void rebuild();
    /// Draws the points still waiting for the redraw timer (the queries read a current chart).
    void settle() const;
    void addLines(bool numericX);
    void addAxes(bool numericX);
    void addCopyBandwidthLine(double x0, double x1);
    int nearestSample(int line, QPointF point) const;

    BenchmarkModel *m_model;
    QChart *m_chart;
    QChartView *m_view;
    int m_row = -1;
    double m_copyGbs = 0;
    QString m_device;
    QList<QXYSeries *> m_lines; ///< one per model line, in the model's order
    QXYSeries *m_copyLine = nullptr;
    QTimer m_redraw;
};

} // namespace tsm
