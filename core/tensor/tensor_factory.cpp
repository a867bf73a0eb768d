#include "core/tensor/tensor_factory.h"

#include "core/tensor/tensor_impl.h"

#include <cmath>
#include <numbers>

namespace tsm::tensor {

using namespace detail;

Tensor empty(const Shape &shape, DType dtype, Device device)
{
    return Tensor::allocate(shape, dtype, device);
}

Tensor zeros(const Shape &shape, DType dtype, Device device)
{
    return Tensor::allocate(shape, dtype, device);
}

Tensor ones(const Shape &shape, DType dtype, Device device)
{
    return full(shape, Scalar::fromInt(1), dtype, device);
}

Tensor full(const Shape &shape, Scalar value, std::optional<DType> dtype, Device device)
{
    const DType t = dtype                              ? *dtype
                    : value.kind == Scalar::Kind::Bool ? DType::I1
                    : value.kind == Scalar::Kind::Int  ? DType::I64
                                                       : kDefaultFloat;
    Tensor out = Tensor::allocate(shape, t, device);
    out.fill(value);
    return out;
}

Tensor emptyLike(const Tensor &like, std::optional<DType> dtype, std::optional<Device> device)
{
    return Tensor::allocate(
        like.shape(), dtype.value_or(like.dtype()), device.value_or(like.device()));
}

Tensor zerosLike(const Tensor &like, std::optional<DType> dtype, std::optional<Device> device)
{
    return emptyLike(like, dtype, device);
}

Tensor onesLike(const Tensor &like, std::optional<DType> dtype, std::optional<Device> device)
{
    return fullLike(like, Scalar::fromInt(1), dtype, device);
}

Tensor
fullLike(const Tensor &like, Scalar value, std::optional<DType> dtype, std::optional<Device> device)
{
    Tensor out = emptyLike(like, dtype, device);
    out.fill(value);
    return out;
}

Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<DType> dtype, Device device)
{
    const bool anyFloat = start.isFloat() || end.isFloat() || step.isFloat();
    const DType t = dtype.value_or(anyFloat ? kDefaultFloat : DType::I64);
    const double s = start.toDouble(), e = end.toDouble(), st = step.toDouble();
    if (st == 0)
        runtimeError("step must be nonzero");
    if (!std::isfinite(s) || !std::isfinite(e))
        runtimeError("unsupported range: " + std::to_string(s) + " -> " + std::to_string(e));
    if ((st > 0 && e < s) || (st < 0 && e > s))
        runtimeError("upper bound and larger bound inconsistent with step sign");
    std::int64_t n;
    if (!anyFloat)
        n = (end.i - start.i + step.i + (step.i > 0 ? -1 : 1)) / step.i;
    else
        n = std::int64_t(std::ceil((e - s) / st));
    n = std::max<std::int64_t>(n, 0);
    Tensor out = Tensor::allocate({n}, t, device);
    const std::int64_t es = out.elementSize();
    if (!anyFloat && !isFloat(t)) {
        const WriteIntFn w = writeIntFn(t);
        for (std::int64_t i = 0; i < n; ++i)
            w(out.data() + i * es, start.i + i * step.i);
    } else {
        const WriteDoubleFn w = writeDoubleFn(t);
        for (std::int64_t i = 0; i < n; ++i)
            w(out.data() + i * es, s + double(i) * st);
    }
    return out;
}

Tensor
linspace(double start, double end, std::int64_t steps, std::optional<DType> dtype, Device device)
{
    if (steps < 0)
        runtimeError("number of steps must be non-negative");
    const DType t = dtype.value_or(kDefaultFloat);
    Tensor out = Tensor::allocate({steps}, t, device);
    const WriteDoubleFn w = writeDoubleFn(t);
    const std::int64_t es = out.elementSize();
    const double step = steps > 1 ? (end - start) / double(steps - 1) : 0.0;
    const std::int64_t half = steps / 2;
    for (std::int64_t i = 0; i < steps; ++i) {
        const double v = i < half ? start + step * double(i) : end - step * double(steps - i - 1);
        w(out.data() + i * es, isFloat(t) ? v : std::trunc(v));
    }
    return out;
}

Tensor eye(std::int64_t n, std::optional<std::int64_t> m, DType dtype, Device device)
{
    const std::int64_t cols = m.value_or(n);
    if (n < 0 || cols < 0)
        runtimeError("n must be greater or equal to 0, got " + std::to_string(std::min(n, cols)));
    Tensor out = Tensor::allocate({n, cols}, dtype, device);
    const WriteIntFn w = writeIntFn(dtype);
    for (std::int64_t i = 0; i < std::min(n, cols); ++i)
        w(out.data() + (i * cols + i) * out.elementSize(), 1);
    return out;
}

// ---- torch.tensor ----

namespace {

void inferShape(const Nested &v, std::size_t depth, Shape &shape)
{
    if (v.kind == Nested::Kind::Scalar)
        return;
    if (depth == shape.size())
        shape.push_back(std::int64_t(v.items.size()));
    if (!v.items.empty())
        inferShape(v.items[0], depth + 1, shape);
}

void flattenNested(const Nested &v,
                   std::size_t depth,
                   const Shape &shape,
                   std::vector<Scalar> &out,
                   bool &anyFloat,
                   bool &anyInt)
{
    if (v.kind == Nested::Kind::Scalar) {
        if (depth != shape.size())
            typeError("not a sequence");
        anyFloat = anyFloat || v.scalar.kind == Scalar::Kind::Float;
        anyInt = anyInt || v.scalar.kind == Scalar::Kind::Int;
        out.push_back(v.scalar);
        return;
    }
    if (depth >= shape.size() || std::int64_t(v.items.size()) != shape[depth])
        valueError("expected sequence of length "
                   + std::to_string(depth < shape.size() ? shape[depth] : 0) + " at dim "
                   + std::to_string(depth) + " (got " + std::to_string(v.items.size()) + ")");
    for (const Nested &item : v.items)
        flattenNested(item, depth + 1, shape, out, anyFloat, anyInt);
}

} // namespace

Tensor fromNested(const Nested &data, std::optional<DType> dtype, Device device)
{
    Shape shape;
    inferShape(data, 0, shape);
    std::vector<Scalar> values;
    bool anyFloat = false, anyInt = false;
    flattenNested(data, 0, shape, values, anyFloat, anyInt);
    const bool emptyList = values.empty();
    const DType t = dtype                   ? *dtype
                    : anyFloat || emptyList ? kDefaultFloat
                    : anyInt                ? DType::I64
                                            : DType::I1;
    Tensor out = Tensor::allocate(shape, t, device);
    const std::int64_t es = out.elementSize();
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::byte *p = out.data() + std::int64_t(i) * es;
        if (values[i].isFloat())
            writeElementDouble(t, p, values[i].f);
        else
            writeElementInt(t, p, values[i].i);
    }
    return out;
}

// ---- random ----

namespace {

struct Generator
{
    std::uint64_t seed = 67280421310721ull;
    std::uint64_t state = 67280421310721ull;
};

Generator &generator()
{
    static Generator g;
    return g;
}

} // namespace

void manualSeed(std::uint64_t seed)
{
    generator().seed = seed;
    generator().state = seed;
}

std::uint64_t initialSeed()
{
    return generator().seed;
}

std::uint64_t nextRandomBits()
{
    // splitmix64: a full-period, well-mixed stream from any seed.
    std::uint64_t z = (generator().state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double nextUniform()
{
    return double(nextRandomBits() >> 11) * 0x1.0p-53;
}

namespace {

void requireFloat(DType dtype, const char *what)
{
    if (!isFloat(dtype) || isFp8(dtype))
        runtimeError(std::string("\"") + what + "\" not implemented for '" + scalarTypeName(dtype)
                     + "'");
}

Tensor fillWith(const Shape &shape, DType dtype, Device device, double (*next)())
{
    Tensor out = Tensor::allocate(shape, dtype, device);
    const WriteDoubleFn w = writeDoubleFn(dtype);
    const std::int64_t es = out.elementSize(), n = out.numel();
    for (std::int64_t i = 0; i < n; ++i)
        w(out.data() + i * es, next());
    return out;
}

double nextUniformBelowOne()
{
    // Rounded to a narrow dtype, values just under 1 would become 1; torch's rand never returns
    // 1, so draw with 24 bits (exact in every float dtype we write, after rounding bf16 down).
    return double(nextRandomBits() >> 40) * 0x1.0p-24;
}

double nextNormal()
{
    const double u1 = 1.0 - nextUniform(); // (0, 1]
    const double u2 = nextUniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

} // namespace

Tensor rand(const Shape &shape, DType dtype, Device device)
{
    requireFloat(dtype, "check_uniform_bounds");
    if (dtype == DType::F16 || dtype == DType::BF16) {
        // 24 random bits may round up to 1.0 in a 16-bit format: use the format's own mantissa.
        const int bits = dtype == DType::F16 ? 11 : 8;
        Tensor out = Tensor::allocate(shape, dtype, device);
        for (std::int64_t i = 0; i < out.numel(); ++i)
            writeElementDouble(dtype,
                               out.data() + i * out.elementSize(),
                               std::ldexp(double(nextRandomBits() >> (64 - bits)), -bits));
        return out;
    }
    return fillWith(shape, dtype, device, dtype == DType::F64 ? nextUniform : nextUniformBelowOne);
}

Tensor randn(const Shape &shape, DType dtype, Device device)
{
    requireFloat(dtype, "normal_kernel_cpu");
    return fillWith(shape, dtype, device, nextNormal);
}

Tensor randint(std::int64_t low, std::int64_t high, const Shape &shape, DType dtype, Device device)
{
    if (low >= high)
        runtimeError("random_ expects 'from' to be less than 'to', but got from="
                     + std::to_string(low) + " >= to=" + std::to_string(high));
    Tensor out = Tensor::allocate(shape, dtype, device);
    const std::uint64_t range = std::uint64_t(high - low);
    for (std::int64_t i = 0; i < out.numel(); ++i) {
        const std::int64_t v = low + std::int64_t(nextRandomBits() % range);
        if (isFloat(dtype))
            writeElementDouble(dtype, out.data() + i * out.elementSize(), double(v));
        else
            writeElementInt(dtype, out.data() + i * out.elementSize(), v);
    }
    return out;
}

Tensor randLike(const Tensor &like, std::optional<DType> dtype)
{
    return rand(like.shape(), dtype.value_or(like.dtype()), like.device());
}

Tensor randnLike(const Tensor &like, std::optional<DType> dtype)
{
    return randn(like.shape(), dtype.value_or(like.dtype()), like.device());
}

Tensor
randintLike(const Tensor &like, std::int64_t low, std::int64_t high, std::optional<DType> dtype)
{
    return randint(low, high, like.shape(), dtype.value_or(like.dtype()), like.device());
}

Tensor randperm(std::int64_t n, DType dtype, Device device)
{
    std::vector<std::int64_t> v(std::size_t(std::max<std::int64_t>(n, 0)));
    for (std::int64_t i = 0; i < n; ++i)
        v[std::size_t(i)] = i;
    for (std::int64_t i = n - 1; i > 0; --i)
        std::swap(v[std::size_t(i)], v[std::size_t(nextRandomBits() % std::uint64_t(i + 1))]);
    return fromInts({n}, dtype, v, device);
}

} // namespace tsm::tensor
