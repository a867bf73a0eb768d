#include "app/studio/chart_support.h"

#include "app/studio/theme.h"

#include <QChart>
#include <QChartView>
#include <QVBoxLayout>
#include <QXYSeries>

namespace tsm {

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
