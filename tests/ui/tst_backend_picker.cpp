// The backend picker as a user meets it: the runner's devices event (asked once at start-up)
// gives one "CUDA N: name" entry per GPU beside Default and Interpreter; picking one sends its
// ordinal with the next run and is remembered; with no GPU the CUDA entries are absent and the
// tooltip says why; a remembered GPU that is gone falls back to Default and says so.

#include "app/studio/backend_picker.h"
#include "app/studio/main_window.h"
#include "app/studio/runner_client.h"
#include "ui_test_support.h"
#include "ui_window_support.h"

#include <QFile>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace tsm;

namespace {

// A stand-in for `tilesmith serve`: devices answers two GPUs (or none, with a reason, when
// the file "no-gpu" exists beside it); every request is logged to requests.log.
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
        echo '{"id":'$id',"event":"devices","available":true,"devices":[{"ordinal":0,"name":"NVIDIA H200","copy_bandwidth_gbs":4100.5},{"ordinal":1,"name":"NVIDIA A100","copy_bandwidth_gbs":1500}]}'
      fi
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
    *'"request":"run"'*)
      echo '{"id":'$id',"event":"finished","passed":true,"exit_code":0,"seconds":0.1}'
      echo '{"id":'$id',"event":"done","exit_code":0}' ;;
  esac
done
)";

QStringList entries(const QComboBox *c)
{
    QStringList texts;
    for (int i = 0; i < c->count(); ++i)
        texts << c->itemText(i);
    return texts;
}

} // namespace

class TestBackendPicker : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;
    QTemporaryDir m_dir;
    QString m_program;

    // A window whose runner is the fake script.
    std::unique_ptr<MainWindow> window()
    {
        return windowWithRunner(m_dir.filePath(QStringLiteral("fake-serve")));
    }

private slots:
    void initTestCase()
    {
        useTestSettings(m_settings.path(), QStringLiteral("tst_backend_picker"));
        QFile script(m_dir.filePath(QStringLiteral("fake-serve")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(kFakeRunner);
        script.close();
        script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                              | QFileDevice::ExeOwner);
        m_program = m_dir.filePath(QStringLiteral("prog.py"));
        QFile file(m_program);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x = 1\n");
    }

    void init() { QFile::remove(m_dir.filePath(QStringLiteral("requests.log"))); }

    void oneEntryPerGpuAndTheChoiceGoesWithTheRun()
    {
        auto w = window();
        BackendPicker *picker = w->backendPicker();
        QVERIFY(w->statusBar()->isAncestorOf(picker)); // always in view
        QTRY_COMPARE_WITH_TIMEOUT(picker->count(), 4, 10000);
        QCOMPARE(entries(picker),
                 (QStringList{QStringLiteral("Default (CUDA if usable)"),
                              QStringLiteral("Interpreter"),
                              QStringLiteral("CUDA 0: NVIDIA H200"),
                              QStringLiteral("CUDA 1: NVIDIA A100")}));
        QCOMPARE(picker->currentText(), QStringLiteral("Default (CUDA if usable)"));

        // The user picks the second GPU: the next run asks for device 1, and it is remembered.
        picker->setCurrentIndex(3);
        emit picker->activated(3);
        QCOMPARE(w->backendChoice(), QStringLiteral("cuda"));
        QCOMPARE(w->deviceChoice(), 1);
        QCOMPARE(QSettings().value(QStringLiteral("run/backend")).toString(),
                 QStringLiteral("cuda:1"));
        QVERIFY(w->openFile(m_program));
        QVERIFY(w->runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!w->isRunning(), 10000);
        const QList<QByteArray> log
            = readFile(m_dir.filePath(QStringLiteral("requests.log"))).split('\n');
        QCOMPARE(log.count() - 1, 2); // devices once, at start-up, then the run
        QVERIFY2(log[0].contains("\"request\":\"devices\""), log[0].constData());
        QVERIFY2(log[1].contains("\"request\":\"run\"") && log[1].contains("\"device\":1")
                     && log[1].contains("\"backend\":\"cuda\""),
                 log[1].constData());
    }

    void theChoiceSurvivesARestart()
    {
        QSettings().setValue(QStringLiteral("run/backend"), QStringLiteral("cuda:1"));
        auto w = window();
        // Shown before the runner has answered, named once it has.
        QCOMPARE(w->deviceChoice(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(
            w->backendPicker()->currentText(), QStringLiteral("CUDA 1: NVIDIA A100"), 10000);
        // Interpreter: no device in the request.
        QSettings().setValue(QStringLiteral("run/backend"), QStringLiteral("interp"));
        auto again = window();
        QCOMPARE(again->backendChoice(), QStringLiteral("interp"));
        QCOMPARE(again->deviceChoice(), -1);
        QVERIFY(again->openFile(m_program));
        QVERIFY(again->runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!again->isRunning(), 10000);
        const QByteArray log = readFile(m_dir.filePath(QStringLiteral("requests.log")));
        QVERIFY(log.contains("\"backend\":\"interp\""));
        QVERIFY(!log.contains("\"device\""));
    }

    void noGpuMeansNoCudaEntriesAndATooltipSayingWhy()
    {
        QFile flag(m_dir.filePath(QStringLiteral("no-gpu")));
        QVERIFY(flag.open(QIODevice::WriteOnly));
        flag.close();
        QSettings().setValue(QStringLiteral("run/backend"), QStringLiteral("cuda:1"));
        auto w = window();
        BackendPicker *picker = w->backendPicker();
        QTRY_VERIFY_WITH_TIMEOUT(
            picker->toolTip().contains(QStringLiteral("libcuda.so.1 not found")), 10000);
        QCOMPARE(entries(picker),
                 (QStringList{QStringLiteral("Default (CUDA if usable)"),
                              QStringLiteral("Interpreter")}));
        QCOMPARE(w->deviceChoice(), -1); // the remembered GPU is gone: the default, said so
        QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("cuda:1")),
                 qPrintable(w->statusBar()->currentMessage()));
        QFile::remove(flag.fileName());
    }
};

QTEST_MAIN(TestBackendPicker)
#include "tst_backend_picker.moc"
