#pragma once
// Internal helpers shared by the tensor sources (not part of the public API): error throwing,
// torch's scalar-type names, strided iteration over one or more operands.

#include "core/tensor/tensor.h"

#include <array>
#include <string>

namespace tsm::tensor::detail {

[[noreturn]] void fail(TensorError::Kind kind, const std::string &message);
[[noreturn]] inline void runtimeError(const std::string &m)
{
    fail(TensorError::Kind::Runtime, m);
}
[[noreturn]] inline void indexError(const std::string &m)
{
    fail(TensorError::Kind::Index, m);
}
[[noreturn]] inline void valueError(const std::string &m)
{
    fail(TensorError::Kind::Value, m);
}
[[noreturn]] inline void typeError(const std::string &m)
{
    fail(TensorError::Kind::Type, m);
}

/// ATen's scalar type name used in error messages: "Float", "Long", "Half", "BFloat16", "Bool".
std::string scalarTypeName(DType dtype);
/// Product of sizes.
std::int64_t shapeNumel(const Shape &shape);
/// Strides of `t` seen with `outShape` (broadcast dims get stride 0). `t` must broadcast.
Shape broadcastStrides(const Tensor &t, const Shape &outShape);
/// Wraps `d` into [0, rank) for a tensor of `rank` dims (0-d tensors accept -1 and 0).
std::int64_t wrapDim(std::int64_t d, std::int64_t rank);
/// Sorted unique wrapped dims of a DimList-like vector; empty input means all dims.
std::vector<bool> reducedDimMask(const std::vector<std::int64_t> *dims, std::int64_t rank);

/// Calls f(offsets) for every coordinate of `shape` in row-major order, where offsets[k] is the
/// element offset of operand k (storage offset included).
template <std::size_t K, class F>
void forEachOffset(const Shape &shape,
                   const std::array<const std::int64_t *, K> &strides,
                   std::array<std::int64_t, K> offsets,
                   F &&f)
{
    const std::size_t rank = shape.size();
    for (std::int64_t s : shape)
        if (s == 0)
            return;
    if (rank == 0) {
        f(offsets);
        return;
    }
    std::vector<std::int64_t> coord(rank, 0);
    const std::int64_t inner = shape[rank - 1];
    std::array<std::int64_t, K> innerStride;
    for (std::size_t k = 0; k < K; ++k)
        innerStride[k] = strides[k][rank - 1];
    while (true) {
        std::array<std::int64_t, K> o = offsets;
        for (std::int64_t i = 0; i < inner; ++i) {
            f(o);
            for (std::size_t k = 0; k < K; ++k)
                o[k] += innerStride[k];
        }
        // Odometer over the outer dims.
        std::size_t d = rank - 1;
        while (true) {
            if (d == 0)
                return;
            --d;
            ++coord[d];
            for (std::size_t k = 0; k < K; ++k)
                offsets[k] += strides[k][d];
            if (coord[d] < shape[d])
                break;
            for (std::size_t k = 0; k < K; ++k)
                offsets[k] -= strides[k][d] * shape[d];
            coord[d] = 0;
        }
    }
}

using ReadDoubleFn = double (*)(const std::byte *);
using WriteDoubleFn = void (*)(std::byte *, double);
using ReadIntFn = std::int64_t (*)(const std::byte *);
using WriteIntFn = void (*)(std::byte *, std::int64_t);
ReadDoubleFn readDoubleFn(DType dtype);
WriteDoubleFn writeDoubleFn(DType dtype);
ReadIntFn readIntFn(DType dtype);
WriteIntFn writeIntFn(DType dtype);

/// Row-major list of values of `t` as double / int64 (for ops that want random access).
std::vector<double> toDoubles(const Tensor &t);
std::vector<std::int64_t> toInts(const Tensor &t);
/// A fresh contiguous tensor of `shape` filled from `values` (rounded once to `dtype`).
Tensor
fromDoubles(const Shape &shape, DType dtype, const std::vector<double> &values, Device device);
Tensor
fromInts(const Shape &shape, DType dtype, const std::vector<std::int64_t> &values, Device device);

} // namespace tsm::tensor::detail
