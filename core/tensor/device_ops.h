#pragma once
// A seam for computing tensor ops on a device: while a DeviceOps is active on this thread
// (DeviceOpsScope), elementwise ops, where, softmax, reductions, norms, cross_entropy, dropout
// and copies on cuda tensors ask it first and run on the host
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
    /// torch.where(cond, a, b) into a new tensor of dtype `out` and the broadcast shape; a or b
    /// may be a Python number.
    virtual std::optional<Tensor>
    where(const Tensor &cond, const Tensor &a, const Tensor &b, DType out) = 0;
    /// "sum" / "mean" / "amax" / "amin" of x over the dimensions `reduced` marks (one flag per
    /// dimension of x), into dtype `out` (those dimensions kept with size 1 when keepdim).
    virtual std::optional<Tensor> reduce(std::string_view op,
                                         const Tensor &x,
                                         const std::vector<bool> &reduced,
                                         bool keepdim,
                                         DType out)
        = 0;
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
    /// F.cross_entropy of `input` (N, C) or (C) against class indices `target` (N) or (), or
    /// against class probabilities (a float `target` of input's shape), with label smoothing and
    /// without class weights.
    virtual std::optional<Tensor> crossEntropy(const Tensor &input,
                                               const Tensor &target,
                                               std::string_view reduction,
                                               std::int64_t ignoreIndex,
                                               double labelSmoothing)
        = 0;
    /// F.dropout in training mode: each element zeroed with probability p, the others scaled by
    /// 1 / (1 - p); the randomness is drawn from the global generator (tensor_factory.h).
    virtual std::optional<Tensor> dropout(const Tensor &x, double p) = 0;
    /// A contiguous copy of x in dtype `out` (to, clone, contiguous); declining says nothing.
    virtual std::optional<Tensor> copy(const Tensor &x, DType out) = 0;
    /// x[...] = value in place (fill_, zero_, torch.full); false lets the host do it.
    virtual bool fill(const Tensor &x, const Scalar &value)
    {
        (void) x;
        (void) value;
        return false;
    }
    /// dst[...] = src in place, both of one shape (the autotuner's restore_value); false lets
    /// the host do it.
    virtual bool copyInto(const Tensor &dst, const Tensor &src)
    {
        (void) dst;
        (void) src;
        return false;
    }
    /// Called when an op on cuda tensors runs on the host while this is active (`op` names it,
    /// `why` says what has no kernel when it is not the whole op).
    virtual void hostFallback(std::string_view op, std::string_view why = {}) = 0;
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
