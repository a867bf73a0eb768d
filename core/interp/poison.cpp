#include "core/interp/poison.h"

#include "core/interp/exec.h"

#include <algorithm>
#include <memory>

namespace tsm::interp {
namespace {

using ir::OpCode;

PoisonState &state(Frame &f)
{
    if (!f.poison)
        f.poison = std::make_shared<PoisonState>();
    return *f.poison;
}

/// The poison code of element k of `slot` (scalars: their one element for every k).
std::uint64_t codeAt(const Frame &f, SlotId slot, std::int64_t k)
{
    const std::vector<std::uint64_t> &l = f.poison->lanes[slot];
    if (l.empty())
        return 0;
    if (l.size() == 1)
        return l[0];
    return std::size_t(k) < l.size() ? l[std::size_t(k)] : 0;
}

bool isPoisoned(const Frame &f, SlotId slot)
{
    return !f.poison->lanes[slot].empty();
}

bool laneOn(const Frame &f, SlotId mask, std::int64_t k)
{
    const std::int64_t n = f.plan.slots[mask].elements;
    return f.ptr<std::uint8_t>(mask)[std::min(n - 1, k)] != 0;
}

void report(const Instr &user, Frame &f, std::uint64_t code)
{
    const bool first = !f.error;
    const PoisonState &s = *f.poison;
    const Instr &div = *s.origins[std::size_t(code >> PoisonState::kElementBits) - 1];
    const std::int64_t element
        = std::int64_t(code & ((std::uint64_t(1) << PoisonState::kElementBits) - 1));
    f.fail(DiagKind::IntegerDivisionByZero,
           div.op->span,
           {div.op->code == OpCode::IDiv ? "division" : "remainder",
            f.programString(),
            elementString(f.plan.kernel->type(div.out[0]).shape, element)});
    if (first)
        addNote(*f.error, user.op->span, "the result of that lane is used here");
}

/// The first poisoned lane of `slots` among the lanes `active` accepts.
template <class Active>
std::uint64_t
firstObserved(const Frame &f, const Instr &ins, std::span<const SlotId> slots, Active active)
{
    for (SlotId s : slots) {
        if (!isPoisoned(f, s))
            continue;
        const std::int64_t n = std::max(f.plan.slots[s].elements, ins.n);
        for (std::int64_t k = 0; k < n; ++k)
            if (const std::uint64_t c = codeAt(f, s, k); c != 0 && active(k))
                return c;
    }
    return 0;
}

/// Ops whose results carry their operands' poison lane by lane instead of observing it.
bool propagates(OpCode code)
{
    if (ir::isElementwise(code))
        return true;
    switch (code) {
    case OpCode::Splat:
    case OpCode::Broadcast:
    case OpCode::ExpandDims:
    case OpCode::Reshape:
    case OpCode::Permute:
    case OpCode::Join:
    case OpCode::Split:
    case OpCode::ConvertLayout:
    case OpCode::Cast:
    case OpCode::Bitcast:
    case OpCode::PtrToInt:
    case OpCode::IntToPtr:
    case OpCode::Hint:
    case OpCode::Rand:
    case OpCode::Randn:
    case OpCode::Randint:
    case OpCode::Randint4x:
        return true;
    default:
        return false;
    }
}

/// Before `ins` runs: the code of a poisoned lane it would observe, or 0.
std::uint64_t observed(const Frame &f, const Instr &ins)
{
    const auto all = [](std::int64_t) { return true; };
    const std::span<const SlotId> in(ins.in);
    const OpCode code = ins.op->code;
    if (propagates(code) || code == OpCode::While) // a while's condition: reportIfPoisoned
        return 0;
    switch (code) {
    case OpCode::Load:
    case OpCode::Store:
    case OpCode::AtomicRMW: {
        // Load (ptr, mask, other), Store and AtomicRMW (ptr, value, mask): the mask is always
        // observed, the rest on the lanes it enables; a load's `other` flows into its result.
        const bool isLoad = code == OpCode::Load;
        const std::size_t maskAt = isLoad ? 1 : 2;
        const bool masked = in.size() > maskAt;
        if (masked)
            if (const std::uint64_t c = firstObserved(f, ins, in.subspan(maskAt, 1), all))
                return c;
        const auto active = [&](std::int64_t k) { return !masked || laneOn(f, in[maskAt], k); };
        return firstObserved(f, ins, isLoad ? in.first(1) : in.first(2), active);
    }
    case OpCode::For:
        return firstObserved(f, ins, in.first(3), all); // the bounds; carried values flow on
    default:
        // Atomic CAS, reductions, scans, dots, print, assert, assume, if conditions and any op
        // added later: every lane of every operand is observed.
        return firstObserved(f, ins, in, all);
    }
}

/// out[k] = in[index(k)] for poison codes, with `index` over the result's elements.
template <class Index> void mapLanes(Frame &f, SlotId out, SlotId in, std::int64_t n, Index index)
{
    PoisonState &s = *f.poison;
    std::vector<std::uint64_t> lanes(std::size_t(n), 0);
    bool any = false;
    for (std::int64_t k = 0; k < n; ++k) {
        const std::int64_t j = index(k); // < 0: a clean lane
        lanes[std::size_t(k)] = j < 0 ? 0 : codeAt(f, in, j);
        any |= lanes[std::size_t(k)] != 0;
    }
    s.lanes[out] = any ? std::move(lanes) : std::vector<std::uint64_t>{};
}

/// A shape op's element mapping: result element k reads operand element index(k), given the
/// operand stride of each result dimension.
void mapStrided(Frame &f, const Instr &ins, const std::vector<std::int64_t> &stride)
{
    const std::vector<std::int64_t> &shape = f.plan.kernel->type(ins.out[0]).shape;
    mapLanes(f, ins.out[0], ins.in[0], ins.n, [&](std::int64_t k) {
        std::int64_t src = 0;
        for (std::size_t d = shape.size(); d-- > 0;) {
            src += (k % shape[d]) * stride[d];
            k /= shape[d];
        }
        return src;
    });
}

std::vector<std::int64_t> rowMajor(const std::vector<std::int64_t> &shape)
{
    std::vector<std::int64_t> stride(shape.size(), 1);
    for (std::size_t d = shape.size(); d-- > 1;)
        stride[d - 1] = stride[d] * shape[d];
    return stride;
}

/// Whether the slots hold exactly their IR types' elements (not a lane-wise combine region).
bool shapesAreReal(const Frame &f, const Instr &ins)
{
    const ir::Kernel &k = *f.plan.kernel;
    return std::max<std::int64_t>(1, k.type(ins.in[0]).numElements())
               == f.plan.slots[ins.in[0]].elements
           && std::max<std::int64_t>(1, k.type(ins.out[0]).numElements()) == ins.n;
}

/// Before `ins` runs (its operands are final): the poison of its results.
void propagate(Frame &f, const Instr &ins)
{
    PoisonState &s = *f.poison;
    const OpCode code = ins.op->code;
    if (code == OpCode::If || code == OpCode::For || code == OpCode::While)
        return; // their results come from passValues
    bool anyIn = false;
    for (SlotId in : ins.in)
        anyIn |= isPoisoned(f, in);
    // Observers saw clean lanes (checked before): their results (loaded values, atomics' old
    // values, reductions) are clean, except a load's masked-off lanes.
    if (!anyIn || ins.out.empty() || (!propagates(code) && code != OpCode::Load)) {
        for (SlotId out : ins.out)
            s.lanes[out].clear();
        return;
    }
    switch (code) {
    case OpCode::Load: {
        // Lanes the mask turns off take `other`'s poison; loaded lanes are clean.
        if (ins.in.size() < 3)
            return s.lanes[ins.out[0]].clear();
        const SlotId mask = ins.in[1], other = ins.in[2];
        return mapLanes(f, ins.out[0], other, ins.n, [&](std::int64_t k) {
            return laneOn(f, mask, k) ? std::int64_t(-1) : k;
        });
    }
    case OpCode::Select: {
        const SlotId c = ins.in[0], a = ins.in[1], b = ins.in[2];
        std::vector<std::uint64_t> lanes(std::size_t(ins.n), 0);
        bool any = false;
        for (std::int64_t k = 0; k < ins.n; ++k) {
            std::uint64_t v = codeAt(f, c, k);
            if (v == 0)
                v = codeAt(f, laneOn(f, c, k) ? a : b, k);
            lanes[std::size_t(k)] = v;
            any |= v != 0;
        }
        s.lanes[ins.out[0]] = any ? std::move(lanes) : std::vector<std::uint64_t>{};
        return;
    }
    case OpCode::Splat:
        return mapLanes(f, ins.out[0], ins.in[0], ins.n, [](std::int64_t) { return 0; });
    case OpCode::Join:
        if (shapesAreReal(f, ins)) {
            // Lane 2k + j of the result is lane k of operand j.
            std::vector<std::uint64_t> lanes(std::size_t(ins.n), 0);
            bool any = false;
            for (std::int64_t k = 0; k < ins.n; ++k) {
                lanes[std::size_t(k)] = codeAt(f, ins.in[std::size_t(k & 1)], k >> 1);
                any |= lanes[std::size_t(k)] != 0;
            }
            s.lanes[ins.out[0]] = any ? std::move(lanes) : std::vector<std::uint64_t>{};
            return;
        }
        break;
    case OpCode::Split:
        if (shapesAreReal(f, ins)) {
            for (std::int64_t j = 0; j < 2; ++j)
                mapLanes(f, ins.out[std::size_t(j)], ins.in[0], ins.n,
                         [j](std::int64_t k) { return 2 * k + j; });
            return;
        }
        break;
    case OpCode::Broadcast:
    case OpCode::Permute:
        if (shapesAreReal(f, ins)) {
            const std::vector<std::int64_t> &src = f.plan.kernel->type(ins.in[0]).shape;
            const std::vector<std::int64_t> srcStride = rowMajor(src);
            std::vector<std::int64_t> stride(f.plan.kernel->type(ins.out[0]).shape.size(), 0);
            for (std::size_t d = 0; d < stride.size(); ++d) {
                if (code == OpCode::Permute)
                    stride[d] = srcStride[std::size_t(ins.op->ints[d])];
                else
                    stride[d] = src[d] == 1 ? 0 : srcStride[d];
            }
            return mapStrided(f, ins, stride);
        }
        break;
    default:
        break;
    }
    // Elementwise ops and the copies (expand_dims, reshape, cast, ...): lane k of the result
    // takes the first poisoned lane k of an operand. Anything whose element count does not
    // line up is poisoned on every lane, which can only report more, never less.
    std::vector<std::uint64_t> lanes(std::size_t(ins.n), 0);
    std::uint64_t first = 0;
    bool aligned = true;
    for (SlotId in : ins.in) {
        const std::int64_t n = f.plan.slots[in].elements;
        aligned &= n == 1 || n == ins.n;
        for (std::int64_t k = 0; k < n && first == 0; ++k)
            first = codeAt(f, in, k);
    }
    for (std::int64_t k = 0; k < ins.n; ++k) {
        std::uint64_t v = 0;
        if (!aligned)
            v = first;
        for (std::size_t j = 0; j < ins.in.size() && v == 0; ++j)
            v = codeAt(f, ins.in[j], k);
        lanes[std::size_t(k)] = v;
    }
    for (SlotId out : ins.out)
        s.lanes[out] = lanes;
}

bool hasCombineRegion(const Instr &ins)
{
    return ins.op->code == OpCode::Reduce || ins.op->code == OpCode::Scan;
}

} // namespace

void poisonDivisionByZero(const Instr &ins, Frame &f, std::span<const std::int64_t> zeroLanes)
{
    PoisonState &s = state(f);
    if (f.stop == Stop::None) {
        // The first poison of this program: whatever an earlier program left is stale.
        s.lanes.assign(f.plan.slots.size(), {});
        s.origins.clear();
        f.stop = Stop::Poisoned;
    }
    // One origin per division op (a loop may run it many times).
    auto at = std::find(s.origins.begin(), s.origins.end(), &ins);
    if (at == s.origins.end())
        at = s.origins.insert(at, &ins);
    const std::uint64_t origin = std::uint64_t(at - s.origins.begin() + 1)
                                 << PoisonState::kElementBits;
    std::vector<std::uint64_t> &out = s.lanes[ins.out[0]];
    if (out.empty())
        out.assign(std::size_t(ins.n), 0);
    for (std::int64_t k : zeroLanes)
        if (out[std::size_t(k)] == 0)
            out[std::size_t(k)] = origin | std::uint64_t(k);
    ++s.created;
    s.lastCode = origin | std::uint64_t(zeroLanes.front());
}

bool runBlockTracked(const Block &block, std::size_t from, Frame &f, const Instr *after)
{
    PoisonState &s = *f.poison;
    // A combine region that divided by zero: its lanes went into the reduction.
    if (after && hasCombineRegion(*after)) {
        report(*after, f, s.lastCode);
        return false;
    }
    for (std::size_t i = from; i < block.instrs.size(); ++i) {
        const Instr &ins = block.instrs[i];
        if (const std::uint64_t c = observed(f, ins)) {
            report(ins, f, c);
            return false;
        }
        propagate(f, ins);
        const std::uint64_t before = s.created;
        ins.fn(ins, f);
        if (f.stop != Stop::Poisoned)
            return false;
        if (s.created != before && hasCombineRegion(ins)) {
            report(ins, f, s.lastCode);
            return false;
        }
    }
    return true;
}

void passPoison(Frame &f, std::span<const SlotId> from, std::span<const SlotId> targets)
{
    PoisonState &s = *f.poison;
    std::vector<std::vector<std::uint64_t>> moved(targets.size());
    for (std::size_t k = 0; k < targets.size(); ++k)
        moved[k] = s.lanes[from[k]];
    for (std::size_t k = 0; k < targets.size(); ++k)
        s.lanes[targets[k]] = std::move(moved[k]);
}

bool reportIfPoisoned(const Instr &user, Frame &f, SlotId slot)
{
    const std::uint64_t c = firstObserved(
        f, user, std::span<const SlotId>(&slot, 1), [](std::int64_t) { return true; });
    if (c == 0)
        return false;
    report(user, f, c);
    return true;
}

} // namespace tsm::interp
