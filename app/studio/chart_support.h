#pragma once
// What the studio's charts (BenchmarkChart, HistoryChart) share: the view set up the same way
// (theme, legend, margins, antialiasing, whole-viewport repaints since the charts are rebuilt
// in place) and the queries their tests read.

#include <QList>
#include <QPointF>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QWidget;
class QXYSeries;
QT_END_NAMESPACE

namespace tsm {

/// A QChartView of `chart` in Theme::current()'s chart theme, filling `host` (which gets a
/// margin-free layout holding it).
QChartView *makeChartView(QChart *chart, QWidget *host);

/// The names of `lines`, in order.
QStringList seriesNames(const QList<QXYSeries *> &lines);
/// The points of the line called `name` (empty when none is).
QList<QPointF> seriesPoints(const QList<QXYSeries *> &lines, const QString &name);

} // namespace tsm
