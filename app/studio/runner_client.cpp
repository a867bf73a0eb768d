#include "app/studio/runner_client.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

#include <cstring>
#include <utility>

namespace tsm {

RunnerClient::RunnerClient(QString program, QObject *parent)
    : QObject(parent)
    , m_program(std::move(program))
{
    m_limit.setSingleShot(true);
    connect(&m_limit, &QTimer::timeout, this, &RunnerClient::onTimeLimit);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &RunnerClient::readLines);
    connect(&m_process, &QProcess::readyReadStandardError, this, &RunnerClient::readStderr);
    connect(&m_process, &QProcess::finished, this, &RunnerClient::onFinished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart && !m_pending.isEmpty()) // reported once, here or in send()
            failActive(tr("could not be started from '%1': %2").arg(commandText(), m_process.errorString()));
    });
}

RunnerClient::~RunnerClient()
{
    m_process.disconnect(this);
    stopProcess();
}

void RunnerClient::stopProcess()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.closeWriteChannel(); // the runner cancels what runs and exits
    if (!m_process.waitForFinished(2000))
        m_process.kill();
    m_process.waitForFinished(1000);
}

void RunnerClient::setCommand(QString program, QStringList arguments)
{
    if (program == m_program && arguments == m_arguments)
        return;
    // What the old runner had not answered ends here, as cancelled: it is not its failure.
    const QList<QJsonObject> dropped = std::exchange(m_pending, {});
    m_limit.stop();
    m_lastEvent.clear();
    m_doing.clear();
    m_test.clear();
    stopProcess();
    m_program = std::move(program);
    m_arguments = std::move(arguments);
    for (const QJsonObject &r : dropped)
        emit requestFinished(r.value(QStringLiteral("id")).toInt(), -1);
}

QString RunnerClient::commandText() const
{
    return (QStringList{m_program} + m_arguments).join(QLatin1Char(' '));
}

QString RunnerClient::defaultRunnerProgram()
{
    if (const QByteArray env = qgetenv("TILESMITH_BIN"); !env.isEmpty())
        return QString::fromLocal8Bit(env);
    const QString dir = QCoreApplication::applicationDirPath();
    for (const QString &candidate : {dir + QStringLiteral("/tilesmith"), dir + QStringLiteral("/../cli/tilesmith")})
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("tilesmith"));
    return onPath.isEmpty() ? QStringLiteral("tilesmith") : onPath;
}

void RunnerClient::start()
{
    m_buffer.clear();
    m_stderr.clear();
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.start(m_program, m_arguments + QStringList{QStringLiteral("serve")});
}

int RunnerClient::send(QJsonObject request)
{
    const int id = m_nextId++;
    request.insert(QStringLiteral("id"), id);
    m_pending.append(request);
    if (m_process.state() == QProcess::NotRunning) {
        start(); // the pending requests are written once it has started
        if (!m_process.waitForStarted(5000)) {
            if (!m_pending.isEmpty())
                failActive(tr("could not be started from '%1': %2").arg(commandText(), m_process.errorString()));
            return id;
        }
        for (const QJsonObject &r : std::as_const(m_pending))
            write(r);
    } else {
        write(request);
    }
    if (m_pending.size() == 1 && m_timeLimitMs > 0) // it runs now: its time starts
        m_limit.start(m_timeLimitMs);
    return id;
}

void RunnerClient::cancel(int id)
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    write(QJsonObject{{QStringLiteral("id"), m_nextId++},
                      {QStringLiteral("request"), QStringLiteral("cancel")},
                      {QStringLiteral("target"), id}});
}

void RunnerClient::write(const QJsonObject &o)
{
    m_process.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
}

void RunnerClient::readLines()
{
    m_buffer += m_process.readAllStandardOutput();
    qsizetype nl;
    while ((nl = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(nl);
        m_buffer.remove(0, nl + 1);
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (e.isEmpty() || !e.contains(QStringLiteral("id")))
            continue; // hello, or a line about no request
        const int id = e.value(QStringLiteral("id")).toInt();
        const QString kind = e.value(QStringLiteral("event")).toString();
        bool ours = false;
        for (const QJsonObject &r : std::as_const(m_pending))
            ours = ours || r.value(QStringLiteral("id")).toInt() == id;
        if (!ours)
            continue; // the answer to a cancel
        m_lastEvent = kind == QStringLiteral("test_started")
                          ? tr("test %1 started").arg(e.value(QStringLiteral("name")).toString())
                          : kind;
        noteActivity(e);
        emit eventReceived(id, e);
        if (kind != QStringLiteral("done"))
            continue;
        for (qsizetype i = 0; i < m_pending.size(); ++i)
            if (m_pending[i].value(QStringLiteral("id")).toInt() == id) {
                m_pending.removeAt(i);
                break;
            }
        m_limit.stop();
        if (!m_pending.isEmpty() && m_timeLimitMs > 0)
            m_limit.start(m_timeLimitMs);
        emit requestFinished(id, e.value(QStringLiteral("exit_code")).toInt());
    }
}

void RunnerClient::readStderr()
{
    constexpr qsizetype kKeep = 2000; // a few lines: enough for ssh's or a crash's last words
    m_stderr += m_process.readAllStandardError();
    if (m_stderr.size() > kKeep)
        m_stderr.remove(0, m_stderr.size() - kKeep);
}

void RunnerClient::noteActivity(const QJsonObject &e)
{
    const QString kind = e.value(QStringLiteral("event")).toString();
    const QString name = e.value(QStringLiteral("name")).toString();
    const QString inTest = m_test.isEmpty() ? QString() : tr("in test %1").arg(m_test);
    if (kind == QStringLiteral("test_started")) {
        m_test = name;
        m_doing = tr("in test %1").arg(name);
    } else if (kind == QStringLiteral("test_finished")) {
        m_test.clear();
        m_doing = tr("after test %1").arg(name);
    } else if (kind == QStringLiteral("progress")) {
        const QString what = e.value(QStringLiteral("what")).toString();
        const int done = e.value(QStringLiteral("done")).toInt(), total = e.value(QStringLiteral("total")).toInt();
        if (what == QStringLiteral("compile"))
            m_doing = (inTest.isEmpty() ? QString() : inTest + QStringLiteral(", ")) + tr("compiling %1").arg(name);
        else if (what == QStringLiteral("benchmark"))
            m_doing = tr("in benchmark %1 after %2 of %3 cells").arg(name).arg(done).arg(total);
    } else if (kind == QStringLiteral("kernel_compiled") && m_doing.contains(QStringLiteral("compiling"))) {
        m_doing = inTest.isEmpty() ? tr("after compiling %1").arg(name) : inTest;
    } else if (kind == QStringLiteral("done")) {
        m_test.clear();
        m_doing.clear();
    }
}

void RunnerClient::onTimeLimit()
{
    if (m_pending.isEmpty() || m_process.state() == QProcess::NotRunning)
        return;
    m_killedForTime = true;
    m_process.kill();
}

void RunnerClient::onFinished(int exitCode, QProcess::ExitStatus status)
{
    readLines();
    readStderr();
    m_limit.stop();
    if (m_pending.isEmpty() && !m_killedForTime)
        return; // an idle runner that exited (shut down): the next request starts another
    QString how;
    if (m_killedForTime)
        how = tr("was stopped after the time limit of %1 s (a kernel that does not finish?)")
                  .arg(m_timeLimitMs / 1000.0);
    else if (status == QProcess::CrashExit) // on Unix the exit code is the signal's number
        how = tr("crashed with signal %1 (%2)").arg(exitCode).arg(QString::fromLocal8Bit(strsignal(exitCode)));
    else
        how = tr("exited with status %1").arg(exitCode);
    m_killedForTime = false;
    failActive(how);
}

void RunnerClient::failActive(const QString &how)
{
    QString what;
    if (!m_pending.isEmpty()) {
        const QJsonObject &r = m_pending.first();
        what = tr(" while running '%1'")
                   .arg((r.value(QStringLiteral("request")).toString() + QLatin1Char(' ')
                         + QFileInfo(r.value(QStringLiteral("file")).toString()).fileName())
                            .trimmed());
        if (!m_doing.isEmpty())
            what += tr(", %1").arg(m_doing);
        if (!m_lastEvent.isEmpty())
            what += tr(" (last event: %1)").arg(m_lastEvent);
    }
    const QString said = QString::fromLocal8Bit(m_stderr).trimmed();
    if (!said.isEmpty())
        what += tr(". It said: %1").arg(said);
    m_stderr.clear();
    const QList<QJsonObject> failed = m_pending;
    m_pending.clear();
    m_lastEvent.clear();
    m_doing.clear();
    m_test.clear();
    emit runnerFailed(tr("The runner %1%2. It will be restarted for the next request; your edits are "
                         "unaffected.")
                          .arg(how, what));
    for (const QJsonObject &r : failed)
        emit requestFinished(r.value(QStringLiteral("id")).toInt(), -1);
}

} // namespace tsm
