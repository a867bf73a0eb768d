// assign-layouts (shared/design/CODEGEN.md "Every block value has a layout"), as Triton's
// Coalesce + layout propagation: every load and store anchors a #blocked layout chosen from the
// axis facts of its pointer; the anchors' layouts flow backward to the values that feed them,
// then forward to whatever is left; a convert_layout goes wherever a value's layout does not
// fit a use (remove-conversions then rematerializes the cheap ones).

#include "core/passes/passes.h"

#include "core/codegen/mma_layout.h"
#include "core/codegen/shared_memory.h"
#include "core/codegen/tma_box.h"
#include "core/passes/ir_edit.h"
#include "core/passes/layout_contract.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace tsm::passes {

using codegen::Layout;
using ir::Op;
using ir::OpCode;
using ir::ValueId;

namespace {

class LayoutAssigner
{
public:
    explicit LayoutAssigner(codegen::LoweredKernel &lk)
        : m_lk(lk)
        , m_k(lk.kernel)
        , m_want(lk.kernel.values.size())
        , m_pinned(lk.kernel.values.size(), 0)
    {
        m_lk.layouts.assign(m_k.values.size(), std::nullopt);
    }

    void run()
    {
        backward(m_k.body);
        m_sites = defSites(m_k);
        forward(m_k.body);
        m_edit.apply(m_k);
    }

private:
    bool isBlock(ValueId v) const { return m_k.type(v).isBlock(); }
    std::optional<Layout> &layout(ValueId v) { return m_lk.layouts[v]; }

    /// Triton's Coalesce: order the dimensions by contiguity of the pointer, give each thread
    /// the widest aligned vector along the most contiguous one (at most 16 bytes, and no more
    /// than the block has per thread), then spread lanes and warps from there.
    Layout anchorFor(const Op &op)
    {
        const ValueId ptr = op.operands[0];
        const std::vector<std::int64_t> &shape = m_k.type(ptr).shape;
        const codegen::AxisInfo &ax = m_lk.axis[ptr];
        const int rank = int(shape.size());
        std::vector<int> order(static_cast<std::size_t>(rank));
        std::iota(order.rbegin(), order.rend(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return ax.contiguity[std::size_t(a)] > ax.contiguity[std::size_t(b)];
        });
        const std::size_t fast = std::size_t(order[0]);
        const std::int64_t bytes = std::max(1, dtypeBytes(m_k.type(ptr).dtype));
        const std::int64_t maxMultiple = std::max<std::int64_t>(ax.divisibility[fast] / bytes, 1);
        const std::int64_t maxContig = std::min(ax.contiguity[fast], shape[fast]);
        std::int64_t perThread = std::min({maxMultiple, maxContig, std::int64_t(16) / bytes});
        std::int64_t elems = 1;
        for (std::int64_t s : shape)
            elems *= s;
        const std::int64_t threads = 32 * std::int64_t(m_k.numWarps);
        perThread = std::max<std::int64_t>(
            1, std::min(perThread, std::max<std::int64_t>(elems / threads, 1)));
        std::vector<int> spt(std::size_t(rank), 1);
        spt[fast] = int(perThread);
        return codegen::blockedLayout(shape,
                                      codegen::blockedParamsFor(shape, spt, order, m_k.numWarps));
    }

    Layout defaultLayout(const std::vector<std::int64_t> &shape) const
    {
        return codegen::blockedLayout(shape, codegen::defaultBlockedParams(shape, m_k.numWarps, 1));
    }

    // ---- backward: what layout each value's consumers want (the last consumer wins) ----

    void request(ValueId v, const Layout &l)
    {
        if (isBlock(v) && !m_want[v])
            m_want[v] = l;
    }

    void backward(ir::Region &r)
    {
        for (auto it = r.ops.rbegin(); it != r.ops.rend(); ++it)
            backwardOp(*it);
    }

    void backwardOp(Op &op)
    {
        switch (op.code) {
        case OpCode::Load:
        case OpCode::Store:
        case OpCode::AtomicRMW: // atomics anchor like stores
        case OpCode::AtomicCAS: {
            if (!isBlock(op.operands[0]))
                return;
            Layout a = op.code == OpCode::Load || op.code == OpCode::Store ? anchorFor(op) : atomicAnchor(op);
            // A block the TMA copy engine stores goes through shared memory in the box's
            // layout from whichever layout it is computed in (a dot's accumulator): no
            // conversion to a coalescing one first.
            if (m_lk.tmaStores && codegen::tmaStoreBox(m_k, op, m_lk.computeCapability)) {
                std::set<ValueId> seen;
                if (const auto p = predictLayout(op.operands[1], seen, 0, true))
                    a = *p;
            }
            m_anchor.emplace(&op, a);
            for (ValueId v : op.operands)
                request(v, a);
            return;
        }
        case OpCode::For: {
            ir::Region &body = op.regions[0];
            // A carried value the body computes in a layout of its own (online softmax's
            // running max and sum: slices of a dot's accumulator) keeps that layout across
            // iterations; what follows the loop converts once, instead of the body twice per
            // iteration.
            for (std::size_t k = 0; k < op.results.size() && !body.ops.empty(); ++k) {
                std::set<ValueId> seen;
                if (const auto p = predictLayout(body.ops.back().operands[k], seen, 0))
                    m_want[op.results[k]] = *p;
            }
            for (std::size_t k = 0; k < op.results.size(); ++k)
                if (m_want[op.results[k]] && !body.ops.empty())
                    request(body.ops.back().operands[k], *m_want[op.results[k]]);
            backward(body);
            // A slot whose yielded value must have its layout (a tensor-core dot's result)
            // takes it, so the accumulator never converts inside the loop; what follows the
            // loop converts once.
            for (std::size_t k = 0; k < op.results.size() && !body.ops.empty(); ++k) {
                const ValueId yielded = body.ops.back().operands[k];
                if (isBlock(yielded) && m_pinned[yielded]) {
                    m_want[op.results[k]] = m_want[body.args[k + 1]] = m_want[yielded];
                    m_pinned[op.results[k]] = 1;
                }
            }
            for (std::size_t k = 0; k < op.results.size(); ++k)
                if (const auto &w = slotWant({op.results[k], body.args[k + 1]}))
                    request(op.operands[3 + k], *w);
            return;
        }
        case OpCode::While: {
            ir::Region &before = op.regions[0], &after = op.regions[1];
            for (std::size_t k = 0; k < op.results.size(); ++k) {
                if (!m_want[op.results[k]])
                    continue;
                if (!before.ops.empty() && k + 1 < before.ops.back().operands.size())
                    request(before.ops.back().operands[k + 1], *m_want[op.results[k]]);
                if (!after.ops.empty() && k < after.ops.back().operands.size())
                    request(after.ops.back().operands[k], *m_want[op.results[k]]);
            }
            backward(after);
            backward(before);
            for (std::size_t k = 0; k < op.results.size(); ++k)
                if (const auto &w
                    = slotWant({op.results[k], op.regions[1].args[k], op.regions[0].args[k]}))
                    request(op.operands[k], *w);
            return;
        }
        case OpCode::If:
            for (ir::Region &r : op.regions) {
                for (std::size_t k = 0; k < op.results.size() && !r.ops.empty(); ++k)
                    if (m_want[op.results[k]])
                        request(r.ops.back().operands[k], *m_want[op.results[k]]);
                backward(r);
            }
            return;
        case OpCode::Dot:
            return backwardDot(op);
        default:
            break;
        }
        if (op.code == OpCode::Randint4x)
            return backwardRandint4x(op);
        if (op.code == OpCode::Split) {
            if (const auto w = slotWant({op.results[0], op.results[1]}))
                request(op.operands[0], codegen::joinedLayout(*w));
            return;
        }
        if (op.results.size() != 1 || !m_want[op.result()])
            return;
        const Layout want = *m_want[op.result()];
        for (std::size_t k = 0; k < op.operands.size(); ++k)
            if (operandRule(m_k, op, k) != OperandRule::None)
                request(op.operands[k], requiredOperandLayout(m_k, op, k, want));
    }

    /// The layout a loop body will compute `v` in, judged from its producers before the
    /// forward walk: a tensor-core dot's accumulator, a load's anchor, the slice of one a
    /// reduction makes, and whatever elementwise ops of those keep.
    /// `throughLoops`: a loop's result predicts as what its body yields for it.
    std::optional<Layout> predictLayout(ValueId v, std::set<ValueId> &seen, int depth, bool throughLoops = false)
    {
        if (m_defs.empty())
            m_defs = defSites(m_k);
        if (depth > 24 || !isBlock(v) || v >= m_defs.size() || !seen.insert(v).second)
            return std::nullopt;
        const Op *d = m_defs[v].op;
        if (!d)
            return std::nullopt;
        switch (d->code) {
        case OpCode::For: {
            // A loop's result: what its body yields for it (a K loop's accumulator).
            const ir::Region &body = d->regions[0];
            const auto r = std::find(d->results.begin(), d->results.end(), v);
            if (!throughLoops || r == d->results.end() || body.ops.empty() || body.ops.back().code != OpCode::Yield)
                return std::nullopt;
            return predictLayout(body.ops.back().operands[std::size_t(r - d->results.begin())], seen, depth + 1,
                                 throughLoops);
        }
        case OpCode::Dot: {
            const codegen::DotPath path = codegen::dotPath(m_k, *d, m_lk.computeCapability);
            if (path == codegen::DotPath::Fma)
                return std::nullopt;
            return codegen::dotAccumulatorLayout(path, m_k.type(v).shape, m_k.numWarps);
        }
        case OpCode::Load:
            if (!isBlock(d->operands[0]))
                return std::nullopt;
            return anchorFor(*d);
        case OpCode::Reduce: {
            const ValueId in = d->operands[0];
            const int axis = int(d->i);
            if (m_k.type(v).shape.size() + 1 != m_k.type(in).shape.size())
                return std::nullopt;
            const auto p = predictLayout(in, seen, depth + 1, throughLoops);
            if (!p || !codegen::axisSeparable(*p, axis))
                return std::nullopt;
            return codegen::sliceLayout(*p, axis);
        }
        default: break;
        }
        if (!d->regions.empty() || d->results.size() != 1)
            return std::nullopt;
        for (std::size_t k = 0; k < d->operands.size(); ++k) {
            const ValueId o = d->operands[k];
            if (operandRule(m_k, *d, k) != OperandRule::Same || !isBlock(o)
                || m_k.type(o).shape != m_k.type(v).shape)
                continue;
            if (const auto p = predictLayout(o, seen, depth + 1, throughLoops))
                return p;
        }
        return std::nullopt;
    }

    // ---- tl.dot ----
    /// The dot computes its result in the layout its consumers want when the FMA loop can
    /// (codegen::fmaDotLayoutOk) with at most 1.5x the shared-memory reads per step of its own
    /// layout, else in dotResultLayout; the accumulator operand comes in that layout; a and b
    /// may have any layout (the emitter stages them in shared memory).
    void backwardDot(Op &op)
    {
        const ValueId res = op.result();
        if (const codegen::DotPath path = codegen::dotPath(m_k, op, m_lk.computeCapability);
            path != codegen::DotPath::Fma) {
            // Tensor cores compute in their own layout, whatever the consumers want; a
            // loop-carried accumulator stays in it across iterations.
            m_want[res] = codegen::dotAccumulatorLayout(path, m_k.type(res).shape, m_k.numWarps);
            m_pinned[res] = 1;
            request(op.operands[2], *m_want[res]);
            return;
        }
        const Layout own = codegen::dotResultLayout(m_k.type(res).shape, m_k.numWarps);
        const auto &want = m_want[res];
        if (!want || !codegen::fmaDotLayoutOk(*want)
            || 2 * codegen::fmaDotReadsPerStep(*want) > 3 * codegen::fmaDotReadsPerStep(own))
            m_want[res] = own;
        request(op.operands[2], *m_want[res]);
    }
    // ---- end tl.dot ----

    // ---- atomics ----
    /// Triton's Coalesce: an atomic takes the widest per-thread count among the loads its
    /// pointer is computed from (same shape and order), so a scatter (`bins_ptr + x`, contiguity
    /// 1) runs in the layout of the load of x with no conversion. Atomics are never vectorized:
    /// this only decides which thread updates which element.
    Layout atomicAnchor(const Op &op)
    {
        Layout a = anchorFor(op);
        if (m_defs.empty())
            m_defs = defSites(m_k);
        const std::vector<std::int64_t> &shape = m_k.type(op.operands[0]).shape;
        auto perThread = [](const Layout &l) {
            return l.blocked ? l.blocked->sizePerThread[std::size_t(l.blocked->order[0])] : 0;
        };
        std::vector<char> seen(m_k.values.size(), 0);
        std::vector<ValueId> work{op.operands[0]};
        for (int budget = 64; !work.empty() && budget > 0; --budget) {
            const ValueId v = work.back();
            work.pop_back();
            if (v >= m_defs.size() || seen[v] || !isBlock(v) || m_k.type(v).shape != shape)
                continue;
            seen[v] = 1;
            const Op *d = m_defs[v].op;
            if (!d || !d->regions.empty())
                continue;
            if (d->code != OpCode::Load) {
                work.insert(work.end(), d->operands.begin(), d->operands.end());
                continue;
            }
            if (!isBlock(d->operands[0]))
                continue;
            const Layout l = anchorFor(*d);
            if (l.blocked && a.blocked && l.blocked->order == a.blocked->order
                && perThread(l) > perThread(a))
                a = l;
        }
        return a;
    }
    std::vector<DefSite> m_defs;

    // ---- tl.randint4x: four results in its offsets' layout ----
    void backwardRandint4x(Op &op)
    {
        if (const auto w = slotWant({op.results[0], op.results[1], op.results[2], op.results[3]}))
            request(op.operands[1], *w);
    }
    void forwardRandint4x(Op &op)
    {
        const ValueId off = op.operands[1];
        if (!isBlock(off))
            return;
        const auto w = slotWant({op.results[0], op.results[1], op.results[2], op.results[3]});
        const Layout l = w ? *w : layout(off) ? *layout(off) : defaultLayout(m_k.type(off).shape);
        requireSame(op, 1, l);
        for (ValueId res : op.results)
            layout(res) = l;
    }
    // ---- end tl.randint4x ----

    /// tl.split: both halves in one layout; the operand keeps its layout when each pair sits
    /// in one thread's registers (the halves drop that register), else it converts to the
    /// joined form of what the halves' consumers want.
    void forwardSplit(Op &op)
    {
        const ValueId x = op.operands[0];
        std::optional<Layout> half = slotWant({op.results[0], op.results[1]});
        if (!half && layout(x))
            half = codegen::splitHalfLayout(*layout(x));
        if (!half)
            half = defaultLayout(m_k.type(op.results[0]).shape);
        requireRules(op, *half);
        for (ValueId res : op.results)
            layout(res) = *half;
    }

    std::optional<Layout> slotWant(std::initializer_list<ValueId> values) const
    {
        for (ValueId v : values)
            if (m_want[v])
                return m_want[v];
        return std::nullopt;
    }

    // ---- forward: the layout each value is produced in, and conversions where needed ----

    /// Makes operand `k` of `op` available in `l` (a convert_layout after its definition,
    /// shared by every use that needs the same layout).
    void convertOperand(Op &op, std::size_t k, const Layout &l)
    {
        const ValueId v = op.operands[k];
        const auto key = std::make_pair(v, layoutKey(l));
        auto it = m_converted.find(key);
        if (it == m_converted.end()) {
            const ValueId c = addValueLike(m_lk, v, l);
            Op conv;
            conv.code = OpCode::ConvertLayout;
            conv.span = m_k.values[v].span;
            conv.operands = {v};
            conv.results = {c};
            m_sites.resize(m_k.values.size());
            m_edit.insertAfter(m_sites[v], std::move(conv));
            it = m_converted.emplace(key, c).first;
        }
        op.operands[k] = it->second;
    }

    /// Operand `k` must be in `l` exactly (loads, stores, carried values).
    void requireSame(Op &op, std::size_t k, const Layout &l)
    {
        const ValueId v = op.operands[k];
        if (!isBlock(v))
            return;
        if (!layout(v))
            layout(v) = defaultLayout(m_k.type(v).shape);
        if (!layout(v)->sameAs(l))
            convertOperand(op, k, l);
    }

    /// The operands of `op` against its result's layout `res` by the contract's rules.
    void requireRules(Op &op, const Layout &res)
    {
        for (std::size_t k = 0; k < op.operands.size(); ++k) {
            const ValueId v = op.operands[k];
            if (operandRule(m_k, op, k) == OperandRule::None || !layout(v))
                continue;
            if (!satisfiesRule(m_k, op, k, *layout(v), res))
                convertOperand(op, k, requiredOperandLayout(m_k, op, k, res));
        }
    }

    /// A result layout for an op nothing downstream asked about: that of a block operand of
    /// the same shape, what a shape op makes of its operand's layout, else the default.
    Layout forwardLayout(const Op &op)
    {
        const ir::Type &t = m_k.type(op.result());
        for (std::size_t k = 0; k < op.operands.size(); ++k) {
            const ValueId v = op.operands[k];
            if (operandRule(m_k, op, k) == OperandRule::Same && layout(v)
                && layout(v)->shape == t.shape)
                return *layout(v);
        }
        if (!op.operands.empty() && layout(op.operands[0])) {
            const Layout &src = *layout(op.operands[0]);
            switch (op.code) {
            case OpCode::ExpandDims:
            case OpCode::Reshape:
                return codegen::reshapedLayout(src, t.shape);
            case OpCode::Broadcast:
                if (src.blocked) {
                    Layout l = codegen::blockedLayout(t.shape, *src.blocked);
                    if (satisfiesRule(m_k, op, 0, src, l))
                        return l;
                }
                break;
            case OpCode::Join:
                return codegen::joinedLayout(src);
            case OpCode::Permute: {
                std::vector<std::int64_t> inverse(op.ints.size());
                for (std::size_t k = 0; k < op.ints.size(); ++k)
                    inverse[std::size_t(op.ints[k])] = std::int64_t(k);
                return codegen::permuteSourceLayout(src, inverse);
            }
            default:
                break;
            }
        }
        return defaultLayout(t.shape);
    }

    void forward(ir::Region &r)
    {
        for (Op &op : r.ops)
            forwardOp(op);
    }

    Layout slotLayout(std::initializer_list<ValueId> wanted, ValueId fallback)
    {
        if (auto w = slotWant(wanted))
            return *w;
        if (layout(fallback))
            return *layout(fallback);
        return defaultLayout(m_k.type(fallback).shape);
    }

    void forwardOp(Op &op)
    {
        switch (op.code) {
        case OpCode::Load:
        case OpCode::Store:
        case OpCode::AtomicRMW:
        case OpCode::AtomicCAS: {
            auto a = m_anchor.find(&op);
            if (a == m_anchor.end())
                return;
            for (std::size_t k = 0; k < op.operands.size(); ++k)
                requireSame(op, k, a->second);
            if (!op.results.empty()) // loads and atomics
                layout(op.result()) = a->second;
            return;
        }
        case OpCode::For: {
            ir::Region &body = op.regions[0];
            std::vector<Layout> slots;
            for (std::size_t k = 0; k < op.results.size(); ++k) {
                const ValueId res = op.results[k], arg = body.args[k + 1];
                if (!isBlock(res)) {
                    slots.emplace_back();
                    continue;
                }
                slots.push_back(slotLayout({res, arg}, op.operands[3 + k]));
                requireSame(op, 3 + k, slots.back());
                layout(arg) = layout(res) = slots.back();
            }
            forward(body);
            for (std::size_t k = 0; k < op.results.size() && !body.ops.empty(); ++k)
                if (isBlock(op.results[k]))
                    requireSame(body.ops.back(), k, slots[k]);
            return;
        }
        case OpCode::While: {
            ir::Region &before = op.regions[0], &after = op.regions[1];
            std::vector<Layout> slots;
            for (std::size_t k = 0; k < op.results.size(); ++k) {
                if (!isBlock(op.results[k])) {
                    slots.emplace_back();
                    continue;
                }
                slots.push_back(
                    slotLayout({before.args[k], after.args[k], op.results[k]}, op.operands[k]));
                requireSame(op, k, slots.back());
                layout(before.args[k]) = layout(after.args[k]) = layout(op.results[k])
                    = slots.back();
            }
            forward(before);
            for (std::size_t k = 0; k < op.results.size() && !before.ops.empty(); ++k)
                if (isBlock(op.results[k]))
                    requireSame(before.ops.back(), k + 1, slots[k]);
            forward(after);
            for (std::size_t k = 0; k < op.results.size() && !after.ops.empty(); ++k)
                if (isBlock(op.results[k]))
                    requireSame(after.ops.back(), k, slots[k]);
            return;
        }
        case OpCode::If: {
            forward(op.regions[0]);
            forward(op.regions[1]);
            for (std::size_t k = 0; k < op.results.size(); ++k) {
                const ValueId res = op.results[k];
                if (!isBlock(res))
                    continue;
                const ir::Region &t = op.regions[0];
                const ValueId thenValue = t.ops.empty() ? res : t.ops.back().operands[k];
                layout(res) = slotLayout({res}, thenValue);
                for (ir::Region &r : op.regions)
                    if (!r.ops.empty())
                        requireSame(r.ops.back(), k, *layout(res));
            }
            return;
        }
        case OpCode::Yield:
        case OpCode::Condition:
            return; // their parent op places the carried values
        default:
            break;
        }
        for (ir::Region &r : op.regions)
            forward(r);
        if (op.results.empty()) {
            // print / device_assert / assume: one layout for every block operand
            const Layout *ref = nullptr;
            for (ValueId v : op.operands)
                if (!ref && isBlock(v) && layout(v))
                    ref = &*layout(v);
            if (ref) {
                const Layout l = *ref;
                for (std::size_t k = 0; k < op.operands.size(); ++k)
                    if (operandRule(m_k, op, k) == OperandRule::Same)
                        requireSame(op, k, l);
            }
            return;
        }
        if (op.code == OpCode::Reduce || op.code == OpCode::Scan)
            return forwardReduceOrScan(op);
        if (op.code == OpCode::Randint4x)
            return forwardRandint4x(op);
        if (op.code == OpCode::Split)
            return forwardSplit(op);
        if (op.results.size() != 1) {
            // Ops the CUDA backend rejects before this pass: any layout keeps the table whole.
            for (ValueId res : op.results)
                if (isBlock(res))
                    layout(res) = defaultLayout(m_k.type(res).shape);
            return;
        }
        const ValueId res = op.result();
        if (!isBlock(res))
            return;
        const Layout l = m_want[res] ? *m_want[res] : forwardLayout(op);
        requireRules(op, l);
        layout(res) = l;
    }

    // ---- reductions and scans: the operand's layout decides, the results follow ----

    /// A reduction keeps its operand's layout when every basis lies along the axis or off it
    /// (blocked layouts do) and its results take the slice of it (Triton's #slice), which
    /// broadcasts back for free; a scan keeps its operand's layout when its shuffles can run
    /// in it, else both convert to a blocked layout made for them.
    void forwardReduceOrScan(Op &op)
    {
        const int axis = int(op.i);
        const ValueId first = op.operands[0];
        const std::vector<std::int64_t> &shape = m_k.type(first).shape;
        auto fits = [&](const Layout &l) {
            return op.code == OpCode::Scan ? codegen::scanFriendly(l, axis)
                                           : codegen::axisSeparable(l, axis);
        };
        Layout in;
        if (op.code == OpCode::Scan && m_want[op.results[0]] && fits(*m_want[op.results[0]]))
            in = *m_want[op.results[0]];
        else if (layout(first) && fits(*layout(first)))
            in = *layout(first);
        else if (op.code == OpCode::Scan)
            in = codegen::scanLayout(shape, axis, m_k.numWarps);
        else
            in = defaultLayout(shape);
        for (std::size_t k = 0; k < op.operands.size(); ++k)
            requireSame(op, k, in);
        for (ValueId res : op.results)
            if (isBlock(res))
                layout(res) = op.code == OpCode::Scan ? in : codegen::sliceLayout(in, axis);
    }

    codegen::LoweredKernel &m_lk;
    ir::Kernel &m_k;
    std::vector<std::optional<Layout>> m_want;
    /// Values whose wanted layout is not negotiable (a tensor-core dot's result, loops carrying one).
    std::vector<char> m_pinned;
    std::unordered_map<const Op *, Layout> m_anchor;
    std::vector<DefSite> m_sites;
    std::map<std::pair<ValueId, std::string>, ValueId> m_converted;
    RegionEdit m_edit;
};

} // namespace

void assignLayouts(codegen::LoweredKernel &lk)
{
    LayoutAssigner(lk).run();
}

} // namespace tsm::passes
