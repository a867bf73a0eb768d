#include "app/studio/benchmark_chart.h"

#include "app/studio/chart_support.h"
#include "app/studio/theme.h"

#include "app/studio/benchmark_model.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QCursor>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tsm {
namespace {

bool isPowerOfTwo(double x)
{
    int e = 0;
    return x > 0 && std::frexp(x, &e) == 0.5;
}

// A log axis puts a tick at every power of its base: powers of two get a base 2^k with at most
// about eight ticks; anything else base 10.
double logBase(const QList<double> &xs, double lo, double hi)
{
    for (double x : xs)
        if (!isPowerOfTwo(x))
            return 10;
    const int octaves = int(std::ceil(std::log2(hi / lo)));
    return std::exp2(std::max(1, (octaves + 7) / 8));
}

} // namespace

BenchmarkChart::BenchmarkChart(BenchmarkModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_chart(new QChart)
    , m_view(makeChartView(m_chart, this))
{
    m_redraw.setSingleShot(true);
    m_redraw.setInterval(kRedrawDelayMs);
    connect(&m_redraw, &QTimer::timeout, this, &BenchmarkChart::rebuild);
    connect(model, &BenchmarkModel::pointAdded, this, [this](int row) {
        if (row != m_row)
            return;
        if (m_lines.isEmpty())
            rebuild(); // the benchmark's first point: at once
        else if (!m_redraw.isActive())
            m_redraw.start();
    });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { showBenchmark(-1); });
    rebuild();
}

void BenchmarkChart::showBenchmark(int row)
{
    m_row = row >= 0 && row < m_model->rowCount() ? row : -1;
    rebuild();
}

void BenchmarkChart::setCopyBandwidth(double gbs, const QString &deviceName)
{
    m_copyGbs = gbs;
    m_device = deviceName;
    rebuild();
}

void BenchmarkChart::settle() const
{
    if (m_redraw.isActive())
        const_cast<BenchmarkChart *>(this)->rebuild();
}

void BenchmarkChart::rebuild()
{
    m_redraw.stop();
    QToolTip::hideText();
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_lines.clear();
    m_copyLine = nullptr;
    if (m_row < 0) {
        m_chart->setTitle(
            tr("No benchmark yet: Bench (Ctrl+Shift+F5) runs the file's perf_report benchmarks"));
        return;
    }
    const Benchmark &b = m_model->benchmark(m_row);
    m_chart->setTitle(b.name);
    const bool numericX = b.numericX();
    addLines(numericX);
    addAxes(numericX);
}

void BenchmarkChart::applyTheme()
{
    if (m_chart->theme() == Theme::current().chart)
        return;
    m_chart->setTheme(Theme::current().chart);
    rebuild(); // the lines' own colours again
}

int BenchmarkChart::chartTheme() const
{
    return int(m_chart->theme());
}

void BenchmarkChart::addLines(bool numericX)
{
    const Benchmark &b = m_model->benchmark(m_row);
    for (int i = 0; i < b.lines.size(); ++i) {
        const BenchmarkLine &line = b.lines[i];
        const QColor color = seriesColor(i);
        auto *series = new QLineSeries;
        series->setName(line.name);
        auto *upper = new QLineSeries, *lower = new QLineSeries;
        for (const BenchmarkSample &s : line.samples) {
            const double x = numericX ? Benchmark::xNumber(s.x) : double(b.xs.indexOf(s.x));
            if (!std::isfinite(s.value))
                continue;
            series->append(x, s.value);
            if (std::isfinite(s.min) && std::isfinite(s.max)) {
                upper->append(x, std::max(s.min, s.max));
                lower->append(x, std::min(s.min, s.max));
            }
        }
        if (upper->count() > 0) { // the min..max band, under its line
            auto *band = new QAreaSeries(upper, lower);
            upper->setParent(band);
            lower->setParent(band);
            QColor fill = color;
            fill.setAlpha(50);
            band->setBrush(fill);
            band->setPen(Qt::NoPen);
            band->setName(tr("%1 min..max").arg(line.name));
            m_chart->addSeries(band);
            for (QLegendMarker *m : m_chart->legend()->markers(band))
                m->setVisible(false);
        } else {
            delete upper;
            delete lower;
        }
        series->setPen(QPen(color, 2));
        series->setColor(color);
        series->setPointsVisible(true);
        series->setMarkerSize(5);
        m_chart->addSeries(series);
        connect(series, &QXYSeries::hovered, this, [this, series](const QPointF &p, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), toolTipAt(series->name(), p), m_view);
            else
                QToolTip::hideText();
        });
        m_lines.append(series);
    }
}

void BenchmarkChart::addAxes(bool numericX)
{
    const Benchmark &b = m_model->benchmark(m_row);
    QList<double> xs, ys;
    for (const QString &x : b.xs)
        xs << Benchmark::xNumber(x);
    for (const BenchmarkLine &l : b.lines)
        for (const BenchmarkSample &s : l.samples)
            for (double y : {s.value, s.min, s.max})
                if (std::isfinite(y))
                    ys << y;
    const bool copyLine = b.isBandwidth() && b.measuredOnGpu() && m_copyGbs > 0;
    if (copyLine)
        ys << m_copyGbs;

    QAbstractAxis *xAxis;
    double x0 = 0, x1 = 1;      // the axis range
    double first = 0, last = 1; // the outermost x values
    if (!numericX) {
        auto *axis = new QBarCategoryAxis;
        axis->append(b.xs);
        x0 = first = -0.5;
        x1 = last = b.xs.size() - 0.5;
        xAxis = axis;
    } else {
        x0 = first = *std::min_element(xs.begin(), xs.end());
        x1 = last = *std::max_element(xs.begin(), xs.end());
        if (b.xLog && x0 > 0) {
            auto *axis = new QLogValueAxis;
            axis->setBase(logBase(xs, x0, x1));
            // Sizes as whole numbers (262144, not 2.62144e+05): the ticks are powers of the base.
            const bool whole = std::all_of(
                xs.begin(), xs.end(), [](double x) { return x == std::floor(x) && x < 1e15; });
            axis->setLabelFormat(whole && axis->base() == std::floor(axis->base())
                                     ? QStringLiteral("%.0f")
                                     : QStringLiteral("%g"));
            axis->setMinorTickCount(-1);
            const double pad = std::max(1.2, std::pow(x1 / x0, 0.04)); // 4% of the span each side
            x0 /= pad, x1 *= pad;
            xAxis = axis;
        } else {
            auto *axis = new QValueAxis;
            const double pad = x1 > x0 ? (x1 - x0) * 0.03 : std::max(1.0, std::abs(x0) * 0.1);
            x0 -= pad, x1 += pad;
            axis->setLabelFormat(QStringLiteral("%g"));
            xAxis = axis;
        }
    }
    xAxis->setTitleText(b.xTitle());

    QAbstractAxis *yAxis;
    double y0 = ys.isEmpty() ? 0 : *std::min_element(ys.begin(), ys.end());
    double y1 = ys.isEmpty() ? 1 : *std::max_element(ys.begin(), ys.end());
    if (b.yLog && y0 > 0) {
        auto *axis = new QLogValueAxis;
        axis->setLabelFormat(QStringLiteral("%g"));
        y0 /= 1.2, y1 *= 1.2;
        yAxis = axis;
    } else {
        auto *axis = new QValueAxis;
        axis->setLabelFormat(QStringLiteral("%g"));
        y0 = std::min(0.0, y0), y1 = y1 > 0 ? y1 * 1.08 : 1.0;
        yAxis = axis;
    }
    yAxis->setTitleText(b.unit);

    m_chart->addAxis(xAxis, Qt::AlignBottom);
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    if (copyLine)
        addCopyBandwidthLine(first, last);
    for (QAbstractSeries *s : m_chart->series()) {
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
    }
    // After attaching: attaching a series fits the axes to its points.
    if (numericX)
        xAxis->setRange(x0, x1);
    yAxis->setRange(y0, y1);
    if (auto *linear = qobject_cast<QValueAxis *>(yAxis))
        linear->applyNiceNumbers();
}

void BenchmarkChart::addCopyBandwidthLine(double x0, double x1)
{
    auto *line = new QLineSeries;
    line->setName(m_device.isEmpty()
                      ? tr("copy bandwidth %1 GB/s").arg(m_copyGbs, 0, 'f', 0)
                      : tr("copy bandwidth %1 GB/s (%2)").arg(m_copyGbs, 0, 'f', 0).arg(m_device));
    line->append(x0, m_copyGbs);
    line->append(x1, m_copyGbs);
    line->setPen(QPen(Theme::current().chartReference, 1.5, Qt::DashLine));
    m_chart->addSeries(line);
    m_copyLine = line;
}

QStringList BenchmarkChart::lineNames() const
{
    settle();
    return seriesNames(m_lines);
}

QList<QPointF> BenchmarkChart::linePoints(const QString &name) const
{
    settle();
    return seriesPoints(m_lines, name);
}

bool BenchmarkChart::xAxisIsLog() const
{
    settle();
    const QList<QAbstractAxis *> axes = m_chart->axes(Qt::Horizontal);
    return !axes.isEmpty() && axes.first()->type() == QAbstractAxis::AxisTypeLogValue;
}

QString BenchmarkChart::xAxisTitle() const
{
    settle();
    const QList<QAbstractAxis *> axes = m_chart->axes(Qt::Horizontal);
    return axes.isEmpty() ? QString() : axes.first()->titleText();
}

QString BenchmarkChart::yAxisTitle() const
{
    settle();
    const QList<QAbstractAxis *> axes = m_chart->axes(Qt::Vertical);
    return axes.isEmpty() ? QString() : axes.first()->titleText();
}

double BenchmarkChart::copyBandwidthLine() const
{
    settle();
    return m_copyLine && m_copyLine->count() > 0 ? m_copyLine->at(0).y() : qQNaN();
}

int BenchmarkChart::nearestSample(int line, QPointF point) const
{
    // Nearest along x (on the axis' own scale), then y: hover points lie on the line.
    const Benchmark &b = m_model->benchmark(m_row);
    const bool numericX = b.numericX();
    const bool logX = xAxisIsLog();
    auto ax = [logX](double x) { return logX ? std::log(std::max(x, 1e-300)) : x; };
    int best = -1;
    double bestDx = 0, bestDy = 0;
    const QList<BenchmarkSample> &samples = b.lines[line].samples;
    for (int i = 0; i < samples.size(); ++i) {
        if (!std::isfinite(samples[i].value))
            continue;
        const double x = numericX ? Benchmark::xNumber(samples[i].x) : b.xs.indexOf(samples[i].x);
        const double dx = std::abs(ax(x) - ax(point.x())),
                     dy = std::abs(samples[i].value - point.y());
        if (best < 0 || dx < bestDx || (dx == bestDx && dy < bestDy))
            best = i, bestDx = dx, bestDy = dy;
    }
    return best;
}

QString BenchmarkChart::toolTipAt(const QString &name, QPointF point) const
{
    settle();
    if (m_row < 0)
        return {};
    const Benchmark &b = m_model->benchmark(m_row);
    for (int l = 0; l < b.lines.size(); ++l)
        if (b.lines[l].name == name)
            return m_model->toolTip(m_row, l, nearestSample(l, point));
    return {};
}

bool BenchmarkChart::savePng(const QString &path) const
{
    settle();
    return saveChartPng(m_view, path);
}

bool BenchmarkChart::saveSvg(const QString &path) const
{
    settle();
    return saveChartSvg(m_view, path, tr("Tilesmith benchmark chart"));
}

} // namespace tsm
