#pragma once
// The Benchmarks pane's data: the benchmark_point events of the last run (docs/run-events.md),
// grouped per perf_report benchmark (plot_name) and line, in arrival order. One row per
// benchmark, so a combo box or list can choose the chart; the points, their tooltips and the
// CSV export come from here. No widgets.

#include <QAbstractListModel>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <QtNumeric>

namespace tsm {

/// One measured cell: a line's value at one x.
struct BenchmarkSample
{
    QString x;            ///< as the runner printed it ("4096", "fp16", "4096, 128")
    double value = 0;     ///< NaN when the benchmark call raised
    double min = qQNaN(); ///< NaN when the function returned one number
    double max = qQNaN();
    QString
        measuredBy; ///< "CPU time (interpreter)", "CUDA events, L2 cleared before each call", ...
};

struct BenchmarkLine
{
    QString name;
    QList<BenchmarkSample> samples;
};

/// One perf_report benchmark (a chart).
struct Benchmark
{
    QString name;   ///< plot_name
    QString xName;  ///< x_names joined
    QString xLabel; ///< Benchmark.xlabel, "" when not given
    QString unit;   ///< ylabel: GB/s, TFLOP/s, ms, ...
    bool xLog = false;
    bool yLog = false;
    QStringList xs; ///< every x value in order of first appearance
    QList<BenchmarkLine> lines;

    /// The x axis title: xlabel, else x_name.
    QString xTitle() const { return xLabel.isEmpty() ? xName : xLabel; }
    /// Every x value is a number (else the chart places them as categories).
    bool numericX() const;
    /// `x` as a number, or NaN when it is not one.
    static double xNumber(const QString &x);
    /// The values are bandwidths (GB/s), comparable to a device's copy bandwidth.
    bool isBandwidth() const;
    /// Some point was timed on a GPU (CUDA events), not on the CPU interpreter.
    bool measuredOnGpu() const;
};

class BenchmarkModel : public QAbstractListModel
{
    Q_OBJECT

public:
    explicit BenchmarkModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    void clear();
    /// Adds a benchmark_point event (others are ignored); true when it added a point.
    bool addEvent(const QJsonObject &event);
    const Benchmark &benchmark(int row) const { return m_benchmarks[row]; }
    int indexOf(const QString &name) const;
    int pointCount() const { return m_points; }

    /// What hovering over a point shows: benchmark, line, x, the exact value with its unit,
    /// min / max, and how it was measured.
    QString toolTip(int row, int line, int sample) const;
    /// benchmark,x,line,value,min,max,unit,measured_by - one line per point of benchmark `row`
    /// (every benchmark when `row` is -1); RFC 4180 quoting, empty cells for missing numbers.
    QString csv(int row = -1) const;

signals:
    /// A point was added to line `line` of benchmark `row` (the benchmark row may be new).
    void pointAdded(int row, int line);

private:
    QList<Benchmark> m_benchmarks;
    int m_points = 0;
};

} // namespace tsm
