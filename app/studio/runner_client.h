#pragma once
// The studio's side of `tilesmith serve` (docs/serve.md): a child process that does everything
// which compiles or runs a program, so the studio never loads the CUDA driver and a kernel that
// faults, hangs or kills its process costs no edits. Requests go out as JSON Lines; the runner's
// events come back as signals. When the runner dies, or a request outlives the time limit (a hung
// kernel), the client says what happened (exit status or signal, the request, the last event),
// fails the request, and starts a fresh runner for the next one. The runner may be a command
// (`ssh -T gpu-box tilesmith`: " serve" is appended); what it wrote to stderr before it died
// (ssh's "Could not resolve hostname …") is part of the failure message.

#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace tsm {

class RunnerClient : public QObject
{
    Q_OBJECT

public:
    /// `program`: the tilesmith binary (see defaultRunnerProgram()).
    explicit RunnerClient(QString program, QObject *parent = nullptr);
    ~RunnerClient() override;

    /// Starts `program arguments… serve` from the next request on. A runner of the old command
    /// is shut down now; the requests it had not answered finish with exit code -1.
    void setCommand(QString program, QStringList arguments);
    /// The command as the failure messages name it: the program and its arguments.
    QString commandText() const;

    /// Sends `request` (its "id" is set here) and returns the id; starts the runner if needed.
    int send(QJsonObject request);
    /// Asks the runner to stop request `id` (running or queued).
    void cancel(int id);
    /// Milliseconds a request may run before the runner is killed and restarted (0: no limit).
    void setTimeLimit(int ms) { m_timeLimitMs = ms; }
    int timeLimit() const { return m_timeLimitMs; }
    /// The request being worked on, or 0.
    int activeRequest() const { return m_pending.isEmpty() ? 0 : m_pending.first().value(QStringLiteral("id")).toInt(); }
    bool running() const { return m_process.state() != QProcess::NotRunning; }

    /// The tilesmith binary beside the studio (install: bin/, build tree: app/cli/), or
    /// $TILESMITH_BIN, or `tilesmith` on PATH.
    static QString defaultRunnerProgram();

signals:
    /// One event of request `id` (the runner's JSON object, "id" included).
    void eventReceived(int id, const QJsonObject &event);
    /// Request `id` ended (its "done" event, or the runner failing it).
    void requestFinished(int id, int exitCode);
    /// The runner process died or was killed; `why` says how and what it was doing.
    void runnerFailed(const QString &why);

private:
    void start();
    /// Closes the runner's input and waits for it to exit (kills it after 2 s).
    void stopProcess();
    void readStderr();
    void readLines();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onTimeLimit();
    void failActive(const QString &why);
    /// Keeps m_doing: what the running request was doing, for the failure message.
    void noteActivity(const QJsonObject &event);
    void write(const QJsonObject &o);

    QString m_program;
    QStringList m_arguments; ///< before "serve"
    QProcess m_process;
    QTimer m_limit;
    QByteArray m_buffer;
    QList<QJsonObject> m_pending; ///< sent, not finished, in order: the first one is running
    int m_nextId = 1;
    int m_timeLimitMs = 0;
    bool m_killedForTime = false;
    QString m_lastEvent;
    QString m_doing; ///< "in test test_swish", "in benchmark swish-performance after 5 of 18 cells"
    QString m_test;  ///< the test that started and has not finished
    QByteArray m_stderr; ///< the end of what this runner wrote to stderr, for the failure message
};

} // namespace tsm
