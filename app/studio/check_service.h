#pragma once
// Runs core's check on the editor's text as the user types: debounced, on a worker thread,
// one job at a time, each tagged with a generation number. A result is delivered only if no
// edit happened since its job was started (KDAB hotspot's job tracker): stale results, whose
// spans no longer match the text, are dropped.

#include "app/studio/kernel_types.h"
#include "core/check/checker.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>
#include <QVector>

#include <functional>
#include <optional>

namespace tsm {

/// One diagnostic, ready to show: plain data, computed on the worker thread.
struct Problem
{
    Severity severity = Severity::Error;
    QString kind; ///< the registry name, e.g. "UnknownTritonFunction"
    QString message;
    int begin = 0; ///< byte offsets into the checked text
    int end = 0;
    int line = 1;   ///< 1-based
    int column = 1; ///< 1-based, in code points
    QStringList notes;
};

/// The outcome of one check job.
struct CheckReport
{
    quint64 generation = 0;
    QString path;
    QVector<Problem> problems;
    int errorCount = 0;
    int warningCount = 0;
    qint64 elapsedUs = 0; ///< time spent in the check itself
    /// Value types from the specializations of the last run (empty before a run).
    KernelTypes kernelTypes;
};

/// Turns a check result into Problems (line and column from `file`).
CheckReport makeCheckReport(const SourceFile &file, const CheckResult &result);

class CheckService : public QObject
{
    Q_OBJECT

public:
    /// What a job checks: a path (for messages only) and the UTF-8 text; with the signatures
    /// of the last run, sema's diagnostics and the value types of the kernels too.
    struct Input
    {
        QString path;
        QByteArray text;
        KernelSignatures signatures;
    };
    using SourceProvider = std::function<Input()>;
    /// Must be thread-safe: runs on the worker thread.
    using CheckFunction = std::function<CheckResult(const SourceFile &)>;

    static constexpr int DefaultDebounceMs = 250;

    explicit CheckService(QObject *parent = nullptr);
    ~CheckService() override;

    /// UI thread: where the text comes from when a job starts.
    void setSourceProvider(SourceProvider provider) { m_provider = std::move(provider); }
    /// Replaces core's checkSource (tests use a slow or counting one).
    void setCheckFunction(CheckFunction check) { m_check = std::move(check); }
    void setDebounceInterval(int ms) { m_debounce.setInterval(ms); }
    int debounceInterval() const { return m_debounce.interval(); }

    /// UI thread: the text changed; a job starts once no change came for the debounce interval.
    void scheduleCheck();
    /// UI thread: checks the current text now (opening a file).
    void checkNow();
    /// The generation the next delivered report must carry.
    quint64 generation() const { return m_generation; }
    bool isBusy() const { return m_running || m_debounce.isActive(); }

signals:
    /// A report for the current text; older ones are never emitted.
    void checkFinished(const tsm::CheckReport &report);
    /// A job for `generation` started on the worker.
    void checkStarted(quint64 generation);

private:
    void startJob();
    void onJobFinished();

    QTimer m_debounce;
    QThreadPool m_pool;
    QFutureWatcher<CheckReport> m_watcher;
    SourceProvider m_provider;
    CheckFunction m_check;
    quint64 m_generation = 0;
    bool m_running = false;
    bool m_pending = false; // a job is wanted once the running one ends
};

} // namespace tsm

Q_DECLARE_METATYPE(tsm::CheckReport)
