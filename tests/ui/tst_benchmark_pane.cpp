// The Benchmarks pane as a user meets it: live line charts per benchmark (log x when asked, the
// unit on the y axis, category positions for non-numeric x), the hover text, the dashed copy
// bandwidth on GPU GB/s charts only, the newest benchmark shown, a new run clearing it, exports
// to PNG / SVG / CSV; and in the main window, a GPU bench asking the runner for the devices
// once and drawing the bandwidth it reports.

#include "app/studio/benchmark_chart.h"
#include "app/studio/benchmark_model.h"
#include "app/studio/benchmark_pane.h"
#include "app/studio/main_window.h"
#include "app/studio/runner_client.h"
#include "ui_test_support.h"
#include "ui_window_support.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QJsonObject>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace tsm;

namespace {

const QString kCuda = QStringLiteral("CUDA events, L2 cleared before each call");
const QString kInterp = QStringLiteral("CPU time (interpreter)");

QJsonObject point(const QString &bench,
                  const QString &x,
                  const QString &line,
                  double value,
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
            {QStringLiteral("min"), value - 0.25},
            {QStringLiteral("max"), value + 0.25},
            {QStringLiteral("unit"), unit},
            {QStringLiteral("measured_by"), measuredBy},
            {QStringLiteral("xlabel"), QString()},
            {QStringLiteral("x_log"), xLog},
            {QStringLiteral("y_log"), false}};
}

// Answers the pane's file dialog and error box from the test.
class ScriptedPane : public BenchmarkPane
{
public:
    using BenchmarkPane::BenchmarkPane;
    QString path;
    QStringList asked, errors;

protected:
    QString askExportPath(const QString &, const QString &suggested, const QString &) override
    {
        asked << suggested;
        return path;
    }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

// A stand-in for `tilesmith serve`: a bench request answers two GPU GB/s points, a devices
// request one H200 with its copy bandwidth; every request is logged to requests.log.
const char kFakeRunner[] = R"(#!/bin/sh
dir=$(dirname "$0")
while IFS= read -r line; do
  printf '%s\n' "$line" >> "$dir/requests.log"  # not echo: the editor's text has backslashes
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  case "$line" in
    *'"request":"bench"'*)
      for x in 1024 4096; do
        echo '{"id":'$id',"event":"benchmark_point","benchmark":"copy","x_name":"size","x":"'$x'","line":"Triton","value":2500,"min":2400,"max":2600,"unit":"GB/s","measured_by":"CUDA events, L2 cleared before each call","xlabel":"","x_log":true,"y_log":false}'
      done
      echo '{"id":'$id',"event":"finished","passed":true,"exit_code":0,"seconds":0.1}'
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
    *'"request":"devices"'*)
      echo '{"id":'$id',"event":"devices","available":true,"devices":[{"ordinal":0,"name":"NVIDIA H200","copy_bandwidth_gbs":4100.5}]}'
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
  esac
done
)";

} // namespace

class TestBenchmarkPane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;

private slots:
    void initTestCase()
    {
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
    }

    void pointsAppearLiveOnALogAxis()
    {
        BenchmarkModel m;
        BenchmarkPane pane(&m);
        BenchmarkChart *chart = pane.chart();
        QCOMPARE(chart->shownBenchmark(), -1);
        QVERIFY(!pane.exportButton(BenchmarkPane::Format::Png)->isEnabled());
        m.addEvent(point("swish", "4096", "Triton", 1.5, "GB/s", kInterp, true));
        QCOMPARE(chart->shownBenchmark(), 0);
        QCOMPARE(chart->linePoints("Triton"), (QList<QPointF>{{4096, 1.5}}));
        m.addEvent(point("swish", "4096", "Torch", 2.0, "GB/s", kInterp, true));
        m.addEvent(point("swish", "16384", "Triton", 3.0, "GB/s", kInterp, true));
        QCOMPARE(chart->lineNames(), (QStringList{"Triton", "Torch"}));
        QCOMPARE(chart->linePoints("Triton"), (QList<QPointF>{{4096, 1.5}, {16384, 3.0}}));
        QCOMPARE(chart->linePoints("Torch"), (QList<QPointF>{{4096, 2.0}}));
        QVERIFY(chart->xAxisIsLog());
        QCOMPARE(chart->xAxisTitle(), QStringLiteral("size"));
        QCOMPARE(chart->yAxisTitle(), QStringLiteral("GB/s"));
        QVERIFY(pane.exportButton(BenchmarkPane::Format::Png)->isEnabled());
    }

    void linearAxisUnlessAskedAndCategoriesForNonNumericX()
    {
        BenchmarkModel m;
        BenchmarkPane pane(&m);
        m.addEvent(point("matmul", "128", "cuBLAS", 10.0, "TFLOP/s"));
        m.addEvent(point("matmul", "256", "cuBLAS", 20.0, "TFLOP/s"));
        QVERIFY(!pane.chart()->xAxisIsLog());
        QCOMPARE(pane.chart()->yAxisTitle(), QStringLiteral("TFLOP/s"));
        m.addEvent(point("dtypes", "fp16", "Triton", 0.5, "ms", kInterp, true));
        m.addEvent(point("dtypes", "fp32", "Triton", 0.75, "ms", kInterp, true));
        QVERIFY(!pane.chart()->xAxisIsLog()); // no log scale for categories
        QCOMPARE(pane.chart()->linePoints("Triton"), (QList<QPointF>{{0, 0.5}, {1, 0.75}}));
        QCOMPARE(pane.chart()->yAxisTitle(), QStringLiteral("ms"));
    }

    void hoverShowsTheNearestPointsExactValue()
    {
        BenchmarkModel m;
        BenchmarkPane pane(&m);
        for (const char *x : {"1024", "4096", "16384"})
            m.addEvent(
                point("swish", x, "Triton", QByteArray(x).toDouble() / 1000, "GB/s", kCuda, true));
        const QString tip = pane.chart()->toolTipAt(QStringLiteral("Triton"), QPointF(4000, 4.1));
        QVERIFY2(tip.contains(QStringLiteral("size = 4096\n4.096 GB/s")), qPrintable(tip));
        const QString minMax
            = QStringLiteral("min %1, max %2 GB/s")
                  .arg(QString::number(4.096 - 0.25, 'g', QLocale::FloatingPointShortest),
                       QString::number(4.096 + 0.25, 'g', QLocale::FloatingPointShortest));
        QVERIFY2(tip.contains(minMax), qPrintable(tip));
        QVERIFY2(tip.endsWith(QStringLiteral("measured by: ") + kCuda), qPrintable(tip));
        QVERIFY(pane.chart()
                    ->toolTipAt(QStringLiteral("Triton"), QPointF(15000, 0))
                    .contains(QStringLiteral("size = 16384")));
        QCOMPARE(pane.chart()->toolTipAt(QStringLiteral("nobody"), QPointF(4096, 4)), QString());
    }

    void copyBandwidthLineOnlyOnGpuBandwidthCharts()
    {
        BenchmarkModel m;
        BenchmarkPane pane(&m);
        pane.setCopyBandwidth(4100.5, QStringLiteral("NVIDIA H200"));
        m.addEvent(point("gpu-gbs", "4096", "Triton", 3000, "GB/s", kCuda));
        QCOMPARE(pane.chart()->copyBandwidthLine(), 4100.5);
        m.addEvent(point("gpu-ms", "4096", "Triton", 0.01, "ms", kCuda));
        QVERIFY(std::isnan(pane.chart()->copyBandwidthLine())); // ms: no bandwidth ceiling
        m.addEvent(point("interp-gbs", "4096", "Triton", 1.0, "GB/s", kInterp));
        QVERIFY(std::isnan(pane.chart()->copyBandwidthLine())); // the interpreter: no device
        pane.chooser()->setCurrentIndex(0);
        QCOMPARE(pane.chart()->copyBandwidthLine(), 4100.5);
        pane.setCopyBandwidth(0, QString()); // unknown
        QVERIFY(std::isnan(pane.chart()->copyBandwidthLine()));
    }

    void newestBenchmarkIsShownAndANewRunClears()
    {
        BenchmarkModel m;
        BenchmarkPane pane(&m);
        m.addEvent(point("first", "1", "A", 1.0));
        m.addEvent(point("second", "1", "B", 2.0));
        QCOMPARE(pane.chooser()->count(), 2);
        QCOMPARE(pane.chooser()->currentText(), QStringLiteral("second (GB/s)"));
        QCOMPARE(pane.chart()->lineNames(), QStringList{"B"});
        pane.chooser()->setCurrentIndex(0);
        QCOMPARE(pane.chart()->lineNames(), QStringList{"A"});
        m.addEvent(point("second", "2", "B", 3.0)); // another benchmark's point: the choice stays
        QCOMPARE(pane.chart()->shownBenchmark(), 0);
        m.clear(); // what MainWindow does when a run starts
        QCOMPARE(pane.chooser()->count(), 0);
        QCOMPARE(pane.chart()->shownBenchmark(), -1);
        QVERIFY(pane.chart()->lineNames().isEmpty());
        QVERIFY(!pane.exportButton(BenchmarkPane::Format::Csv)->isEnabled());
    }

    void exportsWriteTheShownChart()
    {
        BenchmarkModel m;
        ScriptedPane pane(&m);
        pane.resize(800, 500);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        m.addEvent(point("vector add", "1024", "Triton", 1.5, "GB/s", kInterp, true));
        m.addEvent(point("vector add", "4096", "Triton", 2.5, "GB/s", kInterp, true));
        QTemporaryDir dir;

        pane.path = dir.filePath(QStringLiteral("chart.png"));
        QTest::mouseClick(pane.exportButton(BenchmarkPane::Format::Png), Qt::LeftButton);
        QVERIFY2(pane.asked.value(0).endsWith(QStringLiteral("vector_add.png")),
                 qPrintable(pane.asked.value(0)));
        const QImage png(pane.path);
        QVERIFY(!png.isNull());
        QVERIFY(png.width() >= 300 && png.height() >= 200);

        pane.path = dir.filePath(QStringLiteral("chart.svg"));
        QTest::mouseClick(pane.exportButton(BenchmarkPane::Format::Svg), Qt::LeftButton);
        const QByteArray svg = readFile(pane.path);
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svg.contains("<title>vector add</title>"));
        QVERIFY(svg.contains("GB/s")); // the axis title is drawn

        pane.path = dir.filePath(QStringLiteral("chart.csv"));
        QTest::mouseClick(pane.exportButton(BenchmarkPane::Format::Csv), Qt::LeftButton);
        QCOMPARE(readFile(pane.path),
                 QByteArray("benchmark,x,line,value,min,max,unit,measured_by\n"
                            "vector add,1024,Triton,1.5,1.25,1.75,GB/s,CPU time (interpreter)\n"
                            "vector add,4096,Triton,2.5,2.25,2.75,GB/s,CPU time (interpreter)\n"));
        QVERIFY(pane.errors.isEmpty());

        pane.path = QString(); // cancelled: nothing written, nothing said
        QTest::mouseClick(pane.exportButton(BenchmarkPane::Format::Csv), Qt::LeftButton);
        QVERIFY(pane.errors.isEmpty());
        pane.path = QStringLiteral("/proc/no-such-dir/chart.csv");
        QTest::mouseClick(pane.exportButton(BenchmarkPane::Format::Csv), Qt::LeftButton);
        QCOMPARE(pane.errors.size(), 1);
        QVERIFY2(pane.errors[0].contains(QStringLiteral("/proc/no-such-dir/chart.csv")),
                 qPrintable(pane.errors[0]));
    }

    void gpuBenchInTheWindowAsksForTheDevicesOnce()
    {
        QTemporaryDir dir;
        const QString runner = dir.filePath(QStringLiteral("fake-serve"));
        QFile script(runner);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(kFakeRunner);
        script.close();
        script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                              | QFileDevice::ExeOwner);
        const QString program = dir.filePath(QStringLiteral("bench.py"));
        QFile file(program);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x = 1\n");
        file.close();

        const auto window = windowWithRunner(runner);
        MainWindow &w = *window;
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(program));
        QCOMPARE(currentTabBeside(w, QStringLiteral("Benchmarks")), QStringLiteral("Problems"));
        QSignalSpy finished(w.runner(), &RunnerClient::requestFinished);
        for (int run = 0; run < 2; ++run) {
            QVERIFY(w.runRequest(QStringLiteral("bench")));
            QTRY_COMPARE_WITH_TIMEOUT(
                w.benchmarkModel()->pointCount(), 2, 10000); // this run's only
            QTRY_COMPARE_WITH_TIMEOUT(
                w.benchmarkPane()->chart()->copyBandwidthLine(), 4100.5, 10000);
            QCOMPARE(currentTabBeside(w, QStringLiteral("Benchmarks")),
                     QStringLiteral("Benchmarks"));
            QVERIFY(w.benchmarkPane()->chart()->xAxisIsLog());
            QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= (run == 0 ? 2 : 3), 10000);
        }
        const QByteArray log = readFile(dir.filePath(QStringLiteral("requests.log")));
        QCOMPARE(log.count("\"request\":\"bench\""), 2);
        QCOMPARE(log.count("\"request\":\"devices\""), 1);
    }
};

QTEST_MAIN(TestBenchmarkPane)
#include "tst_benchmark_pane.moc"
