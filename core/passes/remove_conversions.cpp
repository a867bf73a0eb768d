// remove-conversions, as Triton's RemoveLayoutConversions: a convert_layout moves data through
// shared memory, so each one that can go, goes. A conversion to the layout its operand already
// has is dropped; chains of conversions fold; a conversion of a value that is cheap to compute
// again (index arithmetic from make_range / splat / constants, broadcasts and reshapes of
// those, and loads smaller than the program's thread count, as Triton's isExpensiveLoadOrStore)
// is replaced by a copy of that computation produced directly in the wanted layout
// (rematerialization). What the copies leave unused is removed. Last, a conversion whose result
// feeds elementwise ops that end in narrower values (a matmul's fp32 accumulator through an
// activation and the cast to fp16 for the store) moves past them: the ops run in the source
// layout and the values leaving them are converted instead, fewer bytes through shared memory
// (Triton keeps the accumulator's layout up to the cast the same way, and converts the fp16 tile).

#include "core/passes/passes.h"

#include "core/passes/ir_edit.h"
#include "core/passes/layout_contract.h"

#include <map>
#include <set>

namespace tsm::passes {

using codegen::Layout;
using ir::Op;
using ir::OpCode;
using ir::ValueId;

namespace {

/// Beyond this many ops a rematerialized computation costs more than one conversion.
constexpr int kMaxRematOps = 48;

class ConversionRemover
{
public:
    explicit ConversionRemover(codegen::LoweredKernel &lk)
        : m_lk(lk)
        , m_k(lk.kernel)
    {
    }

    void run()
    {
        m_sites = defSites(m_k);
        std::vector<Op *> converts;
        forEachOp(m_k.body, [&](Op &op) {
            if (op.code == OpCode::ConvertLayout)
                converts.push_back(&op);
        });
        for (Op *c : converts)
            simplify(*c);
        m_edit.apply(m_k);
        removeDeadOps(m_k);
        sinkPastNarrowing();
    }

private:
    const Layout *layoutOf(ValueId v) const
    {
        return v < m_lk.layouts.size() && m_lk.layouts[v] ? &*m_lk.layouts[v] : nullptr;
    }

    const Op *defOp(ValueId v) const { return v < m_sites.size() ? m_sites[v].op : nullptr; }

    void simplify(Op &conv)
    {
        const Layout target = *layoutOf(conv.result());
        // Values as written; the edit resolves replacements when it applies.
        ValueId src = conv.operands[0];
        // convert(convert(x)) -> convert(x)
        while (const Op *d = defOp(src)) {
            if (d->code != OpCode::ConvertLayout)
                break;
            src = d->operands[0];
        }
        const Layout *have = layoutOf(src);
        if (have && have->sameAs(target)) {
            return remove(conv, src);
        }
        int budget = kMaxRematOps;
        std::set<std::pair<ValueId, std::string>> seen;
        if (canRemat(src, target, budget, seen))
            return remove(conv, remat(src, target));
        const auto key = std::make_pair(src, layoutKey(target));
        if (auto it = m_kept.find(key); it != m_kept.end())
            return remove(conv, it->second);
        conv.operands[0] = src;
        m_kept.emplace(key, conv.result());
    }

    void remove(const Op &conv, ValueId replacement)
    {
        m_edit.replace(conv.result(), replacement);
        m_edit.drop(&conv);
    }

    bool cheapOp(const Op &op) const
    {
        switch (op.code) {
        case OpCode::Constant:
        case OpCode::MakeRange:
        case OpCode::Splat:
            return true;
        case OpCode::Load: {
            // Triton: a block with fewer elements than threads is cheap to load again (the
            // copies hit in L1).
            const ir::Type &t = m_k.type(op.result());
            return t.isBlock() && t.numElements() < 32 * std::int64_t(m_k.numWarps);
        }
        case OpCode::AtomicRMW: // never repeated
        case OpCode::AtomicCAS:
        case OpCode::Rand: // ten Philox rounds per element cost more than a conversion
        case OpCode::Randn:
        case OpCode::Randint:
        case OpCode::Randint4x:
            return false;
        default:
            return op.results.size() == 1 && op.regions.empty()
                   && operandRule(m_k, op, 0) != OperandRule::None;
        }
    }

    bool canRemat(ValueId v,
                  const Layout &l,
                  int &budget,
                  std::set<std::pair<ValueId, std::string>> &seen) const
    {
        if (const Layout *have = layoutOf(v); have && have->sameAs(l))
            return true;
        if (!seen.insert({v, layoutKey(l)}).second)
            return true;
        const Op *d = defOp(v);
        if (!d || --budget < 0)
            return false;
        // Operands are read as written (not through the replacements made so far): a replaced
        // convert_layout leads back to its source, which this pass knows how to compute.
        if (d->code == OpCode::ConvertLayout)
            return canRemat(d->operands[0], l, budget, seen);
        if (!cheapOp(*d))
            return false;
        for (std::size_t k = 0; k < d->operands.size(); ++k) {
            if (operandRule(m_k, *d, k) == OperandRule::None)
                continue;
            const ValueId o = d->operands[k];
            const Layout *have = layoutOf(o);
            if (have && satisfiesRule(m_k, *d, k, *have, l))
                continue;
            if (!canRemat(o, requiredOperandLayout(m_k, *d, k, l), budget, seen))
                return false;
        }
        return true;
    }

    /// `v` computed again in `l` (canRemat said it can be).
    ValueId remat(ValueId v, const Layout &l)
    {
        if (const Layout *have = layoutOf(v); have && have->sameAs(l))
            return v;
        const auto key = std::make_pair(v, layoutKey(l));
        if (auto it = m_remat.find(key); it != m_remat.end())
            return it->second;
        const Op &d = *defOp(v);
        if (d.code == OpCode::ConvertLayout)
            return m_remat[key] = remat(d.operands[0], l);
        Op copy;
        copy.code = d.code;
        copy.span = d.span;
        copy.i = d.i;
        copy.f = d.f;
        copy.ints = d.ints;
        copy.str = d.str;
        copy.dtype = d.dtype;
        copy.flags = d.flags;
        for (std::size_t k = 0; k < d.operands.size(); ++k) {
            ValueId o = d.operands[k];
            if (operandRule(m_k, d, k) != OperandRule::None) {
                const Layout *have = layoutOf(o);
                if (!have || !satisfiesRule(m_k, d, k, *have, l))
                    o = remat(o, requiredOperandLayout(m_k, d, k, l));
            }
            copy.operands.push_back(o);
        }
        const ValueId r = addValueLike(m_lk, v, l);
        copy.results = {r};
        m_edit.insertAfter(m_sites[v], std::move(copy));
        m_remat.emplace(key, r);
        return r;
    }

    /// Moves each conversion past the elementwise ops computed from its result when the values
    /// that leave them (the frontier: read by a store, a reduction, a loop...) hold fewer bytes
    /// than the conversion's: a matmul's fp32 accumulator through GELU and the cast to fp16.
    /// Those ops then compute in the conversion's source layout (their other operands
    /// rematerialized there, when that is cheap), and each frontier value is converted instead.
    void sinkPastNarrowing()
    {
        m_sites = defSites(m_k);
        m_edit = RegionEdit();
        m_remat.clear();
        const std::vector<int> uses = useCounts(m_k);
        std::vector<std::pair<Op *, ir::Region *>> converts;
        auto walk = [&](auto &self, ir::Region &r) -> void {
            for (Op &op : r.ops) {
                if (op.code == OpCode::ConvertLayout)
                    converts.emplace_back(&op, &r);
                for (ir::Region &inner : op.regions)
                    self(self, inner);
            }
        };
        walk(walk, m_k.body);
        bool changed = false;
        for (auto [conv, region] : converts)
            changed = sink(*conv, *region, uses) || changed;
        if (changed) {
            m_edit.apply(m_k);
            removeDeadOps(m_k);
        }
    }

    bool sink(Op &conv, ir::Region &region, const std::vector<int> &uses)
    {
        const ValueId src = conv.operands[0], c = conv.result();
        if (!layoutOf(src) || !layoutOf(c))
            return false;
        const Layout from = *layoutOf(src); // by value: the layout table grows below
        // The ops of the conversion's own region, in program order, that compute from it.
        std::set<ValueId> inSet = {c};
        std::vector<Op *> ops;
        std::map<ValueId, int> innerUses; // uses by the ops in `ops`
        bool after = false;
        for (Op &u : region.ops) {
            if (&u == &conv) {
                after = true;
                continue;
            }
            bool reads = false;
            for (ValueId o : u.operands)
                reads = reads || inSet.count(o);
            if (!after || !reads || !sinkable(u, inSet, from))
                continue;
            ops.push_back(&u);
            inSet.insert(u.result());
            for (ValueId o : u.operands)
                if (inSet.count(o))
                    ++innerUses[o];
        }
        if (ops.empty())
            return false;
        std::set<ValueId> frontier;
        std::int64_t before = bytesOf(c), afterBytes = 0;
        for (ValueId v : inSet)
            if (uses[v] > innerUses[v]) {
                frontier.insert(v);
                afterBytes += bytesOf(v);
            }
        if (afterBytes >= before)
            return false;
        std::map<ValueId, ValueId> computed; // frontier value -> the same in `from`
        for (Op *u : ops)
            if (frontier.count(u->result()))
                computed[u->result()] = addValueLike(m_lk, u->result(), from);
        for (Op *u : ops) {
            for (std::size_t k = 0; k < u->operands.size(); ++k) {
                ValueId &o = u->operands[k];
                if (o == c)
                    o = src;
                else if (auto it = computed.find(o); it != computed.end())
                    o = it->second;
                else if (inSet.count(o))
                    continue;
                else if (operandRule(m_k, *u, k) != OperandRule::None && layoutOf(o)
                         && !satisfiesRule(m_k, *u, k, *layoutOf(o), from))
                    o = remat(o, requiredOperandLayout(m_k, *u, k, from));
            }
            const ValueId old = u->result();
            if (!frontier.count(old)) {
                m_lk.layouts[old] = from;
                continue;
            }
            // The op now computes a new value in the source layout; a conversion after it gives
            // the old value, which everything outside reads as before.
            u->results = {computed[old]};
            Op moved = conv;
            moved.span = u->span; // reported at the line of the value it now converts
            moved.operands = {computed[old]};
            moved.results = {old};
            m_edit.insertAfter(DefSite{u, nullptr}, std::move(moved));
        }
        if (!frontier.count(c))
            m_edit.drop(&conv);
        return true;
    }

    std::int64_t bytesOf(ValueId v) const
    {
        const ir::Type &t = m_k.type(v);
        return t.numElements() * (t.pointer ? 8 : std::max(1, dtypeBytes(t.dtype)));
    }

    /// Whether `u`, which reads values of `inSet` (all in one layout), is an elementwise op
    /// that can compute in `from` instead: those operands must have the result's very layout,
    /// and every other block operand must already fit or be cheap to compute again.
    bool sinkable(const Op &u, const std::set<ValueId> &inSet, const Layout &from) const
    {
        if (u.code == OpCode::ConvertLayout || u.results.size() != 1 || !u.regions.empty()
            || hasSideEffects(u) || !layoutOf(u.result()))
            return false;
        for (std::size_t k = 0; k < u.operands.size(); ++k) {
            const ValueId o = u.operands[k];
            const OperandRule rule = operandRule(m_k, u, k);
            if (inSet.count(o)) {
                if (rule != OperandRule::Same || !layoutOf(o) || !layoutOf(o)->sameAs(*layoutOf(u.result()))
                    || m_k.type(o).shape != m_k.type(u.result()).shape)
                    return false;
                continue;
            }
            if (rule == OperandRule::None)
                continue;
            const Layout *have = layoutOf(o);
            if (!have)
                return false;
            if (satisfiesRule(m_k, u, k, *have, from))
                continue;
            int budget = kMaxRematOps;
            std::set<std::pair<ValueId, std::string>> seen;
            if (!canRemat(o, requiredOperandLayout(m_k, u, k, from), budget, seen))
                return false;
        }
        return true;
    }

    codegen::LoweredKernel &m_lk;
    ir::Kernel &m_k;
    std::vector<DefSite> m_sites;
    RegionEdit m_edit;
    std::map<std::pair<ValueId, std::string>, ValueId> m_remat;
    std::map<std::pair<ValueId, std::string>, ValueId> m_kept;
};

} // namespace

void removeConversions(codegen::LoweredKernel &lk)
{
    ConversionRemover(lk).run();
}

} // namespace tsm::passes
