#pragma once
// Two runs side by side (A the older, B the newer): every benchmark point of either with both
// values and B/A, whether B is faster or slower beyond a tolerance (higher is better for a
// throughput, lower for a time), the kernels one compiled and the other did not, and how the
// validation and the tests differ. No widgets.

#include "app/studio/run_history.h"

#include <QStringList>

namespace tsm {

struct PointComparison
{
    enum class Change { Same, Faster, Slower, Missing };

    QString benchmark, line, x, unit;
    double a = qQNaN(), b = qQNaN(); ///< NaN where that run has no value
    /// B / A, NaN when either is missing or A is 0.
    double ratio() const;
    /// A time (ms, s, us, ns): lower is better. Throughputs (GB/s, TFLOP/s, ...): higher.
    bool lowerIsBetter() const;
    /// Faster / Slower when B differs from A by more than `tolerance` (0.02: 2%).
    Change change(double tolerance = 0.02) const;
};

struct RunComparison
{
    QList<PointComparison> points; ///< A's points in order, then those only B has
    QStringList kernelsAdded;      ///< "name [signature]" compiled by B only
    QStringList kernelsRemoved;    ///< compiled by A only
    QStringList validation;        ///< lines saying how the validation differs (empty: the same)
    QStringList tests;             ///< "test_x: passed -> FAILED", "test_y: only in B"

    /// Kernels, validation and tests as text, a line per difference ("no differences").
    QString differencesText() const;
};

RunComparison compareRuns(const RunRecord &a, const RunRecord &b);

} // namespace tsm
