#pragma once
// Argument conversion shared by the torch / numpy / triton bindings: Values to tensors,
// dtypes, devices, shapes and dims, and tensor errors to Python exceptions.

#include "core/host/object.h"
#include "core/tensor/tensor.h"
#include "core/tensor/tensor_ops.h"

#include <optional>
#include <string_view>
#include <utility>

namespace tsm::host {

/// The tensor inside a torch.Tensor (or numpy array) value, or null.
const tensor::Tensor *tensorOf(const Value &v);
/// A tensor from a tensor value, a Python number (a weak "wrapped number") or a nested list;
/// TypeError naming `what` otherwise.
tensor::Tensor toTensor(const Value &v, std::string_view what = "input");
/// A torch.Tensor value.
Value tensorValue(tensor::Tensor t);

/// A dtype argument: a torch / triton / numpy dtype object, or None (nullopt).
std::optional<DType> toDType(const Value &v);
/// A device argument: "cuda", "cuda:0", "cpu", a torch.device, an int (cuda index), or None.
std::optional<tensor::Device> toDevice(const Value &v);
/// A shape from `size(2, 3)` varargs or one sequence / torch.Size.
tensor::Shape toShape(const std::vector<Value> &positional, std::size_t first = 0);
tensor::Shape toShape(const Value &sequence);
/// A dim argument: None -> nullopt, an int, or a tuple/list of ints.
tensor::DimList toDims(const Value &v);

tensor::Scalar toScalar(const Value &v);
Value scalarValue(tensor::Scalar s);
tensor::Nested toNested(const Value &v);
Value nestedValue(const tensor::Nested &n);

[[noreturn]] void throwTensorError(const tensor::TensorError &e);

/// Runs `fn`, turning a TensorError into the Python exception it names.
template <class F> auto guardTensor(F &&fn) -> decltype(fn())
{
    try {
        return fn();
    } catch (const tensor::TensorError &e) {
        throwTensorError(e);
    }
}

/// Raises TypeError unless `min <= positional count <= max` (keywords are checked elsewhere).
void expectCount(const CallArgs &args, std::string_view function, std::size_t min, std::size_t max);

/// A bound keyword or positional value that is not None.
inline bool given(const Value &v)
{
    return !v.isNone();
}

} // namespace tsm::host
