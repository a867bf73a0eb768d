// The swizzled shared layout of a conversion (conversion_plan.h). The vector is the flat-index
// bits both layouts hold in registers, up to 16 bytes. Shared offsets then take, lowest first:
// the vector's bits; the bits of the reading side's first lanes, as many as one access phase
// serves (128 bytes / vector bytes of lanes: 8 lanes for 16-byte accesses), so those lanes hit
// different banks; then the remaining bits in order. The writing side's first lanes that are not
// among those XOR distinct ones of the reading lanes' offset bits into their images, so its
// accesses are conflict-free too (a lane bit on one side is never a register bit on the same
// side, so those XORs never touch a vector's own bits).

#include "core/codegen/conversion_plan.h"

#include <algorithm>
#include <bit>
#include <set>

namespace tsm::codegen {
namespace {

/// For each flat-index bit: whether a register basis of `l` holds it. False unless every basis
/// is 0 or a single bit below `bits` and every bit is held exactly once.
bool singleBitBases(const Layout &l, int bits, std::vector<bool> &inRegister)
{
    std::vector<int> held(std::size_t(bits), 0);
    inRegister.assign(std::size_t(bits), false);
    const std::vector<std::int64_t> *sets[3] = {&l.regBases, &l.laneBases, &l.warpBases};
    for (int s = 0; s < 3; ++s)
        for (std::int64_t basis : *sets[s]) {
            const auto b = std::uint64_t(basis);
            if (b == 0)
                continue;
            const int e = std::countr_zero(b);
            if (!std::has_single_bit(b) || e >= bits || held[std::size_t(e)]++)
                return false;
            inRegister[std::size_t(e)] = s == 0;
        }
    return std::find(held.begin(), held.end(), 0) == held.end();
}

/// The flat-index bits of the first `count` lane bases of `l` that are not 0.
std::vector<int> firstLaneBits(const Layout &l, int count)
{
    std::vector<int> out;
    for (int j = 0; j < count && j < int(l.laneBases.size()); ++j)
        if (const std::int64_t b = l.laneBases[std::size_t(j)])
            out.push_back(std::countr_zero(std::uint64_t(b)));
    return out;
}

} // namespace

std::int64_t SwizzledConversion::offset(std::int64_t flat) const
{
    std::int64_t o = 0;
    for (std::size_t e = 0; e < image.size(); ++e)
        if (flat >> e & 1)
            o ^= image[e];
    return o;
}

std::optional<SwizzledConversion>
planSwizzledConversion(const Layout &src, const Layout &read, int elementBytes)
{
    const std::int64_t elements = src.numElements();
    if (elementBytes <= 0 || elements < 2 || !std::has_single_bit(std::uint64_t(elements))
        || read.numElements() != elements)
        return std::nullopt;
    const int n = std::countr_zero(std::uint64_t(elements));
    std::vector<bool> srcReg, readReg;
    if (!singleBitBases(src, n, srcReg) || !singleBitBases(read, n, readReg))
        return std::nullopt;
    SwizzledConversion plan;
    for (int e = 0; e < n && (elementBytes << (plan.vectorBits.size() + 1)) <= 16; ++e)
        if (srcReg[std::size_t(e)] && readReg[std::size_t(e)])
            plan.vectorBits.push_back(e);
    const int vectorBytes = elementBytes << plan.vectorBits.size();
    if (vectorBytes < 4)
        return std::nullopt;
    std::vector<int> pos(std::size_t(n), -1);
    int next = 0;
    for (int e : plan.vectorBits)
        pos[std::size_t(e)] = next++;
    const int phaseLaneBits = std::countr_zero(unsigned(128 / vectorBytes));
    std::vector<int> bankPos;
    for (int e : firstLaneBits(read, phaseLaneBits)) {
        pos[std::size_t(e)] = next++;
        bankPos.push_back(pos[std::size_t(e)]);
    }
    for (int e = 0; e < n; ++e)
        if (pos[std::size_t(e)] < 0)
            pos[std::size_t(e)] = next++;
    plan.image.resize(std::size_t(n));
    for (int e = 0; e < n; ++e)
        plan.image[std::size_t(e)] = std::int64_t(1) << pos[std::size_t(e)];
    std::set<int> taken;
    std::vector<int> writeOnly;
    for (int e : firstLaneBits(src, phaseLaneBits)) {
        if (std::find(bankPos.begin(), bankPos.end(), pos[std::size_t(e)]) != bankPos.end())
            taken.insert(pos[std::size_t(e)]);
        else
            writeOnly.push_back(e);
    }
    std::size_t f = 0;
    for (int c : bankPos)
        if (!taken.count(c) && f < writeOnly.size())
            plan.image[std::size_t(writeOnly[f++])] |= std::int64_t(1) << c;
    return plan;
}

} // namespace tsm::codegen
