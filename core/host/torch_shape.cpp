// Shape, view, conversion and in-place fill methods of torch.Tensor (view, reshape, permute,
// to, float, cuda, item, tolist, copy_, fill_ ...) and their torch.* forms.

#include "core/host/host_context.h"
#include "core/host/py_exception.h"
#include "core/host/torch_args.h"
#include "core/host/torch_functions.h"
#include "core/host/torch_objects.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"

#include <cstdint>

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

Value numpyArrayValue(tensor::Tensor t); // numpy_module.cpp

namespace {

Value sizeFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("size", {{"dim", Value()}});
    if (v[0].isNone())
        return Value::make<SizeObject>(self.shape());
    return Value::integer(self.size(toIndex(v[0])));
}

Value strideFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("stride", {{"dim", Value()}});
    if (v[0].isNone()) {
        std::vector<Value> s;
        for (auto st : self.strides())
            s.push_back(Value::integer(st));
        return Value::tuple(std::move(s));
    }
    return Value::integer(self.stride(toIndex(v[0])));
}

#define TSM_NOARG(fnName, pyName, expr)                                                            \
    Value fnName(const Tensor &self, CallArgs &args)                                               \
    {                                                                                              \
        args.expectPositional(pyName, 0, 0);                                                       \
        return expr;                                                                               \
    }

TSM_NOARG(numelFn, "numel", Value::integer(self.numel()))
TSM_NOARG(dimFn, "dim", Value::integer(self.dim()))
TSM_NOARG(elementSizeFn, "element_size", Value::integer(self.elementSize()))
TSM_NOARG(isContiguousFn, "is_contiguous", Value::boolean(self.isContiguous()))
TSM_NOARG(isFloatingPointFn, "is_floating_point", Value::boolean(tsm::isFloat(self.dtype())))
TSM_NOARG(dataPtrFn,
          "data_ptr",
          Value::integer(std::int64_t(reinterpret_cast<std::uintptr_t>(self.data()))))
TSM_NOARG(storageOffsetFn, "storage_offset", Value::integer(self.storageOffset()))
TSM_NOARG(itemFn, "item", scalarValue(self.item()))
TSM_NOARG(tolistFn, "tolist", nestedValue(self.tolist()))
TSM_NOARG(contiguousFn, "contiguous", tensorValue(self.contiguous()))
TSM_NOARG(cloneFn, "clone", tensorValue(self.clone()))
TSM_NOARG(detachFn, "detach", tensorValue(self))
TSM_NOARG(tFn, "t", tensorValue(self.t()))
TSM_NOARG(cpuFn, "cpu", tensorValue(self.to(tensor::Device{})))
TSM_NOARG(zeroFn, "zero_", (self.fill(T::Scalar::fromInt(0)), tensorValue(self)))
#undef TSM_NOARG

Value viewFn(const Tensor &self, CallArgs &args)
{
    if (args.positional.size() == 1 && args.positional[0].as<DTypeObject>()) {
        // A bit reinterpretation over the same storage (same element size only).
        const DType d = args.positional[0].as<DTypeObject>()->dtype;
        if (dtypeBytes(d) != self.elementSize())
            throwUnsupported("Tensor.view(dtype) between element sizes that differ ("
                             + std::string(dtypeTorchName(self.dtype())) + " to "
                             + std::string(dtypeTorchName(d)) + ")");
        return tensorValue(
            Tensor(self.storage(), d, self.shape(), self.strides(), self.storageOffset(), self.device()));
    }
    return tensorValue(self.view(toShape(args.positional)));
}

Value reshapeFn(const Tensor &self, CallArgs &args)
{
    if (const Value *s = args.keyword("shape"))
        return tensorValue(self.reshape(toShape(*s)));
    return tensorValue(self.reshape(toShape(args.positional)));
}

Value viewAsFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("view_as", {{"other"}});
    return tensorValue(self.view(toTensor(v[0], "other").shape()));
}

Value reshapeAsFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("reshape_as", {{"other"}});
    return tensorValue(self.reshape(toTensor(v[0], "other").shape()));
}

Value expandFn(const Tensor &self, CallArgs &args)
{
    return tensorValue(self.expand(toShape(args.positional)));
}

Value expandAsFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("expand_as", {{"other"}});
    return tensorValue(self.expand(toTensor(v[0], "other").shape()));
}

Value flattenFn(const Tensor &self, CallArgs &args)
{
    auto v
        = args.bind("flatten", {{"start_dim", Value::integer(0)}, {"end_dim", Value::integer(-1)}});
    return tensorValue(self.flatten(toIndex(v[0]), toIndex(v[1])));
}

Value transposeFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("transpose", {{"dim0"}, {"dim1"}});
    return tensorValue(self.transpose(toIndex(v[0]), toIndex(v[1])));
}

Value permuteFn(const Tensor &self, CallArgs &args)
{
    tensor::Shape dims
        = args.keyword("dims") ? toShape(*args.keyword("dims")) : toShape(args.positional);
    return tensorValue(self.permute(dims));
}

Value unsqueezeFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("unsqueeze", {{"dim"}});
    return tensorValue(self.unsqueeze(toIndex(v[0])));
}

Value squeezeFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("squeeze", {{"dim", Value()}});
    if (v[0].isNone())
        return tensorValue(self.squeeze());
    return tensorValue(self.squeeze(toIndex(v[0])));
}

Value narrowFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("narrow", {{"dim"}, {"start"}, {"length"}});
    return tensorValue(self.narrow(toIndex(v[0]), toIndex(v[1]), toIndex(v[2])));
}

Value selectFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("select", {{"dim"}, {"index"}});
    return tensorValue(self.select(toIndex(v[0]), toIndex(v[1])));
}

/// Tensor.to(dtype) / to(device) / to(device, dtype) / to(other) with copy=.
Value toFn(const Tensor &self, CallArgs &args)
{
    std::optional<DType> dtype;
    std::optional<tensor::Device> device;
    for (const Value &a : args.positional) {
        if (a.as<DTypeObject>())
            dtype = toDType(a);
        else if (const Tensor *o = tensorOf(a)) {
            dtype = o->dtype();
            device = o->device();
        } else
            device = toDevice(a);
    }
    bool copy = false;
    for (const Kwarg &k : args.keywords) {
        if (k.name == "dtype")
            dtype = toDType(k.value);
        else if (k.name == "device")
            device = toDevice(k.value);
        else if (k.name == "copy")
            copy = truthy(k.value);
        else if (k.name != "non_blocking")
            throwTypeError("to() got an unexpected keyword argument '" + k.name + "'");
    }
    Tensor out = self;
    if (device)
        out = out.to(*device);
    if (dtype || copy)
        out = out.to(dtype.value_or(out.dtype()), copy && !(device && *device != self.device()));
    return tensorValue(out);
}

template <DType D> Value castFn(const Tensor &self, CallArgs &args)
{
    args.expectPositional(dtypeTorchName(D), 0, 0);
    return tensorValue(self.to(D));
}

Value typeFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("type", {{"dtype", Value()}});
    if (v[0].isNone())
        return Value::str(self.device().isCuda() ? "torch.cuda." : "torch.");
    return tensorValue(self.to(*toDType(v[0])));
}

Value typeAsFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("type_as", {{"other"}});
    return tensorValue(self.to(toTensor(v[0], "other").dtype()));
}

Value cudaFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("cuda", {{"device", Value()}, {"non_blocking", Value::boolean(false)}});
    tensor::Device d{tensor::Device::Kind::Cuda, 0};
    if (!v[0].isNone())
        d = *toDevice(v[0]);
    return tensorValue(self.to(d));
}

Value numpyFn(const Tensor &self, CallArgs &args)
{
    args.bind("numpy", {{"force", Value::boolean(false), true}});
    if (self.device().isCuda())
        throwTypeError("can't convert " + self.device().str()
                       + " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to "
                         "host memory first.");
    return numpyArrayValue(self);
}

Value copyFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("copy_", {{"src"}, {"non_blocking", Value::boolean(false)}});
    self.copyFrom(toTensor(v[0], "src"));
    return tensorValue(self);
}

Value fillFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("fill_", {{"value"}});
    self.fill(toScalar(v[0]));
    return tensorValue(self);
}

Value uniformFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("uniform_", {{"from", Value::real(0.0)}, {"to", Value::real(1.0)}});
    double lo = toDouble(v[0]), hi = toDouble(v[1]);
    Tensor r = T::rand(self.shape(), DType::F64);
    self.copyFrom(T::binary(
        T::BinaryOp::Add,
        T::binary(T::BinaryOp::Mul, r, Tensor::fromScalar(T::Scalar::fromDouble(hi - lo))),
        Tensor::fromScalar(T::Scalar::fromDouble(lo))));
    return tensorValue(self);
}

Value normalFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("normal_", {{"mean", Value::real(0.0)}, {"std", Value::real(1.0)}});
    Tensor r = T::randn(self.shape(), DType::F64);
    self.copyFrom(T::binary(
        T::BinaryOp::Add,
        T::binary(T::BinaryOp::Mul, r, Tensor::fromScalar(T::Scalar::fromDouble(toDouble(v[1])))),
        Tensor::fromScalar(T::Scalar::fromDouble(toDouble(v[0])))));
    return tensorValue(self);
}

Value requiresGradFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("requires_grad_", {{"requires_grad", Value::boolean(true)}});
    if (truthy(v[0]))
        throwUnsupported("autograd (Tensor.requires_grad_)");
    return tensorValue(self);
}

/// new_empty / new_zeros / new_ones / new_full: dtype and device of self unless given.
template <int Kind> Value newFn(const Tensor &self, CallArgs &args)
{
    std::vector<Value> pos = args.positional;
    Value fillValue;
    if (Kind == 3) {
        if (pos.size() != 2)
            throwTypeError("new_full() takes 2 positional arguments");
        fillValue = pos[1];
        pos.pop_back();
    }
    DType dtype = self.dtype();
    tensor::Device device = self.device();
    if (const Value *d = args.keyword("dtype"))
        if (!d->isNone())
            dtype = *toDType(*d);
    if (const Value *d = args.keyword("device"))
        if (!d->isNone())
            device = *toDevice(*d);
    tensor::Shape shape = toShape(pos);
    switch (Kind) {
    case 0:
        return tensorValue(Tensor::allocate(shape, dtype, device, tensor::Storage::Init::Undefined));
    case 1:
        return tensorValue(T::zeros(shape, dtype, device));
    case 2:
        return tensorValue(T::ones(shape, dtype, device));
    default:
        return tensorValue(T::full(shape, toScalar(fillValue), dtype, device));
    }
}

Value chunkFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("chunk", {{"chunks"}, {"dim", Value::integer(0)}});
    std::int64_t chunks = toIndex(v[0]), dim = self.wrapDim(toIndex(v[1]));
    if (chunks <= 0)
        throwPy("RuntimeError",
                "chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
    std::int64_t n = self.size(dim), step = (n + chunks - 1) / chunks;
    std::vector<Value> out;
    for (std::int64_t s = 0; s < n || (n == 0 && out.empty()); s += std::max<std::int64_t>(step, 1))
        out.push_back(tensorValue(self.narrow(dim, s, std::min(step, n - s))));
    return Value::tuple(std::move(out));
}

Value splitFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("split", {{"split_size_or_sections"}, {"dim", Value::integer(0)}});
    std::int64_t dim = self.wrapDim(toIndex(v[1])), n = self.size(dim);
    std::vector<std::int64_t> sizes;
    if (v[0].isIntLike()) {
        std::int64_t s = v[0].asInt();
        if (s <= 0)
            throwPy("RuntimeError", "split_size can only be 0 if dimension size is 0");
        for (std::int64_t at = 0; at < n; at += s)
            sizes.push_back(std::min(s, n - at));
    } else {
        sizes = toShape(v[0]);
    }
    std::vector<Value> out;
    std::int64_t at = 0;
    for (std::int64_t s : sizes) {
        out.push_back(tensorValue(self.narrow(dim, at, s)));
        at += s;
    }
    if (at != n)
        throwPy("RuntimeError",
                "split_with_sizes expects split_sizes to sum exactly to " + std::to_string(n));
    return Value::tuple(std::move(out));
}

Value unbindFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("unbind", {{"dim", Value::integer(0)}});
    std::int64_t dim = self.wrapDim(toIndex(v[0]));
    std::vector<Value> out;
    for (std::int64_t i = 0; i < self.size(dim); ++i)
        out.push_back(tensorValue(self.select(dim, i)));
    return Value::tuple(std::move(out));
}

Value repeatFn(const Tensor &self, CallArgs &args)
{
    tensor::Shape reps = toShape(args.positional);
    if (std::int64_t(reps.size()) < self.dim())
        throwPy("RuntimeError",
                "Number of dimensions of repeat dims can not be smaller than "
                "number of dimensions of tensor");
    // Interleave a size-1 axis before each dim, expand it to the repeat count, then merge.
    tensor::Shape lead(reps.size() - std::size_t(self.dim()), 1);
    tensor::Shape base = lead;
    base.insert(base.end(), self.shape().begin(), self.shape().end());
    Tensor x = self.reshape(base);
    tensor::Shape inter, expanded, finalShape;
    for (std::size_t i = 0; i < reps.size(); ++i) {
        inter.push_back(1);
        inter.push_back(base[i]);
        expanded.push_back(reps[i]);
        expanded.push_back(base[i]);
        finalShape.push_back(reps[i] * base[i]);
    }
    return tensorValue(x.reshape(inter).expand(expanded).contiguous().reshape(finalShape));
}

} // namespace

void addShapeFns(std::vector<TensorFnEntry> &out)
{
    using E = TensorFnEntry;
    out.insert(out.end(),
               {
                   {"size", &sizeFn, E::Method},
                   {"stride", &strideFn, E::Method},
                   {"numel", &numelFn},
                   {"nelement", &numelFn, E::Method},
                   {"dim", &dimFn, E::Method},
                   {"ndimension", &dimFn, E::Method},
                   {"element_size", &elementSizeFn, E::Method},
                   {"is_contiguous", &isContiguousFn, E::Method},
                   {"is_floating_point", &isFloatingPointFn},
                   {"data_ptr", &dataPtrFn, E::Method},
                   {"storage_offset", &storageOffsetFn, E::Method},
                   {"item", &itemFn, E::Method},
                   {"tolist", &tolistFn, E::Method},
                   {"contiguous", &contiguousFn, E::Method},
                   {"clone", &cloneFn},
                   {"detach", &detachFn},
                   {"t", &tFn},
                   {"cpu", &cpuFn, E::Method},
                   {"cuda", &cudaFn, E::Method},
                   {"numpy", &numpyFn, E::Method},
                   {"zero_", &zeroFn, E::Method},
                   {"view", &viewFn, E::Method},
                   {"reshape", &reshapeFn},
                   {"view_as", &viewAsFn, E::Method},
                   {"reshape_as", &reshapeAsFn, E::Method},
                   {"expand", &expandFn, E::Method},
                   {"expand_as", &expandAsFn, E::Method},
                   {"broadcast_to", &expandFn},
                   {"flatten", &flattenFn},
                   {"ravel", &flattenFn},
                   {"transpose", &transposeFn},
                   {"swapaxes", &transposeFn},
                   {"permute", &permuteFn},
                   {"unsqueeze", &unsqueezeFn},
                   {"squeeze", &squeezeFn},
                   {"narrow", &narrowFn},
                   {"select", &selectFn},
                   {"to", &toFn, E::Method},
                   {"float", &castFn<DType::F32>, E::Method},
                   {"half", &castFn<DType::F16>, E::Method},
                   {"bfloat16", &castFn<DType::BF16>, E::Method},
                   {"double", &castFn<DType::F64>, E::Method},
                   {"int", &castFn<DType::I32>, E::Method},
                   {"long", &castFn<DType::I64>, E::Method},
                   {"short", &castFn<DType::I16>, E::Method},
                   {"char", &castFn<DType::I8>, E::Method},
                   {"byte", &castFn<DType::U8>, E::Method},
                   {"bool", &castFn<DType::I1>, E::Method},
                   {"type", &typeFn, E::Method},
                   {"type_as", &typeAsFn, E::Method},
                   {"copy_", &copyFn, E::Method},
                   {"fill_", &fillFn, E::Method},
                   {"uniform_", &uniformFn, E::Method},
                   {"normal_", &normalFn, E::Method},
                   {"requires_grad_", &requiresGradFn, E::Method},
                   {"new_empty", &newFn<0>, E::Method},
                   {"new_zeros", &newFn<1>, E::Method},
                   {"new_ones", &newFn<2>, E::Method},
                   {"new_full", &newFn<3>, E::Method},
                   {"chunk", &chunkFn},
                   {"split", &splitFn},
                   {"unbind", &unbindFn},
                   {"repeat", &repeatFn, E::Method},
               });
}

} // namespace tsm::host
