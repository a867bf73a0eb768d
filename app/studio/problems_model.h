#pragma once
// The Problems table: one row per diagnostic of the last check, in source order.

#include "app/studio/check_service.h"

#include <QAbstractTableModel>
#include <QIcon>

#include <array>

namespace tsm {

class ProblemsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, MessageColumn, KindColumn, LocationColumn, ColumnCount };
    enum Role {
        SeverityRole = Qt::UserRole + 1, ///< int(tsm::Severity)
        BeginRole,                       ///< byte offset of the span
        EndRole,
        LineRole,   ///< 1-based
        ColumnRole, ///< 1-based, code points
        KindRole,
    };

    explicit ProblemsModel(QObject *parent = nullptr);

    void setProblems(QVector<Problem> problems);
    void clear() { setProblems({}); }
    const Problem &problem(int row) const { return m_problems.at(row); }
    const QVector<Problem> &problems() const { return m_problems; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVector<Problem> m_problems;
    std::array<QIcon, 3> m_icons; // by Severity
};

} // namespace tsm
