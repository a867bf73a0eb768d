// CheckService: debounced, off the UI thread, stale generations dropped, never blocking the
// caller; and makeCheckReport's line / column arithmetic.

#include "app/studio/check_service.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <memory>
#include <stdexcept>

using namespace tsm;

namespace {

// A check that reports the whole text as one error's message, after `delayMs`, counting calls
// and remembering which thread it ran on.
struct FakeCheck
{
    std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);
    std::shared_ptr<std::atomic<QThread *>> thread
        = std::make_shared<std::atomic<QThread *>>(nullptr);
    int delayMs = 0;

    CheckResult operator()(const SourceFile &file) const
    {
        ++*calls;
        *thread = QThread::currentThread();
        if (delayMs > 0)
            QThread::msleep(delayMs);
        CheckResult result;
        result.module = std::make_unique<ast::Module>();
        Diagnostic d;
        d.kind = DiagKind::UndefinedName;
        d.severity = Severity::Error;
        d.span = file.span(0, file.size());
        d.message = std::string(file.text());
        result.diagnostics.push_back(d);
        result.errorCount = 1;
        return result;
    }
};

CheckReport reportAt(const QSignalSpy &spy, int i)
{
    return spy.at(i).at(0).value<CheckReport>();
}

} // namespace

class TestCheckService : public QObject
{
    Q_OBJECT

private slots:
    void runsTheRealCheckOffTheUiThread()
    {
        CheckService service;
        service.setSourceProvider([] {
            return CheckService::Input{QStringLiteral("broken.py"),
                                       QByteArrayLiteral("x = 1\nprint(oops\n")};
        });
        QSignalSpy spy(&service, &CheckService::checkFinished);
        service.checkNow();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 5000);
        const CheckReport report = reportAt(spy, 0);
        QCOMPARE(report.path, QStringLiteral("broken.py"));
        QVERIFY(report.errorCount >= 1);
        QCOMPARE(report.problems.size() >= 1, true);
        QCOMPARE(report.problems.first().line, 2);
    }

    void checkRunsOnAWorkerThread()
    {
        FakeCheck fake;
        CheckService service;
        service.setCheckFunction(fake);
        service.setSourceProvider([] { return CheckService::Input{{}, "text"}; });
        QSignalSpy spy(&service, &CheckService::checkFinished);
        service.checkNow();
        QTRY_COMPARE(spy.count(), 1);
        QVERIFY(fake.thread->load() != nullptr);
        QVERIFY(fake.thread->load() != QThread::currentThread());
    }

    void dropsStaleGenerations()
    {
        FakeCheck fake;
        fake.delayMs = 150;
        CheckService service;
        service.setCheckFunction(fake);
        QByteArray text = "first";
        service.setSourceProvider([&text] { return CheckService::Input{{}, text}; });
        QSignalSpy spy(&service, &CheckService::checkFinished);

        service.checkNow(); // generation 1 starts and takes 150 ms
        text = "second";
        service.checkNow(); // generation 2 waits for it
        QTRY_COMPARE(spy.count(), 1);
        QTest::qWait(300); // nothing else may arrive
        QCOMPARE(spy.count(), 1);
        QCOMPARE(fake.calls->load(), 2); // the first job ran, its result was dropped
        const CheckReport report = reportAt(spy, 0);
        QCOMPARE(report.generation, service.generation());
        QCOMPARE(report.generation, quint64(2));
        QCOMPARE(report.problems.first().message, QStringLiteral("second"));
    }

    void editDuringAJobDropsItsResult()
    {
        FakeCheck fake;
        fake.delayMs = 500; // long enough that the edit below surely lands while it runs
        CheckService service;
        service.setDebounceInterval(50);
        service.setCheckFunction(fake);
        QByteArray text = "before the edit";
        service.setSourceProvider([&text] { return CheckService::Input{{}, text}; });
        QSignalSpy spy(&service, &CheckService::checkFinished);

        service.checkNow();
        QTest::qWait(20);
        text = "after the edit";
        service.scheduleCheck(); // debounce ends while the first job still runs
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 3000);
        QTest::qWait(300);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(reportAt(spy, 0).problems.first().message, QStringLiteral("after the edit"));
        QCOMPARE(fake.calls->load(), 2);
    }

    void debouncesBurstsOfEdits()
    {
        FakeCheck fake;
        CheckService service;
        QCOMPARE(service.debounceInterval(), CheckService::DefaultDebounceMs);
        service.setDebounceInterval(300);
        service.setCheckFunction(fake);
        service.setSourceProvider([] { return CheckService::Input{{}, "x"}; });
        QSignalSpy started(&service, &CheckService::checkStarted);
        QSignalSpy finished(&service, &CheckService::checkFinished);

        QElapsedTimer sinceLastEdit;
        for (int i = 0; i < 5; ++i) {
            service.scheduleCheck();
            sinceLastEdit.start();
            QTest::qWait(30); // typing much faster than the debounce interval
        }
        QCOMPARE(started.count(), 0);
        QCOMPARE(fake.calls->load(), 0);
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY2(sinceLastEdit.elapsed() >= 280,
                 qPrintable(QString::number(sinceLastEdit.elapsed())));
        QTest::qWait(400);
        QCOMPARE(fake.calls->load(), 1);
        QCOMPARE(started.count(), 1);
        QCOMPARE(reportAt(finished, 0).generation, quint64(5));
    }

    void neverBlocksTheCaller()
    {
        FakeCheck fake;
        fake.delayMs = 2000; // far longer than the bound below, so a blocking call cannot pass
        CheckService service;
        service.setCheckFunction(fake);
        service.setSourceProvider([] { return CheckService::Input{{}, "slow"}; });
        QElapsedTimer timer;
        timer.start();
        service.checkNow();
        for (int i = 0; i < 50; ++i)
            service.scheduleCheck();
        service.checkNow();
        QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(service.isBusy());
        QSignalSpy spy(&service, &CheckService::checkFinished);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 15000);
        QCOMPARE(fake.calls->load(), 2);
    }

    void aThrowingCheckBecomesAProblem()
    {
        CheckService service;
        service.setCheckFunction(
            [](const SourceFile &) -> CheckResult { throw std::runtime_error("boom"); });
        service.setSourceProvider([] { return CheckService::Input{{}, "x"}; });
        QSignalSpy spy(&service, &CheckService::checkFinished);
        service.checkNow();
        QTRY_COMPARE(spy.count(), 1);
        const CheckReport report = reportAt(spy, 0);
        QCOMPARE(report.errorCount, 1);
        QCOMPARE(report.problems.first().kind, QStringLiteral("InternalError"));
        QVERIFY(report.problems.first().message.contains(QStringLiteral("boom")));
    }

    void reportColumnsCountCodePoints()
    {
        // "ü" is two bytes: the span of `ab` starts at byte 5 but is in column 5 of line 2
        const SourceFile file(0, "t.py", "x = 1\n\xC3\xBC = ab\n");
        CheckResult result;
        result.module = std::make_unique<ast::Module>();
        Diagnostic d;
        d.kind = DiagKind::UndefinedName;
        d.severity = Severity::Warning;
        d.span = file.span(11, 13);
        d.message = "name 'ab' is not defined";
        addNote(d, file.span(0, 1), "x is here");
        result.diagnostics.push_back(d);
        const CheckReport report = makeCheckReport(file, result);
        QCOMPARE(report.problems.size(), 1);
        const Problem &p = report.problems.first();
        QCOMPARE(p.line, 2);
        QCOMPARE(p.column, 5);
        QCOMPARE(p.begin, 11);
        QCOMPARE(p.end, 13);
        QCOMPARE(p.kind, QStringLiteral("UndefinedName"));
        QCOMPARE(p.notes, QStringList{QStringLiteral("1:1: x is here")});
        QCOMPARE(report.warningCount, 1);
        QCOMPARE(report.errorCount, 0);
    }
};

QTEST_MAIN(TestCheckService)
#include "tst_check_service.moc"
