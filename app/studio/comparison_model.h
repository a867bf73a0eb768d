#pragma once
// The History pane's side-by-side table of two runs: one row per benchmark point with A's and
// B's values and B/A, coloured green where B is faster and red where it is slower by more than
// 2% (higher is better for throughputs, lower for times).

#include "app/studio/run_comparison.h"

#include <QAbstractTableModel>

namespace tsm {

class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Benchmark, Line, X, A, B, Ratio, ColumnCount };
    static constexpr double kTolerance = 0.02;

    explicit ComparisonModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void setComparison(RunComparison comparison);
    const RunComparison &comparison() const { return m_comparison; }

private:
    RunComparison m_comparison;
};

} // namespace tsm
