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
#include "app/studio/runner_client.h"
#include "editor/find_bar.h"
#include "editor/kernel_editor.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
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

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

// The title of the raised dock in the tab group that holds the dock titled `title`.
QString currentTabBeside(const QMainWindow &w, const QString &title)
{
    for (const QTabBar *bar : w.findChildren<QTabBar *>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == title)
                return bar->tabText(bar->currentIndex());
    return {};
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
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
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
        QCoreApplication::setOrganizationName(QStringLiteral("TilesmithTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
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
        QVERIFY(w.runRequest(QStringLiteral("test")));
        QVERIFY(!w.runRequest(QStringLiteral("run"))); // one at a time
        QVERIFY(!w.isWindowModified());
        QVERIFY(readFile(path).contains("print('edited')"));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(1).toInt(), 0);
        const QString log = w.runLog()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("PASSED test_swish")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("== passed")), qPrintable(log));
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
        QVERIFY(w.runRequest(QStringLiteral("bench")));
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.at(0).at(1).toInt(), 0);
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
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
