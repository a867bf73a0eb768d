#include "app/studio/roofline_chart.h"

#include "app/studio/chart_support.h"
#include "app/studio/profile_model.h"
#include "app/studio/theme.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QFontMetricsF>
#include <QHash>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace tsm {
namespace {

using run::KernelProfile;

// The launches' median time, or for launches CUPTI's activity did not time, the replayed
// launch's own duration (as the profiler's achieved GB/s and TFLOP/s do).
double timeNs(const KernelProfile &k)
{
    return k.medianNs > 0 ? k.medianNs : k.counterNs;
}

// Whether the kernel's tl.dot ran on tensor cores: the FLOP counters (FFMA, HFMA and the like)
// do not count tensor-core instructions, so its FLOPs are launch_metadata's, never the
// counters' (which count only the work outside the tensor cores, such as the epilogue).
bool onTensorCores(const KernelProfile &k)
{
    return !k.tensorCores.empty();
}

// The kernel's FLOPs for its measured point (over its measured DRAM bytes): the counters', or
// for a tensor-core kernel launch_metadata's, as profiler::placeOnRoofline takes them first;
// without those the kernel is not placed (the counters' would put it far below its work).
std::optional<double> kernelFlops(const KernelProfile &k)
{
    return onTensorCores(k) ? k.analyticFlops : k.flops;
}

// Why a kernel row is not a point: "" when it is one.
QString whyNotPlaced(const KernelProfile &k)
{
    if (k.metrics.empty())
        return RooflineChart::tr("no counters");
    if (timeNs(k) <= 0)
        return RooflineChart::tr("no time");
    if (k.dramBytes <= 0)
        return RooflineChart::tr("no DRAM traffic (served from L2)");
    const std::optional<double> flops = kernelFlops(k);
    if (onTensorCores(k) && (!flops || *flops <= 0))
        return RooflineChart::tr("tensor-core FLOPs are not counted by the counters; the "
                                 "program's launch_metadata must give them: "
                                 "@triton.jit(launch_metadata=fn), fn returning {\"flops\": ...}");
    if (!flops || *flops <= 0)
        return RooflineChart::tr("no FLOP count");
    return {};
}

QPointF pointOf(const KernelProfile &k)
{
    const double flops = *kernelFlops(k);
    return {flops / k.dramBytes, flops / timeNs(k) / 1e3};
}

// What the kernel's launch_metadata says it moves and computes, timed as measured.
bool hasAnalytic(const KernelProfile &k)
{
    return k.analyticBytes && k.analyticFlops && *k.analyticBytes > 0 && *k.analyticFlops > 0
           && timeNs(k) > 0;
}

QPointF analyticPointOf(const KernelProfile &k)
{
    return {*k.analyticFlops / *k.analyticBytes, *k.analyticFlops / timeNs(k) / 1e3};
}

// Which of the kernel's points has the numbers profiler::placeOnRoofline placed it by (its
// `roof` and `roofFraction`): DRAM bytes, else launch_metadata's; the counters' FLOPs, else
// launch_metadata's, launch_metadata's first for a kernel held to the tensor-core roof.
enum class PlacedBy { Neither, Measured, Analytic };

PlacedBy placedBy(const KernelProfile &k, const run::RooflineCeilings &c)
{
    if (k.roof.empty())
        return PlacedBy::Neither;
    const bool bytesMeasured = k.dramBytes > 0;
    const bool flopsAnalytic = run::placedByAnalyticFlops(k, c);
    if (whyNotPlaced(k).isEmpty() && bytesMeasured && flopsAnalytic == onTensorCores(k))
        return PlacedBy::Measured;
    if (hasAnalytic(k) && !bytesMeasured && flopsAnalytic)
        return PlacedBy::Analytic;
    return PlacedBy::Neither;
}

QString exact(double v)
{
    return QString::number(v, 'g', 6);
}

// "4.2 TB/s" from 4210 GB/s; "900 GB/s" below a terabyte per second.
QString bandwidthText(double gbs)
{
    return gbs >= 1000 ? QStringLiteral("%1 TB/s").arg(gbs / 1000, 0, 'f', 1)
                       : QStringLiteral("%1 GB/s").arg(gbs, 0, 'f', 0);
}

QString tflopsText(double t)
{
    return QStringLiteral("%1 TFLOP/s").arg(t, 0, 'f', t >= 10 ? 0 : 1);
}

// The compute roofs drawn: FP32 FMA, FP16 tensor cores (the tensor cores' reference), and TF32
// or FP8 tensor cores only where a kernel of the report is held to them; 0 for one not drawn.
struct DrawnRoofs
{
    double fp32 = 0, tf32 = 0, fp16 = 0, fp8 = 0;
    double top() const { return std::max({fp32, tf32, fp16, fp8}); }
};

DrawnRoofs drawnRoofs(const run::ProfileReport &r)
{
    const run::RooflineCeilings &c = r.roofline;
    DrawnRoofs d{c.fp32TFLOPs, 0, c.fp16TensorTFLOPs, 0};
    for (const KernelProfile &k : r.kernels) {
        const run::TensorRoof held = run::tensorRoofOf(k, c);
        if (held.type == std::string("TF32"))
            d.tf32 = held.tflops;
        if (held.type == std::string("FP8"))
            d.fp8 = held.tflops;
    }
    return d;
}

double decadeBelow(double v)
{
    return std::pow(10.0, std::floor(std::log10(v)));
}

double decadeAbove(double v)
{
    return std::pow(10.0, std::ceil(std::log10(v)));
}

QString kernelName(const KernelProfile &k)
{
    return QString::fromStdString(k.kernel.empty() ? k.function : k.kernel);
}

// Rows of one kernel said once: "swish_kernel [1, 97]", "unary_kernel [4, 16, 64, +5 more]".
class RowList
{
public:
    void add(const KernelProfile &k, const QString &detail = {})
    {
        const QString name = kernelName(k);
        if (!m_names.contains(name))
            m_names << name;
        QStringList &grids = m_grids[name];
        const QString grid = detail.isEmpty()
                                 ? ProfileModel::gridText(k.grid)
                                 : ProfileModel::gridText(k.grid) + QStringLiteral(": ") + detail;
        if (!grids.contains(grid))
            grids << grid;
    }
    bool isEmpty() const { return m_names.isEmpty(); }
    QString text() const
    {
        QStringList parts;
        for (const QString &name : m_names) {
            QStringList grids = m_grids.value(name);
            if (grids.size() > 4) {
                const qsizetype more = grids.size() - 3;
                grids = grids.mid(0, 3) << RooflineChart::tr("+%1 more").arg(more);
            }
            parts << QStringLiteral("%1 [%2]").arg(name, grids.join(QStringLiteral(", ")));
        }
        return parts.join(QStringLiteral("; "));
    }

private:
    QStringList m_names;
    QHash<QString, QStringList> m_grids;
};

} // namespace

RooflineChart::RooflineChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_caption(new QLabel)
{
    auto *host = new QWidget;
    m_view = makeChartView(m_chart, host);
    connect(m_chart, &QChart::plotAreaChanged, this, &RooflineChart::placeLabels);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setContentsMargins(6, 0, 6, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(host, 1);
    layout->addWidget(m_caption);
    rebuild();
}

void RooflineChart::setReport(const run::ProfileReport &report)
{
    m_report = report;
    rebuild();
}

void RooflineChart::applyTheme()
{
    if (m_chart->theme() == Theme::current().chart)
        return;
    m_chart->setTheme(Theme::current().chart);
    rebuild(); // the lines' own colours again
}

void RooflineChart::rebuild()
{
    QToolTip::hideText();
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_roofs.clear();
    m_labels.clear();
    m_wideLabels.clear();
    m_tracks.clear();
    m_clockRoofs.clear();
    m_kernels.clear();
    m_kernelRows.clear();
    m_analytic.clear();
    const run::RooflineCeilings &c = m_report.roofline;
    if (m_report.kernels.empty() && c.copyGBs <= 0) {
        m_chart->setTitle(tr("No profile yet: Profile (Alt+F5) places the file's kernels under "
                             "the GPU's roofs"));
        m_caption->clear();
        return;
    }
    m_chart->setTitle(c.device.empty() ? tr("Roofline")
                                       : tr("Roofline: %1").arg(QString::fromStdString(c.device)));

    // The kernels: a series per name (autotune configs and grids of one kernel share a colour).
    RowList byBandwidth;
    QStringList reasons; // why the others are not placed, in order of first use
    QHash<QString, RowList> notPlaced;
    QList<double> xs, ys;
    QStringList names, kernels; // series titles; kernel names, whose order gives the colours
    // A series per kernel name, measured or analytic (launch_metadata: hollow squares).
    auto seriesFor = [this, &names, &kernels](const QString &name, bool analytic) {
        const QString title = analytic ? tr("%1 (launch_metadata)").arg(name) : name;
        int s = int(names.indexOf(title));
        if (s >= 0)
            return s;
        s = int(names.size());
        names << title;
        if (!kernels.contains(name))
            kernels << name;
        const int colour = int(kernels.indexOf(name));
        auto *series = new QScatterSeries;
        series->setName(title);
        series->setMarkerShape(analytic ? QScatterSeries::MarkerShapeRectangle
                                        : QScatterSeries::MarkerShapeCircle);
        series->setMarkerSize(analytic ? 10 : 11);
        series->setColor(analytic ? QColor(Qt::transparent) : seriesColor(colour));
        series->setBorderColor(analytic ? seriesColor(colour) : seriesColor(colour).darker(140));
        if (analytic)
            series->setPen(QPen(seriesColor(colour), 2));
        m_kernels << series;
        m_kernelRows << QList<int>();
        m_analytic << analytic;
        return s;
    };
    auto place = [this, &xs, &ys](int s, int row, QPointF p) {
        m_kernels[s]->append(p);
        m_kernelRows[s] << row;
        xs << p.x();
        ys << p.y();
    };
    for (int r = 0; r < int(m_report.kernels.size()); ++r) {
        const KernelProfile &k = m_report.kernels[std::size_t(r)];
        const QString why = whyNotPlaced(k);
        if (why.isEmpty())
            place(seriesFor(kernelName(k), false), r, pointOf(k));
        if (hasAnalytic(k))
            place(seriesFor(kernelName(k), true), r, analyticPointOf(k));
        if (why.isEmpty() || hasAnalytic(k)) // placed by what the program says: not missing
            continue;
        if (why == tr("no FLOP count")) {
            byBandwidth.add(
                k,
                c.copyGBs > 0
                    ? tr("%1% of copy roof").arg(k.achievedGBs / c.copyGBs * 100, 0, 'f', 1)
                    : tr("%1 GB/s").arg(k.achievedGBs, 0, 'f', 0));
            continue;
        }
        if (!reasons.contains(why))
            reasons << why;
        notPlaced[why].add(k);
    }

    // Axes in whole decades around the points and the roofs' ridge points.
    const double top = drawnRoofs(m_report).top();
    if (c.copyGBs > 0 && c.fp32TFLOPs > 0)
        xs << c.fp32TFLOPs * 1000 / c.copyGBs / 20 << top * 1000 / c.copyGBs * 3;
    if (xs.isEmpty())
        xs << 0.1 << 100;
    const double x0 = decadeBelow(*std::min_element(xs.begin(), xs.end()) / 1.5);
    const double x1 = decadeAbove(*std::max_element(xs.begin(), xs.end()) * 1.5);
    if (c.copyGBs > 0)
        ys << c.copyGBs * x0 / 1000;
    if (top > 0)
        ys << top;
    if (ys.isEmpty())
        ys << 0.01 << 100;
    const double y0 = decadeBelow(*std::min_element(ys.begin(), ys.end()) / 1.5);
    const double y1 = *std::max_element(ys.begin(), ys.end()) * 2.5; // room for the labels

    addRoofs(x0, x1);
    for (QXYSeries *s : std::as_const(m_kernels)) {
        m_chart->addSeries(s);
        connect(s, &QXYSeries::hovered, this, [this, s](const QPointF &p, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), toolTipAt(s->name(), p), m_view);
            else
                QToolTip::hideText();
        });
    }
    auto *xAxis = new QLogValueAxis, *yAxis = new QLogValueAxis;
    xAxis->setTitleText(tr("arithmetic intensity (FLOP/byte of DRAM traffic)"));
    yAxis->setTitleText(tr("TFLOP/s"));
    for (QLogValueAxis *a : {xAxis, yAxis}) {
        a->setBase(10);
        a->setLabelFormat(QStringLiteral("%g"));
        a->setMinorTickCount(-1);
    }
    m_chart->addAxis(xAxis, Qt::AlignBottom);
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    for (QAbstractSeries *s : m_chart->series()) {
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
    }
    xAxis->setRange(x0, x1);
    yAxis->setRange(y0, y1);

    QStringList caption;
    if (!byBandwidth.isEmpty())
        caption << tr("Placed by bandwidth only (no FLOP count): %1").arg(byBandwidth.text());
    for (const QString &why : std::as_const(reasons))
        caption << tr("Not placed (%1): %2").arg(why, notPlaced.value(why).text());
    if (c.copyGBs <= 0)
        caption << tr("The device's roofs were not measured: kernels are drawn without them");
    else if (!c.measuredBy.empty())
        caption << tr("Roofs %1").arg(QString::fromStdString(c.measuredBy));
    auto roofs = run::tensorRoofs(c); // lowest first, as they stand on the chart
    std::sort(roofs.begin(), roofs.end(), [](const auto &a, const auto &b) {
        return a.tflops < b.tflops;
    });
    QStringList tensorRoofs;
    for (const run::TensorRoof &t : roofs)
        if (t.tflops > 0)
            tensorRoofs << QStringLiteral("%1 %2").arg(
                t.type == std::string("FP16") ? QStringLiteral("FP16/BF16") : QLatin1String(t.type),
                tflopsText(t.tflops));
    if (tensorRoofs.size() > 1)
        caption << tr("Tensor-core roofs: %1; each kernel is held to its tl.dot's input type's")
                       .arg(tensorRoofs.join(QStringLiteral(", ")));
    if (c.fp16TensorMHz > 0)
        caption << tr("The FP16 tensor roof ran at %1 MHz; a tensor-core kernel's dotted line is "
                      "its roof at its own SM clock")
                           .arg(c.fp16TensorMHz, 0, 'f', 0)
                       + (m_clockRoofs.isEmpty()
                              ? QString()
                              : QStringLiteral(": ") + m_clockRoofs.join(QStringLiteral("; ")));
    m_caption->setText(caption.join(QLatin1Char('\n')));
    showWideLabels();
    placeLabels();
}

void RooflineChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (showWideLabels()) // else QChart::plotAreaChanged re-places the labels
        placeLabels();
}

bool RooflineChart::showWideLabels()
{
    bool changed = false;
    for (QXYSeries *label : std::as_const(m_wideLabels))
        if (label->pointLabelsVisible() != (width() >= kWideLabelsWidth)) {
            label->setPointLabelsVisible(width() >= kWideLabelsWidth);
            changed = true;
        }
    return changed;
}

// Where QtCharts draws a one-point series' label: centred above the point, its baseline
// (marker size / 2 + 2) px above it.
QRectF RooflineChart::labelRect(const QXYSeries *label, QPointF point, const QString &text) const
{
    const QFontMetricsF fm(label->pointLabelsFont());
    const QPointF at = m_chart->mapToPosition(point, const_cast<QXYSeries *>(label));
    const double width = fm.horizontalAdvance(text), baseline = at.y() - 2 - 0.5;
    return {at.x() - width / 2, baseline - fm.ascent(), width, fm.ascent() + fm.descent()};
}

// Slides each tracked roof label along its roof to the place nearest its preferred one where
// it covers no kernel's point, no label placed before it, and stays between the plot area's left
// and right edges (a roof near the top may have its label above the plot area); where there is
// no such place, to the one where it covers the least.
void RooflineChart::placeLabels()
{
    const QRectF plot = m_chart->plotArea();
    if (plot.width() < 1 || plot.height() < 1 || m_chart->axes().isEmpty())
        return;
    QList<QRectF> taken;
    for (QXYSeries *s : std::as_const(m_kernels))
        for (const QPointF &p : s->points()) {
            const QPointF at = m_chart->mapToPosition(p, s);
            const double r = s->markerSize() / 2 + 2;
            taken << QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r);
        }
    for (const QXYSeries *label : std::as_const(m_wideLabels))
        if (label->pointLabelsVisible())
            taken << labelRect(label, label->at(0), label->pointLabelsFormat())
                         .adjusted(-2, -1, 2, 1);
    auto along = [](const LabelTrack &t, double f) {
        return QPointF(t.from.x() * std::pow(t.to.x() / t.from.x(), f),
                       t.from.y() * std::pow(t.to.y() / t.from.y(), f));
    };
    for (const LabelTrack &t : std::as_const(m_tracks)) {
        // A candidate every 2 px along the roof, nearest the preferred place first.
        const QPointF a = m_chart->mapToPosition(t.from, t.label),
                      b = m_chart->mapToPosition(t.to, t.label);
        const int steps = std::clamp(int(std::hypot(b.x() - a.x(), b.y() - a.y()) / 2), 1, 2000);
        std::vector<double> candidates{t.preferred};
        for (int i = 0; i <= steps; ++i)
            candidates.push_back(double(i) / steps);
        std::stable_sort(candidates.begin(), candidates.end(), [&t](double a, double b) {
            return std::abs(a - t.preferred) < std::abs(b - t.preferred);
        });
        // The full text at the first candidate that covers nothing, else the short one; where
        // every place covers something, the text and place covering the least area.
        QString text = t.texts.first();
        QPointF chosen = along(t, t.preferred);
        double least = -1;
        for (const QString &candidateText : t.texts) {
            for (double f : candidates) {
                const QRectF r = labelRect(t.label, along(t, f), candidateText);
                if (r.left() < plot.left() || r.right() > plot.right())
                    continue;
                double covered = 0;
                for (const QRectF &o : std::as_const(taken)) {
                    const QRectF both = o.intersected(r);
                    covered += both.width() * both.height();
                }
                if (least < 0 || covered < least) {
                    least = covered;
                    chosen = along(t, f);
                    text = candidateText;
                }
                if (covered == 0)
                    break;
            }
            if (least == 0)
                break;
        }
        if (t.label->pointLabelsFormat() != text)
            t.label->setPointLabelsFormat(text);
        if (t.label->at(0) != chosen)
            t.label->replace(0, chosen);
        taken << labelRect(t.label, chosen, text).adjusted(-2, -1, 2, 1);
    }
}

QList<QRectF> RooflineChart::shownRoofLabelRects() const
{
    QList<QRectF> rects;
    if (m_chart->plotArea().isEmpty())
        return rects;
    for (const QXYSeries *label : m_labels)
        if (label->pointLabelsVisible())
            rects << labelRect(label, label->at(0), label->pointLabelsFormat());
    return rects;
}

QList<QPointF> RooflineChart::kernelPixelPoints() const
{
    QList<QPointF> points;
    if (m_chart->plotArea().isEmpty())
        return points;
    for (QXYSeries *s : m_kernels)
        for (const QPointF &p : s->points())
            points << m_chart->mapToPosition(p, s);
    return points;
}

QStringList RooflineChart::shownRoofLabels() const
{
    QStringList shown;
    for (const QXYSeries *label : m_labels)
        if (label->pointLabelsVisible())
            shown << label->pointLabelsFormat();
    return shown;
}

void RooflineChart::addRoofs(double x0, double x1)
{
    const run::RooflineCeilings &c = m_report.roofline;
    const QColor roofColor = Theme::current().chartReference;
    const double top = drawnRoofs(m_report).top();
    auto addLine
        = [this, roofColor](const QString &name, QPointF a, QPointF b, Qt::PenStyle style) {
              auto *line = new QLineSeries;
              line->setName(name);
              line->append(a);
              line->append(b);
              line->setPen(QPen(roofColor, 2, style));
              m_chart->addSeries(line);
              for (QLegendMarker *m : m_chart->legend()->markers(line))
                  m->setVisible(false); // labelled on the chart itself
              m_roofs << line;
          };
    if (c.copyGBs > 0) {
        const double end = top > 0 ? top * 1000 / c.copyGBs : x1;
        const QString name = tr("copy %1").arg(bandwidthText(c.copyGBs));
        addLine(name, {x0, c.copyGBs * x0 / 1000}, {end, c.copyGBs * end / 1000}, Qt::SolidLine);
        const double lx = std::sqrt(x0 * end); // clear of the axis and of the ridge
        m_tracks << LabelTrack{addLabel({lx, c.copyGBs * lx / 1000}, name, roofColor),
                               {x0, c.copyGBs * x0 / 1000},
                               {end, c.copyGBs * end / 1000},
                               0.5,
                               {name}};
    }
    // The tensor-core kernel closest to each tensor roof, when at least half way up to it and
    // its SM clock was counted: that roof at its clock (scaled from the clock it was measured
    // at) is drawn dotted across its point. Kernels far below their roof are read without it.
    struct Closest
    {
        const KernelProfile *kernel;
        double atClock; // its roof at its clock
    };
    std::map<std::string, Closest> closest; // roof type ("FP16") -> kernel
    for (const KernelProfile &k : m_report.kernels) {
        const run::TensorRoof roof = run::tensorRoofOf(k, c);
        const Closest here{&k, roof.atClock(k.smClockMHz)}; // 0 where a clock is unknown
        if (here.atClock <= 0 || k.clockRoofFraction < 0.5 || !whyNotPlaced(k).isEmpty())
            continue;
        const auto [at, added] = closest.try_emplace(roof.type, here);
        if (!added && k.clockRoofFraction > at->second.kernel->clockRoofFraction)
            at->second = here;
    }

    const DrawnRoofs drawn = drawnRoofs(m_report);
    struct Roof
    {
        double tflops;
        QString name, shortName;
        std::string type; // a tensor roof's, as closest names it (FP32: empty)
    };
    auto tensor = [](const char *type, double t) {
        return Roof{t,
                    tr("%1 tensor %2").arg(QLatin1String(type), tflopsText(t)),
                    QStringLiteral("%1 %2").arg(QLatin1String(type)).arg(t, 0, 'f', 0),
                    type};
    };
    const Roof compute[] = {{drawn.fp32,
                             tr("FP32 %1").arg(tflopsText(drawn.fp32)),
                             QStringLiteral("FP32 %1").arg(drawn.fp32, 0, 'f', 0),
                             {}},
                            tensor("TF32", drawn.tf32),
                            tensor("FP16", drawn.fp16),
                            tensor("FP8", drawn.fp8)};
    // Several tensor roofs lie close together: their labels are short ("TF32 497"; the
    // caption names them in full) and alternate between the left and the right of their roofs,
    // from the highest down, so that they do not overprint. A roof drawn again at a kernel's
    // clock has its label on the right: the left, by the ridge, is the dotted line's.
    const bool several = drawn.tf32 > 0 || drawn.fp8 > 0;
    std::vector<const Roof *> highestFirst;
    for (const Roof &r : compute)
        if (r.tflops > 0)
            highestFirst.push_back(&r);
    std::sort(highestFirst.begin(), highestFirst.end(), [](auto *a, auto *b) {
        return a->tflops > b->tflops;
    });
    std::map<const Roof *, bool> onTheRight;
    std::map<const Roof *, LabelTrack> tracks; // the compute roofs' labels
    bool previousRight = true;
    for (const Roof *r : highestFirst)
        previousRight = onTheRight[r] = closest.count(r->type) || (several && !previousRight);
    for (const Roof &r : compute) {
        if (r.tflops <= 0)
            continue;
        const double ridge = c.copyGBs > 0 ? r.tflops * 1000 / c.copyGBs : x0;
        addLine(r.name,
                {ridge, r.tflops},
                {x1, r.tflops},
                r.tflops == top ? Qt::SolidLine : Qt::DashLine);
        const double at = onTheRight[&r] ? 0.75 : several ? 0.2 : 0.3;
        // The tensor roofs' short names where several stand close together; where the full name
        // finds no free place, the number alone ("FP32 67"; the caption and the tooltips name
        // the roofs in full).
        const QString text = several && !r.type.empty() ? r.shortName : r.name;
        QXYSeries *label = addLabel({ridge * std::pow(x1 / ridge, at), r.tflops}, text, roofColor);
        tracks[&r]
            = LabelTrack{label,
                         {ridge, r.tflops},
                         {x1, r.tflops},
                         at,
                         text == r.shortName ? QStringList{text} : QStringList{text, r.shortName}};
    }
    for (const Roof *r : highestFirst) // placed highest first
        m_tracks << tracks.at(r);
    for (const auto &[type, best] : closest) {
        const auto [k, atClock] = best;
        const QString name = tr("%1 at %2 MHz: %3")
                                 .arg(QString::fromStdString(type))
                                 .arg(k->smClockMHz, 0, 'f', 0)
                                 .arg(atClock, 0, 'f', 0);
        // From the copy roof (or a third of the kernel's intensity) to three times it; the label
        // left of its start, above the copy roof.
        const double x = pointOf(*k).x();
        const double start = std::max(x / 3, c.copyGBs > 0 ? atClock * 1000 / c.copyGBs : 0.0);
        addLine(name, {start, atClock}, {x * 3, atClock}, Qt::DotLine);
        m_wideLabels << addLabel({start / 2.6, atClock * 0.97}, name, roofColor);
        m_clockRoofs
            << tr("%1 (%2, grid %3)").arg(name, kernelName(*k), ProfileModel::gridText(k->grid));
    }
}

// A roof's label: a one-point series whose only visible part is its point label.
QXYSeries *RooflineChart::addLabel(QPointF at, const QString &text, const QColor &color)
{
    auto *label = new QScatterSeries;
    label->setName(text + tr(" (label)"));
    label->append(at);
    label->setMarkerSize(1);
    label->setColor(Qt::transparent);
    label->setBorderColor(Qt::transparent);
    label->setPointLabelsFormat(QString(text).replace(QLatin1Char('@'), QStringLiteral("at")));
    label->setPointLabelsVisible(true);
    label->setPointLabelsColor(color);
    label->setPointLabelsClipping(false);
    m_chart->addSeries(label);
    for (QLegendMarker *m : m_chart->legend()->markers(label))
        m->setVisible(false);
    m_labels << label;
    return label;
}

QString RooflineChart::pointToolTip(int row, bool analytic) const
{
    const KernelProfile &k = m_report.kernels[std::size_t(row)];
    const run::RooflineCeilings &c = m_report.roofline;
    const QPointF p = analytic ? analyticPointOf(k) : pointOf(k);
    QStringList lines{
        tr("%1, grid %2").arg(QString::fromStdString(k.kernel), ProfileModel::gridText(k.grid))};
    if (!k.signature.empty())
        lines << QString::fromStdString(k.signature);
    if (analytic)
        lines << tr("launch_metadata: %1 FLOP / %2 bytes = %3 FLOP/byte (what the program says, "
                    "not measured)")
                     .arg(exact(*k.analyticFlops), exact(*k.analyticBytes), exact(p.x()));
    else if (onTensorCores(k))
        lines << tr("%1 FLOP (launch_metadata's: the counters do not count tensor-core "
                    "instructions) / %2 bytes of DRAM traffic = %3 FLOP/byte")
                     .arg(exact(*k.analyticFlops), exact(k.dramBytes), exact(p.x()));
    else
        lines << tr("%1 FLOP / %2 bytes of DRAM traffic = %3 FLOP/byte")
                     .arg(exact(*k.flops), exact(k.dramBytes), exact(p.x()));
    if (onTensorCores(k))
        lines << tr("tl.dot on tensor cores (%1, %2)")
                     .arg(QString::fromStdString(k.tensorCores),
                          QString::fromStdString(k.tensorInput.empty() ? "fp16" : k.tensorInput));
    if (k.medianNs > 0)
        lines << tr("%1 TFLOP/s at the median %2 µs of %3")
                     .arg(exact(p.y()),
                          exact(k.medianNs / 1e3),
                          k.launches == 1 ? tr("1 launch") : tr("%1 launches").arg(k.launches));
    else
        lines << tr("%1 TFLOP/s in the replayed launch's %2 µs (its launches were not timed)")
                     .arg(exact(p.y()), exact(k.counterNs / 1e3));
    if (!analytic)
        lines << tr("%1 GB/s").arg(exact(k.achievedGBs));
    // The kernel's own compute roof, as profiler::placeOnRoofline holds it to: the tensor
    // cores' for its dot's input type (when measured), FP32 FMA otherwise.
    double roofHere = run::heldToTensorRoof(k, c) ? run::tensorRoofOf(k, c).tflops : c.fp32TFLOPs;
    if (c.copyGBs > 0)
        roofHere = roofHere > 0 ? std::min(roofHere, c.copyGBs * p.x() / 1000)
                                : c.copyGBs * p.x() / 1000;
    if (roofHere > 0)
        lines << tr("the roof at this intensity: %1 TFLOP/s").arg(exact(roofHere));
    // On the point whose numbers placed the kernel under its roof.
    if (placedBy(k, c) == (analytic ? PlacedBy::Analytic : PlacedBy::Measured)) {
        lines << tr("bound by %1: %2% of that roof")
                     .arg(QString::fromStdString(k.roof))
                     .arg(k.roofFraction * 100, 0, 'f', 1);
        const run::TensorRoof roof = run::tensorRoofOf(k, c);
        if (k.clockRoofFraction > 0)
            lines << tr("at its own SM clock (%1 MHz in the replayed launch; the roof was measured "
                        "at %2 MHz) that roof is %3 TFLOP/s, and the replayed launch reached %4% "
                        "of it")
                         .arg(k.smClockMHz, 0, 'f', 0)
                         .arg(roof.mhz, 0, 'f', 0)
                         .arg(exact(roof.atClock(k.smClockMHz)))
                         .arg(k.clockRoofFraction * 100, 0, 'f', 1);
    }
    return lines.join(QLatin1Char('\n'));
}

QString RooflineChart::toolTipAt(const QString &name, QPointF point) const
{
    for (int s = 0; s < m_kernels.size(); ++s) {
        if (m_kernels[s]->name() != name)
            continue;
        int best = -1;
        double bestDistance = 0;
        const QList<QPointF> points = m_kernels[s]->points();
        for (int i = 0; i < points.size(); ++i) {
            const double dx = std::log(points[i].x() / point.x()),
                         dy = std::log(points[i].y() / point.y());
            const double d = dx * dx + dy * dy;
            if (best < 0 || d < bestDistance)
                best = i, bestDistance = d;
        }
        return best < 0 ? QString() : pointToolTip(m_kernelRows[s][best], m_analytic[s]);
    }
    return {};
}

QStringList RooflineChart::roofNames() const
{
    return seriesNames(m_roofs);
}

QList<QPointF> RooflineChart::roofPoints(const QString &name) const
{
    return seriesPoints(m_roofs, name);
}

QStringList RooflineChart::kernelNames() const
{
    return seriesNames(m_kernels);
}

QList<QPointF> RooflineChart::kernelPoints(const QString &name) const
{
    return seriesPoints(m_kernels, name);
}

QList<int> RooflineChart::kernelRows(const QString &name) const
{
    for (int s = 0; s < m_kernels.size(); ++s)
        if (m_kernels[s]->name() == name)
            return m_kernelRows[s];
    return {};
}

QString RooflineChart::caption() const
{
    return m_caption->text();
}

bool RooflineChart::axesAreLog() const
{
    const QList<QAbstractAxis *> axes = m_chart->axes();
    return axes.size() == 2 && std::all_of(axes.begin(), axes.end(), [](QAbstractAxis *a) {
               return a->type() == QAbstractAxis::AxisTypeLogValue;
           });
}

bool RooflineChart::savePng(const QString &path) const
{
    return saveChartPng(m_view, path);
}

bool RooflineChart::saveSvg(const QString &path) const
{
    return saveChartSvg(m_view, path, tr("Tilesmith roofline"));
}

} // namespace tsm
