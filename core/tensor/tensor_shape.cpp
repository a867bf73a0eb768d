// Shape and selection ops: cat, stack, flip, masked_select, index_select, gather, triu/tril,
// bincount, equal, nonzero.

#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tsm::tensor {

using namespace detail;

Tensor cat(std::span<const Tensor> tensors, std::int64_t dim)
{
    if (tensors.empty())
        runtimeError("torch.cat(): expected a non-empty list of Tensors");
    // Legacy behaviour kept by torch: 1-D empty tensors are skipped.
    std::vector<Tensor> parts;
    for (const Tensor &t : tensors)
        if (!(t.dim() == 1 && t.numel() == 0))
            parts.push_back(t);
    const DType out = resultType(tensors);
    if (parts.empty())
        return Tensor::allocate({0}, out, tensors[0].device());
    const Tensor &first = parts[0];
    if (first.dim() == 0)
        runtimeError("zero-dimensional tensor (at position 0) cannot be concatenated");
    const std::int64_t d = first.wrapDim(dim);
    Shape shape = first.shape();
    std::int64_t total = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const Tensor &t = parts[i];
        if (t.dim() != first.dim())
            runtimeError("Tensors must have same number of dimensions: got "
                         + std::to_string(first.dim()) + " and " + std::to_string(t.dim()));
        for (std::int64_t k = 0; k < t.dim(); ++k)
            if (k != d && t.shape()[std::size_t(k)] != shape[std::size_t(k)])
                runtimeError("Sizes of tensors must match except in dimension " + std::to_string(d)
                             + ". Expected size " + std::to_string(shape[std::size_t(k)])
                             + " but got size " + std::to_string(t.shape()[std::size_t(k)])
                             + " for tensor number " + std::to_string(i) + " in the list.");
        total += t.shape()[std::size_t(d)];
    }
    shape[std::size_t(d)] = total;
    Tensor result = Tensor::allocate(shape, out, first.device());
    std::int64_t at = 0;
    for (const Tensor &t : parts) {
        const std::int64_t n = t.shape()[std::size_t(d)];
        result.narrow(d, at, n).copyFrom(t);
        at += n;
    }
    return result;
}

Tensor stack(std::span<const Tensor> tensors, std::int64_t dim)
{
    if (tensors.empty())
        runtimeError("stack expects a non-empty TensorList");
    const std::int64_t d = detail::wrapDim(dim, tensors[0].dim() + 1);
    std::vector<Tensor> parts;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        if (tensors[i].shape() != tensors[0].shape())
            runtimeError("stack expects each tensor to be equal size, but got "
                         + formatShapeList(tensors[0].shape()) + " at entry 0 and "
                         + formatShapeList(tensors[i].shape()) + " at entry " + std::to_string(i));
        parts.push_back(tensors[i].unsqueeze(d));
    }
    return cat(parts, d);
}

Tensor flip(const Tensor &x, std::span<const std::int64_t> dims)
{
    Shape strides = x.strides();
    std::int64_t offset = x.storageOffset();
    std::vector<bool> seen(std::size_t(x.dim()), false);
    for (std::int64_t dim : dims) {
        const std::size_t d = std::size_t(x.wrapDim(dim));
        if (seen[d])
            runtimeError("dims has duplicates, original flip dims size="
                         + std::to_string(dims.size())
                         + ", but unique flip dims size=" + std::to_string(dims.size() - 1));
        seen[d] = true;
        if (x.shape()[d] > 0)
            offset += (x.shape()[d] - 1) * strides[d];
        strides[d] = -strides[d];
    }
    // A negative-stride view exists only inside this function; the result is a fresh copy.
    return Tensor(x.storage(), x.dtype(), x.shape(), strides, offset, x.device()).clone();
}

Tensor maskedSelect(const Tensor &x, const Tensor &mask)
{
    if (!isBool(mask.dtype()))
        runtimeError("masked_select: expected BoolTensor for mask");
    const Shape shape = broadcastShapes(x.shape(), mask.shape());
    const std::vector<std::int64_t> m = toInts(mask.expand(shape));
    const Tensor xs = x.expand(shape).contiguous();
    std::int64_t count = 0;
    for (std::int64_t v : m)
        count += v != 0;
    Tensor out = Tensor::allocate({count}, x.dtype(), x.device());
    const std::int64_t es = x.elementSize();
    std::int64_t j = 0;
    for (std::size_t i = 0; i < m.size(); ++i)
        if (m[i])
            std::memcpy(out.data() + (j++) * es, xs.data() + std::int64_t(i) * es, std::size_t(es));
    return out;
}

Tensor indexSelect(const Tensor &x, std::int64_t dim, const Tensor &index)
{
    if (index.dim() > 1)
        indexError("index_select(): Index is supposed to be a vector");
    if (isFloat(index.dtype()) || isBool(index.dtype()))
        runtimeError("index_select(): Expected dtype int32 or int64 for index");
    const std::int64_t d = x.wrapDim(dim);
    std::vector<IndexItem> items(std::size_t(d), Slice{});
    items.emplace_back(index.reshape({-1}));
    return x.index(items);
}

Tensor gather(const Tensor &x, std::int64_t dim, const Tensor &index)
{
    const std::int64_t d = x.wrapDim(dim);
    if (index.dim() != x.dim() && !(x.dim() == 0 && index.dim() <= 1))
        runtimeError("Index tensor must have the same number of dimensions as input tensor");
    const std::vector<std::int64_t> idx = toInts(index);
    Tensor out = Tensor::allocate(index.shape(), x.dtype(), x.device());
    const std::int64_t es = x.elementSize();
    const Shape istr = contiguousStrides(index.shape());
    std::vector<std::int64_t> coord(std::size_t(index.dim()));
    for (std::size_t i = 0; i < idx.size(); ++i) {
        std::int64_t rest = std::int64_t(i), off = x.storageOffset();
        for (std::size_t k = 0; k < coord.size(); ++k) {
            coord[k] = rest / istr[k];
            rest %= istr[k];
        }
        for (std::size_t k = 0; k < coord.size(); ++k) {
            std::int64_t c = coord[k];
            if (std::int64_t(k) == d) {
                c = idx[i];
                const std::int64_t n = x.shape()[k];
                if (c < -n || c >= n)
                    runtimeError("index " + std::to_string(c) + " is out of bounds for dimension "
                                 + std::to_string(d) + " with size " + std::to_string(n));
                if (c < 0)
                    c += n;
            } else if (c >= x.shape()[k]) {
                runtimeError("Size does not match at dimension " + std::to_string(k)
                             + " expected index " + formatShapeList(index.shape())
                             + " to be smaller than self " + formatShapeList(x.shape())
                             + " apart from dimension " + std::to_string(d));
            }
            off += c * x.strides()[k];
        }
        std::memcpy(
            out.data() + std::int64_t(i) * es, x.storage()->data() + off * es, std::size_t(es));
    }
    return out;
}

namespace {
Tensor triangle(const Tensor &x, std::int64_t diagonal, bool upper)
{
    if (x.dim() < 2)
        runtimeError(std::string(upper ? "triu" : "tril")
                     + ": input tensor must have at least 2 dimensions");
    Tensor out = x.clone();
    const std::int64_t rows = x.shape()[x.shape().size() - 2], cols = x.shape().back();
    const std::int64_t es = out.elementSize();
    const std::int64_t mats = rows > 0 && cols > 0 ? out.numel() / (rows * cols) : 0;
    for (std::int64_t m = 0; m < mats; ++m)
        for (std::int64_t i = 0; i < rows; ++i)
            for (std::int64_t j = 0; j < cols; ++j) {
                const bool keep = upper ? j - i >= diagonal : j - i <= diagonal;
                if (!keep)
                    std::memset(out.data() + ((m * rows + i) * cols + j) * es, 0, std::size_t(es));
            }
    return out;
}
} // namespace

Tensor triu(const Tensor &x, std::int64_t diagonal)
{
    return triangle(x, diagonal, true);
}
Tensor tril(const Tensor &x, std::int64_t diagonal)
{
    return triangle(x, diagonal, false);
}

Tensor bincount(const Tensor &x, const std::optional<Tensor> &weights, std::int64_t minlength)
{
    if (x.dim() != 1 || isFloat(x.dtype()) || isBool(x.dtype()))
        runtimeError("bincount only supports 1-d non-negative integral inputs.");
    if (minlength < 0)
        runtimeError("minlength should be >= 0");
    if (weights && (weights->dim() != 1 || weights->numel() != x.numel()))
        runtimeError("weights should be 1-d and have the same length as input");
    const std::vector<std::int64_t> v = toInts(x);
    std::int64_t maxValue = -1;
    for (std::int64_t e : v) {
        if (e < 0)
            runtimeError("bincount only supports 1-d non-negative integral inputs.");
        maxValue = std::max(maxValue, e);
    }
    const std::int64_t n = std::max(maxValue + 1, minlength);
    if (!weights) {
        std::vector<std::int64_t> counts(std::size_t(n), 0);
        for (std::int64_t e : v)
            ++counts[std::size_t(e)];
        return fromInts({n}, DType::I64, counts, x.device());
    }
    const std::vector<double> w = toDoubles(*weights);
    std::vector<double> sums(std::size_t(n), 0.0);
    for (std::size_t i = 0; i < v.size(); ++i)
        sums[std::size_t(v[i])] += w[i];
    return fromDoubles(
        {n}, weights->dtype() == DType::F32 ? DType::F32 : DType::F64, sums, x.device());
}

bool equal(const Tensor &a, const Tensor &b)
{
    if (a.shape() != b.shape())
        return false;
    if (!isFloat(a.dtype()) && !isFloat(b.dtype()))
        return toInts(a) == toInts(b);
    const std::vector<double> x = toDoubles(a), y = toDoubles(b);
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!(x[i] == y[i]))
            return false;
    return true;
}

Tensor nonzero(const Tensor &x)
{
    const std::vector<double> v = toDoubles(x);
    const Shape strides = contiguousStrides(x.shape());
    std::vector<std::int64_t> coords;
    std::int64_t count = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] == 0)
            continue;
        ++count;
        std::int64_t rest = std::int64_t(i);
        for (std::size_t k = 0; k < strides.size(); ++k) {
            coords.push_back(rest / strides[k]);
            rest %= strides[k];
        }
    }
    return fromInts({count, x.dim()}, DType::I64, coords, x.device());
}

} // namespace tsm::tensor
