// BenchmarkModel: benchmark_point events grouped into benchmarks and lines in arrival order, the
// axis choices they carry, the hover text and the CSV a user exports.

#include "app/studio/benchmark_model.h"

#include <QAbstractItemModelTester>
#include <QJsonObject>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace tsm;

namespace {

const QString kCuda = QStringLiteral("CUDA events, L2 cleared before each call");
const QString kInterp = QStringLiteral("CPU time (interpreter)");

QJsonObject point(const QString &bench,
                  const QString &x,
                  const QString &line,
                  QJsonValue value,
                  QJsonValue min = QJsonValue::Null,
                  QJsonValue max = QJsonValue::Null,
                  const QString &unit = QStringLiteral("GB/s"),
                  const QString &measuredBy = kInterp,
                  bool xLog = false)
{
    return {{QStringLiteral("event"), QStringLiteral("benchmark_point")},
            {QStringLiteral("benchmark"), bench},
            {QStringLiteral("x_name"), QStringLiteral("size")},
            {QStringLiteral("x"), x},
            {QStringLiteral("line"), line},
            {QStringLiteral("value"), value},
            {QStringLiteral("min"), min},
            {QStringLiteral("max"), max},
            {QStringLiteral("unit"), unit},
            {QStringLiteral("measured_by"), measuredBy},
            {QStringLiteral("xlabel"), QString()},
            {QStringLiteral("x_log"), xLog},
            {QStringLiteral("y_log"), false}};
}

} // namespace

class TestBenchmarkModel : public QObject
{
    Q_OBJECT

private slots:
    void pointsAreGroupedByBenchmarkAndLineInArrivalOrder()
    {
        BenchmarkModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy added(&m, &BenchmarkModel::pointAdded);
        QVERIFY(!m.addEvent({{QStringLiteral("event"), QStringLiteral("stdout")},
                             {QStringLiteral("text"), QStringLiteral("hi")}}));
        QVERIFY(
            m.addEvent(point("swish", "4096", "Triton", 1.5, 1.25, 1.75, "GB/s", kInterp, true)));
        QVERIFY(m.addEvent(point("swish", "4096", "Torch", 2.0)));
        QVERIFY(m.addEvent(point("swish", "16384", "Triton", 3.0, 2.5, 3.5)));
        QVERIFY(m.addEvent(point("swish", "16384", "Torch", QJsonValue::Null))); // the call raised
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(m.pointCount(), 4);
        QCOMPARE(added.count(), 4);
        QCOMPARE(added.at(1).at(1).toInt(), 1); // Torch: the second line
        QCOMPARE(m.data(m.index(0)).toString(), QStringLiteral("swish (GB/s)"));

        const Benchmark &b = m.benchmark(0);
        QCOMPARE(b.xs, (QStringList{"4096", "16384"}));
        QVERIFY(b.xLog);
        QVERIFY(b.numericX());
        QCOMPARE(b.xTitle(), QStringLiteral("size"));
        QCOMPARE(b.lines.size(), 2);
        QCOMPARE(b.lines[0].name, QStringLiteral("Triton"));
        QCOMPARE(b.lines[0].samples.size(), 2);
        QCOMPARE(b.lines[0].samples[1].x, QStringLiteral("16384"));
        QCOMPARE(b.lines[0].samples[1].value, 3.0);
        QCOMPARE(b.lines[0].samples[1].min, 2.5);
        QCOMPARE(b.lines[0].samples[1].max, 3.5);
        QVERIFY(std::isnan(b.lines[1].samples[0].min)); // one number returned: no min / max
        QVERIFY(std::isnan(b.lines[1].samples[1].value));
    }

    void severalBenchmarksAreRowsAndClearEmptiesThem()
    {
        BenchmarkModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.addEvent(point("fwd", "1", "A", 1.0));
        m.addEvent(point("bwd", "fp16", "A", 5.0, {}, {}, "ms"));
        m.addEvent(point("fwd", "2", "A", 2.0));
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.indexOf(QStringLiteral("bwd")), 1);
        QCOMPARE(m.benchmark(0).lines[0].samples.size(), 2);
        QVERIFY(!m.benchmark(1).numericX()); // "fp16": category positions
        QVERIFY(!m.benchmark(0).xLog);
        m.clear();
        QCOMPARE(m.rowCount(), 0);
        QCOMPARE(m.pointCount(), 0);
        QCOMPARE(m.indexOf(QStringLiteral("fwd")), -1);
    }

    void numbersAndUnits()
    {
        QCOMPARE(Benchmark::xNumber(QStringLiteral("4096")), 4096.0);
        QCOMPARE(Benchmark::xNumber(QStringLiteral("0.5")), 0.5);
        QVERIFY(std::isnan(Benchmark::xNumber(QStringLiteral("fp16"))));
        QVERIFY(std::isnan(Benchmark::xNumber(QStringLiteral("4096, 128")))); // several x_names
        BenchmarkModel m;
        m.addEvent(point("a", "1", "A", 1.0, {}, {}, "GB/s", kCuda));
        m.addEvent(point("b", "1", "A", 1.0, {}, {}, "ms", kCuda));
        m.addEvent(point("c", "1", "A", 1.0, {}, {}, "GB/s", kInterp));
        QVERIFY(m.benchmark(0).isBandwidth() && m.benchmark(0).measuredOnGpu());
        QVERIFY(!m.benchmark(1).isBandwidth());
        QVERIFY(m.benchmark(2).isBandwidth() && !m.benchmark(2).measuredOnGpu());
    }

    void toolTipShowsTheExactValueAndHowItWasMeasured()
    {
        BenchmarkModel m;
        m.addEvent(
            point("swish", "4096", "Triton", 1234.5678901234, 1200.25, 1250.5, "GB/s", kCuda));
        m.addEvent(point("swish", "4096", "Torch", 7.0));
        QCOMPARE(m.toolTip(0, 0, 0),
                 QStringLiteral("swish — Triton\nsize = 4096\n1234.5678901234 GB/s\n"
                                "min 1200.25, max 1250.5 GB/s\n"
                                "measured by: CUDA events, L2 cleared before each call"));
        QCOMPARE(m.toolTip(0, 1, 0),
                 QStringLiteral(
                     "swish — Torch\nsize = 4096\n7 GB/s\nmeasured by: CPU time (interpreter)"));
        QCOMPARE(m.toolTip(0, 2, 0), QString());
        QCOMPARE(m.toolTip(1, 0, 0), QString());
    }

    void csvHasOneRowPerPointInTableOrder()
    {
        BenchmarkModel m;
        m.addEvent(point("swish", "4096", "Triton", 1.5, 1.25, 1.75, "GB/s", kCuda));
        m.addEvent(point("swish", "4096", "Torch", 2.0));
        m.addEvent(point("other", "1", "A", 9.0, {}, {}, "ms"));
        m.addEvent(point("swish", "16384", "Triton", 0.1));
        m.addEvent(point("swish", "16384", "Torch", QJsonValue::Null));
        const QString header = QStringLiteral("benchmark,x,line,value,min,max,unit,measured_by\n");
        QCOMPARE(m.csv(0),
                 header
                     + QStringLiteral("swish,4096,Triton,1.5,1.25,1.75,GB/s,\"CUDA events, L2 "
                                      "cleared before each call\"\n"
                                      "swish,4096,Torch,2,,,GB/s,CPU time (interpreter)\n"
                                      "swish,16384,Triton,0.1,,,GB/s,CPU time (interpreter)\n"
                                      "swish,16384,Torch,,,,GB/s,CPU time (interpreter)\n"));
        QCOMPARE(m.csv(1), header + QStringLiteral("other,1,A,9,,,ms,CPU time (interpreter)\n"));
        QCOMPARE(m.csv().count(QLatin1Char('\n')), 6); // every benchmark
    }
};

QTEST_MAIN(TestBenchmarkModel)
#include "tst_benchmark_model.moc"
