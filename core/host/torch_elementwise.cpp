// Elementwise torch functions and Tensor methods: every op of tensor_ops.def (exp, add, eq ...)
// with its in-place form (exp_, add_), and where / clamp / masked_fill / lerp-free extras.

#include "core/host/py_exception.h"
#include "core/host/torch_args.h"
#include "core/host/torch_functions.h"
#include "core/tensor/compare.h"
#include "core/tensor/tensor_ops.h"

#include <cmath>

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

namespace {

template <T::UnaryOp Op> Value unaryFn(const Tensor &self, CallArgs &args)
{
    args.expectPositional(T::unaryOpName(Op), 0, 0);
    return tensorValue(T::unary(Op, self));
}

template <T::UnaryOp Op> Value unaryInPlaceFn(const Tensor &self, CallArgs &args)
{
    args.expectPositional(std::string(T::unaryOpName(Op)) + "_", 0, 0);
    self.copyFrom(T::unary(Op, self));
    return tensorValue(self);
}

/// `other` scaled by alpha for add/sub (torch.add(x, y, alpha=2)).
Tensor scaledOther(const Value &other, const Value &alpha)
{
    Tensor o = toTensor(other, "other");
    if (alpha.isNone())
        return o;
    return T::binary(T::BinaryOp::Mul, o, Tensor::fromScalar(toScalar(alpha)));
}

template <T::BinaryOp Op> Value binaryFn(const Tensor &self, CallArgs &args)
{
    if constexpr (Op == T::BinaryOp::Add || Op == T::BinaryOp::Sub) {
        auto v = args.bind(T::binaryOpName(Op), {{"other"}, {"alpha", Value(), true}});
        return tensorValue(T::binary(Op, self, scaledOther(v[0], v[1])));
    } else {
        auto v = args.bind(T::binaryOpName(Op), {{"other"}});
        return tensorValue(T::binary(Op, self, toTensor(v[0], "other")));
    }
}

template <T::BinaryOp Op> Value binaryInPlaceFn(const Tensor &self, CallArgs &args)
{
    std::string name = std::string(T::binaryOpName(Op)) + "_";
    if constexpr (Op == T::BinaryOp::Add || Op == T::BinaryOp::Sub) {
        auto v = args.bind(name, {{"other"}, {"alpha", Value(), true}});
        return tensorValue(T::binaryInPlace(Op, self, scaledOther(v[0], v[1])));
    } else {
        auto v = args.bind(name, {{"other"}});
        return tensorValue(T::binaryInPlace(Op, self, toTensor(v[0], "other")));
    }
}

Value divFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("div", {{"other"}, {"rounding_mode", Value(), true}});
    Tensor other = toTensor(v[0], "other");
    if (v[1].isNone())
        return tensorValue(T::binary(T::BinaryOp::Div, self, other));
    std::string mode = v[1].isStr() ? v[1].asStr() : "";
    if (mode == "floor")
        return tensorValue(T::binary(T::BinaryOp::FloorDiv, self, other));
    if (mode == "trunc") {
        DType rt = T::resultType(std::vector<Tensor>{self, other});
        Tensor q = T::unary(T::UnaryOp::Trunc, T::binary(T::BinaryOp::Div, self, other));
        return tensorValue(q.to(rt));
    }
    throwPy("RuntimeError",
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' "
            "but found '"
                + mode + "'");
}

Value squareFn(const Tensor &self, CallArgs &args)
{
    args.expectPositional("square", 0, 0);
    return tensorValue(T::binary(T::BinaryOp::Mul, self, self));
}

Value whereFn(const Tensor &cond, CallArgs &args)
{
    auto v = args.bind("where", {{"input"}, {"other"}});
    return tensorValue(T::where(cond, toTensor(v[0], "input"), toTensor(v[1], "other")));
}

Value whereMethod(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("where", {{"condition"}, {"other"}});
    return tensorValue(T::where(toTensor(v[0], "condition"), self, toTensor(v[1], "other")));
}

std::optional<Tensor> optionalTensor(const Value &v)
{
    if (v.isNone())
        return std::nullopt;
    return toTensor(v);
}

Value clampFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("clamp", {{"min", Value()}, {"max", Value()}});
    if (v[0].isNone() && v[1].isNone())
        throwPy("RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not be None");
    return tensorValue(T::clamp(self, optionalTensor(v[0]), optionalTensor(v[1])));
}

Value clampInPlaceFn(const Tensor &self, CallArgs &args)
{
    Value r = clampFn(self, args);
    self.copyFrom(*tensorOf(r));
    return tensorValue(self);
}

Value maskedFillFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("masked_fill", {{"mask"}, {"value"}});
    return tensorValue(T::maskedFill(self, toTensor(v[0], "mask"), toTensor(v[1], "value")));
}

Value maskedFillInPlaceFn(const Tensor &self, CallArgs &args)
{
    Value r = maskedFillFn(self, args);
    self.copyFrom(*tensorOf(r));
    return tensorValue(self);
}

Value iscloseFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("isclose",
                       {{"other"},
                        {"rtol", Value::real(1e-5)},
                        {"atol", Value::real(1e-8)},
                        {"equal_nan", Value::boolean(false)}});
    return tensorValue(
        T::isclose(self, toTensor(v[0], "other"), toDouble(v[1]), toDouble(v[2]), truthy(v[3])));
}

Value equalFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("equal", {{"other"}});
    return Value::boolean(T::equal(self, toTensor(v[0], "other")));
}

Value nanToNumFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("nan_to_num",
                       {{"nan", Value::real(0.0)}, {"posinf", Value()}, {"neginf", Value()}});
    Tensor out = self.clone();
    double big = isFloat(self.dtype()) ? (self.dtype() == DType::F8E4   ? 448.0
                                          : self.dtype() == DType::F8E5 ? 57344.0
                                          : self.dtype() == DType::F16  ? 65504.0
                                          : self.dtype() == DType::BF16 ? 3.3895313892515355e38
                                          : self.dtype() == DType::F32  ? 3.4028234663852886e38
                                                                        : 1.7976931348623157e308)
                                       : 0.0;
    double nan = toDouble(v[0]);
    double pinf = v[1].isNone() ? big : toDouble(v[1]);
    double ninf = v[2].isNone() ? -big : toDouble(v[2]);
    Tensor flat = out.reshape({-1});
    for (std::int64_t i = 0; i < flat.numel(); ++i) {
        double x = flat.flatDouble(i);
        std::int64_t idx[1] = {i};
        if (std::isnan(x))
            flat.setDouble(idx, nan);
        else if (std::isinf(x))
            flat.setDouble(idx, x > 0 ? pinf : ninf);
    }
    return tensorValue(out);
}

} // namespace

void addElementwiseFns(std::vector<TensorFnEntry> &out)
{
    using E = TensorFnEntry;
#define UNARY_OP(Enum, TorchName, IntToFloat)                                                      \
    out.push_back({TorchName, &unaryFn<T::UnaryOp::Enum>, E::Both});                               \
    out.push_back({TorchName "_", &unaryInPlaceFn<T::UnaryOp::Enum>, E::Method});
#define BINARY_OP(Enum, TorchName, PyOperator, Result)                                             \
    out.push_back({TorchName, &binaryFn<T::BinaryOp::Enum>, E::Both});                             \
    out.push_back({TorchName "_", &binaryInPlaceFn<T::BinaryOp::Enum>, E::Method});
#include "core/tensor/tensor_ops.def"
    // Aliases torch users reach for.
    out.push_back({"negative", &unaryFn<T::UnaryOp::Neg>, E::Both});
    out.push_back({"absolute", &unaryFn<T::UnaryOp::Abs>, E::Both});
    out.push_back({"subtract", &binaryFn<T::BinaryOp::Sub>, E::Both});
    out.push_back({"multiply", &binaryFn<T::BinaryOp::Mul>, E::Both});
    out.push_back({"mul", &binaryFn<T::BinaryOp::Mul>, E::Both});
    out.push_back({"true_divide", &binaryFn<T::BinaryOp::Div>, E::Both});
    out.push_back({"greater", &binaryFn<T::BinaryOp::Gt>, E::Both});
    out.push_back({"less", &binaryFn<T::BinaryOp::Lt>, E::Both});
    out.push_back({"not_equal", &binaryFn<T::BinaryOp::Ne>, E::Both});
    out.push_back({"div", &divFn, E::Both});
    out.push_back({"divide", &divFn, E::Both});
    out.push_back({"square", &squareFn, E::Both});
    out.push_back({"where", &whereFn, E::Function});
    out.push_back({"where", &whereMethod, E::Method});
    out.push_back({"clamp", &clampFn, E::Both});
    out.push_back({"clip", &clampFn, E::Both});
    out.push_back({"clamp_", &clampInPlaceFn, E::Method});
    out.push_back({"masked_fill", &maskedFillFn, E::Both});
    out.push_back({"masked_fill_", &maskedFillInPlaceFn, E::Method});
    out.push_back({"isclose", &iscloseFn, E::Both});
    out.push_back({"equal", &equalFn, E::Both});
    out.push_back({"nan_to_num", &nanToNumFn, E::Both});
}

} // namespace tsm::host
