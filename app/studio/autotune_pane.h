#pragma once
// The Autotune dock: the tunings of the last run (one `autotune` event each: a kernel and a key
// value) in a chooser, newest first chosen; for the chosen one a header (kernel, key, how long
// tuning took, how the times were measured), the configs table (AutotuneModel) beside the bar
// chart (AutotuneChart), and "Pin Config", which asks the main window to write the chosen
// config into the source. Wiring only.

#include "core/run/autotune_report.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace tsm {

class AutotuneChart;
class AutotuneModel;

class AutotunePane : public QWidget
{
    Q_OBJECT

public:
    explicit AutotunePane(AutotuneModel *model, QWidget *parent = nullptr);

    /// Adds a tuning to the chooser and shows it.
    void addReport(const run::AutotuneReport &report);
    /// Forgets every tuning (a new run starts).
    void clear();
    int reportCount() const { return int(m_reports.size()); }
    /// The chooser's index (-1 when there is none) and its report.
    int currentReport() const;
    void setCurrentReport(int index);
    const run::AutotuneReport &report(int index) const { return m_reports[std::size_t(index)]; }
    /// The config Pin Config writes: the selected row when it ran, else the winner; -1 none.
    int pinnableConfig() const;
    /// The model row selected in the table, -1 when none.
    int selectedConfig() const;
    void selectConfig(int config);
    /// A line under the header ("" hides it): what a pin did or why it could not.
    void showMessage(const QString &text);
    QString message() const;
    QString header() const;
    /// "swish_kernel — (67108864,)": the chooser's text for `report`.
    static QString reportTitle(const run::AutotuneReport &report);
    /// "tuned in 2.41 s (compile 0.84 s on 8 threads)", or "from the disk cache: no tuning".
    static QString tuningText(const run::AutotuneReport &report);
    /// Repaints the table and chart in Theme::current().
    void applyTheme();

    AutotuneModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    AutotuneChart *chart() const { return m_chart; }
    QComboBox *reportChooser() const { return m_chooser; }
    QPushButton *pinButton() const { return m_pin; }

signals:
    /// Pin Config: write config `config` of tuning `report` into the source.
    void pinRequested(int report, int config);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void showCurrent();
    void updatePinButton();
    void fitColumns();

    AutotuneModel *m_model;
    std::vector<run::AutotuneReport> m_reports;
    QComboBox *m_chooser;
    QLabel *m_header;
    QPushButton *m_pin;
    QLabel *m_message;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_view;
    AutotuneChart *m_chart;
    QSplitter *m_split;
    bool m_userSplit = false; ///< the user moved the splitter: leave it where it is
};

} // namespace tsm
