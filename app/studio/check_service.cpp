#include "app/studio/check_service.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

namespace tsm {
namespace {

QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// Worker thread: everything it touches is its own copy.
CheckReport runJob(const CheckService::Input &input,
                   quint64 generation,
                   const CheckService::CheckFunction &check)
{
    QElapsedTimer timer;
    timer.start();
    const SourceFile file(0,
                          input.path.toStdString(),
                          std::string(input.text.constData(), std::size_t(input.text.size())));
    CheckReport report;
    try {
        CheckResult result = check(file);
        KernelAnalysis analysis;
        if (!input.signatures.isEmpty() && result.module)
            analysis = analyzeKernels(file, *result.module, input.signatures, result.diagnostics);
        if (!analysis.diagnostics.empty()) {
            for (Diagnostic &d : analysis.diagnostics)
                result.diagnostics.push_back(std::move(d));
            std::stable_sort(result.diagnostics.begin(),
                             result.diagnostics.end(),
                             [](const Diagnostic &a, const Diagnostic &b) {
                                 return a.span.begin < b.span.begin;
                             });
        }
        report = makeCheckReport(file, result);
        report.kernelTypes = std::move(analysis.types);
        report.kernelTypes.generation = generation;
    } catch (const std::exception &e) {
        // checkSource promises not to throw; if it does, say so instead of losing the editor
        Problem problem;
        problem.kind = QStringLiteral("InternalError");
        problem.message = QStringLiteral("internal error in the check: %1").arg(qstr(e.what()));
        report.problems = {problem};
        report.errorCount = 1;
    }
    report.generation = generation;
    report.path = input.path;
    report.elapsedUs = timer.nsecsElapsed() / 1000;
    return report;
}

} // namespace

CheckReport makeCheckReport(const SourceFile &file, const CheckResult &result)
{
    CheckReport report;
    report.problems.reserve(qsizetype(result.diagnostics.size()));
    for (const Diagnostic &d : result.diagnostics) {
        Problem p;
        p.severity = d.severity;
        p.kind = qstr(diagKindName(d.kind));
        p.message = qstr(d.message);
        p.begin = int(std::min(d.span.begin, file.size()));
        p.end = int(std::clamp(d.span.end, d.span.begin, file.size()));
        const LineCol lc = file.lineCol(d.span.begin);
        p.line = int(lc.line);
        p.column = int(lc.displayColumn);
        for (const DiagNote &note : d.notes) {
            if (note.hasSpan) {
                const LineCol at = file.lineCol(note.span.begin);
                p.notes << QStringLiteral("%1:%2: %3")
                               .arg(at.line)
                               .arg(at.displayColumn)
                               .arg(qstr(note.message));
            } else {
                p.notes << qstr(note.message);
            }
        }
        if (d.severity == Severity::Error)
            ++report.errorCount;
        else if (d.severity == Severity::Warning)
            ++report.warningCount;
        report.problems.push_back(std::move(p));
    }
    return report;
}

CheckService::CheckService(QObject *parent)
    : QObject(parent)
    , m_check(&checkSource)
{
    qRegisterMetaType<tsm::CheckReport>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(DefaultDebounceMs);
    m_pool.setMaxThreadCount(1);
    connect(&m_debounce, &QTimer::timeout, this, &CheckService::startJob);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &CheckService::onJobFinished);
}

CheckService::~CheckService()
{
    m_debounce.stop();
    m_pool.waitForDone();
}

void CheckService::scheduleCheck()
{
    ++m_generation;
    m_debounce.start();
}

void CheckService::checkNow()
{
    ++m_generation;
    m_debounce.stop();
    startJob();
}

void CheckService::startJob()
{
    if (m_running) {
        m_pending = true;
        return;
    }
    if (!m_provider)
        return;
    const Input input = m_provider();
    const quint64 generation = m_generation;
    const CheckFunction check = m_check;
    m_running = true;
    emit checkStarted(generation);
    m_watcher.setFuture(QtConcurrent::run(
        &m_pool, [input, generation, check] { return runJob(input, generation, check); }));
}

void CheckService::onJobFinished()
{
    m_running = false;
    const CheckReport report = m_watcher.result();
    if (m_pending) {
        m_pending = false;
        startJob();
    }
    if (report.generation == m_generation)
        emit checkFinished(report);
}

} // namespace tsm
