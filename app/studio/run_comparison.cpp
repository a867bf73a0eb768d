#include "app/studio/run_comparison.h"

#include <QObject>

#include <cmath>

namespace tsm {
namespace {

QString number(double d)
{
    return std::isfinite(d) ? QString::number(d, 'g', 4) : QStringLiteral("nan");
}

QStringList specializations(const RunRecord &r)
{
    QStringList s;
    for (const KernelBuild &k : r.kernels) {
        const QString text
            = k.signature.isEmpty() ? k.name : QStringLiteral("%1 [%2]").arg(k.name, k.signature);
        if (!s.contains(text))
            s << text;
    }
    return s;
}

QString verdict(bool passed)
{
    return passed ? QStringLiteral("passed") : QStringLiteral("FAILED");
}

} // namespace

double PointComparison::ratio() const
{
    return std::isfinite(a) && std::isfinite(b) && a != 0 ? b / a : qQNaN();
}

bool PointComparison::lowerIsBetter() const
{
    const QString u = unit.trimmed().toLower();
    for (const char *time :
         {"ms", "s", "us", "µs", "ns", "seconds", "time (ms)", "time (s)", "time (us)"})
        if (u == QString::fromUtf8(time))
            return true;
    return false;
}

PointComparison::Change PointComparison::change(double tolerance) const
{
    const double r = ratio();
    if (!std::isfinite(r))
        return Change::Missing;
    if (std::abs(r - 1) <= tolerance)
        return Change::Same;
    return (r > 1) != lowerIsBetter() ? Change::Faster : Change::Slower;
}

RunComparison compareRuns(const RunRecord &a, const RunRecord &b)
{
    RunComparison c;
    auto find = [](QList<PointComparison> &list, const BenchmarkRecord &p) -> PointComparison * {
        for (PointComparison &q : list)
            if (q.benchmark == p.benchmark && q.line == p.line && q.x == p.x)
                return &q;
        return nullptr;
    };
    for (const BenchmarkRecord &p : a.points)
        if (!find(c.points, p))
            c.points.append({p.benchmark, p.line, p.x, p.unit, p.value, qQNaN()});
    for (const BenchmarkRecord &p : b.points) {
        if (PointComparison *q = find(c.points, p)) {
            if (std::isnan(q->b))
                q->b = p.value;
        } else {
            c.points.append({p.benchmark, p.line, p.x, p.unit, qQNaN(), p.value});
        }
    }

    const QStringList ka = specializations(a), kb = specializations(b);
    for (const QString &k : kb)
        if (!ka.contains(k))
            c.kernelsAdded << k;
    for (const QString &k : ka)
        if (!kb.contains(k))
            c.kernelsRemoved << k;

    if (a.validationsPassed != b.validationsPassed || a.validationsFailed != b.validationsFailed)
        c.validation << QObject::tr("comparisons: A %1 passed, %2 failed; B %3 passed, %4 failed")
                            .arg(a.validationsPassed)
                            .arg(a.validationsFailed)
                            .arg(b.validationsPassed)
                            .arg(b.validationsFailed);
    const bool sameWorst = (std::isnan(a.worstAbsError) && std::isnan(b.worstAbsError))
                           || a.worstAbsError == b.worstAbsError;
    if (!sameWorst)
        c.validation << QObject::tr("worst max_abs_error: A %1, B %2")
                            .arg(number(a.worstAbsError), number(b.worstAbsError));

    for (const TestRecord &t : a.tests) {
        const TestRecord *other = nullptr;
        for (const TestRecord &u : b.tests)
            if (u.name == t.name)
                other = &u;
        if (!other)
            c.tests << QObject::tr("%1: only in A (%2)").arg(t.name, verdict(t.passed));
        else if (other->passed != t.passed)
            c.tests << QStringLiteral("%1: %2 -> %3")
                           .arg(t.name, verdict(t.passed), verdict(other->passed));
    }
    for (const TestRecord &u : b.tests) {
        bool inA = false;
        for (const TestRecord &t : a.tests)
            inA = inA || t.name == u.name;
        if (!inA)
            c.tests << QObject::tr("%1: only in B (%2)").arg(u.name, verdict(u.passed));
    }
    return c;
}

QString RunComparison::differencesText() const
{
    QStringList lines;
    for (const QString &k : kernelsAdded)
        lines << QObject::tr("kernel compiled by B only: %1").arg(k);
    for (const QString &k : kernelsRemoved)
        lines << QObject::tr("kernel compiled by A only: %1").arg(k);
    for (const QString &v : validation)
        lines << QObject::tr("validation: %1").arg(v);
    for (const QString &t : tests)
        lines << QObject::tr("test %1").arg(t);
    return lines.isEmpty() ? QObject::tr("Same kernels, validation and test results.")
                           : lines.join(QLatin1Char('\n'));
}

} // namespace tsm
