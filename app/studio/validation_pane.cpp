#include "app/studio/validation_pane.h"

#include "app/studio/validation_model.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QPainter>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tsm {

HeatMap::HeatMap(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(120, 80);
    setToolTip(tr("Error / allowed error per cell: green within tolerance, red beyond; the "
                  "mismatching region is outlined"));
}

void HeatMap::setHeat(int rows, int cols, QList<float> values)
{
    m_rows = rows;
    m_cols = cols;
    m_values = std::move(values);
    m_region = {};
    if (m_values.size() != qsizetype(rows) * cols)
        m_rows = m_cols = 0;
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c)
            if (m_values[r * m_cols + c] > 1.0f)
                m_region = m_region.united(QRect(c, r, 1, 1));
    update();
}

QColor HeatMap::cellColor(float v, bool dark)
{
    if (v > 1.0f || std::isnan(v))
        return QColor::fromHsvF(0.0, std::min(1.0, 0.45 + 0.1 * std::log10(std::max(1.0f, v))), 0.85);
    return dark ? QColor::fromHsvF(0.33, 0.45 + 0.3 * v, 0.2 + 0.35 * v)
                : QColor::fromHsvF(0.33, 0.05 + 0.6 * v, 0.95 - 0.25 * v);
}

QColor HeatMap::outlineColor(bool dark)
{
    return dark ? QColor(Qt::white) : QColor(Qt::black);
}

void HeatMap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    p.fillRect(rect(), palette().base());
    if (!m_rows || !m_cols) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("heat map: 2-D outputs"));
        return;
    }
    QImage img(m_cols, m_rows, QImage::Format_RGB32);
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c) {
            img.setPixel(c, r, cellColor(m_values[r * m_cols + c], dark).rgb());
        }
    const QRect target = rect().adjusted(2, 2, -2, -2);
    p.drawImage(target, img);
    if (!m_region.isEmpty()) {
        const double sx = double(target.width()) / m_cols, sy = double(target.height()) / m_rows;
        // At least 8 px each way, so one mismatching element of a thousand (a tail bug) still
        // shows a box where it is.
        QRectF box(target.x() + m_region.x() * sx, target.y() + m_region.y() * sy,
                   m_region.width() * sx, m_region.height() * sy);
        const qreal minSide = 8;
        if (box.width() < minSide)
            box.adjust(-(minSide - box.width()) / 2, 0, (minSide - box.width()) / 2, 0);
        if (box.height() < minSide)
            box.adjust(0, -(minSide - box.height()) / 2, 0, (minSide - box.height()) / 2);
        box.moveLeft(std::clamp(box.left(), qreal(target.left()), qreal(target.right()) - box.width() + 1));
        box.moveTop(std::clamp(box.top(), qreal(target.top()), qreal(target.bottom()) - box.height() + 1));
        p.setPen(QPen(outlineColor(dark), 2));
        p.drawRect(box);
    }
}

ValidationPane::ValidationPane(ValidationModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(new QTableView)
    , m_heat(new HeatMap)
    , m_details(new QPlainTextEdit)
{
    m_view->setModel(model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    connect(model, &QAbstractItemModel::rowsInserted, m_view, [this] { m_view->resizeColumnsToContents(); });
    m_details->setReadOnly(true);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setPlaceholderText(tr("Select a check to see its report"));

    auto *detail = new QSplitter(Qt::Vertical);
    detail->addWidget(m_heat);
    detail->addWidget(m_details);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_view);
    split->addWidget(detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &i) { showRow(i.row()); });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &i) {
        const QJsonObject &e = m_model->row(i.row());
        if (e.contains(QStringLiteral("line")))
            emit assertActivated(e.value(QStringLiteral("line")).toInt(), e.value(QStringLiteral("column")).toInt());
    });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { showRow(-1); });
}

void ValidationPane::showRow(int r)
{
    if (r < 0 || r >= m_model->rowCount()) {
        m_heat->setHeat(0, 0, {});
        m_details->clear();
        return;
    }
    const QJsonObject &e = m_model->row(r);
    const QJsonObject heat = e.value(QStringLiteral("heat")).toObject();
    QList<float> values;
    for (const QJsonValue &v : heat.value(QStringLiteral("values")).toArray())
        values << (v.isNull() ? std::numeric_limits<float>::infinity() : float(v.toDouble()));
    m_heat->setHeat(heat.value(QStringLiteral("rows")).toInt(), heat.value(QStringLiteral("cols")).toInt(), values);
    QString text = e.value(QStringLiteral("passed")).toBool()
                       ? tr("Passed: %1 elements within atol %2 + rtol %3 · |expected|.")
                             .arg(e.value(QStringLiteral("total")).toInteger())
                             .arg(e.value(QStringLiteral("atol")).toDouble())
                             .arg(e.value(QStringLiteral("rtol")).toDouble())
                       : e.value(QStringLiteral("message")).toString();
    const QJsonArray first = e.value(QStringLiteral("first_mismatches")).toArray();
    if (!first.isEmpty()) {
        text += tr("\n\nFirst mismatches (index: actual vs expected):");
        for (const QJsonValue &m : first) {
            QStringList idx;
            for (const QJsonValue &x : m[QStringLiteral("index")].toArray())
                idx << QString::number(x.toInteger());
            text += QStringLiteral("\n  [%1]: %2 vs %3")
                        .arg(idx.join(QStringLiteral(", ")))
                        .arg(m[QStringLiteral("actual")].toDouble())
                        .arg(m[QStringLiteral("expected")].toDouble());
        }
    }
    m_details->setPlainText(text);
}

} // namespace tsm
