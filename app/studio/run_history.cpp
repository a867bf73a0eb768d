#include "app/studio/run_history.h"

#include "app/studio/event_fields.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>

#include <cmath>

namespace tsm {
namespace {

constexpr int kFormatVersion = 1;

QString str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

QJsonValue numValue(double d)
{
    return std::isfinite(d) ? QJsonValue(d) : QJsonValue(QJsonValue::Null);
}

// The backend that measured a benchmark point, from its measured_by text.
QString backendOf(const QString &measuredBy)
{
    if (measuredBy.contains(QLatin1String("interpreter")))
        return QStringLiteral("interp");
    if (measuredBy.startsWith(QLatin1String("CUDA")))
        return QStringLiteral("cuda");
    return {};
}

BenchmarkRecord pointFromJson(const QJsonObject &o)
{
    BenchmarkRecord p;
    p.benchmark = str(o, "benchmark");
    p.xName = str(o, "x_name");
    p.x = str(o, "x");
    p.line = str(o, "line");
    p.value = eventNumber(o, "value");
    p.min = eventNumber(o, "min");
    p.max = eventNumber(o, "max");
    p.unit = str(o, "unit");
    p.measuredBy = str(o, "measured_by");
    return p;
}

QJsonObject pointToJson(const BenchmarkRecord &p)
{
    return {{QStringLiteral("benchmark"), p.benchmark},
            {QStringLiteral("x_name"), p.xName},
            {QStringLiteral("x"), p.x},
            {QStringLiteral("line"), p.line},
            {QStringLiteral("value"), numValue(p.value)},
            {QStringLiteral("min"), numValue(p.min)},
            {QStringLiteral("max"), numValue(p.max)},
            {QStringLiteral("unit"), p.unit},
            {QStringLiteral("measured_by"), p.measuredBy}};
}

} // namespace

RunRecord RunRecord::begin(const QString &file,
                           const QString &request,
                           const QString &backend,
                           const QByteArray &utf8Text,
                           const QDateTime &started)
{
    RunRecord r;
    r.started = started.toUTC();
    r.file = RunHistory::fileKey(file);
    r.request = request;
    r.backendChosen = backend;
    r.revision = revisionOf(utf8Text);
    return r;
}

QString RunRecord::revisionOf(const QByteArray &utf8Text)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(utf8Text, QCryptographicHash::Sha256).toHex());
}

void RunRecord::addEvent(const QJsonObject &e)
{
    const QString kind = str(e, "event");
    if (kind == QLatin1String("kernel_compiled")) {
        kernels.append({str(e, "name"), str(e, "signature"), eventNumber(e, "seconds")});
    } else if (kind == QLatin1String("benchmark_point")) {
        points.append(pointFromJson(e));
        if (backendUsed.isEmpty())
            backendUsed = backendOf(points.last().measuredBy);
    } else if (kind == QLatin1String("validation")) {
        (e.value(QStringLiteral("passed")).toBool() ? validationsPassed : validationsFailed) += 1;
        const double err = eventNumber(e, "max_abs_error");
        if (std::isnan(worstAbsError) || err > worstAbsError || std::isnan(err))
            worstAbsError = err; // NaN (a NaN in the output) is the worst there is
    } else if (kind == QLatin1String("test_finished")) {
        tests.append(
            {str(e, "name"), e.value(QStringLiteral("passed")).toBool(), eventNumber(e, "seconds")});
    } else if (kind == QLatin1String("diagnostic")
               && str(e, "severity") == QLatin1String("error")) {
        if (errorCount++ == 0) {
            const QString where = QFileInfo(str(e, "file")).fileName();
            const int line = e.value(QStringLiteral("line")).toInt();
            firstError
                = where.isEmpty()
                      ? str(e, "message")
                      : QStringLiteral("%1:%2: %3").arg(where).arg(line).arg(str(e, "message"));
        }
    } else if (kind == QLatin1String("finished")) {
        sawFinished = true;
        passed = e.value(QStringLiteral("passed")).toBool();
        exitCode = e.value(QStringLiteral("exit_code")).toInt();
        seconds = eventNumber(e, "seconds");
    } else if (kind == QLatin1String("done")) {
        exitCode = e.value(QStringLiteral("exit_code")).toInt(exitCode);
        if (e.contains(QStringLiteral("reason")))
            failure = str(e, "reason");
    }
}

void RunRecord::finish(int code, const QString &why, const QDateTime &now)
{
    exitCode = code;
    if (!why.isEmpty())
        failure = why;
    passed = passed && code == 0 && sawFinished;
    if (!sawFinished || !std::isfinite(seconds))
        seconds = std::max<qint64>(0, started.msecsTo(now)) / 1000.0;
}

QString RunRecord::resultText() const
{
    if (exitCode < 0)
        return QStringLiteral("runner failed");
    if (failure.startsWith(QLatin1String("cancelled")))
        return QStringLiteral("cancelled");
    if (passed)
        return QStringLiteral("passed");
    return QStringLiteral("failed (exit %1)").arg(exitCode);
}

QJsonObject RunRecord::toJson() const
{
    QJsonArray k, p, t;
    for (const KernelBuild &b : kernels)
        k.append(QJsonObject{{QStringLiteral("name"), b.name},
                             {QStringLiteral("signature"), b.signature},
                             {QStringLiteral("seconds"), numValue(b.seconds)}});
    for (const BenchmarkRecord &b : points)
        p.append(pointToJson(b));
    for (const TestRecord &r : tests)
        t.append(QJsonObject{{QStringLiteral("name"), r.name},
                             {QStringLiteral("passed"), r.passed},
                             {QStringLiteral("seconds"), numValue(r.seconds)}});
    return {{QStringLiteral("v"), kFormatVersion},
            {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
            {QStringLiteral("file"), file},
            {QStringLiteral("request"), request},
            {QStringLiteral("backend"), backendChosen},
            {QStringLiteral("backend_used"), backendUsed},
            {QStringLiteral("revision"), revision},
            {QStringLiteral("exit_code"), exitCode},
            {QStringLiteral("passed"), passed},
            {QStringLiteral("seconds"), numValue(seconds)},
            {QStringLiteral("failure"), failure},
            {QStringLiteral("errors"), errorCount},
            {QStringLiteral("first_error"), firstError},
            {QStringLiteral("kernels"), k},
            {QStringLiteral("benchmark_points"), p},
            {QStringLiteral("validations_passed"), validationsPassed},
            {QStringLiteral("validations_failed"), validationsFailed},
            {QStringLiteral("worst_abs_error"), numValue(worstAbsError)},
            {QStringLiteral("tests"), t}};
}

std::optional<RunRecord> RunRecord::fromJson(const QJsonObject &o)
{
    RunRecord r;
    r.started = QDateTime::fromString(str(o, "started"), Qt::ISODateWithMs);
    r.file = str(o, "file");
    r.revision = str(o, "revision");
    if (!r.started.isValid() || r.file.isEmpty() || r.revision.size() != 64)
        return std::nullopt;
    r.started = r.started.toUTC();
    r.request = str(o, "request");
    r.backendChosen = str(o, "backend");
    r.backendUsed = str(o, "backend_used");
    r.exitCode = o.value(QStringLiteral("exit_code")).toInt(-1);
    r.passed = o.value(QStringLiteral("passed")).toBool();
    r.seconds = eventNumber(o, "seconds");
    r.failure = str(o, "failure");
    r.errorCount = o.value(QStringLiteral("errors")).toInt();
    r.firstError = str(o, "first_error");
    for (const QJsonValue &v : o.value(QStringLiteral("kernels")).toArray())
        r.kernels.append({str(v.toObject(), "name"),
                          str(v.toObject(), "signature"),
                          eventNumber(v.toObject(), "seconds")});
    for (const QJsonValue &v : o.value(QStringLiteral("benchmark_points")).toArray())
        r.points.append(pointFromJson(v.toObject()));
    r.validationsPassed = o.value(QStringLiteral("validations_passed")).toInt();
    r.validationsFailed = o.value(QStringLiteral("validations_failed")).toInt();
    r.worstAbsError = eventNumber(o, "worst_abs_error");
    for (const QJsonValue &v : o.value(QStringLiteral("tests")).toArray())
        r.tests.append({str(v.toObject(), "name"),
                        v.toObject().value(QStringLiteral("passed")).toBool(),
                        eventNumber(v.toObject(), "seconds")});
    r.sawFinished = true;
    return r;
}

QString SeriesKey::label() const
{
    return QStringLiteral("%1 / %2 / %3=%4")
        .arg(benchmark, line, xName.isEmpty() ? QStringLiteral("x") : xName, x);
}

QString RunHistory::defaultPath()
{
    if (const QByteArray env = qgetenv("TILESMITH_HISTORY_FILE"); !env.isEmpty())
        return QString::fromLocal8Bit(env);
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
           + QStringLiteral("/history.jsonl");
}

QString RunHistory::fileKey(const QString &path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? info.absoluteFilePath() : canonical;
}

RunHistory::RunHistory(QString path, int cap)
    : m_path(std::move(path))
    , m_cap(std::max(1, cap))
{
}

bool RunHistory::load()
{
    m_records.clear();
    m_fileLines = 0;
    m_skipped = 0;
    m_error.clear();
    QFile file(m_path);
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        m_error = QObject::tr("Cannot read the run history %1: %2")
                      .arg(QDir::toNativeSeparators(m_path), file.errorString());
        return false;
    }
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        ++m_fileLines;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        std::optional<RunRecord> record;
        if (error.error == QJsonParseError::NoError && doc.isObject())
            record = RunRecord::fromJson(doc.object());
        if (!record) {
            ++m_skipped; // a line torn by a crash, or edited by hand: the others still count
            continue;
        }
        m_records.append(*record);
    }
    if (m_records.size() > m_cap)
        m_records.remove(0, m_records.size() - m_cap);
    return true;
}

bool RunHistory::append(const RunRecord &record)
{
    m_records.append(record);
    if (m_records.size() > m_cap)
        m_records.remove(0, m_records.size() - m_cap);
    m_error.clear();
    if (m_fileLines + 1 > m_cap + std::max(1, m_cap / 10))
        return rewrite();

    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QFile file(m_path);
    if (!file.open(QIODevice::ReadWrite)) {
        m_error = QObject::tr("Cannot write the run history %1: %2")
                      .arg(QDir::toNativeSeparators(m_path), file.errorString());
        return false;
    }
    QByteArray line = QJsonDocument(record.toJson()).toJson(QJsonDocument::Compact) + '\n';
    if (file.size() > 0) { // a last line torn by a crash must not swallow this one
        file.seek(file.size() - 1);
        if (file.read(1) != "\n")
            line.prepend('\n');
    }
    file.seek(file.size());
    if (file.write(line) != line.size() || !file.flush()) {
        m_error = QObject::tr("Cannot write the run history %1: %2")
                      .arg(QDir::toNativeSeparators(m_path), file.errorString());
        return false;
    }
    ++m_fileLines;
    return true;
}

bool RunHistory::rewrite()
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path);
    bool ok = file.open(QIODevice::WriteOnly);
    for (const RunRecord &r : std::as_const(m_records))
        ok = ok && file.write(QJsonDocument(r.toJson()).toJson(QJsonDocument::Compact) + '\n') >= 0;
    ok = ok && file.commit();
    if (!ok) {
        m_error = QObject::tr("Cannot write the run history %1: %2")
                      .arg(QDir::toNativeSeparators(m_path), file.errorString());
        return false;
    }
    m_fileLines = int(m_records.size());
    return true;
}

QList<RunRecord> RunHistory::recordsFor(const QString &file) const
{
    const QString key = fileKey(file);
    QList<RunRecord> runs;
    for (auto it = m_records.crbegin(); it != m_records.crend(); ++it)
        if (it->file == key)
            runs.append(*it);
    return runs;
}

QList<SeriesKey> RunHistory::seriesKeys(const QString &file) const
{
    const QString key = fileKey(file);
    QList<SeriesKey> keys;
    for (const RunRecord &r : m_records) {
        if (r.file != key)
            continue;
        for (const BenchmarkRecord &p : r.points) {
            const SeriesKey k{p.benchmark, p.line, p.x, p.unit, p.xName};
            const qsizetype i = keys.indexOf(k);
            if (i < 0)
                keys.append(k);
            else
                keys[i].unit = p.unit;
        }
    }
    return keys;
}

QList<SeriesPoint> RunHistory::series(const QString &file, const SeriesKey &key) const
{
    const QString fk = fileKey(file);
    QList<SeriesPoint> points;
    for (const RunRecord &r : m_records) {
        if (r.file != fk)
            continue;
        for (const BenchmarkRecord &p : r.points)
            if (p.benchmark == key.benchmark && p.line == key.line && p.x == key.x) {
                points.append({int(points.size()) + 1,
                               r.revision,
                               r.started,
                               p.value,
                               p.min,
                               p.max,
                               p.unit,
                               p.measuredBy});
                break;
            }
    }
    return points;
}

} // namespace tsm
