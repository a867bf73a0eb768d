#pragma once
// A seam for computing tensor ops on a device: while a DeviceOps is active on this thread
// (DeviceOpsScope), elementwise ops, softmax, last-dimension reductions, norms and copies on
// cuda tensors ask it first and run on the host
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
    /// "sum" / "mean" / "amax" / "amin" of x over its last dimension, into dtype `out` (that
    /// dimension kept with size 1 when keepdim).
    virtual std::optional<Tensor>
    reduceLastDim(std::string_view op, const Tensor &x, bool keepdim, DType out) = 0;
    /// layer_norm (rms false) or rms_norm over x's last dimension.
    virtual std::optional<Tensor> norm(const Tensor &x,
                                       const std::optional<Tensor> &weight,
                                       const std::optional<Tensor> &bias,
                                       double eps,
                                       bool rms)
        = 0;
    /// a @ b for a (..., n, k) and b (..., k, p) expanded to the same batch shape (matmul, mm,
    /// bmm, @), into a new contiguous tensor.
    virtual std::optional<Tensor>
    matmul(const Tensor &a, const Tensor &b, std::int64_t n, std::int64_t k, std::int64_t p) = 0;
    /// A contiguous copy of x in dtype `out` (to, clone, contiguous); declining says nothing.
    virtual std::optional<Tensor> copy(const Tensor &x, DType out) = 0;
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

/// Whether `dims` (torch's dim argument: absent = all) names exactly x's last dimension.
bool reducesLastDimOnly(const Tensor &x, const std::optional<std::vector<std::int64_t>> &dims);

} // namespace tsm::tensor
