#pragma once
// Run ▸ Runner Command…: how the studio starts its `tilesmith serve` runner (docs/serve.md,
// "Remote runner"). Empty, the tilesmith binary beside the studio; set, a command line such as
// `ssh -T gpu-box tilesmith` to which " serve" is appended — the runner then may be on another
// machine, so requests carry the editor's text. Kept in QSettings as run/runnerCommand.

#include <QString>
#include <QStringList>

namespace tsm {

struct RunnerCommand
{
    QString program;       ///< what QProcess starts
    QStringList arguments; ///< before "serve"
    /// For the status bar: "runner: ssh gpu-box", "runner: /opt/wrap.sh"; empty for the
    /// local binary.
    QString label;
    /// The command line as set ("" for the local binary), for the label's tooltip.
    QString commandLine;
};

/// `commandLine` split into words at spaces, "double quotes" holding spaces (as
/// QProcess::splitCommand does: single quotes are plain characters); blank: the local binary
/// (RunnerClient::defaultRunnerProgram()).
RunnerCommand parseRunnerCommand(const QString &commandLine);

/// The saved setting ("" when unset).
QString savedRunnerCommand();
void saveRunnerCommand(const QString &commandLine);

} // namespace tsm
