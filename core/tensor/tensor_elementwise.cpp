// Elementwise ops (tensor_ops.def): torch's type promotion, broadcasting, and one rounding of a
// float64 (or int64) result to the output dtype.

#include "core/tensor/device_ops.h"
#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>

namespace tsm::tensor {

using namespace detail;

namespace {

enum class ResultRule { Promote, Compare, TrueDiv, Bitwise, Logical };

struct UnaryRow
{
    std::string_view name;
    bool intToFloat;
};
constexpr UnaryRow kUnaryRows[] = {
#define UNARY_OP(Enum, TorchName, IntToFloat) {TorchName, IntToFloat},
#include "core/tensor/tensor_ops.def"
};

struct BinaryRow
{
    std::string_view name, pyOperator;
    ResultRule rule;
};
constexpr BinaryRow kBinaryRows[] = {
#define BINARY_OP(Enum, TorchName, PyOperator, Result) {TorchName, PyOperator, ResultRule::Result},
#include "core/tensor/tensor_ops.def"
};

} // namespace

std::string_view unaryOpName(UnaryOp op)
{
    return kUnaryRows[int(op)].name;
}
std::string_view binaryOpName(BinaryOp op)
{
    return kBinaryRows[int(op)].name;
}
std::string_view binaryOpOperator(BinaryOp op)
{
    return kBinaryRows[int(op)].pyOperator;
}

std::optional<UnaryOp> parseUnaryOp(std::string_view name)
{
    for (std::size_t i = 0; i < std::size(kUnaryRows); ++i)
        if (kUnaryRows[i].name == name)
            return UnaryOp(i);
    return std::nullopt;
}

std::optional<BinaryOp> parseBinaryOp(std::string_view name)
{
    for (std::size_t i = 0; i < std::size(kBinaryRows); ++i)
        if (kBinaryRows[i].name == name || (!name.empty() && kBinaryRows[i].pyOperator == name))
            return BinaryOp(i);
    return std::nullopt;
}

// ---- promotion ----

DType promoteTypes(DType a, DType b)
{
    if (a == b)
        return a;
    if (isFp8(a) || isFp8(b))
        runtimeError("Promotion for Float8 Types is not supported, attempted to promote "
                     + scalarTypeName(a) + " and " + scalarTypeName(b));
    if (isBool(a))
        return b;
    if (isBool(b))
        return a;
    if (isFloat(a) && isFloat(b)) {
        if ((a == DType::F16 && b == DType::BF16) || (a == DType::BF16 && b == DType::F16))
            return DType::F32;
        return dtypeBits(a) >= dtypeBits(b) ? a : b;
    }
    if (isFloat(a))
        return a;
    if (isFloat(b))
        return b;
    if (isSigned(a) == isSigned(b))
        return dtypeBits(a) >= dtypeBits(b) ? a : b;
    // Signed with unsigned: the smallest signed type holding both (int64 at most).
    const DType s = isSigned(a) ? a : b, u = isSigned(a) ? b : a;
    const int bits = std::min(64, std::max(dtypeBits(s), 2 * dtypeBits(u)));
    return bits <= 16 ? DType::I16 : bits <= 32 ? DType::I32 : DType::I64;
}

namespace {

using MaybeType = std::optional<DType>;

MaybeType promoteSkip(MaybeType a, DType b)
{
    return a ? promoteTypes(*a, b) : b;
}

MaybeType combineCategories(MaybeType higher, MaybeType lower)
{
    if (higher && isFloat(*higher))
        return higher;
    if (higher && lower && (isBool(*higher) || isFloat(*lower)))
        return promoteTypes(*higher, *lower);
    return higher ? higher : lower;
}

DType weakType(const Tensor &t)
{
    if (!t.isWrappedNumber())
        return t.dtype();
    return isFloat(t.dtype()) ? DType::F32 : t.dtype();
}

} // namespace

DType resultType(std::span<const Tensor> operands)
{
    MaybeType dimResult, zeroResult, wrappedResult;
    for (const Tensor &t : operands) {
        if (t.isWrappedNumber())
            wrappedResult = promoteSkip(wrappedResult, weakType(t));
        else if (t.dim() == 0)
            zeroResult = promoteSkip(zeroResult, t.dtype());
        else
            dimResult = promoteSkip(dimResult, t.dtype());
    }
    return combineCategories(dimResult, combineCategories(zeroResult, wrappedResult))
        .value_or(DType::F32);
}

Shape broadcastShapes(const Shape &a, const Shape &b)
{
    const std::size_t n = std::max(a.size(), b.size());
    Shape out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
        const std::int64_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
        if (x != y && x != 1 && y != 1)
            runtimeError("The size of tensor a (" + std::to_string(x)
                         + ") must match the size of tensor b (" + std::to_string(y)
                         + ") at non-singleton dimension " + std::to_string(i));
        out[i] = x == 1 ? y : x;
    }
    return out;
}

namespace {

Device deviceOf(std::initializer_list<const Tensor *> ts)
{
    for (const Tensor *t : ts)
        if (!t->isWrappedNumber())
            return t->device();
    return (*ts.begin())->device();
}

/// out[i] = f(a[i], b[i]) with broadcasting; T is double or int64.
template <class T, class F> Tensor binaryLoop(const Tensor &a, const Tensor &b, DType outType, F f)
{
    const Shape shape = broadcastShapes(a.shape(), b.shape());
    Tensor out = Tensor::allocate(shape, outType, deviceOf({&a, &b}));
    const Shape sa = broadcastStrides(a, shape), sb = broadcastStrides(b, shape);
    const Shape so = contiguousStrides(shape);
    const std::byte *pa = a.storage()->data(), *pb = b.storage()->data();
    std::byte *po = out.data();
    const std::int64_t ea = a.elementSize(), eb = b.elementSize(), eo = out.elementSize();
    if constexpr (std::is_same_v<T, double>) {
        const ReadDoubleFn ra = readDoubleFn(a.dtype()), rb = readDoubleFn(b.dtype());
        const WriteDoubleFn w = writeDoubleFn(outType);
        forEachOffset<3>(shape,
                         {sa.data(), sb.data(), so.data()},
                         {a.storageOffset(), b.storageOffset(), 0},
                         [&](const std::array<std::int64_t, 3> &o) {
                             w(po + o[2] * eo, f(ra(pa + o[0] * ea), rb(pb + o[1] * eb)));
                         });
    } else {
        const ReadIntFn ra = readIntFn(a.dtype()), rb = readIntFn(b.dtype());
        const WriteIntFn w = writeIntFn(outType);
        forEachOffset<3>(shape,
                         {sa.data(), sb.data(), so.data()},
                         {a.storageOffset(), b.storageOffset(), 0},
                         [&](const std::array<std::int64_t, 3> &o) {
                             w(po + o[2] * eo, f(ra(pa + o[0] * ea), rb(pb + o[1] * eb)));
                         });
    }
    return out;
}

double floorDivide(double a, double b)
{
    if (b == 0)
        return a / b;
    const double mod = std::fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0 && (b < 0) != (mod < 0))
        div -= 1.0;
    if (div == 0)
        return std::copysign(0.0, a / b);
    double floordiv = std::floor(div);
    if (div - floordiv > 0.5)
        floordiv += 1.0;
    return floordiv;
}

double remainder(double a, double b)
{
    double mod = std::fmod(a, b);
    if (mod != 0 && (b < 0) != (mod < 0))
        mod += b;
    return mod;
}

std::int64_t intPow(std::int64_t base, std::int64_t exp)
{
    if (exp < 0)
        return base == 1 ? 1 : base == -1 ? (exp % 2 ? -1 : 1) : 0;
    std::uint64_t result = 1, b = std::uint64_t(base);
    for (std::uint64_t e = std::uint64_t(exp); e; e >>= 1, b *= b)
        if (e & 1)
            result *= b;
    return std::int64_t(result);
}

std::int64_t shiftLeft(std::int64_t a, std::int64_t b)
{
    return b < 0 || b >= 64 ? 0 : std::int64_t(std::uint64_t(a) << b);
}
std::int64_t shiftRight(std::int64_t a, std::int64_t b)
{
    return b < 0 || b >= 64 ? (a < 0 ? -1 : 0) : a >> b;
}

Tensor floatBinary(BinaryOp op, const Tensor &a, const Tensor &b, DType out)
{
    switch (op) {
    case BinaryOp::Add:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return x + y; });
    case BinaryOp::Sub:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return x - y; });
    case BinaryOp::Mul:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return x * y; });
    case BinaryOp::Div:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return x / y; });
    case BinaryOp::FloorDiv:
        return binaryLoop<double>(a, b, out, floorDivide);
    case BinaryOp::Remainder:
        return binaryLoop<double>(a, b, out, remainder);
    case BinaryOp::Fmod:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return std::fmod(x, y); });
    case BinaryOp::Pow:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return std::pow(x, y); });
    case BinaryOp::Eq:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return double(x == y); });
    case BinaryOp::Ne:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return double(x != y); });
    case BinaryOp::Lt:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return double(x < y); });
    case BinaryOp::Le:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return double(x <= y); });
    case BinaryOp::Gt:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return double(x > y); });
    case BinaryOp::Ge:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return double(x >= y); });
    case BinaryOp::LogicalAnd:
        return binaryLoop<double>(
            a, b, out, [](double x, double y) { return double(x != 0 && y != 0); });
    case BinaryOp::LogicalOr:
        return binaryLoop<double>(
            a, b, out, [](double x, double y) { return double(x != 0 || y != 0); });
    case BinaryOp::LogicalXor:
        return binaryLoop<double>(
            a, b, out, [](double x, double y) { return double((x != 0) != (y != 0)); });
    case BinaryOp::Maximum:
        return binaryLoop<double>(a, b, out, [](double x, double y) {
            return std::isnan(x) || std::isnan(y) ? std::numeric_limits<double>::quiet_NaN()
                                                  : std::max(x, y);
        });
    case BinaryOp::Minimum:
        return binaryLoop<double>(a, b, out, [](double x, double y) {
            return std::isnan(x) || std::isnan(y) ? std::numeric_limits<double>::quiet_NaN()
                                                  : std::min(x, y);
        });
    case BinaryOp::Atan2:
        return binaryLoop<double>(a, b, out, [](double x, double y) { return std::atan2(x, y); });
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor:
    case BinaryOp::Shl:
    case BinaryOp::Shr:
        break;
    }
    runtimeError("\"" + std::string(binaryOpName(op)) + "_cpu\" not implemented for 'Float'");
}

[[noreturn]] void zeroDivision()
{
    runtimeError("ZeroDivisionError");
}

Tensor intBinary(BinaryOp op, const Tensor &a, const Tensor &b, DType out)
{
    using I = std::int64_t;
    switch (op) {
    case BinaryOp::Add:
        return binaryLoop<I>(
            a, b, out, [](I x, I y) { return I(std::uint64_t(x) + std::uint64_t(y)); });
    case BinaryOp::Sub:
        return binaryLoop<I>(
            a, b, out, [](I x, I y) { return I(std::uint64_t(x) - std::uint64_t(y)); });
    case BinaryOp::Mul:
        return binaryLoop<I>(
            a, b, out, [](I x, I y) { return I(std::uint64_t(x) * std::uint64_t(y)); });
    case BinaryOp::FloorDiv:
        return binaryLoop<I>(a, b, out, [](I x, I y) {
            if (y == 0)
                zeroDivision();
            if (y == -1)
                return I(0 - std::uint64_t(x));
            I q = x / y;
            if ((x % y != 0) && ((x < 0) != (y < 0)))
                --q;
            return q;
        });
    case BinaryOp::Remainder:
        return binaryLoop<I>(a, b, out, [](I x, I y) {
            if (y == 0)
                zeroDivision();
            if (y == -1)
                return I(0);
            I r = x % y;
            if (r != 0 && ((r < 0) != (y < 0)))
                r += y;
            return r;
        });
    case BinaryOp::Fmod:
        return binaryLoop<I>(a, b, out, [](I x, I y) {
            if (y == 0)
                zeroDivision();
            return y == -1 ? I(0) : x % y;
        });
    case BinaryOp::Pow:
        return binaryLoop<I>(a, b, out, intPow);
    case BinaryOp::Eq:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x == y); });
    case BinaryOp::Ne:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x != y); });
    case BinaryOp::Lt:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x < y); });
    case BinaryOp::Le:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x <= y); });
    case BinaryOp::Gt:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x > y); });
    case BinaryOp::Ge:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x >= y); });
    case BinaryOp::BitAnd:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return x & y; });
    case BinaryOp::BitOr:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return x | y; });
    case BinaryOp::BitXor:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return x ^ y; });
    case BinaryOp::Shl:
        return binaryLoop<I>(a, b, out, shiftLeft);
    case BinaryOp::Shr:
        return binaryLoop<I>(a, b, out, shiftRight);
    case BinaryOp::LogicalAnd:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x != 0 && y != 0); });
    case BinaryOp::LogicalOr:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I(x != 0 || y != 0); });
    case BinaryOp::LogicalXor:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return I((x != 0) != (y != 0)); });
    case BinaryOp::Maximum:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return std::max(x, y); });
    case BinaryOp::Minimum:
        return binaryLoop<I>(a, b, out, [](I x, I y) { return std::min(x, y); });
    case BinaryOp::Div:
    case BinaryOp::Atan2:
        break;
    }
    return floatBinary(op, a, b, out);
}

} // namespace

Tensor binary(BinaryOp op, const Tensor &a, const Tensor &b)
{
    const Tensor operands[] = {a, b};
    const DType common = resultType(operands);
    const ResultRule rule = kBinaryRows[int(op)].rule;
    if (op == BinaryOp::Sub && isBool(common))
        runtimeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use "
                     "the `^` or `logical_xor()` operator instead.");
    // torch has no fp8 arithmetic: only equality comparisons work on fp8 tensors.
    if ((rule == ResultRule::Bitwise && isFloat(common))
        || (isFp8(common) && op != BinaryOp::Eq && op != BinaryOp::Ne))
        runtimeError("\"" + std::string(binaryOpName(op)) + "_cpu\" not implemented for '"
                     + scalarTypeName(common) + "'");
    if (op == BinaryOp::Pow && !isFloat(common)) {
        // Integer base to a negative integer power is an error in torch.
        if (!isFloat(b.dtype()))
            for (std::int64_t v : toInts(b))
                if (v < 0)
                    runtimeError("Integers to negative integer powers are not allowed.");
    }
    // Integer division by zero is torch's error on the CPU; checked before a device kernel runs.
    if ((op == BinaryOp::FloorDiv || op == BinaryOp::Remainder || op == BinaryOp::Fmod)
        && !isFloat(common) && !isFloat(b.dtype()))
        for (std::int64_t v : toInts(b))
            if (v == 0)
                zeroDivision();
    DType out = common;
    if (rule == ResultRule::Compare || rule == ResultRule::Logical)
        out = DType::I1;
    else if (rule == ResultRule::TrueDiv && !isFloat(common))
        out = DType::F32;
    if (DeviceOps *device = deviceOpsFor({&a, &b})) {
        if (auto r = device->binary(op, a, b, common, out))
            return *r;
        device->hostFallback(binaryOpName(op));
    }
    const bool floatMath = isFloat(common) || rule == ResultRule::TrueDiv;
    return floatMath ? floatBinary(op, a, b, out) : intBinary(op, a, b, out);
}

namespace {
bool canCast(DType from, DType to)
{
    if (isFloat(from) && !isFloat(to))
        return false;
    if (!isBool(from) && isBool(to))
        return false;
    return true;
}
} // namespace

Tensor binaryInPlace(BinaryOp op, const Tensor &self, const Tensor &other)
{
    const Tensor r = binary(op, self, other);
    if (!canCast(r.dtype(), self.dtype()))
        runtimeError("result type " + scalarTypeName(r.dtype())
                     + " can't be cast to the desired output type " + scalarTypeName(self.dtype()));
    if (r.shape() != self.shape())
        runtimeError("output with shape " + formatShapeList(self.shape())
                     + " doesn't match the broadcast shape " + formatShapeList(r.shape()));
    self.copyFrom(r);
    return self;
}

// ---- unary ----

namespace {

double sigmoid(double x)
{
    return 1.0 / (1.0 + std::exp(-x));
}

double unaryFloat(UnaryOp op, double x)
{
    switch (op) {
    case UnaryOp::Neg:
        return -x;
    case UnaryOp::Abs:
        return std::abs(x);
    case UnaryOp::Sign:
        return std::isnan(x) ? x : double((x > 0) - (x < 0));
    case UnaryOp::Floor:
        return std::floor(x);
    case UnaryOp::Ceil:
        return std::ceil(x);
    case UnaryOp::Round:
        return std::nearbyint(x);
    case UnaryOp::Trunc:
        return std::trunc(x);
    case UnaryOp::Relu:
        return std::isnan(x) ? x : (x > 0 ? x : 0.0);
    case UnaryOp::BitwiseNot:
        return x;
    case UnaryOp::LogicalNot:
        return double(x == 0);
    case UnaryOp::Exp:
        return std::exp(x);
    case UnaryOp::Exp2:
        return std::exp2(x);
    case UnaryOp::Expm1:
        return std::expm1(x);
    case UnaryOp::Log:
        return std::log(x);
    case UnaryOp::Log2:
        return std::log2(x);
    case UnaryOp::Log10:
        return std::log10(x);
    case UnaryOp::Log1p:
        return std::log1p(x);
    case UnaryOp::Sqrt:
        return std::sqrt(x);
    case UnaryOp::Rsqrt:
        return 1.0 / std::sqrt(x);
    case UnaryOp::Reciprocal:
        return 1.0 / x;
    case UnaryOp::Sigmoid:
        return sigmoid(x);
    case UnaryOp::Tanh:
        return std::tanh(x);
    case UnaryOp::Sin:
        return std::sin(x);
    case UnaryOp::Cos:
        return std::cos(x);
    case UnaryOp::Tan:
        return std::tan(x);
    case UnaryOp::Erf:
        return std::erf(x);
    case UnaryOp::Silu:
        return x * sigmoid(x);
    case UnaryOp::GeluErf:
        return 0.5 * x * (1.0 + std::erf(x / std::numbers::sqrt2));
    case UnaryOp::GeluTanh: {
        const double k = std::sqrt(2.0 / std::numbers::pi);
        return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
    }
    case UnaryOp::IsNan:
        return double(std::isnan(x));
    case UnaryOp::IsInf:
        return double(std::isinf(x));
    case UnaryOp::IsFinite:
        return double(std::isfinite(x));
    }
    return x;
}

std::int64_t unaryInt(UnaryOp op, std::int64_t x, bool isBoolInput)
{
    switch (op) {
    case UnaryOp::Neg:
        return std::int64_t(0 - std::uint64_t(x));
    case UnaryOp::Abs:
        return x < 0 ? std::int64_t(0 - std::uint64_t(x)) : x;
    case UnaryOp::Sign:
        return (x > 0) - (x < 0);
    case UnaryOp::Relu:
        return x > 0 ? x : 0;
    case UnaryOp::BitwiseNot:
        return isBoolInput ? std::int64_t(x == 0) : ~x;
    case UnaryOp::LogicalNot:
        return x == 0;
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
        return 0;
    case UnaryOp::IsFinite:
        return 1;
    default:
        return x; // floor, ceil, round, trunc: identity on integers
    }
}

} // namespace

Tensor unary(UnaryOp op, const Tensor &x)
{
    const DType in = x.isWrappedNumber() && isFloat(x.dtype()) ? DType::F64 : x.dtype();
    if (op == UnaryOp::Neg && isBool(in))
        runtimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are "
                     "trying to invert a mask, use the `~` or `logical_not()` operator instead.");
    if ((op == UnaryOp::BitwiseNot && isFloat(in)) || isFp8(in))
        runtimeError("\"" + std::string(isFp8(in) ? unaryOpName(op) : "bitwise_not")
                     + "_cpu\" not implemented for '" + scalarTypeName(in) + "'");
    DType out = in;
    if (kUnaryRows[int(op)].intToFloat && !isFloat(in))
        out = DType::F32;
    if (op == UnaryOp::IsNan || op == UnaryOp::IsInf || op == UnaryOp::IsFinite
        || op == UnaryOp::LogicalNot)
        out = DType::I1;
    if (DeviceOps *device = deviceOpsFor({&x})) {
        if (auto r = device->unary(op, x, out))
            return *r;
        device->hostFallback(unaryOpName(op));
    }
    Tensor result = Tensor::allocate(x.shape(), out, x.device());
    const Shape so = contiguousStrides(x.shape());
    const std::byte *px = x.storage()->data();
    std::byte *po = result.data();
    const std::int64_t ex = x.elementSize(), eo = result.elementSize();
    if (isFloat(in) || isFloat(out)) {
        const ReadDoubleFn r = readDoubleFn(in);
        const WriteDoubleFn w = writeDoubleFn(out);
        forEachOffset<2>(x.shape(),
                         {x.strides().data(), so.data()},
                         {x.storageOffset(), 0},
                         [&](const std::array<std::int64_t, 2> &o) {
                             w(po + o[1] * eo, unaryFloat(op, r(px + o[0] * ex)));
                         });
    } else {
        const ReadIntFn r = readIntFn(in);
        const WriteIntFn w = writeIntFn(out);
        const bool boolIn = isBool(in);
        forEachOffset<2>(x.shape(),
                         {x.strides().data(), so.data()},
                         {x.storageOffset(), 0},
                         [&](const std::array<std::int64_t, 2> &o) {
                             w(po + o[1] * eo, unaryInt(op, r(px + o[0] * ex), boolIn));
                         });
    }
    return result;
}

// ---- where, clamp, masked_fill ----

Tensor where(const Tensor &cond, const Tensor &a, const Tensor &b)
{
    if (!isBool(cond.dtype()))
        runtimeError("where expected condition to be a boolean tensor, but got a tensor with dtype "
                     + scalarTypeName(cond.dtype()));
    const Tensor operands[] = {a, b};
    const DType out = resultType(operands);
    const Shape shape = broadcastShapes(cond.shape(), broadcastShapes(a.shape(), b.shape()));
    if (DeviceOps *device = deviceOpsFor({&cond, &a, &b})) {
        if (auto r = device->where(cond, a, b, out))
            return *r;
        device->hostFallback("where");
    }
    const Tensor ca = a.to(out).expand(shape), cb = b.to(out).expand(shape);
    const Tensor cc = cond.expand(shape);
    Tensor result = Tensor::allocate(shape, out, deviceOf({&cond, &a, &b}));
    const std::vector<std::int64_t> c = toInts(cc);
    const std::int64_t es = result.elementSize();
    const Tensor flatA = ca.contiguous(), flatB = cb.contiguous();
    for (std::size_t i = 0; i < c.size(); ++i)
        std::memcpy(result.data() + std::int64_t(i) * es,
                    (c[i] ? flatA : flatB).data() + std::int64_t(i) * es,
                    std::size_t(es));
    return result;
}

Tensor clamp(const Tensor &x, const std::optional<Tensor> &min, const std::optional<Tensor> &max)
{
    if (!min && !max)
        runtimeError("torch.clamp: At least one of 'min' or 'max' must not be None");
    std::vector<Tensor> operands{x};
    if (min)
        operands.push_back(*min);
    if (max)
        operands.push_back(*max);
    const DType out = resultType(operands);
    Tensor r = x.to(out);
    if (min)
        r = binary(BinaryOp::Maximum, r, *min).to(out);
    if (max)
        r = binary(BinaryOp::Minimum, r, *max).to(out);
    return r;
}

Tensor maskedFill(const Tensor &x, const Tensor &mask, const Tensor &value)
{
    if (!isBool(mask.dtype()))
        runtimeError("masked_fill_ only supports boolean masks, but got mask with dtype "
                     + std::string(dtypeTorchName(mask.dtype())));
    if (value.dim() != 0)
        runtimeError("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                     + std::to_string(value.dim()) + " dimension(s).");
    const Shape shape = broadcastShapes(x.shape(), mask.shape());
    Tensor out = x.expand(shape).clone();
    const std::vector<std::int64_t> m = toInts(mask.expand(shape));
    Tensor v = Tensor::allocate({}, out.dtype(), out.device());
    v.copyFrom(value);
    const std::int64_t es = out.elementSize();
    for (std::size_t i = 0; i < m.size(); ++i)
        if (m[i])
            std::memcpy(out.data() + std::int64_t(i) * es, v.data(), std::size_t(es));
    return out;
}

} // namespace tsm::tensor
