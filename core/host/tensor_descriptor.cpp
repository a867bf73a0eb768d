// triton.tools.tensor_descriptor.TensorDescriptor (python/triton/tools/tensor_descriptor.py):
// the dataclass, its __post_init__ checks with Triton's messages, and from_tensor.

#include "core/host/tensor_descriptor.h"

#include "core/host/py_exception.h"
#include "core/host/py_format.h"
#include "core/host/torch_args.h"

#include <algorithm>

namespace tsm::host {

namespace {

constexpr std::int64_t kMaxTensorNumel = 1048576; // TRITON_MAX_TENSOR_NUMEL

[[noreturn]] void assertionError(const std::string &message)
{
    throwPy("AssertionError", message);
}

std::vector<std::int64_t> intsOf(const Value &v, const char *what)
{
    std::vector<std::int64_t> out;
    if (v.kind() != ValueKind::List && v.kind() != ValueKind::Tuple && !v.object())
        throwTypeError(std::string("TensorDescriptor ") + what + " must be a list of ints, not "
                       + std::string(v.typeName()));
    for (const Value &e : iterateToVector(v))
        out.push_back(toIndex(e));
    return out;
}

/// Triton's validate_block_shape (python/triton/_utils.py).
void validateBlockShape(const std::vector<std::int64_t> &block)
{
    std::int64_t numel = 1;
    for (std::size_t i = 0; i < block.size(); ++i) {
        const std::int64_t d = block[i];
        if (d <= 0 || (d & (d - 1)) != 0)
            throwValueError("Shape element " + std::to_string(i) + " must be a power of 2");
        numel *= d;
        if (numel > kMaxTensorNumel)
            throwValueError("numel (" + std::to_string(numel) + ") exceeds triton maximum tensor numel ("
                            + std::to_string(kMaxTensorNumel) + ")");
    }
}

Value construct(const Value &base, const Value &shape, const Value &strides, const Value &block, const Value &padding)
{
    auto d = std::make_shared<TensorDescriptorObject>();
    d->base = base;
    d->shape = shape;
    d->strides = strides;
    d->blockShape = block;
    d->padding = padding;
    d->validate();
    return Value::fromObject(d);
}

} // namespace

std::optional<Value> TensorDescriptorObject::getAttr(std::string_view name)
{
    if (name == "base")
        return base;
    if (name == "shape")
        return shape;
    if (name == "strides")
        return strides;
    if (name == "block_shape")
        return blockShape;
    if (name == "padding")
        return padding;
    return Object::getAttr(name);
}

bool TensorDescriptorObject::setAttr(std::string_view name, const Value &value)
{
    // A dataclass: fields are assignable (autotune pre-hooks set block_shape per config).
    Value *field = name == "base"          ? &base
                   : name == "shape"       ? &shape
                   : name == "strides"     ? &strides
                   : name == "block_shape" ? &blockShape
                   : name == "padding"     ? &padding
                                           : nullptr;
    if (!field)
        return false;
    *field = value;
    return true;
}

std::string TensorDescriptorObject::repr() const
{
    return "TensorDescriptor(base=" + pyRepr(base) + ", shape=" + pyRepr(shape) + ", strides=" + pyRepr(strides)
           + ", block_shape=" + pyRepr(blockShape) + ", padding=" + pyRepr(padding) + ")";
}

void TensorDescriptorObject::validate() const
{
    const tensor::Tensor *t = tensorOf(base);
    if (!t)
        throwTypeError("TensorDescriptor base must be a torch.Tensor, not " + std::string(base.typeName()));
    const std::vector<std::int64_t> s = intsOf(shape, "shape"), st = intsOf(strides, "strides"),
                                    b = intsOf(blockShape, "block_shape");
    const std::size_t rank = s.size();
    if (st.size() != rank || b.size() != rank)
        assertionError("rank mismatch: " + repr());
    if (rank == 0)
        assertionError("rank must not be zero");
    if (rank > 5)
        assertionError("rank cannot be more than 5");
    const std::int64_t elem = t->elementSize();
    if (t->storageOffset() * elem % 16 != 0)
        assertionError("base must be 16-byte aligned");
    validateBlockShape(b);
    for (std::size_t i = 0; i + 1 < rank; ++i)
        if (st[i] * elem % 16 != 0)
            assertionError("strides must be 16-byte aligned");
    if (st.back() != 1)
        assertionError("Last dimension must be contiguous");
    for (std::int64_t d : s)
        if (d <= 0)
            assertionError("shape must be positive");
    if (!padding.isStr() || (padding.asStr() != "zero" && padding.asStr() != "nan"))
        assertionError("Illegal value for padding");
    if (padding.asStr() == "nan" && !isFloat(t->dtype()))
        assertionError("Padding option `nan` is only supported for floating point tensors");
}

TensorDescriptorObject::Launch TensorDescriptorObject::launchView() const
{
    validate();
    Launch l;
    l.base = tensorOf(base);
    l.shape = intsOf(shape, "shape");
    l.strides = intsOf(strides, "strides");
    l.blockShape = intsOf(blockShape, "block_shape");
    l.padding = padding.asStr();
    // What tl.make_tensor_descriptor checks in the kernel, which Triton's interpreter applies to
    // host descriptors too, and the int32 a kernel receives each dimension in.
    const std::int64_t elem = l.base->elementSize();
    if (l.blockShape.back() * elem < 16)
        throwValueError("Descriptor block shape must have at least 16 bytes in the last dimension, but got "
                        + std::to_string(l.blockShape.back()) + " * " + std::to_string(elem) + " = "
                        + std::to_string(l.blockShape.back() * elem) + " bytes");
    for (std::int64_t d : l.shape)
        if (d > 0x7fffffff)
            throwValueError("TensorDescriptor shape " + pyRepr(shape)
                            + " does not fit the int32 a kernel receives each dimension in");
    return l;
}

std::vector<const tensor::Tensor *> kernelParamTensors(const std::vector<Value> &bound)
{
    std::vector<const tensor::Tensor *> out;
    for (const Value &v : bound) {
        if (const auto *d = v.as<TensorDescriptorObject>()) {
            out.push_back(tensorOf(d->base));
            const std::size_t rank = intsOf(d->shape, "shape").size();
            out.insert(out.end(), 2 * rank - 1, nullptr);
        } else {
            out.push_back(tensorOf(v));
        }
    }
    return out;
}

bool anyTensorDescriptor(const std::vector<Value> &values)
{
    return std::any_of(values.begin(), values.end(),
                       [](const Value &v) { return v.as<TensorDescriptorObject>() != nullptr; });
}

Value makeTensorDescriptorType()
{
    Value type = makeLibraryType("TensorDescriptor", [](CallArgs &args) {
        auto v = args.bind("TensorDescriptor",
                           {{"base"}, {"shape"}, {"strides"}, {"block_shape"}, {"padding", Value::str("zero")}});
        return construct(v[0], v[1], v[2], v[3], v[4]);
    });
    type.asType().classAttrs["from_tensor"] = makeBuiltin("from_tensor", [](CallArgs &args) {
        auto v = args.bind("from_tensor", {{"tensor"}, {"block_shape"}, {"padding", Value::str("zero")}});
        const tensor::Tensor *t = tensorOf(v[0]);
        if (!t)
            throwTypeError("TensorDescriptor.from_tensor needs a torch.Tensor, not " + std::string(v[0].typeName()));
        // As Triton: tensor.shape (a torch.Size) and tensor.stride() (a tuple).
        std::vector<Value> strides;
        for (std::int64_t st : t->strides())
            strides.push_back(Value::integer(st));
        return construct(v[0], *v[0].object()->getAttr("shape"), Value::tuple(std::move(strides)), v[1], v[2]);
    });
    return type;
}

} // namespace tsm::host
