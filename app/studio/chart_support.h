#pragma once
// What the studio's charts (BenchmarkChart, HistoryChart) share: the view set up the same way
// (theme, legend, margins, antialiasing, whole-viewport repaints since the charts are rebuilt
// in place), PNG / SVG export, and the queries their tests read.

#include <QColor>
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

/// The colour of the i-th line of a chart: matplotlib's default cycle, as Triton's own plots.
QColor seriesColor(int i);

/// Writes what `view` shows to `path` as a PNG / an SVG drawing (QtCharts lays out on posted
/// events: they are delivered first, so a chart updated just now is saved as it is).
bool saveChartPng(QChartView *view, const QString &path);
bool saveChartSvg(QChartView *view, const QString &path, const QString &description);

/// The names of `lines`, in order.
QStringList seriesNames(const QList<QXYSeries *> &lines);
/// The points of the line called `name` (empty when none is).
QList<QPointF> seriesPoints(const QList<QXYSeries *> &lines, const QString &name);

} // namespace tsm
