// Run ▸ Runner Command (runner_command.h) and the window that uses it: the command line split as
// a shell would, the status bar naming an ssh host, a runner that cannot read the user's file (a
// stand-in for one on another machine) still running the editor's text, and a command that dies
// at once (an unreachable ssh host) said in the Run Log in its own words.

#include "app/studio/main_window.h"
#include "app/studio/run_log.h"
#include "app/studio/runner_client.h"
#include "app/studio/runner_command.h"
#include "ui_test_support.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace tsm;

class TestRunnerCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settingsDir;

    /// A runner "on another machine": tilesmith started in an empty folder of `dir`.
    static QString remoteRunnerScript(const QTemporaryDir &dir)
    {
        const QString home = dir.filePath(QStringLiteral("remote-home"));
        QDir().mkpath(home);
        const QString script = dir.filePath(QStringLiteral("remote-runner"));
        writeFile(script, "#!/bin/sh\ncd '" + home.toUtf8() + "' || exit 1\nexec '" TSM_TILESMITH_BIN "' \"$@\"\n");
        QFile::setPermissions(script, QFile::permissions(script) | QFileDevice::ExeOwner);
        return script;
    }

private slots:
    void initTestCase()
    {
        useTestSettings(m_settingsDir.path(), QStringLiteral("tst_runner_command"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN); // the local runner
    }

    void init() { QSettings().remove(QStringLiteral("run/runnerCommand")); } // each test starts local

    void splitsTheCommandAndNamesTheHost()
    {
        const RunnerCommand local = parseRunnerCommand(QStringLiteral("  "));
        QCOMPARE(local.program, QStringLiteral(TSM_TILESMITH_BIN));
        QVERIFY(local.arguments.isEmpty());
        QVERIFY(local.label.isEmpty());

        const RunnerCommand ssh = parseRunnerCommand(QStringLiteral("ssh -T gpu-box tilesmith"));
        QCOMPARE(ssh.program, QStringLiteral("ssh"));
        QCOMPARE(ssh.arguments, (QStringList{QStringLiteral("-T"), QStringLiteral("gpu-box"), QStringLiteral("tilesmith")}));
        QCOMPARE(ssh.label, QStringLiteral("runner: ssh gpu-box"));

        // Options with values are skipped; a path in double quotes stays one argument (single
        // quotes are not quotes to QProcess::splitCommand).
        const RunnerCommand options = parseRunnerCommand(
            QStringLiteral(R"(/usr/bin/ssh -p 2222 -i "/home/me/my key" me@gpu-box /opt/tilesmith/bin/tilesmith)"));
        QCOMPARE(options.arguments.value(3), QStringLiteral("/home/me/my key"));
        QCOMPARE(options.label, QStringLiteral("runner: ssh me@gpu-box"));

        const RunnerCommand wrapper = parseRunnerCommand(QStringLiteral("/opt/wrap.sh   --fast"));
        QCOMPARE(wrapper.label, QStringLiteral("runner: /opt/wrap.sh --fast"));
    }

    void aRunnerElsewhereRunsTheEditorsText()
    {
        QTemporaryDir remote, local;
        const QString script = remoteRunnerScript(remote);
        MainWindow w;
        QVERIFY(w.setRunnerCommand(script));
        QCOMPARE(w.runnerStatus(), QStringLiteral("runner: ") + script);
        QCOMPARE(QSettings().value(QStringLiteral("run/runnerCommand")).toString(), script);
        const QString path = local.filePath(QStringLiteral("answer.py"));
        writeFile(path, "print('answer', 6 * 7)\nraise ValueError('boom')\n");
        QVERIFY(w.openFile(path));
        w.setBackendChoice(QStringLiteral("interp"));
        // The file is nowhere now: only the text the request carries can run.
        QVERIFY(local.remove());
        QStringList diagnosticFiles;
        connect(w.runner(), &RunnerClient::eventReceived, &w, [&](int, const QJsonObject &e) {
            if (e.value(QStringLiteral("event")).toString() == QStringLiteral("diagnostic"))
                diagnosticFiles << e.value(QStringLiteral("file")).toString();
        });
        QVERIFY(w.runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 60000);
        const QString log = w.runLog()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("answer 42")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("answer.py:2: error:")) && log.contains(QStringLiteral("boom")), qPrintable(log));
        QCOMPARE(diagnosticFiles, QStringList{path}); // the user's path, not the runner's
        // The setting outlives the window.
        MainWindow next;
        QCOMPARE(next.runnerCommand(), script);
        QVERIFY(next.setRunnerCommand(QString()));
        QVERIFY(next.runnerStatus().isEmpty());
        QVERIFY(!QSettings().contains(QStringLiteral("run/runnerCommand")));
    }

    void anUnreachableHostIsSaidInTheRunLog()
    {
        QTemporaryDir local;
        const QString path = local.filePath(QStringLiteral("answer.py"));
        writeFile(path, "print('answer', 6 * 7)\n");
        MainWindow w;
        QVERIFY(w.openFile(path));
        QSignalSpy failed(w.runner(), &RunnerClient::runnerFailed);
        const QString ssh = QStringLiteral(
            R"(sh -c "echo ssh: Could not resolve hostname nope: Name or service not known >&2; exit 255")");
        QVERIFY(w.setRunnerCommand(ssh, /*remember=*/false));
        QVERIFY(!QSettings().contains(QStringLiteral("run/runnerCommand")));
        // The devices request the new runner is asked fails first, then the run.
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QVERIFY(w.runRequest(QStringLiteral("run")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 10000);
        QCOMPARE(failed.size(), 2);
        for (const QList<QVariant> &f : std::as_const(failed)) {
            const QString why = f.at(0).toString();
            QVERIFY2(why.contains(QStringLiteral("exited with status 255")), qPrintable(why));
            QVERIFY2(why.contains(QStringLiteral("It said: ssh: Could not resolve hostname nope")), qPrintable(why));
        }
        const QString log = w.runLog()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("ssh: Could not resolve hostname nope")), qPrintable(log));
    }
};

QTEST_MAIN(TestRunnerCommand)
#include "tst_runner_command.moc"
