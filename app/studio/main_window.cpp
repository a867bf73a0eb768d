#include "app/studio/main_window.h"

#include "app/studio/autotune_model.h"
#include "app/studio/autotune_pane.h"
#include "app/studio/autotune_pin.h"
#include "app/studio/backend_picker.h"
#include "app/studio/benchmark_chart.h"
#include "app/studio/benchmark_model.h"
#include "app/studio/benchmark_pane.h"
#include "app/studio/check_service.h"
#include "app/studio/code_view_pane.h"
#include "app/studio/examples.h"
#include "app/studio/file_drop.h"
#include "app/studio/history_chart.h"
#include "app/studio/history_pane.h"
#include "app/studio/line_costs.h"
#include "app/studio/perf_report_scan.h"
#include "app/studio/problems_model.h"
#include "app/studio/problems_pane.h"
#include "app/studio/profile_model.h"
#include "app/studio/profile_pane.h"
#include "app/studio/run_log.h"
#include "app/studio/run_progress.h"
#include "app/studio/runner_client.h"
#include "app/studio/runner_command.h"
#include "app/studio/validation_model.h"
#include "app/studio/validation_pane.h"
#include "core/run/autotune_json.h"
#include "core/run/profile_json.h"
#include "editor/find_bar.h"
#include "editor/kernel_editor.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace tsm {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_editor(new KernelEditor)
    , m_findBar(new FindBar(m_editor))
    , m_problems(new ProblemsModel(this))
    , m_problemsPane(new ProblemsPane(m_problems))
    , m_check(new CheckService(this))
    , m_runner(new RunnerClient(RunnerClient::defaultRunnerProgram(), this))
    , m_runLog(new RunLog)
    , m_validation(new ValidationModel(this))
    , m_validationPane(new ValidationPane(m_validation))
    , m_benchmarks(new BenchmarkModel(this))
    , m_benchmarkPane(new BenchmarkPane(m_benchmarks))
    , m_profiles(new ProfileModel(this))
    , m_profilePane(new ProfilePane(m_profiles))
    , m_autotunes(new AutotuneModel(this))
    , m_autotunePane(new AutotunePane(m_autotunes))
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_findBar);
    m_findBar->hide();
    setCentralWidget(central);

    m_problemsDock = new QDockWidget(tr("Problems"), this);
    m_problemsDock->setObjectName(QStringLiteral("problemsDock"));
    m_problemsDock->setWidget(m_problemsPane);
    addDockWidget(Qt::BottomDockWidgetArea, m_problemsDock);
    resizeDocks({m_problemsDock}, {150}, Qt::Vertical);
    m_runLogDock = new QDockWidget(tr("Run Log"), this);
    m_runLogDock->setObjectName(QStringLiteral("runLogDock"));
    m_runLogDock->setWidget(m_runLog);
    addDockWidget(Qt::BottomDockWidgetArea, m_runLogDock);
    tabifyDockWidget(m_problemsDock, m_runLogDock);
    m_validationDock = new QDockWidget(tr("Validation"), this);
    m_validationDock->setObjectName(QStringLiteral("validationDock"));
    m_validationDock->setWidget(m_validationPane);
    addDockWidget(Qt::BottomDockWidgetArea, m_validationDock);
    tabifyDockWidget(m_runLogDock, m_validationDock);
    m_benchmarkDock = new QDockWidget(tr("Benchmarks"), this);
    m_benchmarkDock->setObjectName(QStringLiteral("benchmarkDock"));
    m_benchmarkDock->setWidget(m_benchmarkPane);
    addDockWidget(Qt::BottomDockWidgetArea, m_benchmarkDock);
    tabifyDockWidget(m_validationDock, m_benchmarkDock);
    m_history.load(); // a file it cannot read is said in the pane; the runs go on being recorded
    m_historyPane = new HistoryPane(&m_history);
    m_historyDock = new QDockWidget(tr("History"), this);
    m_historyDock->setObjectName(QStringLiteral("historyDock"));
    m_historyDock->setWidget(m_historyPane);
    addDockWidget(Qt::BottomDockWidgetArea, m_historyDock);
    tabifyDockWidget(m_benchmarkDock, m_historyDock);
    m_profileDock = new QDockWidget(tr("Profile"), this);
    m_profileDock->setObjectName(QStringLiteral("profileDock"));
    m_profileDock->setWidget(m_profilePane);
    addDockWidget(Qt::BottomDockWidgetArea, m_profileDock);
    tabifyDockWidget(m_historyDock, m_profileDock);
    connect(m_profilePane, &ProfilePane::rowChosen, this, &MainWindow::updateLineCosts);
    connect(m_profilePane, &ProfilePane::kernelActivated, this, [this](int row) {
        const run::KernelProfile &k = m_profiles->kernel(row);
        if (isKernelFile(QString::fromStdString(k.file), m_document.path()) && k.line > 0)
            goToLine(k.line, 1);
    });
    m_autotuneDock = new QDockWidget(tr("Autotune"), this);
    m_autotuneDock->setObjectName(QStringLiteral("autotuneDock"));
    m_autotuneDock->setWidget(m_autotunePane);
    addDockWidget(Qt::BottomDockWidgetArea, m_autotuneDock);
    tabifyDockWidget(m_profileDock, m_autotuneDock);
    connect(m_autotunePane, &AutotunePane::pinRequested, this, &MainWindow::pinAutotuneConfig);
    m_problemsDock->raise();
    // Generated code beside the editor: the kernels of the last run, following the cursor.
    m_codeView = new CodeViewPane(m_runner, [this] {
        return CodeViewPane::Source{m_document.isUntitled() ? m_document.displayName() : m_document.path(),
                                    m_editor->text()};
    });
    m_codeDock = new QDockWidget(tr("Generated Code"), this);
    m_codeDock->setObjectName(QStringLiteral("codeDock"));
    m_codeDock->setWidget(m_codeView);
    addDockWidget(Qt::RightDockWidgetArea, m_codeDock);
    m_codeDock->hide(); // shown by the first kernel a run compiles, or from the View menu
    connect(m_codeView, &CodeViewPane::pythonLineActivated, this, [this](int line) {
        m_editor->setCursorPosition(line - 1, 0);
        m_editor->ensureLineVisible(line - 1);
    });
    connect(m_validationPane, &ValidationPane::assertActivated, this, &MainWindow::goToLine);
    m_runner->setTimeLimit(QSettings().value(QStringLiteral("run/timeLimitSeconds"), 300).toInt() * 1000);
    connect(m_runner, &RunnerClient::eventReceived, this, &MainWindow::onRunEvent);
    connect(m_runner, &RunnerClient::requestFinished, this, &MainWindow::onRunFinished);
    connect(m_runner, &RunnerClient::runnerFailed, m_runLog, &RunLog::addFailure);
    connect(m_runner, &RunnerClient::runnerFailed, this, [this](const QString &why) { m_runnerFailure = why; });

    createMenus();
    createStatusBar();
    useRunnerCommand(savedRunnerCommand());

    m_check->setSourceProvider([this] {
        return CheckService::Input{m_document.isUntitled() ? m_document.displayName()
                                                           : m_document.path(),
                                   m_editor->utf8Text(),
                                   m_signatures.forFile(m_document.path())};
    });
    // Types computed for an older text would point at the wrong spans: none until rechecked.
    m_editor->setValueTypeProvider([this](int position) {
        return m_kernelTypes.generation == m_check->generation() ? m_kernelTypes.hoverAt(position)
                                                                 : QString();
    });
    connect(m_editor, &KernelEditor::definitionOutsideFile, this, [this](const QString &name, const QString &module) {
        statusBar()->showMessage(tr("'%1' is defined outside this file (imported from %2)").arg(name, module), 5000);
    });
    connect(m_editor, &KernelEditor::definitionNotFound, this, [this](const QString &name) {
        statusBar()->showMessage(name.isEmpty() ? tr("No name here to go to") : tr("No definition of '%1' in this file").arg(name), 5000);
    });
    connect(m_editor, &KernelEditor::textChanged, m_check, &CheckService::scheduleCheck);
    connect(m_check, &CheckService::checkFinished, this, &MainWindow::onCheckFinished);
    connect(m_problemsPane, &ProblemsPane::problemActivated, this, &MainWindow::activateProblem);
    connect(m_editor, &KernelEditor::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_editor, &KernelEditor::cursorMoved, this, [this] {
        m_positionLabel->setText(positionText());
        int line = 0, column = 0;
        m_editor->getCursorPosition(&line, &column);
        if (m_codeDock->isVisibleTo(this))
            m_codeView->followPythonLine(line + 1);
    });
    connect(m_editor, &KernelEditor::textChanged, m_codeView, &CodeViewPane::sourceEdited);

    // Files dropped anywhere, the editor included (QScintilla would insert them as text).
    auto *drops = new FileDropFilter(this);
    setAcceptDrops(true);
    installEventFilter(drops);
    m_editor->viewport()->installEventFilter(drops);
    connect(drops, &FileDropFilter::filesDropped, this, &MainWindow::openDroppedFiles);
    setTheme(savedThemeChoice());
    // The backend picker's GPUs, from the runner (the studio never loads the driver itself),
    // once the window is up.
    QTimer::singleShot(0, this, &MainWindow::askForDevices);

    resize(1200, 800);
    newFile();
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newFile);
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        const QString path = askOpenPath();
        if (!path.isEmpty())
            openFile(path);
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::updateRecentMenu);
    createExamplesMenu(file);
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Undo"), QKeySequence::Undo, m_editor, &KernelEditor::undo);
    edit->addAction(tr("&Redo"), QKeySequence::Redo, m_editor, &KernelEditor::redo);
    edit->addSeparator();
    edit->addAction(tr("&Find…"), QKeySequence::Find, this, [this] { m_findBar->open(false); });
    edit->addAction(
        tr("&Replace…"), QKeySequence(tr("Ctrl+H")), this, [this] { m_findBar->open(true); });
    edit->addAction(tr("Find &Next"), QKeySequence(Qt::Key_F3), m_findBar, &FindBar::findNext);
    edit->addAction(tr("Find &Previous"),
                    QKeySequence(Qt::SHIFT | Qt::Key_F3),
                    m_findBar,
                    &FindBar::findPrevious);
    edit->addSeparator();
    edit->addAction(m_editor->goToDefinitionAction());
    edit->addAction(m_editor->goBackAction());

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    m_startActions = {run->addAction(tr("&Run"), QKeySequence(Qt::Key_F5), this, [this] { runRequest(QStringLiteral("run")); }),
                      run->addAction(tr("&Test"), QKeySequence(tr("Ctrl+F5")), this, [this] { runRequest(QStringLiteral("test")); }),
                      run->addAction(tr("&Bench"), QKeySequence(tr("Ctrl+Shift+F5")), this, [this] { runRequest(QStringLiteral("bench")); })};
    m_profileAction = run->addAction(tr("&Profile"), QKeySequence(tr("Alt+F5")), this, &MainWindow::profile);
    m_profileAction->setToolTip(tr("Profile the file's kernel launches on the GPU with CUPTI (Alt+F5): times, "
                                   "hardware counters, the roofline and costs per line"));
    m_startActions << m_profileAction;
    m_profilePane->setProfileAction(m_profileAction);
    m_stopAction = run->addAction(tr("&Stop"), QKeySequence(Qt::SHIFT | Qt::Key_F5), this, &MainWindow::stopRun);
    run->addSeparator();
    m_autotuneCacheAction = run->addAction(tr("Reuse &Autotune Choices"));
    m_autotuneCacheAction->setCheckable(true);
    m_autotuneCacheAction->setChecked(QSettings().value(QStringLiteral("run/autotuneCache"), true).toBool());
    m_autotuneCacheAction->setToolTip(tr("Launch the config a previous run chose for each @triton.autotune key "
                                         "(kept on disk per kernel source, key and device); unchecked, every run "
                                         "tunes afresh and stores nothing"));
    connect(m_autotuneCacheAction, &QAction::toggled, this,
            [](bool on) { QSettings().setValue(QStringLiteral("run/autotuneCache"), on); });
    run->addAction(tr("Time &Limit…"), this, [this] {
        bool ok = false;
        const int s = QInputDialog::getInt(this, tr("Time Limit"),
                                           tr("Seconds a run may take before the runner is stopped and restarted:"),
                                           m_runner->timeLimit() / 1000, 1, 24 * 3600, 1, &ok);
        if (ok) {
            m_runner->setTimeLimit(s * 1000);
            QSettings().setValue(QStringLiteral("run/timeLimitSeconds"), s);
        }
    });
    run->addAction(tr("Runner &Command…"), this, [this] {
        bool ok = false;
        const QString command = QInputDialog::getText(
            this, tr("Runner Command"),
            tr("The command that starts the runner, \"serve\" appended; empty for the local tilesmith.\n"
               "E.g. ssh -T gpu-box tilesmith: runs send the editor's text, but files the program\n"
               "reads must be on that machine (docs/serve.md, \"Remote runner\")."),
            QLineEdit::Normal, m_runnerCommand, &ok);
        if (ok)
            setRunnerCommand(command);
    });
    updateRunActions();

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_problemsDock->toggleViewAction());
    view->addAction(m_runLogDock->toggleViewAction());
    view->addAction(m_validationDock->toggleViewAction());
    view->addAction(m_benchmarkDock->toggleViewAction());
    view->addAction(m_historyDock->toggleViewAction());
    view->addAction(m_profileDock->toggleViewAction());
    view->addAction(m_autotuneDock->toggleViewAction());
    view->addAction(m_codeDock->toggleViewAction());
    view->addSeparator();
    createThemeMenu(view);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Tilesmith Studio"), this, [this] {
        QMessageBox::about(this,
                           tr("About Tilesmith Studio"),
                           tr("<b>Tilesmith Studio</b> %1<p>Write, check and run Triton GPU "
                              "kernels.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::createStatusBar()
{
    m_positionLabel = new QLabel(this);
    m_problemLabel = new QLabel(this);
    m_timingLabel = new QLabel(this);
    m_runLabel = new RunProgress(this);
    m_backend = new BackendPicker(this);
    connect(m_backend, &BackendPicker::choiceChanged, this, [this] { onDevices(QJsonObject()); });
    statusBar()->addWidget(m_problemLabel);
    statusBar()->addWidget(m_timingLabel);
    m_runnerLabel = new QLabel(this);
    m_runnerLabel->hide();
    statusBar()->addPermanentWidget(m_runLabel);
    statusBar()->addPermanentWidget(m_runnerLabel);
    statusBar()->addPermanentWidget(m_backend);
    statusBar()->addPermanentWidget(m_positionLabel);
    m_positionLabel->setText(positionText());
}

bool MainWindow::setRunnerCommand(const QString &commandLine, bool remember)
{
    if (m_runId) {
        statusBar()->showMessage(tr("Stop the run first: the runner command applies to a new runner"), 8000);
        return false;
    }
    if (remember)
        saveRunnerCommand(commandLine);
    useRunnerCommand(commandLine);
    // Another runner, perhaps on another machine: its own GPUs for the picker.
    m_haveDevices = false;
    m_devicesId = 0;
    askForDevices();
    return true;
}

void MainWindow::useRunnerCommand(const QString &commandLine)
{
    const RunnerCommand c = parseRunnerCommand(commandLine);
    m_runnerCommand = c.commandLine;
    m_runner->setCommand(c.program, c.arguments);
    m_runnerLabel->setText(c.label);
    m_runnerLabel->setToolTip(tr("Runs go to `%1 serve` (Run ▸ Runner Command…): the editor's text travels, "
                                 "other files the program reads do not")
                                  .arg(c.commandLine));
    m_runnerLabel->setVisible(!c.label.isEmpty());
}

QString MainWindow::runnerStatus() const
{
    return m_runnerLabel->text();
}

QString MainWindow::positionText() const
{
    const KernelEditor::LineColumn lc = m_editor->cursorLineColumn();
    return tr("Ln %1, Col %2").arg(lc.line).arg(lc.column);
}

QString MainWindow::problemSummary() const
{
    return m_problemLabel->text();
}

void MainWindow::newFile()
{
    if (!maybeSave())
        return;
    m_document.reset();
    m_editor->setUtf8Text({});
    m_problems->clear();
    m_historyPane->setFile({});
    m_codeView->clearSpecializations();
    updateTitle();
    m_check->checkNow();
}

bool MainWindow::openFile(const QString &path)
{
    if (!maybeSave())
        return false;
    Document document;
    const Document::ReadResult result = document.open(path);
    if (!result.ok) {
        showError(tr("Cannot open file"), result.error);
        return false;
    }
    m_document = document;
    m_editor->setUtf8Text(result.text);
    m_problems->clear();
    m_codeView->clearSpecializations();
    m_recent.add(m_document.path());
    m_historyPane->setFile(m_document.path());
    updateTitle();
    m_check->checkNow();
    return true;
}

bool MainWindow::save()
{
    if (m_document.isUntitled())
        return saveAs();
    const Document::WriteResult result = m_document.save(m_editor->utf8Text());
    if (!result.ok) {
        showError(tr("Save failed"),
                  result.error + tr("\n\nYour changes are still in the editor."));
        return false;
    }
    m_editor->setModified(false);
    statusBar()->showMessage(tr("Saved %1").arg(m_document.path()), 3000);
    return true;
}

bool MainWindow::saveAs()
{
    const QString path = askSavePath();
    if (path.isEmpty())
        return false;
    const Document::WriteResult result = m_document.saveAs(path, m_editor->utf8Text());
    if (!result.ok) {
        showError(tr("Save failed"),
                  result.error + tr("\n\nYour changes are still in the editor."));
        return false;
    }
    m_editor->setModified(false);
    m_recent.add(m_document.path());
    m_historyPane->setFile(m_document.path());
    updateTitle();
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_editor->isModified())
        return true;
    switch (askSaveChanges()) {
    case SaveChoice::Save:
        return save();
    case SaveChoice::Discard:
        return true;
    case SaveChoice::Cancel:
        return false;
    }
    return false;
}

QString MainWindow::backendChoice() const
{
    return m_backend->backend();
}

int MainWindow::deviceChoice() const
{
    return m_backend->device();
}

void MainWindow::setBackendChoice(const QString &backend)
{
    m_backend->setChoice(backend);
}

bool MainWindow::runRequest(const QString &request, const QJsonObject &extra)
{
    if (m_runId)
        return false; // one at a time: Stop first
    if ((m_document.isUntitled() || m_editor->isModified()) && !save())
        return false;
    // The text travels with the path: a runner on another machine cannot read the file
    // (docs/serve.md, "Remote runner"); it names the file in diagnostics and #lines.
    QJsonObject r{{QStringLiteral("request"), request},
                  {QStringLiteral("file"), m_document.path()},
                  {QStringLiteral("text"), QString::fromUtf8(m_editor->utf8Text())}};
    if (!backendChoice().isEmpty())
        r.insert(QStringLiteral("backend"), backendChoice());
    if (deviceChoice() >= 0)
        r.insert(QStringLiteral("device"), deviceChoice());
    if (!m_autotuneCacheAction->isChecked())
        r.insert(QStringLiteral("autotune_cache"), false);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        r.insert(it.key(), it.value());
    m_editor->lineCosts().clear(); // measured on the text before this run
    if (request == QStringLiteral("profile"))
        m_profiledText = m_editor->utf8Text();
    m_autotunedText = m_editor->utf8Text(); // any run may tune
    m_autotuneShown = false;
    m_autotunePane->clear();
    m_runLog->begin(tr("%1 %2 (%3)").arg(request, QFileInfo(m_document.path()).fileName(), m_backend->currentText()));
    m_validation->clear();
    m_benchmarks->clear();
    m_signatures.beginRun();
    m_runLogDock->show();
    m_runLogDock->raise();
    // The revision is the text the runner reads: the file as just saved.
    QFile ran(m_document.path());
    m_runRecord = RunRecord::begin(m_document.path(), request, backendChoice(),
                                   ran.open(QIODevice::ReadOnly) ? ran.readAll() : m_editor->utf8Text());
    m_runnerFailure.clear();
    m_runId = m_runner->send(r);
    if (m_runner->activeRequest() == 0) { // the runner could not be started: the request failed already
        onRunFinished(m_runId, -1);
        return true;
    }
    m_runLabel->begin(request);
    updateRunActions();
    return true;
}

void MainWindow::stopRun()
{
    if (m_runId)
        m_runner->cancel(m_runId);
}

void MainWindow::onRunEvent(int id, const QJsonObject &event)
{
    if (id == m_devicesId && id != 0)
        return onDevices(event);
    if (id != m_runId)
        return;
    m_runRecord.addEvent(event);
    m_runLog->addEvent(event);
    m_runLabel->addEvent(event);
    m_validation->addEvent(event);
    onBenchmarkPoint(event);
    onProfileEvent(event);
    onAutotuneEvent(event);
    if (event.value(QStringLiteral("event")).toString() == QStringLiteral("kernel_compiled")) {
        m_signatures.record(m_document.path(), event.value(QStringLiteral("name")).toString(),
                            event.value(QStringLiteral("signature")).toString());
        m_codeView->addSpecialization(event.value(QStringLiteral("name")).toString(),
                                      event.value(QStringLiteral("signature")).toString());
        if (m_codeView->specializationCount() == 1 && !m_codeDock->isVisibleTo(this))
            m_codeDock->show();
        m_check->scheduleCheck(); // sema's diagnostics and the hover's types with the new signature
    }
}

void MainWindow::onRunFinished(int id, int exitCode)
{
    if (id == m_devicesId && id != 0)
        m_devicesId = 0;
    if (id != m_runId)
        return;
    m_runId = 0;
    recordRun(exitCode);
    if (m_awaitingProfile) { // the runner failed the request before it could report
        m_awaitingProfile = false;
        m_profilePane->showMessage(tr("Profile ended without a report (exit code %1): the Run Log says why.").arg(exitCode));
    }
    if (m_validation->failedCount() > 0) { // show what failed, the first failure selected
        m_validationDock->show();
        m_validationDock->raise();
        for (int r = 0; r < m_validation->rowCount(); ++r)
            if (!m_validation->row(r).value(QStringLiteral("passed")).toBool()) {
                m_validationPane->view()->selectRow(r);
                break;
            }
    }
    m_runLabel->finish(exitCode);
    updateRunActions();
    if (m_devicesAfterRun)
        askForDevices();
}

bool MainWindow::profile()
{
    if (m_runId)
        return false;
    const QString why = profileUnavailableReason();
    if (!why.isEmpty()) {
        m_profilePane->showMessage(why);
        m_profileDock->show();
        m_profileDock->raise();
        statusBar()->showMessage(why, 15000);
        return false;
    }
    const QString mode = hasPerfReport(m_editor->utf8Text()) ? QStringLiteral("bench") : QStringLiteral("run");
    m_profilePane->showMessage(tr("Profiling (%1 mode, %2 metrics)…").arg(mode, m_profilePane->metricSet()));
    m_awaitingProfile = true;
    // "stalls" is PC sampling (the runner's `stalls`), which reads no counters.
    const bool stalls = m_profilePane->metricSet() == QStringLiteral("stalls");
    if (runRequest(QStringLiteral("profile"),
                   {{QStringLiteral("mode"), mode},
                    {QStringLiteral("metrics"),
                     stalls ? QStringLiteral("fast") : m_profilePane->metricSet()},
                    {QStringLiteral("stalls"), stalls},
                    {QStringLiteral("backend"), QStringLiteral("cuda")}}))
        return true;
    m_awaitingProfile = false;
    m_profilePane->showMessage({});
    return false;
}

QString MainWindow::profileUnavailableReason() const
{
    if (backendChoice() == QStringLiteral("interp"))
        return tr("Profiling needs a CUDA device: the Interpreter backend runs kernels on the CPU, where "
                  "CUPTI has nothing to measure. Pick a GPU in the backend picker (status bar) and "
                  "Profile again.");
    if (m_haveDevices && m_backend->chosenDevice().isEmpty())
        return tr("Profiling needs a CUDA device, and the runner lists none on this machine. %1")
            .arg(m_backend->toolTip());
    return {};
}

void MainWindow::onProfileEvent(const QJsonObject &event)
{
    if (event.value(QStringLiteral("event")).toString() != QStringLiteral("profile"))
        return;
    m_awaitingProfile = false;
    showProfile(event);
}

void MainWindow::showProfile(const QJsonObject &profileEvent)
{
    if (!m_runId) // a report loaded without a run (--profile-fixture): measured on this text
        m_profiledText = m_editor->utf8Text();
    const QByteArray bytes = QJsonDocument(profileEvent).toJson(QJsonDocument::Compact);
    m_profilePane->setReport(run::profileFromJson(nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size())));
    m_profileDock->show();
    m_profileDock->raise();
    if (m_profileDock->height() < height() * 2 / 5) // a table, a timeline and a chart
        resizeDocks({m_profileDock}, {height() / 2}, Qt::Vertical);
    updateLineCosts();
}

void MainWindow::onAutotuneEvent(const QJsonObject &event)
{
    if (event.value(QStringLiteral("event")).toString() == QStringLiteral("autotune"))
        showAutotune(event);
}

void MainWindow::showAutotune(const QJsonObject &autotuneEvent)
{
    if (!m_runId && m_autotunePane->reportCount() == 0) // loaded without a run (--autotune-fixture)
        m_autotunedText = m_editor->utf8Text();
    const QByteArray bytes = QJsonDocument(autotuneEvent).toJson(QJsonDocument::Compact);
    m_autotunePane->addReport(run::autotuneFromJson(nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size())));
    if (m_autotuneShown) // the run's first tuning raises the dock; the others join the chooser
        return;
    m_autotuneShown = true;
    m_autotuneDock->show();
    m_autotuneDock->raise();
    if (m_autotuneDock->height() < 300) // a table beside a chart
        resizeDocks({m_autotuneDock}, {340}, Qt::Vertical);
}

bool MainWindow::pinAutotuneConfig(int report, int config)
{
    if (report < 0 || report >= m_autotunePane->reportCount())
        return false;
    if (m_editor->utf8Text() != m_autotunedText) {
        m_autotunePane->showMessage(tr("The file changed since it was tuned: the report's lines may have moved. "
                                       "Run it again to pin a config."));
        return false;
    }
    const AutotunePin pin = tsm::pinAutotuneConfig(m_autotunedText, m_autotunePane->report(report), config);
    if (!pin.ok()) {
        m_autotunePane->showMessage(tr("Cannot pin: %1").arg(pin.error));
        return false;
    }
    using Sci = QsciScintillaBase;
    m_editor->SendScintilla(Sci::SCI_BEGINUNDOACTION);
    for (const TextEdit &e : pin.edits) { // from the end backwards: the offsets stay valid
        m_editor->SendScintilla(Sci::SCI_SETTARGETRANGE, e.begin, e.end);
        m_editor->SendScintilla(Sci::SCI_REPLACETARGET, static_cast<uintptr_t>(e.text.size()), e.text.constData());
    }
    m_editor->SendScintilla(Sci::SCI_ENDUNDOACTION);
    const run::AutotuneReport &r = m_autotunePane->report(report);
    m_autotunePane->showMessage(tr("Pinned %1 into the launch at line %2 and commented out @triton.autotune "
                                   "(line %3): Undo (Ctrl+Z) takes it back.")
                                    .arg(pin.arguments)
                                    .arg(r.launch->line)
                                    .arg(r.decorator->line));
    goToLine(r.launch->line, 1);
    return true;
}

// The heat strip for the shown report (the pane's chosen row for its kernel), unless the text
// changed since it was measured: its lines may have moved.
void MainWindow::updateLineCosts()
{
    if (!m_profiles->hasReport())
        return;
    if (m_editor->utf8Text() != m_profiledText) {
        statusBar()->showMessage(tr("The file changed since it was profiled: Profile again for its line costs"), 8000);
        return;
    }
    m_editor->lineCosts().setMarks(lineCostMarks(m_profiles->report(), m_document.path(), m_profilePane->chosenRow()));
}

void MainWindow::recordRun(int exitCode)
{
    m_runRecord.finish(exitCode, exitCode < 0 ? m_runnerFailure : QString());
    if (!m_history.append(m_runRecord))
        statusBar()->showMessage(m_history.error(), 10000);
    m_historyPane->refresh();
}

void MainWindow::askForDevices()
{
    if (m_haveDevices || m_devicesId)
        return;
    if (m_runId) { // never behind a run (it may take minutes): after it
        m_devicesAfterRun = true;
        return;
    }
    m_devicesAfterRun = false;
    m_devicesId = m_runner->send(QJsonObject{{QStringLiteral("request"), QStringLiteral("devices")}});
    if (m_runner->activeRequest() == 0) // the runner could not start: said in the Run Log
        m_devicesId = 0;
}

void MainWindow::onBenchmarkPoint(const QJsonObject &event)
{
    if (!m_benchmarks->addEvent(event))
        return;
    if (m_benchmarks->pointCount() == 1) { // the run's first point: show the chart
        m_benchmarkDock->show();
        m_benchmarkDock->raise();
        if (m_benchmarkDock->height() < 300)
            resizeDocks({m_benchmarkDock}, {320}, Qt::Vertical);
    }
    // A GB/s chart timed on the GPU gets the device's copy bandwidth as its ceiling: ask the
    // runner once (it measures it), after this run in its queue.
    const bool gpuBandwidth = event.value(QStringLiteral("unit")).toString() == QStringLiteral("GB/s")
                              && event.value(QStringLiteral("measured_by")).toString().startsWith(QStringLiteral("CUDA"));
    if (gpuBandwidth && !m_haveDevices && !m_devicesId)
        m_devicesId = m_runner->send(QJsonObject{{QStringLiteral("request"), QStringLiteral("devices")}});
}

// A devices event fills the picker; an empty one (the choice changed) re-reads the chosen
// device's copy bandwidth.
void MainWindow::onDevices(const QJsonObject &event)
{
    if (!event.isEmpty()) {
        if (event.value(QStringLiteral("event")).toString() != QStringLiteral("devices"))
            return;
        m_haveDevices = true;
        const QString wanted = m_backend->choice();
        if (!m_backend->setDevices(event))
            statusBar()->showMessage(tr("The GPU chosen last time (%1) is not on this machine: runs use the default backend").arg(wanted), 10000);
    }
    const QJsonObject device = m_backend->chosenDevice();
    const double gbs = device[QStringLiteral("copy_bandwidth_gbs")].toDouble();
    if (gbs > 0)
        m_benchmarkPane->setCopyBandwidth(gbs, device[QStringLiteral("name")].toString());
}

void MainWindow::goToLine(int line, int column)
{
    m_editor->setCursorPosition(std::max(0, line - 1), std::max(0, column - 1));
    m_editor->ensureLineVisible(std::max(0, line - 1));
    m_editor->setFocus();
}

void MainWindow::updateRunActions()
{
    for (QAction *a : std::as_const(m_startActions))
        a->setEnabled(m_runId == 0);
    if (m_stopAction)
        m_stopAction->setEnabled(m_runId != 0);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::activateProblem(int row)
{
    if (row < 0 || row >= m_problems->rowCount())
        return;
    const Problem &problem = m_problems->problem(row);
    m_editor->selectSpan(problem.begin, problem.end);
}

void MainWindow::onCheckFinished(const CheckReport &report)
{
    m_problems->setProblems(report.problems);
    m_kernelTypes = report.kernelTypes;
    QVector<DiagnosticMark> marks;
    for (const Problem &p : report.problems) {
        // The hover shows the notes too ("did you mean 'load'?").
        QString text = p.message;
        for (const QString &note : p.notes)
            text += QStringLiteral("\nnote: ") + note;
        marks.push_back({p.begin, p.end, p.severity, text});
    }
    m_editor->marks().setMarks(marks);

    const QString errors
        = report.errorCount == 1 ? tr("1 error") : tr("%1 errors").arg(report.errorCount);
    const QString warnings
        = report.warningCount == 1 ? tr("1 warning") : tr("%1 warnings").arg(report.warningCount);
    m_problemLabel->setText(report.problems.isEmpty() ? tr("No problems")
                                                      : errors + QStringLiteral(", ") + warnings);
    m_timingLabel->setText(
        tr("checked in %1 ms").arg(double(report.elapsedUs) / 1000.0, 0, 'f', 1));
    m_problemsDock->setWindowTitle(report.problems.isEmpty()
                                       ? tr("Problems")
                                       : tr("Problems (%1)").arg(report.problems.size()));
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Tilesmith Studio").arg(m_document.displayName()));
    setWindowModified(m_editor->isModified());
}

void MainWindow::createExamplesMenu(QMenu *file)
{
    QMenu *examples = file->addMenu(tr("&Examples"));
    const QString dir = examplesDirectory();
    const QStringList files = exampleFiles(dir);
    for (const QString &path : files)
        examples->addAction(QFileInfo(path).fileName(), this, [this, path] { openExample(path); });
    if (files.isEmpty())
        examples->addAction(dir.isEmpty() ? tr("(no examples folder found)") : tr("(none in %1)").arg(dir))->setEnabled(false);
}

bool MainWindow::openExample(const QString &bundled)
{
    if (!maybeSave())
        return false;
    m_editor->setModified(false); // discarded (or saved): openFile need not ask again
    const ExampleCopy copy = copyExample(bundled);
    if (copy.path.isEmpty()) {
        showError(tr("Cannot open example"), copy.error);
        return false;
    }
    if (!openFile(copy.path))
        return false;
    statusBar()->showMessage(tr("Example %1: your copy is %2 (the bundled file stays as it is)")
                                 .arg(QFileInfo(bundled).fileName(), copy.path), 15000);
    return true;
}

void MainWindow::openDroppedFiles(const QStringList &paths)
{
    if (paths.isEmpty() || !openFile(paths.first()))
        return;
    rememberDirectory(paths.first());
    if (paths.size() > 1)
        statusBar()->showMessage(tr("Opened %1; the %n other dropped file(s) were not opened (one file at a time)", nullptr, int(paths.size() - 1))
                                     .arg(QFileInfo(paths.first()).fileName()), 10000);
}

void MainWindow::createThemeMenu(QMenu *view)
{
    QMenu *menu = view->addMenu(tr("&Theme"));
    auto *group = new QActionGroup(menu);
    const ThemeChoice current = savedThemeChoice();
    const std::pair<ThemeChoice, QString> entries[] = {{ThemeChoice::Light, tr("&Light")},
                                                       {ThemeChoice::Dark, tr("&Dark")},
                                                       {ThemeChoice::System, tr("&System")}};
    for (const auto &[choice, text] : entries) {
        QAction *a = menu->addAction(text, this, [this, choice = choice] { setTheme(choice); });
        a->setCheckable(true);
        a->setChecked(choice == current);
        a->setData(themeChoiceName(choice));
        a->setObjectName(QStringLiteral("theme-") + themeChoiceName(choice));
        group->addAction(a);
    }
}

void MainWindow::setTheme(ThemeChoice choice, bool remember)
{
    const Theme &theme = Theme::apply(choice);
    if (remember)
        saveThemeChoice(choice);
    m_editor->setColors(theme.editor);
    m_codeView->applyTheme();
    m_benchmarkPane->chart()->applyTheme();
    m_historyPane->chart()->applyTheme();
    m_profilePane->applyTheme();
    m_autotunePane->applyTheme();
    m_runLog->applyTheme();
    if (m_timingLabel)
        m_timingLabel->setStyleSheet(QStringLiteral("color: %1").arg(theme.dimText.name()));
    for (QAction *a : findChildren<QAction *>())
        if (a->objectName().startsWith(QStringLiteral("theme-")))
            a->setChecked(a->data().toString() == themeChoiceName(choice));
}

void MainWindow::rememberDirectory(const QString &path)
{
    QSettings().setValue(QStringLiteral("files/lastDirectory"), QFileInfo(path).absolutePath());
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_recent.files();
    for (const QString &path : files)
        m_recentMenu->addAction(path, this, [this, path] { openFile(path); });
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    else
        m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear Menu"), this, [this] { m_recent.clear(); });
}

MainWindow::SaveChoice MainWindow::askSaveChanges()
{
    const auto answer = QMessageBox::warning(
        this,
        tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_document.displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
        QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return SaveChoice::Save;
    return answer == QMessageBox::Discard ? SaveChoice::Discard : SaveChoice::Cancel;
}

QString MainWindow::askOpenPath()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Triton program"), QSettings().value(QStringLiteral("files/lastDirectory")).toString(),
        tr("Python files (*.py);;All files (*)"));
    if (!path.isEmpty())
        rememberDirectory(path);
    return path;
}

QString MainWindow::askSavePath()
{
    const QString lastDir = QSettings().value(QStringLiteral("files/lastDirectory")).toString();
    const QString suggested = !m_document.isUntitled() ? m_document.path()
                              : lastDir.isEmpty()      ? m_document.displayName()
                                                       : QDir(lastDir).filePath(m_document.displayName());
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"), suggested,
                                                      tr("Python files (*.py);;All files (*)"));
    if (!path.isEmpty())
        rememberDirectory(path);
    return path;
}

void MainWindow::showError(const QString &title, const QString &text)
{
    QMessageBox::critical(this, title, text);
}

} // namespace tsm
