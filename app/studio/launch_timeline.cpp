#include "app/studio/launch_timeline.h"

#include "app/studio/chart_support.h"
#include "app/studio/profile_model.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace tsm {
namespace {

constexpr int kLaneHeight = 22;
constexpr int kLabelWidth = 150;
constexpr int kAxisHeight = 18;
constexpr int kMargin = 6;

QString duration(std::int64_t ns)
{
    if (ns >= 1'000'000)
        return QStringLiteral("%1 ms").arg(double(ns) / 1e6, 0, 'f', 3);
    if (ns >= 1000)
        return QStringLiteral("%1 µs").arg(double(ns) / 1e3, 0, 'f', 1);
    return QStringLiteral("%1 ns").arg(ns);
}

} // namespace

LaunchTimeline::LaunchTimeline(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void LaunchTimeline::setReport(const run::ProfileReport &report)
{
    m_launches = report.timeline;
    std::stable_sort(m_launches.begin(),
                     m_launches.end(),
                     [](const run::ProfileLaunch &a, const run::ProfileLaunch &b) {
                         return a.startNs < b.startNs;
                     });
    m_dropped = report.timelineDropped;
    m_lanes.clear();
    m_laneOf.clear();
    m_endNs = 0;
    for (const run::ProfileLaunch &l : m_launches) {
        const QString name = QString::fromStdString(l.kernel);
        int lane = int(m_lanes.indexOf(name));
        if (lane < 0) {
            lane = int(m_lanes.size());
            m_lanes << name;
        }
        m_laneOf << lane;
        m_endNs = std::max(m_endNs, l.startNs + l.durationNs);
    }
    updateGeometry();
    update();
}

QSize LaunchTimeline::sizeHint() const
{
    return {600,
            kMargin * 2 + kAxisHeight + kLaneHeight * int(std::max<qsizetype>(2, m_lanes.size()))};
}

QSize LaunchTimeline::minimumSizeHint() const
{
    return {kLabelWidth + 100, kMargin * 2 + kAxisHeight + kLaneHeight};
}

QRectF LaunchTimeline::plotArea() const
{
    return QRectF(kLabelWidth,
                  kMargin,
                  std::max(10, width() - kLabelWidth - kMargin),
                  kLaneHeight * std::max<qsizetype>(1, m_lanes.size()));
}

int LaunchTimeline::laneOf(int index) const
{
    return m_laneOf.value(index, -1);
}

QRectF LaunchTimeline::barRect(int index) const
{
    if (index < 0 || index >= int(m_launches.size()) || m_endNs <= 0)
        return {};
    const QRectF area = plotArea();
    const run::ProfileLaunch &l = m_launches[std::size_t(index)];
    const double scale = area.width() / double(m_endNs);
    const double x = area.left() + double(l.startNs) * scale;
    const double w = std::max(1.0, double(l.durationNs) * scale);
    return QRectF(x, area.top() + laneOf(index) * kLaneHeight + 3, w, kLaneHeight - 6);
}

int LaunchTimeline::launchAt(QPoint point) const
{
    // The nearest bar of the lane within 3 px: a 1-px bar is still hoverable.
    int best = -1;
    double bestDistance = 4;
    for (int i = 0; i < int(m_launches.size()); ++i) {
        const QRectF r = barRect(i);
        if (point.y() < r.top() || point.y() > r.bottom())
            continue;
        const double d = point.x() < r.left()    ? r.left() - point.x()
                         : point.x() > r.right() ? point.x() - r.right()
                                                 : 0;
        if (d < bestDistance)
            best = i, bestDistance = d;
    }
    return best;
}

QString LaunchTimeline::toolTipFor(int index) const
{
    if (index < 0 || index >= int(m_launches.size()))
        return {};
    const run::ProfileLaunch &l = m_launches[std::size_t(index)];
    QStringList lines{QString::fromStdString(l.kernel),
                      tr("grid %1").arg(ProfileModel::gridText(l.grid)),
                      tr("duration %1").arg(duration(l.durationNs)),
                      tr("starts at %1").arg(duration(l.startNs))};
    if (index > 0) {
        const run::ProfileLaunch &before = m_launches[std::size_t(index - 1)];
        const std::int64_t gap = l.startNs - (before.startNs + before.durationNs);
        lines << (gap >= 0 ? tr("gap before: %1 (after %2)")
                                 .arg(duration(gap), QString::fromStdString(before.kernel))
                           : tr("overlaps the launch before (%1) by %2")
                                 .arg(QString::fromStdString(before.kernel), duration(-gap)));
    } else {
        lines << tr("the run's first launch");
    }
    return lines.join(QLatin1Char('\n'));
}

bool LaunchTimeline::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipFor(launchAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void LaunchTimeline::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    if (m_launches.empty()) {
        p.drawText(rect(),
                   Qt::AlignCenter,
                   tr("No launches yet: Profile (Alt+F5) records the run's kernel launches here"));
        return;
    }
    const QRectF area = plotArea();
    const QColor grid = palette().mid().color();
    for (int lane = 0; lane < m_lanes.size(); ++lane) {
        const QRectF row(0, area.top() + lane * kLaneHeight, width(), kLaneHeight);
        if (lane % 2)
            p.fillRect(row, palette().alternateBase());
        p.setPen(palette().text().color());
        p.drawText(
            QRectF(kMargin, row.top(), kLabelWidth - 2 * kMargin, kLaneHeight),
            Qt::AlignVCenter | Qt::AlignLeft,
            fontMetrics().elidedText(m_lanes[lane], Qt::ElideMiddle, kLabelWidth - 2 * kMargin));
    }
    for (int i = 0; i < int(m_launches.size()); ++i)
        p.fillRect(barRect(i), seriesColor(laneOf(i)));
    // The time axis: the span and a few ticks.
    p.setPen(grid);
    p.drawLine(area.bottomLeft(), area.bottomRight());
    p.setPen(palette().text().color());
    for (int t = 0; t <= 4; ++t) {
        const double x = area.left() + area.width() * t / 4;
        const Qt::Alignment align = t == 0   ? Qt::AlignLeft
                                    : t == 4 ? Qt::AlignRight
                                             : Qt::AlignHCenter;
        const QRectF label(t == 0   ? x
                           : t == 4 ? x - 120
                                    : x - 60,
                           area.bottom() + 2,
                           120,
                           kAxisHeight);
        p.drawText(label, align | Qt::AlignTop, duration(m_endNs * t / 4));
    }
    if (m_dropped > 0) {
        // Inside the label column, clear of the axis' first tick.
        const int width = kLabelWidth - kMargin - 8;
        p.drawText(QRectF(kMargin, area.bottom() + 2, width, kAxisHeight),
                   Qt::AlignLeft | Qt::AlignTop,
                   p.fontMetrics().elidedText(
                       tr("+%1 later not shown").arg(m_dropped), Qt::ElideRight, width));
    }
}

} // namespace tsm
