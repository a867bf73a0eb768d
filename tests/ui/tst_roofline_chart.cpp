// RooflineChart: log-log axes, the device's roofs as lines labelled with their measured values,
// one point per kernel row with a FLOP count at (FLOP / DRAM byte, TFLOP/s at the median time),
// the exact numbers on hover, and kernels without FLOPs listed by their bandwidth, never placed.
// Kernels whose tl.dot ran on tensor cores are placed by launch_metadata's FLOPs (the counters
// do not count tensor-core instructions) under the tensor roof of their input type (TF32, FP16
// or FP8, the TF32 and FP8 roofs drawn only where a kernel is held to them).
//
// The fixture (tests/data/studio/profile_report_fixture.json) is synthetic: hand-made numbers
// shaped like an H200's (copy 4210 GB/s, FP32 67.3 and FP16 tensor 712 TFLOP/s); see
// tst_profile_model.cpp. profile_swish_h200.json is a report the H200 measured.

#include "app/studio/roofline_chart.h"
#include "core/run/profile_json.h"
#include "ui_test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace tsm;

namespace {

run::ProfileReport fixture()
{
    const QByteArray bytes
        = readFile(QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/profile_report_fixture.json"));
    if (bytes.isEmpty())
        qFatal("cannot read the profile fixture");
    return run::profileFromJson(
        nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size()));
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

// A synthetic kernel row with counters: `dramBytes` of DRAM traffic and the counters' `flops`
// in `medianNs` (10 launches), at grid 1024.
run::KernelProfile
kernelRow(const std::string &name, double flops, double dramBytes, double medianNs)
{
    run::KernelProfile k;
    k.kernel = k.function = name;
    k.grid = {1024, 1, 1};
    k.launches = 10;
    k.medianNs = k.minNs = k.maxNs = medianNs;
    k.metrics = {{"gpu__time_duration.sum", medianNs, "nsecond"},
                 {"dram__bytes_read.sum", dramBytes, "byte"}};
    k.counterNs = medianNs;
    k.dramBytes = dramBytes;
    k.flops = flops;
    k.achievedGBs = dramBytes / medianNs;
    k.achievedTFLOPs = flops / medianNs / 1e3;
    return k;
}

} // namespace

class TestRooflineChart : public QObject
{
    Q_OBJECT

private slots:
    void roofsCarryTheirMeasuredValues()
    {
        RooflineChart chart;
        QVERIFY(chart.roofNames().isEmpty());
        chart.setReport(fixture());
        QVERIFY(chart.axesAreLog());
        QCOMPARE(chart.roofNames(),
                 (QStringList{QStringLiteral("copy 4.2 TB/s"),
                              QStringLiteral("FP32 67 TFLOP/s"),
                              QStringLiteral("FP16 tensor 712 TFLOP/s")}));
        // The memory roof: y = 4210 GB/s * x / 1000, up to the top roof's ridge (712 / 4.21).
        const QList<QPointF> copy = chart.roofPoints(QStringLiteral("copy 4.2 TB/s"));
        QCOMPARE(copy.size(), 2);
        for (const QPointF &p : copy)
            QVERIFY2(near(p.y(), 4210 * p.x() / 1000),
                     qPrintable(QStringLiteral("%1, %2").arg(p.x()).arg(p.y())));
        QVERIFY(near(copy[1].x(), 712.0 * 1000 / 4210));
        // The compute roofs: flat, from their ridge points.
        const QList<QPointF> fp32 = chart.roofPoints(QStringLiteral("FP32 67 TFLOP/s"));
        QCOMPARE(fp32.size(), 2);
        QCOMPARE(fp32[0].y(), 67.3);
        QCOMPARE(fp32[1].y(), 67.3);
        QVERIFY(near(fp32[0].x(), 67.3 * 1000 / 4210));
        QVERIFY(fp32[1].x() > fp32[0].x());

        // No tensor-core roof measured: two roofs only.
        run::ProfileReport noTensor = fixture();
        noTensor.roofline.fp16TensorTFLOPs = 0;
        noTensor.roofline.copyGBs = 900;
        chart.setReport(noTensor);
        QCOMPARE(chart.roofNames(),
                 (QStringList{QStringLiteral("copy 900 GB/s"), QStringLiteral("FP32 67 TFLOP/s")}));
        QVERIFY(near(chart.roofPoints(QStringLiteral("copy 900 GB/s"))[1].x(), 67.3 * 1000 / 900));
    }

    void kernelsAtTheirIntensityAndThroughput()
    {
        RooflineChart chart;
        chart.setReport(fixture());
        QCOMPARE(chart.kernelNames(), QStringList{QStringLiteral("swish_kernel")});
        QCOMPARE(chart.kernelRows(QStringLiteral("swish_kernel")), (QList<int>{0, 1, 2}));
        // 6 FLOP per element; DRAM: 8 bytes per element + 5120; the median times.
        struct Expected
        {
            double n, medianNs;
        };
        const Expected expected[] = {{268435456, 540200}, {4194304, 12940}, {65536, 4100}};
        const QList<QPointF> points = chart.kernelPoints(QStringLiteral("swish_kernel"));
        QCOMPARE(points.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const double flops = 6 * expected[i].n, bytes = 8 * expected[i].n + 5120;
            QVERIFY2(near(points[i].x(), flops / bytes),
                     qPrintable(QString::number(points[i].x())));
            QVERIFY2(near(points[i].y(), flops / expected[i].medianNs / 1e3),
                     qPrintable(QString::number(points[i].y())));
        }
        const QString tip = chart.toolTipAt(QStringLiteral("swish_kernel"), points[0] * 1.01);
        QVERIFY2(tip.startsWith(QStringLiteral("swish_kernel, grid 262144")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral(
                     "1.61061e+09 FLOP / 2.14749e+09 bytes of DRAM traffic = 0.749998 FLOP/byte")),
                 qPrintable(tip));
        QVERIFY2(
            tip.contains(QStringLiteral("2.98151 TFLOP/s at the median 540.2 µs of 100 launches")),
            qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("bound by copy bandwidth: 94.4% of that roof")),
                 qPrintable(tip));
        QVERIFY(chart.toolTipAt(QStringLiteral("swish_kernel"), points[2])
                    .contains(QStringLiteral("grid 64")));
    }

    void kernelsWithoutFlopsAreListedNotPlaced()
    {
        RooflineChart chart;
        chart.setReport(fixture());
        // silu has DRAM bytes but no FLOP count; the L2 clear has no counters at all.
        const QString caption = chart.caption();
        QVERIFY2(
            caption.contains(QStringLiteral(
                "Placed by bandwidth only (no FLOP count): silu [262144: 92.4% of copy roof]")),
            qPrintable(caption));
        QVERIFY2(caption.contains(QStringLiteral("Not placed (no counters): l2_clear [65536]")),
                 qPrintable(caption));
        for (const QString &name : chart.kernelNames())
            QVERIFY(name != QStringLiteral("silu") && name != QStringLiteral("l2_clear"));

        run::ProfileReport noRoofs = fixture();
        noRoofs.roofline = {};
        chart.setReport(noRoofs);
        QVERIFY(chart.roofNames().isEmpty());
        QCOMPARE(chart.kernelPoints(QStringLiteral("swish_kernel")).size(), 3);
        QVERIFY(chart.caption().contains(QStringLiteral("roofs were not measured")));
        QVERIFY(chart.caption().contains(QStringLiteral("silu [262144: 3892 GB/s]")));
    }

    // The H200's own report of swish.py's bench (tests/data/studio/profile_swish_h200.json,
    // measured): 12 grids of swish_kernel placed, the tiny test launches CUPTI's activity did not
    // time placed at their replayed launch's time, those that moved no DRAM bytes listed.
    void measuredReportFromTheH200()
    {
        const QByteArray bytes
            = readFile(QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/profile_swish_h200.json"));
        QVERIFY(!bytes.isEmpty());
        RooflineChart chart;
        chart.setReport(run::profileFromJson(
            nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size())));
        QCOMPARE(chart.roofNames(),
                 (QStringList{QStringLiteral("copy 4.2 TB/s"),
                              QStringLiteral("FP32 64 TFLOP/s"),
                              QStringLiteral("FP16 tensor 633 TFLOP/s")}));
        QCOMPARE(chart.kernelNames(), QStringList{QStringLiteral("swish_kernel")});
        const QList<QPointF> points = chart.kernelPoints(QStringLiteral("swish_kernel"));
        const QList<int> rows = chart.kernelRows(QStringLiteral("swish_kernel"));
        QCOMPARE(points.size(), 12);
        QCOMPARE(rows, (QList<int>{0, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 16}));
        // 2^28 elements: 805306368 FLOP, 2145312768 DRAM bytes, a median of 505949 ns.
        QVERIFY(near(points[11].x(), 805306368.0 / 2145312768.0));
        QVERIFY(near(points[11].y(), 805306368.0 / 505949.0 / 1e3));
        // A test launch without activity timing: 3840 FLOP, 2560 bytes, 2016 ns replayed.
        QVERIFY(near(points[0].x(), 3840.0 / 2560.0));
        QVERIFY(near(points[0].y(), 3840.0 / 2016.0 / 1e3));
        QVERIFY(chart.toolTipAt(QStringLiteral("swish_kernel"), points[0])
                    .contains(QStringLiteral("were not timed")));
        const QString caption = chart.caption();
        QVERIFY2(caption.contains(QStringLiteral(
                     "Not placed (no DRAM traffic (served from L2)): swish_kernel [1]\n")),
                 qPrintable(caption));
        QVERIFY2(caption.contains(
                     QStringLiteral("Not placed (no counters): unary_kernel [4, 16, 64, +6 more]; "
                                    "L2 clear (do_bench) [31250]")),
                 qPrintable(caption));
    }

    void launchMetadataPlacesWhatTheCountersDidNot()
    {
        run::ProfileReport r = fixture();
        const double n = 268435456;
        r.kernels[0].analyticBytes = 8 * n; // swish: the bytes it must move
        r.kernels[0].analyticFlops = 6 * n;
        r.kernels[3].analyticBytes
            = 8 * n; // silu: no FLOP counters, but the program says 4 per element
        r.kernels[3].analyticFlops = 4 * n;
        RooflineChart chart;
        chart.setReport(r);
        QCOMPARE(chart.kernelNames(),
                 (QStringList{QStringLiteral("swish_kernel"),
                              QStringLiteral("swish_kernel (launch_metadata)"),
                              QStringLiteral("silu (launch_metadata)")}));
        QCOMPARE(chart.kernelPoints(QStringLiteral("swish_kernel")).size(),
                 3); // measured, as before
        const QList<QPointF> swish
            = chart.kernelPoints(QStringLiteral("swish_kernel (launch_metadata)"));
        QCOMPARE(swish.size(), 1);
        QVERIFY(near(swish[0].x(), 0.75));
        QVERIFY(near(swish[0].y(), 6 * n / 540200 / 1e3));
        const QList<QPointF> silu = chart.kernelPoints(QStringLiteral("silu (launch_metadata)"));
        QCOMPARE(silu.size(), 1);
        QVERIFY(near(silu[0].x(), 0.5));
        QVERIFY(near(silu[0].y(), 4 * n / 551800 / 1e3));
        QCOMPARE(chart.kernelRows(QStringLiteral("silu (launch_metadata)")), QList<int>{3});
        QVERIFY(!chart.caption().contains(QStringLiteral("silu"))); // placed now: not listed
        const QString tip = chart.toolTipAt(QStringLiteral("silu (launch_metadata)"), silu[0]);
        QVERIFY2(tip.contains(QStringLiteral(
                     "launch_metadata: 1.07374e+09 FLOP / 2.14748e+09 bytes = 0.5 FLOP/byte")),
                 qPrintable(tip));
    }

    // A matmul whose tl.dot ran on tensor cores (wgmma): the FLOP counters saw only its epilogue,
    // so it is placed by launch_metadata's FLOPs over its DRAM bytes, under the FP16 tensor roof,
    // as profiler::placeOnRoofline places it.
    void tensorCoreKernelsArePlacedByLaunchMetadataFlops()
    {
        const double n = 4096, flops = 2 * n * n * n, dram = 1.2e8, ns = 250000;
        run::KernelProfile mm = kernelRow("matmul_kernel", n * n * 2, dram, ns);
        mm.tensorCores = "wgmma";
        mm.analyticFlops = flops;
        mm.analyticBytes = 3 * n * n * 2;
        // As placeOnRoofline: 549.8 TFLOP/s at 1145 FLOP/byte, above the tensor ridge (712 / 4.21).
        mm.achievedTFLOPs = flops / ns / 1e3;
        mm.roof = "FP16 tensor cores";
        mm.roofFraction = mm.achievedTFLOPs / 712;
        run::ProfileReport r = fixture();
        r.kernels.push_back(mm);
        RooflineChart chart;
        chart.setReport(r);
        QVERIFY(chart.kernelNames().contains(QStringLiteral("matmul_kernel")));
        const QList<QPointF> measured = chart.kernelPoints(QStringLiteral("matmul_kernel"));
        QCOMPARE(measured.size(), 1);
        QVERIFY2(near(measured[0].x(), flops / dram), qPrintable(QString::number(measured[0].x())));
        QVERIFY2(near(measured[0].y(), flops / ns / 1e3),
                 qPrintable(QString::number(measured[0].y())));
        QCOMPARE(chart.kernelRows(QStringLiteral("matmul_kernel")), QList<int>{5});
        QString tip = chart.toolTipAt(QStringLiteral("matmul_kernel"), measured[0]);
        QVERIFY2(tip.contains(QStringLiteral(
                     "1.37439e+11 FLOP (launch_metadata's: the counters do not count tensor-core "
                     "instructions) / 1.2e+08 bytes of DRAM traffic = 1145.32 FLOP/byte")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("tl.dot on tensor cores (wgmma, fp16)")),
                 qPrintable(tip));
        QVERIFY2(
            tip.contains(QStringLiteral("549.756 TFLOP/s at the median 250 µs of 10 launches")),
            qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("the roof at this intensity: 712 TFLOP/s")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("bound by FP16 tensor cores: 77.2% of that roof")),
                 qPrintable(tip));
        // The launch_metadata square (its bytes, not the measured ones) did not place it.
        const QList<QPointF> square
            = chart.kernelPoints(QStringLiteral("matmul_kernel (launch_metadata)"));
        QCOMPARE(square.size(), 1);
        QVERIFY(near(square[0].x(), flops / (3 * n * n * 2)));
        tip = chart.toolTipAt(QStringLiteral("matmul_kernel (launch_metadata)"), square[0]);
        QVERIFY2(tip.contains(QStringLiteral("the roof at this intensity: 712 TFLOP/s")),
                 qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("bound by")), qPrintable(tip));

        // Served from L2: placeOnRoofline placed it by launch_metadata's bytes and FLOPs, the
        // square's numbers, which then say what binds it.
        r.kernels.back().dramBytes = 0;
        chart.setReport(r);
        QVERIFY(!chart.kernelNames().contains(QStringLiteral("matmul_kernel")));
        tip = chart.toolTipAt(QStringLiteral("matmul_kernel (launch_metadata)"), square[0]);
        QVERIFY2(tip.contains(QStringLiteral("bound by FP16 tensor cores: 77.2% of that roof")),
                 qPrintable(tip));

        // No launch_metadata FLOPs: not placed at the counters' epilogue FLOPs, and the caption
        // says what would place it.
        r.kernels.back() = mm;
        r.kernels.back().analyticFlops.reset();
        r.kernels.back().analyticBytes.reset();
        chart.setReport(r);
        for (const QString &name : chart.kernelNames())
            QVERIFY2(!name.startsWith(QStringLiteral("matmul_kernel")), qPrintable(name));
        const QString caption = chart.caption();
        QVERIFY2(caption.contains(QStringLiteral(
                     "Not placed (tensor-core FLOPs are not counted by the counters; the program's "
                     "launch_metadata must give them: @triton.jit(launch_metadata=fn), fn "
                     "returning {\"flops\": ...}): matmul_kernel [1024]")),
                 qPrintable(caption));
        QVERIFY2(!caption.contains(QStringLiteral("matmul_kernel [1024: ")), // not by bandwidth
                 qPrintable(caption));
    }

    // A tensor-core kernel whose SM clock was counted (1520 MHz) under a roof measured at
    // 1640 MHz: a dotted line across its point at the roof scaled to its clock (712 * 1520 /
    // 1640 = 659.9), its tooltip saying both fractions, the caption the roof's clock.
    void tensorKernelsShowTheirRoofAtTheirOwnClock()
    {
        const double n = 4096, flops = 2 * n * n * n, dram = 1.2e8, ns = 250000;
        run::KernelProfile mm = kernelRow("matmul_kernel", n * n * 2, dram, ns);
        mm.tensorCores = "wgmma";
        mm.analyticFlops = flops;
        mm.achievedTFLOPs = flops / ns / 1e3;
        mm.roof = "FP16 tensor cores";
        mm.roofFraction = mm.achievedTFLOPs / 712;
        mm.smClockMHz = 1520;
        mm.clockRoofFraction = mm.achievedTFLOPs / (712 * 1520 / 1640.0);
        run::ProfileReport r = fixture();
        r.roofline.fp16TensorMHz = 1640;
        r.kernels.push_back(mm);
        RooflineChart chart;
        chart.setReport(r);
        const QString name = QStringLiteral("FP16 at 1520 MHz: 660");
        QVERIFY2(chart.roofNames().contains(name),
                 qPrintable(chart.roofNames().join(QLatin1Char('|'))));
        const QList<QPointF> line = chart.roofPoints(name);
        QCOMPARE(line.size(), 2);
        QVERIFY(near(line[0].y(), 712 * 1520 / 1640.0));
        QVERIFY(line[0].x() < flops / dram && line[1].x() > flops / dram);
        const QList<QPointF> measured = chart.kernelPoints(QStringLiteral("matmul_kernel"));
        const QString tip = chart.toolTipAt(QStringLiteral("matmul_kernel"), measured[0]);
        QVERIFY2(tip.contains(QStringLiteral("bound by FP16 tensor cores: 77.2% of that roof")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral(
                     "at its own SM clock (1520 MHz in the replayed launch; the roof was "
                     "measured at 1640 MHz) that roof is 659.902 TFLOP/s, and the "
                     "replayed launch reached 83.3% of it")),
                 qPrintable(tip));
        QVERIFY2(chart.caption().contains(QStringLiteral("The FP16 tensor roof ran at 1640 MHz")),
                 qPrintable(chart.caption()));
        // Labelled on the chart only where there is room for it beside the measured roofs'
        // labels; the caption says it always.
        QVERIFY2(chart.caption().contains(
                     QStringLiteral("own SM clock: FP16 at 1520 MHz: 660 (matmul_kernel, grid ")),
                 qPrintable(chart.caption()));
        QWidget host;
        auto *shown = new RooflineChart(&host);
        shown->setReport(r);
        host.resize(1200, 800);
        host.show();
        shown->resize(RooflineChart::kWideLabelsWidth + 200, 500);
        QVERIFY2(shown->shownRoofLabels().contains(name),
                 qPrintable(shown->shownRoofLabels().join(QLatin1Char('|'))));
        QVERIFY(shown->shownRoofLabels().contains(QStringLiteral("FP16 tensor 712 TFLOP/s")));
        shown->resize(RooflineChart::kWideLabelsWidth - 200, 400);
        QVERIFY2(!shown->shownRoofLabels().contains(name),
                 qPrintable(shown->shownRoofLabels().join(QLatin1Char('|'))));
        // Narrow, the roof's label may be its number alone (the kernel's point is where the full
        // name would stand).
        QVERIFY2(shown->shownRoofLabels().contains(QStringLiteral("FP16 tensor 712 TFLOP/s"))
                     || shown->shownRoofLabels().contains(QStringLiteral("FP16 712")),
                 qPrintable(shown->shownRoofLabels().join(QLatin1Char('|'))));

        // Less than half way up to that roof: read without the line (it would only crowd the
        // roofs' labels); nor without the kernel's clock.
        r.kernels.back().clockRoofFraction = 0.3;
        chart.setReport(r);
        for (const QString &roof : chart.roofNames())
            QVERIFY2(!roof.contains(QStringLiteral(" MHz: ")), qPrintable(roof));
        r.kernels.back().smClockMHz = 0;
        r.kernels.back().clockRoofFraction = 0;
        chart.setReport(r);
        for (const QString &roof : chart.roofNames())
            QVERIFY2(!roof.contains(QStringLiteral(" MHz: ")), qPrintable(roof));
    }

    // Kernels just above the FP32 and FP16 roofs where their labels would stand (30% of the way
    // from each roof's ridge to the axis' end): each roof's label moves along its roof to where
    // it covers no point and no other label (shortened to its number where the full name finds
    // no room), on a narrow chart as on a wide one.
    void roofLabelsStayClearOfPoints()
    {
        run::ProfileReport r = fixture();
        for (double x = 30; x < 65; x *= 1.2) // FP32 ridge: 67.3 / 4.21 = 16 FLOP/byte
            r.kernels.push_back(kernelRow("crowd", x * 1e9, 1e9, x * 1e9 / (67.3 * 1.12 * 1e3)));
        // FP16 ridge: 712 / 4.21 = 169 FLOP/byte; the axis ends at 1000.
        r.kernels.push_back(kernelRow("crowd", 290e9, 1e9, 290e9 / (712 * 1.08 * 1e3)));
        QWidget host;
        auto *chart = new RooflineChart(&host);
        chart->setReport(r);
        host.resize(1200, 800);
        host.show();
        for (const QSize size : {QSize(600, 360), QSize(900, 500)}) {
            chart->resize(size);
            QCoreApplication::sendPostedEvents();
            const QList<QRectF> labels = chart->shownRoofLabelRects();
            const QList<QPointF> points = chart->kernelPixelPoints();
            QCOMPARE(labels.size(), 3); // copy, FP32, FP16
            QVERIFY(points.size() > 5);
            for (int i = 0; i < labels.size(); ++i) {
                for (const QPointF &p : points) {
                    const QRectF marker(p.x() - 5.5, p.y() - 5.5, 11, 11);
                    QVERIFY2(
                        !labels[i].intersects(marker),
                        qPrintable(QStringLiteral("%1 at %2x%3: label %4 covers the point at %5,%6")
                                       .arg(chart->shownRoofLabels().value(i))
                                       .arg(size.width())
                                       .arg(size.height())
                                       .arg(i)
                                       .arg(p.x())
                                       .arg(p.y())));
                }
                for (int j = 0; j < i; ++j)
                    QVERIFY(!labels[i].intersects(labels[j]));
            }
        }
    }

    // The roof a kernel is held to: FP32 FMA for a kernel without tensor-core dots, FP16 tensor
    // cores for one with them - never the higher of the two for every kernel.
    void eachKernelUnderItsOwnComputeRoof()
    {
        // 30 FLOP/byte: above the FP32 ridge (67.3 / 4.21 = 16), below the tensor one (169).
        run::KernelProfile fma = kernelRow("fma_kernel", 3e10, 1e9, 1e6);
        fma.roof = "FP32 FMA";
        fma.roofFraction = 30 / 67.3;
        run::ProfileReport r = fixture();
        r.kernels.push_back(fma);
        RooflineChart chart;
        chart.setReport(r);
        const QList<QPointF> points = chart.kernelPoints(QStringLiteral("fma_kernel"));
        QCOMPARE(points.size(), 1);
        QVERIFY(near(points[0].x(), 30));
        QVERIFY(near(points[0].y(), 30));
        QString tip = chart.toolTipAt(QStringLiteral("fma_kernel"), points[0]);
        QVERIFY2(tip.contains(QStringLiteral("the roof at this intensity: 67.3 TFLOP/s")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("bound by FP32 FMA: 44.6% of that roof")),
                 qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("tensor cores")), qPrintable(tip));

        // The same numbers from tensor cores (mma.sync): under the copy roof at this intensity.
        r.kernels.back().tensorCores = "mma.sync";
        r.kernels.back().analyticFlops = 3e10;
        r.kernels.back().roof = "copy bandwidth";
        r.kernels.back().roofFraction = 1000 / 4210.0;
        chart.setReport(r);
        tip = chart.toolTipAt(QStringLiteral("fma_kernel"), points[0]);
        QVERIFY2(tip.contains(QStringLiteral("the roof at this intensity: 126.3 TFLOP/s")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("bound by copy bandwidth: 23.8% of that roof")),
                 qPrintable(tip));
    }

    // A tf32 matmul the H100 measured (tests/data/studio/profile_matmul_tf32_h100.json:
    // bench/gpu/matmul_roofline.py's fp16 and fp32 launches, roofs FP16 885, TF32 497 and FP8
    // 1802 TFLOP/s): the TF32 roof is drawn because a kernel is held to it, FP8's is not, and the
    // tf32 launches are measured against TF32's.
    void tf32KernelsUnderTheTf32Roof()
    {
        const QByteArray bytes = readFile(
            QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/profile_matmul_tf32_h100.json"));
        QVERIFY(!bytes.isEmpty());
        run::ProfileReport r = run::profileFromJson(
            nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size()));
        RooflineChart chart;
        chart.setReport(r);
        QCOMPARE(chart.roofNames(),
                 (QStringList{QStringLiteral("copy 3.0 TB/s"),
                              QStringLiteral("FP32 64 TFLOP/s"),
                              QStringLiteral("TF32 tensor 497 TFLOP/s"),
                              QStringLiteral("FP16 tensor 885 TFLOP/s")}));
        // The copy roof ends at the highest drawn roof's ridge (FP16's), not FP8's.
        const QList<QPointF> copy = chart.roofPoints(QStringLiteral("copy 3.0 TB/s"));
        QVERIFY(near(copy[1].x(), r.roofline.fp16TensorTFLOPs * 1000 / r.roofline.copyGBs));
        QVERIFY2(chart.caption().contains(
                     QStringLiteral("Tensor-core roofs: TF32 497 TFLOP/s, FP16/BF16 885 "
                                    "TFLOP/s, FP8 1802 TFLOP/s")),
                 qPrintable(chart.caption()));
        const QList<QPointF> points = chart.kernelPoints(QStringLiteral("matmul_kernel"));
        bool sawTf32 = false;
        for (const QPointF &p : points) {
            const QString tip = chart.toolTipAt(QStringLiteral("matmul_kernel"), p);
            if (tip.contains(QStringLiteral("grid 1024"))
                && tip.contains(QStringLiteral("bound by"))) {
                sawTf32 = true;
                QVERIFY2(tip.contains(QStringLiteral("tl.dot on tensor cores (wgmma, tf32)")),
                         qPrintable(tip));
                QVERIFY2(
                    tip.contains(QStringLiteral("bound by TF32 tensor cores: 15.1% of that roof")),
                    qPrintable(tip));
            }
        }
        QVERIFY(sawTf32);

        // Without tf32 kernels the TF32 roof is not drawn, measured or not.
        r.kernels.erase(
            std::remove_if(r.kernels.begin(),
                           r.kernels.end(),
                           [](const run::KernelProfile &k) { return k.tensorInput == "tf32"; }),
            r.kernels.end());
        chart.setReport(r);
        QCOMPARE(chart.roofNames(),
                 (QStringList{QStringLiteral("copy 3.0 TB/s"),
                              QStringLiteral("FP32 64 TFLOP/s"),
                              QStringLiteral("FP16 tensor 885 TFLOP/s")}));
    }

    void exports()
    {
        QTemporaryDir dir;
        RooflineChart chart;
        chart.resize(600, 400);
        chart.setReport(fixture());
        QVERIFY(chart.savePng(dir.filePath(QStringLiteral("r.png"))));
        QVERIFY(chart.saveSvg(dir.filePath(QStringLiteral("r.svg"))));
        QVERIFY(!QImage(dir.filePath(QStringLiteral("r.png"))).isNull());
        QVERIFY(readFile(dir.filePath(QStringLiteral("r.svg"))).contains("<svg"));
        QVERIFY(!chart.savePng(dir.filePath(QStringLiteral("missing/r.png"))));
    }
};

QTEST_MAIN(TestRooflineChart)
#include "tst_roofline_chart.moc"
