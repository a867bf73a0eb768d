#include "core/codegen/layout.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <map>

namespace tsm::codegen {
namespace {

int log2i(std::int64_t v)
{
    return v <= 1 ? 0 : std::bit_width(std::uint64_t(v)) - 1;
}

/// Where each dimension's bits start in the row-major flat index.
std::vector<int> flatShifts(const std::vector<std::int64_t> &shape)
{
    std::vector<int> shift(shape.size(), 0);
    int s = 0;
    for (int d = int(shape.size()) - 1; d >= 0; --d) {
        shift[std::size_t(d)] = s;
        s += log2i(shape[std::size_t(d)]);
    }
    return shift;
}

int totalBits(const std::vector<std::int64_t> &shape)
{
    int b = 0;
    for (std::int64_t s : shape)
        b += log2i(s);
    return b;
}

std::int64_t xorOfBits(const std::vector<std::int64_t> &bases, std::int64_t index)
{
    std::int64_t r = 0;
    for (std::size_t k = 0; k < bases.size(); ++k)
        if ((index >> k) & 1)
            r ^= bases[k];
    return r;
}

std::string list(const std::vector<int> &v)
{
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? "," : "") + std::to_string(v[i]);
    return s + "]";
}

std::string list64(const std::vector<std::int64_t> &v)
{
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? "," : "") + std::to_string(v[i]);
    return s + "]";
}

/// Applies a bit map to every basis; register bases that become 0 or linearly dependent on the
/// earlier ones are dropped (a thread holds each element once).
Layout mapLayout(const Layout &from,
                 const std::vector<std::int64_t> &bitImages,
                 std::vector<std::int64_t> newShape)
{
    Layout out;
    out.shape = std::move(newShape);
    // Gaussian elimination basis over GF(2) to detect dependent register bases.
    std::vector<std::int64_t> echelon;
    auto reduce = [&](std::int64_t v) {
        for (std::int64_t e : echelon)
            v = std::min(v, v ^ e);
        return v;
    };
    for (std::int64_t b : from.regBases) {
        const std::int64_t m = mapBits(b, bitImages);
        const std::int64_t r = reduce(m);
        if (r == 0)
            continue;
        echelon.push_back(r);
        out.regBases.push_back(m);
    }
    for (std::int64_t b : from.laneBases)
        out.laneBases.push_back(mapBits(b, bitImages));
    for (std::int64_t b : from.warpBases)
        out.warpBases.push_back(mapBits(b, bitImages));
    return out;
}

} // namespace

std::int64_t Layout::numElements() const
{
    std::int64_t n = 1;
    for (std::int64_t s : shape)
        n *= s;
    return n;
}

std::int64_t Layout::regFlat(int reg) const
{
    return xorOfBits(regBases, reg);
}

std::int64_t Layout::laneFlat(int lane) const
{
    return xorOfBits(laneBases, lane);
}

std::int64_t Layout::warpFlat(int warp) const
{
    return xorOfBits(warpBases, warp);
}

std::vector<std::int64_t> Layout::coord(std::int64_t flatIndex) const
{
    std::vector<std::int64_t> c(shape.size(), 0);
    for (int d = int(shape.size()) - 1; d >= 0; --d) {
        const std::int64_t s = shape[std::size_t(d)];
        c[std::size_t(d)] = flatIndex % s;
        flatIndex /= s;
    }
    return c;
}

int Layout::contiguousDim() const
{
    if (regBases.empty())
        return -1;
    const std::vector<int> shift = flatShifts(shape);
    for (int d = 0; d < rank(); ++d)
        if (log2i(shape[std::size_t(d)]) > 0
            && regBases[0] == (std::int64_t(1) << shift[std::size_t(d)]))
            return d;
    return -1;
}

int Layout::contiguousRegs() const
{
    const int d = contiguousDim();
    if (d < 0)
        return 1;
    const int low = flatShifts(shape)[std::size_t(d)];
    const int dimBits = log2i(shape[std::size_t(d)]);
    int k = 0;
    while (k < int(regBases.size()) && k < dimBits
           && regBases[std::size_t(k)] == (std::int64_t(1) << (low + k)))
        ++k;
    // A group starts at a multiple of its length only if no thread offset has one of the
    // group's bits (then a vector access is aligned like the group's first element).
    for (const auto *bases : {&laneBases, &warpBases})
        for (std::int64_t b : *bases)
            while (k > 0 && (b & (((std::int64_t(1) << k) - 1) << low)) != 0)
                --k;
    return 1 << k;
}

bool Layout::sameAs(const Layout &o) const
{
    return shape == o.shape && regBases == o.regBases && laneBases == o.laneBases
           && warpBases == o.warpBases;
}

std::string Layout::toString() const
{
    if (blocked)
        return "#blocked<spt=" + list(blocked->sizePerThread)
               + ", tpw=" + list(blocked->threadsPerWarp) + ", wpc=" + list(blocked->warpsPerCTA)
               + ", order=" + list(blocked->order) + ">";
    if (!encoding.empty())
        return encoding;
    std::string s = "#linear<[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? "x" : "") + std::to_string(shape[i]);
    return s + "] reg=" + list64(regBases) + " lane=" + list64(laneBases)
           + " warp=" + list64(warpBases) + ">";
}

Layout blockedLayout(const std::vector<std::int64_t> &shape, const BlockedParams &p)
{
    const std::size_t rank = shape.size();
    assert(p.sizePerThread.size() == rank && p.threadsPerWarp.size() == rank
           && p.warpsPerCTA.size() == rank && p.order.size() == rank);
    Layout l;
    l.shape = shape;
    l.blocked = p;
    const std::vector<int> shift = flatShifts(shape);
    std::vector<int> used(rank, 0);
    auto take = [&](int d) -> std::int64_t {
        if (used[std::size_t(d)] >= log2i(shape[std::size_t(d)]))
            return 0;
        return std::int64_t(1) << (shift[std::size_t(d)] + used[std::size_t(d)]++);
    };
    for (int d : p.order)
        for (int b = 0; b < log2i(p.sizePerThread[std::size_t(d)]); ++b)
            if (std::int64_t basis = take(d))
                l.regBases.push_back(basis);
    for (int d : p.order)
        for (int b = 0; b < log2i(p.threadsPerWarp[std::size_t(d)]); ++b)
            l.laneBases.push_back(take(d));
    for (int d : p.order)
        for (int b = 0; b < log2i(p.warpsPerCTA[std::size_t(d)]); ++b)
            l.warpBases.push_back(take(d));
    for (int d : p.order)
        while (std::int64_t basis = take(d))
            l.regBases.push_back(basis);
    return l;
}

BlockedParams blockedParamsFor(const std::vector<std::int64_t> &shape,
                               std::vector<int> sizePerThread,
                               std::vector<int> order,
                               int numWarps)
{
    const int rank = int(shape.size());
    BlockedParams p;
    p.sizePerThread = std::move(sizePerThread);
    p.order = std::move(order);
    p.threadsPerWarp.assign(std::size_t(rank), 1);
    p.warpsPerCTA.assign(std::size_t(rank), 1);
    if (rank == 0)
        return p;
    // Triton's BlockedEncodingAttr::get, dimension by dimension from the fastest.
    int remainingLanes = 32, remainingWarps = numWarps, remainingThreads = 32 * numWarps;
    int prevLanes = 1, prevWarps = 1;
    for (int k = 0; k < rank - 1; ++k) {
        const std::size_t i = std::size_t(p.order[std::size_t(k)]);
        const std::int64_t room = std::max<std::int64_t>(1, shape[i] / p.sizePerThread[i]);
        const int threads = int(std::clamp<std::int64_t>(remainingThreads, 1, room));
        p.threadsPerWarp[i] = std::clamp(threads, 1, remainingLanes);
        p.warpsPerCTA[i] = std::clamp(threads / p.threadsPerWarp[i], 1, remainingWarps);
        remainingWarps /= p.warpsPerCTA[i];
        remainingLanes /= p.threadsPerWarp[i];
        remainingThreads /= threads;
        prevLanes *= p.threadsPerWarp[i];
        prevWarps *= p.warpsPerCTA[i];
    }
    const std::size_t last = std::size_t(p.order[std::size_t(rank - 1)]);
    p.threadsPerWarp[last] = 32 / prevLanes;
    p.warpsPerCTA[last] = std::max(1, numWarps / prevWarps);
    return p;
}

BlockedParams defaultBlockedParams(const std::vector<std::int64_t> &shape, int numWarps, int vec)
{
    const int rank = int(shape.size());
    std::vector<int> spt(std::size_t(rank), 1), order;
    for (int d = rank - 1; d >= 0; --d)
        order.push_back(d);
    if (rank > 0)
        spt[std::size_t(rank - 1)] = int(std::min<std::int64_t>(std::max(vec, 1), shape.back()));
    return blockedParamsFor(shape, std::move(spt), std::move(order), numWarps);
}

std::int64_t mapBits(std::int64_t flatIndex, const std::vector<std::int64_t> &bitImages)
{
    std::int64_t r = 0;
    for (std::size_t k = 0; k < bitImages.size(); ++k)
        if ((flatIndex >> k) & 1)
            r ^= bitImages[k];
    return r;
}

std::vector<std::int64_t> sliceBits(const std::vector<std::int64_t> &parentShape, int dim)
{
    std::vector<std::int64_t> shape;
    for (int d = 0; d < int(parentShape.size()); ++d)
        if (d != dim)
            shape.push_back(parentShape[std::size_t(d)]);
    const std::vector<int> pShift = flatShifts(parentShape);
    const std::vector<int> cShift = flatShifts(shape);
    std::vector<std::int64_t> images(std::size_t(totalBits(parentShape)), 0);
    for (int d = 0, c = 0; d < int(parentShape.size()); ++d) {
        if (d == dim)
            continue;
        for (int b = 0; b < log2i(parentShape[std::size_t(d)]); ++b)
            images[std::size_t(pShift[std::size_t(d)] + b)] = std::int64_t(1)
                                                              << (cShift[std::size_t(c)] + b);
        ++c;
    }
    return images;
}

std::vector<std::int64_t> broadcastBits(const std::vector<std::int64_t> &resultShape,
                                        const std::vector<std::int64_t> &srcShape)
{
    const std::vector<int> rShift = flatShifts(resultShape);
    const std::vector<int> sShift = flatShifts(srcShape);
    std::vector<std::int64_t> images(std::size_t(totalBits(resultShape)), 0);
    for (std::size_t d = 0; d < resultShape.size(); ++d) {
        if (srcShape[d] != resultShape[d])
            continue; // stretched: every coordinate reads element 0
        for (int b = 0; b < log2i(resultShape[d]); ++b)
            images[std::size_t(rShift[d] + b)] = std::int64_t(1) << (sShift[d] + b);
    }
    return images;
}

std::vector<std::int64_t> permuteBits(const std::vector<std::int64_t> &resultShape,
                                      const std::vector<std::int64_t> &order)
{
    std::vector<std::int64_t> srcShape(resultShape.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        srcShape[std::size_t(order[k])] = resultShape[k];
    const std::vector<int> rShift = flatShifts(resultShape);
    const std::vector<int> sShift = flatShifts(srcShape);
    std::vector<std::int64_t> images(std::size_t(totalBits(resultShape)), 0);
    for (std::size_t k = 0; k < order.size(); ++k)
        for (int b = 0; b < log2i(resultShape[k]); ++b)
            images[std::size_t(rShift[k] + b)] = std::int64_t(1)
                                                 << (sShift[std::size_t(order[k])] + b);
    return images;
}

Layout sliceLayout(const Layout &parent, int dim)
{
    std::vector<std::int64_t> shape;
    for (int d = 0; d < parent.rank(); ++d)
        if (d != dim)
            shape.push_back(parent.shape[std::size_t(d)]);
    return mapLayout(parent, sliceBits(parent.shape, dim), std::move(shape));
}

Layout broadcastSourceLayout(const Layout &result, const std::vector<std::int64_t> &srcShape)
{
    Layout l = mapLayout(result, broadcastBits(result.shape, srcShape), srcShape);
    // A #blocked encoding is shape-independent (Triton): the source of a broadcast of a blocked
    // value is the same encoding over the smaller shape; keep the name for printing.
    if (result.blocked && blockedLayout(srcShape, *result.blocked).sameAs(l))
        l.blocked = result.blocked;
    return l;
}

Layout joinedLayout(const Layout &half)
{
    Layout l;
    l.shape = half.shape;
    l.shape.push_back(2);
    l.regBases.push_back(1);
    for (std::int64_t b : half.regBases)
        l.regBases.push_back(b << 1);
    for (std::int64_t b : half.laneBases)
        l.laneBases.push_back(b << 1);
    for (std::int64_t b : half.warpBases)
        l.warpBases.push_back(b << 1);
    if (half.blocked) { // #blocked with the new dimension first in order, 2 per thread
        BlockedParams p = *half.blocked;
        p.sizePerThread.push_back(2);
        p.threadsPerWarp.push_back(1);
        p.warpsPerCTA.push_back(1);
        p.order.insert(p.order.begin(), int(half.shape.size()));
        if (blockedLayout(l.shape, p).sameAs(l))
            l.blocked = p;
    }
    return l;
}

std::optional<Layout> splitHalfLayout(const Layout &joined)
{
    if (joined.shape.empty() || joined.shape.back() != 2)
        return std::nullopt;
    int pairReg = -1;
    for (std::size_t i = 0; i < joined.regBases.size(); ++i) {
        if (joined.regBases[i] == 1 && pairReg < 0)
            pairReg = int(i);
        else if (joined.regBases[i] & 1)
            return std::nullopt;
    }
    for (const auto *bases : {&joined.laneBases, &joined.warpBases})
        for (std::int64_t b : *bases)
            if (b & 1)
                return std::nullopt;
    if (pairReg < 0)
        return std::nullopt;
    Layout l;
    l.shape.assign(joined.shape.begin(), joined.shape.end() - 1);
    for (std::size_t i = 0; i < joined.regBases.size(); ++i)
        if (int(i) != pairReg)
            l.regBases.push_back(joined.regBases[i] >> 1);
    for (std::int64_t b : joined.laneBases)
        l.laneBases.push_back(b >> 1);
    for (std::int64_t b : joined.warpBases)
        l.warpBases.push_back(b >> 1);
    if (joined.blocked && joined.blocked->order.front() == l.rank()) {
        BlockedParams p = *joined.blocked;
        p.sizePerThread.pop_back();
        p.threadsPerWarp.pop_back();
        p.warpsPerCTA.pop_back();
        p.order.erase(p.order.begin());
        if (blockedLayout(l.shape, p).sameAs(l))
            l.blocked = p;
    }
    return l;
}

std::vector<std::int64_t> splitBits(const std::vector<std::int64_t> &halfShape)
{
    std::vector<std::int64_t> bits(std::size_t(totalBits(halfShape)));
    for (std::size_t b = 0; b < bits.size(); ++b)
        bits[b] = std::int64_t(1) << (b + 1);
    return bits;
}

Layout permuteSourceLayout(const Layout &result, const std::vector<std::int64_t> &order)
{
    std::vector<std::int64_t> srcShape(result.shape.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        srcShape[std::size_t(order[k])] = result.shape[k];
    Layout l = mapLayout(result, permuteBits(result.shape, order), srcShape);
    // The permuted #blocked encoding (Triton's trans of a blocked layout), for printing.
    if (result.blocked) {
        const BlockedParams &p = *result.blocked;
        BlockedParams q = p;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const std::size_t d = std::size_t(order[k]);
            q.sizePerThread[d] = p.sizePerThread[k];
            q.threadsPerWarp[d] = p.threadsPerWarp[k];
            q.warpsPerCTA[d] = p.warpsPerCTA[k];
        }
        for (std::size_t k = 0; k < p.order.size(); ++k)
            q.order[k] = int(order[std::size_t(p.order[k])]);
        if (blockedLayout(srcShape, q).sameAs(l))
            l.blocked = q;
    }
    return l;
}

std::optional<std::vector<int>>
registerMapVia(const Layout &src, const Layout &dst, const std::vector<std::int64_t> &dstToSrc)
{
    for (std::size_t k = 0; k < dst.laneBases.size(); ++k)
        if (k >= src.laneBases.size() || mapBits(dst.laneBases[k], dstToSrc) != src.laneBases[k])
            return std::nullopt;
    if (src.laneBases.size() != dst.laneBases.size()
        || src.warpBases.size() != dst.warpBases.size())
        return std::nullopt;
    for (std::size_t k = 0; k < dst.warpBases.size(); ++k)
        if (mapBits(dst.warpBases[k], dstToSrc) != src.warpBases[k])
            return std::nullopt;
    std::map<std::int64_t, int> where;
    for (int r = 0; r < src.numRegs(); ++r)
        where.emplace(src.regFlat(r), r);
    std::vector<int> map(std::size_t(dst.numRegs()));
    for (int r = 0; r < dst.numRegs(); ++r) {
        auto it = where.find(mapBits(dst.regFlat(r), dstToSrc));
        if (it == where.end())
            return std::nullopt;
        map[std::size_t(r)] = it->second;
    }
    return map;
}

Layout reshapedLayout(const Layout &layout, const std::vector<std::int64_t> &shape)
{
    Layout l = layout;
    l.shape = shape;
    l.blocked.reset();
    l.encoding.clear();
    return l;
}

std::optional<std::vector<int>> registerMap(const Layout &src, const Layout &dst)
{
    if (src.shape != dst.shape || src.laneBases != dst.laneBases || src.warpBases != dst.warpBases)
        return std::nullopt;
    std::map<std::int64_t, int> where;
    for (int r = 0; r < src.numRegs(); ++r)
        where.emplace(src.regFlat(r), r);
    std::vector<int> map(std::size_t(dst.numRegs()));
    for (int r = 0; r < dst.numRegs(); ++r) {
        auto it = where.find(dst.regFlat(r));
        if (it == where.end())
            return std::nullopt;
        map[std::size_t(r)] = it->second;
    }
    return map;
}

} // namespace tsm::codegen
