#pragma once
// PyTorch-eager torch ops on the GPU (issue 5, "Eager GPU torch ops"): inside do_bench under
// --backend cuda the harness makes this the active tensor::DeviceOps, so `x * torch.sigmoid(x)`
// on cuda tensors launches one kernel per op, as PyTorch eager does, and a benchmark's "torch"
// line is a GPU measurement. The kernels are Triton programs (resources/lib/torch_eager.py,
// compiled into the binary) that Tilesmith specializes and compiles like a user's kernels.
// Ops they do not cover run on the host, with a warning that their time is not measured.

#include "core/run/backend.h"
#include "core/sema/signature.h"
#include "core/tensor/device_ops.h"

#include <map>
#include <memory>
#include <set>
#include <string>

namespace tsm::host {

struct HostContext;

class EagerGpuOps final : public tensor::DeviceOps
{
public:
    explicit EagerGpuOps(HostContext &ctx);
    ~EagerGpuOps() override;

    std::optional<tensor::Tensor> unary(tensor::UnaryOp op, const tensor::Tensor &x, DType out) override;
    std::optional<tensor::Tensor> binary(tensor::BinaryOp op,
                                         const tensor::Tensor &a,
                                         const tensor::Tensor &b,
                                         DType compute,
                                         DType out) override;
    std::optional<tensor::Tensor> where(const tensor::Tensor &cond,
                                        const tensor::Tensor &a,
                                        const tensor::Tensor &b,
                                        DType out) override;
    std::optional<tensor::Tensor>
    softmax(const tensor::Tensor &x, std::int64_t dim, bool logarithm) override;
    /// Any dimensions: x is copied with the reduced ones last when that is not a view, and rows
    /// longer than one block are reduced in passes of partial results.
    std::optional<tensor::Tensor> reduce(std::string_view op,
                                         const tensor::Tensor &x,
                                         const std::vector<bool> &reduced,
                                         bool keepdim,
                                         DType out) override;
    std::optional<tensor::Tensor> norm(const tensor::Tensor &x,
                                       const std::optional<tensor::Tensor> &weight,
                                       const std::optional<tensor::Tensor> &bias,
                                       double eps,
                                       bool rms) override;
    /// int64 class indices or class probabilities; a per-row loss kernel, then one that sums or
    /// averages.
    std::optional<tensor::Tensor> crossEntropy(const tensor::Tensor &input,
                                               const tensor::Tensor &target,
                                               std::string_view reduction,
                                               std::int64_t ignoreIndex,
                                               double labelSmoothing) override;
    /// tl.rand with a seed drawn from torch's generator: deterministic after torch.manual_seed,
    /// not the host's stream nor PyTorch's.
    std::optional<tensor::Tensor> dropout(const tensor::Tensor &x, double p) override;
    std::optional<tensor::Tensor> copy(const tensor::Tensor &x, DType out) override;
    /// Through the backend's BLAS (cuBLAS): see Backend::matmul.
    std::optional<tensor::Tensor>
    matmul(const tensor::Tensor &a, const tensor::Tensor &b, std::int64_t n, std::int64_t k, std::int64_t p) override;
    /// fill_kernel / unary_kernel's copy into a contiguous tensor's own storage.
    bool fill(const tensor::Tensor &x, const tensor::Scalar &value) override;
    bool copyInto(const tensor::Tensor &dst, const tensor::Tensor &src) override;
    void hostFallback(std::string_view op, std::string_view why = {}) override;

private:
    struct Library;
    struct Call;
    /// Launches an elementwise kernel over n elements in blocks of 1024 (appends BLOCK).
    void launchFlat(const std::string &name, Call c, std::int64_t n);
    /// Launches a row kernel, one program per row of `cols` elements, the row in one block with
    /// the softmax tutorial's warps (appends COMPUTE and BLOCK).
    void launchRows(const std::string &name, Call c, DType compute, std::int64_t cols, std::int64_t rows);
    /// `op` of each contiguous row of `cols` elements of `rows` into `result` (`groups` rows),
    /// computed in `compute`.
    void reduceRows(std::string_view op,
                    tensor::Tensor rows,
                    std::int64_t groups,
                    std::int64_t cols,
                    const tensor::Tensor &result,
                    DType compute);
    /// unary_kernel with OP `name` ("copy" for casts and copies) into a new tensor of `out`,
    /// computed in `compute`.
    std::optional<tensor::Tensor>
    unaryKernel(const std::string &name, const tensor::Tensor &x, DType compute, DType out);
    /// The same into `out`, contiguous, of x's shape and a storable dtype.
    void unaryInto(const std::string &name, const tensor::Tensor &x, DType compute, const tensor::Tensor &out);
    /// A contiguous copy of x (x itself when it is contiguous), or nullopt.
    std::optional<tensor::Tensor> contiguous(const tensor::Tensor &x);
    /// The EagerOpOnHost warning for `op`, once per op.
    void warnOnHost(std::string_view op, const std::string &why);
    /// Compiles (once per signature) and launches kernel `name` of the library.
    void launch(const std::string &name, const sema::Signature &sig, std::vector<LaunchArg> args, Grid grid);

    HostContext &m_ctx;
    std::unique_ptr<Library> m_library;
    std::map<std::string, std::shared_ptr<CompiledKernel>> m_compiled;
    std::set<std::string> m_warned;
};

/// The text of resources/lib/torch_eager.py (generated by core/CMakeLists.txt).
std::string_view torchEagerSource();

} // namespace tsm::host
