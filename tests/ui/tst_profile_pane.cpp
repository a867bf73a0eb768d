// The Profile pane and Run > Profile as a user meets them: the metric set to collect (with the
// replays each costs), the profile request the window sends (bench mode for a file with
// perf_report benchmarks, else run; CUDA; the chosen metrics), the runner's profile event
// filling the table, roofline and timeline, the line costs in the editor's margin for the
// kernel's file (the row chosen in the table, else its costliest grid), baseline pinning,
// exports, and the interpreter or a machine without a GPU explained instead of nothing.
//
// The runner is a stand-in script; its profile event is the synthetic fixture
// tests/data/studio/profile_report_fixture.json (hand-made numbers shaped like an H200's, see
// tst_profile_model.cpp).

#include "app/studio/backend_picker.h"
#include "app/studio/launch_timeline.h"
#include "app/studio/main_window.h"
#include "app/studio/profile_model.h"
#include "app/studio/profile_pane.h"
#include "app/studio/roofline_chart.h"
#include "core/run/profile_json.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"
#include "ui_window_support.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <nlohmann/json.hpp>

using namespace tsm;

namespace {

// A stand-in for `tilesmith serve`: devices lists one GPU (none, with a reason, when the file
// "no-gpu" exists beside it); profile answers with profile-event.json (or fails with exit code 2
// when "no-counters-device" exists), run with its end; requests are logged.
const char kFakeRunner[] = R"(#!/bin/sh
dir=$(dirname "$0")
while IFS= read -r line; do
  printf '%s\n' "$line" >> "$dir/requests.log"  # not echo: the editor's text has backslashes
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  case "$line" in
    *'"request":"devices"'*)
      if [ -e "$dir/no-gpu" ]; then
        echo '{"id":'$id',"event":"devices","available":false,"reason":"libcuda.so.1 not found: no NVIDIA driver on this machine","devices":[]}'
      else
        echo '{"id":'$id',"event":"devices","available":true,"devices":[{"ordinal":0,"name":"NVIDIA H200","copy_bandwidth_gbs":4210}]}'
      fi
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
    *'"request":"profile"'*)
      if [ -e "$dir/no-counters-device" ]; then
        echo '{"id":'$id',"event":"finished","passed":false,"exit_code":2,"seconds":0.1}'
        echo '{"id":'$id',"event":"done","exit_code":2}'
        continue
      fi
      echo '{"id":'$id',"event":"stdout","text":"profiling\n"}'
      printf '{"id":%s,' "$id"; tail -c +2 "$dir/profile-event.json"
      echo '{"id":'$id',"event":"finished","passed":true,"exit_code":0,"seconds":0.1}'
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
    *'"request":"run"'*)
      echo '{"id":'$id',"event":"finished","passed":true,"exit_code":0,"seconds":0.1}'
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
  esac
done
)";

const QString kFixture
    = QStringLiteral(TSM_SOURCE_DIR "/tests/data/studio/profile_report_fixture.json");

run::ProfileReport fixture()
{
    const QByteArray bytes = readFile(kFixture);
    if (bytes.isEmpty())
        qFatal("cannot read the profile fixture");
    return run::profileFromJson(
        nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size()));
}

// Answers the export dialogs from the test.
class ScriptedPane : public ProfilePane
{
public:
    using ProfilePane::ProfilePane;
    QString path;
    QStringList errors;

protected:
    QString askExportPath(const QString &, const QString &, const QString &) override
    {
        return path;
    }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

// The hover over the margins at the middle of 1-based `line`.
QString marginHover(KernelEditor *e, int line)
{
    using Sci = QsciScintillaBase;
    const long pos
        = e->SendScintilla(Sci::SCI_POSITIONFROMLINE, static_cast<unsigned long>(line - 1));
    const int y = int(e->SendScintilla(Sci::SCI_POINTYFROMPOSITION, 0UL, pos))
                  + int(e->SendScintilla(Sci::SCI_TEXTHEIGHT, 0UL)) / 2;
    return e->hoverText(-1, QPoint(2, y));
}

} // namespace

class TestProfilePane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;
    QTemporaryDir m_dir;

    std::unique_ptr<MainWindow> window()
    {
        auto w = windowWithRunner(m_dir.filePath(QStringLiteral("fake-serve")));
        w->resize(1300, 900);
        w->show();
        return w;
    }

    QStringList profileRequests() const
    {
        QStringList out;
        for (const QByteArray &line :
             readFile(m_dir.filePath(QStringLiteral("requests.log"))).split('\n'))
            if (line.contains("\"request\":\"profile\""))
                out << QString::fromUtf8(line);
        return out;
    }

private slots:
    void initTestCase()
    {
        useTestSettings(m_settings.path(), QStringLiteral("tst_profile_pane"));
        writeFile(m_dir.filePath(QStringLiteral("fake-serve")), kFakeRunner);
        QFile(m_dir.filePath(QStringLiteral("fake-serve")))
            .setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                            | QFileDevice::ExeOwner);
        nlohmann::json event = run::profileToJson(fixture());
        event["event"] = "profile";
        writeFile(m_dir.filePath(QStringLiteral("profile-event.json")),
                  QByteArray::fromStdString(event.dump() + "\n"));
        writeFile(m_dir.filePath(QStringLiteral("swish.py")),
                  readFile(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        writeFile(m_dir.filePath(QStringLiteral("plain.py")),
                  "import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(x_ptr):\n    "
                  "tl.store(x_ptr, 1.0)\n");
    }

    void init()
    {
        QFile::remove(m_dir.filePath(QStringLiteral("requests.log")));
        QFile::remove(m_dir.filePath(QStringLiteral("no-gpu")));
        QFile::remove(m_dir.filePath(QStringLiteral("no-counters-device")));
        QSettings().clear();
    }

    void metricSetsSayWhatTheyCost()
    {
        ProfileModel m;
        ProfilePane pane(&m);
        QComboBox *metrics = pane.metricsChooser();
        QCOMPARE(pane.metricSet(), QStringLiteral("roofline")); // the default
        QCOMPARE(metrics->count(), 4);
        QCOMPARE(metrics->itemText(0), QStringLiteral("fast (1 pass)"));
        QCOMPARE(metrics->itemText(1), QStringLiteral("roofline (2 passes)"));
        QCOMPARE(metrics->itemText(2), QStringLiteral("sol (~9 passes)"));
        QCOMPARE(metrics->itemText(3), QStringLiteral("stalls (PC sampling)"));
        QVERIFY(metrics->toolTip().contains(QStringLiteral("fast 1 replay, roofline 2, sol ~9")));
        // The choice is kept.
        metrics->setCurrentIndex(2);
        emit metrics->activated(2);
        ProfilePane again(&m);
        QCOMPARE(again.metricSet(), QStringLiteral("sol"));
    }

    void reportFillsThePaneAndPinsABaseline()
    {
        ProfileModel m;
        ScriptedPane pane(&m);
        QVERIFY(!pane.pinButton()->isEnabled());
        QVERIFY(!pane.exportButton(ProfilePane::Format::Png)->isEnabled());
        pane.setReport(fixture());
        QCOMPARE(pane.view()->model()->rowCount(), 5);
        QCOMPARE(pane.roofline()->kernelPoints(QStringLiteral("swish_kernel")).size(), 3);
        QCOMPARE(pane.timeline()->lanes(),
                 (QStringList{QStringLiteral("l2_clear"),
                              QStringLiteral("swish_kernel"),
                              QStringLiteral("silu")}));
        QCOMPARE(pane.summary(),
                 QStringLiteral("5 kernel rows · 600 launches · roofline metrics, 2 replays"));
        QVERIFY(
            pane.message().startsWith(QStringLiteral("Synthetic report"))); // the report's notes

        QVERIFY(pane.pinButton()->isEnabled());
        pane.pinButton()->click();
        QVERIFY(m.hasBaseline());
        QCOMPARE(pane.pinButton()->text(), QStringLiteral("Unpin Baseline"));
        QVERIFY(pane.summary().endsWith(QStringLiteral("deltas against the pinned baseline")));
        run::ProfileReport next = fixture();
        next.kernels[0].medianNs = 474000;
        pane.setReport(next);
        QCOMPARE(pane.view()->model()->index(0, ProfileModel::MedianUs).data().toString(),
                 QStringLiteral("474.0  -12.3%"));
        pane.pinButton()->click();
        QVERIFY(!m.hasBaseline());
        QCOMPARE(pane.view()->model()->index(0, ProfileModel::MedianUs).data().toString(),
                 QStringLiteral("474.0"));

        // A click on a header sorts; the chosen row is still the model's.
        pane.view()->sortByColumn(ProfileModel::MedianUs, Qt::AscendingOrder);
        QCOMPARE(pane.view()->model()->index(0, ProfileModel::Kernel).data().toString(),
                 QStringLiteral("swish_kernel"));
        QCOMPARE(pane.view()->model()->index(0, ProfileModel::Grid).data().toString(),
                 QStringLiteral("64"));
        QSignalSpy chosen(&pane, &ProfilePane::rowChosen);
        pane.view()->selectRow(0);
        QCOMPARE(pane.chosenRow(), 2);
        QCOMPARE(chosen.last().at(0).toInt(), 2);
    }

    void exports()
    {
        ProfileModel m;
        ScriptedPane pane(&m);
        pane.resize(1000, 400);
        pane.setReport(fixture());
        for (auto [format, name] : {std::pair{ProfilePane::Format::Png, "r.png"},
                                    {ProfilePane::Format::Svg, "r.svg"},
                                    {ProfilePane::Format::Csv, "p.csv"}}) {
            pane.path = m_dir.filePath(QString::fromLatin1(name));
            pane.exportButton(format)->click();
            QVERIFY2(QFile::exists(pane.path), name);
        }
        QVERIFY(!QImage(m_dir.filePath(QStringLiteral("r.png"))).isNull());
        QVERIFY(
            readFile(m_dir.filePath(QStringLiteral("p.csv"))).startsWith("kernel,function,grid,"));
        pane.path = m_dir.filePath(QStringLiteral("no/such/dir/p.csv"));
        pane.exportButton(ProfilePane::Format::Csv)->click();
        QCOMPARE(pane.errors.size(), 1);
        QVERIFY(pane.errors[0].startsWith(QStringLiteral("Export failed: Cannot write")));
    }

    void interpreterIsExplained()
    {
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("swish.py"))));
        w->setBackendChoice(QStringLiteral("interp"));
        QVERIFY(w->profileAction()->isEnabled());
        QCOMPARE(w->profileAction()->shortcut(), QKeySequence(QStringLiteral("Alt+F5")));
        w->profileAction()->trigger();
        QVERIFY(!w->isRunning());
        const QString said = w->profilePane()->message();
        QVERIFY2(
            said.startsWith(QStringLiteral(
                "Profiling needs a CUDA device: the Interpreter backend runs kernels on the CPU")),
            qPrintable(said));
        QCOMPARE(w->statusBar()->currentMessage(), said);
        QVERIFY(w->profileDock()->isVisible());
        QCOMPARE(currentTabBeside(*w, QStringLiteral("Profile")), QStringLiteral("Profile"));
        QTest::qWait(200);
        QVERIFY(profileRequests().isEmpty());
    }

    void machineWithoutGpuIsExplained()
    {
        writeFile(m_dir.filePath(QStringLiteral("no-gpu")), "");
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("swish.py"))));
        QTRY_VERIFY_WITH_TIMEOUT(
            w->backendPicker()->toolTip().startsWith(QStringLiteral("No CUDA device")), 10000);
        QVERIFY(!w->profile());
        QVERIFY2(w->profilePane()->message().contains(QStringLiteral("libcuda.so.1 not found")),
                 qPrintable(w->profilePane()->message()));
        QVERIFY(profileRequests().isEmpty());
    }

    void profileRunFillsThePaneAndTheMargin()
    {
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("swish.py"))));
        w->profilePane()->setMetricSet(QStringLiteral("sol"));
        QVERIFY(w->profile());
        QVERIFY(!w->profileAction()->isEnabled()); // one run at a time
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        QVERIFY(w->profileAction()->isEnabled());
        const QStringList sent = profileRequests();
        QCOMPARE(sent.size(), 1);
        const QJsonObject r = QJsonDocument::fromJson(sent[0].toUtf8()).object();
        QCOMPARE(r.value(QStringLiteral("mode")).toString(),
                 QStringLiteral("bench")); // swish.py has a perf_report
        QCOMPARE(r.value(QStringLiteral("metrics")).toString(), QStringLiteral("sol"));
        QCOMPARE(r.value(QStringLiteral("stalls")).toBool(), false);
        QCOMPARE(r.value(QStringLiteral("backend")).toString(), QStringLiteral("cuda"));
        QCOMPARE(r.value(QStringLiteral("file")).toString(),
                 m_dir.filePath(QStringLiteral("swish.py")));

        QCOMPARE(w->profileModel()->rowCount(), 5);
        QVERIFY(w->profileDock()->isVisible());
        QCOMPARE(currentTabBeside(*w, QStringLiteral("Profile")), QStringLiteral("Profile"));
        // The strip: swish_kernel's costliest grid (2^28 elements); tl.exp (line 36) is hottest.
        KernelEditor *e = w->editor();
        QCOMPARE(e->lineCosts().marks().size(), 8);
        QCOMPARE(e->lineCosts().levelOnLine(36 - 1), LineCostMarks::kLevels - 1);
        QCOMPARE(e->lineCosts().levelOnLine(33 - 1), LineCostMarks::levelFor(0.18 / 0.30));
        QCOMPARE(e->lineCosts().levelOnLine(31 - 1), -1); // a comment line
        const QString hover = marginHover(e, 36);
        QVERIFY2(hover.startsWith(
                     QStringLiteral("30.0% of swish_kernel's cost (grid 262144)\n10 SASS "
                                    "instructions compiled from this line\n"
                                    "15099494 warp instructions executed\n610 stall samples")),
                 qPrintable(hover));
        // Choosing the 2^22 row shows its costs.
        w->profilePane()->view()->selectRow(1);
        QVERIFY(marginHover(e, 36).contains(QStringLiteral("(grid 4096)")));
        QCOMPARE(w->profileModel()->kernel(w->profilePane()->chosenRow()).grid[0], 4096);
        // Typing on the exp line drops its cost; the others stay.
        e->insertAt(QStringLiteral(" "), 36 - 1, 0);
        QCOMPARE(e->lineCosts().levelOnLine(36 - 1), -1);
        QCOMPARE(e->lineCosts().marks().size(), 7);
        // A new run clears the rest.
        w->setBackendChoice(QStringLiteral("interp"));
        w->runRequest(QStringLiteral("run"));
        QVERIFY(e->lineCosts().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
    }

    void failedProfileSaysSo()
    {
        writeFile(m_dir.filePath(QStringLiteral("no-counters-device")), "");
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("swish.py"))));
        QVERIFY(w->profile());
        QVERIFY(w->profilePane()->message().startsWith(
            QStringLiteral("Profiling (bench mode, roofline metrics)")));
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        QCOMPARE(
            w->profilePane()->message(),
            QStringLiteral("Profile ended without a report (exit code 2): the Run Log says why."));
        QCOMPARE(w->profileModel()->rowCount(), 0);
    }

    void fileWithoutBenchmarksIsProfiledAsARun()
    {
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("plain.py"))));
        QVERIFY(w->profile());
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        const QStringList sent = profileRequests();
        QCOMPARE(sent.size(), 1);
        const QJsonObject r = QJsonDocument::fromJson(sent[0].toUtf8()).object();
        QCOMPARE(r.value(QStringLiteral("mode")).toString(), QStringLiteral("run"));
        QCOMPARE(r.value(QStringLiteral("metrics")).toString(), QStringLiteral("roofline"));
        // The report's kernels are in swish.py, not this file: no strip.
        QCOMPARE(w->profileModel()->rowCount(), 5);
        QVERIFY(w->editor()->lineCosts().isEmpty());
    }

    void stallsAskTheRunnerForPcSamplingInsteadOfCounters()
    {
        auto w = window();
        QVERIFY(w->openFile(m_dir.filePath(QStringLiteral("plain.py"))));
        w->profilePane()->setMetricSet(QStringLiteral("stalls"));
        QVERIFY(w->profile());
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        const QStringList sent = profileRequests();
        QCOMPARE(sent.size(), 1);
        const QJsonObject r = QJsonDocument::fromJson(sent[0].toUtf8()).object();
        QCOMPARE(r.value(QStringLiteral("stalls")).toBool(), true);
        QCOMPARE(r.value(QStringLiteral("metrics")).toString(), QStringLiteral("fast"));
    }
};

QTEST_MAIN(TestProfilePane)
#include "tst_profile_pane.moc"
