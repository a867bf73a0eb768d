#include "core/codegen/reduce_layout.h"

#include <algorithm>
#include <bit>

namespace tsm::codegen {

namespace {

int log2i(std::int64_t v)
{
    return v <= 1 ? 0 : std::bit_width(std::uint64_t(v)) - 1;
}

} // namespace

namespace {

/// The bits of a row-major flat index that hold the coordinate along `axis`.
std::int64_t axisMask(const std::vector<std::int64_t> &shape, int axis)
{
    int shift = 0;
    for (std::size_t d = std::size_t(axis) + 1; d < shape.size(); ++d)
        shift += log2i(shape[d]);
    const int width = log2i(shape[std::size_t(axis)]);
    return ((std::int64_t(1) << width) - 1) << shift;
}

} // namespace

bool axisSeparable(const Layout &l, int axis)
{
    if (axis < 0 || axis >= l.rank())
        return false;
    const std::int64_t mask = axisMask(l.shape, axis);
    for (const auto *bases : {&l.regBases, &l.laneBases, &l.warpBases})
        for (std::int64_t b : *bases)
            if ((b & mask) != 0 && (b & ~mask) != 0)
                return false;
    return true;
}

bool scanFriendly(const Layout &l, int axis)
{
    if (!axisSeparable(l, axis))
        return false;
    const std::int64_t mask = axisMask(l.shape, axis);
    const std::int64_t low = mask & -mask; // the axis coordinate's bit 0
    std::int64_t next = low;               // the coordinate bit the next axis basis must be
    for (std::int64_t b : l.regBases)
        if (b & mask) {
            if (b != next)
                return false;
            next <<= 1;
        }
    bool laneRun = true; // axis lane bases must be lanes 0, 1, ... with nothing between
    for (std::int64_t b : l.laneBases) {
        if (!(b & mask)) {
            laneRun = false;
            continue;
        }
        if (!laneRun || b != next)
            return false;
        next <<= 1;
    }
    for (std::int64_t b : l.warpBases)
        if (b & mask) {
            if (b != next)
                return false;
            next <<= 1;
        }
    return next == low << log2i(l.shape[std::size_t(axis)]);
}

Layout scanLayout(const std::vector<std::int64_t> &shape, int axis, int numWarps)
{
    const int rank = int(shape.size());
    std::vector<int> spt(std::size_t(rank), 1), order{axis};
    for (int d = rank - 1; d >= 0; --d)
        if (d != axis)
            order.push_back(d);
    const std::int64_t threads = 32 * std::int64_t(numWarps);
    spt[std::size_t(axis)] = int(std::max<std::int64_t>(1, shape[std::size_t(axis)] / threads));
    return blockedLayout(shape, blockedParamsFor(shape, spt, order, numWarps));
}

} // namespace tsm::codegen
