// MainWindow, as a user drives it: open a file, type a mistake, see it in Problems on the right
// line, click it to jump there; unsaved-changes prompts; saving; find / replace shortcuts.

#include "app/studio/benchmark_chart.h"
#include "app/studio/benchmark_model.h"
#include "app/studio/benchmark_pane.h"
#include "app/studio/check_service.h"
#include "app/studio/code_view_pane.h"
#include "app/studio/main_window.h"
#include "app/studio/problems_model.h"
#include "app/studio/problems_pane.h"
#include "app/studio/run_log.h"
#include "app/studio/run_progress.h"
#include "app/studio/runner_client.h"
#include "editor/find_bar.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QTextBlock>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <cmath>

using namespace tsm;

namespace {

const QByteArray kProgram
    = "import triton\n"
      "import triton.language as tl\n"
      "\n"
      "\n"
      "@triton.jit\n"
      "def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n"
      "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
      "    mask = offs < n\n"
      "    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)\n";

// Answers the window's questions from the test instead of modal dialogs.
class ScriptedWindow : public MainWindow
{
public:
    SaveChoice choice = SaveChoice::Cancel;
    QString savePath;
    QString openPath;
    QStringList errors;
    int questions = 0;

protected:
    SaveChoice askSaveChanges() override
    {
        ++questions;
        return choice;
    }
    QString askOpenPath() override { return openPath; }
    QString askSavePath() override { return savePath; }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

// Every state the status bar's run progress passes through as the run's events arrive:
// "Testing 1/3 [1/3]", "Compiling k… [busy]" (indeterminate bar), "last run passed [hidden]".
void recordPhases(MainWindow &w, QStringList *out)
{
    QObject::connect(w.runner(), &RunnerClient::eventReceived, &w, [&w, out] { // after the window's
        const QProgressBar *bar = w.runProgress()->bar();
        const QString state = bar->isHidden()       ? QStringLiteral("hidden")
                              : bar->maximum() == 0 ? QStringLiteral("busy")
                                                    : QStringLiteral("%1/%2").arg(bar->value()).arg(bar->maximum());
        const QString s = w.runProgress()->text() + QStringLiteral(" [") + state + QStringLiteral("]");
        if (out->isEmpty() || out->last() != s)
            out->append(s);
    });
}

// A perf_report of `xValues` x values and two lines, each cell a do_bench (~0.1 s of CPU time)
// on the interpreter; running the file prints "ran 3.0".
QByteArray sweepProgram(int xValues)
{
    return "import torch\n"
           "import triton\n"
           "import triton.language as tl\n"
           "\n"
           "DEVICE = triton.runtime.driver.active.get_active_torch_device()\n"
           "\n"
           "\n"
           "@triton.jit\n"
           "def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n"
           "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
           "    mask = offs < n\n"
           "    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)\n"
           "\n"
           "\n"
           "def copy(x):\n"
           "    y = torch.empty_like(x)\n"
           "    copy_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)\n"
           "    return y\n"
           "\n"
           "\n"
           "@triton.testing.perf_report(triton.testing.Benchmark(\n"
           "    x_names=['n'], x_vals=[65536 * (i + 1) for i in range("
        + QByteArray::number(xValues)
        + ")], line_arg='p',\n"
          "    line_vals=['triton', 'torch'], line_names=['Triton', 'Torch'], ylabel='ms',\n"
          "    plot_name='copy-sweep', args={}))\n"
          "def sweep(n, p):\n"
          "    x = torch.randn(n, device=DEVICE)\n"
          "    if p == 'torch':\n"
          "        return triton.testing.do_bench(lambda: x.clone())\n"
          "    return triton.testing.do_bench(lambda: copy(x))\n"
          "\n"
          "\n"
          "if __name__ == '__main__':\n"
          "    print('ran', copy(torch.ones(3, device=DEVICE)).sum().item())\n";
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settingsDir;
    QTemporaryDir m_dir;

    QString programPath()
    {
        const QString path = m_dir.filePath(QStringLiteral("copy.py"));
        writeFile(path, kProgram);
        return path;
    }

private slots:
    void initTestCase()
    {
        useTestSettings(m_settingsDir.path(), QStringLiteral("tst_main_window"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN); // the runner the window starts
    }

    void opensAFileAndChecksIt()
    {
        ScriptedWindow w;
        QAbstractItemModelTester tester(w.problemsModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy checked(w.checkService(), &CheckService::checkFinished);
        const QString path = programPath();
        QVERIFY(w.openFile(path));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("copy.py[*]")));
        QVERIFY(!w.isWindowModified());
        QCOMPARE(w.editor()->utf8Text(), kProgram);
        QCOMPARE(w.document().path(), path);
        QTRY_VERIFY_WITH_TIMEOUT(checked.count() >= 1, 5000);
        QCOMPARE(w.problemsModel()->rowCount(), 0);
        QCOMPARE(w.problemSummary(), QStringLiteral("No problems"));
        QVERIFY(w.errors.isEmpty());
    }

    void typedMistakeAppearsInProblemsAndClickJumpsToIt()
    {
        ScriptedWindow w;
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QAbstractItemModelTester tester(w.problemsModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(w.openFile(programPath()));
        KernelEditor *editor = w.editor();
        editor->setFocus();
        editor->SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
        QTest::keyClicks(editor, "print(oops)");
        QVERIFY(w.isWindowModified());

        // the check runs after the debounce, off the UI thread, and fills the Problems pane
        ProblemsModel *model = w.problemsModel();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 5000);
        const QModelIndex row = model->index(0, ProblemsModel::MessageColumn);
        QCOMPARE(row.data(ProblemsModel::LineRole).toInt(), 10);
        QCOMPARE(row.data(ProblemsModel::ColumnRole).toInt(), 7);
        QVERIFY2(row.data().toString().contains(QStringLiteral("oops")),
                 qPrintable(row.data().toString()));
        QCOMPARE(model->index(0, ProblemsModel::LocationColumn).data().toString(),
                 QStringLiteral("10:7"));
        QCOMPARE(w.problemSummary(), QStringLiteral("1 error, 0 warnings"));
        // squiggle and margin marker on line 10
        QVERIFY(editor->markersAtLine(9) & (1 << DiagnosticMarks::ErrorMarker));
        const int oops = int(kProgram.size()) + 6;
        QVERIFY(!editor->marks().messagesAt(oops).isEmpty());

        // click the row: the editor selects the span
        editor->setCursorPosition(0, 0);
        QTreeView *view = w.problemsPane()->view();
        QTRY_VERIFY(view->isVisible());
        const QRect rect = view->visualRect(model->index(0, ProblemsModel::MessageColumn));
        QVERIFY(rect.isValid());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(editor->cursorLineColumn().line, 10);
        QCOMPARE(editor->selectedText(), QStringLiteral("oops"));
        QVERIFY(editor->hasFocus());
        QCOMPARE(w.positionText(), QStringLiteral("Ln 10, Col 11"));

        // fixing it clears the pane and the marks
        editor->replaceSelectedText(QStringLiteral("triton"));
        QVERIFY(editor->utf8Text().endsWith("print(triton)"));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 0, 5000);
        QCOMPARE(editor->markersAtLine(9), 0u);
        w.choice = MainWindow::SaveChoice::Discard;
    }

    void unsavedChangesPromptBeforeOpening()
    {
        ScriptedWindow w;
        const QString first = programPath();
        const QString second = m_dir.filePath(QStringLiteral("other.py"));
        writeFile(second, "x = 2\n");
        QVERIFY(w.openFile(first));
        w.editor()->append(QStringLiteral("# edited\n"));
        QVERIFY(w.isWindowModified());

        w.choice = MainWindow::SaveChoice::Cancel;
        QVERIFY(!w.openFile(second));
        QCOMPARE(w.questions, 1);
        QCOMPARE(w.document().path(), first);
        QVERIFY(w.editor()->utf8Text().endsWith("# edited\n"));

        w.choice = MainWindow::SaveChoice::Discard;
        QVERIFY(w.openFile(second));
        QCOMPARE(w.editor()->utf8Text(), QByteArray("x = 2\n"));
        QCOMPARE(readFile(first), kProgram); // discarded, not written
        QVERIFY(!w.isWindowModified());

        w.editor()->append(QStringLiteral("y = 3\n"));
        w.choice = MainWindow::SaveChoice::Save;
        QVERIFY(w.openFile(first));
        QCOMPARE(readFile(second), QByteArray("x = 2\ny = 3\n"));
        QCOMPARE(w.questions, 3);
    }

    void closingAsksAboutUnsavedChanges()
    {
        ScriptedWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.editor()->setText(QStringLiteral("x = 1\n"));
        w.choice = MainWindow::SaveChoice::Cancel;
        QVERIFY(!w.close());
        QVERIFY(w.isVisible());
        w.choice = MainWindow::SaveChoice::Discard;
        QVERIFY(w.close());
        QCOMPARE(w.questions, 2);
    }

    void failedSaveKeepsTheTextAndSaysWhy()
    {
        ScriptedWindow w;
        w.editor()->setText(QStringLiteral("precious = 1\n"));
        w.savePath = QStringLiteral("/proc/no-such-dir/k.py");
        QVERIFY(!w.save());
        QCOMPARE(w.errors.size(), 1);
        QVERIFY2(w.errors.first().contains(QStringLiteral("/proc/no-such-dir/k.py")),
                 qPrintable(w.errors.first()));
        QVERIFY(w.isWindowModified());
        QCOMPARE(w.editor()->utf8Text(), QByteArray("precious = 1\n"));
        QVERIFY(w.document().isUntitled());
        w.choice = MainWindow::SaveChoice::Discard;
    }

    void saveAsWritesAndRemembersTheFile()
    {
        ScriptedWindow w;
        w.editor()->setText(QStringLiteral("z = 3\n"));
        w.savePath = m_dir.filePath(QStringLiteral("saved.py"));
        QVERIFY(w.save()); // untitled: goes through Save As
        QCOMPARE(readFile(w.savePath), QByteArray("z = 3\n"));
        QVERIFY(!w.isWindowModified());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("saved.py[*]")));
        QCOMPARE(RecentFiles().files().value(0), w.savePath);
        w.editor()->append(QStringLiteral("w = 4\n"));
        QVERIFY(w.save());
        QCOMPARE(readFile(w.savePath), QByteArray("z = 3\nw = 4\n"));
    }

    void unusableFilesAreRefusedWithAMessage()
    {
        ScriptedWindow w;
        const QString bad = m_dir.filePath(QStringLiteral("latin1.py"));
        writeFile(bad, "s = '\xE9t\xE9'\n");
        QVERIFY(!w.openFile(bad));
        QVERIFY(!w.openFile(m_dir.filePath(QStringLiteral("missing.py"))));
        QCOMPARE(w.errors.size(), 2);
        QVERIFY2(w.errors[0].contains(QStringLiteral("UTF-8")), qPrintable(w.errors[0]));
        QVERIFY2(w.errors[1].contains(QStringLiteral("no such file")), qPrintable(w.errors[1]));
        QVERIFY(w.document().isUntitled());
    }

    void findAndReplaceShortcuts()
    {
        ScriptedWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(programPath()));
        KernelEditor *editor = w.editor();
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        QTest::keyClick(editor, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(w.findBar()->isVisible());
        QVERIFY(!w.findBar()->replaceEdit()->isVisible());
        QVERIFY(w.findBar()->findEdit()->hasFocus());
        QTest::keyClicks(w.findBar()->findEdit(), "mask");
        const long first = editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART);
        QCOMPARE(first, long(kProgram.indexOf("mask")));
        QTest::keyClick(w.findBar()->findEdit(), Qt::Key_F3);
        QCOMPARE(editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART),
                 long(kProgram.indexOf("mask", first + 1)));
        QTest::keyClick(w.findBar()->findEdit(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART), first);

        editor->setFocus();
        QTest::keyClick(editor, Qt::Key_H, Qt::ControlModifier);
        QVERIFY(w.findBar()->replaceEdit()->isVisible());
        w.findBar()->replaceEdit()->setText(QStringLiteral("valid"));
        QCOMPARE(w.findBar()->replaceAll(), 5);
        QVERIFY(!editor->utf8Text().contains("mask"));
        QVERIFY(w.isWindowModified());
        QTest::keyClick(w.findBar()->findEdit(), Qt::Key_Escape);
        QVERIFY(!w.findBar()->isVisible());
        QVERIFY(editor->hasFocus());
        w.choice = MainWindow::SaveChoice::Discard;
    }

    void testRunsThroughTheRunnerAndSavesFirst()
    {
        ScriptedWindow w;
        const QString path = m_dir.filePath(QStringLiteral("swish.py"));
        writeFile(path, readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        QVERIFY(w.openFile(path));
        w.setBackendChoice(QStringLiteral("interp"));
        QCOMPARE(w.backendChoice(), QStringLiteral("interp"));
        // An unsaved edit is saved before the runner reads the file.
        w.editor()->append(QStringLiteral("\nprint('edited')\n"));
        QVERIFY(w.isWindowModified());
        QSignalSpy finished(w.runner(), &RunnerClient::requestFinished);
        QStringList phases;
        recordPhases(w, &phases);
        QVERIFY(w.runRequest(QStringLiteral("test")));
        QCOMPARE(w.runProgress()->text(), QStringLiteral("test running…"));
        QVERIFY(!w.runRequest(QStringLiteral("run"))); // one at a time
        QVERIFY(!w.isWindowModified());
        QVERIFY(readFile(path).contains("print('edited')"));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(1).toInt(), 0);
        const QString log = w.runLog()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("PASSED test_swish")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("== passed")), qPrintable(log));
        // The status bar counted the test, showed the compile inside it, and says how it ended.
        QVERIFY2(phases.contains(QStringLiteral("Testing 0/1 [0/1]")), qPrintable(phases.join(QStringLiteral(" | "))));
        QVERIFY2(phases.contains(QStringLiteral("Compiling swish_kernel… [busy]")), qPrintable(phases.join(QStringLiteral(" | "))));
        QVERIFY2(phases.contains(QStringLiteral("Testing 1/1 [1/1]")), qPrintable(phases.join(QStringLiteral(" | "))));
        QCOMPARE(w.runProgress()->text(), QStringLiteral("last run passed"));
        QVERIFY(w.runProgress()->bar()->isHidden());
        QVERIFY(w.runRequest(QStringLiteral("test"))); // done: the next one may start
        // The runner also builds the Generated Code dock's views: wait for the run itself.
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 60000);
        QVERIFY2(w.runLog()->toPlainText().contains(QStringLiteral("edited")), qPrintable(w.runLog()->toPlainText()));
    }

    void generatedCodeFollowsTheCursor()
    {
        ScriptedWindow w;
        w.show(); // QScintilla reports caret moves from its UI updates
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString path = m_dir.filePath(QStringLiteral("swish_code.py"));
        const QByteArray source = readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py"));
        writeFile(path, source);
        QVERIFY(w.openFile(path));
        w.setBackendChoice(QStringLiteral("interp"));
        QVERIFY(!w.codeDock()->isVisibleTo(&w));
        QSignalSpy built(w.codeViewPane(), &CodeViewPane::codeUpdated);
        QVERIFY(w.runRequest(QStringLiteral("test")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 60000);
        // The run's kernel appears, the dock opens and the newest specialization is built.
        QVERIFY(w.codeViewPane()->specializationCount() >= 1);
        QVERIFY(w.codeDock()->isVisibleTo(&w));
        QVERIFY(built.wait(60000));
        QVERIFY(w.codeViewPane()->view(CodeKind::Cuda)->toPlainText().contains(QStringLiteral("__global__ void")));
        // The caret on the tl.load line highlights the CUDA C that loads.
        const QList<QByteArray> lines = source.split('\n');
        int load = 0;
        for (int i = 0; i < lines.size() && !load; ++i)
            if (lines[i].contains("x = tl.load("))
                load = i + 1;
        QVERIFY(load > 0);
        w.goToLine(load, 5);
        QTRY_VERIFY(!w.codeViewPane()->highlightedLines(CodeKind::Cuda).isEmpty());
        bool loads = false;
        for (int n : w.codeViewPane()->highlightedLines(CodeKind::Cuda))
            loads |= w.codeViewPane()->view(CodeKind::Cuda)->document()->findBlockByNumber(n).text().contains(QStringLiteral("tsm::load"));
        QVERIFY(loads);
        // Another file: the old specializations go.
        w.newFile();
        QCOMPARE(w.codeViewPane()->specializationCount(), 0);
    }

    void benchOnTheInterpreterChartsThePerfReport()
    {
        ScriptedWindow w;
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/vector_add.py")));
        w.setBackendChoice(QStringLiteral("interp"));
        QCOMPARE(currentTabBeside(w, QStringLiteral("Benchmarks")), QStringLiteral("Problems"));
        QSignalSpy finished(w.runner(), &RunnerClient::requestFinished);
        QStringList phases;
        recordPhases(w, &phases);
        QVERIFY(w.runRequest(QStringLiteral("bench")));
        // The start-up devices request (sent once the window showed) finishes first.
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 120000);
        QCOMPARE(finished.last().at(1).toInt(), 0);
        // The sweep's cells counted in the status bar (5 sizes x 2 lines), its start in the log.
        for (const QString &phase : {QStringLiteral("Benchmark vector-add-performance: 0/10 [0/10]"),
                                     QStringLiteral("Compiling add_kernel… [busy]"),
                                     QStringLiteral("Benchmark vector-add-performance: 7/10 [7/10]"),
                                     QStringLiteral("Benchmark vector-add-performance: 10/10 [10/10]")})
            QVERIFY2(phases.contains(phase), qPrintable(phase + QStringLiteral(" not in ") + phases.join(QStringLiteral(" | "))));
        QCOMPARE(w.runProgress()->text(), QStringLiteral("last run passed"));
        QVERIFY(w.runProgress()->bar()->isHidden());
        QVERIFY2(w.runLog()->toPlainText().contains(QStringLiteral("benchmark vector-add-performance: 10 cells")),
                 qPrintable(w.runLog()->toPlainText()));
        BenchmarkModel *m = w.benchmarkModel();
        QCOMPARE(m->rowCount(), 1);
        const Benchmark &b = m->benchmark(0);
        QCOMPARE(b.name, QStringLiteral("vector-add-performance"));
        QCOMPARE(b.xs, (QStringList{"1024", "4096", "16384", "65536", "262144"}));
        QCOMPARE(b.lines.size(), 2);
        QVERIFY(b.xLog);
        QCOMPARE(currentTabBeside(w, QStringLiteral("Benchmarks")), QStringLiteral("Benchmarks")); // raised
        BenchmarkChart *chart = w.benchmarkPane()->chart();
        QVERIFY(chart->xAxisIsLog());
        QCOMPARE(chart->yAxisTitle(), QStringLiteral("GB/s"));
        const QList<QPointF> triton = chart->linePoints(QStringLiteral("Triton"));
        QCOMPARE(triton.size(), 5);
        QCOMPARE(triton.last().x(), 262144.0);
        QVERIFY(triton.last().y() > 0);
        QVERIFY(std::isnan(chart->copyBandwidthLine())); // the interpreter: no device ceiling
        QVERIFY(b.lines[0].samples[0].measuredBy.startsWith(QStringLiteral("CPU time")));
    }

    // tst_runner_client covers the client alone; here the window: the Run Log says how the
    // runner died and what it was doing, edits made during the run survive, the next run works.
    void runnerCrashMidRunKeepsTheEditsAndRestarts()
    {
        ScriptedWindow w;
        const QString path = m_dir.filePath(QStringLiteral("crash.py"));
        writeFile(path, readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        QVERIFY(w.openFile(path));
        w.setBackendChoice(QStringLiteral("interp"));
        // Events of the test run: progress 0/1, test_started, the compile's progress,
        // kernel_compiled, then the first assert_close's validation - and the runner aborts.
        qputenv("TILESMITH_SERVE_TEST_ABORT_AFTER_EVENTS", "5");
        QSignalSpy finished(w.runner(), &RunnerClient::requestFinished);
        QVERIFY(w.runRequest(QStringLiteral("test")));
        qunsetenv("TILESMITH_SERVE_TEST_ABORT_AFTER_EVENTS"); // the restarted runner is healthy
        // Typed after the run started, not saved.
        w.editor()->append(QStringLiteral("# typed while it ran\n"));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(1).toInt(), -1);
        const QString log = w.runLog()->toPlainText();
        for (const QString &part : {QStringLiteral("crashed with signal 6 (Aborted)"),
                                    QStringLiteral("while running 'test crash.py', in test test_swish"),
                                    QStringLiteral("(last event: validation)"),
                                    QStringLiteral("your edits are unaffected")})
            QVERIFY2(log.contains(part), qPrintable(part + QStringLiteral(" not in:\n") + log));
        QCOMPARE(w.runProgress()->text(), QStringLiteral("runner failed"));
        QVERIFY(!w.isRunning());
        QVERIFY(w.editor()->utf8Text().endsWith("# typed while it ran\n"));
        QVERIFY(w.isWindowModified());
        QVERIFY(!readFile(path).contains("typed while it ran"));
        QCOMPARE(w.history().records().last().exitCode, -1);

        // A fresh runner takes the next run (which saves the edit first).
        QVERIFY(w.runRequest(QStringLiteral("test")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 60000);
        QCOMPARE(finished.last().at(1).toInt(), 0);
        QVERIFY(readFile(path).endsWith("# typed while it ran\n"));
        QVERIFY2(w.runLog()->toPlainText().contains(QStringLiteral("PASSED test_swish")), qPrintable(w.runLog()->toPlainText()));
        QCOMPARE(w.runProgress()->text(), QStringLiteral("last run passed"));
    }

    void stopMidSweepKeepsThePointsSoFar()
    {
        ScriptedWindow w;
        const QString path = m_dir.filePath(QStringLiteral("sweep.py"));
        writeFile(path, sweepProgram(20)); // 40 cells: far longer than the test waits
        QVERIFY(w.openFile(path));
        w.setBackendChoice(QStringLiteral("interp"));
        QSignalSpy finished(w.runner(), &RunnerClient::requestFinished);
        QVERIFY(w.runRequest(QStringLiteral("bench")));
        QTRY_VERIFY_WITH_TIMEOUT(w.benchmarkModel()->pointCount() >= 1, 60000);
        QElapsedTimer stopping;
        stopping.start();
        w.stopRun();
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 10000);
        QVERIFY2(stopping.elapsed() < 5000, qPrintable(QString::number(stopping.elapsed())));
        QVERIFY(finished.last().at(1).toInt() > 0);
        const int kept = w.benchmarkModel()->pointCount();
        QVERIFY(kept >= 1);
        QVERIFY2(kept < 40, qPrintable(QString::number(kept)));
        QCOMPARE(w.benchmarkModel()->benchmark(0).name, QStringLiteral("copy-sweep"));
        QCOMPARE(w.runProgress()->text(), QStringLiteral("bench stopped"));
        QVERIFY(w.runProgress()->bar()->isHidden());
        QVERIFY2(w.runLog()->toPlainText().contains(QStringLiteral("stopped: cancelled")), qPrintable(w.runLog()->toPlainText()));
        QVERIFY(w.runner()->running()); // cancelled, not killed

        QVERIFY(w.runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 60000);
        QCOMPARE(finished.last().at(1).toInt(), 0);
        QVERIFY2(w.runLog()->toPlainText().contains(QStringLiteral("ran 3.0")), qPrintable(w.runLog()->toPlainText()));
        QCOMPARE(w.runProgress()->text(), QStringLiteral("last run passed"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
