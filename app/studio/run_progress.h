#pragma once
// The run's state in the status bar: what the runner is doing ("Testing 3/12", "Benchmark
// swish-performance: 5/18", "Compiling swish_kernel…", "Tuning swish_kernel: 2/7 configs") with a
// progress bar beside it (indeterminate while a kernel compiles, hidden when idle), then how the
// run ended.
// Fed with the runner's events (docs/run-events.md "progress").

#include <QWidget>

class QJsonObject;
class QLabel;
class QProgressBar;

namespace tsm {

class RunProgress : public QWidget
{
    Q_OBJECT

public:
    explicit RunProgress(QWidget *parent = nullptr);

    /// A request was sent: "test running…" until its first progress event.
    void begin(const QString &request);
    /// One event of the running request.
    void addEvent(const QJsonObject &event);
    /// The request ended (exit code -1: the runner failed it): the bar goes, the label says how.
    void finish(int exitCode);

    QString text() const;
    QProgressBar *bar() const { return m_bar; }

private:
    struct Phase
    {
        QString what, name;
        int done = 0, total = 0;
    };
    void show(const Phase &phase);

    QLabel *m_label;
    QProgressBar *m_bar;
    QString m_request;
    Phase m_counted;          ///< the last tests / benchmark phase: shown again after a compile
    bool m_stopped = false;   ///< the runner said the request was cancelled
    bool m_compiling = false; ///< a compile started and has not ended
};

} // namespace tsm
