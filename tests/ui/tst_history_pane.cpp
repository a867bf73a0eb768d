// The History dock as a user meets it: the current file's runs newest first, a benchmark point
// charted across them with revision labels and hover details, two selected runs compared side
// by side; and in the main window, real runs on the interpreter recorded with their revisions,
// kept across a restart, and a runner that cannot start recorded as failed.

#include "app/studio/comparison_model.h"
#include "app/studio/history_chart.h"
#include "app/studio/history_model.h"
#include "app/studio/history_pane.h"
#include "app/studio/main_window.h"
#include "app/studio/run_history.h"
#include "app/studio/runner_client.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QItemSelectionModel>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace tsm;

namespace {

const QDateTime kT0 = QDateTime(QDate(2026, 11, 30), QTime(9, 0, 0), Qt::UTC);

QJsonObject point(const QString &x, const QString &line, double value)
{
    return {{"event", "benchmark_point"},
            {"benchmark", "vector-add-performance"},
            {"x_name", "size"},
            {"x", x},
            {"line", line},
            {"value", value},
            {"min", value - 0.5},
            {"max", value + 0.5},
            {"unit", "GB/s"},
            {"measured_by", "CPU time (interpreter)"}};
}

RunRecord run(const QString &file,
              const QByteArray &text,
              int minutes,
              const QString &request,
              const QList<QJsonObject> &events)
{
    RunRecord r = RunRecord::begin(
        file, request, QStringLiteral("interp"), text, kT0.addSecs(60 * minutes));
    for (const QJsonObject &e : events)
        r.addEvent(e);
    r.addEvent({{"event", "finished"}, {"passed", true}, {"exit_code", 0}, {"seconds", 1.25}});
    r.finish(0);
    return r;
}

QJsonObject kernel(const QString &name)
{
    return {{"event", "kernel_compiled"},
            {"name", name},
            {"signature", "*fp32:16, i32"},
            {"seconds", 0.1}};
}

// Selects rows `rows` of the runs table as Ctrl+clicks would.
void selectRows(QTableView *view, const QList<int> &rows)
{
    view->clearSelection();
    for (int r : rows)
        view->selectionModel()->select(view->model()->index(r, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

} // namespace

class TestHistoryPane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
    QString m_a, m_b;

    // Four runs of a.py (three benches on three revisions, a test between), one of b.py.
    void fill(RunHistory &h)
    {
        h.append(run(m_a,
                     "v1",
                     0,
                     QStringLiteral("bench"),
                     {kernel("add_kernel"),
                      point("1024", "Triton", 10),
                      point("1024", "Torch", 8),
                      point("4096", "Triton", 30)}));
        h.append(run(m_b, "b", 1, QStringLiteral("bench"), {point("1024", "Triton", 99)}));
        h.append(run(m_a, "v2", 2, QStringLiteral("test"), {}));
        h.append(
            run(m_a,
                "v2",
                3,
                QStringLiteral("bench"),
                {kernel("add_kernel"), point("1024", "Triton", 12), point("1024", "Torch", 8)}));
        h.append(run(m_a,
                     "v3",
                     4,
                     QStringLiteral("bench"),
                     {kernel("add_kernel"),
                      kernel("scale_kernel"),
                      point("1024", "Triton", 9),
                      point("1024", "Torch", 8.04)}));
    }

private slots:
    void initTestCase()
    {
        useTestSettings(m_settingsDir.path(), QStringLiteral("tst_history_pane"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
        m_a = m_dir.filePath(QStringLiteral("a.py"));
        m_b = m_dir.filePath(QStringLiteral("b.py"));
    }

    void showsTheFilesRunsAndChartsAPointAcrossThem()
    {
        QTemporaryDir dir;
        RunHistory h(dir.filePath(QStringLiteral("history.jsonl")));
        fill(h);
        HistoryPane pane(&h);
        QAbstractItemModelTester tester(pane.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(pane.model()->rowCount(), 0); // no file yet
        pane.setFile(m_a);
        QCOMPARE(pane.model()->rowCount(), 4);
        auto cell = [&pane](int row, int column) {
            return pane.model()->index(row, column).data().toString();
        };
        QCOMPARE(cell(0, HistoryModel::Revision),
                 RunRecord::revisionOf("v3").left(10)); // newest first
        QCOMPARE(cell(3, HistoryModel::Revision), RunRecord::revisionOf("v1").left(10));
        QCOMPARE(cell(2, HistoryModel::Request), QStringLiteral("test"));
        QCOMPARE(cell(0, HistoryModel::Result), QStringLiteral("passed"));
        QCOMPARE(cell(0, HistoryModel::Seconds), QStringLiteral("1.25"));
        QCOMPARE(cell(0, HistoryModel::Points), QStringLiteral("2"));
        QCOMPARE(cell(3, HistoryModel::Points), QStringLiteral("3"));
        QCOMPARE(cell(2, HistoryModel::Points), QStringLiteral("0"));
        QCOMPARE(cell(0, HistoryModel::Backend), QStringLiteral("interp"));
        QCOMPARE(pane.model()->index(0, HistoryModel::Revision).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("SHA-256 of the text that ran: ") + RunRecord::revisionOf("v3"));

        // The series measured most often is chosen (Triton at 4096 is in one run only); of those,
        // the first line's.
        QCOMPARE(pane.seriesChooser()->count(), 3);
        QCOMPARE(pane.seriesChooser()->currentText(),
                 QStringLiteral("vector-add-performance / Triton / size=1024 (GB/s)"));
        HistoryChart *chart = pane.chart();
        QCOMPARE(chart->pointCount(), 3);
        QCOMPARE(chart->lineNames(), QStringList{QStringLiteral("CPU time (interpreter)")});
        const QList<QPointF> points = chart->linePoints(QStringLiteral("CPU time (interpreter)"));
        QCOMPARE(points, (QList<QPointF>{{1, 10}, {2, 12}, {3, 9}}));
        QCOMPARE(chart->yAxisTitle(), QStringLiteral("GB/s"));
        const QStringList labels = chart->xLabels();
        QCOMPARE(labels.size(), 3);
        QCOMPARE(labels[0], QStringLiteral("#1<br>") + RunRecord::revisionOf("v1").left(10));
        QCOMPARE(labels[2], QStringLiteral("#3<br>") + RunRecord::revisionOf("v3").left(10));
        const QString tip = chart->toolTipAt({2.1, 11.8});
        QVERIFY2(tip.contains(RunRecord::revisionOf("v2").left(10)), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("12 GB/s (min 11.5, max 12.5)")), qPrintable(tip));
        QVERIFY2(tip.contains(kT0.addSecs(180).toLocalTime().toString(
                     QStringLiteral("yyyy-MM-dd hh:mm:ss"))),
                 qPrintable(tip));

        pane.seriesChooser()->setCurrentIndex(1);
        QCOMPARE(chart->linePoints(QStringLiteral("CPU time (interpreter)")).value(2),
                 QPointF(3, 8.04));

        pane.setFile(m_b);
        QCOMPARE(pane.model()->rowCount(), 1);
        QCOMPARE(chart->pointCount(), 1);
        pane.setFile(QString());
        QCOMPARE(pane.model()->rowCount(), 0);
        QCOMPARE(chart->pointCount(), 0);
    }

    void comparesTwoSelectedRuns()
    {
        QTemporaryDir dir;
        RunHistory h(dir.filePath(QStringLiteral("history.jsonl")));
        fill(h);
        HistoryPane pane(&h);
        pane.setFile(m_a);
        QAbstractItemModelTester tester(pane.comparisonModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!pane.compareButton()->isEnabled());
        selectRows(pane.runsView(), {0});
        QVERIFY(!pane.compareButton()->isEnabled());
        QVERIFY(!pane.compareSelected());
        QVERIFY(pane.comparisonTitle()->text().contains(QStringLiteral("exactly two")));

        selectRows(pane.runsView(), {0, 1}); // v3 (newest) and v2's bench
        QVERIFY(pane.compareButton()->isEnabled());
        QTest::mouseClick(pane.compareButton(), Qt::LeftButton);
        QCOMPARE(pane.tabs()->currentIndex(), 1);
        ComparisonModel *m = pane.comparisonModel();
        QCOMPARE(m->rowCount(), 2);
        auto cell = [m](int row, int column) { return m->index(row, column).data().toString(); };
        QCOMPARE(cell(0, ComparisonModel::Line), QStringLiteral("Triton"));
        QCOMPARE(cell(0, ComparisonModel::A), QStringLiteral("12 GB/s")); // A: the older run
        QCOMPARE(cell(0, ComparisonModel::B), QStringLiteral("9 GB/s"));
        QCOMPARE(cell(0, ComparisonModel::Ratio), QStringLiteral("0.750×"));
        QCOMPARE(
            m->index(0, ComparisonModel::Ratio).data(Qt::ForegroundRole).value<QBrush>().color(),
            QColor(0xcf, 0x22, 0x2e)); // slower
        QCOMPARE(cell(1, ComparisonModel::Ratio), QStringLiteral("1.005×"));
        QVERIFY(!m->index(1, ComparisonModel::Ratio)
                     .data(Qt::ForegroundRole)
                     .isValid()); // within 2%: no colour
        const QString diffs = pane.differences()->toPlainText();
        QVERIFY2(diffs.contains(
                     QStringLiteral("kernel compiled by B only: scale_kernel [*fp32:16, i32]")),
                 qPrintable(diffs));
        QVERIFY(pane.comparisonTitle()->text().contains(RunRecord::revisionOf("v2").left(10)));

        // Reversed selection order: A is still the older run.
        selectRows(pane.runsView(), {3, 1});
        QVERIFY(pane.compareSelected());
        QCOMPARE(cell(0, ComparisonModel::A), QStringLiteral("10 GB/s"));
        QCOMPARE(cell(0, ComparisonModel::Ratio), QStringLiteral("1.200×"));
        QCOMPARE(
            m->index(0, ComparisonModel::Ratio).data(Qt::ForegroundRole).value<QBrush>().color(),
            QColor(0x1a, 0x7f, 0x37)); // faster
    }

    void theMainWindowRecordsRealRunsWithTheirRevisions()
    {
        QTemporaryDir dir;
        const QString historyPath = dir.filePath(QStringLiteral("history.jsonl"));
        qputenv("TILESMITH_HISTORY_FILE", historyPath.toLocal8Bit());
        const QString path = dir.filePath(QStringLiteral("swish.py"));
        writeFile(path, readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        {
            MainWindow w;
            QVERIFY(w.historyDock() && w.historyDock()->windowTitle() == QStringLiteral("History"));
            QVERIFY(w.openFile(path));
            QCOMPARE(w.historyPane()->model()->rowCount(), 0);
            w.setBackendChoice(QStringLiteral("interp"));
            // Other requests share the runner (the Generated Code view's): wait for the records.
            QVERIFY(w.runRequest(QStringLiteral("test")));
            QTRY_COMPARE_WITH_TIMEOUT(w.history().recordsFor(path).size(), 1, 60000);
            QCOMPARE(w.historyPane()->model()->rowCount(), 1);
            w.editor()->append(QStringLiteral("\nprint('edited')\n")); // saved by the next run
            QVERIFY(w.runRequest(QStringLiteral("test")));
            QTRY_COMPARE_WITH_TIMEOUT(w.history().recordsFor(path).size(), 2, 60000);
            const QList<RunRecord> runs = w.history().recordsFor(path);
            QCOMPARE(runs.size(), 2);
            QCOMPARE(runs[0].revision, RunRecord::revisionOf(readFile(path))); // the edited text
            QVERIFY(runs[0].revision != runs[1].revision);
            for (const RunRecord &r : runs) {
                QCOMPARE(r.request, QStringLiteral("test"));
                QCOMPARE(r.backendChosen, QStringLiteral("interp"));
                QVERIFY2(r.passed, qPrintable(r.resultText() + QStringLiteral(" ") + r.firstError));
                QCOMPARE(r.exitCode, 0);
                QVERIFY(!r.tests.isEmpty());
                QVERIFY(r.tests[0].passed);
                QVERIFY(!r.kernels.isEmpty());
                QCOMPARE(r.kernels[0].name, QStringLiteral("swish_kernel"));
                QVERIFY(r.validationsPassed >= 1);
                QVERIFY(r.seconds > 0);
            }
            QCOMPARE(w.historyPane()->model()->rowCount(), 2);
            QCOMPARE(w.historyPane()->model()->index(0, HistoryModel::Revision).data().toString(),
                     runs[0].shortRevision());
        }
        QCOMPARE(readFile(historyPath).count('\n'), 2);
        { // a restart loads them
            MainWindow w;
            QVERIFY(w.openFile(path));
            QCOMPARE(w.historyPane()->model()->rowCount(), 2);
            w.newFile();
            QCOMPARE(w.historyPane()->model()->rowCount(), 0);
        }
        qunsetenv("TILESMITH_HISTORY_FILE");
    }

    void aRunnerThatCannotStartIsRecordedAsFailed()
    {
        QTemporaryDir dir;
        qputenv("TILESMITH_HISTORY_FILE",
                dir.filePath(QStringLiteral("history.jsonl")).toLocal8Bit());
        qputenv("TILESMITH_BIN", "/nonexistent/tilesmith");
        const QString path = dir.filePath(QStringLiteral("swish.py"));
        writeFile(path, readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        {
            MainWindow w;
            QVERIFY(w.openFile(path));
            QVERIFY(w.runRequest(QStringLiteral("run")));
            QTRY_COMPARE_WITH_TIMEOUT(w.history().recordsFor(path).size(), 1, 10000);
            const RunRecord r = w.history().recordsFor(path).first();
            QCOMPARE(r.exitCode, -1);
            QVERIFY(!r.passed);
            QCOMPARE(r.resultText(), QStringLiteral("runner failed"));
            QVERIFY2(r.failure.contains(QStringLiteral("could not be started")),
                     qPrintable(r.failure));
            QVERIFY(w.runRequest(QStringLiteral("run"))); // not stuck "running"
            QTRY_COMPARE_WITH_TIMEOUT(w.history().recordsFor(path).size(), 2, 10000);
        }
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
        qunsetenv("TILESMITH_HISTORY_FILE");
    }
};

QTEST_MAIN(TestHistoryPane)
#include "tst_history_pane.moc"
