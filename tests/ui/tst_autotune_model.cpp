// AutotuneModel as the Autotune pane shows it: one row per config of an `autotune` report in the
// decorator's order, what sets each config apart, what became of it (the reason whole in the
// tooltip), do_bench's median and spread, the time against the winner's and the build's numbers;
// the winner bold on a highlighted row, the configs that did not run greyed, in colours that
// follow the theme; a choice read from the disk cache, with nothing timed.
//
// The fixture tests/data/studio/autotune_swish_fixture.json is written by hand in
// autotuneToJson's format for tests/data/studio/swish_autotune.py (its decorator and launch
// offsets are that file's); its times and build numbers are made up to look like an H200's.

#include "app/studio/autotune_model.h"
#include "app/studio/theme.h"
#include "core/run/autotune_json.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QFont>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace tsm;

namespace {

run::AutotuneReport fixture()
{
    const QByteArray bytes
        = readFile(QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/autotune_swish_fixture.json"));
    if (bytes.isEmpty())
        qFatal("cannot read the autotune fixture");
    return run::autotuneFromJson(
        nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size()));
}

QVariant data(const AutotuneModel &m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role);
}

QString cell(const AutotuneModel &m, int row, int column, int role = Qt::DisplayRole)
{
    return data(m, row, column, role).toString();
}

QStringList columnText(const AutotuneModel &m, int column)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << cell(m, r, column);
    return out;
}

} // namespace

class TestAutotuneModel : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { Theme::apply(ThemeChoice::Light); }

    void oneRowPerConfigInTheDecoratorsOrder()
    {
        AutotuneModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m.rowCount(), 0);
        QVERIFY(!m.hasReport());
        m.setReport(fixture());
        QCOMPARE(m.rowCount(), 8);
        QCOMPARE(m.columnCount(), int(AutotuneModel::ColumnCount));
        QStringList headers;
        for (int c = 0; c < m.columnCount(); ++c)
            headers << m.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        QCOMPARE(headers,
                 (QStringList{"Config",
                              "Status",
                              "Median ms",
                              "p20–p80",
                              "vs best",
                              "Regs",
                              "Spills",
                              "Shared",
                              "Occ %",
                              "Compile s"}));
        // num_stages: 3 is every config's: the column shows what differs, the header says the rest.
        QCOMPARE(cell(m, 0, AutotuneModel::Config),
                 QStringLiteral("BLOCK_SIZE: 128, num_warps: 8"));
        QCOMPARE(cell(m, 3, AutotuneModel::Config),
                 QStringLiteral("BLOCK_SIZE: 1024, num_warps: 4"));
        QCOMPARE(m.sharedText(), QStringLiteral("num_stages: 3"));
        QVERIFY(m.headerData(AutotuneModel::Config, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .endsWith(QStringLiteral("num_stages: 3")));
        QVERIFY(cell(m, 3, AutotuneModel::Config, Qt::ToolTipRole)
                    .startsWith(QStringLiteral(
                        "BLOCK_SIZE: 1024, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: "
                        "None\nPinned, the launch gets: "
                        "BLOCK_SIZE=1024, num_warps=4, num_stages=3")));
        QCOMPARE(columnText(m, AutotuneModel::Status),
                 (QStringList{"pruned by early_config_prune",
                              "ran",
                              "ran",
                              "fastest",
                              "ran",
                              "ran",
                              "ran",
                              "out of resources: 256 KiB shared > 227 KiB"}));
        m.clear();
        QCOMPARE(m.rowCount(), 0);
    }

    void timesAgainstTheWinner()
    {
        AutotuneModel m;
        m.setReport(fixture());
        QCOMPARE(m.bestRow(), 3);
        QCOMPARE(columnText(m, AutotuneModel::MedianMs),
                 (QStringList{"—", "0.583", "0.336", "0.318", "0.327", "0.331", "0.367", "—"}));
        QCOMPARE(cell(m, 1, AutotuneModel::Spread), QStringLiteral("0.579–0.590"));
        QCOMPARE(columnText(m, AutotuneModel::VsBest),
                 (QStringList{"—", "1.83×", "1.06×", "1.00×", "1.03×", "1.04×", "1.15×", "—"}));
        QCOMPARE(m.vsBest(6), 0.367 / 0.318);
        QVERIFY(std::isnan(m.vsBest(0)));
        QVERIFY(cell(m, 3, AutotuneModel::MedianMs, Qt::ToolTipRole)
                    .startsWith(QStringLiteral(
                        "median 0.318 ms, p20 0.316 ms, p80 0.322 ms\nCUDA events")));
        QCOMPARE(columnText(m, AutotuneModel::Registers),
                 (QStringList{"—", "18", "20", "26", "18", "28", "40", "64"}));
        QCOMPARE(cell(m, 7, AutotuneModel::Shared), QStringLiteral("256 KiB"));
        QCOMPARE(cell(m, 1, AutotuneModel::Spills), QStringLiteral("0 B"));
        QCOMPARE(cell(m, 6, AutotuneModel::Occupancy), QStringLiteral("75"));
        QCOMPARE(cell(m, 3, AutotuneModel::CompileSeconds), QStringLiteral("0.66"));
        QCOMPARE(cell(m, 0, AutotuneModel::CompileSeconds),
                 QStringLiteral("—")); // pruned: not built
        // Unknown numbers sort after every known one.
        QCOMPARE(data(m, 0, AutotuneModel::MedianMs, AutotuneModel::SortRole).toDouble(), qInf());
        QCOMPARE(data(m, 3, AutotuneModel::MedianMs, AutotuneModel::SortRole).toDouble(), 0.318);
        QCOMPARE(AutotuneModel::bytesText(1536), QStringLiteral("1.5 KiB"));
        QCOMPARE(AutotuneModel::bytesText(232448), QStringLiteral("227 KiB"));
    }

    void winnerStandsOutAndTheOthersThatDidNotRunAreGreyed()
    {
        AutotuneModel m;
        m.setReport(fixture());
        for (int r = 0; r < m.rowCount(); ++r) {
            const bool best = r == 3, greyed = r == 0 || r == 7;
            QCOMPARE(data(m, r, AutotuneModel::Config, Qt::FontRole).value<QFont>().bold(), best);
            QCOMPARE(data(m, r, AutotuneModel::MedianMs, Qt::BackgroundRole).isValid(), best);
            QCOMPARE(data(m, r, AutotuneModel::Status, AutotuneModel::GreyedRole).toBool(), greyed);
            QCOMPARE(data(m, r, AutotuneModel::Status, Qt::ForegroundRole).isValid(), greyed);
        }
        QCOMPARE(data(m, 7, AutotuneModel::Config, Qt::ForegroundRole).value<QBrush>().color(),
                 Theme::current().dimText);
        // The full reason where the cell has no room for it.
        QCOMPARE(
            cell(m, 7, AutotuneModel::Status, Qt::ToolTipRole),
            QStringLiteral(
                "out of resources:\nkernel 'swish_kernel' needs 256 KiB of shared memory; this GPU "
                "allows 227 KiB per block; use smaller block sizes"));
    }

    void coloursFollowTheTheme()
    {
        AutotuneModel m;
        m.setReport(fixture());
        Theme::apply(ThemeChoice::Light);
        const QColor lightWinner = data(m, 3, 0, Qt::BackgroundRole).value<QBrush>().color();
        QVERIFY(lightWinner.lightness() > 200);
        QSignalSpy repainted(&m, &QAbstractItemModel::dataChanged);
        Theme::apply(ThemeChoice::Dark);
        m.refreshTheme();
        QCOMPARE(repainted.size(), 1);
        // Dark paper: a dark highlight under light text, and greyed text that still reads.
        const QColor darkWinner = data(m, 3, 0, Qt::BackgroundRole).value<QBrush>().color();
        QVERIFY2(darkWinner.lightness() < 90, qPrintable(darkWinner.name()));
        const QColor grey = data(m, 0, 0, Qt::ForegroundRole).value<QBrush>().color();
        QVERIFY(grey.lightness() > Theme::current().palette.color(QPalette::Base).lightness() + 80);
    }

    void choiceFromTheDiskCache()
    {
        run::AutotuneReport r = fixture();
        r.source = "disk";
        for (run::AutotuneConfig &c : r.configs)
            c.medianMs = c.p20Ms = c.p80Ms = std::nullopt;
        AutotuneModel m;
        m.setReport(r);
        QCOMPARE(cell(m, 3, AutotuneModel::Status), QStringLiteral("chosen (disk cache)"));
        QCOMPARE(cell(m, 3, AutotuneModel::MedianMs), QStringLiteral("—"));
        QCOMPARE(cell(m, 3, AutotuneModel::VsBest), QStringLiteral("—"));
        QVERIFY(cell(m, 3, AutotuneModel::MedianMs, Qt::ToolTipRole)
                    .contains(QStringLiteral("disk cache")));
    }

    void statusNamesEveryKind()
    {
        using S = run::AutotuneConfig::Status;
        run::AutotuneConfig c;
        c.status = S::CompileError;
        c.reason = "swish.py:36: error: unknown name 'tl.exq'\n  did you mean 'tl.exp'?";
        QCOMPARE(
            AutotuneModel::statusText(c, false),
            QStringLiteral(
                "compile error: swish.py:36: error: unknown name 'tl.exq' did you mean 'tl.exp'?"));
        c.status = S::OutOfResources;
        c.reason = "needs 262144 bytes of shared memory per block; the NVIDIA H200 (sm_90) allows "
                   "232448";
        QCOMPARE(AutotuneModel::statusText(c, false),
                 QStringLiteral("out of resources: 256 KiB shared > 227 KiB"));
        c.reason = "too many resources requested for launch";
        QCOMPARE(AutotuneModel::statusText(c, false),
                 QStringLiteral("out of resources: too many resources requested for launch"));
        c.status = S::WrongResult;
        c.reason = "";
        QCOMPARE(AutotuneModel::statusText(c, false), QStringLiteral("wrong result"));
        c.status = S::Failed;
        QCOMPARE(AutotuneModel::statusText(c, false), QStringLiteral("failed"));
        c.status = S::Ran;
        QCOMPARE(AutotuneModel::statusText(c, true), QStringLiteral("fastest"));
    }
};

QTEST_MAIN(TestAutotuneModel)
#include "tst_autotune_model.moc"
