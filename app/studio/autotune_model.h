#pragma once
// The Autotune pane's table: one row per config of one `autotune` report (docs/run-events.md),
// in the decorator's order: what sets it apart (its arguments but those every config shares;
// Triton's whole label in the tooltip), what became of it (the reason in full in the tooltip),
// do_bench's median and p20–p80 spread, its time against the winner's, and what the build
// says about it (registers, spills, shared memory, occupancy, compile time). The winner is
// bold on a highlighted row; configs that did not run are greyed. Colours come from
// Theme::current(); refreshTheme() repaints after a theme change.

#include "core/run/autotune_report.h"

#include <QAbstractTableModel>

namespace tsm {

class AutotuneModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Config,
        Status,
        MedianMs,
        Spread,
        VsBest,
        Registers,
        Spills,
        Shared,
        Occupancy,
        CompileSeconds,
        ColumnCount
    };
    /// The cell's number for sorting (+inf when unknown, so those sort last; text columns:
    /// the text).
    static constexpr int SortRole = Qt::UserRole + 1;
    /// True for a config that did not run (pruned, failed...).
    static constexpr int GreyedRole = Qt::UserRole + 2;

    explicit AutotuneModel(QObject *parent = nullptr);

    void setReport(const run::AutotuneReport &report);
    void clear();
    bool hasReport() const { return m_hasReport; }
    const run::AutotuneReport &report() const { return m_report; }
    const run::AutotuneConfig &config(int row) const { return m_report.configs[std::size_t(row)]; }
    /// The winner's row, -1 when none.
    int bestRow() const { return m_report.best; }
    /// The config's median over the winner's (NaN when either is unknown).
    double vsBest(int row) const;
    /// Repaints the rows in Theme::current()'s colours.
    void refreshTheme();
    /// "BLOCK_SIZE: 1024, num_warps: 4": the config's arguments whose value differs between
    /// the report's configs (all of them when none does).
    QString configText(int row) const;
    /// "num_stages: 3": the arguments every config has with the same value.
    QString sharedText() const;

    /// "ran", "fastest", "pruned by early_config_prune", "compile error: …" (the reason on one
    /// line); a shared-memory limit as "out of resources: 256 KiB shared > 227 KiB".
    static QString statusText(const run::AutotuneConfig &c, bool best);
    /// "out of resources", "compile error", ...
    static QString statusName(run::AutotuneConfig::Status status);
    /// "1.5 KiB", "48 KiB", "512 B".
    static QString bytesText(int bytes);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QString displayText(int row, int column) const;
    QString toolTip(int row, int column) const;
    double sortValue(int row, int column) const;

    run::AutotuneReport m_report;
    bool m_hasReport = false;
    std::vector<std::string> m_shared; ///< the names of the arguments every config shares
};

} // namespace tsm
