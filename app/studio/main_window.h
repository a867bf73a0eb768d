#pragma once
// The studio's main window: owns the editor, the find bar, the Problems dock and the check
// service, and wires them together. File dialogs and questions go through virtual functions so
// tests can answer them.

#include "app/studio/document.h"
#include "app/studio/kernel_types.h"
#include "app/studio/recent_files.h"
#include "app/studio/run_history.h"
#include "app/studio/theme.h"

#include <QMainWindow>

class QAction;
class QComboBox;
class QDockWidget;
class QJsonObject;
class QLabel;
class QMenu;

namespace tsm {

class AutotuneModel;
class AutotunePane;
class BackendPicker;
class BenchmarkModel;
class BenchmarkPane;
class CheckService;
class CodeViewPane;
class HistoryPane;
class FindBar;
class KernelEditor;
class ProblemsModel;
class ProblemsPane;
class ProfileModel;
class ProfilePane;
class RunLog;
class RunnerClient;
class RunProgress;
class ValidationModel;
class ValidationPane;
struct CheckReport;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    enum class SaveChoice { Save, Discard, Cancel };

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens `path` after asking about unsaved changes; reports failures in a dialog.
    bool openFile(const QString &path);
    void newFile();
    bool save();
    bool saveAs();
    /// Moves the editor to the span of the problem in `row` and selects it.
    void activateProblem(int row);
    /// Restores geometry and dock layout saved by the last session.
    void restoreLayout();
    /// Runs the file through the runner process: "run", "test", "bench" or "profile" (saves it
    /// first), with `extra` members added to the request. False when there is nothing to run
    /// (an untitled file the user did not save).
    bool runRequest(const QString &request, const QJsonObject &extra = {});
    /// Run > Profile: the `profile` request on CUDA ("bench" mode when the file has perf_report
    /// benchmarks, else "run"), with the Profile pane's metric set. With the interpreter, or no
    /// GPU, says in the pane and the status bar that profiling needs a CUDA device; false then.
    bool profile();
    /// Shows a profile report (the `profile` event's JSON, docs/run-events.md): the Profile
    /// pane, and the kernels' line costs in the editor when measured on the text it holds now.
    void showProfile(const QJsonObject &profileEvent);
    /// Adds a tuning (the `autotune` event's JSON, docs/run-events.md) to the Autotune pane and
    /// shows it; Pin Config applies to the text the run read.
    void showAutotune(const QJsonObject &autotuneEvent);
    /// Writes config `config` of the pane's tuning `report` into the editor's text (the
    /// decorator commented out, the config passed to the launch) as one undo step. False, and
    /// said in the pane, when the text changed since the run or the config cannot be pinned.
    bool pinAutotuneConfig(int report, int config);
    /// Stops the running request.
    void stopRun();
    /// "" (the default: CUDA when usable), "cuda" or "interp".
    QString backendChoice() const;
    void setBackendChoice(const QString &backend);
    /// The GPU the runs ask for (the picker's "CUDA N" entry), or -1 for the default device.
    int deviceChoice() const;
    BackendPicker *backendPicker() const { return m_backend; }
    /// Opens a writable copy of a bundled example (File > Examples); the status bar says where.
    bool openExample(const QString &bundled);
    /// Files dropped on the window: opens the first (as File > Open), says what was left out.
    void openDroppedFiles(const QStringList &paths);
    /// View > Theme: applies `choice` to the window, editor, code views and charts; saved.
    void setTheme(ThemeChoice choice, bool remember = true);
    /// Run ▸ Runner Command…: the command line that starts the runner, " serve" appended
    /// (`ssh -T gpu-box tilesmith`; "" the local tilesmith), saved unless `remember` is false.
    /// The next request starts it; the status bar names it; the backend picker asks it for its
    /// GPUs. False (said in the status bar) while a run is in flight.
    bool setRunnerCommand(const QString &commandLine, bool remember = true);
    QString runnerCommand() const { return m_runnerCommand; }
    /// The status bar's "runner: ssh gpu-box"; empty (and hidden) for the local runner.
    QString runnerStatus() const;

    KernelEditor *editor() const { return m_editor; }
    FindBar *findBar() const { return m_findBar; }
    ProblemsModel *problemsModel() const { return m_problems; }
    ProblemsPane *problemsPane() const { return m_problemsPane; }
    CheckService *checkService() const { return m_check; }
    RunnerClient *runner() const { return m_runner; }
    RunLog *runLog() const { return m_runLog; }
    /// The status bar's run state: the phase, a progress bar, how the last run ended.
    RunProgress *runProgress() const { return m_runLabel; }
    ValidationModel *validationModel() const { return m_validation; }
    ValidationPane *validationPane() const { return m_validationPane; }
    CodeViewPane *codeViewPane() const { return m_codeView; }
    /// A run / test / bench is in flight (the runner may also be building generated code).
    bool isRunning() const { return m_runId != 0; }
    QDockWidget *codeDock() const { return m_codeDock; }
    BenchmarkModel *benchmarkModel() const { return m_benchmarks; }
    BenchmarkPane *benchmarkPane() const { return m_benchmarkPane; }
    ProfileModel *profileModel() const { return m_profiles; }
    ProfilePane *profilePane() const { return m_profilePane; }
    QDockWidget *profileDock() const { return m_profileDock; }
    QAction *profileAction() const { return m_profileAction; }
    /// Run ▸ Reuse Autotune Choices: unchecked, runs send "autotune_cache": false.
    QAction *autotuneCacheAction() const { return m_autotuneCacheAction; }
    AutotuneModel *autotuneModel() const { return m_autotunes; }
    AutotunePane *autotunePane() const { return m_autotunePane; }
    QDockWidget *autotuneDock() const { return m_autotuneDock; }
    /// Every run recorded ($TILESMITH_HISTORY_FILE, else history.jsonl in the app data folder).
    const RunHistory &history() const { return m_history; }
    HistoryPane *historyPane() const { return m_historyPane; }
    QDockWidget *historyDock() const { return m_historyDock; }
    /// Puts the caret at 1-based `line`, `column` of the file and shows it.
    void goToLine(int line, int column);
    const Document &document() const { return m_document; }
    /// The launch signatures of the runs so far (kernel_compiled events).
    const KernelSignatures &kernelSignatures() const { return m_signatures; }
    /// The value types of the last check that had signatures (the editor's hover).
    const KernelTypes &kernelTypes() const { return m_kernelTypes; }
    QString problemSummary() const;
    QString positionText() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    virtual SaveChoice askSaveChanges();
    virtual QString askOpenPath();
    virtual QString askSavePath();
    virtual void showError(const QString &title, const QString &text);

private:
    void createMenus();
    void createStatusBar();
    bool maybeSave();
    void onCheckFinished(const CheckReport &report);
    void onRunEvent(int id, const QJsonObject &event);
    void onRunFinished(int id, int exitCode);
    void onBenchmarkPoint(const QJsonObject &event);
    void onProfileEvent(const QJsonObject &event);
    void onAutotuneEvent(const QJsonObject &event);
    /// Why Profile cannot run with the chosen backend, "" when it can.
    QString profileUnavailableReason() const;
    void updateLineCosts();
    void onDevices(const QJsonObject &event);
    void askForDevices();
    void recordRun(int exitCode);
    void updateRunActions();
    void updateTitle();
    void updateRecentMenu();
    void createExamplesMenu(QMenu *file);
    void createThemeMenu(QMenu *view);
    /// The runner client and the status bar's runner label follow `commandLine`.
    void useRunnerCommand(const QString &commandLine);
    void rememberDirectory(const QString &path);

    KernelEditor *m_editor;
    FindBar *m_findBar;
    ProblemsModel *m_problems;
    ProblemsPane *m_problemsPane;
    QDockWidget *m_problemsDock = nullptr;
    CheckService *m_check;
    Document m_document;
    RecentFiles m_recent;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_positionLabel = nullptr;
    QLabel *m_problemLabel = nullptr;
    QLabel *m_timingLabel = nullptr;
    QLabel *m_runnerLabel = nullptr; ///< "runner: ssh gpu-box" when a runner command is set
    QString m_runnerCommand;         ///< Run ▸ Runner Command…'s command line; "": local
    RunnerClient *m_runner;
    RunLog *m_runLog;
    QDockWidget *m_runLogDock = nullptr;
    ValidationModel *m_validation;
    ValidationPane *m_validationPane;
    QDockWidget *m_validationDock = nullptr;
    CodeViewPane *m_codeView = nullptr;
    QDockWidget *m_codeDock = nullptr;
    BenchmarkModel *m_benchmarks;
    BenchmarkPane *m_benchmarkPane;
    QDockWidget *m_benchmarkDock = nullptr;
    ProfileModel *m_profiles;
    ProfilePane *m_profilePane;
    QDockWidget *m_profileDock = nullptr;
    QAction *m_profileAction = nullptr;
    QByteArray m_profiledText; ///< the text the profile in flight (or shown) was measured on
    bool m_awaitingProfile = false; ///< a profile run whose report has not come yet
    AutotuneModel *m_autotunes;
    AutotunePane *m_autotunePane;
    QDockWidget *m_autotuneDock = nullptr;
    QByteArray m_autotunedText; ///< the text the run in flight (or the tunings shown) read
    bool m_autotuneShown = false; ///< the run in flight has shown its first tuning
    RunHistory m_history;
    RunRecord m_runRecord;     ///< the run in progress, appended to m_history when it ends
    QString m_runnerFailure;   ///< why the runner failed during the run in progress
    HistoryPane *m_historyPane = nullptr;
    QDockWidget *m_historyDock = nullptr;
    int m_devicesId = 0;         ///< the devices request asked for the copy bandwidth, while it runs
    bool m_haveDevices = false;  ///< a devices event has answered (once per session)
    bool m_devicesAfterRun = false; ///< the start-up devices request waits for the run to end
    BackendPicker *m_backend = nullptr;
    RunProgress *m_runLabel = nullptr;
    QList<QAction *> m_startActions;
    QAction *m_stopAction = nullptr;
    QAction *m_autotuneCacheAction = nullptr; ///< Run ▸ Reuse Autotune Choices
    int m_runId = 0;
    KernelSignatures m_signatures;
    KernelTypes m_kernelTypes;
};

} // namespace tsm
