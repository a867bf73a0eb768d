// torch.nn.functional: silu, gelu, relu, softmax, log_softmax, layer_norm, rms_norm, dropout,
// cross_entropy, linear and friends, computed by core/tensor's reference ops.

#include "core/host/py_exception.h"
#include "core/host/torch_args.h"
#include "core/host/torch_module.h"
#include "core/tensor/tensor_ops.h"

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

namespace {

std::optional<Tensor> optionalTensor(const Value &v, std::string_view what)
{
    if (v.isNone())
        return std::nullopt;
    return toTensor(v, what);
}

template <T::UnaryOp Op> Value unaryInput(CallArgs &args, std::string_view name)
{
    auto v = args.bind(name, {{"input"}, {"inplace", Value::boolean(false)}});
    Tensor x = toTensor(v[0]);
    Tensor r = guardTensor([&] { return T::unary(Op, x); });
    if (truthy(v[1])) {
        guardTensor([&] {
            x.copyFrom(r);
            return 0;
        });
        return v[0];
    }
    return tensorValue(r);
}

/// softmax's dim=None legacy choice (torch._get_softmax_dim): 0 for 0-D, 1-D and 3-D, else 1.
std::int64_t softmaxDim(const Value &dim, const Tensor &x)
{
    if (!dim.isNone())
        return toIndex(dim);
    return (x.dim() == 0 || x.dim() == 1 || x.dim() == 3) ? 0 : 1;
}

template <bool Log> Value softmaxFn(CallArgs &args)
{
    auto v = args.bind(
        Log ? "log_softmax" : "softmax",
        {{"input"}, {"dim", Value()}, {"_stacklevel", Value::integer(3)}, {"dtype", Value()}});
    Tensor x = toTensor(v[0]);
    std::int64_t dim = softmaxDim(v[1], x);
    return guardTensor([&] {
        return tensorValue(Log ? T::logSoftmax(x, dim, toDType(v[3]))
                               : T::softmax(x, dim, toDType(v[3])));
    });
}

Value geluFn(CallArgs &args)
{
    auto v = args.bind("gelu", {{"input"}, {"approximate", Value::str("none"), true}});
    Tensor x = toTensor(v[0]);
    std::string approx = v[1].isStr() ? v[1].asStr() : "none";
    return guardTensor([&] { return tensorValue(T::gelu(x, approx)); });
}

Value layerNormFn(CallArgs &args)
{
    auto v = args.bind("layer_norm",
                       {{"input"},
                        {"normalized_shape"},
                        {"weight", Value()},
                        {"bias", Value()},
                        {"eps", Value::real(1e-5)}});
    Tensor x = toTensor(v[0]);
    tensor::Shape shape = toShape(v[1]);
    auto w = optionalTensor(v[2], "weight"), b = optionalTensor(v[3], "bias");
    return guardTensor([&] { return tensorValue(T::layerNorm(x, shape, w, b, toDouble(v[4]))); });
}

Value rmsNormFn(CallArgs &args)
{
    auto v = args.bind("rms_norm",
                       {{"input"}, {"normalized_shape"}, {"weight", Value()}, {"eps", Value()}});
    Tensor x = toTensor(v[0]);
    tensor::Shape shape = toShape(v[1]);
    auto w = optionalTensor(v[2], "weight");
    std::optional<double> eps;
    if (!v[3].isNone())
        eps = toDouble(v[3]);
    return guardTensor([&] { return tensorValue(T::rmsNorm(x, shape, w, eps)); });
}

Value dropoutFn(CallArgs &args)
{
    auto v = args.bind("dropout",
                       {{"input"},
                        {"p", Value::real(0.5)},
                        {"training", Value::boolean(true)},
                        {"inplace", Value::boolean(false)}});
    Tensor x = toTensor(v[0]);
    double p = toDouble(v[1]);
    if (p < 0 || p > 1)
        throwValueError("dropout probability has to be between 0 and 1, but got "
                        + std::to_string(p));
    return guardTensor([&] { return tensorValue(T::dropout(x, p, truthy(v[2]))); });
}

Value crossEntropyFn(CallArgs &args)
{
    auto v = args.bind("cross_entropy",
                       {{"input"},
                        {"target"},
                        {"weight", Value()},
                        {"size_average", Value()},
                        {"ignore_index", Value::integer(-100)},
                        {"reduce", Value()},
                        {"reduction", Value::str("mean")},
                        {"label_smoothing", Value::real(0.0)}});
    Tensor x = toTensor(v[0]), t = toTensor(v[1], "target");
    auto w = optionalTensor(v[2], "weight");
    std::string reduction = v[6].isStr() ? v[6].asStr() : "mean";
    return guardTensor([&] {
        return tensorValue(T::crossEntropy(x, t, reduction, toIndex(v[4]), toDouble(v[7]), w));
    });
}

Value linearFn(CallArgs &args)
{
    auto v = args.bind("linear", {{"input"}, {"weight"}, {"bias", Value()}});
    Tensor x = toTensor(v[0]), w = toTensor(v[1], "weight");
    auto b = optionalTensor(v[2], "bias");
    return guardTensor([&] {
        Tensor y = T::matmul(x, w.t());
        return tensorValue(b ? T::binary(T::BinaryOp::Add, y, *b) : y);
    });
}

Value leakyReluFn(CallArgs &args)
{
    auto v = args.bind(
        "leaky_relu",
        {{"input"}, {"negative_slope", Value::real(0.01)}, {"inplace", Value::boolean(false)}});
    Tensor x = toTensor(v[0]);
    return guardTensor([&] {
        Tensor zero = Tensor::fromScalar(T::Scalar::fromInt(0));
        Tensor neg = T::binary(T::BinaryOp::Mul, x, Tensor::fromScalar(toScalar(v[1])));
        return tensorValue(T::where(T::binary(T::BinaryOp::Gt, x, zero), x, neg));
    });
}

Value normalizeFn(CallArgs &args)
{
    auto v = args.bind("normalize",
                       {{"input"},
                        {"p", Value::real(2.0)},
                        {"dim", Value::integer(1)},
                        {"eps", Value::real(1e-12)}});
    if (toDouble(v[1]) != 2.0)
        throwUnsupported("F.normalize with p != 2");
    Tensor x = toTensor(v[0]);
    return guardTensor([&] {
        Tensor sq = T::sum(
            T::binary(T::BinaryOp::Mul, x, x), std::vector<std::int64_t>{toIndex(v[2])}, true);
        Tensor n = T::clamp(
            T::unary(T::UnaryOp::Sqrt, sq), Tensor::fromScalar(toScalar(v[3])), std::nullopt);
        return tensorValue(T::binary(T::BinaryOp::Div, x, n));
    });
}

} // namespace

void addTorchNnModules(LibraryModule &torch)
{
    auto nn = makeLibraryModule("torch.nn");
    auto F = makeLibraryModule("torch.nn.functional");
    F->def("silu", [](CallArgs &a) { return unaryInput<T::UnaryOp::Silu>(a, "silu"); });
    F->def("relu", [](CallArgs &a) { return unaryInput<T::UnaryOp::Relu>(a, "relu"); });
    F->def("sigmoid", [](CallArgs &a) { return unaryInput<T::UnaryOp::Sigmoid>(a, "sigmoid"); });
    F->def("tanh", [](CallArgs &a) { return unaryInput<T::UnaryOp::Tanh>(a, "tanh"); });
    F->def("gelu", geluFn);
    F->def("softmax", softmaxFn<false>);
    F->def("log_softmax", softmaxFn<true>);
    F->def("layer_norm", layerNormFn);
    F->def("rms_norm", rmsNormFn);
    F->def("dropout", dropoutFn);
    F->def("cross_entropy", crossEntropyFn);
    F->def("linear", linearFn);
    F->def("leaky_relu", leakyReluFn);
    F->def("normalize", normalizeFn);
    nn->set("functional", Value::fromObject(F));
    torch.set("nn", Value::fromObject(nn));
}

} // namespace tsm::host
