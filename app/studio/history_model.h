#pragma once
// The History pane's table: one row per run of the current file, newest first - when, the
// request, the backend, the source revision, the result, the seconds and how many benchmark
// points it measured.

#include "app/studio/run_history.h"

#include <QAbstractTableModel>

namespace tsm {

class HistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Time, Request, Backend, Revision, Result, Seconds, Points, ColumnCount };

    explicit HistoryModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    /// The runs to show, newest first.
    void setRecords(QList<RunRecord> records);
    const RunRecord &record(int row) const { return m_records[row]; }

private:
    QList<RunRecord> m_records;
};

} // namespace tsm
