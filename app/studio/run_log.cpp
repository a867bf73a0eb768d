#include "app/studio/run_log.h"

#include "app/studio/theme.h"

#include <QFileInfo>
#include <QFontDatabase>
#include <QJsonArray>

namespace tsm {

RunLog::RunLog(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setMaximumBlockCount(20000);
    setPlaceholderText(tr("Run (F5), Test or Bench the file: its output appears here."));
}

void RunLog::begin(const QString &title)
{
    if (!document()->isEmpty())
        appendPlainText(QString());
    addLine(QStringLiteral("▶ ") + title, QStringLiteral("#0969da"));
}

void RunLog::addLine(const QString &text, const QString &color)
{
    if (color.isEmpty()) {
        appendPlainText(text);
        return;
    }
    const QString shown = Theme::current().readable(QColor(color)).name(); // dark theme: lighter
    appendHtml(QStringLiteral("<span style=\"color:%1\">%2</span>").arg(shown, text.toHtmlEscaped()));
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
        addLine(str("text").trimmed(), QStringLiteral("#9a6700"));
    } else if (kind == QStringLiteral("diagnostic")) {
        const QString where = e.contains(QStringLiteral("line"))
                                  ? QStringLiteral("%1:%2: ").arg(QFileInfo(str("file")).fileName()).arg(e.value(QStringLiteral("line")).toInt())
                                  : QString();
        const QString severity = str("severity");
        addLine(where + severity + QStringLiteral(": ") + str("message"),
                severity == QStringLiteral("error") ? QStringLiteral("#cf222e") : QStringLiteral("#9a6700"));
    } else if (kind == QStringLiteral("test_finished")) {
        const bool passed = e.value(QStringLiteral("passed")).toBool();
        addLine(QStringLiteral("%1 %2 (%3 s)")
                    .arg(passed ? QStringLiteral("PASSED") : QStringLiteral("FAILED"), str("name"))
                    .arg(e.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 2),
                passed ? QStringLiteral("#1a7f37") : QStringLiteral("#cf222e"));
    } else if (kind == QStringLiteral("benchmark_point")) {
        addLine(QStringLiteral("%1  %2 = %3  %4: %5 %6")
                    .arg(str("benchmark"), str("x_name"), e.value(QStringLiteral("x")).toVariant().toString(), str("line"))
                    .arg(e.value(QStringLiteral("value")).toDouble(), 0, 'f', 1)
                    .arg(str("unit")));
    } else if (kind == QStringLiteral("progress") && str("what") == QStringLiteral("benchmark")
               && e.value(QStringLiteral("done")).toInt() == 0) {
        const int cells = e.value(QStringLiteral("total")).toInt();
        addLine(cells == 1 ? tr("benchmark %1: 1 cell").arg(str("name")) : tr("benchmark %1: %2 cells").arg(str("name")).arg(cells),
                QStringLiteral("#0969da"));
    } else if (kind == QStringLiteral("finished")) {
        const bool passed = e.value(QStringLiteral("passed")).toBool();
        addLine(QStringLiteral("== %1 in %2 s (exit %3)")
                    .arg(passed ? tr("passed") : tr("failed"))
                    .arg(e.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 2)
                    .arg(e.value(QStringLiteral("exit_code")).toInt()),
                passed ? QStringLiteral("#1a7f37") : QStringLiteral("#cf222e"));
    } else if (kind == QStringLiteral("done") && e.contains(QStringLiteral("reason"))) {
        addLine(tr("stopped: %1").arg(str("reason")), QStringLiteral("#9a6700"));
    } else if (kind == QStringLiteral("error")) {
        addLine(str("message"), QStringLiteral("#cf222e"));
    }
}

void RunLog::addFailure(const QString &text)
{
    addLine(text, QStringLiteral("#cf222e"));
}

} // namespace tsm
