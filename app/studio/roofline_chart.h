#pragma once
// The Profile pane's roofline (QtCharts stays behind this header, as for BenchmarkChart):
// log-log axes of arithmetic intensity (FLOP/byte) and throughput (TFLOP/s), the device's
// measured roofs as lines labelled with their values (memory: y = copy GB/s * x / 1000;
// compute: y = FP32 and, when measured, FP16 tensor-core TFLOP/s, and TF32 or FP8 where a
// kernel is held to them: run::tensorRoofOf), and one point per profiled
// kernel whose FLOPs are known at (flops / DRAM bytes, flops / median time), and a hollow square
// where the program's launch_metadata gives its bytes and FLOPs. The FLOP counters do not count
// tensor-core instructions: a kernel whose tl.dot ran on tensor cores (KernelProfile::tensorCores)
// is placed by launch_metadata's FLOPs over its DRAM bytes, as profiler::placeOnRoofline places
// it, and without them is listed as not placed. Kernels without a FLOP count are never placed on
// a made-up intensity: the caption lists them with their fraction of the copy roof. Hovering over
// a point shows its exact numbers, the kernel's own compute roof (its dot's input type's tensor
// roof for tensor-core kernels, FP32 FMA otherwise) and, on the point whose numbers placed it, the
// roof that binds.

#include "core/run/profile_report.h"

#include <QPointF>
#include <QRectF>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLabel;
class QXYSeries;
QT_END_NAMESPACE

namespace tsm {

class RooflineChart : public QWidget
{
    Q_OBJECT

public:
    explicit RooflineChart(QWidget *parent = nullptr);

    /// Draws `report`'s roofs and kernels (an empty report: the empty chart's hint).
    void setReport(const run::ProfileReport &report);

    bool savePng(const QString &path) const;
    bool saveSvg(const QString &path) const;

    /// The roof lines' names ("copy 4.2 TB/s", "FP32 67 TFLOP/s", ...), memory roof first.
    QStringList roofNames() const;
    QList<QPointF> roofPoints(const QString &name) const;
    /// One series per kernel name ("name (launch_metadata)" for the analytic points); its
    /// points in the report's order of that kernel's rows.
    QStringList kernelNames() const;
    QList<QPointF> kernelPoints(const QString &name) const;
    /// The report rows drawn as points of kernel `name`, in the series' order.
    QList<int> kernelRows(const QString &name) const;
    /// The text under the chart: kernels placed by bandwidth only, and those not placed.
    QString caption() const;
    /// What hovering over `point` of kernel series `name` shows (the nearest point's numbers).
    QString toolTipAt(const QString &name, QPointF point) const;
    bool axesAreLog() const;
    QChartView *view() const { return m_view; }
    /// Redraws in Theme::current()'s chart theme.
    void applyTheme();
    /// The roof labels drawn now, as they read. A roof at a kernel's clock is labelled on the
    /// chart only when it is at least kWideLabelsWidth wide (narrower, the labels would
    /// overprint each other; its numbers stay in the caption and the tooltip).
    QStringList shownRoofLabels() const;
    static constexpr int kWideLabelsWidth = 700;
    /// Where the shown roof labels' text lies and where the kernels' points are, in the chart's
    /// own coordinates (as laid out now; empty before the chart has a plot area).
    QList<QRectF> shownRoofLabelRects() const;
    QList<QPointF> kernelPixelPoints() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuild();
    void addRoofs(double x0, double x1);
    QXYSeries *addLabel(QPointF at, const QString &text, const QColor &color);
    bool showWideLabels(); ///< whether any label's visibility changed
    void placeLabels();
    QRectF labelRect(const QXYSeries *label, QPointF at, const QString &text) const;
    QString pointToolTip(int row, bool analytic) const;

    run::ProfileReport m_report;
    QChart *m_chart;
    QChartView *m_view;
    QLabel *m_caption;
    QList<QXYSeries *> m_roofs;
    QList<QXYSeries *> m_labels;     ///< the roofs' labels
    QList<QXYSeries *> m_wideLabels; ///< of those, shown only on a wide chart
    /// A roof's label slides along its roof (from `from` to `to`, in data coordinates) to the
    /// place nearest `preferred` (0..1, on log axes) where it covers no kernel's point and no
    /// label placed before it, shortened where it finds no such place: placeLabels, whenever
    /// the plot area changes.
    struct LabelTrack
    {
        QXYSeries *label;
        QPointF from, to;
        double preferred;
        QStringList texts; ///< its full text, then a shorter one to try where that finds no room
    };
    QList<LabelTrack> m_tracks;
    QStringList m_clockRoofs; ///< the roofs at kernels' clocks, for the caption
    QList<QXYSeries *> m_kernels;
    QList<QList<int>> m_kernelRows; ///< parallel to m_kernels
    QList<bool> m_analytic;         ///< parallel to m_kernels: launch_metadata's numbers
};

} // namespace tsm
