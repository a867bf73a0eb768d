#pragma once
// The Python objects of the harness's `torch` subset: torch.Tensor (a handle to a host
// tensor::Tensor), dtypes (torch's, Triton's and NumPy's spellings of one DType), devices,
// torch.Size and the named (values, indices) results of max/min/sort.

#include "core/host/object.h"
#include "core/tensor/tensor.h"

#include <optional>
#include <string>

namespace tsm::host {

/// torch.float32 / tl.float32 / np.float32: one DType in one library's spelling.
class DTypeObject final : public Object
{
public:
    enum class Flavor : std::uint8_t { Torch, Triton, Numpy };
    DTypeObject(DType dtype, Flavor flavor)
        : dtype(dtype)
        , flavor(flavor)
    {
    }
    std::string_view typeName() const override { return "dtype"; }
    std::string repr() const override;
    std::string str() const override;
    std::optional<Value> getAttr(std::string_view name) override;
    std::optional<Value> compare(ast::CmpOp op, const Value &other, bool reflected) override;
    std::optional<std::size_t> hash() const override { return std::size_t(dtype) * 31 + 7; }
    bool equals(const Object &other) const override;
    bool callable() const override { return flavor == Flavor::Numpy; }
    Value call(CallArgs &args) override;

    DType dtype;
    Flavor flavor;
};

/// The shared dtype object of a flavor (torch.float32 is torch.float32).
Value dtypeValue(DType dtype, DTypeObject::Flavor flavor = DTypeObject::Flavor::Torch);

/// torch.device("cuda:0"); `index` is absent for torch.device("cuda").
class DeviceObject final : public Object
{
public:
    DeviceObject(tensor::Device::Kind kind, std::optional<int> index)
        : kind(kind)
        , index(index)
    {
    }
    std::string_view typeName() const override { return "device"; }
    std::string repr() const override;
    std::string str() const override;
    std::optional<Value> getAttr(std::string_view name) override;
    std::optional<Value> compare(ast::CmpOp op, const Value &other, bool reflected) override;
    std::optional<std::size_t> hash() const override;
    bool equals(const Object &other) const override;
    tensor::Device device() const { return {kind, index.value_or(0)}; }

    tensor::Device::Kind kind;
    std::optional<int> index;
};

Value deviceValue(tensor::Device device);

/// torch.Size: a tuple of ints that prints as "torch.Size([2, 3])".
class SizeObject final : public Object
{
public:
    explicit SizeObject(tensor::Shape dims)
        : dims(std::move(dims))
    {
    }
    std::string_view typeName() const override { return "Size"; }
    bool isInstanceOf(std::string_view name) const override
    {
        return name == "Size" || name == "tuple";
    }
    std::string repr() const override;
    std::optional<Value> getAttr(std::string_view name) override;
    Value getItem(const Value &key) override;
    std::optional<std::int64_t> len() const override { return std::int64_t(dims.size()); }
    std::optional<Value> iter() override;
    std::optional<Value> compare(ast::CmpOp op, const Value &other, bool reflected) override;
    std::optional<Value> binaryOp(ast::BinaryOp op, const Value &other, bool reflected) override;
    std::optional<std::size_t> hash() const override;
    bool equals(const Object &other) const override;
    std::optional<bool> contains(const Value &item) override;

    tensor::Shape dims;
};

/// torch.Tensor.
class TensorObject final : public Object
{
public:
    explicit TensorObject(tensor::Tensor t)
        : tensor(std::move(t))
    {
    }
    std::string_view typeName() const override { return "Tensor"; }
    std::string repr() const override;
    std::string format(std::string_view spec) const override;
    std::optional<Value> getAttr(std::string_view name) override;
    bool setAttr(std::string_view name, const Value &value) override;
    Value getItem(const Value &key) override;
    void setItem(const Value &key, const Value &value) override;
    std::optional<Value> binaryOp(ast::BinaryOp op, const Value &other, bool reflected) override;
    std::optional<Value> unaryOp(ast::UnaryOpKind op) override;
    std::optional<Value> compare(ast::CmpOp op, const Value &other, bool reflected) override;
    std::optional<bool> contains(const Value &item) override;
    std::optional<Value> iter() override;
    std::optional<std::int64_t> len() const override;
    std::optional<bool> truthy() const override;
    std::optional<Value> toScalar() const override;

    tensor::Tensor tensor;
};

/// torch.return_types.max(values=..., indices=...): unpacks and indexes like a 2-tuple.
class ValuesIndicesObject final : public Object
{
public:
    ValuesIndicesObject(std::string kind, Value values, Value indices)
        : kind(std::move(kind))
        , values(std::move(values))
        , indices(std::move(indices))
    {
    }
    std::string_view typeName() const override { return kind; }
    std::string repr() const override;
    std::optional<Value> getAttr(std::string_view name) override;
    Value getItem(const Value &key) override;
    std::optional<std::int64_t> len() const override { return 2; }
    std::optional<Value> iter() override;

    std::string kind;
    Value values, indices;
};

} // namespace tsm::host
