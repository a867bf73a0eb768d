#pragma once
// The studio's run history: every run of a file as a RunRecord - when, what was asked (run / test
// / bench, the backend), the source revision (SHA-256 of the exact text that ran), the result,
// the kernels compiled, every benchmark point, a validation summary and the tests - built from
// the run's events (docs/run-events.md). RunHistory keeps the records in a JSON Lines file (one
// record a line, appended after each run, the oldest dropped past a cap) and answers one
// benchmark point's value across a file's runs. No widgets.

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QtNumeric>

#include <optional>

namespace tsm {

struct KernelBuild
{
    QString name;
    QString signature; ///< as the kernel_compiled event gives it
    double seconds = 0;
};

/// One benchmark_point event.
struct BenchmarkRecord
{
    QString benchmark, xName, x, line;
    double value = qQNaN(); ///< NaN when the benchmark call raised
    double min = qQNaN(), max = qQNaN();
    QString unit, measuredBy;
};

struct TestRecord
{
    QString name;
    bool passed = false;
    double seconds = 0;
};

struct RunRecord
{
    QDateTime started;     ///< UTC
    QString file;          ///< absolute path
    QString request;       ///< run, test or bench
    QString backendChosen; ///< "" (the default), "cuda" or "interp"
    QString
        backendUsed;   ///< what the events show (benchmark points' measured_by), "" when they don't
    QString revision;  ///< SHA-256 (hex) of the text that ran
    int exitCode = -1; ///< the runner's; -1 when the runner failed
    bool passed = false;
    double seconds = 0; ///< the finished event's, else the wall-clock time until the end
    QString failure;    ///< why it ended early: the runner failed, it was cancelled
    int errorCount = 0; ///< error diagnostics
    QString firstError; ///< "file.py:12: message" of the first one
    QList<KernelBuild> kernels;
    QList<BenchmarkRecord> points;
    int validationsPassed = 0, validationsFailed = 0;
    double worstAbsError = qQNaN(); ///< the greatest max_abs_error of the validations
    QList<TestRecord> tests;
    bool sawFinished = false; ///< the finished event arrived (not stored)

    /// A run about to start on `utf8Text` (the text the runner reads).
    static RunRecord begin(const QString &file,
                           const QString &request,
                           const QString &backend,
                           const QByteArray &utf8Text,
                           const QDateTime &started = QDateTime::currentDateTimeUtc());
    static QString revisionOf(const QByteArray &utf8Text);
    /// The first 10 hex digits, what users are shown.
    QString shortRevision() const { return revision.left(10); }
    /// Takes in one event of the run (unknown kinds are ignored).
    void addEvent(const QJsonObject &event);
    /// The run ended with `exitCode` (-1: the runner failed); `why` says why when it ended early.
    void finish(int exitCode,
                const QString &why = {},
                const QDateTime &now = QDateTime::currentDateTimeUtc());
    /// "passed", "failed (exit 1)", "cancelled", "runner failed".
    QString resultText() const;

    QJsonObject toJson() const;
    /// Empty when `o` is not a record (no file, revision or start time).
    static std::optional<RunRecord> fromJson(const QJsonObject &o);
};

/// A benchmark point that can be followed across runs.
struct SeriesKey
{
    QString benchmark, line, x;
    QString unit; ///< of the newest run that has the point
    QString xName;
    bool operator==(const SeriesKey &o) const
    {
        return benchmark == o.benchmark && line == o.line && x == o.x;
    }
    /// "vector-add-performance / Triton / size=4096"
    QString label() const;
};

/// One run's value of a series.
struct SeriesPoint
{
    int run = 0; ///< 1-based position among the file's runs that have the point, oldest first
    QString revision;
    QDateTime started;
    double value = qQNaN(), min = qQNaN(), max = qQNaN();
    QString unit, measuredBy;
};

class RunHistory
{
public:
    static constexpr int kDefaultCap = 2000;

    /// $TILESMITH_HISTORY_FILE when set, else history.jsonl in the application's data folder.
    static QString defaultPath();
    /// The key records use for `path` (absolute, symbolic links resolved when it exists).
    static QString fileKey(const QString &path);

    explicit RunHistory(QString path = defaultPath(), int cap = kDefaultCap);

    /// Reads the file (a missing one is an empty history). Lines that are not records are
    /// skipped and counted; false, with error(), only when the file exists but cannot be read.
    bool load();
    /// Adds `record` and appends it to the file (rewritten with the newest `cap` records once it
    /// holds a tenth more); false, with error(), when the file cannot be written - the record
    /// stays in memory either way.
    bool append(const RunRecord &record);

    QString path() const { return m_path; }
    int cap() const { return m_cap; }
    QString error() const { return m_error; }
    int skippedLines() const { return m_skipped; }
    /// Every record, oldest first.
    const QList<RunRecord> &records() const { return m_records; }
    /// The runs of `file`, newest first.
    QList<RunRecord> recordsFor(const QString &file) const;
    /// The benchmark points found in the runs of `file`, in order of first appearance.
    QList<SeriesKey> seriesKeys(const QString &file) const;
    /// The value of `key` in each run of `file` that has it, oldest first.
    QList<SeriesPoint> series(const QString &file, const SeriesKey &key) const;

private:
    bool rewrite();

    QString m_path;
    int m_cap;
    QList<RunRecord> m_records;
    int m_fileLines = 0; ///< records in the file, to know when to rewrite it
    int m_skipped = 0;
    QString m_error;
};

} // namespace tsm
