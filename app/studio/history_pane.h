#pragma once
// The History dock: the current file's runs (newest first), a chart of one benchmark point
// across them (chosen from the points the runs measured), and two selected runs compared side
// by side. Wiring only: the data is RunHistory's, the tables are HistoryModel and
// ComparisonModel, the chart is HistoryChart.

#include "app/studio/run_history.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;

namespace tsm {

class ComparisonModel;
class HistoryChart;
class HistoryModel;

class HistoryPane : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryPane(const RunHistory *history, QWidget *parent = nullptr);

    /// Shows the runs of `file` ("": none).
    void setFile(const QString &file);
    QString file() const { return m_file; }
    /// Reads the history again (a run was added).
    void refresh();
    /// Shows the series `key` (false when the file's runs do not have it).
    bool showSeries(const SeriesKey &key);
    /// Compares the two selected runs (the older as A) on the Compare tab; false, saying why in
    /// the pane, unless exactly two are selected.
    bool compareSelected();

    QTableView *runsView() const { return m_runs; }
    HistoryModel *model() const { return m_model; }
    QComboBox *seriesChooser() const { return m_chooser; }
    HistoryChart *chart() const { return m_chart; }
    ComparisonModel *comparisonModel() const { return m_comparison; }
    QLabel *comparisonTitle() const { return m_comparisonTitle; }
    QPlainTextEdit *differences() const { return m_differences; }
    QPushButton *compareButton() const { return m_compare; }
    QTabWidget *tabs() const { return m_tabs; }

private:
    void updateSeriesChooser();
    void showChosenSeries();
    void updateCompareButton();

    const RunHistory *m_history;
    QString m_file;
    QList<SeriesKey> m_keys;
    HistoryModel *m_model;
    QTableView *m_runs;
    QComboBox *m_chooser;
    QPushButton *m_compare;
    QLabel *m_summary;
    QTabWidget *m_tabs;
    HistoryChart *m_chart;
    ComparisonModel *m_comparison;
    QLabel *m_comparisonTitle;
    QPlainTextEdit *m_differences;
};

} // namespace tsm
