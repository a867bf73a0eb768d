#pragma once
// The Profile pane's table: one row per KernelProfile of the last `profile` report (kernel,
// grid, launches, times, DRAM traffic, achieved throughput, the roof that binds and how close
// the kernel gets to it, registers, occupancy, replay passes). A pinned baseline report gives
// each row of the same kernel and grid per-metric deltas ("-12.3%"), coloured better / worse
// beyond 2%.

#include "core/run/profile_report.h"

#include <QAbstractTableModel>

#include <optional>

namespace tsm {

class ProfileModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Kernel,
        Grid,
        Launches,
        MedianUs,
        CounterUs,
        DramMB,
        GBs,
        TFLOPs,
        Roof,
        RoofPercent,
        Registers,
        Occupancy,
        Passes,
        ColumnCount
    };
    /// The cell's number (NaN when unknown; text columns: the text), for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;
    /// The change against the baseline's row in percent (NaN without one).
    static constexpr int DeltaRole = Qt::UserRole + 2;
    /// Changes smaller than this (in percent) are not coloured better or worse.
    static constexpr double kNoiseFloorPercent = 2.0;

    explicit ProfileModel(QObject *parent = nullptr);

    void setReport(const run::ProfileReport &report);
    void clear();
    bool hasReport() const { return m_hasReport; }
    const run::ProfileReport &report() const { return m_report; }
    const run::KernelProfile &kernel(int row) const { return m_report.kernels[std::size_t(row)]; }

    /// Pins the shown report as the baseline later reports are compared with; false when none.
    bool pinBaseline();
    void clearBaseline();
    bool hasBaseline() const { return m_baseline.has_value(); }
    const run::ProfileReport *baseline() const { return m_baseline ? &*m_baseline : nullptr; }
    /// The baseline's kernel of the same kernel and grid as `row` (the same signature first),
    /// or null.
    const run::KernelProfile *baselineKernel(int row) const;
    /// (now - baseline) / baseline in percent for a numeric column, NaN when not comparable.
    double delta(int row, int column) const;

    /// The column's number for `k` (NaN when unknown or not numeric).
    static double value(const run::KernelProfile &k, int column);
    /// "262144", "64×32", "4×2×3".
    static QString gridText(const std::array<std::int64_t, 3> &grid);
    /// The table as CSV: a header, then one line per row with the numbers unrounded.
    QString csv() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    void baselineChanged();

private:
    QString displayText(int row, int column) const;
    QString toolTip(int row, int column) const;

    run::ProfileReport m_report;
    bool m_hasReport = false;
    std::optional<run::ProfileReport> m_baseline;
};

} // namespace tsm
