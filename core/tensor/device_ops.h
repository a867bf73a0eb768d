#pragma once
// A seam for computing tensor ops on a device: while a DeviceOps is active on this thread
// (DeviceOpsScope), unary / binary / softmax on cuda tensors ask it first and run on the host
// only when it declines. The harness activates its eager GPU ops (core/host/eager_gpu_ops.h)
// around the calls that do_bench times under --backend cuda, so torch ops there are GPU kernels
// like PyTorch eager's; everywhere else (references, setup) the host computes.

#include "core/tensor/tensor.h"
#include "core/tensor/tensor_ops.h"

#include <optional>
#include <string_view>

namespace tsm::tensor {

class DeviceOps
{
public:
    virtual ~DeviceOps() = default;
    /// The op into a new tensor of dtype `out` and x's shape, or nullopt to let the host do it.
    virtual std::optional<Tensor> unary(UnaryOp op, const Tensor &x, DType out) = 0;
    /// The op into a new tensor of dtype `out` and the broadcast shape; `compute` is the
    /// promoted operand type.
    virtual std::optional<Tensor>
    binary(BinaryOp op, const Tensor &a, const Tensor &b, DType compute, DType out) = 0;
    /// softmax / log_softmax of x along `dim`.
    virtual std::optional<Tensor> softmax(const Tensor &x, std::int64_t dim, bool logarithm) = 0;
    /// Called when an op on cuda tensors runs on the host while this is active (`op` names it).
    virtual void hostFallback(std::string_view op) = 0;
};

/// The DeviceOps active on this thread, or null.
DeviceOps *activeDeviceOps();

/// Makes `ops` active on this thread for the scope's lifetime (null: none); scopes nest.
class DeviceOpsScope
{
public:
    explicit DeviceOpsScope(DeviceOps *ops);
    ~DeviceOpsScope();
    DeviceOpsScope(const DeviceOpsScope &) = delete;
    DeviceOpsScope &operator=(const DeviceOpsScope &) = delete;

private:
    DeviceOps *m_previous;
};

/// The active DeviceOps when any of `operands` is a cuda tensor, else null.
DeviceOps *deviceOpsFor(std::initializer_list<const Tensor *> operands);

} // namespace tsm::tensor
