// The Run Log: each line in its colour (a heading blue, a pass green, an error red, output in
// the text colour), and every line - old ones too - in the current theme's shade of it after
// View > Theme switches Light / Dark.

#include "app/studio/main_window.h"
#include "app/studio/run_log.h"
#include "app/studio/theme.h"
#include "ui_test_support.h"

#include <QJsonObject>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

using namespace tsm;

namespace {

/// The colour the block's text is drawn in; invalid when it has none of its own (the palette's).
QColor blockColor(const QPlainTextEdit &log, int block)
{
    const QTextBlock b = log.document()->findBlockByNumber(block);
    const QTextCharFormat f = b.begin().fragment().charFormat();
    return f.hasProperty(QTextFormat::ForegroundBrush) ? f.foreground().color() : QColor();
}

void fill(RunLog &log)
{
    log.begin(QStringLiteral("test swish.py on interp"));                                 // block 0
    log.addEvent({{"event", "stdout"}, {"text", "hello\n"}});                             // 1
    log.addEvent({{"event", "test_finished"}, {"name", "test_swish"}, {"passed", true}}); // 2
    log.addEvent({{"event", "diagnostic"}, {"severity", "error"}, {"message", "bad"}});   // 3
    log.addFailure(QStringLiteral("runner crashed\nexit 139"));                           // 4, 5
}

} // namespace

class TestRunLog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        useTestSettings(m_settings.path(), QStringLiteral("tst_run_log"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
    }

    void testLinesTakeTheirColours()
    {
        Theme::apply(ThemeChoice::Light);
        RunLog log;
        fill(log);
        log.begin(QStringLiteral("run swish.py on interp")); // after a blank line: block 7
        QCOMPARE(log.document()->blockCount(), 8);
        QCOMPARE(log.document()->findBlockByNumber(1).text(), QStringLiteral("hello"));
        QCOMPARE(blockColor(log, 0), QColor(QStringLiteral("#0969da")));
        QCOMPARE(blockColor(log, 1), QColor()); // output: the palette's text colour
        QCOMPARE(blockColor(log, 2), QColor(QStringLiteral("#1a7f37")));
        QCOMPARE(blockColor(log, 3), QColor(QStringLiteral("#cf222e")));
        // A failure keeps its lines, each one red.
        QCOMPARE(log.document()->findBlockByNumber(5).text(), QStringLiteral("exit 139"));
        QCOMPARE(blockColor(log, 4), QColor(QStringLiteral("#cf222e")));
        QCOMPARE(blockColor(log, 5), QColor(QStringLiteral("#cf222e")));
        QCOMPARE(blockColor(log, 7), QColor(QStringLiteral("#0969da")));
    }

    void testOldLinesFollowTheTheme()
    {
        MainWindow w;
        w.setTheme(ThemeChoice::Light, /*remember=*/false);
        RunLog *log = w.findChild<RunLog *>();
        QVERIFY(log);
        fill(*log);
        const QColor blue(QStringLiteral("#0969da")), green(QStringLiteral("#1a7f37"));
        QCOMPARE(blockColor(*log, 0), blue);

        w.setTheme(ThemeChoice::Dark, /*remember=*/false);
        const Theme &dark = Theme::current();
        QVERIFY(dark.readable(blue) != blue);
        QCOMPARE(blockColor(*log, 0), dark.readable(blue));
        QCOMPARE(blockColor(*log, 2), dark.readable(green));
        QCOMPARE(blockColor(*log, 1), QColor());
        log->addEvent({{"event", "test_finished"}, {"name", "test_2"}, {"passed", true}});
        QCOMPARE(blockColor(*log, log->document()->blockCount() - 1), dark.readable(green));

        w.setTheme(ThemeChoice::Light, /*remember=*/false);
        QCOMPARE(blockColor(*log, 0), blue);
        QCOMPARE(blockColor(*log, log->document()->blockCount() - 1), green);
    }

private:
    QTemporaryDir m_settings;
};

QTEST_MAIN(TestRunLog)
#include "tst_run_log.moc"
