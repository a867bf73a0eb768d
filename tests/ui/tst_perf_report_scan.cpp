// hasPerfReport: Profile runs a file with perf_report benchmarks as `bench` (they launch the
// kernels at every size) and any other as `run`.

#include "app/studio/perf_report_scan.h"
#include "ui_test_support.h"

#include <QtTest>

using namespace tsm;

class TestPerfReportScan : public QObject
{
    Q_OBJECT

private slots:
    void findsTheDecorator_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("expected");
        QTest::newRow("triton.testing")
            << QByteArray("import "
                          "triton\n@triton.testing.perf_report(triton.testing.Benchmark(x_names=['"
                          "n']))\ndef bench(n):\n    pass\n")
            << true;
        QTest::newRow("imported name")
            << QByteArray("from triton.testing import perf_report, "
                          "Benchmark\n@perf_report([])\ndef bench(n):\n    pass\n")
            << true;
        QTest::newRow("inside a function")
            << QByteArray("import triton\ndef main():\n    @triton.testing.perf_report([])\n    "
                          "def bench(n):\n        pass\n")
            << true;
        QTest::newRow("no benchmark")
            << QByteArray("import triton\n@triton.jit\ndef k(x):\n    pass\n") << false;
        QTest::newRow("commented out") << QByteArray(
            "import triton\n# @triton.testing.perf_report([])\ndef bench(n):\n    pass\n")
                                       << false;
        QTest::newRow("in a string")
            << QByteArray("doc = '''\n@triton.testing.perf_report([])\n'''\n") << false;
        QTest::newRow("another decorator")
            << QByteArray("import functools\n@functools.cache\ndef perf_report(n):\n    pass\n")
            << false;
    }

    void findsTheDecorator()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, expected);
        QCOMPARE(hasPerfReport(text), expected);
    }

    void theBundledExamples()
    {
        QVERIFY(
            hasPerfReport(readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py"))));
        QVERIFY(hasPerfReport(
            readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/vector_add.py"))));
    }
};

QTEST_MAIN(TestPerfReportScan)
#include "tst_perf_report_scan.moc"
