#include "app/studio/run_log.h"

#include "app/studio/theme.h"

#include <QFileInfo>
#include <QFontDatabase>
#include <QJsonArray>
#include <QTextBlock>

#include <algorithm>

namespace tsm {

RunLog::RunLog(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setMaximumBlockCount(20000);
    setPlaceholderText(tr("Run (F5), Test or Bench the file: its output appears here."));
    document()->setUndoRedoEnabled(false); // a log: colouring its lines is no edit to undo
}

void RunLog::begin(const QString &title)
{
    if (!document()->isEmpty())
        appendPlainText(QString());
    addLine(QStringLiteral("▶ ") + title, Tone::Heading);
}

void RunLog::addLine(const QString &text, Tone tone)
{
    appendPlainText(text); // one block per line of `text`, the oldest dropped past the maximum
    const int last = document()->blockCount() - 1;
    colourBlocks(std::max(0, last - int(text.count(QLatin1Char('\n')))), last, tone);
}

void RunLog::colourBlocks(int first, int last, Tone tone)
{
    // Each tone's colour is chosen for light paper; the dark theme lightens it.
    static const char *const lightPaper[] = {nullptr, "#0969da", "#9a6700", "#cf222e", "#1a7f37"};
    QTextCharFormat format; // Plain: no colour of its own, the palette's text colour
    if (tone != Tone::Plain)
        format.setForeground(Theme::current().readable(QColor(lightPaper[int(tone)])));
    for (QTextBlock b = document()->findBlockByNumber(first);
         b.isValid() && b.blockNumber() <= last;
         b = b.next()) {
        b.setUserState(int(tone));
        QTextCursor c(b);
        c.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        c.setCharFormat(format);
    }
}

void RunLog::applyTheme()
{
    for (QTextBlock b = document()->begin(); b.isValid(); b = b.next())
        if (b.userState() > int(Tone::Plain))
            colourBlocks(b.blockNumber(), b.blockNumber(), Tone(b.userState()));
}

void RunLog::addEvent(const QJsonObject &e)
{
    const QString kind = e.value(QStringLiteral("event")).toString();
    auto str = [&](const char *key) { return e.value(QLatin1String(key)).toString(); };
    if (kind == QStringLiteral("stdout")) {
        QString text = str("text");
        if (text.endsWith('\n'))
            text.chop(1);
        addLine(text);
    } else if (kind == QStringLiteral("stderr")) {
        addLine(str("text").trimmed(), Tone::Warning);
    } else if (kind == QStringLiteral("diagnostic")) {
        const QString where = e.contains(QStringLiteral("line"))
                                  ? QStringLiteral("%1:%2: ").arg(QFileInfo(str("file")).fileName()).arg(e.value(QStringLiteral("line")).toInt())
                                  : QString();
        const QString severity = str("severity");
        addLine(where + severity + QStringLiteral(": ") + str("message"),
                severity == QStringLiteral("error") ? Tone::Error : Tone::Warning);
    } else if (kind == QStringLiteral("test_finished")) {
        const bool passed = e.value(QStringLiteral("passed")).toBool();
        const bool skipped = e.value(QStringLiteral("skipped")).toBool();
        addLine(QStringLiteral("%1 %2 (%3 s)")
                    .arg(skipped  ? QStringLiteral("SKIPPED")
                         : passed ? QStringLiteral("PASSED")
                                  : QStringLiteral("FAILED"),
                         str("name"))
                    .arg(e.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 2),
                skipped ? Tone::Plain : passed ? Tone::Success : Tone::Error);
    } else if (kind == QStringLiteral("benchmark_point")) {
        addLine(QStringLiteral("%1  %2 = %3  %4: %5 %6")
                    .arg(str("benchmark"), str("x_name"), e.value(QStringLiteral("x")).toVariant().toString(), str("line"))
                    .arg(e.value(QStringLiteral("value")).toDouble(), 0, 'f', 1)
                    .arg(str("unit")));
    } else if (kind == QStringLiteral("progress") && str("what") == QStringLiteral("benchmark")
               && e.value(QStringLiteral("done")).toInt() == 0) {
        const int cells = e.value(QStringLiteral("total")).toInt();
        addLine(cells == 1 ? tr("benchmark %1: 1 cell").arg(str("name"))
                           : tr("benchmark %1: %2 cells").arg(str("name")).arg(cells),
                Tone::Heading);
    } else if (kind == QStringLiteral("finished")) {
        const bool passed = e.value(QStringLiteral("passed")).toBool();
        addLine(QStringLiteral("== %1 in %2 s (exit %3)")
                    .arg(passed ? tr("passed") : tr("failed"))
                    .arg(e.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 2)
                    .arg(e.value(QStringLiteral("exit_code")).toInt()),
                passed ? Tone::Success : Tone::Error);
    } else if (kind == QStringLiteral("done") && e.contains(QStringLiteral("reason"))) {
        addLine(tr("stopped: %1").arg(str("reason")), Tone::Warning);
    } else if (kind == QStringLiteral("error")) {
        addLine(str("message"), Tone::Error);
    }
}

void RunLog::addFailure(const QString &text)
{
    addLine(text, Tone::Error);
}

} // namespace tsm
