// LaunchTimeline: a lane per kernel in order of first launch, bars placed by start time and at
// least a pixel wide, and the hover's kernel, grid, duration and gap before the launch.

#include "app/studio/launch_timeline.h"

#include <QtTest>

using namespace tsm;

namespace {

run::ProfileReport report()
{
    run::ProfileReport r;
    // Out of order on purpose: the timeline sorts by start.
    r.timeline = {{"swish_kernel", 62'000, 540'200, {262144, 1, 1}},
                  {"l2_clear", 0, 59'000, {65536, 1, 1}},
                  {"l2_clear", 605'300, 59'100, {65536, 1, 1}},
                  {"tiny", 700'000, 2, {1, 1, 1}},
                  {"swish_kernel", 1'000'000, 540'000, {262144, 1, 1}}};
    r.timelineDropped = 12;
    return r;
}

} // namespace

class TestLaunchTimeline : public QObject
{
    Q_OBJECT

private slots:
    void lanesAndBars()
    {
        LaunchTimeline t;
        t.resize(150 + 6 + 1540, 200); // 1540 px for 1.54 ms: a pixel per microsecond
        t.setReport(report());
        QCOMPARE(t.lanes(),
                 (QStringList{QStringLiteral("l2_clear"),
                              QStringLiteral("swish_kernel"),
                              QStringLiteral("tiny")}));
        const QRectF clear = t.barRect(0), swish = t.barRect(1), tiny = t.barRect(3);
        QCOMPARE(clear.left(), 150.0);
        QCOMPARE(clear.width(), 59.0);
        QCOMPARE(swish.left(), 150.0 + 62.0);
        QCOMPARE(swish.width(), 540.2);
        QVERIFY(swish.top() > clear.top()); // its own lane, below
        QCOMPARE(tiny.width(), 1.0);        // 2 ns: still a pixel
        QCOMPARE(t.launchAt(swish.center().toPoint()), 1);
        QCOMPARE(t.launchAt(QPoint(int(tiny.left()) + 2, int(tiny.center().y()))),
                 3);                                                  // near a 1-px bar
        QCOMPARE(t.launchAt(QPoint(5, int(swish.center().y()))), -1); // the labels
    }

    void hoverSaysDurationAndGap()
    {
        LaunchTimeline t;
        t.resize(800, 200);
        t.setReport(report());
        QCOMPARE(
            t.toolTipFor(0),
            QStringLiteral(
                "l2_clear\ngrid 65536\nduration 59.0 µs\nstarts at 0 ns\nthe run's first launch"));
        QCOMPARE(t.toolTipFor(1),
                 QStringLiteral("swish_kernel\ngrid 262144\nduration 540.2 µs\nstarts at 62.0 µs\n"
                                "gap before: 3.0 µs (after l2_clear)"));
        QCOMPARE(t.toolTipFor(2),
                 QStringLiteral("l2_clear\ngrid 65536\nduration 59.1 µs\nstarts at 605.3 µs\n"
                                "gap before: 3.1 µs (after swish_kernel)"));
        QCOMPARE(t.toolTipFor(3).section(QLatin1Char('\n'), 2, 2), QStringLiteral("duration 2 ns"));
        QCOMPARE(t.toolTipFor(9), QString());
        t.setReport({});
        QVERIFY(t.lanes().isEmpty());
        QCOMPARE(t.launchAt(QPoint(300, 20)), -1);
    }
};

QTEST_MAIN(TestLaunchTimeline)
#include "tst_launch_timeline.moc"
