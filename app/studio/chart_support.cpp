#include "app/studio/chart_support.h"

#include "app/studio/theme.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QPainter>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <QXYSeries>

namespace tsm {
namespace {

// matplotlib's default cycle, so the chart's colors match Triton's own plots.
const QColor kColors[] = {QColor(0x1f77b4),
                          QColor(0xff7f0e),
                          QColor(0x2ca02c),
                          QColor(0xd62728),
                          QColor(0x9467bd),
                          QColor(0x8c564b),
                          QColor(0xe377c2),
                          QColor(0x7f7f7f),
                          QColor(0xbcbd22),
                          QColor(0x17becf)};

} // namespace

QColor seriesColor(int i)
{
    return kColors[i % std::size(kColors)];
}

QChartView *makeChartView(QChart *chart, QWidget *host)
{
    chart->setTheme(Theme::current().chart);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *view = new QChartView(chart, host);
    view->setRenderHint(QPainter::Antialiasing);
    // The charts are rebuilt in place: repaint them whole, or old markers linger.
    view->setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    view->setMinimumSize(320, 200);
    auto *layout = new QVBoxLayout(host);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    return view;
}

bool saveChartPng(QChartView *view, const QString &path)
{
    QCoreApplication::sendPostedEvents();
    return view->grab().save(path, "PNG");
}

bool saveChartSvg(QChartView *view, const QString &path, const QString &description)
{
    QCoreApplication::sendPostedEvents();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(view->size());
    svg.setViewBox(view->rect());
    svg.setTitle(view->chart()->title());
    svg.setDescription(description);
    QPainter painter;
    if (!painter.begin(&svg))
        return false;
    view->render(&painter);
    return painter.end();
}

QStringList seriesNames(const QList<QXYSeries *> &lines)
{
    QStringList names;
    for (const QXYSeries *s : lines)
        names << s->name();
    return names;
}

QList<QPointF> seriesPoints(const QList<QXYSeries *> &lines, const QString &name)
{
    for (const QXYSeries *s : lines)
        if (s->name() == name)
            return s->points();
    return {};
}

} // namespace tsm
