// Value <-> tensor argument conversion for the library bindings.

#include "core/host/torch_args.h"

#include "core/host/py_exception.h"
#include "core/host/py_format.h"
#include "core/host/torch_objects.h"
#include "core/tensor/tensor_factory.h"

namespace tsm::host {

void throwTensorError(const tensor::TensorError &e)
{
    throwPy(e.pythonName(), e.what());
}

void expectCount(const CallArgs &args, std::string_view function, std::size_t min, std::size_t max)
{
    std::size_t n = args.positional.size();
    if (n >= min && n <= max)
        return;
    std::string expected
        = min == max ? std::to_string(min) : std::to_string(min) + " to " + std::to_string(max);
    throwTypeError(std::string(function) + "() takes " + expected + " positional argument"
                   + (max == 1 ? "" : "s") + " but " + std::to_string(n)
                   + (n == 1 ? " was" : " were") + " given");
}

const tensor::Tensor *tensorOf(const Value &v)
{
    if (auto *t = v.as<TensorObject>())
        return &t->tensor;
    return nullptr;
}

tensor::Tensor toTensor(const Value &v, std::string_view what)
{
    if (const tensor::Tensor *t = tensorOf(v))
        return *t;
    if (v.isNumber())
        return tensor::Tensor::fromScalar(toScalar(v));
    if (v.kind() == ValueKind::List || v.kind() == ValueKind::Tuple)
        return guardTensor([&] { return tensor::fromNested(toNested(v)); });
    throwTypeError(std::string(what) + " must be a Tensor, not " + std::string(v.typeName()));
}

Value tensorValue(tensor::Tensor t)
{
    return Value::make<TensorObject>(std::move(t));
}

std::optional<DType> toDType(const Value &v)
{
    if (v.isNone())
        return std::nullopt;
    if (auto *d = v.as<DTypeObject>())
        return d->dtype;
    if (v.isStr()) {
        if (auto d = parseDType(v.asStr()))
            return d;
    }
    if (v.kind() == ValueKind::Type) {
        // Python's own float / int / bool as a dtype (torch accepts them).
        const std::string &n = v.asType().name;
        if (n == "float")
            return DType::F64;
        if (n == "int")
            return DType::I64;
        if (n == "bool")
            return DType::I1;
    }
    throwTypeError("dtype must be a torch.dtype, not " + std::string(v.typeName()));
}

std::optional<tensor::Device> toDevice(const Value &v)
{
    if (v.isNone())
        return std::nullopt;
    if (auto *d = v.as<DeviceObject>())
        return d->device();
    if (v.isInt())
        return tensor::Device{tensor::Device::Kind::Cuda, int(v.asInt())};
    if (v.isStr()) {
        if (auto d = tensor::Device::parse(v.asStr()))
            return d;
        throwPy("RuntimeError",
                "Expected one of cpu, cuda device type at start of device string: " + v.asStr());
    }
    throwTypeError("device must be a str or torch.device, not " + std::string(v.typeName()));
}

tensor::Shape toShape(const Value &sequence)
{
    if (auto *s = sequence.as<SizeObject>())
        return s->dims;
    if (sequence.isIntLike())
        return {sequence.asInt()};
    if (sequence.kind() != ValueKind::List && sequence.kind() != ValueKind::Tuple)
        throwTypeError("size must be a tuple of ints, not " + std::string(sequence.typeName()));
    tensor::Shape shape;
    for (const Value &d : iterateToVector(sequence))
        shape.push_back(toIndex(d));
    return shape;
}

tensor::Shape toShape(const std::vector<Value> &positional, std::size_t first)
{
    if (positional.size() == first + 1 && !positional[first].isIntLike())
        return toShape(positional[first]);
    tensor::Shape shape;
    for (std::size_t i = first; i < positional.size(); ++i)
        shape.push_back(toIndex(positional[i]));
    return shape;
}

tensor::DimList toDims(const Value &v)
{
    if (v.isNone())
        return std::nullopt;
    if (v.isIntLike())
        return std::vector<std::int64_t>{v.asInt()};
    std::vector<std::int64_t> dims;
    for (const Value &d : iterateToVector(v))
        dims.push_back(toIndex(d));
    return dims;
}

tensor::Scalar toScalar(const Value &v)
{
    if (v.isBool())
        return tensor::Scalar::fromBool(v.asBool());
    if (v.isInt())
        return tensor::Scalar::fromInt(v.asInt());
    if (v.isFloat())
        return tensor::Scalar::fromDouble(v.asFloat());
    if (const tensor::Tensor *t = tensorOf(v))
        return guardTensor([&] { return t->item(); });
    throwTypeError("expected a number, not " + std::string(v.typeName()));
}

Value scalarValue(tensor::Scalar s)
{
    switch (s.kind) {
    case tensor::Scalar::Kind::Bool:
        return Value::boolean(s.i != 0);
    case tensor::Scalar::Kind::Int:
        return Value::integer(s.i);
    case tensor::Scalar::Kind::Float:
        return Value::real(s.f);
    }
    return Value();
}

tensor::Nested toNested(const Value &v)
{
    if (v.isNumber())
        return tensor::Nested::of(toScalar(v));
    if (const tensor::Tensor *t = tensorOf(v))
        return guardTensor([&] { return t->tolist(); });
    if (v.kind() == ValueKind::List || v.kind() == ValueKind::Tuple) {
        std::vector<tensor::Nested> items;
        for (const Value &item : iterateToVector(v))
            items.push_back(toNested(item));
        return tensor::Nested::list(std::move(items));
    }
    throwTypeError("new(): invalid data type '" + std::string(v.typeName()) + "'");
}

Value nestedValue(const tensor::Nested &n)
{
    if (n.kind == tensor::Nested::Kind::Scalar)
        return scalarValue(n.scalar);
    std::vector<Value> items;
    items.reserve(n.items.size());
    for (const tensor::Nested &item : n.items)
        items.push_back(nestedValue(item));
    return Value::list(std::move(items));
}

} // namespace tsm::host
