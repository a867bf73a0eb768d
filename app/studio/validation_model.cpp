#include "app/studio/validation_model.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QJsonArray>

namespace tsm {
namespace {

QString indexText(const QJsonValue &v)
{
    QStringList parts;
    for (const QJsonValue &x : v.toArray())
        parts << QString::number(x.toInteger());
    return QStringLiteral("[") + parts.join(QStringLiteral(", ")) + QStringLiteral("]");
}

QString errorText(const QJsonObject &e, const char *value, const char *index)
{
    const QJsonValue v = e.value(QLatin1String(value));
    if (v.isNull())
        return QStringLiteral("nan");
    const double d = v.toDouble();
    if (d == 0)
        return QStringLiteral("0");
    return QStringLiteral("%1 at %2").arg(QString::number(d, 'g', 3), indexText(e.value(QLatin1String(index))));
}

} // namespace

ValidationModel::ValidationModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int ValidationModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ValidationModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ValidationModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const QJsonObject &e = m_rows[index.row()];
    const bool passed = e.value(QStringLiteral("passed")).toBool();
    if (role == Qt::ForegroundRole && index.column() == Result)
        return QBrush(passed ? QColor(0x1a, 0x7f, 0x37) : QColor(0xcf, 0x22, 0x2e));
    if (role == Qt::ToolTipRole)
        return passed ? QString() : e.value(QStringLiteral("message")).toString();
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Result: return passed ? tr("passed") : tr("FAILED");
    case Function: return e.value(QStringLiteral("function")).toString().section(QLatin1Char('.'), -1);
    case Where:
        return e.contains(QStringLiteral("line"))
                   ? QStringLiteral("%1:%2").arg(QFileInfo(e.value(QStringLiteral("file")).toString()).fileName()).arg(e.value(QStringLiteral("line")).toInt())
                   : QString();
    case Mismatched:
        return QStringLiteral("%1 / %2").arg(e.value(QStringLiteral("mismatched")).toInteger()).arg(e.value(QStringLiteral("total")).toInteger());
    case MaxAbs: return errorText(e, "max_abs_error", "max_abs_index");
    case MaxRel: return errorText(e, "max_rel_error", "max_rel_index");
    case Tolerance:
        return QStringLiteral("atol %1, rtol %2")
            .arg(QString::number(e.value(QStringLiteral("atol")).toDouble(), 'g', 3),
                 QString::number(e.value(QStringLiteral("rtol")).toDouble(), 'g', 3));
    default: return {};
    }
}

QVariant ValidationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Result: return tr("Result");
    case Function: return tr("Check");
    case Where: return tr("Where");
    case Mismatched: return tr("Mismatched");
    case MaxAbs: return tr("Max abs error");
    case MaxRel: return tr("Max rel error");
    case Tolerance: return tr("Tolerance");
    default: return {};
    }
}

void ValidationModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void ValidationModel::addEvent(const QJsonObject &event)
{
    if (event.value(QStringLiteral("event")).toString() != QStringLiteral("validation"))
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    m_rows.append(event);
    endInsertRows();
}

int ValidationModel::failedCount() const
{
    int n = 0;
    for (const QJsonObject &e : m_rows)
        n += e.value(QStringLiteral("passed")).toBool() ? 0 : 1;
    return n;
}

} // namespace tsm
