#pragma once
// The Profile pane's launch timeline: the run's kernel launches (CUPTI activity records) as
// bars on one lane per kernel, placed by start time and drawn at least a pixel wide. Hovering
// over a bar shows the launch's kernel, grid, duration and the gap since the launch before it.

#include "core/run/profile_report.h"

#include <QWidget>

namespace tsm {

class LaunchTimeline : public QWidget
{
    Q_OBJECT

public:
    explicit LaunchTimeline(QWidget *parent = nullptr);

    void setReport(const run::ProfileReport &report);
    /// The lanes' kernel names, top to bottom (order of first launch).
    QStringList lanes() const { return m_lanes; }
    /// The launch drawn at `point` (its index in the report's timeline), or -1.
    int launchAt(QPoint point) const;
    /// Where launch `index` is drawn.
    QRectF barRect(int index) const;
    /// What hovering over launch `index` shows.
    QString toolTipFor(int index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    QRectF plotArea() const;
    int laneOf(int index) const;

    std::vector<run::ProfileLaunch> m_launches; ///< in start order
    std::int64_t m_dropped = 0;
    QStringList m_lanes;
    QList<int> m_laneOf; ///< per launch
    std::int64_t m_endNs = 0;
};

} // namespace tsm
