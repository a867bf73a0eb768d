// torch.isclose / allclose / testing.assert_close and the validation report (mismatch
// statistics, first mismatches, 2-D heat map, PyTorch's message wording from
// torch/testing/_comparison.py).

#include "core/tensor/compare.h"

#include "core/tensor/tensor_format.h"
#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"

#include <cfloat>
#include <cmath>
#include <cstdio>

namespace tsm::tensor {

using namespace detail;

std::pair<double, double> defaultTolerances(DType dtype)
{
    switch (dtype) {
    case DType::F16:
        return {1e-3, 1e-5};
    case DType::BF16:
        return {1.6e-2, 1e-5};
    case DType::F32:
        return {1.3e-6, 1e-5};
    case DType::F64:
        return {1e-7, 1e-7};
    default:
        return {0.0, 0.0};
    }
}

namespace {

bool closeValue(double a, double b, double rtol, double atol, bool equalNan)
{
    if (a == b)
        return true;
    if (std::isnan(a) || std::isnan(b))
        return equalNan && std::isnan(a) && std::isnan(b);
    if (!std::isfinite(a) || !std::isfinite(b))
        return false;
    return std::abs(a - b) <= atol + rtol * std::abs(b);
}

void requireSameDtype(const Tensor &a, const Tensor &b)
{
    if (a.dtype() != b.dtype())
        runtimeError(scalarTypeName(a.dtype()) + " did not match " + scalarTypeName(b.dtype()));
}

std::string pythonIndex(const std::vector<std::int64_t> &index)
{
    std::string s = "(";
    for (std::size_t i = 0; i < index.size(); ++i)
        s += (i ? ", " : "") + std::to_string(index[i]);
    return s + (index.size() == 1 ? ",)" : ")");
}

std::vector<std::int64_t> unravel(std::int64_t flat, const Shape &shape)
{
    std::vector<std::int64_t> index(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        index[d] = flat % shape[d];
        flat /= shape[d];
    }
    return index;
}

/// Python's str() of a difference: an int for integer comparisons, else a float repr.
std::string numberText(double v, bool integral)
{
    if (integral && std::isfinite(v))
        return std::to_string(std::int64_t(v));
    return formatPythonFloat(v);
}

/// Fills the statistics and message of `r` comparing equal-shaped a and b (values as double;
/// `integral` when both are integer/bool; `common` the dtype torch compares in).
/// `v` rounded to `dtype`, as torch computes the message's differences in the compared dtype.
double roundTo(DType dtype, double v)
{
    std::byte buf[8];
    writeElementDouble(dtype, buf, v);
    return readElementDouble(dtype, buf);
}

void compareInto(
    run::ValidationReport &r, const Tensor &a, const Tensor &b, DType common, bool integral)
{
    const Shape &shape = a.shape();
    r.shape = shape;
    const std::vector<double> va = toDoubles(a), vb = toDoubles(b);
    r.total = std::int64_t(va.size());
    std::int64_t maxAbsAt = 0, maxRelAt = 0;
    double maxAbs = 0, maxRel = 0;
    bool absNan = false, relNan = false;
    // |a - b| and |a - b| / |b| of element i as torch computes them: it subtracts in the common
    // dtype; integer / integer divides in float32.
    auto differences = [&](std::size_t i) {
        const double diff = integral ? std::abs(va[i] - vb[i])
                                     : roundTo(common, std::abs(roundTo(common, va[i] - vb[i])));
        return std::pair{diff, roundTo(integral ? DType::F32 : common, diff / std::abs(vb[i]))};
    };
    for (std::size_t i = 0; i < va.size(); ++i) {
        if (closeValue(va[i], vb[i], r.rtol, r.atol, r.equalNan))
            continue;
        ++r.mismatched;
        if (r.firstMismatches.size() < 10)
            r.firstMismatches.push_back({unravel(std::int64_t(i), shape), va[i], vb[i]});
        const auto [diff, rel] = differences(i);
        // torch.max propagates NaN (first NaN wins) and keeps the first maximum.
        if (!absNan && (std::isnan(diff) || diff > maxAbs || r.mismatched == 1)) {
            maxAbs = diff;
            maxAbsAt = std::int64_t(i);
            absNan = std::isnan(diff);
        }
        if (!relNan && (std::isnan(rel) || rel > maxRel || r.mismatched == 1)) {
            maxRel = rel;
            maxRelAt = std::int64_t(i);
            relNan = std::isnan(rel);
        }
    }
    r.passed = r.mismatched == 0;
    if (r.passed) {
        // torch's message measures mismatches only; a passing comparison's report says how
        // close the result was: the greatest differences over all elements.
        for (std::size_t i = 0; i < va.size(); ++i) {
            if (va[i] == vb[i])
                continue;
            const auto [diff, rel] = differences(i);
            if (diff > maxAbs) {
                maxAbs = diff;
                maxAbsAt = std::int64_t(i);
            }
            if (rel > maxRel) {
                maxRel = rel;
                maxRelAt = std::int64_t(i);
            }
        }
        r.maxAbsError = maxAbs;
        r.maxRelError = maxRel;
        if (maxAbs > 0 || maxRel > 0) { // an empty tensor has no index (and may have a 0 dim)
            r.maxAbsIndex = unravel(maxAbsAt, shape);
            r.maxRelIndex = unravel(maxRelAt, shape);
        }
        return;
    }
    r.maxAbsIndex = unravel(maxAbsAt, shape);
    r.maxRelIndex = unravel(maxRelAt, shape);

    if ((shape.size() == 2 || shape.size() == 1) && r.total > 0) {
        // A 1-D output is one row: where along it the mismatches are (a masked tail).
        const std::int64_t rows = shape.size() == 2 ? shape[0] : 1, cols = shape.back();
        r.heatRows = std::min<std::int64_t>(rows, 256);
        r.heatCols = std::min<std::int64_t>(cols, 256);
        r.heat.assign(std::size_t(r.heatRows * r.heatCols), 0.0f);
        for (std::int64_t i = 0; i < rows; ++i)
            for (std::int64_t j = 0; j < cols; ++j) {
                const double e = vb[std::size_t(i * cols + j)], x = va[std::size_t(i * cols + j)];
                const double diff = std::abs(x - e);
                const double tol = r.atol + r.rtol * std::abs(e);
                float cell;
                if (closeValue(x, e, r.rtol, r.atol, r.equalNan))
                    cell = tol > 0 ? float(diff / tol) : 0.0f;
                else
                    cell = tol > 0 && std::isfinite(diff)
                               ? float(std::min(diff / tol, double(FLT_MAX)))
                               : FLT_MAX;
                float &slot = r.heat[std::size_t((i * r.heatRows / rows) * r.heatCols
                                                 + j * r.heatCols / cols)];
                slot = std::max(slot, cell);
            }
    }

    const bool equality = r.rtol == 0 && r.atol == 0;
    auto diffLine
        = [&](const std::string &label, double diff, const std::string &where, double tol) {
              std::string line
                  = label
                    + numberText(diff, integral && label.find("relative") == std::string::npos)
                    + where;
              if (!equality)
                  line += " (up to " + formatPythonFloat(tol) + " allowed)";
              return line;
          };
    std::string msg;
    if (shape.empty()) {
        // Scalars compare Python numbers: the differences are float64.
        maxAbs = std::abs(va[0] - vb[0]);
        maxRel = vb[0] == 0 ? HUGE_VAL : maxAbs / std::abs(vb[0]);
        msg = std::string("Scalars are not ") + (equality ? "equal" : "close") + "!\n\n";
        msg += "Expected " + numberText(vb[0], integral) + " but got " + numberText(va[0], integral)
               + ".\n";
        msg += diffLine("Absolute difference: ", maxAbs, "", r.atol) + "\n";
        msg += diffLine("Relative difference: ", maxRel, "", r.rtol);
    } else {
        char pct[64];
        std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * double(r.mismatched) / double(r.total));
        msg = std::string("Tensor-likes are not ") + (equality ? "equal" : "close") + "!\n\n";
        msg += "Mismatched elements: " + std::to_string(r.mismatched) + " / "
               + std::to_string(r.total) + " (" + pct + ")\n";
        msg += diffLine("Greatest absolute difference: ",
                        maxAbs,
                        " at index " + pythonIndex(r.maxAbsIndex),
                        r.atol)
               + "\n";
        msg += diffLine("Greatest relative difference: ",
                        maxRel,
                        " at index " + pythonIndex(r.maxRelIndex),
                        r.rtol);
    }
    r.message = msg;
    r.maxAbsError = maxAbs;
    r.maxRelError = maxRel;
}

} // namespace

Tensor isclose(const Tensor &a, const Tensor &b, double rtol, double atol, bool equalNan)
{
    requireSameDtype(a, b);
    const Shape shape = broadcastShapes(a.shape(), b.shape());
    const std::vector<double> va = toDoubles(a.expand(shape)), vb = toDoubles(b.expand(shape));
    std::vector<std::int64_t> out(va.size());
    for (std::size_t i = 0; i < va.size(); ++i)
        out[i] = closeValue(va[i], vb[i], rtol, atol, equalNan);
    return fromInts(shape, DType::I1, out, a.device());
}

bool allclose(const Tensor &a, const Tensor &b, double rtol, double atol, bool equalNan)
{
    return allcloseReport(a, b, rtol, atol, equalNan).passed;
}

run::ValidationReport
allcloseReport(const Tensor &a, const Tensor &b, double rtol, double atol, bool equalNan)
{
    requireSameDtype(a, b);
    const Shape shape = broadcastShapes(a.shape(), b.shape());
    run::ValidationReport r;
    r.function = "torch.allclose";
    r.actualDtype = std::string(dtypeTorchName(a.dtype()));
    r.expectedDtype = std::string(dtypeTorchName(b.dtype()));
    r.rtol = rtol;
    r.atol = atol;
    r.equalNan = equalNan;
    compareInto(r, a.expand(shape), b.expand(shape), a.dtype(), !isFloat(a.dtype()));
    return r;
}

run::ValidationReport
assertClose(const Tensor &actual, const Tensor &expected, const CloseOptions &o)
{
    if (o.rtol.has_value() != o.atol.has_value())
        valueError(
            std::string("Both 'rtol' and 'atol' must be either specified or omitted, but got no ")
            + (o.rtol ? "atol" : "rtol") + ".");
    run::ValidationReport r;
    r.function = o.function;
    r.shape = actual.shape();
    r.actualDtype = std::string(dtypeTorchName(actual.dtype()));
    r.expectedDtype = std::string(dtypeTorchName(expected.dtype()));
    r.equalNan = o.equalNan;
    if (o.rtol) {
        r.rtol = *o.rtol;
        r.atol = *o.atol;
    } else {
        const auto [ra, aa] = defaultTolerances(actual.dtype());
        const auto [rb, ab] = defaultTolerances(expected.dtype());
        r.rtol = std::max(ra, rb);
        r.atol = std::max(aa, ab);
    }
    auto attributeMismatch
        = [&](const std::string &name, const std::string &a, const std::string &e) {
              r.passed = false;
              r.message = o.msg ? *o.msg
                                : "The values for attribute '" + name + "' do not match: " + a
                                      + " != " + e + ".";
              return r;
          };
    if (actual.shape() != expected.shape())
        return attributeMismatch("shape", formatSize(actual.shape()), formatSize(expected.shape()));
    if (o.checkDevice && actual.device() != expected.device())
        return attributeMismatch("device", actual.device().str(), expected.device().str());
    if (o.checkDtype && actual.dtype() != expected.dtype())
        return attributeMismatch(
            "dtype", torchDTypeName(actual.dtype()), torchDTypeName(expected.dtype()));
    const DType common = promoteTypes(actual.dtype(), expected.dtype());
    const bool integral = !isFloat(common);
    compareInto(r, actual, expected, common, integral);
    if (!r.passed && o.msg)
        r.message = *o.msg;
    return r;
}

} // namespace tsm::tensor
