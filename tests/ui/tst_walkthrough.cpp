// The new user's walkthrough (docs/walkthrough.md) through MainWindow on the interpreter, with
// no terminal: open the swish example, run it, break the kernel's mask by one, see the test
// fail with the heat map's mismatch at the tail, fix it, test, bench, compare the last two runs
// in History.

#include "app/studio/benchmark_model.h"
#include "app/studio/comparison_model.h"
#include "app/studio/history_model.h"
#include "app/studio/history_pane.h"
#include "app/studio/main_window.h"
#include "app/studio/run_log.h"
#include "app/studio/run_progress.h"
#include "app/studio/runner_client.h"
#include "app/studio/validation_model.h"
#include "app/studio/validation_pane.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"

#include <QItemSelectionModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace tsm;

namespace {

class ScriptedWindow : public MainWindow
{
protected:
    SaveChoice askSaveChanges() override { return SaveChoice::Discard; }
};

const char kMask[] = "mask = offsets < n_elements";
const char kBrokenMask[] = "mask = offsets < n_elements - 1";

} // namespace

class TestWalkthrough : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Replaces `from` with `to` in the editor as a user would: select it, type over it.
    static void editKernel(KernelEditor *editor, const QByteArray &from, const QByteArray &to)
    {
        const int at = int(editor->utf8Text().indexOf(from));
        QVERIFY(at >= 0);
        editor->selectSpan(at, at + int(from.size()));
        editor->replaceSelectedText(QString::fromUtf8(to));
    }

    // The run's exit code, as recorded in History (-100: it did not start, -101: no end).
    static int runAndWait(MainWindow &w, const QString &request)
    {
        const int before = w.history().records().size();
        if (!w.runRequest(request))
            return -100;
        if (!QTest::qWaitFor([&] { return !w.isRunning(); }, 120000) || w.history().records().size() != before + 1)
            return -101;
        return w.history().records().last().exitCode;
    }

private slots:
    void initTestCase()
    {
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
        QCoreApplication::setOrganizationName(QStringLiteral("TilesmithTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_walkthrough"));
    }

    void openRunBreakFixBenchCompare()
    {
        // The example, its sweep cut to 3 sizes (the interpreter at 2^28 takes minutes).
        QByteArray example = readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py"));
        QVERIFY(example.contains(kMask));
        QVERIFY(example.contains("range(12, 29, 2)"));
        example.replace("range(12, 29, 2)", "range(12, 17, 2)");
        const QString path = m_dir.filePath(QStringLiteral("swish.py"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(example);
        }
        ScriptedWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(path));
        w.setBackendChoice(QStringLiteral("interp"));
        const int historyBefore = w.history().records().size();

        // 1. Run: the harness tests and benchmarks as `python swish.py` would.
        QCOMPARE(runAndWait(w, QStringLiteral("run")), 0);
        QVERIFY2(w.runLog()->toPlainText().contains(QStringLiteral("test_swish passed")), qPrintable(w.runLog()->toPlainText()));

        // 2. Break the mask by one: the last element of every vector is never written.
        editKernel(w.editor(), kMask, kBrokenMask);
        QCOMPARE(runAndWait(w, QStringLiteral("test")), 1);
        QCOMPARE(w.runProgress()->text(), QStringLiteral("last run failed (exit 1)"));
        ValidationModel *validation = w.validationModel();
        QCOMPARE(validation->failedCount(), 1); // the first assert_close raised
        int failed = -1;
        for (int r = 0; r < validation->rowCount(); ++r)
            if (!validation->row(r).value(QStringLiteral("passed")).toBool())
                failed = r;
        QVERIFY(failed >= 0);
        const QJsonObject row = validation->row(failed);
        QCOMPARE(row.value(QStringLiteral("mismatched")).toInt(), 1);
        QCOMPARE(row.value(QStringLiteral("total")).toInt(), 1000);
        // The window selected the failing row; its heat map outlines the last cell only.
        QCOMPARE(w.validationPane()->view()->selectionModel()->selectedRows().value(0).row(), failed);
        const HeatMap *heat = w.validationPane()->heatMap();
        QCOMPARE(heat->heatRows(), 1);
        QVERIFY(heat->heatCols() > 100);
        const QRect region = heat->mismatchRegion();
        QVERIFY(!region.isEmpty());
        QCOMPARE(region.x() + region.width(), heat->heatCols()); // reaches the end...
        QVERIFY2(region.x() >= heat->heatCols() - 2, qPrintable(QString::number(region.x()))); // ...and only the end

        // 3. Fix it: the test passes.
        editKernel(w.editor(), kBrokenMask, kMask);
        QCOMPARE(runAndWait(w, QStringLiteral("test")), 0);
        QCOMPARE(validation->failedCount(), 0);
        QCOMPARE(validation->rowCount(), 8); // 4 sizes x 2 betas, all passed

        // 4. Bench: 3 sizes x 2 lines charted.
        QCOMPARE(runAndWait(w, QStringLiteral("bench")), 0);
        QCOMPARE(w.benchmarkModel()->pointCount(), 6);

        // 5. History holds the four runs; the last two compared side by side.
        QCOMPARE(w.history().records().size(), historyBefore + 4);
        HistoryPane *history = w.historyPane();
        QCOMPARE(history->model()->rowCount(), 4); // this file's runs, newest first
        QCOMPARE(history->model()->record(0).request, QStringLiteral("bench"));
        QCOMPARE(history->model()->record(1).request, QStringLiteral("test"));
        QCOMPARE(history->model()->record(2).exitCode, 1);
        QVERIFY(history->model()->record(2).revision != history->model()->record(1).revision);
        QCOMPARE(history->model()->record(1).revision, history->model()->record(0).revision); // fixed = same text
        QTableView *runs = history->runsView();
        runs->clearSelection();
        for (int r : {0, 1})
            runs->selectionModel()->select(runs->model()->index(r, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QVERIFY(history->compareSelected());
        QCOMPARE(history->comparisonModel()->rowCount(), 6); // the bench's points, only in B
    }
};

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
