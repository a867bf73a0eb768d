// The Autotune pane and dock as a user meets them: a tuning's configs in the table and as bars
// (every config a category, the winner in its own colour, why the others did not run written
// where their bars would be), the header saying how long tuning took, several tunings of a run
// in a chooser with the newest shown; the dock raised by the run's first `autotune` event and
// emptied when the next run starts; Pin Config writing the winner (or the selected config that
// ran) into the editor as one undo step, and refusing once the text changed since the run.
//
// The runner is a stand-in script; its events are the synthetic fixture
// tests/data/studio/autotune_swish_fixture.json (see tst_autotune_model.cpp), measured on
// tests/data/studio/swish_autotune.py.

#include "app/studio/autotune_chart.h"
#include "app/studio/autotune_model.h"
#include "app/studio/autotune_pane.h"
#include "app/studio/main_window.h"
#include "core/run/autotune_json.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"
#include "ui_window_support.h"

#include <QComboBox>
#include <QDockWidget>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <nlohmann/json.hpp>

using namespace tsm;

namespace {

// A stand-in for `tilesmith serve`: devices lists one GPU; run tunes twice (the fixture's
// event, then the same kernel at another key) and ends.
const char kFakeRunner[] = R"(#!/bin/sh
dir=$(dirname "$0")
while IFS= read -r line; do
  printf '%s\n' "$line" >>"$dir/requests.log"
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  case "$line" in
    *'"request":"devices"'*)
      echo '{"id":'$id',"event":"devices","available":true,"devices":[{"ordinal":0,"name":"NVIDIA H200","copy_bandwidth_gbs":4210}]}'
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
    *'"request":"run"'*)
      printf '{"id":%s,' "$id"; tail -c +2 "$dir/autotune-event.json"
      printf '{"id":%s,' "$id"; tail -c +2 "$dir/autotune-event-2.json"
      echo '{"id":'$id',"event":"finished","passed":true,"exit_code":0,"seconds":0.1}'
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
  esac
done
)";

const QString kFixture
    = QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/autotune_swish_fixture.json");
const QString kProgram = QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/swish_autotune.py");

QJsonObject fixtureEvent()
{
    const QJsonDocument doc = QJsonDocument::fromJson(readFile(kFixture));
    if (!doc.isObject())
        qFatal("cannot read the autotune fixture");
    return doc.object();
}

run::AutotuneReport fixture()
{
    const QByteArray bytes = QJsonDocument(fixtureEvent()).toJson(QJsonDocument::Compact);
    return run::autotuneFromJson(
        nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size()));
}

// The fixture's tuning at n_elements = 2^22: 1024 w8 wins there.
QJsonObject secondEvent()
{
    QJsonObject e = fixtureEvent();
    e[QStringLiteral("key")] = QStringLiteral("(4194304, 'torch.float32', 'torch.float32')");
    e[QStringLiteral("best")] = 4;
    return e;
}

} // namespace

class TestAutotunePane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;
    QTemporaryDir m_dir;

    std::unique_ptr<MainWindow> window()
    {
        auto w = windowWithRunner(m_dir.filePath(QStringLiteral("fake-serve")));
        w->resize(1400, 900);
        w->show();
        return w;
    }

private slots:
    void initTestCase()
    {
        useTestSettings(m_settings.path(), QStringLiteral("tst_autotune_pane"));
        writeFile(m_dir.filePath(QStringLiteral("fake-serve")), kFakeRunner);
        QFile(m_dir.filePath(QStringLiteral("fake-serve")))
            .setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                            | QFileDevice::ExeOwner);
        writeFile(m_dir.filePath(QStringLiteral("autotune-event.json")),
                  QJsonDocument(fixtureEvent()).toJson(QJsonDocument::Compact) + "\n");
        writeFile(m_dir.filePath(QStringLiteral("autotune-event-2.json")),
                  QJsonDocument(secondEvent()).toJson(QJsonDocument::Compact) + "\n");
        writeFile(m_dir.filePath(QStringLiteral("swish_autotune.py")), readFile(kProgram));
    }

    void init() { QSettings().clear(); }

    void tuningFillsTableChartAndHeader()
    {
        AutotuneModel m;
        AutotunePane pane(&m);
        pane.resize(1300, 340);
        pane.show();
        QVERIFY(!pane.pinButton()->isEnabled());
        QVERIFY(pane.header().startsWith(QStringLiteral("No tuning yet")));
        QVERIFY(pane.chart()->categories().isEmpty());

        pane.addReport(fixture());
        QCOMPARE(pane.view()->model()->rowCount(), 8);
        QCOMPARE(pane.header(),
                 QStringLiteral(
                     "swish_kernel — n_elements=67108864, torch.float32, torch.float32 · tuned in "
                     "2.41 s (compile 1.52 s on 7 threads) · 6 of 8 configs ran · all with "
                     "num_stages: 3 · CUDA events, L2 cleared before each call"));
        QVERIFY(!pane.reportChooser()->isVisible()); // one tuning: nothing to choose

        AutotuneChart *chart = pane.chart();
        QCOMPARE(chart->categories(),
                 (QStringList{"128 w8",
                              "256 w2",
                              "512 w4",
                              "1024 w4",
                              "1024 w8",
                              "2048 w8",
                              "4096 w8",
                              "65536 w8"}));
        QCOMPARE(chart->barValues(),
                 (QList<double>{0, 0.583, 0.336, 0.318, 0.327, 0.331, 0.367, 0}));
        const QStringList labels = chart->rowLabels();
        QCOMPARE(labels.size(), 8);
        QCOMPARE(labels[0], QStringLiteral("pruned by early_config_prune"));
        QCOMPARE(labels[3], QStringLiteral("0.318 ms  fastest"));
        QCOMPARE(labels[6], QStringLiteral("0.367 ms  1.15×"));
        QCOMPARE(labels[7], QStringLiteral("out of resources: 256 KiB shared > 227 KiB"));
        QVERIFY(chart->barColor(3) != chart->barColor(2));
        QCOMPARE(chart->barColor(2), chart->barColor(6));
        QCOMPARE(
            chart->toolTipAt(3),
            QStringLiteral("BLOCK_SIZE: 1024, num_warps: 4, num_ctas: 1, num_stages: 3, "
                           "maxnreg: None\nmedian 0.318 ms, "
                           "p20 0.316 ms, p80 0.322 ms\nthe fastest: launched for this key\n26 "
                           "registers, 100% occupancy"));
        QVERIFY(chart->toolTipAt(7).contains(QStringLiteral("this GPU allows 227 KiB per block")));
        const QString png = m_dir.filePath(QStringLiteral("autotune.png"));
        QVERIFY(chart->savePng(png));
        QVERIFY(!QImage(png).isNull());
    }

    void pinTakesTheWinnerOrTheSelectedConfigThatRan()
    {
        AutotuneModel m;
        AutotunePane pane(&m);
        pane.addReport(fixture());
        QSignalSpy pins(&pane, &AutotunePane::pinRequested);
        QVERIFY(pane.pinButton()->isEnabled());
        QCOMPARE(pane.pinnableConfig(), 3);
        QVERIFY2(pane.pinButton()->toolTip().startsWith(
                     QStringLiteral("Comment out @triton.autotune (line 25) and launch "
                                    "swish_kernel with BLOCK_SIZE=1024, "
                                    "num_warps=4, num_stages=3 at line 66 (the fastest config)")),
                 qPrintable(pane.pinButton()->toolTip()));
        pane.pinButton()->click();
        QCOMPARE(pins.size(), 1);
        QCOMPARE(pins.last(), (QList<QVariant>{0, 3}));

        pane.selectConfig(5);
        QCOMPARE(pane.selectedConfig(), 5);
        QCOMPARE(pane.pinnableConfig(), 5);
        pane.pinButton()->click();
        QCOMPARE(pins.last(), (QList<QVariant>{0, 5}));

        pane.selectConfig(7); // out of resources: nothing to pin
        QVERIFY(!pane.pinButton()->isEnabled());
        QVERIFY(pane.pinButton()->toolTip().startsWith(
            QStringLiteral("The selected config did not run")));

        // A sorted table still selects the model's row.
        pane.view()->sortByColumn(AutotuneModel::MedianMs, Qt::AscendingOrder);
        pane.view()->selectRow(0);
        QCOMPARE(pane.selectedConfig(), 3);
        pane.view()->selectRow(7);
        QCOMPARE(pane.selectedConfig(), 7); // unknown times last
    }

    void severalTuningsInTheChooser()
    {
        AutotuneModel m;
        AutotunePane pane(&m);
        pane.show();
        pane.addReport(fixture());
        const QByteArray bytes = QJsonDocument(secondEvent()).toJson(QJsonDocument::Compact);
        pane.addReport(run::autotuneFromJson(
            nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size())));
        QCOMPARE(pane.reportCount(), 2);
        QVERIFY(pane.reportChooser()->isVisible());
        QCOMPARE(pane.reportChooser()->itemText(1),
                 QStringLiteral("swish_kernel — n_elements=4194304, torch.float32, torch.float32"));
        QCOMPARE(pane.currentReport(), 1); // the newest
        QCOMPARE(m.bestRow(), 4);
        QCOMPARE(pane.chart()->rowLabels()[4], QStringLiteral("0.327 ms  fastest"));
        pane.setCurrentReport(0);
        QCOMPARE(m.bestRow(), 3);
        QCOMPARE(
            pane.reportChooser()->currentText(),
            QStringLiteral("swish_kernel — n_elements=67108864, torch.float32, torch.float32"));
        // The chooser names the tuning: the header goes on from there.
        QVERIFY(pane.header().startsWith(QStringLiteral("tuned in 2.41 s")));
        pane.clear();
        QCOMPARE(pane.reportCount(), 0);
        QCOMPARE(m.rowCount(), 0);
        QVERIFY(!pane.reportChooser()->isVisible());
        QVERIFY(!pane.pinButton()->isEnabled());
    }

    void diskCacheSaysNoTuning()
    {
        run::AutotuneReport r = fixture();
        r.source = "disk";
        QCOMPARE(AutotunePane::tuningText(r), QStringLiteral("from the disk cache: no tuning"));
        r.source = "tuned";
        r.compileThreads = 1;
        QCOMPARE(AutotunePane::tuningText(r), QStringLiteral("tuned in 2.41 s (compile 1.52 s)"));
        for (run::AutotuneConfig &c : r.configs)
            c.compileSeconds = 0;
        r.compileSeconds = 2.4e-05;
        QCOMPARE(AutotunePane::tuningText(r),
                 QStringLiteral("tuned in 2.41 s (every build from the compile cache)"));
    }

    void fixtureShowsTheDockAndPinIsOneUndoStep()
    {
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("swish_autotune.py"))));
        const QByteArray original = w->editor()->utf8Text();
        QVERIFY(!w->autotuneDock()->isVisible()
                || currentTabBeside(*w, QStringLiteral("Autotune")) != QStringLiteral("Autotune"));
        w->showAutotune(fixtureEvent());
        QVERIFY(w->autotuneDock()->isVisible());
        QCOMPARE(currentTabBeside(*w, QStringLiteral("Autotune")), QStringLiteral("Autotune"));
        QCOMPARE(w->autotuneModel()->rowCount(), 8);
        QCOMPARE(w->autotunePane()->chart()->categories().size(), 8);

        w->autotunePane()->pinButton()->click();
        const QByteArray pinned = w->editor()->utf8Text();
        QVERIFY(pinned.contains("\n# @triton.autotune(\n"));
        QVERIFY(pinned.contains("\n    # key=['n_elements'],\n"));
        QVERIFY(pinned.contains("swish_kernel[grid](x, output, n_elements, beta, BLOCK_SIZE=1024, "
                                "num_warps=4, num_stages=3)\n"));
        QVERIFY(w->editor()->isModified());
        QVERIFY2(
            w->autotunePane()->message().startsWith(QStringLiteral(
                "Pinned BLOCK_SIZE=1024, num_warps=4, num_stages=3 into the launch at line 66")),
            qPrintable(w->autotunePane()->message()));
        QCOMPARE(w->editor()->cursorLineColumn().line, 66);

        // The text changed: the report's offsets no longer hold.
        QVERIFY(!w->pinAutotuneConfig(0, 3));
        QVERIFY(w->autotunePane()->message().startsWith(
            QStringLiteral("The file changed since it was tuned")));
        QCOMPARE(w->editor()->utf8Text(), pinned);

        // One undo takes the whole pin back; then pinning works again.
        w->editor()->undo();
        QCOMPARE(w->editor()->utf8Text(), original);
        QVERIFY(w->pinAutotuneConfig(0, 2));
        QVERIFY(
            w->editor()->utf8Text().contains("beta, BLOCK_SIZE=512, num_warps=4, num_stages=3)\n"));
    }

    void runShowsItsTuningsAndTheNextRunClearsThem()
    {
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("swish_autotune.py"))));
        w->setBackendChoice(QStringLiteral("interp"));
        QVERIFY(w->runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        QCOMPARE(w->autotunePane()->reportCount(), 2);
        QCOMPARE(w->autotunePane()->currentReport(), 1);
        QVERIFY(w->autotuneDock()->isVisible());
        QCOMPARE(currentTabBeside(*w, QStringLiteral("Autotune")), QStringLiteral("Autotune"));
        // The run read the text in the editor: its winner pins.
        QVERIFY(w->pinAutotuneConfig(1, 4));
        QVERIFY(w->editor()->utf8Text().contains(
            "beta, BLOCK_SIZE=1024, num_warps=8, num_stages=3)\n"));
        w->editor()->undo();

        // The next run starts empty (and gets its own two).
        QVERIFY(w->runRequest(QStringLiteral("run")));
        QCOMPARE(w->autotunePane()->reportCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        QCOMPARE(w->autotunePane()->reportCount(), 2);
    }

    void reuseAutotuneChoicesIsAskedOfTheRunner()
    {
        QFile::remove(m_dir.filePath(QStringLiteral("requests.log")));
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("swish_autotune.py"))));
        w->setBackendChoice(QStringLiteral("interp"));
        QVERIFY(w->autotuneCacheAction()->isChecked()); // the default: reuse
        QVERIFY(w->runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        w->autotuneCacheAction()->setChecked(false);
        QVERIFY(w->runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        w->autotuneCacheAction()->setChecked(true); // kept in the settings: put it back
        const QList<QByteArray> runs = [&] {
            QList<QByteArray> out;
            for (const QByteArray &l : readFile(m_dir.filePath(QStringLiteral("requests.log"))).split('\n'))
                if (l.contains("\"request\":\"run\""))
                    out << l;
            return out;
        }();
        QCOMPARE(runs.size(), 2);
        QVERIFY(!runs[0].contains("autotune_cache"));
        QVERIFY2(runs[1].contains("\"autotune_cache\":false"), runs[1].constData());
    }
};

QTEST_MAIN(TestAutotunePane)
#include "tst_autotune_pane.moc"
