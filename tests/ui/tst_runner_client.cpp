// RunnerClient against the real `tilesmith serve`: a test run's events arrive tagged with their
// request; cancel stops a running program; a request past the time limit kills the runner, the
// failure says what it was doing, and the next request gets a fresh runner; a runner command that
// dies at once (ssh to an unreachable host) is reported with what it printed on stderr.

#include "app/studio/runner_client.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace tsm;

class TestRunnerClient : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString spinProgram()
    {
        const QString path = m_dir.filePath(QStringLiteral("spin.py"));
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write("print('spinning')\nwhile True:\n    pass\n");
        return path;
    }

    static QJsonObject request(const QString &what, const QString &file)
    {
        return {{QStringLiteral("request"), what},
                {QStringLiteral("file"), file},
                {QStringLiteral("backend"), QStringLiteral("interp")}};
    }

private slots:
    void testRunReportsEventsAndDone()
    {
        RunnerClient client(QStringLiteral(TSM_TILESMITH_BIN));
        QSignalSpy events(&client, &RunnerClient::eventReceived);
        QSignalSpy finished(&client, &RunnerClient::requestFinished);
        const int id = client.send(request(QStringLiteral("test"), QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(0).toInt(), id);
        QCOMPARE(finished.at(0).at(1).toInt(), 0);
        bool passed = false;
        for (const auto &e : events) {
            QCOMPARE(e.at(0).toInt(), id);
            const QJsonObject o = e.at(1).toJsonObject();
            passed = passed || (o.value("event").toString() == "test_finished" && o.value("passed").toBool());
        }
        QVERIFY(passed);
        QCOMPARE(client.activeRequest(), 0);
    }

    void testCancelStopsARunningProgram()
    {
        RunnerClient client(QStringLiteral(TSM_TILESMITH_BIN));
        QSignalSpy events(&client, &RunnerClient::eventReceived);
        QSignalSpy finished(&client, &RunnerClient::requestFinished);
        QSignalSpy failed(&client, &RunnerClient::runnerFailed);
        const int id = client.send(request(QStringLiteral("run"), spinProgram()));
        QTRY_VERIFY_WITH_TIMEOUT(!events.isEmpty(), 30000); // "spinning" printed
        client.cancel(id);
        QVERIFY(finished.wait(30000));
        QVERIFY(finished.at(0).at(1).toInt() > 0);
        QVERIFY(failed.isEmpty()); // the runner survived
        QVERIFY(client.running());
    }

    void testTimeLimitRestartsTheRunner()
    {
        RunnerClient client(QStringLiteral(TSM_TILESMITH_BIN));
        client.setTimeLimit(1500);
        QSignalSpy finished(&client, &RunnerClient::requestFinished);
        QSignalSpy failed(&client, &RunnerClient::runnerFailed);
        client.send(request(QStringLiteral("run"), spinProgram()));
        QVERIFY(failed.wait(30000));
        const QString why = failed.at(0).at(0).toString();
        QVERIFY2(why.contains("time limit of 1.5 s"), qPrintable(why));
        QVERIFY2(why.contains("run spin.py"), qPrintable(why));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QCOMPARE(finished.at(0).at(1).toInt(), -1);
        // A fresh runner takes the next request.
        client.setTimeLimit(0);
        client.send(request(QStringLiteral("check"), QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(1).at(1).toInt(), 0);
    }

    void testARunnerCommandThatDiesSaysWhatItPrinted()
    {
        // `ssh -T nope tilesmith` as the runner: ssh says why on stderr and exits with 255.
        RunnerClient client(QStringLiteral(TSM_TILESMITH_BIN));
        client.setCommand(QStringLiteral("sh"),
                          {QStringLiteral("-c"),
                           QStringLiteral("echo 'ssh: Could not resolve hostname nope: Name or service not known' >&2; exit 255")});
        QCOMPARE(client.commandText().left(6), QStringLiteral("sh -c "));
        QSignalSpy failed(&client, &RunnerClient::runnerFailed);
        QSignalSpy finished(&client, &RunnerClient::requestFinished);
        client.send(request(QStringLiteral("run"), QStringLiteral("x.py")));
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        const QString why = failed.at(0).at(0).toString();
        QVERIFY2(why.contains(QStringLiteral("exited with status 255 while running 'run x.py'")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("It said: ssh: Could not resolve hostname nope: Name or service not known")),
                 qPrintable(why));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QCOMPARE(finished.at(0).at(1).toInt(), -1);
        // Back to the local runner: the next request is answered.
        client.setCommand(QStringLiteral(TSM_TILESMITH_BIN), {});
        client.send(request(QStringLiteral("check"), QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py")));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(1).at(1).toInt(), 0);
    }

    void testAMissingRunnerIsReported()
    {
        RunnerClient client(QStringLiteral("/nonexistent/tilesmith"));
        QSignalSpy failed(&client, &RunnerClient::runnerFailed);
        QSignalSpy finished(&client, &RunnerClient::requestFinished);
        client.send(request(QStringLiteral("check"), QStringLiteral("x.py")));
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        QVERIFY(failed.at(0).at(0).toString().contains("could not be started from '/nonexistent/tilesmith'"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QTest::qWait(200);
        QCOMPARE(failed.size(), 1); // said once
    }
};

QTEST_MAIN(TestRunnerClient)
#include "tst_runner_client.moc"
