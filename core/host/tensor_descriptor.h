#pragma once
// triton.tools.tensor_descriptor.TensorDescriptor: a host-side description of a tensor that a
// kernel reads and writes in blocks (base tensor, shape, strides, block shape, padding), with
// the checks of Triton's dataclass __post_init__. A kernel receives it as a tensor descriptor
// (core/sema/lower_tensor_desc.cpp); the launch passes it as base, shape and strides.

#include "core/host/object.h"
#include "core/tensor/tensor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsm::host {

class TensorDescriptorObject final : public Object
{
public:
    std::string_view typeName() const override { return "TensorDescriptor"; }
    std::optional<Value> getAttr(std::string_view name) override;
    bool setAttr(std::string_view name, const Value &value) override;
    std::string repr() const override;

    /// Triton's __post_init__ asserts (AssertionError with its messages).
    void validate() const;

    /// What a launch passes, checked again (a pre_hook may have set block_shape since): the
    /// base tensor, shape, strides and block shape as integers, and the padding.
    struct Launch
    {
        const tensor::Tensor *base = nullptr;
        std::vector<std::int64_t> shape, strides, blockShape;
        std::string padding;
    };
    Launch launchView() const;

    Value base, shape, strides, blockShape, padding;
};

/// The TensorDescriptor class (callable, isinstance-able, with from_tensor).
Value makeTensorDescriptorType();

/// The tensor behind each kernel parameter of a launch with these bound arguments (null for
/// scalars and constexprs): a TensorDescriptor is its base tensor followed by its shape and
/// stride parameters, as the launch passes it (one entry per ir::Param).
std::vector<const tensor::Tensor *> kernelParamTensors(const std::vector<Value> &bound);

/// True when any of `values` is a TensorDescriptor (whose block_shape a pre_hook may set).
bool anyTensorDescriptor(const std::vector<Value> &values);

} // namespace tsm::host
