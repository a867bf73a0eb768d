// tilesmith-studio [FILE]: the desktop IDE. `--screenshot PATH` opens FILE, waits for the first
// check result (and, with --run, for that run through the runner process; with --hover, for the
// value types the run's signatures give), writes a PNG of the window and exits (the README's
// screenshots come from it).

#include "app/studio/check_service.h"
#include "app/studio/document.h"
#include "app/studio/history_pane.h"
#include "app/studio/main_window.h"
#include "app/studio/problems_model.h"
#include "app/studio/problems_pane.h"
#include "app/studio/profile_model.h"
#include "app/studio/roofline_chart.h"
#include "app/studio/runner_client.h"
#include "app/studio/validation_pane.h"
#include "editor/kernel_editor.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QItemSelectionModel>
#include <QScreen>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>

namespace {

constexpr int kExitUsage = 2;
constexpr int kScreenshotTimeoutMs = 20000;
constexpr int kScreenshotRunTimeoutMs = 300000;

const char kHelp[] = R"(Usage: tilesmith-studio [options] [FILE]

Tilesmith Studio: edit, check and run Triton GPU kernel programs.

Arguments:
  FILE                     a Triton program (.py) to open

Options:
  -h, --help               show this help and exit
  -v, --version            show the version and exit
  --screenshot PATH        open FILE, wait for the check, save a PNG of the window to PATH
                           and exit (0 on success)
  --size WxH               window size for --screenshot (default 1280x800)
  --run run|test|bench     with --screenshot: after the check, run the file so (through the
                           runner process) and take the picture when it has finished
  --backend interp|cuda|cuda:N  the backend picker's choice (default: CUDA when usable;
                           cuda:N once the runner lists GPU N)
  --theme light|dark|system  the window's theme for this session (default: View > Theme's)
  --runner-command CMD     start the runner as `CMD serve` for this session, e.g.
                           'ssh -T gpu-box tilesmith' (default: Run > Runner Command's)
  --hover LINE:COL         with --screenshot and --run: show the hover of that position
                           (1-based) once the run's signatures have typed the kernels
  --show-dock NAME         raise that dock (problems, runLog, validation, benchmark, history,
                           profile, autotune, code), also after the run
  --goto LINE              with --screenshot: the caret on LINE (1-based), centred
  --select-validation-row N  with --screenshot: select row N (1-based) of the Validation pane
  --compare-last-two       with --screenshot: select the file's two newest runs in History
                           and compare them
  --profile-fixture JSON   show a saved profile report (the `profile` event's JSON) in the
                           Profile pane and FILE's line costs, without a runner
  --export-roofline PATH   with --screenshot: also save the Profile pane's roofline as a PNG
  --autotune-fixture JSON  show saved tunings in the Autotune pane without a runner: an
                           `autotune` event's JSON object, or a JSON Lines file whose
                           autotune events are all shown (Pin Config applies to FILE)
)";

// For the README: the first problem selected in the pane, the caret on it and its hover
// message showing, as a user would see it after pointing at the squiggle.
void showFirstProblem(tsm::MainWindow &window)
{
    if (window.problemsModel()->rowCount() == 0)
        return;
    const tsm::Problem &problem = window.problemsModel()->problem(0);
    window.problemsPane()->view()->setCurrentIndex(window.problemsModel()->index(0, 0));
    tsm::KernelEditor *editor = window.editor();
    editor->selectSpan(problem.begin, problem.begin);
    using Sci = QsciScintillaBase;
    const long linesOnScreen = editor->SendScintilla(Sci::SCI_LINESONSCREEN);
    editor->SendScintilla(
        Sci::SCI_SETFIRSTVISIBLELINE,
        static_cast<unsigned long>(std::max(0L, problem.line - linesOnScreen / 2)));
    const int x = int(editor->SendScintilla(Sci::SCI_POINTXFROMPOSITION, 0UL, long(problem.begin)));
    const int y = int(editor->SendScintilla(Sci::SCI_POINTYFROMPOSITION, 0UL, long(problem.begin)));
    const int lineHeight = int(editor->SendScintilla(Sci::SCI_TEXTHEIGHT, 0UL));
    const QString text = editor->hoverText(problem.begin, QPoint(x, y));
    QToolTip::showText(
        editor->viewport()->mapToGlobal(QPoint(x, y + lineHeight + 2)), text, editor->viewport());
}

// The window as it is on screen (tooltips included) where the platform can grab the screen,
// else the window alone.
QPixmap grabWindow(tsm::MainWindow &window)
{
    if (QScreen *screen = window.screen()) {
        const QRect frame = window.frameGeometry();
        const QPixmap shot
            = screen->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height());
        if (!shot.isNull() && shot.size() == frame.size())
            return shot;
    }
    return window.grab();
}

// Calls `then` once the runner has no request left (polled: its requests finish in order).
void whenRunnerIdle(tsm::MainWindow &window, std::function<void()> then)
{
    auto *poll = new QTimer(&window);
    poll->setInterval(100);
    QObject::connect(poll, &QTimer::timeout, &window, [&window, then, poll] {
        if (window.runner()->activeRequest() != 0)
            return;
        poll->stop();
        poll->deleteLater();
        then();
    });
    poll->start();
}

// Once a check with the run's signatures is current, the caret and the hover at `lineColumn`.
void showHoverWhenTyped(tsm::MainWindow &window, const QString &lineColumn, std::function<void()> then)
{
    auto *poll = new QTimer(&window);
    poll->setInterval(100);
    QObject::connect(poll, &QTimer::timeout, &window, [&window, lineColumn, then, poll] {
        if (window.kernelTypes().isEmpty() || window.checkService()->isBusy()
            || window.kernelTypes().generation != window.checkService()->generation())
            return;
        poll->stop();
        poll->deleteLater();
        const int line = lineColumn.section(QLatin1Char(':'), 0, 0).toInt();
        const int column = lineColumn.section(QLatin1Char(':'), 1, 1).toInt();
        tsm::KernelEditor *editor = window.editor();
        window.goToLine(line, column);
        using Sci = QsciScintillaBase;
        const long linesOnScreen = editor->SendScintilla(Sci::SCI_LINESONSCREEN);
        editor->SendScintilla(Sci::SCI_SETFIRSTVISIBLELINE,
                              static_cast<unsigned long>(std::max(0L, line - linesOnScreen / 2)));
        QApplication::processEvents();
        editor->showHoverAt(editor->cursorOffset());
        then();
    });
    poll->start();
}

// The caret at the start of `line` (1-based), the line in the middle of the editor.
void centreLine(tsm::MainWindow &window, int line)
{
    window.goToLine(line, 1);
    tsm::KernelEditor *editor = window.editor();
    const long linesOnScreen = editor->SendScintilla(QsciScintillaBase::SCI_LINESONSCREEN);
    editor->SendScintilla(QsciScintillaBase::SCI_SETFIRSTVISIBLELINE,
                          static_cast<unsigned long>(std::max(0L, line - 1 - linesOnScreen / 2)));
}

// The History pane's two newest runs of the file selected and compared (the Compare tab).
void compareTwoNewestRuns(tsm::MainWindow &window)
{
    QTableView *runs = window.historyPane()->runsView();
    runs->clearSelection();
    for (int r : {0, 1})
        runs->selectionModel()->select(runs->model()->index(r, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
    if (!window.historyPane()->compareSelected())
        std::fprintf(stderr, "tilesmith-studio: --compare-last-two: the file has fewer than two runs\n");
}

// The report of a `profile` event saved as JSON (docs/run-events.md); false (said) when it
// cannot be read.
bool loadProfileFixture(tsm::MainWindow &window, const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "tilesmith-studio: cannot read %s: %s\n", qPrintable(path), qPrintable(f.errorString()));
        return false;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (!doc.isObject()) {
        std::fprintf(stderr, "tilesmith-studio: %s is not a JSON object: %s\n", qPrintable(path),
                     qPrintable(error.errorString()));
        return false;
    }
    window.showProfile(doc.object());
    return true;
}

// Tunings saved as JSON: one `autotune` event (or a bare report) as an object, or the
// autotune events of a JSON Lines file; false (said) when there is none to show.
bool loadAutotuneFixture(tsm::MainWindow &window, const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "tilesmith-studio: cannot read %s: %s\n", qPrintable(path), qPrintable(f.errorString()));
        return false;
    }
    const QByteArray bytes = f.readAll();
    QList<QJsonObject> events;
    QJsonParseError error;
    const QJsonDocument whole = QJsonDocument::fromJson(bytes, &error);
    if (whole.isObject()) {
        events << whole.object();
    } else {
        for (const QByteArray &line : bytes.split('\n')) {
            const QJsonObject event = QJsonDocument::fromJson(line).object();
            if (event.value(QStringLiteral("event")).toString() == QStringLiteral("autotune"))
                events << event;
        }
    }
    if (events.isEmpty()) {
        std::fprintf(stderr, "tilesmith-studio: %s holds no autotune event (%s)\n", qPrintable(path),
                     qPrintable(error.errorString()));
        return false;
    }
    for (const QJsonObject &event : std::as_const(events))
        window.showAutotune(event);
    return true;
}

// The Profile pane's roofline drawn alone at a size fit for documentation.
void saveRoofline(tsm::MainWindow &window, const QString &path)
{
    tsm::RooflineChart chart;
    chart.setAttribute(Qt::WA_DontShowOnScreen);
    chart.setReport(window.profileModel()->report());
    chart.resize(960, 600);
    chart.show();
    QApplication::processEvents();
    if (!chart.savePng(path))
        std::fprintf(stderr, "tilesmith-studio: cannot write %s\n", qPrintable(path));
}

// Saves the window once the first check result is shown, then quits.
void scheduleScreenshot(tsm::MainWindow &window,
                        const QString &path,
                        const QString &run,
                        const QString &hover,
                        std::function<void()> prepare)
{
    auto take = [&window, path, prepare] {
        if (prepare) // the view options, once the run's own selections are done
            prepare();
        QTimer::singleShot(300, &window, [&window, path] {
            QApplication::processEvents();
            const bool ok = grabWindow(window).save(path, "PNG");
            if (!ok)
                std::fprintf(stderr, "tilesmith-studio: cannot write %s\n", qPrintable(path));
            QCoreApplication::exit(ok ? 0 : 1);
        });
    };
    QObject::connect(
        window.checkService(),
        &tsm::CheckService::checkFinished,
        &window,
        [&window, take, run, hover] {
            if (run.isEmpty()) {
                showFirstProblem(window);
                QTimer::singleShot(600, take);
                return;
            }
            auto fired = std::make_shared<bool>(false);
            QObject::connect(
                window.runner(),
                &tsm::RunnerClient::requestFinished,
                &window,
                [&window, take, hover, fired] {
                    // The start-up devices request may end first: only the run's end counts.
                    if (window.isRunning() || *fired)
                        return;
                    *fired = true;
                    // The runner may still be building the Generated Code views or answering
                    // the devices request: the picture waits until it is idle.
                    auto settled = [&window, take] { whenRunnerIdle(window, [take] { QTimer::singleShot(600, take); }); };
                    if (hover.isEmpty())
                        settled();
                    else
                        showHoverWhenTyped(window, hover, settled);
                });
            if (!window.runRequest(run))
                QCoreApplication::exit(3);
        },
        Qt::SingleShotConnection);
    QTimer::singleShot(run.isEmpty() ? kScreenshotTimeoutMs : kScreenshotRunTimeoutMs, &window, [] {
        std::fprintf(stderr, "tilesmith-studio: no result within the time limit\n");
        QCoreApplication::exit(3);
    });
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication::setOrganizationName(QStringLiteral("Tilesmith"));
    QCoreApplication::setApplicationName(QStringLiteral("tilesmith-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TILESMITH_VERSION));

    // Parsed before QApplication exists, so --help and --version work without a display.
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QString());
    const QCommandLineOption version({QStringLiteral("v"), QStringLiteral("version")}, QString());
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"), QString(), QStringLiteral("PATH"));
    const QCommandLineOption size(
        QStringLiteral("size"), QString(), QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption runOption(QStringLiteral("run"), QString(), QStringLiteral("REQUEST"));
    const QCommandLineOption backendOption(QStringLiteral("backend"), QString(), QStringLiteral("NAME"));
    const QCommandLineOption hoverOption(QStringLiteral("hover"), QString(), QStringLiteral("LINE:COL"));
    const QCommandLineOption dockOption(QStringLiteral("show-dock"), QString(), QStringLiteral("NAME"));
    const QCommandLineOption themeOption(QStringLiteral("theme"), QString(), QStringLiteral("NAME"));
    const QCommandLineOption gotoOption(QStringLiteral("goto"), QString(), QStringLiteral("LINE"));
    const QCommandLineOption validationRowOption(QStringLiteral("select-validation-row"), QString(), QStringLiteral("N"));
    const QCommandLineOption compareOption(QStringLiteral("compare-last-two"), QString());
    const QCommandLineOption profileFixtureOption(QStringLiteral("profile-fixture"), QString(), QStringLiteral("JSON"));
    const QCommandLineOption exportRooflineOption(QStringLiteral("export-roofline"), QString(), QStringLiteral("PATH"));
    const QCommandLineOption autotuneFixtureOption(QStringLiteral("autotune-fixture"), QString(), QStringLiteral("JSON"));
    const QCommandLineOption runnerCommandOption(QStringLiteral("runner-command"), QString(), QStringLiteral("CMD"));
    parser.addOptions({help, version, screenshot, size, runOption, backendOption, hoverOption, dockOption, themeOption,
                       gotoOption, validationRowOption, compareOption, profileFixtureOption, exportRooflineOption,
                       autotuneFixtureOption, runnerCommandOption});
    parser.addPositionalArgument(QStringLiteral("FILE"), QString());
    if (!parser.parse(args) || parser.positionalArguments().size() > 1) {
        const QString why
            = parser.errorText().isEmpty() ? QStringLiteral("too many files") : parser.errorText();
        std::fprintf(stderr, "tilesmith-studio: %s\n\n%s", qPrintable(why), kHelp);
        return kExitUsage;
    }
    if (parser.isSet(help)) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    if (parser.isSet(version)) {
        std::printf("tilesmith-studio %s\n", TILESMITH_VERSION);
        return 0;
    }
    const QString file = parser.positionalArguments().value(0);
    const QString screenshotPath = parser.value(screenshot);
    QString problem;
    if (!file.isEmpty()) {
        const tsm::Document::ReadResult read = tsm::Document::read(file);
        if (!read.ok) {
            problem = read.error;
            std::fprintf(stderr, "tilesmith-studio: %s\n", qPrintable(problem));
            if (!screenshotPath.isEmpty())
                return kExitUsage;
        }
    }

    QApplication app(argc, argv);
    tsm::MainWindow window;
    if (parser.isSet(runnerCommandOption))
        window.setRunnerCommand(parser.value(runnerCommandOption), /*remember=*/false);
    window.setBackendChoice(parser.value(backendOption));
    if (parser.isSet(themeOption)) {
        tsm::ThemeChoice theme;
        if (!tsm::themeChoiceFromName(parser.value(themeOption), &theme)) {
            std::fprintf(stderr, "tilesmith-studio: no theme named '%s' (light, dark, system)\n\n%s",
                         qPrintable(parser.value(themeOption)), kHelp);
            return kExitUsage;
        }
        window.setTheme(theme, /*remember=*/false);
    }
    if (screenshotPath.isEmpty()) {
        window.restoreLayout();
    } else {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        window.resize(wh.value(0).toInt() > 0 ? wh.value(0).toInt() : 1280,
                      wh.value(1).toInt() > 0 ? wh.value(1).toInt() : 800);
        const int gotoLine = parser.value(gotoOption).toInt();
        const int validationRow = parser.value(validationRowOption).toInt();
        const bool compare = parser.isSet(compareOption);
        const QString roofline = parser.value(exportRooflineOption);
        scheduleScreenshot(window, screenshotPath, parser.value(runOption), parser.value(hoverOption),
                           [&window, gotoLine, validationRow, compare, roofline] {
                               if (gotoLine > 0)
                                   centreLine(window, gotoLine);
                               if (validationRow > 0)
                                   window.validationPane()->view()->selectRow(validationRow - 1);
                               if (compare)
                                   compareTwoNewestRuns(window);
                               if (!roofline.isEmpty())
                                   saveRoofline(window, roofline);
                           });
    }
    window.show();
    if (parser.isSet(dockOption)) {
        auto *dock = window.findChild<QDockWidget *>(parser.value(dockOption) + QStringLiteral("Dock"));
        if (!dock) {
            std::fprintf(stderr, "tilesmith-studio: no dock named '%s'\n\n%s", qPrintable(parser.value(dockOption)), kHelp);
            return kExitUsage;
        }
        auto raise = [&window, dock] {
            dock->show();
            dock->raise();
            if (dock->height() < 340 && window.dockWidgetArea(dock) == Qt::BottomDockWidgetArea)
                window.resizeDocks({dock}, {360}, Qt::Vertical);
        };
        raise();
        QObject::connect(window.runner(), &tsm::RunnerClient::requestFinished, dock, raise); // after the run's own raising
    }
    if (!problem.isEmpty())
        QMessageBox::critical(&window, QObject::tr("Cannot open file"), problem);
    else if (!file.isEmpty())
        window.openFile(file);
    if (parser.isSet(profileFixtureOption) && !loadProfileFixture(window, parser.value(profileFixtureOption))
        && !screenshotPath.isEmpty())
        return kExitUsage;
    if (parser.isSet(autotuneFixtureOption) && !loadAutotuneFixture(window, parser.value(autotuneFixtureOption))
        && !screenshotPath.isEmpty())
        return kExitUsage;
    return app.exec();
}
