#pragma once
// The Validation pane's rows: one per assert_close / allclose the last run made (validation
// events, docs/run-events.md), with pass/fail, tolerances, the worst errors and where, and the
// mismatch count; the event itself (heat map, first mismatches, PyTorch's message) stays with
// the row for the detail view.

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QList>

namespace tsm {

class ValidationModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Result, Function, Where, Mismatched, MaxAbs, MaxRel, Tolerance, ColumnCount };

    explicit ValidationModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void clear();
    /// Adds a validation event (others are ignored).
    void addEvent(const QJsonObject &event);
    const QJsonObject &row(int r) const { return m_rows[r]; }
    int failedCount() const;

private:
    QList<QJsonObject> m_rows;
};

} // namespace tsm
