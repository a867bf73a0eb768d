#include "app/studio/runner_command.h"

#include "app/studio/runner_client.h"

#include <QFileInfo>
#include <QProcess>
#include <QSettings>

namespace tsm {
namespace {

const QString kSetting = QStringLiteral("run/runnerCommand");

/// ssh's options that take a value (ssh(1)): `-p 2222 gpu-box` names the host gpu-box.
bool sshOptionTakesValue(const QString &option)
{
    return option.size() == 2 && QStringLiteral("BbcDEeFIiJLlmOoPpQRSWw").contains(option.at(1));
}

/// "ssh gpu-box" for an ssh command line (options left out), else the command as set.
QString describe(const QStringList &words, const QString &commandLine)
{
    if (QFileInfo(words.first()).fileName() != QStringLiteral("ssh"))
        return commandLine.simplified();
    for (qsizetype i = 1; i < words.size(); ++i) {
        if (!words[i].startsWith(QLatin1Char('-')))
            return QStringLiteral("ssh ") + words[i];
        if (sshOptionTakesValue(words[i]))
            ++i;
    }
    return commandLine.simplified();
}

} // namespace

RunnerCommand parseRunnerCommand(const QString &commandLine)
{
    RunnerCommand c;
    const QStringList words = QProcess::splitCommand(commandLine);
    if (words.isEmpty()) {
        c.program = RunnerClient::defaultRunnerProgram();
        return c;
    }
    c.program = words.first();
    c.arguments = words.mid(1);
    c.commandLine = commandLine.trimmed();
    c.label = QObject::tr("runner: %1").arg(describe(words, commandLine));
    return c;
}

QString savedRunnerCommand()
{
    return QSettings().value(kSetting).toString();
}

void saveRunnerCommand(const QString &commandLine)
{
    if (commandLine.trimmed().isEmpty())
        QSettings().remove(kSetting);
    else
        QSettings().setValue(kSetting, commandLine.trimmed());
}

} // namespace tsm
