// Reductions (sum, mean, prod, max/min, argmax, var/std, logsumexp, all/any), scans (cumsum,
// cumprod) and sort/topk. Everything accumulates in float64 (int64 for integer sums).

#include "core/tensor/device_ops.h"
#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace tsm::tensor {

using namespace detail;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// `x` with the reduced dims moved last, so that each output element owns a contiguous run of
/// `count` values in row-major order.
struct Grouped
{
    Tensor permuted;
    Shape outShape;
    std::int64_t groups = 1, count = 1;
};

Grouped groupFor(const Tensor &x, const DimList &dims, bool keepdim)
{
    const std::vector<bool> mask = reducedDimMask(dims ? &*dims : nullptr, x.dim());
    std::vector<std::int64_t> order, reduced;
    Grouped g;
    for (std::int64_t d = 0; d < x.dim(); ++d) {
        const std::int64_t size = x.shape()[std::size_t(d)];
        if (mask[std::size_t(d)]) {
            reduced.push_back(d);
            g.count *= size;
            if (keepdim)
                g.outShape.push_back(1);
        } else {
            order.push_back(d);
            g.groups *= size;
            g.outShape.push_back(size);
        }
    }
    order.insert(order.end(), reduced.begin(), reduced.end());
    g.permuted = x.permute(order);
    return g;
}

void requireNonEmpty(const Grouped &g, const char *name, const Tensor &x, const DimList &dims)
{
    if (g.count == 0 && g.groups != 0) {
        if (!dims || dims->empty())
            runtimeError(std::string(name)
                         + "(): Expected reduction dim to be specified for input.numel() == 0. "
                           "Specify the reduction dim with the 'dim' argument.");
        std::int64_t bad = 0;
        for (std::int64_t d : *dims)
            if (x.shape()[std::size_t(x.wrapDim(d))] == 0)
                bad = x.wrapDim(d);
        indexError(std::string(name) + "(): Expected reduction dim " + std::to_string(bad)
                   + " to have non-zero size.");
    }
}

template <class F>
Tensor reduceDoubles(const Tensor &x, const DimList &dims, bool keepdim, DType out, F f)
{
    if (isFp8(x.dtype()))
        runtimeError("reductions are not implemented for '" + scalarTypeName(x.dtype())
                     + "'; cast to float32 first");
    const Grouped g = groupFor(x, dims, keepdim);
    const std::vector<double> v = toDoubles(g.permuted);
    std::vector<double> r(std::size_t(g.groups));
    for (std::int64_t i = 0; i < g.groups; ++i)
        r[std::size_t(i)] = f(v.data() + i * g.count, g.count);
    return fromDoubles(g.outShape, out, r, x.device());
}

template <class F>
Tensor reduceInts(const Tensor &x, const DimList &dims, bool keepdim, DType out, F f)
{
    const Grouped g = groupFor(x, dims, keepdim);
    const std::vector<std::int64_t> v = toInts(g.permuted);
    std::vector<std::int64_t> r(std::size_t(g.groups));
    for (std::int64_t i = 0; i < g.groups; ++i)
        r[std::size_t(i)] = f(v.data() + i * g.count, g.count);
    return fromInts(g.outShape, out, r, x.device());
}

double sumOf(const double *p, std::int64_t n)
{
    double s = 0;
    for (std::int64_t i = 0; i < n; ++i)
        s += p[i];
    return s;
}

double extremeOf(const double *p, std::int64_t n, bool wantMax)
{
    double m = wantMax ? -std::numeric_limits<double>::infinity()
                       : std::numeric_limits<double>::infinity();
    for (std::int64_t i = 0; i < n; ++i) {
        if (std::isnan(p[i]))
            return p[i];
        m = wantMax ? std::max(m, p[i]) : std::min(m, p[i]);
    }
    return m;
}

/// Index of the first max/min (NaN counts as the extreme, first NaN wins).
std::int64_t argExtreme(const double *p, std::int64_t n, bool wantMax)
{
    std::int64_t best = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        if (std::isnan(p[i]))
            return i;
        if (wantMax ? p[i] > p[best] : p[i] < p[best])
            best = i;
    }
    return best;
}

DType sumType(const Tensor &x, std::optional<DType> dtype)
{
    return dtype ? *dtype : isFloat(x.dtype()) ? x.dtype() : DType::I64;
}

/// The device's reduction when DeviceOps is active for x (`name`: the torch op, for the
/// warning when the device declines).
std::optional<Tensor> onDevice(std::string_view op,
                               const Tensor &x,
                               const DimList &dims,
                               bool keepdim,
                               DType out,
                               std::string_view name = {})
{
    DeviceOps *device = deviceOpsFor({&x});
    if (!device)
        return std::nullopt;
    if (auto r
        = device->reduce(op, x, reducedDimMask(dims ? &*dims : nullptr, x.dim()), keepdim, out))
        return r;
    device->hostFallback(name.empty() ? op : name);
    return std::nullopt;
}

} // namespace

Tensor sum(const Tensor &x, const DimList &dims, bool keepdim, std::optional<DType> dtype)
{
    const DType out = sumType(x, dtype);
    if (auto r = onDevice("sum", x, dims, keepdim, out))
        return *r;
    if (!isFloat(out) && !isFloat(x.dtype()))
        return reduceInts(x, dims, keepdim, out, [](const std::int64_t *p, std::int64_t n) {
            std::uint64_t s = 0;
            for (std::int64_t i = 0; i < n; ++i)
                s += std::uint64_t(p[i]);
            return std::int64_t(s);
        });
    return reduceDoubles(x, dims, keepdim, out, sumOf);
}

Tensor mean(const Tensor &x, const DimList &dims, bool keepdim, std::optional<DType> dtype)
{
    const DType out = dtype.value_or(x.dtype());
    if (!isFloat(out))
        runtimeError("mean(): could not infer output dtype. "
                     + std::string(dtype ? "Optional" : "Input")
                     + " dtype must be either a floating point or complex dtype. Got: "
                     + scalarTypeName(out));
    if (auto r = onDevice("mean", x, dims, keepdim, out))
        return *r;
    return reduceDoubles(x, dims, keepdim, out, [](const double *p, std::int64_t n) {
        return n == 0 ? kNaN : sumOf(p, n) / double(n);
    });
}

Tensor prod(const Tensor &x, const DimList &dims, bool keepdim, std::optional<DType> dtype)
{
    const DType out = sumType(x, dtype);
    if (!isFloat(out) && !isFloat(x.dtype()))
        return reduceInts(x, dims, keepdim, out, [](const std::int64_t *p, std::int64_t n) {
            std::uint64_t s = 1;
            for (std::int64_t i = 0; i < n; ++i)
                s *= std::uint64_t(p[i]);
            return std::int64_t(s);
        });
    return reduceDoubles(x, dims, keepdim, out, [](const double *p, std::int64_t n) {
        double s = 1;
        for (std::int64_t i = 0; i < n; ++i)
            s *= p[i];
        return s;
    });
}

namespace {
Tensor extreme(const Tensor &x, const DimList &dims, bool keepdim, bool wantMax, const char *name)
{
    requireNonEmpty(groupFor(x, dims, keepdim), name, x, dims);
    if (!isFloat(x.dtype()))
        return reduceInts(
            x, dims, keepdim, x.dtype(), [wantMax](const std::int64_t *p, std::int64_t n) {
                return wantMax ? *std::max_element(p, p + n) : *std::min_element(p, p + n);
            });
    return reduceDoubles(x, dims, keepdim, x.dtype(), [wantMax](const double *p, std::int64_t n) {
        return extremeOf(p, n, wantMax);
    });
}

ValuesIndices extremeDim(const Tensor &x, std::int64_t dim, bool keepdim, bool wantMax)
{
    const DimList dims = std::vector<std::int64_t>{dim};
    x.wrapDim(dim);
    requireNonEmpty(groupFor(x, dims, keepdim), wantMax ? "max" : "min", x, dims);
    const Tensor values = extreme(x, dims, keepdim, wantMax, wantMax ? "max" : "min");
    const Tensor indices
        = reduceDoubles(x, dims, keepdim, DType::I64, [wantMax](const double *p, std::int64_t n) {
              return double(argExtreme(p, n, wantMax));
          });
    return {values, indices};
}
} // namespace

Tensor amax(const Tensor &x, const DimList &dims, bool keepdim)
{
    if (auto r = onDevice("amax", x, dims, keepdim, x.dtype()))
        return *r;
    return extreme(x, dims, keepdim, true, "amax");
}
Tensor amin(const Tensor &x, const DimList &dims, bool keepdim)
{
    if (auto r = onDevice("amin", x, dims, keepdim, x.dtype()))
        return *r;
    return extreme(x, dims, keepdim, false, "amin");
}
Tensor max(const Tensor &x)
{
    if (auto r = onDevice("amax", x, {}, false, x.dtype(), "max"))
        return *r;
    return extreme(x, {}, false, true, "max");
}
Tensor min(const Tensor &x)
{
    if (auto r = onDevice("amin", x, {}, false, x.dtype(), "min"))
        return *r;
    return extreme(x, {}, false, false, "min");
}
ValuesIndices max(const Tensor &x, std::int64_t dim, bool keepdim)
{
    return extremeDim(x, dim, keepdim, true);
}
ValuesIndices min(const Tensor &x, std::int64_t dim, bool keepdim)
{
    return extremeDim(x, dim, keepdim, false);
}

Tensor argmax(const Tensor &x, std::optional<std::int64_t> dim, bool keepdim)
{
    if (!dim) {
        Tensor flat = x.reshape({-1});
        if (flat.numel() == 0)
            runtimeError(
                "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
        Tensor r = max(flat, 0, false).indices;
        return keepdim ? r.reshape(Shape(std::size_t(x.dim()), 1)) : r;
    }
    return max(x, *dim, keepdim).indices;
}

Tensor argmin(const Tensor &x, std::optional<std::int64_t> dim, bool keepdim)
{
    if (!dim) {
        Tensor flat = x.reshape({-1});
        if (flat.numel() == 0)
            runtimeError(
                "argmin(): Expected reduction dim to be specified for input.numel() == 0.");
        Tensor r = min(flat, 0, false).indices;
        return keepdim ? r.reshape(Shape(std::size_t(x.dim()), 1)) : r;
    }
    return min(x, *dim, keepdim).indices;
}

Tensor var(const Tensor &x, const DimList &dims, double correction, bool keepdim)
{
    if (!isFloat(x.dtype()))
        runtimeError("std and var only support floating point and complex dtypes");
    return reduceDoubles(
        x, dims, keepdim, x.dtype(), [correction](const double *p, std::int64_t n) {
            const double m = sumOf(p, n) / double(n);
            double ss = 0;
            for (std::int64_t i = 0; i < n; ++i)
                ss += (p[i] - m) * (p[i] - m);
            const double denom = double(n) - correction;
            return denom <= 0 ? (n == 0 ? kNaN : ss / std::max(denom, 0.0)) : ss / denom;
        });
}

Tensor std(const Tensor &x, const DimList &dims, double correction, bool keepdim)
{
    return unary(UnaryOp::Sqrt, var(x, dims, correction, keepdim).to(DType::F64)).to(x.dtype());
}

Tensor logsumexp(const Tensor &x, const DimList &dims, bool keepdim)
{
    const DType out = isFloat(x.dtype()) ? x.dtype() : DType::F32;
    return reduceDoubles(x, dims, keepdim, out, [](const double *p, std::int64_t n) {
        const double m = extremeOf(p, n, true);
        if (std::isinf(m) || std::isnan(m))
            return n == 0 ? -std::numeric_limits<double>::infinity() : (m < 0 ? m : m + 0.0);
        double s = 0;
        for (std::int64_t i = 0; i < n; ++i)
            s += std::exp(p[i] - m);
        return m + std::log(s);
    });
}

Tensor all(const Tensor &x, const DimList &dims, bool keepdim)
{
    return reduceDoubles(x, dims, keepdim, DType::I1, [](const double *p, std::int64_t n) {
        return double(std::all_of(p, p + n, [](double v) { return v != 0; }));
    });
}

Tensor any(const Tensor &x, const DimList &dims, bool keepdim)
{
    return reduceDoubles(x, dims, keepdim, DType::I1, [](const double *p, std::int64_t n) {
        return double(std::any_of(p, p + n, [](double v) { return v != 0; }));
    });
}

// ---- scans and sorting ----

namespace {

/// Applies f(run, n) to each contiguous run along `dim` of a copy moved to the last dim, then
/// moves the dim back.
template <class T, class F>
Tensor alongDim(const Tensor &x, std::int64_t dim, DType out, const Shape &outShapeLast, F f)
{
    const std::int64_t d = x.wrapDim(dim);
    const Tensor moved = x.dim() == 0 ? x.reshape({1}) : x.transpose(d, x.dim() - 1);
    const std::int64_t n = moved.dim() ? moved.shape().back() : 1;
    std::vector<T> v;
    if constexpr (std::is_same_v<T, double>)
        v = toDoubles(moved);
    else
        v = toInts(moved);
    const std::int64_t groups = n ? std::int64_t(v.size()) / n : 0;
    std::vector<T> r;
    for (std::int64_t g = 0; g < groups; ++g)
        f(v.data() + g * n, n, r);
    Shape shape = moved.shape();
    if (!outShapeLast.empty())
        shape.back() = outShapeLast.back();
    Tensor t;
    if constexpr (std::is_same_v<T, double>)
        t = fromDoubles(shape, out, r, x.device());
    else
        t = fromInts(shape, out, r, x.device());
    if (x.dim() == 0)
        return t.reshape({});
    return t.transpose(d, x.dim() - 1).contiguous();
}

template <class T> Tensor scan(const Tensor &x, std::int64_t dim, DType out, bool product)
{
    return alongDim<T>(x, dim, out, {}, [product](const T *p, std::int64_t n, std::vector<T> &r) {
        T acc = product ? T(1) : T(0);
        for (std::int64_t i = 0; i < n; ++i) {
            if constexpr (std::is_same_v<T, double>)
                acc = product ? acc * p[i] : acc + p[i];
            else
                acc = product ? T(std::uint64_t(acc) * std::uint64_t(p[i]))
                              : T(std::uint64_t(acc) + std::uint64_t(p[i]));
            r.push_back(acc);
        }
    });
}

/// Ascending order with NaN last (torch's sort).
bool lessNanLast(double a, double b)
{
    return !std::isnan(a) && (std::isnan(b) || a < b);
}
/// Descending order with NaN first (torch's sort(descending=True) and topk).
bool greaterNanFirst(double a, double b)
{
    return !std::isnan(b) && (std::isnan(a) || a > b);
}

} // namespace

Tensor cumsum(const Tensor &x, std::int64_t dim, std::optional<DType> dtype)
{
    const DType out = sumType(x, dtype);
    return isFloat(out) || isFloat(x.dtype()) ? scan<double>(x, dim, out, false)
                                              : scan<std::int64_t>(x, dim, out, false);
}

Tensor cumprod(const Tensor &x, std::int64_t dim, std::optional<DType> dtype)
{
    const DType out = sumType(x, dtype);
    return isFloat(out) || isFloat(x.dtype()) ? scan<double>(x, dim, out, true)
                                              : scan<std::int64_t>(x, dim, out, true);
}

ValuesIndices topk(const Tensor &x, std::int64_t k, std::int64_t dim, bool largest)
{
    const std::int64_t d = x.wrapDim(dim);
    const std::int64_t n = x.dim() ? x.shape()[std::size_t(d)] : 1;
    if (k < 0 || k > n)
        runtimeError("selected index k out of range");
    Shape last = x.dim() ? x.transpose(d, x.dim() - 1).shape() : Shape{1};
    last.back() = k;
    auto order = [largest](const double *p, std::int64_t len) {
        std::vector<std::int64_t> idx(static_cast<std::size_t>(len));
        std::iota(idx.begin(), idx.end(), 0);
        std::stable_sort(idx.begin(), idx.end(), [&](std::int64_t a, std::int64_t b) {
            return largest ? greaterNanFirst(p[a], p[b]) : lessNanLast(p[a], p[b]);
        });
        return idx;
    };
    const DType out = x.dtype();
    Tensor values = alongDim<double>(
        x, dim, out, last, [&](const double *p, std::int64_t len, std::vector<double> &r) {
            const auto idx = order(p, len);
            for (std::int64_t i = 0; i < k; ++i)
                r.push_back(p[idx[std::size_t(i)]]);
        });
    Tensor indices = alongDim<double>(
        x, dim, DType::I64, last, [&](const double *p, std::int64_t len, std::vector<double> &r) {
            const auto idx = order(p, len);
            for (std::int64_t i = 0; i < k; ++i)
                r.push_back(double(idx[std::size_t(i)]));
        });
    return {values, indices};
}

ValuesIndices sort(const Tensor &x, std::int64_t dim, bool descending)
{
    const std::int64_t n = x.dim() ? x.shape()[std::size_t(x.wrapDim(dim))] : 1;
    return topk(x, n, dim, descending);
}

} // namespace tsm::tensor
