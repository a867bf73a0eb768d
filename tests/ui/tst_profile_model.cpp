// ProfileModel as the Profile pane shows it: one row per kernel and grid of a `profile` report
// with its times, traffic, throughput, roof, registers and occupancy; "—" and the reason where
// the counters or the FLOP count are missing; per-metric deltas against a pinned baseline for
// the same kernel and grid, coloured better / worse.
//
// The fixture tests/data/studio/profile_report_fixture.json is written by hand in
// profileToJson's format and is synthetic throughout: every number (times, DRAM bytes, FLOPs,
// line costs, the H200's roofs, the timeline) is made up to look like an H200 profiling
// resources/examples/swish.py; the kernel and function names, signatures and metric names
// follow the runner's forms. A report measured on the H200 will join it.

#include "app/studio/profile_model.h"
#include "core/run/profile_json.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QtTest>

#include <cmath>
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

QString cell(const ProfileModel &m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

} // namespace

class TestProfileModel : public QObject
{
    Q_OBJECT

private slots:
    void oneRowPerKernelAndGrid()
    {
        ProfileModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m.rowCount(), 0);
        m.setReport(fixture());
        QCOMPARE(m.rowCount(), 5);
        QCOMPARE(m.columnCount(), int(ProfileModel::ColumnCount));
        QCOMPARE(m.headerData(ProfileModel::MedianUs, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Median µs"));

        // swish_kernel at 2^28 elements: 540.2 us median, 2^31 + 5120 bytes, 6 FLOP an element.
        const QStringList row0{QStringLiteral("swish_kernel"),
                               QStringLiteral("262144"),
                               QStringLiteral("100"),
                               QStringLiteral("540.2"),
                               QStringLiteral("538.9"),
                               QStringLiteral("2147"),
                               QStringLiteral("3975"),
                               QStringLiteral("2.98"),
                               QStringLiteral("copy bandwidth"),
                               QStringLiteral("94.43"),
                               QStringLiteral("40"),
                               QStringLiteral("100.0"),
                               QStringLiteral("2")};
        for (int c = 0; c < ProfileModel::ColumnCount; ++c)
            QCOMPARE(cell(m, 0, c), row0[c]);
        QCOMPARE(m.data(m.index(0, ProfileModel::DramMB), ProfileModel::ValueRole).toDouble(),
                 (2147483648.0 + 5120) / 1e6);
        QCOMPARE(cell(m, 1, ProfileModel::Grid), QStringLiteral("4096"));
        QCOMPARE(cell(m, 1, ProfileModel::MedianUs), QStringLiteral("12.94"));
        QCOMPARE(cell(m, 2, ProfileModel::Occupancy), QStringLiteral("50.00"));
        QVERIFY(cell(m, 0, ProfileModel::MedianUs, Qt::ToolTipRole)
                    .contains(QStringLiteral("min 536.9 µs, max 548.3 µs")));
        QVERIFY(cell(m, 0, ProfileModel::Kernel, Qt::ToolTipRole)
                    .contains(QStringLiteral("swish.py:20")));
    }

    void tensorCoreKernelsShowTheirLaunchMetadataThroughput()
    {
        // A wgmma matmul placed on the tensor roof by its launch_metadata FLOPs (the counters
        // count none of its tensor-core work): the TFLOP/s column shows what placed it.
        run::ProfileReport r = fixture();
        run::KernelProfile k = r.kernels.front();
        k.kernel = "matmul_kernel";
        k.tensorCores = "wgmma";
        k.flops = 1e9; // the epilogue's FFMAs only
        k.analyticFlops = 2.0 * 4096 * 4096 * 4096;
        k.medianNs = 187600;
        k.achievedTFLOPs = *k.analyticFlops / k.medianNs / 1e3;
        k.roof = "FP16 tensor cores";
        k.roofFraction = k.achievedTFLOPs / 848;
        r.kernels = {k};
        ProfileModel m;
        m.setReport(r);
        QCOMPARE(cell(m, 0, ProfileModel::TFLOPs), QStringLiteral("732.6"));
        QVERIFY(cell(m, 0, ProfileModel::TFLOPs, Qt::ToolTipRole)
                    .contains(QStringLiteral("launch_metadata")));
        QCOMPARE(cell(m, 0, ProfileModel::Roof), QStringLiteral("FP16 tensor cores"));
    }

    void missingNumbersSayWhy()
    {
        ProfileModel m;
        m.setReport(fixture());
        // silu (a library kernel): counters, but no FLOP count in its set.
        QCOMPARE(cell(m, 3, ProfileModel::Kernel), QStringLiteral("silu"));
        QCOMPARE(cell(m, 3, ProfileModel::GBs), QStringLiteral("3892"));
        QCOMPARE(cell(m, 3, ProfileModel::TFLOPs), QStringLiteral("—"));
        QVERIFY(cell(m, 3, ProfileModel::TFLOPs, Qt::ToolTipRole)
                    .startsWith(QStringLiteral("No FLOP count")));
        QVERIFY(cell(m, 3, ProfileModel::Kernel, Qt::ToolTipRole)
                    .contains(QStringLiteral("library kernel")));
        // The L2 clear: timed, never replayed: its countersNote on every counter column.
        QCOMPARE(cell(m, 4, ProfileModel::MedianUs), QStringLiteral("59.10"));
        for (int c : {ProfileModel::CounterUs,
                      ProfileModel::DramMB,
                      ProfileModel::GBs,
                      ProfileModel::RoofPercent,
                      ProfileModel::Passes}) {
            QCOMPARE(cell(m, 4, c), QStringLiteral("—"));
            QCOMPARE(
                cell(m, 4, c, Qt::ToolTipRole),
                QStringLiteral("timing only: do_bench's L2 clear is not replayed for counters"));
        }
        QVERIFY(
            std::isnan(m.data(m.index(4, ProfileModel::GBs), ProfileModel::ValueRole).toDouble()));
    }

    void deltasAgainstThePinnedBaseline()
    {
        ProfileModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!m.pinBaseline()); // nothing to pin yet
        m.setReport(fixture());
        QVERIFY(m.pinBaseline());
        // Pinned against itself: every comparable cell is +0.0%.
        QCOMPARE(cell(m, 0, ProfileModel::MedianUs), QStringLiteral("540.2  +0.0%"));

        run::ProfileReport faster = fixture();
        run::KernelProfile &k = faster.kernels[0];
        k.medianNs = 474000;                      // -12.25%
        k.achievedGBs = k.dramBytes / k.medianNs; // 4530.6 GB/s, +13.97%
        k.registers = 32;                         // -20%
        faster.kernels[1].grid = {8192, 1, 1};    // a grid the baseline does not have
        m.setReport(faster);
        QCOMPARE(cell(m, 0, ProfileModel::MedianUs), QStringLiteral("474.0  -12.3%"));
        QCOMPARE(m.data(m.index(0, ProfileModel::MedianUs), ProfileModel::DeltaRole).toDouble(),
                 (474000.0 - 540200.0) / 540200.0 * 100);
        QCOMPARE(cell(m, 0, ProfileModel::GBs), QStringLiteral("4531  +14.0%"));
        QCOMPARE(cell(m, 0, ProfileModel::Registers), QStringLiteral("32  -20.0%"));
        QVERIFY(cell(m, 0, ProfileModel::MedianUs, Qt::ToolTipRole)
                    .contains(QStringLiteral("baseline: 540.2")));
        // Faster and more GB/s are both better: green; registers are neither.
        const QColor green(0x1a7f37), red(0xcf222e);
        QCOMPARE(
            m.data(m.index(0, ProfileModel::MedianUs), Qt::ForegroundRole).value<QBrush>().color(),
            green);
        QCOMPARE(m.data(m.index(0, ProfileModel::GBs), Qt::ForegroundRole).value<QBrush>().color(),
                 green);
        QVERIFY(!m.data(m.index(0, ProfileModel::Registers), Qt::ForegroundRole).isValid());
        // Launches are not compared; the new grid has no baseline row.
        QCOMPARE(cell(m, 0, ProfileModel::Launches), QStringLiteral("100"));
        QCOMPARE(cell(m, 1, ProfileModel::MedianUs), QStringLiteral("12.94"));
        QVERIFY(std::isnan(m.delta(1, ProfileModel::MedianUs)));

        // Slower is red.
        run::ProfileReport slower = fixture();
        slower.kernels[0].medianNs = 600000;
        m.setReport(slower);
        QCOMPARE(cell(m, 0, ProfileModel::MedianUs), QStringLiteral("600.0  +11.1%"));
        QCOMPARE(
            m.data(m.index(0, ProfileModel::MedianUs), Qt::ForegroundRole).value<QBrush>().color(),
            red);

        m.clearBaseline();
        QCOMPARE(cell(m, 0, ProfileModel::MedianUs), QStringLiteral("600.0"));
    }

    // The H200's report of swish.py's bench (tests/data/studio/profile_swish_h200.json, measured).
    void measuredReportFromTheH200()
    {
        const QByteArray bytes
            = readFile(QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/profile_swish_h200.json"));
        QVERIFY(!bytes.isEmpty());
        ProfileModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setReport(run::profileFromJson(
            nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size())));
        QCOMPARE(m.rowCount(), 27);
        // 2^28 elements: 127 launches, a median of 505.949 us, 101% of the measured copy roof.
        QCOMPARE(cell(m, 16, ProfileModel::Grid), QStringLiteral("262144"));
        QCOMPARE(cell(m, 16, ProfileModel::Launches), QStringLiteral("127"));
        QCOMPARE(cell(m, 16, ProfileModel::MedianUs), QStringLiteral("505.9"));
        QCOMPARE(cell(m, 16, ProfileModel::GBs), QStringLiteral("4240"));
        QCOMPARE(cell(m, 16, ProfileModel::RoofPercent), QStringLiteral("101.0"));
        // A test launch CUPTI's activity did not time: no median, GB/s over the replayed launch.
        QCOMPARE(cell(m, 0, ProfileModel::MedianUs), QStringLiteral("—"));
        QVERIFY(cell(m, 0, ProfileModel::MedianUs, Qt::ToolTipRole)
                    .startsWith(QStringLiteral("CUPTI's activity records did not time")));
        QCOMPARE(cell(m, 0, ProfileModel::CounterUs), QStringLiteral("2.02"));
        QCOMPARE(cell(m, 0, ProfileModel::GBs), QStringLiteral("1.27"));
        // do_bench's L2 clear: a library kernel, timed only.
        QCOMPARE(cell(m, 26, ProfileModel::Kernel), QStringLiteral("L2 clear (do_bench)"));
        QCOMPARE(cell(m, 26, ProfileModel::MedianUs), QStringLiteral("56.70"));
        QCOMPARE(cell(m, 26, ProfileModel::DramMB), QStringLiteral("—"));
    }

    void gridsAndCsv()
    {
        QCOMPARE(ProfileModel::gridText({262144, 1, 1}), QStringLiteral("262144"));
        QCOMPARE(ProfileModel::gridText({64, 32, 1}), QStringLiteral("64×32"));
        QCOMPARE(ProfileModel::gridText({4, 1, 3}), QStringLiteral("4×1×3"));
        ProfileModel m;
        m.setReport(fixture());
        const QStringList lines = m.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 6);
        QVERIFY(lines[0].startsWith(QStringLiteral("kernel,function,grid,launches,median_us")));
        QVERIFY2(lines[1].startsWith(QStringLiteral(
                     "swish_kernel,swish_kernel_0d1d2c3c,262144,100,540.2,538.9,2147.488768,")),
                 qPrintable(lines[1]));
        QVERIFY2(lines[5].startsWith(QStringLiteral("l2_clear,tsm_fill_u32,65536,200,59.1,,,,,,")),
                 qPrintable(lines[5]));
    }
};

QTEST_MAIN(TestProfileModel)
#include "tst_profile_model.moc"
