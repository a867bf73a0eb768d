// torch.Tensor's Python behaviour: properties, methods (through torch_functions), operators with
// broadcasting, comparisons, indexing and assignment, iteration, truth value and printing.

#include "core/host/py_exception.h"
#include "core/host/py_format.h"
#include "core/host/torch_args.h"
#include "core/host/torch_functions.h"
#include "core/host/torch_objects.h"
#include "core/tensor/tensor_format.h"
#include "core/tensor/tensor_ops.h"

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

std::string TensorObject::repr() const
{
    return guardTensor([&] { return T::formatTensor(tensor); });
}

std::string TensorObject::format(std::string_view spec) const
{
    if (spec.empty())
        return repr();
    if (tensor.dim() == 0)
        return pyFormat(scalarValue(guardTensor([&] { return tensor.item(); })), spec);
    throwTypeError("unsupported format string passed to Tensor.__format__");
}

std::optional<Value> TensorObject::getAttr(std::string_view name)
{
    return guardTensor([&]() -> std::optional<Value> {
        if (name == "shape")
            return Value::make<SizeObject>(tensor.shape());
        if (name == "dtype")
            return dtypeValue(tensor.dtype());
        if (name == "device")
            return deviceValue(tensor.device());
        if (name == "is_cuda")
            return Value::boolean(tensor.device().isCuda());
        if (name == "is_cpu")
            return Value::boolean(!tensor.device().isCuda());
        if (name == "ndim")
            return Value::integer(tensor.dim());
        if (name == "T")
            return tensorValue(tensor.T());
        if (name == "mT")
            return tensorValue(tensor.transpose(-2, -1));
        if (name == "data")
            return tensorValue(tensor);
        if (name == "grad" || name == "grad_fn")
            return Value();
        if (name == "requires_grad")
            return Value::boolean(false);
        if (name == "is_leaf")
            return Value::boolean(true);
        if (name == "itemsize")
            return Value::integer(tensor.elementSize());
        if (name == "nbytes")
            return Value::integer(tensor.numel() * tensor.elementSize());
        if (const TensorFnEntry *e = findTensorMethod(name))
            return boundTensorMethod(*this, tensor, *e);
        if (name == "backward" || name == "register_hook" || name == "retain_grad")
            throwUnsupported("autograd (Tensor." + std::string(name) + ")");
        throwUnsupported("torch.Tensor." + std::string(name));
    });
}

bool TensorObject::setAttr(std::string_view name, const Value &value)
{
    if (name == "grad" || name == "requires_grad") {
        if (host::truthy(value))
            throwUnsupported("autograd (Tensor." + std::string(name) + ")");
        return true;
    }
    if (name == "data") {
        if (const Tensor *t = tensorOf(value)) {
            tensor = *t;
            return true;
        }
    }
    return false;
}

namespace {

/// One index component of `x[...]`.
T::IndexItem indexItem(const Value &v)
{
    switch (v.kind()) {
    case ValueKind::None:
        return T::NoneIndex{};
    case ValueKind::Ellipsis:
        return T::EllipsisIndex{};
    case ValueKind::Bool:
        return Tensor::fromScalar(T::Scalar::fromBool(v.asBool())).to(DType::I1);
    case ValueKind::Int:
        return v.asInt();
    case ValueKind::Slice: {
        const SliceObject &s = v.asSlice();
        T::Slice out;
        if (!s.lower.isNone())
            out.start = toIndex(s.lower);
        if (!s.upper.isNone())
            out.stop = toIndex(s.upper);
        if (!s.step.isNone())
            out.step = toIndex(s.step);
        return out;
    }
    case ValueKind::List:
        return guardTensor([&] { return toTensor(v, "index"); });
    default:
        if (const Tensor *t = tensorOf(v))
            return *t;
        if (auto s = v.object() ? v.object()->toScalar() : std::nullopt)
            if (s->isIntLike())
                return s->asInt();
        throwPy("IndexError",
                "only integers, slices (`:`), ellipsis (`...`), None and long or "
                "byte Variables are valid indices (got "
                    + std::string(v.typeName()) + ")");
    }
}

std::vector<T::IndexItem> indexItems(const Value &key)
{
    std::vector<T::IndexItem> items;
    if (key.kind() == ValueKind::Tuple) {
        for (const Value &v : key.asTuple().items)
            items.push_back(indexItem(v));
    } else {
        items.push_back(indexItem(key));
    }
    return items;
}

std::optional<T::BinaryOp> tensorBinaryOp(ast::BinaryOp op)
{
    switch (op) {
    case ast::BinaryOp::Add:
        return T::BinaryOp::Add;
    case ast::BinaryOp::Sub:
        return T::BinaryOp::Sub;
    case ast::BinaryOp::Mult:
        return T::BinaryOp::Mul;
    case ast::BinaryOp::Div:
        return T::BinaryOp::Div;
    case ast::BinaryOp::FloorDiv:
        return T::BinaryOp::FloorDiv;
    case ast::BinaryOp::Mod:
        return T::BinaryOp::Remainder;
    case ast::BinaryOp::Pow:
        return T::BinaryOp::Pow;
    case ast::BinaryOp::BitAnd:
        return T::BinaryOp::BitAnd;
    case ast::BinaryOp::BitOr:
        return T::BinaryOp::BitOr;
    case ast::BinaryOp::BitXor:
        return T::BinaryOp::BitXor;
    case ast::BinaryOp::LShift:
        return T::BinaryOp::Shl;
    case ast::BinaryOp::RShift:
        return T::BinaryOp::Shr;
    case ast::BinaryOp::MatMult:
        return std::nullopt;
    }
    return std::nullopt;
}

/// The other operand as a tensor, or nullopt when it is not a tensor or number (NotImplemented).
std::optional<Tensor> operand(const Value &v)
{
    if (const Tensor *t = tensorOf(v))
        return *t;
    if (v.isNumber())
        return Tensor::fromScalar(toScalar(v));
    return std::nullopt;
}

} // namespace

Value TensorObject::getItem(const Value &key)
{
    auto items = indexItems(key);
    return guardTensor([&] { return tensorValue(tensor.index(items)); });
}

void TensorObject::setItem(const Value &key, const Value &value)
{
    auto items = indexItems(key);
    Tensor v = toTensor(value, "value");
    guardTensor([&] {
        tensor.indexPut(items, v);
        return 0;
    });
}

std::optional<Value> TensorObject::binaryOp(ast::BinaryOp op, const Value &other, bool reflected)
{
    auto o = operand(other);
    if (!o)
        return std::nullopt;
    return guardTensor([&]() -> std::optional<Value> {
        const Tensor &a = reflected ? *o : tensor;
        const Tensor &b = reflected ? tensor : *o;
        if (op == ast::BinaryOp::MatMult) {
            if (!tensorOf(other))
                return std::nullopt;
            return tensorValue(T::matmul(a, b));
        }
        auto top = tensorBinaryOp(op);
        if (!top)
            return std::nullopt;
        return tensorValue(T::binary(*top, a, b));
    });
}

std::optional<Value> TensorObject::unaryOp(ast::UnaryOpKind op)
{
    return guardTensor([&]() -> std::optional<Value> {
        switch (op) {
        case ast::UnaryOpKind::USub:
            return tensorValue(T::unary(T::UnaryOp::Neg, tensor));
        case ast::UnaryOpKind::UAdd:
            return tensorValue(tensor);
        case ast::UnaryOpKind::Invert:
            return tensorValue(T::unary(T::UnaryOp::BitwiseNot, tensor));
        case ast::UnaryOpKind::Not:
            return std::nullopt;
        }
        return std::nullopt;
    });
}

std::optional<Value> TensorObject::compare(ast::CmpOp op, const Value &other, bool reflected)
{
    auto o = operand(other);
    if (!o)
        return std::nullopt;
    T::BinaryOp top;
    switch (op) {
    case ast::CmpOp::Eq:
        top = T::BinaryOp::Eq;
        break;
    case ast::CmpOp::NotEq:
        top = T::BinaryOp::Ne;
        break;
    case ast::CmpOp::Lt:
        top = T::BinaryOp::Lt;
        break;
    case ast::CmpOp::LtE:
        top = T::BinaryOp::Le;
        break;
    case ast::CmpOp::Gt:
        top = T::BinaryOp::Gt;
        break;
    case ast::CmpOp::GtE:
        top = T::BinaryOp::Ge;
        break;
    default:
        return std::nullopt;
    }
    return guardTensor([&] {
        return tensorValue(reflected ? T::binary(top, *o, tensor) : T::binary(top, tensor, *o));
    });
}

std::optional<bool> TensorObject::contains(const Value &item)
{
    auto o = operand(item);
    if (!o)
        throwPy("RuntimeError",
                "Tensor.__contains__ only supports Tensor or scalar, but you "
                "passed in a "
                    + std::string(item.typeName()));
    return guardTensor(
        [&] { return T::any(T::binary(T::BinaryOp::Eq, tensor, *o)).item().i != 0; });
}

std::optional<Value> TensorObject::iter()
{
    if (tensor.dim() == 0)
        throwTypeError("iteration over a 0-d tensor");
    std::vector<Value> rows;
    rows.reserve(std::size_t(tensor.size(0)));
    guardTensor([&] {
        for (std::int64_t i = 0; i < tensor.size(0); ++i)
            rows.push_back(tensorValue(tensor.select(0, i)));
        return 0;
    });
    return makeIterator(std::move(rows), "iterator");
}

std::optional<std::int64_t> TensorObject::len() const
{
    if (tensor.dim() == 0)
        throwTypeError("len() of a 0-d tensor");
    return tensor.size(0);
}

std::optional<bool> TensorObject::truthy() const
{
    if (tensor.numel() != 1)
        throwPy("RuntimeError",
                tensor.numel() == 0
                    ? "Boolean value of Tensor with no values is ambiguous"
                    : "Boolean value of Tensor with more than one value is ambiguous");
    return guardTensor([&] { return tensor.item().toDouble() != 0.0; });
}

std::optional<Value> TensorObject::toScalar() const
{
    if (tensor.numel() != 1)
        throwPy("RuntimeError",
                "a Tensor with " + std::to_string(tensor.numel())
                    + " elements cannot be converted to Scalar");
    return guardTensor([&] { return scalarValue(tensor.item()); });
}

} // namespace tsm::host
