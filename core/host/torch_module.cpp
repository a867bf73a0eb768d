// The `torch` module: dtypes, devices, tensor creation, random numbers, joins, tensor-first
// functions from the shared registry, and small utilities (finfo, no_grad, set_printoptions).

#include "core/host/torch_module.h"

#include "core/host/py_exception.h"
#include "core/host/torch_args.h"
#include "core/host/torch_functions.h"
#include "core/host/torch_objects.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_format.h"
#include "core/tensor/tensor_ops.h"

#include <cmath>
#include <limits>

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

const tensor::Tensor *numpyArrayTensor(const Value &v); // numpy_module.cpp

namespace {

/// The keyword options every creation function takes.
struct Creation
{
    std::optional<DType> dtype;
    tensor::Device device;
};

Creation
creationOptions(CallArgs &args, std::string_view fn, std::vector<std::string_view> extra = {})
{
    Creation c;
    for (const Kwarg &k : args.keywords) {
        if (k.name == "dtype")
            c.dtype = toDType(k.value);
        else if (k.name == "device")
            c.device = toDevice(k.value).value_or(tensor::Device{});
        else if (k.name == "requires_grad") {
            if (truthy(k.value))
                throwUnsupported("autograd (requires_grad=True)");
        } else if (k.name == "pin_memory" || k.name == "layout" || k.name == "memory_format"
                   || k.name == "generator" || (k.name == "out" && k.value.isNone())) {
        } else if (std::find(extra.begin(), extra.end(), k.name) == extra.end()) {
            throwTypeError(std::string(fn) + "() got an unexpected keyword argument '" + k.name
                           + "'");
        }
    }
    return c;
}

/// torch.empty / zeros / ones / rand / randn (*size, dtype=, device=).
template <int Kind> Value sizedCreation(CallArgs &args)
{
    static constexpr std::string_view names[] = {"empty", "zeros", "ones", "rand", "randn"};
    Creation c = creationOptions(args, names[Kind], {"size"});
    tensor::Shape shape
        = args.keyword("size") ? toShape(*args.keyword("size")) : toShape(args.positional);
    DType d = c.dtype.value_or(T::kDefaultFloat);
    return guardTensor([&] {
        switch (Kind) {
        case 0: // torch.empty: no bytes to upload to a GPU (garbage there, as in PyTorch)
            return tensorValue(
                Tensor::allocate(shape, d, c.device, tensor::Storage::Init::Undefined));
        case 1:
            return tensorValue(T::zeros(shape, d, c.device));
        case 2:
            return tensorValue(T::ones(shape, d, c.device));
        case 3:
            return tensorValue(T::rand(shape, d, c.device));
        default:
            return tensorValue(T::randn(shape, d, c.device));
        }
    });
}

/// torch.empty_like / zeros_like / ones_like / rand_like / randn_like (input, dtype=, device=).
template <int Kind> Value likeCreation(CallArgs &args)
{
    static constexpr std::string_view names[]
        = {"empty_like", "zeros_like", "ones_like", "rand_like", "randn_like"};
    if (args.positional.size() != 1)
        throwTypeError(std::string(names[Kind]) + "() takes 1 positional argument");
    Tensor like = toTensor(args[0]);
    std::optional<DType> dtype;
    std::optional<tensor::Device> device;
    for (const Kwarg &k : args.keywords) {
        if (k.name == "dtype")
            dtype = toDType(k.value);
        else if (k.name == "device")
            device = toDevice(k.value);
    }
    return guardTensor([&] {
        switch (Kind) {
        case 0:
            return tensorValue(Tensor::allocate(like.shape(), dtype.value_or(like.dtype()),
                                                device.value_or(like.device()),
                                                tensor::Storage::Init::Undefined));
        case 1:
            return tensorValue(T::zerosLike(like, dtype, device));
        case 2:
            return tensorValue(T::onesLike(like, dtype, device));
        case 3: {
            Tensor r = T::randLike(like, dtype);
            return tensorValue(device ? r.to(*device) : r);
        }
        default: {
            Tensor r = T::randnLike(like, dtype);
            return tensorValue(device ? r.to(*device) : r);
        }
        }
    });
}

Value fullFn(CallArgs &args)
{
    Creation c = creationOptions(args, "full", {"size", "fill_value"});
    auto v = CallArgs(args.interp, args.positional, {})
                 .bind("full", {{"size", Value()}, {"fill_value", Value()}});
    Value size = args.keyword("size") ? *args.keyword("size") : v[0];
    Value fill = args.keyword("fill_value") ? *args.keyword("fill_value") : v[1];
    return guardTensor(
        [&] { return tensorValue(T::full(toShape(size), toScalar(fill), c.dtype, c.device)); });
}

Value fullLikeFn(CallArgs &args)
{
    Creation c = creationOptions(args, "full_like");
    expectCount(args, "full_like", 2, 2);
    Tensor like = toTensor(args[0]);
    std::optional<tensor::Device> device;
    if (args.keyword("device"))
        device = c.device;
    return guardTensor(
        [&] { return tensorValue(T::fullLike(like, toScalar(args[1]), c.dtype, device)); });
}

Value tensorFn(CallArgs &args)
{
    Creation c = creationOptions(args, "tensor");
    expectCount(args, "tensor", 1, 1);
    if (const Tensor *t = tensorOf(args[0]))
        return guardTensor(
            [&] { return tensorValue(t->to(c.dtype.value_or(t->dtype()), true).to(c.device)); });
    return guardTensor(
        [&] { return tensorValue(T::fromNested(toNested(args[0]), c.dtype, c.device)); });
}

Value asTensorFn(CallArgs &args)
{
    if (args.size() == 1 && tensorOf(args[0]) && args.keywords.empty())
        return args[0];
    if (args.size() == 1)
        if (const Tensor *t = numpyArrayTensor(args[0])) {
            Creation c = creationOptions(args, "as_tensor");
            return guardTensor(
                [&] { return tensorValue(t->to(c.dtype.value_or(t->dtype())).to(c.device)); });
        }
    return tensorFn(args);
}

Value arangeFn(CallArgs &args)
{
    Creation c = creationOptions(args, "arange", {"start", "end", "step"});
    std::vector<Value> p = args.positional;
    if (const Value *v = args.keyword("start"))
        p.insert(p.begin(), *v);
    if (const Value *v = args.keyword("end"))
        p.push_back(*v);
    if (const Value *v = args.keyword("step"))
        p.push_back(*v);
    if (p.empty() || p.size() > 3)
        throwTypeError("arange() received an invalid combination of arguments");
    T::Scalar start = T::Scalar::fromInt(0), step = T::Scalar::fromInt(1), end;
    if (p.size() == 1)
        end = toScalar(p[0]);
    else {
        start = toScalar(p[0]);
        end = toScalar(p[1]);
        if (p.size() == 3)
            step = toScalar(p[2]);
    }
    return guardTensor([&] { return tensorValue(T::arange(start, end, step, c.dtype, c.device)); });
}

Value linspaceFn(CallArgs &args)
{
    Creation c = creationOptions(args, "linspace", {"start", "end", "steps"});
    auto v = CallArgs(args.interp, args.positional, {})
                 .bind("linspace", {{"start"}, {"end"}, {"steps"}});
    return guardTensor([&] {
        return tensorValue(
            T::linspace(toDouble(v[0]), toDouble(v[1]), toIndex(v[2]), c.dtype, c.device));
    });
}

Value eyeFn(CallArgs &args)
{
    Creation c = creationOptions(args, "eye");
    expectCount(args, "eye", 1, 2);
    std::optional<std::int64_t> m;
    if (args.size() == 2)
        m = toIndex(args[1]);
    return guardTensor([&] {
        return tensorValue(
            T::eye(toIndex(args[0]), m, c.dtype.value_or(T::kDefaultFloat), c.device));
    });
}

Value randintFn(CallArgs &args)
{
    Creation c = creationOptions(args, "randint", {"low", "high", "size"});
    std::vector<Value> p = args.positional;
    std::int64_t low = 0, high;
    Value size;
    if (const Value *s = args.keyword("size"))
        size = *s;
    else if (!p.empty()) {
        size = p.back();
        p.pop_back();
    }
    if (const Value *h = args.keyword("high"))
        p.push_back(*h);
    if (const Value *l = args.keyword("low"))
        p.insert(p.begin(), *l);
    if (p.size() == 1)
        high = toIndex(p[0]);
    else if (p.size() == 2) {
        low = toIndex(p[0]);
        high = toIndex(p[1]);
    } else
        throwTypeError("randint() received an invalid combination of arguments");
    return guardTensor([&] {
        return tensorValue(
            T::randint(low, high, toShape(size), c.dtype.value_or(DType::I64), c.device));
    });
}

Value randintLikeFn(CallArgs &args)
{
    Creation c = creationOptions(args, "randint_like", {"low", "high"});
    expectCount(args, "randint_like", 2, 3);
    Tensor like = toTensor(args[0]);
    std::int64_t low = 0, high = toIndex(args[1]);
    if (args.size() == 3) {
        low = high;
        high = toIndex(args[2]);
    }
    return guardTensor([&] { return tensorValue(T::randintLike(like, low, high, c.dtype)); });
}

Value randpermFn(CallArgs &args)
{
    Creation c = creationOptions(args, "randperm");
    expectCount(args, "randperm", 1, 1);
    return guardTensor([&] {
        return tensorValue(T::randperm(toIndex(args[0]), c.dtype.value_or(DType::I64), c.device));
    });
}

Value emptyStridedFn(CallArgs &args)
{
    Creation c = creationOptions(args, "empty_strided");
    expectCount(args, "empty_strided", 2, 2);
    tensor::Shape shape = toShape(args[0]), strides = toShape(args[1]);
    if (shape.size() != strides.size())
        throwPy("RuntimeError", "mismatch in length of strides and shape");
    std::int64_t extent = 1;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == 0)
            extent = 0;
        if (extent)
            extent += (shape[i] - 1) * strides[i];
    }
    DType d = c.dtype.value_or(T::kDefaultFloat);
    auto storage = std::make_shared<tensor::Storage>(std::size_t(std::max<std::int64_t>(extent, 1))
                                                         * dtypeBytes(d),
                                                     tensor::Storage::Init::Undefined);
    return tensorValue(Tensor(storage, d, shape, strides, 0, c.device));
}

std::vector<Tensor> tensorList(const Value &v)
{
    std::vector<Tensor> out;
    for (const Value &item : iterateToVector(v))
        out.push_back(toTensor(item, "tensors"));
    return out;
}

template <bool Stack> Value joinFn(CallArgs &args)
{
    auto v = args.bind(Stack ? "stack" : "cat", {{"tensors"}, {"dim", Value::integer(0)}});
    auto ts = tensorList(v[0]);
    return guardTensor([&] {
        return tensorValue(Stack ? T::stack(ts, toIndex(v[1])) : T::cat(ts, toIndex(v[1])));
    });
}

Value manualSeedFn(CallArgs &args)
{
    args.expectPositional("manual_seed", 1, 1);
    T::manualSeed(std::uint64_t(toIndex(args[0])));
    return Value();
}

Value finfoFn(CallArgs &args)
{
    args.expectPositional("finfo", 0, 1);
    DType d = args.size() ? *toDType(args[0]) : T::kDefaultFloat;
    if (!isFloat(d))
        throwTypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to "
                       "handle 'torch.finfo'");
    auto r = std::make_shared<RecordObject>("finfo");
    double eps, max, tiny, res;
    switch (d) {
    case DType::F16:
        eps = 0.0009765625, max = 65504.0, tiny = 6.103515625e-05, res = 0.001;
        break;
    case DType::BF16:
        eps = 0.0078125, max = 3.3895313892515355e38, tiny = 1.1754943508222875e-38, res = 0.01;
        break;
    case DType::F8E4:
        eps = 0.125, max = 448.0, tiny = 0.015625, res = 1.0;
        break;
    case DType::F8E5:
        eps = 0.25, max = 57344.0, tiny = 6.103515625e-05, res = 1.0;
        break;
    case DType::F32:
        eps = std::numeric_limits<float>::epsilon(), max = std::numeric_limits<float>::max(),
        tiny = std::numeric_limits<float>::min(), res = 1e-6;
        break;
    default:
        eps = std::numeric_limits<double>::epsilon(), max = std::numeric_limits<double>::max(),
        tiny = std::numeric_limits<double>::min(), res = 1e-15;
    }
    r->set("resolution", Value::real(res));
    r->set("min", Value::real(-max));
    r->set("max", Value::real(max));
    r->set("eps", Value::real(eps));
    r->set("smallest_normal", Value::real(tiny));
    r->set("tiny", Value::real(tiny));
    r->set("dtype", Value::str(std::string(dtypeName(d))));
    r->set("bits", Value::integer(dtypeBits(d)));
    return Value::fromObject(r);
}

Value iinfoFn(CallArgs &args)
{
    args.expectPositional("iinfo", 1, 1);
    DType d = *toDType(args[0]);
    if (isFloat(d))
        throwTypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                       "'torch.iinfo'");
    auto r = std::make_shared<RecordObject>("iinfo");
    int bits = dtypeBits(d);
    std::int64_t lo = 0, hi = 1;
    if (d != DType::I1) {
        if (isSigned(d)) {
            lo = bits == 64 ? std::numeric_limits<std::int64_t>::min()
                            : -(std::int64_t(1) << (bits - 1));
            hi = bits == 64 ? std::numeric_limits<std::int64_t>::max()
                            : (std::int64_t(1) << (bits - 1)) - 1;
        } else {
            hi = bits >= 64 ? std::numeric_limits<std::int64_t>::max()
                            : (std::int64_t(1) << bits) - 1;
        }
    }
    r->set("min", Value::integer(lo));
    r->set("max", Value::integer(hi));
    r->set("bits", Value::integer(bits));
    r->set("dtype", Value::str(std::string(dtypeName(d))));
    return Value::fromObject(r);
}

/// torch.no_grad() / inference_mode() / enable_grad(): a context manager and decorator.
class GradModeObject final : public Object
{
public:
    std::string_view typeName() const override { return "no_grad"; }
    Value enter() override { return Value(); }
    bool exit(const PyException *) override { return false; }
    bool callable() const override { return true; }
    Value call(CallArgs &args) override
    {
        args.expectPositional("no_grad", 1, 1);
        return args[0]; // used as a decorator: the function itself (there is no autograd)
    }
};

Value setPrintOptionsFn(CallArgs &args)
{
    auto v = args.bind("set_printoptions",
                       {{"precision", Value()},
                        {"threshold", Value()},
                        {"edgeitems", Value()},
                        {"linewidth", Value()},
                        {"profile", Value()},
                        {"sci_mode", Value()}});
    T::PrintOptions &o = T::printOptions();
    if (v[4].isStr()) {
        T::resetPrintOptions();
        if (v[4].asStr() == "short")
            o.precision = 2, o.threshold = 1000, o.edgeitems = 2;
        else if (v[4].asStr() == "full")
            o.threshold = std::numeric_limits<std::int64_t>::max();
    }
    if (!v[0].isNone())
        o.precision = int(toIndex(v[0]));
    if (!v[1].isNone())
        o.threshold = v[1].isFloat() && std::isinf(v[1].asFloat())
                          ? std::numeric_limits<std::int64_t>::max()
                          : std::int64_t(toDouble(v[1]));
    if (!v[2].isNone())
        o.edgeitems = toIndex(v[2]);
    if (!v[3].isNone())
        o.linewidth = toIndex(v[3]);
    if (!v[5].isNone())
        o.sciMode = truthy(v[5]);
    else if (!v[4].isNone())
        o.sciMode.reset();
    return Value();
}

Value deviceCtor(CallArgs &args)
{
    args.expectPositional("device", 1, 2);
    if (args.size() == 2) {
        auto base = tensor::Device::parse(args[0].isStr() ? args[0].asStr() : "");
        if (!base)
            throwPy("RuntimeError",
                    "Expected one of cpu, cuda device type at start of device "
                    "string");
        return Value::make<DeviceObject>(base->kind, int(toIndex(args[1])));
    }
    if (args[0].as<DeviceObject>())
        return args[0];
    if (args[0].isInt())
        return Value::make<DeviceObject>(tensor::Device::Kind::Cuda, int(args[0].asInt()));
    std::string s = args[0].isStr() ? args[0].asStr() : "";
    auto d = tensor::Device::parse(s);
    if (!d)
        throwPy("RuntimeError",
                "Expected one of cpu, cuda device type at start of device string: " + s);
    std::optional<int> index;
    if (s.find(':') != std::string::npos)
        index = d->index;
    return Value::make<DeviceObject>(d->kind, index);
}

Value fromNumpyFn(CallArgs &args)
{
    args.expectPositional("from_numpy", 1, 1);
    const Tensor *t = numpyArrayTensor(args[0]);
    if (!t)
        throwTypeError("expected np.ndarray (got " + std::string(args[0].typeName()) + ")");
    return tensorValue(*t);
}

} // namespace

std::shared_ptr<LibraryModule> makeTorchModule()
{
    auto torch = makeLibraryModule("torch");
    using F = DTypeObject::Flavor;
#define DTYPE(Enum, TritonName, ShortName, TorchName, Bits, Kind)                                  \
    torch->set(TorchName, dtypeValue(DType::Enum, F::Torch));
#include "core/sema/dtypes.def"
    for (auto [alias, d] : {std::pair{"float", DType::F32},
                            {"half", DType::F16},
                            {"double", DType::F64},
                            {"long", DType::I64},
                            {"int", DType::I32},
                            {"short", DType::I16}})
        torch->set(alias, dtypeValue(d, F::Torch));

    for (const TensorFnEntry *e : torchFunctionEntries())
        torch->set(e->name, torchFunctionValue(*e));

    torch->def("empty", sizedCreation<0>);
    torch->def("zeros", sizedCreation<1>);
    torch->def("ones", sizedCreation<2>);
    torch->def("rand", sizedCreation<3>);
    torch->def("randn", sizedCreation<4>);
    torch->def("empty_like", likeCreation<0>);
    torch->def("zeros_like", likeCreation<1>);
    torch->def("ones_like", likeCreation<2>);
    torch->def("rand_like", likeCreation<3>);
    torch->def("randn_like", likeCreation<4>);
    torch->def("full", fullFn);
    torch->def("full_like", fullLikeFn);
    torch->def("tensor", tensorFn);
    torch->def("as_tensor", asTensorFn);
    torch->def("arange", arangeFn);
    torch->def("linspace", linspaceFn);
    torch->def("eye", eyeFn);
    torch->def("randint", randintFn);
    torch->def("randint_like", randintLikeFn);
    torch->def("randperm", randpermFn);
    torch->def("empty_strided", emptyStridedFn);
    torch->def("cat", joinFn<false>);
    torch->def("concat", joinFn<false>);
    torch->def("concatenate", joinFn<false>);
    torch->def("stack", joinFn<true>);
    torch->def("manual_seed", manualSeedFn);
    torch->def("seed", [](CallArgs &) { return Value::integer(std::int64_t(T::initialSeed())); });
    torch->def("initial_seed",
               [](CallArgs &) { return Value::integer(std::int64_t(T::initialSeed())); });
    torch->def("is_tensor", [](CallArgs &a) {
        a.expectPositional("is_tensor", 1, 1);
        return Value::boolean(tensorOf(a[0]) != nullptr);
    });
    torch->def("is_floating_point", [](CallArgs &a) {
        a.expectPositional("is_floating_point", 1, 1);
        return Value::boolean(isFloat(toTensor(a[0]).dtype()));
    });
    torch->def("get_default_dtype", [](CallArgs &) { return dtypeValue(T::kDefaultFloat); });
    torch->def("set_default_dtype", [](CallArgs &a) {
        a.expectPositional("set_default_dtype", 1, 1);
        if (toDType(a[0]) != T::kDefaultFloat)
            throwUnsupported("torch.set_default_dtype to anything but torch.float32");
        return Value();
    });
    torch->def("promote_types", [](CallArgs &a) {
        a.expectPositional("promote_types", 2, 2);
        return dtypeValue(T::promoteTypes(*toDType(a[0]), *toDType(a[1])));
    });
    torch->def("result_type", [](CallArgs &a) {
        a.expectPositional("result_type", 2, 2);
        std::vector<Tensor> ops{toTensor(a[0]), toTensor(a[1])};
        return guardTensor([&] { return dtypeValue(T::resultType(ops)); });
    });
    torch->def("finfo", finfoFn);
    torch->def("iinfo", iinfoFn);
    torch->def("set_printoptions", setPrintOptionsFn);
    torch->def("from_numpy", fromNumpyFn);
    for (const char *name : {"no_grad", "enable_grad", "inference_mode"})
        torch->def(name, [](CallArgs &) { return Value::make<GradModeObject>(); });
    torch->set("Tensor", makeLibraryType("Tensor"));
    torch->set("Size", makeLibraryType("Size", [](CallArgs &a) {
                   a.expectPositional("Size", 0, 1);
                   return Value::make<SizeObject>(a.size() ? toShape(a[0]) : tensor::Shape{});
               }));
    torch->set("dtype", makeLibraryType("dtype"));
    torch->set("device", makeLibraryType("device", deviceCtor));

    auto backends = makeLibraryModule("torch.backends");
    auto cudaBackend = makeLibraryModule("torch.backends.cuda");
    auto matmul = makeLibraryModule("torch.backends.cuda.matmul");
    matmul->set("allow_tf32", Value::boolean(false));
    matmul->set("allow_fp16_reduced_precision_reduction", Value::boolean(true));
    cudaBackend->set("matmul", Value::fromObject(matmul));
    auto cudnn = makeLibraryModule("torch.backends.cudnn");
    cudnn->set("allow_tf32", Value::boolean(true));
    cudnn->set("benchmark", Value::boolean(false));
    cudnn->set("deterministic", Value::boolean(false));
    backends->set("cuda", Value::fromObject(cudaBackend));
    // torch.set_float32_matmul_precision: "highest" keeps fp32 matmuls exact, "high" and
    // "medium" let them take tf32 (what allow_tf32 says; the eager GPU matmul reads it).
    // "medium" reads back as "medium" while allow_tf32 stays as it set it.
    auto medium = std::make_shared<bool>(false);
    torch->def("set_float32_matmul_precision", [matmul, medium](CallArgs &a) {
        a.expectPositional("set_float32_matmul_precision", 1, 1);
        if (!a[0].isStr())
            throwTypeError("set_float32_matmul_precision() expects a str");
        const std::string &p = a[0].asStr();
        if (p != "highest" && p != "high" && p != "medium")
            throwPy("RuntimeError", "Invalid precision " + p + ": expected 'highest', 'high' or 'medium'");
        matmul->set("allow_tf32", Value::boolean(p != "highest"));
        *medium = p == "medium";
        return Value();
    });
    torch->def("get_float32_matmul_precision", [matmul, medium](CallArgs &) {
        const Value *allow = matmul->find("allow_tf32");
        if (!allow || !truthy(*allow))
            return Value::str("highest");
        return Value::str(*medium ? "medium" : "high");
    });
    backends->set("cudnn", Value::fromObject(cudnn));
    torch->set("backends", Value::fromObject(backends));

    addTorchNnModules(*torch);
    addTorchTestingModules(*torch);
    return torch;
}

} // namespace tsm::host
