// The run history without widgets: a record built from a run's events, the source revision,
// a runner that failed, the JSON Lines file (round trip, corrupt and torn lines, the cap), one
// benchmark point across runs, and two runs compared.

#include "app/studio/run_comparison.h"
#include "app/studio/run_history.h"
#include "ui_test_support.h"

#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace tsm;

namespace {

const QString kInterp = QStringLiteral("CPU time (interpreter)");
const QDateTime kT0 = QDateTime(QDate(2026, 11, 30), QTime(9, 0, 0), Qt::UTC);

QJsonObject ev(const QString &kind, QJsonObject members = {})
{
    members.insert(QStringLiteral("event"), kind);
    return members;
}

QJsonObject point(const QString &x,
                  const QString &line,
                  double value,
                  const QString &unit = QStringLiteral("GB/s"),
                  const QString &measuredBy = kInterp)
{
    return ev(QStringLiteral("benchmark_point"),
              {{"benchmark", "vector-add"},
               {"x_name", "size"},
               {"x", x},
               {"line", line},
               {"value", value},
               {"min", value * 0.9},
               {"max", value * 1.1},
               {"unit", unit},
               {"measured_by", measuredBy}});
}

QJsonObject kernel(const QString &name, const QString &signature)
{
    return ev(QStringLiteral("kernel_compiled"),
              {{"name", name}, {"signature", signature}, {"seconds", 0.25}});
}

QJsonObject finished(bool passed, int exitCode, double seconds)
{
    return ev(QStringLiteral("finished"),
              {{"passed", passed}, {"exit_code", exitCode}, {"seconds", seconds}});
}

// A finished bench run of `file` on `text` started `minutes` after kT0, with `points`.
RunRecord
benchRun(const QString &file, const QByteArray &text, int minutes, const QList<QJsonObject> &points)
{
    RunRecord r = RunRecord::begin(
        file, QStringLiteral("bench"), QStringLiteral("interp"), text, kT0.addSecs(60 * minutes));
    r.addEvent(kernel(
        QStringLiteral("add_kernel"),
        QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32, constexpr 1024 | warps=4 stages=3")));
    for (const QJsonObject &p : points)
        r.addEvent(p);
    r.addEvent(finished(true, 0, 2.0));
    r.finish(0);
    return r;
}

QList<QByteArray> fileLines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = f.readAll().split('\n');
    lines.removeAll(QByteArray());
    return lines;
}

} // namespace

class TestRunHistory : public QObject
{
    Q_OBJECT

private slots:
    void recordFromAnEventStream()
    {
        RunRecord r = RunRecord::begin(
            QStringLiteral("/tmp/k.py"), QStringLiteral("test"), QString(), "print(1)\n", kT0);
        r.addEvent(ev(QStringLiteral("stdout"), {{"text", "hello\n"}}));
        r.addEvent(kernel(QStringLiteral("swish_kernel"), QStringLiteral("*fp32:16, i32")));
        r.addEvent(kernel(QStringLiteral("swish_kernel"), QStringLiteral("*fp16:16, i32")));
        r.addEvent(ev(QStringLiteral("test_started"), {{"name", "test_a"}}));
        r.addEvent(ev(QStringLiteral("validation"), {{"passed", true}, {"max_abs_error", 1e-7}}));
        r.addEvent(ev(QStringLiteral("test_finished"),
                      {{"name", "test_a"}, {"passed", true}, {"seconds", 0.5}}));
        r.addEvent(ev(QStringLiteral("validation"), {{"passed", false}, {"max_abs_error", 0.75}}));
        r.addEvent(ev(QStringLiteral("diagnostic"),
                      {{"severity", "error"},
                       {"message", "Tensor-likes are not close!"},
                       {"file", "/tmp/k.py"},
                       {"line", 31}}));
        r.addEvent(
            ev(QStringLiteral("diagnostic"), {{"severity", "error"}, {"message", "second"}}));
        r.addEvent(ev(QStringLiteral("test_finished"),
                      {{"name", "test_b[1024]"}, {"passed", false}, {"seconds", 0.25}}));
        r.addEvent(point(QStringLiteral("4096"), QStringLiteral("Triton"), 1.5));
        r.addEvent(finished(false, 1, 1.75));
        r.addEvent(ev(QStringLiteral("done"), {{"exit_code", 1}}));
        r.finish(1, {}, kT0.addSecs(9));

        QCOMPARE(r.request, QStringLiteral("test"));
        QCOMPARE(r.backendChosen, QString());
        QCOMPARE(r.backendUsed, QStringLiteral("interp")); // from measured_by
        QCOMPARE(r.kernels.size(), 2);
        QCOMPARE(r.kernels[1].signature, QStringLiteral("*fp16:16, i32"));
        QCOMPARE(r.kernels[1].seconds, 0.25);
        QCOMPARE(r.validationsPassed, 1);
        QCOMPARE(r.validationsFailed, 1);
        QCOMPARE(r.worstAbsError, 0.75);
        QCOMPARE(r.tests.size(), 2);
        QCOMPARE(r.tests[1].name, QStringLiteral("test_b[1024]"));
        QVERIFY(r.tests[0].passed && !r.tests[1].passed);
        QCOMPARE(r.errorCount, 2);
        QCOMPARE(r.firstError, QStringLiteral("k.py:31: Tensor-likes are not close!"));
        QCOMPARE(r.points.size(), 1);
        QCOMPARE(r.points[0].value, 1.5);
        QCOMPARE(r.points[0].min, 1.5 * 0.9);
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.passed);
        QCOMPARE(r.seconds, 1.75); // the runner's, not the wall clock's 9 s
        QCOMPARE(r.resultText(), QStringLiteral("failed (exit 1)"));
    }

    void revisionIsTheSha256OfTheText()
    {
        QCOMPARE(
            RunRecord::revisionOf("abc"),
            QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        const RunRecord a
            = RunRecord::begin(QStringLiteral("k.py"), QStringLiteral("run"), {}, "x = 1\n");
        const RunRecord b
            = RunRecord::begin(QStringLiteral("k.py"), QStringLiteral("run"), {}, "x = 1 \n");
        const RunRecord c
            = RunRecord::begin(QStringLiteral("k.py"), QStringLiteral("run"), {}, "x = 1\n");
        QVERIFY(a.revision != b.revision);
        QCOMPARE(a.revision, c.revision);
        QCOMPARE(a.shortRevision().size(), 10);
        QVERIFY(a.revision.startsWith(a.shortRevision()));
        QVERIFY(QFileInfo(a.file).isAbsolute());
    }

    void aFailedRunnerIsRecordedWithItsReason()
    {
        RunRecord r = RunRecord::begin(
            QStringLiteral("/tmp/k.py"), QStringLiteral("run"), QStringLiteral("cuda"), "x", kT0);
        r.addEvent(kernel(QStringLiteral("k"), QStringLiteral("i32")));
        r.finish(
            -1,
            QStringLiteral("The runner crashed (Segmentation fault) while running 'run k.py'."),
            kT0.addMSecs(2500));
        QCOMPARE(r.resultText(), QStringLiteral("runner failed"));
        QVERIFY(!r.passed);
        QCOMPARE(r.seconds, 2.5);
        QVERIFY(r.failure.contains(QStringLiteral("Segmentation fault")));
        QCOMPARE(r.kernels.size(), 1); // what it did before failing is kept

        RunRecord cancelled
            = RunRecord::begin(QStringLiteral("/tmp/k.py"), QStringLiteral("test"), {}, "x", kT0);
        cancelled.addEvent(ev(QStringLiteral("done"), {{"exit_code", 1}, {"reason", "cancelled"}}));
        cancelled.finish(1);
        QCOMPARE(cancelled.resultText(), QStringLiteral("cancelled"));
    }

    void persistsAsJsonLinesAndLoadsBack()
    {
        QTemporaryDir dir;
        const QString path
            = dir.filePath(QStringLiteral("sub/history.jsonl")); // the folder is made
        RunHistory h(path);
        QVERIFY(h.load()); // missing: empty
        QCOMPARE(h.records().size(), 0);
        RunRecord a = benchRun(QStringLiteral("/w/a.py"),
                               "v1",
                               0,
                               {point("1024", "Triton", 2.5), point("1024", "Torch", qQNaN())});
        a.addEvent(ev(QStringLiteral("test_finished"),
                      {{"name", "test_a"}, {"passed", true}, {"seconds", 0.5}}));
        RunRecord b = benchRun(QStringLiteral("/w/b.py"), "other", 1, {});
        RunRecord a2 = benchRun(QStringLiteral("/w/a.py"), "v2", 2, {point("1024", "Triton", 3.0)});
        QVERIFY(h.append(a));
        QVERIFY(h.append(b));
        QVERIFY(h.append(a2));
        QCOMPARE(fileLines(path).size(), 3);

        RunHistory loaded(path);
        QVERIFY(loaded.load());
        QCOMPARE(loaded.skippedLines(), 0);
        QCOMPARE(loaded.records().size(), 3);
        const QList<RunRecord> runs = loaded.recordsFor(QStringLiteral("/w/a.py"));
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].revision, a2.revision); // newest first
        const RunRecord &r = runs[1];
        QCOMPARE(r.revision, RunRecord::revisionOf("v1"));
        QCOMPARE(r.started, kT0);
        QCOMPARE(r.request, QStringLiteral("bench"));
        QCOMPARE(r.backendChosen, QStringLiteral("interp"));
        QCOMPARE(r.backendUsed, QStringLiteral("interp"));
        QVERIFY(r.passed);
        QCOMPARE(r.seconds, 2.0);
        QCOMPARE(r.kernels.size(), 1);
        QCOMPARE(r.kernels[0].name, QStringLiteral("add_kernel"));
        QCOMPARE(r.points.size(), 2);
        QCOMPARE(r.points[0].value, 2.5);
        QCOMPARE(r.points[0].max, 2.5 * 1.1);
        QCOMPARE(r.points[0].measuredBy, kInterp);
        QVERIFY(std::isnan(r.points[1].value)); // null in the file, NaN again
        QCOMPARE(r.tests.size(), 1);
        QCOMPARE(r.tests[0].name, QStringLiteral("test_a"));
        QCOMPARE(loaded.recordsFor(QStringLiteral("/w/b.py")).size(), 1);
        QCOMPARE(loaded.recordsFor(QStringLiteral("/w/c.py")).size(), 0);
    }

    void corruptAndTornLinesAreSkipped()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.jsonl"));
        const QByteArray good1
            = QJsonDocument(benchRun(QStringLiteral("/w/a.py"), "1", 0, {}).toJson())
                  .toJson(QJsonDocument::Compact);
        const QByteArray good2
            = QJsonDocument(benchRun(QStringLiteral("/w/a.py"), "2", 1, {}).toJson())
                  .toJson(QJsonDocument::Compact);
        writeFile(path,
                  good1
                      + "\nnot json at all\n[1, 2, "
                        "3]\n{\"file\":\"/w/a.py\",\"started\":\"2026-11-30T09:00:00Z\"}\n\n"
                      + good2 + "\n"
                      + good2.left(good2.size() / 2)); // the last line torn by a crash
        RunHistory h(path);
        QVERIFY(h.load());
        QCOMPARE(h.records().size(), 2);
        QCOMPARE(h.skippedLines(), 4);
        QCOMPARE(h.records()[1].revision, RunRecord::revisionOf("2"));

        // The next record starts on a line of its own, after the torn one.
        QVERIFY(h.append(benchRun(QStringLiteral("/w/a.py"), "3", 2, {})));
        RunHistory again(path);
        QVERIFY(again.load());
        QCOMPARE(again.records().size(), 3);
        QCOMPARE(again.skippedLines(), 4);
        QCOMPARE(again.records()[2].revision, RunRecord::revisionOf("3"));
    }

    void theFileKeepsTheNewestRecordsUpToTheCap()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.jsonl"));
        RunHistory h(path, 10);
        QVERIFY(h.load());
        for (int i = 0; i < 25; ++i)
            QVERIFY(h.append(benchRun(QStringLiteral("/w/a.py"), QByteArray::number(i), i, {})));
        QCOMPARE(h.records().size(), 10);
        QCOMPARE(h.records().first().revision, RunRecord::revisionOf("15"));
        QCOMPARE(h.records().last().revision, RunRecord::revisionOf("24"));
        QVERIFY(fileLines(path).size() <= 11); // rewritten once it holds a tenth more
        QVERIFY(fileLines(path).size() >= 10);

        RunHistory loaded(path, 10);
        QVERIFY(loaded.load());
        QCOMPARE(loaded.records().size(), 10);
        QCOMPARE(loaded.records().first().revision, RunRecord::revisionOf("15"));
        QCOMPARE(loaded.records().last().revision, RunRecord::revisionOf("24"));
    }

    void aPointAcrossTheRunsOfAFile()
    {
        QTemporaryDir dir;
        RunHistory h(dir.filePath(QStringLiteral("history.jsonl")));
        h.append(benchRun(QStringLiteral("/w/a.py"),
                          "r1",
                          0,
                          {point("1024", "Triton", 1.0), point("4096", "Triton", 4.0)}));
        h.append(benchRun(QStringLiteral("/w/b.py"), "b", 1, {point("1024", "Triton", 99.0)}));
        RunRecord test = RunRecord::begin(
            QStringLiteral("/w/a.py"), QStringLiteral("test"), {}, "r2", kT0.addSecs(120));
        test.finish(0);
        h.append(test); // no points: not in the series
        h.append(benchRun(QStringLiteral("/w/a.py"),
                          "r3",
                          3,
                          {point("1024", "Triton", 2.0), point("1024", "Torch", 1.5)}));
        h.append(benchRun(
            QStringLiteral("/w/a.py"),
            "r4",
            4,
            {point("1024", "Triton", 2.5, QStringLiteral("GB/s"), QStringLiteral("CUDA events"))}));

        const QList<SeriesKey> keys = h.seriesKeys(QStringLiteral("/w/a.py"));
        QCOMPARE(keys.size(), 3);
        QCOMPARE(keys[0].label(), QStringLiteral("vector-add / Triton / size=1024"));
        QCOMPARE(keys[1].x, QStringLiteral("4096"));
        QCOMPARE(keys[2].line, QStringLiteral("Torch"));

        const QList<SeriesPoint> s = h.series(QStringLiteral("/w/a.py"), keys[0]);
        QCOMPARE(s.size(), 3);
        QCOMPARE(s[0].value, 1.0);
        QCOMPARE(s[1].value, 2.0);
        QCOMPARE(s[2].value, 2.5);
        QCOMPARE(s[0].run, 1);
        QCOMPARE(s[2].run, 3);
        QCOMPARE(s[0].revision, RunRecord::revisionOf("r1"));
        QCOMPARE(s[1].revision, RunRecord::revisionOf("r3"));
        QCOMPARE(s[2].measuredBy, QStringLiteral("CUDA events"));
        QCOMPARE(s[1].started, kT0.addSecs(180));
        QCOMPARE(h.series(QStringLiteral("/w/a.py"), keys[1]).size(), 1);
        QCOMPARE(h.series(QStringLiteral("/w/b.py"), keys[0]).size(), 1);
    }

    void twoRunsCompared()
    {
        RunRecord a = benchRun(QStringLiteral("/w/a.py"),
                               "a",
                               0,
                               {point("1024", "Triton", 10.0),
                                point("4096", "Triton", 20.0),
                                point("1024", "ms-line", 2.0, QStringLiteral("ms")),
                                point("8192", "Triton", 5.0)});
        a.addEvent(ev(QStringLiteral("validation"), {{"passed", true}, {"max_abs_error", 0.0}}));
        a.addEvent(ev(QStringLiteral("test_finished"), {{"name", "test_x"}, {"passed", true}}));
        a.addEvent(ev(QStringLiteral("test_finished"), {{"name", "test_gone"}, {"passed", true}}));
        RunRecord b
            = RunRecord::begin(QStringLiteral("/w/a.py"), QStringLiteral("bench"), {}, "b", kT0);
        b.addEvent(
            kernel(QStringLiteral("add_kernel"),
                   QStringLiteral(
                       "*fp16:16, *fp16:16, *fp16:16, i32, constexpr 1024 | warps=4 stages=3")));
        b.addEvent(kernel(QStringLiteral("new_kernel"), QStringLiteral("i32")));
        for (const QJsonObject &p : {point("1024", "Triton", 11.0),
                                     point("4096", "Triton", 20.2),
                                     point("1024", "ms-line", 3.0, QStringLiteral("ms")),
                                     point("65536", "Triton", 7.0)})
            b.addEvent(p);
        b.addEvent(ev(QStringLiteral("validation"), {{"passed", false}, {"max_abs_error", 0.5}}));
        b.addEvent(ev(QStringLiteral("test_finished"), {{"name", "test_x"}, {"passed", false}}));
        b.addEvent(ev(QStringLiteral("test_finished"), {{"name", "test_new"}, {"passed", true}}));
        b.finish(1);

        const RunComparison c = compareRuns(a, b);
        QCOMPARE(c.points.size(), 5);
        QCOMPARE(c.points[0].a, 10.0);
        QCOMPARE(c.points[0].b, 11.0);
        QCOMPARE(c.points[0].ratio(), 1.1);
        QCOMPARE(c.points[0].change(), PointComparison::Change::Faster);
        QCOMPARE(c.points[1].change(), PointComparison::Change::Same); // 1% is within 2%
        QVERIFY(c.points[2].lowerIsBetter());
        QCOMPARE(c.points[2].ratio(), 1.5);
        QCOMPARE(c.points[2].change(), PointComparison::Change::Slower); // 3 ms after 2 ms
        QCOMPARE(c.points[3].x, QStringLiteral("8192"));
        QVERIFY(std::isnan(c.points[3].b));
        QCOMPARE(c.points[3].change(), PointComparison::Change::Missing);
        QCOMPARE(c.points[4].x, QStringLiteral("65536")); // only in B: last
        QVERIFY(std::isnan(c.points[4].a));

        QCOMPARE(c.kernelsAdded.size(), 2);
        QVERIFY(c.kernelsAdded[0].startsWith(QStringLiteral("add_kernel [*fp16")));
        QCOMPARE(c.kernelsAdded[1], QStringLiteral("new_kernel [i32]"));
        QCOMPARE(c.kernelsRemoved.size(), 1);
        QVERIFY(c.kernelsRemoved[0].startsWith(QStringLiteral("add_kernel [*fp32")));
        QCOMPARE(c.validation.size(), 2);
        QVERIFY(
            c.validation[0].contains(QStringLiteral("A 1 passed, 0 failed; B 0 passed, 1 failed")));
        QVERIFY(c.validation[1].contains(QStringLiteral("A 0, B 0.5")));
        QCOMPARE(c.tests,
                 (QStringList{QStringLiteral("test_x: passed -> FAILED"),
                              QStringLiteral("test_gone: only in A (passed)"),
                              QStringLiteral("test_new: only in B (passed)")}));
        QVERIFY(c.differencesText().contains(
            QStringLiteral("kernel compiled by B only: new_kernel [i32]")));

        const RunComparison same = compareRuns(a, a);
        QVERIFY(same.kernelsAdded.isEmpty() && same.kernelsRemoved.isEmpty() && same.tests.isEmpty()
                && same.validation.isEmpty());
        QCOMPARE(same.differencesText(),
                 QStringLiteral("Same kernels, validation and test results."));
    }
};

QTEST_MAIN(TestRunHistory)
#include "tst_run_history.moc"
