// Pin Config as text: on the autotuned swish program the fixture's report was written for, the
// @triton.autotune decorator is commented out line by line and the chosen config's arguments
// join the launch, leaving every other byte as it was and a program that still checks clean;
// text that is not the one the report was measured on, a launch that already passes an
// argument, and calls written over several lines, with trailing commas and comments.

#include "app/studio/autotune_pin.h"
#include "core/check/checker.h"
#include "core/run/autotune_json.h"
#include "core/source/source_file.h"
#include "ui_test_support.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace tsm;

namespace {

const QString kProgram = QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/swish_autotune.py");
const QString kFixture
    = QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/autotune_swish_fixture.json");

run::AutotuneReport fixture()
{
    const QByteArray bytes = readFile(kFixture);
    if (bytes.isEmpty())
        qFatal("cannot read the autotune fixture");
    return run::autotuneFromJson(
        nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size()));
}

run::AutotuneConfig config(std::vector<std::pair<std::string, std::string>> kwargs)
{
    run::AutotuneConfig c;
    c.kwargs = std::move(kwargs);
    return c;
}

// A report over `source`: the decorator from `decorator` to the line's ')' after it, the
// launch the text `launch` (its last occurrence).
run::AutotuneReport reportFor(const QByteArray &source,
                              const QByteArray &decorator,
                              const QByteArray &launch,
                              run::AutotuneConfig c)
{
    run::AutotuneReport r;
    r.kernel = "k";
    const auto begin = std::uint32_t(source.indexOf(decorator));
    const auto end = std::uint32_t(source.indexOf(")\n", begin) + 1);
    r.decorator = run::SourceRange{1, 1, begin, end};
    const auto at = std::uint32_t(source.lastIndexOf(launch));
    r.launch = run::SourceRange{1, 1, at, at + std::uint32_t(launch.size())};
    r.configs.push_back(std::move(c));
    r.best = 0;
    return r;
}

std::size_t errorsIn(const QByteArray &text)
{
    const SourceFile file(0, "pinned.py", text.toStdString());
    return checkSource(file).errorCount;
}

} // namespace

class TestAutotunePin : public QObject
{
    Q_OBJECT

private slots:
    void fixturePointsAtTheProgramsDecoratorAndLaunch()
    {
        const QByteArray source = readFile(kProgram);
        const run::AutotuneReport r = fixture();
        QVERIFY(source.mid(r.decorator->begin).startsWith("@triton.autotune(\n"));
        QVERIFY(
            source.left(r.decorator->end).endsWith("early_config_prune': prune_small_blocks},\n)"));
        QCOMPARE(source.mid(r.launch->begin, r.launch->end - r.launch->begin),
                 QByteArray("swish_kernel[grid](x, output, n_elements, beta)"));
        QCOMPARE(r.decorator->line, 25);
        QCOMPARE(r.decorator->endLine, 38);
        QCOMPARE(r.launch->line, 66);
        QCOMPARE(errorsIn(source), std::size_t(0));
    }

    void winnerIsPinnedIntoTheProgram()
    {
        const QByteArray source = readFile(kProgram);
        const AutotunePin pin = pinAutotuneConfig(source, fixture(), 3);
        QVERIFY2(pin.ok(), qPrintable(pin.error));
        QCOMPARE(pin.arguments, QStringLiteral("BLOCK_SIZE=1024, num_warps=4, num_stages=3"));
        const QList<QByteArray> before = source.split('\n'), after = pin.text.split('\n');
        QCOMPARE(after.size(), before.size());
        for (int i = 0; i < before.size(); ++i) {
            const int line = i + 1;
            if (line >= 25 && line <= 38) {
                // The indentation kept, "# " after it.
                const qsizetype indent = before[i].size() - before[i].trimmed().size();
                QCOMPARE(after[i], before[i].left(indent) + "# " + before[i].mid(indent));
            } else if (line == 66) {
                QCOMPARE(after[i],
                         QByteArray(
                             "    swish_kernel[grid](x, output, n_elements, beta, BLOCK_SIZE=1024, "
                             "num_warps=4, num_stages=3)"));
            } else {
                QCOMPARE(after[i], before[i]);
            }
        }
        QCOMPARE(after[24], QByteArray("# @triton.autotune("));
        QCOMPARE(after[26],
                 QByteArray("        # triton.Config({'BLOCK_SIZE': 128}, num_warps=8),"));
        QCOMPARE(after[38], QByteArray("@triton.jit"));
        QCOMPARE(errorsIn(pin.text), std::size_t(0));
        // Fifteen edits from the end backwards: the launch, then the decorator's 14 lines.
        QCOMPARE(pin.edits.size(), 15);
        QVERIFY(std::is_sorted(
            pin.edits.begin(), pin.edits.end(), [](const TextEdit &a, const TextEdit &b) {
                return a.begin > b.begin;
            }));
    }

    void runnersEventOnTheH200PinsTheSameWay()
    {
        // tests/data/studio/autotune_swish_h200.json: `tilesmith bench` of the same file on
        // the H200 (bench/results/2026-11-30-autotune-check-4c79feb.md), its largest key.
        const QByteArray bytes = readFile(
            QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/autotune_swish_h200.json"));
        QVERIFY(!bytes.isEmpty());
        const run::AutotuneReport r = run::autotuneFromJson(
            nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size()));
        QCOMPARE(r.decorator->begin, fixture().decorator->begin);
        QCOMPARE(r.launch->end, fixture().launch->end);
        const AutotunePin pin = pinAutotuneConfig(readFile(kProgram), r, r.best);
        QVERIFY2(pin.ok(), qPrintable(pin.error));
        QCOMPARE(pin.arguments, QStringLiteral("BLOCK_SIZE=1024, num_warps=8, num_stages=3"));
        QCOMPARE(errorsIn(pin.text), std::size_t(0));
    }

    void anyConfigThatRanCanBePinned()
    {
        const AutotunePin pin = pinAutotuneConfig(readFile(kProgram), fixture(), 2);
        QVERIFY(pin.ok());
        QVERIFY(pin.text.contains("swish_kernel[grid](x, output, n_elements, beta, BLOCK_SIZE=512, "
                                  "num_warps=4, num_stages=3)\n"));
        QVERIFY(!pinAutotuneConfig(readFile(kProgram), fixture(), 8).ok());
        QVERIFY(!pinAutotuneConfig(readFile(kProgram), fixture(), -1).ok());
    }

    void changedTextIsRefused()
    {
        const QByteArray source = readFile(kProgram);
        // A line added above: the decorator's offsets now point one line early.
        AutotunePin pin = pinAutotuneConfig("# a new first line\n" + source, fixture(), 3);
        QVERIFY(!pin.ok());
        QVERIFY2(
            pin.error.startsWith(QStringLiteral("Line 25 is not the @triton.autotune decorator")),
            qPrintable(pin.error));
        QVERIFY(pin.edits.isEmpty());
        // The launch shortened: its ')' moved.
        QByteArray shorter = source;
        shorter.replace("n_elements, beta)", "n_elements, b)");
        pin = pinAutotuneConfig(shorter, fixture(), 3);
        QVERIFY(!pin.ok());
        QVERIFY2(pin.error.contains(QStringLiteral("does not end in ')'")), qPrintable(pin.error));
        // Offsets past the end of the text.
        pin = pinAutotuneConfig(source.left(1000), fixture(), 3);
        QVERIFY(!pin.ok());
        // No ranges in the report.
        run::AutotuneReport r = fixture();
        r.launch.reset();
        QVERIFY(!pinAutotuneConfig(source, r, 3).ok());
    }

    void argumentTheLaunchAlreadyPassesIsNamed()
    {
        QByteArray source = readFile(kProgram);
        run::AutotuneReport r = fixture();
        source.replace("n_elements, beta)", "n_elements, beta, num_warps=4)");
        r.launch->end += QByteArray(", num_warps=4").size();
        const AutotunePin pin = pinAutotuneConfig(source, r, 3);
        QVERIFY(!pin.ok());
        QCOMPARE(pin.error,
                 QStringLiteral("The launch at line 66 already passes num_warps: remove it there "
                                "to pin this config"));
        QVERIFY(pin.text.isEmpty());
    }

    void decoratorRangeMayStartAtTheCall()
    {
        const QByteArray source = readFile(kProgram);
        run::AutotuneReport r = fixture();
        r.decorator->begin += 1; // "triton.autotune(...)" without its '@'
        const AutotunePin pin = pinAutotuneConfig(source, r, 3);
        QVERIFY2(pin.ok(), qPrintable(pin.error));
        QCOMPARE(pin.text, pinAutotuneConfig(source, fixture(), 3).text);
    }

    void callsOverSeveralLines_data()
    {
        QTest::addColumn<QByteArray>("call");
        QTest::addColumn<QByteArray>("pinned");
        QTest::newRow("no arguments")
            << QByteArray("k[g]()") << QByteArray("k[g](BLOCK=64, num_warps=2, num_stages=3)");
        QTest::newRow("trailing comma")
            << QByteArray("k[g](\n        x,\n        y,\n    )")
            << QByteArray(
                   "k[g](\n        x,\n        y, BLOCK=64, num_warps=2, num_stages=3,\n    )");
        QTest::newRow("comment after the last argument")
            << QByteArray("k[g](\n        x,\n        y  # the output, 'quoted' #\n    )")
            << QByteArray("k[g](\n        x,\n        y, BLOCK=64, num_warps=2, num_stages=3  # "
                          "the output, 'quoted' #\n    )");
        QTest::newRow("a '#' in a string")
            << QByteArray("k[g](x, '#')")
            << QByteArray("k[g](x, '#', BLOCK=64, num_warps=2, num_stages=3)");
        QTest::newRow("nested call")
            << QByteArray("k[g](f(x))")
            << QByteArray("k[g](f(x), BLOCK=64, num_warps=2, num_stages=3)");
    }

    void callsOverSeveralLines()
    {
        QFETCH(QByteArray, call);
        QFETCH(QByteArray, pinned);
        const QByteArray imports = "import triton\n\n\n";
        const QByteArray kernel = "@triton.autotune(configs=[], key=[])\n@triton.jit\ndef k(x):\n  "
                                  "  pass\n\n\ndef f():\n    ";
        const QByteArray source = imports + kernel + call + "\n";
        // num_ctas=1 and maxnreg=None are the defaults: not written.
        const run::AutotuneReport r = reportFor(source,
                                                "@triton.autotune",
                                                call,
                                                config({{"num_stages", "3"},
                                                        {"BLOCK", "64"},
                                                        {"maxnreg", "None"},
                                                        {"num_warps", "2"},
                                                        {"num_ctas", "1"}}));
        const AutotunePin pin = pinAutotuneConfig(source, r, 0);
        QVERIFY2(pin.ok(), qPrintable(pin.error));
        QCOMPARE(pin.arguments, QStringLiteral("BLOCK=64, num_warps=2, num_stages=3"));
        QCOMPARE(QString::fromUtf8(pin.text),
                 QString::fromUtf8(imports + "# " + kernel + pinned + "\n"));
    }

    void launchOptionsFollowTheMetaParameters()
    {
        const auto args = launchArguments(config({{"num_warps", "8"},
                                                  {"BLOCK_M", "128"},
                                                  {"num_stages", "4"},
                                                  {"BLOCK_N", "64"},
                                                  {"num_ctas", "2"}}));
        QStringList out;
        for (const auto &[name, value] : args)
            out << name + QLatin1Char('=') + value;
        QCOMPARE(out.join(QStringLiteral(", ")),
                 QStringLiteral("BLOCK_M=128, BLOCK_N=64, num_warps=8, num_stages=4, num_ctas=2"));
    }
};

QTEST_MAIN(TestAutotunePin)
#include "tst_autotune_pin.moc"
