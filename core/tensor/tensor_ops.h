#pragma once
// Reference ops on host tensors, as torch defines them: elementwise with broadcasting and
// torch's type promotion (torch.result_type: Python numbers are weak), reductions, matmul,
// torch.nn.functional and the everyday rest. Every op computes in float64 (int64 for integers)
// and rounds to the result dtype once. Results are fresh contiguous tensors on the first
// operand's device. Bad arguments throw TensorError (tensor.h) with torch's wording.

#include "core/tensor/tensor.h"

#include <optional>
#include <string_view>
#include <vector>

namespace tsm::tensor {

enum class UnaryOp : std::uint8_t {
#define UNARY_OP(Enum, TorchName, IntToFloat) Enum,
#include "core/tensor/tensor_ops.def"
};
enum class BinaryOp : std::uint8_t {
#define BINARY_OP(Enum, TorchName, PyOperator, Result) Enum,
#include "core/tensor/tensor_ops.def"
};

/// "exp", "add", "floor_divide"
std::string_view unaryOpName(UnaryOp op);
std::string_view binaryOpName(BinaryOp op);
/// "+", "//", "" when the op has no Python operator.
std::string_view binaryOpOperator(BinaryOp op);
std::optional<UnaryOp> parseUnaryOp(std::string_view torchName);
/// Accepts the torch name ("add") or the Python operator ("+").
std::optional<BinaryOp> parseBinaryOp(std::string_view nameOrOperator);

// ---- type promotion ----
/// torch.promote_types
DType promoteTypes(DType a, DType b);
/// torch.result_type over operands: dimensioned tensors, then 0-d tensors, then wrapped
/// numbers, each a weaker category (bool < integer < float).
DType resultType(std::span<const Tensor> operands);
/// Broadcast shape of two shapes; RuntimeError "The size of tensor a (3) must match the size of
/// tensor b (4) at non-singleton dimension 1".
Shape broadcastShapes(const Shape &a, const Shape &b);

// ---- elementwise ----
Tensor unary(UnaryOp op, const Tensor &x);
/// `a op b`. Wrap Python numbers with Tensor::fromScalar.
Tensor binary(BinaryOp op, const Tensor &a, const Tensor &b);
/// In place (`a op= b`): the result is cast to a's dtype; RuntimeError "result type Float
/// can't be cast to the desired output type Long" when torch refuses. Returns `self`.
Tensor binaryInPlace(BinaryOp op, const Tensor &self, const Tensor &other);
/// torch.where(cond, a, b) with broadcasting and promotion of a, b.
Tensor where(const Tensor &cond, const Tensor &a, const Tensor &b);
/// torch.clamp(x, min, max); either may be absent (not both).
Tensor clamp(const Tensor &x, const std::optional<Tensor> &min, const std::optional<Tensor> &max);
/// x.masked_fill(mask, value): value must be a 0-d tensor or a number.
Tensor maskedFill(const Tensor &x, const Tensor &mask, const Tensor &value);

// ---- reductions ----
/// Dims to reduce; nullopt (or empty) reduces everything.
using DimList = std::optional<std::vector<std::int64_t>>;
struct ValuesIndices
{
    Tensor values, indices;
};

/// Integer and bool inputs sum to int64 (as torch) unless `dtype` is given.
Tensor sum(const Tensor &x,
           const DimList &dims = {},
           bool keepdim = false,
           std::optional<DType> dtype = {});
/// Float inputs only (torch's error otherwise) unless `dtype` is given.
Tensor mean(const Tensor &x,
            const DimList &dims = {},
            bool keepdim = false,
            std::optional<DType> dtype = {});
Tensor prod(const Tensor &x,
            const DimList &dims = {},
            bool keepdim = false,
            std::optional<DType> dtype = {});
Tensor amax(const Tensor &x, const DimList &dims = {}, bool keepdim = false);
Tensor amin(const Tensor &x, const DimList &dims = {}, bool keepdim = false);
/// Whole-tensor max/min -> 0-d (RuntimeError on empty tensors, as torch).
Tensor max(const Tensor &x);
Tensor min(const Tensor &x);
/// max(dim) / min(dim): values and int64 indices (first occurrence).
ValuesIndices max(const Tensor &x, std::int64_t dim, bool keepdim = false);
ValuesIndices min(const Tensor &x, std::int64_t dim, bool keepdim = false);
/// argmax over the flattened tensor when dim is absent.
Tensor argmax(const Tensor &x, std::optional<std::int64_t> dim = {}, bool keepdim = false);
Tensor argmin(const Tensor &x, std::optional<std::int64_t> dim = {}, bool keepdim = false);
/// var/std with `correction` (1 = unbiased, torch's default).
Tensor var(const Tensor &x, const DimList &dims = {}, double correction = 1, bool keepdim = false);
Tensor std(const Tensor &x, const DimList &dims = {}, double correction = 1, bool keepdim = false);
Tensor logsumexp(const Tensor &x, const DimList &dims, bool keepdim = false);
/// bool results.
Tensor all(const Tensor &x, const DimList &dims = {}, bool keepdim = false);
Tensor any(const Tensor &x, const DimList &dims = {}, bool keepdim = false);
/// Integer/bool inputs give int64 unless `dtype` is given.
Tensor cumsum(const Tensor &x, std::int64_t dim, std::optional<DType> dtype = {});
Tensor cumprod(const Tensor &x, std::int64_t dim, std::optional<DType> dtype = {});
/// Sort along `dim` (stable); values and int64 indices.
ValuesIndices sort(const Tensor &x, std::int64_t dim = -1, bool descending = false);
ValuesIndices topk(const Tensor &x, std::int64_t k, std::int64_t dim = -1, bool largest = true);

// ---- linear algebra ----
/// torch.matmul: 1-D/2-D/batched with batch broadcasting. Accumulates in float64.
Tensor matmul(const Tensor &a, const Tensor &b);
/// Strict forms: mm (2-D x 2-D), bmm (3-D x 3-D, same batch), dot (1-D x 1-D).
Tensor mm(const Tensor &a, const Tensor &b);
Tensor bmm(const Tensor &a, const Tensor &b);
Tensor dot(const Tensor &a, const Tensor &b);
Tensor outer(const Tensor &a, const Tensor &b);

// ---- torch.nn.functional ----
Tensor softmax(const Tensor &x, std::int64_t dim, std::optional<DType> dtype = {});
Tensor logSoftmax(const Tensor &x, std::int64_t dim, std::optional<DType> dtype = {});
/// approximate: "none" or "tanh" (ValueError otherwise).
Tensor gelu(const Tensor &x, std::string_view approximate = "none");
Tensor silu(const Tensor &x);
Tensor relu(const Tensor &x);
/// Normalizes over the trailing `normalizedShape` dims (biased variance, as torch).
Tensor layerNorm(const Tensor &x,
                 const Shape &normalizedShape,
                 const std::optional<Tensor> &weight = {},
                 const std::optional<Tensor> &bias = {},
                 double eps = 1e-5);
/// eps absent: torch.finfo(x.dtype).eps.
Tensor rmsNorm(const Tensor &x,
               const Shape &normalizedShape,
               const std::optional<Tensor> &weight = {},
               std::optional<double> eps = {});
/// Zeroes each element with probability p (global generator) and scales the rest by
/// 1/(1-p); identity when !training.
Tensor dropout(const Tensor &x, double p = 0.5, bool training = true);
/// input (N, C) or (C) logits, target class indices (N) or () or class probabilities (as
/// input); reduction "mean"|"sum"|"none"; `weight` (C): a weight per class, as torch's (a
/// weighted mean over class indices divides by the targets' weights).
Tensor crossEntropy(const Tensor &input,
                    const Tensor &target,
                    std::string_view reduction = "mean",
                    std::int64_t ignoreIndex = -100,
                    double labelSmoothing = 0.0,
                    const std::optional<Tensor> &weight = {});

// ---- shape and selection ----
Tensor cat(std::span<const Tensor> tensors, std::int64_t dim = 0);
Tensor stack(std::span<const Tensor> tensors, std::int64_t dim = 0);
Tensor flip(const Tensor &x, std::span<const std::int64_t> dims);
/// x[mask] for a bool mask broadcastable to x's leading dims: 1-D copy (or rows).
Tensor maskedSelect(const Tensor &x, const Tensor &mask);
Tensor indexSelect(const Tensor &x, std::int64_t dim, const Tensor &index);
Tensor gather(const Tensor &x, std::int64_t dim, const Tensor &index);
/// torch.triu / tril.
Tensor triu(const Tensor &x, std::int64_t diagonal = 0);
Tensor tril(const Tensor &x, std::int64_t diagonal = 0);
/// Non-negative int 1-D input; int64 counts (float64 with weights of a float dtype, as torch).
Tensor
bincount(const Tensor &x, const std::optional<Tensor> &weights = {}, std::int64_t minlength = 0);
/// torch.equal: same shape and same values (after promotion); false on shape mismatch.
bool equal(const Tensor &a, const Tensor &b);
/// Indices of nonzero elements, (n, dim) int64.
Tensor nonzero(const Tensor &x);

} // namespace tsm::tensor
