#include "app/studio/history_model.h"

#include <QBrush>
#include <QColor>

namespace tsm {

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void HistoryModel::setRecords(QList<RunRecord> records)
{
    beginResetModel();
    m_records = std::move(records);
    endResetModel();
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_records.size())
        return {};
    const RunRecord &r = m_records[index.row()];
    if (role == Qt::ForegroundRole && index.column() == Result)
        return QBrush(r.passed ? QColor(0x1a, 0x7f, 0x37) : QColor(0xcf, 0x22, 0x2e));
    if (role == Qt::TextAlignmentRole && (index.column() == Seconds || index.column() == Points))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Revision:
            return tr("SHA-256 of the text that ran: %1").arg(r.revision);
        case Result:
            return !r.failure.isEmpty() ? r.failure : r.firstError;
        case Backend:
            return tr("chosen: %1; used: %2")
                .arg(r.backendChosen.isEmpty() ? tr("default") : r.backendChosen,
                     r.backendUsed.isEmpty() ? tr("not shown by the run's events") : r.backendUsed);
        case Time:
            return r.started.toLocalTime().toString(Qt::ISODateWithMs);
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Time:
        return r.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd hh:mm:ss"));
    case Request:
        return r.request;
    case Backend:
        if (!r.backendUsed.isEmpty())
            return r.backendUsed;
        return r.backendChosen.isEmpty() ? tr("default") : r.backendChosen;
    case Revision:
        return r.shortRevision();
    case Result:
        return r.resultText();
    case Seconds:
        return QString::number(r.seconds, 'f', 2);
    case Points:
        return int(r.points.size());
    default:
        return {};
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Time:
        return tr("Time");
    case Request:
        return tr("Request");
    case Backend:
        return tr("Backend");
    case Revision:
        return tr("Revision");
    case Result:
        return tr("Result");
    case Seconds:
        return tr("Seconds");
    case Points:
        return tr("Points");
    default:
        return {};
    }
}

} // namespace tsm
