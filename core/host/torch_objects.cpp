// dtype, device, torch.Size and torch.return_types objects.

#include "core/host/torch_objects.h"

#include "core/host/py_exception.h"
#include "core/host/py_format.h"
#include "core/host/torch_args.h"

#include <array>

namespace tsm::host {

// ---------------------------------------------------------------- dtype

std::string DTypeObject::repr() const
{
    switch (flavor) {
    case Flavor::Torch:
        return "torch." + std::string(dtypeTorchName(dtype));
    case Flavor::Triton:
        return "triton.language." + std::string(dtypeShortName(dtype));
    case Flavor::Numpy:
        return "<class 'numpy." + std::string(dtype == DType::I1 ? "bool_" : dtypeName(dtype))
               + "'>";
    }
    return {};
}

std::string DTypeObject::str() const
{
    if (flavor == Flavor::Triton)
        return std::string(dtypeShortName(dtype));
    return repr();
}

std::optional<Value> DTypeObject::getAttr(std::string_view name)
{
    if (name == "is_floating_point")
        return Value::boolean(isFloat(dtype));
    if (name == "is_signed")
        return Value::boolean(isFloat(dtype) || isSigned(dtype));
    if (name == "itemsize")
        return Value::integer(dtypeBytes(dtype));
    if (name == "primitive_bitwidth")
        return Value::integer(dtypeBits(dtype));
    if (name == "name")
        return Value::str(flavor == Flavor::Triton ? std::string(dtypeShortName(dtype))
                                                   : std::string(dtypeName(dtype)));
    auto self = std::static_pointer_cast<DTypeObject>(shared_from_this());
    auto pred = [&](std::string n, bool v) {
        return makeMethod(*this, std::move(n), [v](CallArgs &) { return Value::boolean(v); });
    };
    if (name == "is_floating")
        return pred("is_floating", isFloat(dtype));
    if (name == "is_int")
        return pred("is_int", isInteger(dtype) && dtype != DType::I1);
    if (name == "is_int_signed")
        return pred("is_int_signed", isSigned(dtype));
    if (name == "is_int_unsigned")
        return pred("is_int_unsigned", isUnsigned(dtype));
    if (name == "is_bool")
        return pred("is_bool", dtype == DType::I1);
    if (name == "is_fp16")
        return pred("is_fp16", dtype == DType::F16);
    if (name == "is_bf16")
        return pred("is_bf16", dtype == DType::BF16);
    if (name == "is_fp32")
        return pred("is_fp32", dtype == DType::F32);
    if (name == "is_fp64")
        return pred("is_fp64", dtype == DType::F64);
    if (name == "is_fp8")
        return pred("is_fp8", isFp8(dtype));
    return std::nullopt;
}

std::optional<Value> DTypeObject::compare(ast::CmpOp op, const Value &other, bool)
{
    if (op != ast::CmpOp::Eq && op != ast::CmpOp::NotEq)
        return std::nullopt;
    bool eq = false;
    if (auto *d = other.as<DTypeObject>())
        eq = equals(*d);
    else if (other.isStr() && flavor != Flavor::Torch)
        eq = parseDType(other.asStr()) == dtype;
    return Value::boolean(op == ast::CmpOp::Eq ? eq : !eq);
}

bool DTypeObject::equals(const Object &other) const
{
    auto *d = dynamic_cast<const DTypeObject *>(&other);
    // numpy compares its dtypes with torch's as unequal; Triton's and torch's are distinct too.
    return d && d->dtype == dtype && d->flavor == flavor;
}

Value DTypeObject::call(CallArgs &args)
{
    // np.float32(1.5): a numpy scalar; the harness keeps it a Python number.
    args.expectPositional(repr(), 1, 1);
    if (isFloat(dtype))
        return Value::real(toDouble(args[0]));
    if (dtype == DType::I1)
        return Value::boolean(host::truthy(args[0]));
    return Value::integer(toIndex(args[0]));
}

Value dtypeValue(DType dtype, DTypeObject::Flavor flavor)
{
    // Built once (thread-safe static init) so that every session shares the same objects.
    static const std::array<std::array<Value, kDTypeCount>, 3> cache = [] {
        std::array<std::array<Value, kDTypeCount>, 3> c;
        for (std::size_t f = 0; f < 3; ++f)
            for (std::size_t d = 0; d < std::size_t(kDTypeCount); ++d)
                c[f][d] = Value::make<DTypeObject>(DType(d), DTypeObject::Flavor(f));
        return c;
    }();
    return cache[std::size_t(flavor)][std::size_t(dtype)];
}

// ---------------------------------------------------------------- device

static std::string_view deviceTypeName(tensor::Device::Kind k)
{
    return k == tensor::Device::Kind::Cuda ? "cuda" : "cpu";
}

std::string DeviceObject::repr() const
{
    std::string out = "device(type='" + std::string(deviceTypeName(kind)) + "'";
    if (index)
        out += ", index=" + std::to_string(*index);
    return out + ")";
}

std::string DeviceObject::str() const
{
    std::string out(deviceTypeName(kind));
    if (index)
        out += ":" + std::to_string(*index);
    return out;
}

std::optional<Value> DeviceObject::getAttr(std::string_view name)
{
    if (name == "type")
        return Value::str(std::string(deviceTypeName(kind)));
    if (name == "index")
        return index ? Value::integer(*index) : Value();
    return std::nullopt;
}

std::optional<Value> DeviceObject::compare(ast::CmpOp op, const Value &other, bool)
{
    if (op != ast::CmpOp::Eq && op != ast::CmpOp::NotEq)
        return std::nullopt;
    bool eq = false;
    if (auto *d = other.as<DeviceObject>())
        eq = equals(*d);
    else if (other.isStr())
        eq = other.asStr() == str();
    return Value::boolean(op == ast::CmpOp::Eq ? eq : !eq);
}

std::optional<std::size_t> DeviceObject::hash() const
{
    return std::size_t(kind) * 1000 + std::size_t(index.value_or(-1) + 1);
}

bool DeviceObject::equals(const Object &other) const
{
    auto *d = dynamic_cast<const DeviceObject *>(&other);
    return d && d->kind == kind && d->index == index;
}

Value deviceValue(tensor::Device device)
{
    // torch prints a cpu tensor's device as "cpu" (no index) and a cuda one as "cuda:0".
    if (!device.isCuda())
        return Value::make<DeviceObject>(device.kind, std::nullopt);
    return Value::make<DeviceObject>(device.kind, device.index);
}

// ---------------------------------------------------------------- torch.Size

std::string SizeObject::repr() const
{
    return tensor::formatSize(dims);
}

std::optional<Value> SizeObject::getAttr(std::string_view name)
{
    if (name == "numel") {
        std::int64_t n = 1;
        for (auto d : dims)
            n *= d;
        return makeMethod(*this, "numel", [n](CallArgs &) { return Value::integer(n); });
    }
    if (name == "index" || name == "count") {
        auto d = dims;
        bool isIndex = name == "index";
        return makeMethod(*this, std::string(name), [d, isIndex](CallArgs &a) {
            a.expectPositional(isIndex ? "index" : "count", 1, 1);
            std::int64_t v = toIndex(a[0]), n = 0;
            for (std::size_t i = 0; i < d.size(); ++i)
                if (d[i] == v) {
                    if (isIndex)
                        return Value::integer(std::int64_t(i));
                    ++n;
                }
            if (isIndex)
                throwValueError("tuple.index(x): x not in tuple");
            return Value::integer(n);
        });
    }
    return std::nullopt;
}

Value SizeObject::getItem(const Value &key)
{
    auto n = std::int64_t(dims.size());
    if (key.kind() == ValueKind::Slice) {
        std::int64_t start, stop, step;
        key.asSlice().indices(n, start, stop, step);
        tensor::Shape out;
        for (std::int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
            out.push_back(dims[std::size_t(i)]);
        return Value::make<SizeObject>(std::move(out));
    }
    std::int64_t i = toIndex(key);
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        throwPy("IndexError", "tuple index out of range");
    return Value::integer(dims[std::size_t(i)]);
}

std::optional<Value> SizeObject::iter()
{
    std::vector<Value> items;
    for (auto d : dims)
        items.push_back(Value::integer(d));
    return makeIterator(std::move(items), "tuple_iterator");
}

static std::optional<tensor::Shape> intSequence(const Value &v)
{
    if (auto *s = v.as<SizeObject>())
        return s->dims;
    if (v.kind() != ValueKind::Tuple && v.kind() != ValueKind::List)
        return std::nullopt;
    tensor::Shape out;
    for (const Value &item : iterateToVector(v)) {
        if (!item.isIntLike())
            return std::nullopt;
        out.push_back(item.asInt());
    }
    return out;
}

std::optional<Value> SizeObject::compare(ast::CmpOp op, const Value &other, bool reflected)
{
    if (other.kind() == ValueKind::List && !other.as<SizeObject>()) {
        if (op == ast::CmpOp::Eq || op == ast::CmpOp::NotEq)
            return Value::boolean(op == ast::CmpOp::NotEq); // a tuple never equals a list
        return std::nullopt;
    }
    auto o = intSequence(other);
    if (!o)
        return op == ast::CmpOp::Eq || op == ast::CmpOp::NotEq
                   ? std::optional<Value>(Value::boolean(op == ast::CmpOp::NotEq))
                   : std::nullopt;
    const tensor::Shape &a = reflected ? *o : dims;
    const tensor::Shape &b = reflected ? dims : *o;
    switch (op) {
    case ast::CmpOp::Eq:
        return Value::boolean(a == b);
    case ast::CmpOp::NotEq:
        return Value::boolean(a != b);
    case ast::CmpOp::Lt:
        return Value::boolean(a < b);
    case ast::CmpOp::LtE:
        return Value::boolean(a <= b);
    case ast::CmpOp::Gt:
        return Value::boolean(a > b);
    case ast::CmpOp::GtE:
        return Value::boolean(a >= b);
    default:
        return std::nullopt;
    }
}

std::optional<Value> SizeObject::binaryOp(ast::BinaryOp op, const Value &other, bool reflected)
{
    if (op != ast::BinaryOp::Add || other.kind() != ValueKind::Tuple)
        return std::nullopt;
    std::vector<Value> items;
    auto mine = [&] {
        for (auto d : dims)
            items.push_back(Value::integer(d));
    };
    if (!reflected)
        mine();
    for (const Value &v : other.asTuple().items)
        items.push_back(v);
    if (reflected)
        mine();
    return Value::tuple(std::move(items));
}

std::optional<std::size_t> SizeObject::hash() const
{
    std::vector<Value> items;
    for (auto d : dims)
        items.push_back(Value::integer(d));
    return hashValue(Value::tuple(std::move(items)));
}

bool SizeObject::equals(const Object &other) const
{
    auto *s = dynamic_cast<const SizeObject *>(&other);
    return s && s->dims == dims;
}

std::optional<bool> SizeObject::contains(const Value &item)
{
    if (!item.isIntLike())
        return false;
    for (auto d : dims)
        if (d == item.asInt())
            return true;
    return false;
}

// ---------------------------------------------------------------- return_types

std::string ValuesIndicesObject::repr() const
{
    return "torch.return_types." + kind + "(\nvalues=" + pyRepr(values)
           + ",\nindices=" + pyRepr(indices) + ")";
}

std::optional<Value> ValuesIndicesObject::getAttr(std::string_view name)
{
    if (name == "values")
        return values;
    if (name == "indices")
        return indices;
    return std::nullopt;
}

Value ValuesIndicesObject::getItem(const Value &key)
{
    std::int64_t i = toIndex(key);
    if (i == 0 || i == -2)
        return values;
    if (i == 1 || i == -1)
        return indices;
    throwPy("IndexError", "tuple index out of range");
}

std::optional<Value> ValuesIndicesObject::iter()
{
    return makeIterator({values, indices}, "tuple_iterator");
}

} // namespace tsm::host
