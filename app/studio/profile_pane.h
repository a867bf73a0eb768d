#pragma once
// The Profile dock: the Profile action and the metric set to collect (fast / roofline / sol,
// kept in QSettings), a baseline pin, the kernels table (ProfileModel), the launch timeline and
// the roofline, with PNG / SVG export of the roofline and CSV of the table. Messages about the
// run (the interpreter cannot be profiled, counters that were not available, the report's
// notes) show above them. Wiring only: the numbers come from the model and the two views.

#include "core/run/profile_report.h"

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace tsm {

class LaunchTimeline;
class ProfileModel;
class RooflineChart;

class ProfilePane : public QWidget
{
    Q_OBJECT

public:
    enum class Format { Png, Svg, Csv };

    explicit ProfilePane(ProfileModel *model, QWidget *parent = nullptr);

    /// The button that starts a profile (the main window's Run > Profile action).
    void setProfileAction(QAction *action);
    /// Shows `report` in the table, timeline and roofline; clears the message.
    void setReport(const run::ProfileReport &report);
    /// A message above the views ("" hides it); the report's own notes follow it.
    void showMessage(const QString &text);
    QString message() const;
    /// "fast", "roofline" (the default) or "sol": what the Profile action asks for.
    QString metricSet() const;
    void setMetricSet(const QString &set);
    /// Pins the shown report as the baseline, or unpins it (the button).
    void setBaselinePinned(bool pinned);
    /// The model row selected in the table, -1 when none.
    int chosenRow() const;
    /// Writes the roofline (PNG, SVG) or the table (CSV) to `path`; false (and says why) when
    /// it cannot.
    bool exportTo(Format format, const QString &path);
    void exportShown(Format format);
    /// Redraws the roofline and timeline in Theme::current().
    void applyTheme();

    ProfileModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    RooflineChart *roofline() const { return m_roofline; }
    LaunchTimeline *timeline() const { return m_timeline; }
    QComboBox *metricsChooser() const { return m_metrics; }
    QPushButton *pinButton() const { return m_pin; }
    QPushButton *exportButton(Format format) const;
    QString summary() const;

signals:
    /// The table's selection changed to model row `row` (-1: none).
    void rowChosen(int row);
    /// A row was double-clicked: go to its kernel.
    void kernelActivated(int row);

protected:
    /// The path to write, "" to cancel.
    virtual QString
    askExportPath(const QString &title, const QString &suggested, const QString &filter);
    virtual void showError(const QString &title, const QString &text);

private:
    void updateMessage();
    void updateSummary();
    int sourceRow(int viewRow) const;

    ProfileModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QToolButton *m_profile;
    QComboBox *m_metrics;
    QPushButton *m_pin;
    QLabel *m_summary;
    QLabel *m_message;
    QTableView *m_view;
    QSplitter *m_left; ///< the table over the timeline
    LaunchTimeline *m_timeline;
    RooflineChart *m_roofline;
    QPushButton *m_png, *m_svg, *m_csv;
    QString m_text; ///< the message set by showMessage
};

} // namespace tsm
