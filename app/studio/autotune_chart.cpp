#include "app/studio/autotune_chart.h"

#include "app/studio/autotune_model.h"
#include "app/studio/chart_support.h"
#include "app/studio/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tsm {
namespace {

using run::AutotuneConfig;
using Status = AutotuneConfig::Status;

// Launch options as the short labels spell them: "w4" for num_warps=4.
QString optionPrefix(const std::string &name)
{
    if (name == "num_warps")
        return QStringLiteral("w");
    if (name == "num_stages")
        return QStringLiteral("s");
    if (name == "num_ctas")
        return QStringLiteral("c");
    if (name == "maxnreg")
        return QStringLiteral("r");
    return {};
}

QString exact(double v)
{
    return QString::number(v, 'g', 6);
}

// Three significant digits (as the table shows them).
QString ms(double v)
{
    const int decimals = v > 0 ? std::max(0, 2 - int(std::floor(std::log10(v)))) : 0;
    return QString::number(v, 'f', decimals);
}

bool timed(const AutotuneConfig &c)
{
    return c.status == Status::Ran && c.medianMs && *c.medianMs > 0;
}

QColor textColor()
{
    return Theme::current().palette.color(QPalette::WindowText);
}

QColor barColorFor(bool winner)
{
    const bool dark = Theme::current().dark;
    if (winner)
        return dark ? QColor(0x3fb950) : QColor(0x2ca02c);
    return dark ? QColor(0x4c8dd6) : seriesColor(0).lighter(125);
}

} // namespace

AutotuneChart::AutotuneChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
{
    auto *host = new QWidget;
    m_view = makeChartView(m_chart, host);
    m_chart->legend()->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(host);
    connect(m_chart, &QChart::plotAreaChanged, this, &AutotuneChart::layoutLabels);
    rebuild();
}

void AutotuneChart::setReport(const run::AutotuneReport &report)
{
    m_report = report;
    rebuild();
}

void AutotuneChart::applyTheme()
{
    m_chart->setTheme(Theme::current().chart);
    m_chart->legend()->hide();
    rebuild(); // the bars' and labels' own colours again
}

QStringList AutotuneChart::shortLabels(const run::AutotuneReport &report)
{
    // The arguments whose value differs between configs, in the order they first appear.
    std::vector<std::string> names;
    for (const AutotuneConfig &c : report.configs)
        for (const auto &[name, value] : c.kwargs)
            if (std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(name);
    auto valueOf = [](const AutotuneConfig &c, const std::string &name) -> std::string {
        for (const auto &[n, v] : c.kwargs)
            if (n == name)
                return v;
        return "-";
    };
    std::vector<std::string> varying;
    for (const std::string &name : names)
        for (const AutotuneConfig &c : report.configs)
            if (valueOf(c, name) != valueOf(report.configs.front(), name)) {
                varying.push_back(name);
                break;
            }
    QStringList labels;
    for (std::size_t i = 0; i < report.configs.size(); ++i) {
        const AutotuneConfig &c = report.configs[i];
        QStringList meta, options;
        for (const std::string &name : varying) {
            const QString value = QString::fromStdString(valueOf(c, name));
            const QString prefix = optionPrefix(name);
            if (prefix.isEmpty())
                meta << value;
            else
                options << prefix + value;
        }
        QString label
            = (QStringList{meta.join(QLatin1Char('/'))} + options).join(QLatin1Char(' ')).trimmed();
        if (label.isEmpty())
            label = c.label.empty() ? tr("config %1").arg(i + 1) : QString::fromStdString(c.label);
        labels << label;
    }
    // A category axis needs each name once.
    for (int i = 0; i < labels.size(); ++i)
        if (labels.count(labels[i]) > 1)
            for (int j = i; j < labels.size(); ++j)
                if (labels[j] == labels[i] && j != i)
                    labels[j] += tr(" (#%1)").arg(j + 1);
    return labels;
}

void AutotuneChart::rebuild()
{
    QToolTip::hideText();
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    qDeleteAll(m_labels);
    m_labels.clear();
    for (const QList<QGraphicsItem *> &w : std::as_const(m_whiskers))
        qDeleteAll(w);
    m_whiskers.clear();
    m_labelTexts.clear();
    m_bars = nullptr;
    m_others = m_winner = nullptr;
    const int n = int(m_report.configs.size());
    if (n == 0) {
        m_chart->setTitle(tr("No autotune report: run a file whose kernels use @triton.autotune"));
        return;
    }
    m_chart->setTitle(
        tr("%1: median time per config").arg(QString::fromStdString(m_report.kernel)));

    const QStringList labels = shortLabels(m_report);
    m_bars = new QHorizontalStackedBarSeries;
    m_bars->setBarWidth(0.6);
    m_others = new QBarSet(tr("ran"));
    m_winner = new QBarSet(tr("fastest"));
    m_others->setColor(barColorFor(false));
    m_winner->setColor(barColorFor(true));
    for (QBarSet *set : {m_others, m_winner})
        set->setBorderColor(set->color().darker(130));
    QStringList categories;
    double top = 0;
    for (int k = 0; k < n; ++k) {
        const int i = n - 1 - k; // the first config at the top
        const AutotuneConfig &c = m_report.configs[std::size_t(i)];
        categories << labels[i];
        const double v = timed(c) ? *c.medianMs : 0;
        *m_others << (i == m_report.best ? 0 : v);
        *m_winner << (i == m_report.best ? v : 0);
        top = std::max({top, v, c.p80Ms && timed(c) ? *c.p80Ms : 0});
    }
    m_bars->append(m_others);
    m_bars->append(m_winner);
    m_chart->addSeries(m_bars);
    auto *yAxis = new QBarCategoryAxis;
    yAxis->append(categories);
    auto *xAxis = new QValueAxis;
    xAxis->setTitleText(tr("median ms (whisker: p20–p80)"));
    xAxis->setRange(0, top > 0 ? top * 1.45 : 1.0); // room for the times after the bars
    xAxis->setTickCount(5);
    xAxis->applyNiceNumbers();
    xAxis->setLabelFormat(QStringLiteral("%.3g"));
    m_chart->addAxis(xAxis, Qt::AlignBottom);
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    m_bars->attachAxis(xAxis);
    m_bars->attachAxis(yAxis);
    connect(
        m_bars, &QAbstractBarSeries::hovered, this, [this, n](bool state, int index, QBarSet *) {
            if (state)
                QToolTip::showText(QCursor::pos(), toolTipAt(n - 1 - index), m_view);
            else
                QToolTip::hideText();
        });

    const QColor text = textColor(), dim = Theme::current().dimText;
    for (int i = 0; i < n; ++i) {
        const AutotuneConfig &c = m_report.configs[std::size_t(i)];
        QString t;
        if (timed(c)) {
            t = tr("%1 ms").arg(ms(*c.medianMs));
            if (i == m_report.best)
                t += tr("  fastest");
            else if (m_report.best >= 0 && timed(m_report.configs[std::size_t(m_report.best)]))
                t += tr("  %1×").arg(*c.medianMs
                                         / *m_report.configs[std::size_t(m_report.best)].medianMs,
                                     0,
                                     'f',
                                     2);
        } else if (c.status == Status::Ran) {
            t = i == m_report.best ? tr("chosen from the disk cache (not timed)") : tr("not timed");
        } else {
            t = AutotuneModel::statusText(c, false);
        }
        m_labelTexts << t;
        auto *label = new QGraphicsSimpleTextItem(t, m_chart);
        label->setBrush(c.status == Status::Ran ? text : dim);
        QFont font = label->font();
        font.setBold(i == m_report.best);
        label->setFont(font);
        label->setToolTip(toolTipAt(i));
        label->setZValue(100);
        m_labels << label;
        QList<QGraphicsItem *> whisker;
        if (timed(c) && c.p20Ms && c.p80Ms)
            for (int part = 0; part < 3; ++part) {
                auto *line = new QGraphicsLineItem(m_chart);
                line->setPen(QPen(text, 1.5));
                line->setZValue(99);
                line->setToolTip(toolTipAt(i));
                whisker << line;
            }
        m_whiskers << whisker;
    }
    layoutLabels();
}

// The labels and whiskers follow the plot area (QtCharts lays out on resize).
void AutotuneChart::layoutLabels()
{
    if (!m_bars)
        return;
    const QRectF plot = m_chart->plotArea();
    const int n = int(m_report.configs.size());
    const double rowHeight = plot.height() / std::max(1, n);
    for (int i = 0; i < n; ++i) {
        const AutotuneConfig &c = m_report.configs[std::size_t(i)];
        const int k = categoryOf(i);
        const double value = timed(c) ? *c.medianMs : 0;
        const QPointF end = m_chart->mapToPosition(QPointF(value, k), m_bars);
        double x = end.x() + 6;
        const QList<QGraphicsItem *> &whisker = m_whiskers[i];
        if (whisker.size() == 3) {
            const QPointF lo = m_chart->mapToPosition(QPointF(*c.p20Ms, k), m_bars);
            const QPointF hi = m_chart->mapToPosition(QPointF(*c.p80Ms, k), m_bars);
            const double cap = std::min(5.0, rowHeight * 0.25);
            static_cast<QGraphicsLineItem *>(whisker[0])->setLine(lo.x(), end.y(), hi.x(), end.y());
            static_cast<QGraphicsLineItem *>(whisker[1])
                ->setLine(lo.x(), end.y() - cap, lo.x(), end.y() + cap);
            static_cast<QGraphicsLineItem *>(whisker[2])
                ->setLine(hi.x(), end.y() - cap, hi.x(), end.y() + cap);
            x = std::max(x, hi.x() + 6);
        }
        QGraphicsSimpleTextItem *label = m_labels[i];
        const double room = std::max(0.0, m_chart->rect().right() - x - 4);
        label->setText(
            QFontMetricsF(label->font()).elidedText(m_labelTexts[i], Qt::ElideRight, room));
        label->setPos(x, end.y() - label->boundingRect().height() / 2);
    }
}

QStringList AutotuneChart::categories() const
{
    const QStringList labels = shortLabels(m_report);
    return m_bars ? labels : QStringList();
}

QList<double> AutotuneChart::barValues() const
{
    QList<double> out;
    if (!m_bars)
        return out;
    const int n = int(m_report.configs.size());
    for (int i = 0; i < n; ++i)
        out << m_others->at(categoryOf(i)) + m_winner->at(categoryOf(i));
    return out;
}

QStringList AutotuneChart::rowLabels() const
{
    return m_labelTexts;
}

QColor AutotuneChart::barColor(int config) const
{
    if (!m_bars)
        return {};
    return config == m_report.best ? m_winner->color() : m_others->color();
}

QString AutotuneChart::toolTipAt(int config) const
{
    if (config < 0 || config >= int(m_report.configs.size()))
        return {};
    const AutotuneConfig &c = m_report.configs[std::size_t(config)];
    QStringList lines{QString::fromStdString(c.label)};
    if (timed(c)) {
        lines << tr("median %1 ms, p20 %2 ms, p80 %3 ms")
                     .arg(exact(*c.medianMs),
                          c.p20Ms ? exact(*c.p20Ms) : QStringLiteral("—"),
                          c.p80Ms ? exact(*c.p80Ms) : QStringLiteral("—"));
        if (config == m_report.best)
            lines << tr("the fastest: launched for this key");
        else if (m_report.best >= 0 && timed(m_report.configs[std::size_t(m_report.best)]))
            lines << tr("%1× the fastest's time")
                         .arg(*c.medianMs / *m_report.configs[std::size_t(m_report.best)].medianMs,
                              0,
                              'f',
                              3);
    } else if (c.status != Status::Ran) {
        lines << AutotuneModel::statusName(c.status) + QStringLiteral(": ")
                     + QString::fromStdString(c.reason);
    } else {
        lines << tr("not timed in this run");
    }
    QStringList build;
    if (c.registers)
        build << tr("%1 registers").arg(*c.registers);
    if (c.spillBytes && *c.spillBytes > 0)
        build << tr("%1 spilled").arg(AutotuneModel::bytesText(*c.spillBytes));
    if (c.sharedBytes && *c.sharedBytes > 0)
        build << tr("%1 shared").arg(AutotuneModel::bytesText(*c.sharedBytes));
    if (c.occupancy)
        build << tr("%1% occupancy").arg(*c.occupancy * 100, 0, 'f', 0);
    if (!build.isEmpty())
        lines << build.join(QStringLiteral(", "));
    return lines.join(QLatin1Char('\n'));
}

bool AutotuneChart::savePng(const QString &path) const
{
    return saveChartPng(m_view, path);
}

bool AutotuneChart::saveSvg(const QString &path) const
{
    return saveChartSvg(m_view, path, tr("Tilesmith autotune configs"));
}

} // namespace tsm
