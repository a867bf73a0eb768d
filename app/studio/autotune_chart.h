#pragma once
// The Autotune pane's chart (QtCharts stays behind this header): one horizontal bar per config
// of an `autotune` report, top to bottom in the decorator's order, as long as its median time;
// the winner in an accent colour, the p20–p80 spread as a whisker, the time written at the bar's
// end. A config that did not run keeps its row, with why written where its bar would be, so
// every config the tuner was given is on the chart. Hovering shows the exact numbers.

#include "core/run/autotune_report.h"

#include <QColor>
#include <QList>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QBarSet;
class QChart;
class QChartView;
class QGraphicsItem;
class QGraphicsSimpleTextItem;
class QHorizontalStackedBarSeries;
QT_END_NAMESPACE

namespace tsm {

class AutotuneChart : public QWidget
{
    Q_OBJECT

public:
    explicit AutotuneChart(QWidget *parent = nullptr);

    /// Draws `report`'s configs (a report without configs: the empty chart's hint).
    void setReport(const run::AutotuneReport &report);

    bool savePng(const QString &path) const;
    bool saveSvg(const QString &path) const;

    /// The configs' short labels in the decorator's order ("1024 w4"): what tells one config
    /// from the others (options every config shares are left out).
    static QStringList shortLabels(const run::AutotuneReport &report);

    /// The chart's categories in config order (the axis shows them top to bottom).
    QStringList categories() const;
    /// The bars' lengths in config order (0 where the config did not run).
    QList<double> barValues() const;
    /// The text beside each config's bar ("0.312 ms", the shortened reason), in config order.
    QStringList rowLabels() const;
    /// The colour config `config`'s bar is drawn in.
    QColor barColor(int config) const;
    /// What hovering over config `config` shows.
    QString toolTipAt(int config) const;
    QChartView *view() const { return m_view; }
    /// Redraws in Theme::current()'s chart theme.
    void applyTheme();

private:
    void rebuild();
    void layoutLabels();
    int categoryOf(int config) const { return int(m_report.configs.size()) - 1 - config; }

    run::AutotuneReport m_report;
    QChart *m_chart;
    QChartView *m_view;
    QHorizontalStackedBarSeries *m_bars = nullptr;
    QBarSet *m_others = nullptr, *m_winner = nullptr;
    QList<QGraphicsSimpleTextItem *> m_labels; ///< per config
    QList<QList<QGraphicsItem *>> m_whiskers;  ///< per config: line and caps
    QStringList m_labelTexts;                  ///< per config, before eliding
};

} // namespace tsm
