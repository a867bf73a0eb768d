// The status bar's run progress: tests and benchmark cells counted, a compile shown while it
// lasts, an autotune tuning counted by configs inside a benchmark cell and the cell's count back
// when its `autotune` event arrives.

#include "app/studio/run_progress.h"

#include <QJsonObject>
#include <QProgressBar>
#include <QtTest>

using tsm::RunProgress;

namespace {

QJsonObject progress(const QString &what, const QString &name, int done, int total)
{
    QJsonObject e{{QStringLiteral("event"), QStringLiteral("progress")},
                  {QStringLiteral("what"), what},
                  {QStringLiteral("name"), name}};
    if (total > 0) {
        e.insert(QStringLiteral("done"), done);
        e.insert(QStringLiteral("total"), total);
    }
    return e;
}

} // namespace

class TestRunProgress : public QObject
{
    Q_OBJECT

private slots:
    void tuningInsideABenchmarkCell()
    {
        RunProgress p;
        p.begin(QStringLiteral("bench"));
        QCOMPARE(p.text(), QStringLiteral("bench running…"));
        p.addEvent(progress(QStringLiteral("benchmark"), QStringLiteral("swish-performance"), 4, 18));
        QCOMPARE(p.text(), QStringLiteral("Benchmark swish-performance: 4/18"));
        p.addEvent(progress(QStringLiteral("compile"), QStringLiteral("swish_kernel"), 0, 0));
        QCOMPARE(p.text(), QStringLiteral("Compiling swish_kernel…"));
        QCOMPARE(p.bar()->maximum(), 0); // busy while compiling
        p.addEvent(progress(QStringLiteral("autotune"), QStringLiteral("swish_kernel"), 0, 7));
        QCOMPARE(p.text(), QStringLiteral("Tuning swish_kernel: 0/7 configs"));
        p.addEvent(progress(QStringLiteral("autotune"), QStringLiteral("swish_kernel"), 3, 7));
        QCOMPARE(p.text(), QStringLiteral("Tuning swish_kernel: 3/7 configs"));
        QCOMPARE(p.bar()->maximum(), 7);
        QCOMPARE(p.bar()->value(), 3);
        // A diagnostic during the tuning (a config that does not compile) is not a compile's end.
        p.addEvent(QJsonObject{{QStringLiteral("event"), QStringLiteral("diagnostic")}});
        QCOMPARE(p.text(), QStringLiteral("Tuning swish_kernel: 3/7 configs"));
        p.addEvent(QJsonObject{{QStringLiteral("event"), QStringLiteral("autotune")}});
        QCOMPARE(p.text(), QStringLiteral("Benchmark swish-performance: 4/18"));
        QCOMPARE(p.bar()->maximum(), 18);
        p.finish(0);
        QCOMPARE(p.text(), QStringLiteral("last run passed"));
    }

    void tuningInARunWithoutCounts()
    {
        RunProgress p;
        p.begin(QStringLiteral("run"));
        p.addEvent(progress(QStringLiteral("autotune"), QStringLiteral("k"), 1, 2));
        QCOMPARE(p.text(), QStringLiteral("Tuning k: 1/2 configs"));
        p.addEvent(QJsonObject{{QStringLiteral("event"), QStringLiteral("autotune")}});
        QCOMPARE(p.text(), QStringLiteral("run running…"));
        QVERIFY(p.bar()->isHidden());
    }
};

QTEST_MAIN(TestRunProgress)
#include "tst_run_progress.moc"
