// Tensor views: reshape-like ops that share storage (torch's view semantics).

#include "core/tensor/tensor.h"
#include "core/tensor/tensor_impl.h"

#include <algorithm>
#include <numeric>

namespace tsm::tensor {

using namespace detail;

namespace {

/// Resolves one -1 in `shape` against `numel` (torch's infer_size).
Shape inferSize(Shape shape, std::int64_t numel)
{
    std::int64_t known = 1;
    std::optional<std::size_t> inferred;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            if (inferred)
                runtimeError("only one dimension can be inferred");
            inferred = i;
        } else if (shape[i] < 0) {
            runtimeError("invalid shape dimension " + std::to_string(shape[i]));
        } else {
            known *= shape[i];
        }
    }
    if (inferred && known != 0 && numel % known == 0) {
        shape[*inferred] = numel / known;
        return shape;
    }
    if (!inferred && known == numel)
        return shape;
    runtimeError("shape '" + formatShapeList(shape) + "' is invalid for input of size "
                 + std::to_string(numel));
}

/// ATen's computeStride: strides for viewing (oldShape, oldStrides) as newShape, if possible.
std::optional<Shape>
viewStrides(const Shape &oldShape, const Shape &oldStrides, const Shape &newShape)
{
    if (oldShape.empty())
        return Shape(newShape.size(), 1);
    const std::int64_t numel = shapeNumel(oldShape);
    if (numel == 0)
        return contiguousStrides(newShape);
    Shape newStrides(newShape.size(), 0);
    std::int64_t viewD = std::int64_t(newShape.size()) - 1;
    std::int64_t chunkBaseStride = oldStrides.back();
    std::int64_t tensorNumel = 1, viewNumel = 1;
    for (std::int64_t tensorD = std::int64_t(oldShape.size()) - 1; tensorD >= 0; --tensorD) {
        tensorNumel *= oldShape[std::size_t(tensorD)];
        if (tensorD == 0
            || (oldShape[std::size_t(tensorD - 1)] != 1
                && oldStrides[std::size_t(tensorD - 1)] != tensorNumel * chunkBaseStride)) {
            while (viewD >= 0 && (viewNumel < tensorNumel || newShape[std::size_t(viewD)] == 1)) {
                newStrides[std::size_t(viewD)] = viewNumel * chunkBaseStride;
                viewNumel *= newShape[std::size_t(viewD)];
                --viewD;
            }
            if (viewNumel != tensorNumel)
                return std::nullopt;
            if (tensorD > 0) {
                chunkBaseStride = oldStrides[std::size_t(tensorD - 1)];
                tensorNumel = 1;
                viewNumel = 1;
            }
        }
    }
    if (viewD != -1)
        return std::nullopt;
    return newStrides;
}

} // namespace

Tensor Tensor::view(Shape shape) const
{
    shape = inferSize(std::move(shape), numel());
    auto strides = viewStrides(m_shape, m_strides, shape);
    if (!strides)
        runtimeError("view size is not compatible with input tensor's size and stride (at least "
                     "one dimension spans across two contiguous subspaces). Use .reshape(...) "
                     "instead.");
    return Tensor(m_storage, m_dtype, std::move(shape), std::move(*strides), m_offset, m_device);
}

Tensor Tensor::reshape(Shape shape) const
{
    shape = inferSize(std::move(shape), numel());
    if (auto strides = viewStrides(m_shape, m_strides, shape))
        return Tensor(
            m_storage, m_dtype, std::move(shape), std::move(*strides), m_offset, m_device);
    return clone().view(std::move(shape));
}

Tensor Tensor::flatten(std::int64_t startDim, std::int64_t endDim) const
{
    if (dim() == 0)
        return reshape({1});
    const std::int64_t s = wrapDim(startDim), e = wrapDim(endDim);
    if (s > e)
        runtimeError("flatten() has invalid args: start_dim cannot come after end_dim");
    Shape shape(m_shape.begin(), m_shape.begin() + s);
    std::int64_t n = 1;
    for (std::int64_t d = s; d <= e; ++d)
        n *= m_shape[std::size_t(d)];
    shape.push_back(n);
    shape.insert(shape.end(), m_shape.begin() + e + 1, m_shape.end());
    return reshape(shape);
}

Tensor Tensor::transpose(std::int64_t d0, std::int64_t d1) const
{
    if (dim() == 0) {
        wrapDim(d0);
        wrapDim(d1);
        return *this;
    }
    const std::size_t a = std::size_t(wrapDim(d0)), b = std::size_t(wrapDim(d1));
    Tensor t = *this;
    std::swap(t.m_shape[a], t.m_shape[b]);
    std::swap(t.m_strides[a], t.m_strides[b]);
    t.m_wrappedNumber = false;
    return t;
}

Tensor Tensor::permute(std::span<const std::int64_t> dims) const
{
    if (std::int64_t(dims.size()) != dim())
        runtimeError("permute(sparse_coo): number of dimensions in the tensor input does not "
                     "match the length of the desired ordering of dimensions i.e. input.dim() = "
                     + std::to_string(dim())
                     + " is not equal to len(dims) = " + std::to_string(dims.size()));
    Tensor t = *this;
    std::vector<bool> seen(m_shape.size(), false);
    for (std::size_t i = 0; i < dims.size(); ++i) {
        const std::size_t d = std::size_t(wrapDim(dims[i]));
        if (seen[d])
            runtimeError("permute(): duplicate dims are not allowed.");
        seen[d] = true;
        t.m_shape[i] = m_shape[d];
        t.m_strides[i] = m_strides[d];
    }
    return t;
}

Tensor Tensor::t() const
{
    if (dim() > 2)
        runtimeError("t() expects a tensor with <= 2 dimensions, but self is "
                     + std::to_string(dim()) + "D");
    return dim() < 2 ? *this : transpose(0, 1);
}

Tensor Tensor::T() const
{
    std::vector<std::int64_t> dims(m_shape.size());
    std::iota(dims.rbegin(), dims.rend(), 0);
    return permute(dims);
}

Tensor Tensor::expand(Shape shape) const
{
    if (shape.size() < m_shape.size())
        runtimeError("expand(torch.FloatTensor{" + formatShapeList(m_shape)
                     + "}, size=" + formatShapeList(shape) + "): the number of sizes provided ("
                     + std::to_string(shape.size())
                     + ") must be greater or equal to the number of dimensions in the tensor ("
                     + std::to_string(m_shape.size()) + ")");
    const std::size_t lead = shape.size() - m_shape.size();
    Shape strides(shape.size(), 0);
    Shape requested = shape;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i < lead) {
            if (shape[i] < 0)
                runtimeError("The expanded size of the tensor (" + std::to_string(shape[i])
                             + ") isn't allowed in a leading, non-existing dimension "
                             + std::to_string(i));
            continue;
        }
        const std::int64_t have = m_shape[i - lead];
        if (shape[i] == -1)
            shape[i] = have;
        if (have == shape[i])
            strides[i] = m_strides[i - lead];
        else if (have != 1)
            runtimeError("The expanded size of the tensor (" + std::to_string(shape[i])
                         + ") must match the existing size (" + std::to_string(have)
                         + ") at non-singleton dimension " + std::to_string(i)
                         + ".  Target sizes: " + formatShapeList(requested)
                         + ".  Tensor sizes: " + formatShapeList(m_shape));
    }
    return Tensor(m_storage, m_dtype, std::move(shape), std::move(strides), m_offset, m_device);
}

Tensor Tensor::unsqueeze(std::int64_t d) const
{
    const std::int64_t w = detail::wrapDim(d < 0 ? d : d, dim() + 1);
    Tensor t = *this;
    const std::int64_t stride = w < dim() ? m_shape[std::size_t(w)] * m_strides[std::size_t(w)] : 1;
    t.m_shape.insert(t.m_shape.begin() + w, 1);
    t.m_strides.insert(t.m_strides.begin() + w, stride);
    t.m_wrappedNumber = false;
    return t;
}

Tensor Tensor::squeeze() const
{
    Tensor t = *this;
    t.m_shape.clear();
    t.m_strides.clear();
    for (std::size_t i = 0; i < m_shape.size(); ++i)
        if (m_shape[i] != 1) {
            t.m_shape.push_back(m_shape[i]);
            t.m_strides.push_back(m_strides[i]);
        }
    return t;
}

Tensor Tensor::squeeze(std::int64_t d) const
{
    const std::int64_t w = wrapDim(d);
    if (dim() == 0 || m_shape[std::size_t(w)] != 1)
        return *this;
    Tensor t = *this;
    t.m_shape.erase(t.m_shape.begin() + w);
    t.m_strides.erase(t.m_strides.begin() + w);
    return t;
}

Tensor Tensor::narrow(std::int64_t d, std::int64_t start, std::int64_t length) const
{
    if (dim() == 0)
        runtimeError("narrow() cannot be applied to a 0-dim tensor.");
    const std::size_t w = std::size_t(wrapDim(d));
    const std::int64_t n = m_shape[w];
    if (start < -n || start > n)
        indexError("start out of range (expected to be in range of [" + std::to_string(-n) + ", "
                   + std::to_string(n) + "], but got " + std::to_string(start) + ")");
    if (start < 0)
        start += n;
    if (length < 0 || start + length > n)
        runtimeError("start (" + std::to_string(start) + ") + length (" + std::to_string(length)
                     + ") exceeds dimension size (" + std::to_string(n) + ").");
    Tensor t = *this;
    t.m_shape[w] = length;
    t.m_offset += start * m_strides[w];
    return t;
}

Tensor Tensor::slice(std::int64_t d, Slice s) const
{
    if (dim() == 0)
        indexError("slice() cannot be applied to a 0-dim tensor.");
    const std::size_t w = std::size_t(wrapDim(d));
    const std::int64_t n = m_shape[w];
    const std::int64_t step = s.step.value_or(1);
    if (step <= 0)
        valueError("step must be greater than zero");
    auto clampIndex = [n](std::int64_t i) {
        if (i < 0)
            i += n;
        return std::clamp<std::int64_t>(i, 0, n);
    };
    const std::int64_t start = s.start ? clampIndex(*s.start) : 0;
    std::int64_t stop = s.stop ? clampIndex(*s.stop) : n;
    stop = std::max(stop, start);
    Tensor t = *this;
    t.m_shape[w] = (stop - start + step - 1) / step;
    t.m_strides[w] = m_strides[w] * step;
    t.m_offset += start * m_strides[w];
    return t;
}

Tensor Tensor::select(std::int64_t d, std::int64_t i) const
{
    if (dim() == 0)
        indexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                   "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    const std::size_t w = std::size_t(wrapDim(d));
    const std::int64_t n = m_shape[w];
    if (i < -n || i >= n)
        indexError("index " + std::to_string(i) + " is out of bounds for dimension "
                   + std::to_string(w) + " with size " + std::to_string(n));
    if (i < 0)
        i += n;
    Tensor t = *this;
    t.m_offset += i * m_strides[w];
    t.m_shape.erase(t.m_shape.begin() + std::ptrdiff_t(w));
    t.m_strides.erase(t.m_strides.begin() + std::ptrdiff_t(w));
    t.m_wrappedNumber = false;
    return t;
}

} // namespace tsm::tensor
