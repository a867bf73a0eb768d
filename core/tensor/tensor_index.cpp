// x[...] and x[...] = v: basic indexing (ints, slices, None, ...) gives views; bool masks and
// integer index tensors follow torch's (NumPy's) advanced-indexing rules and copy.

#include "core/tensor/tensor.h"
#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"

#include <cstring>

namespace tsm::tensor {

using namespace detail;

namespace {

struct Advanced
{
    std::int64_t dim;                ///< in the basic view
    std::vector<std::int64_t> index; ///< values, broadcast later
    Shape shape;
};

/// The basic view and the advanced indices of an index expression.
struct Resolved
{
    Tensor view;
    std::vector<Advanced> advanced;
};

Resolved resolve(const Tensor &self, std::span<const IndexItem> items)
{
    std::int64_t consumed = 0;
    int ellipses = 0;
    for (const IndexItem &item : items) {
        if (std::holds_alternative<std::int64_t>(item) || std::holds_alternative<Slice>(item))
            ++consumed;
        else if (const Tensor *t = std::get_if<Tensor>(&item))
            consumed += t->dtype() == DType::I1 || t->dtype() == DType::U8
                            ? std::max<std::int64_t>(t->dim(), 1)
                            : 1;
        else if (std::holds_alternative<EllipsisIndex>(item) && ++ellipses > 1)
            indexError("an index can only have a single ellipsis ('...')");
    }
    if (consumed > self.dim())
        indexError("too many indices for tensor of dimension " + std::to_string(self.dim()));

    Resolved r{self, {}};
    std::int64_t d = 0;
    for (const IndexItem &item : items) {
        if (const auto *i = std::get_if<std::int64_t>(&item)) {
            r.view = r.view.select(d, *i);
        } else if (const auto *s = std::get_if<Slice>(&item)) {
            r.view = r.view.slice(d, *s);
            ++d;
        } else if (std::holds_alternative<NoneIndex>(item)) {
            r.view = r.view.unsqueeze(d);
            ++d;
        } else if (std::holds_alternative<EllipsisIndex>(item)) {
            d += self.dim() - consumed;
        } else {
            const Tensor &t = std::get<Tensor>(item);
            if (t.dtype() == DType::I1 || t.dtype() == DType::U8) {
                if (t.dim() == 0)
                    fail(TensorError::Kind::NotImplemented,
                         "indexing with a 0-d bool tensor is not supported");
                for (std::int64_t k = 0; k < t.dim(); ++k)
                    if (t.shape()[std::size_t(k)] != r.view.shape()[std::size_t(d + k)])
                        indexError("The shape of the mask " + formatShapeList(t.shape())
                                   + " at index " + std::to_string(k)
                                   + " does not match the shape of the indexed tensor "
                                   + formatShapeList(r.view.shape()) + " at index "
                                   + std::to_string(d + k));
                const Tensor nz = nonzero(t);
                const std::int64_t count = nz.shape()[0];
                const std::vector<std::int64_t> coords = toInts(nz);
                for (std::int64_t k = 0; k < t.dim(); ++k) {
                    Advanced a{d + k, {}, {count}};
                    for (std::int64_t j = 0; j < count; ++j)
                        a.index.push_back(coords[std::size_t(j * t.dim() + k)]);
                    r.advanced.push_back(std::move(a));
                }
                d += t.dim();
            } else if (isFloat(t.dtype())) {
                indexError("tensors used as indices must be long, int, byte or bool tensors");
            } else {
                r.advanced.push_back({d, toInts(t), t.shape()});
                ++d;
            }
        }
    }
    return r;
}

/// Result shape and the element offset of every result element, row-major.
std::pair<Shape, std::vector<std::int64_t>> advancedOffsets(const Resolved &r)
{
    const Tensor &v = r.view;
    Shape b;
    for (const Advanced &a : r.advanced)
        b = broadcastShapes(b, a.shape);
    const std::int64_t bn = shapeNumel(b);
    // Offsets contributed by the broadcast index block.
    std::vector<std::int64_t> block(std::size_t(bn), 0);
    for (const Advanced &a : r.advanced) {
        const std::int64_t size = v.shape()[std::size_t(a.dim)];
        const Shape aStrides = [&] {
            Shape s = contiguousStrides(a.shape);
            Shape out(b.size(), 0);
            const std::size_t lead = b.size() - a.shape.size();
            for (std::size_t i = 0; i < a.shape.size(); ++i)
                out[lead + i] = a.shape[i] == 1 ? 0 : s[i];
            return out;
        }();
        std::size_t j = 0;
        forEachOffset<1>(b, {aStrides.data()}, {0}, [&](const std::array<std::int64_t, 1> &o) {
            std::int64_t i = a.index[std::size_t(o[0])];
            if (i < -size || i >= size)
                indexError("index " + std::to_string(i) + " is out of bounds for dimension "
                           + std::to_string(a.dim) + " with size " + std::to_string(size));
            if (i < 0)
                i += size;
            block[j++] += i * v.strides()[std::size_t(a.dim)];
        });
    }
    bool adjacent = true;
    for (std::size_t k = 1; k < r.advanced.size(); ++k)
        adjacent = adjacent && r.advanced[k].dim == r.advanced[k - 1].dim + 1;
    std::vector<bool> isAdv(std::size_t(v.dim()), false);
    for (const Advanced &a : r.advanced)
        isAdv[std::size_t(a.dim)] = true;

    Shape shape;
    std::vector<std::int64_t> offsets{v.storageOffset()};
    auto addRegular = [&](std::size_t d) {
        std::vector<std::int64_t> next;
        next.reserve(offsets.size() * std::size_t(v.shape()[d]));
        for (std::int64_t o : offsets)
            for (std::int64_t i = 0; i < v.shape()[d]; ++i)
                next.push_back(o + i * v.strides()[d]);
        offsets = std::move(next);
        shape.push_back(v.shape()[d]);
    };
    auto addBlock = [&] {
        std::vector<std::int64_t> next;
        next.reserve(offsets.size() * block.size());
        for (std::int64_t o : offsets)
            for (std::int64_t x : block)
                next.push_back(o + x);
        offsets = std::move(next);
        shape.insert(shape.end(), b.begin(), b.end());
    };
    if (!adjacent)
        addBlock();
    for (std::size_t d = 0; d < std::size_t(v.dim()); ++d) {
        if (!isAdv[d])
            addRegular(d);
        else if (adjacent && std::int64_t(d) == r.advanced.front().dim)
            addBlock();
    }
    return {shape, offsets};
}

} // namespace

Tensor Tensor::index(std::span<const IndexItem> items) const
{
    const Resolved r = resolve(*this, items);
    if (r.advanced.empty())
        return r.view;
    const auto [shape, offsets] = advancedOffsets(r);
    Tensor out = allocate(shape, m_dtype, m_device);
    const std::int64_t es = elementSize();
    const std::byte *src = m_storage->data();
    std::byte *dst = out.data();
    for (std::size_t i = 0; i < offsets.size(); ++i)
        std::memcpy(dst + std::int64_t(i) * es, src + offsets[i] * es, std::size_t(es));
    return out;
}

void Tensor::indexPut(std::span<const IndexItem> items, const Tensor &value) const
{
    const Resolved r = resolve(*this, items);
    if (r.advanced.empty()) {
        r.view.copyFrom(value);
        return;
    }
    const auto [shape, offsets] = advancedOffsets(r);
    Tensor staged = allocate(shape, m_dtype, m_device);
    staged.copyFrom(value);
    const std::int64_t es = elementSize();
    std::byte *dst = m_storage->data();
    const std::byte *src = staged.data();
    for (std::size_t i = 0; i < offsets.size(); ++i)
        std::memcpy(dst + offsets[i] * es, src + std::int64_t(i) * es, std::size_t(es));
    m_storage->markHostWritten();
}

} // namespace tsm::tensor
