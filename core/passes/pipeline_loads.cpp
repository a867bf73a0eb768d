// pipeline-dot-loads: software pipelining of the loads that feed tl.dot in a loop (the first
// stage of Triton's pipeliner, with registers as the buffer): the loads of iteration i + 1 are
// issued before iteration i's dot, so their memory latency overlaps its tensor-core work
// instead of stalling the next iteration.
//
//   a = load(p(k, c))                      a0 = load(p(lb, init), mask & lb < ub)     # prologue
//   for k in range(lb, ub, step) (c):  ->  for k in range(lb, ub, step) (c, a):
//       acc = dot(a, b, acc)                   a' = load(p(k + step, next(c)), mask & k + step < ub)
//       c = next(c)                            acc = dot(a, b, acc)
//                                              c = next(c); yield ..., a'
//
// p is the load's operand computation in the body (pointers, mask, other), cloned for the
// prologue and for k + step; next(c), the yielded values it reads (pointer increments), moves up
// before the dot and serves both the prefetch and the yield. Both must be free of side effects
// and must not depend on the dot. A loop whose body stores or runs atomics is left alone (an early load could
// read memory the iteration writes), as are loops with a step that is not a positive constant,
// and loops of num_stages=1 (the kernel's, or the loop's own tl.range(num_stages=1)). The
// extra mask term keeps the last prefetch from touching memory. Deeper num_stages still
// prefetch one iteration ahead.

#include "core/passes/passes.h"

#include "core/passes/ir_edit.h"

#include <algorithm>
#include <map>
#include <set>

namespace tsm::passes {

using ir::Op;
using ir::OpCode;
using ir::ValueId;

namespace {

class LoadPipeliner
{
public:
    explicit LoadPipeliner(ir::Kernel &k)
        : m_k(k)
    {
    }

    void run(ir::Region &r)
    {
        for (std::size_t i = 0; i < r.ops.size(); ++i) {
            for (ir::Region &inner : r.ops[i].regions)
                run(inner);
            // tl.range(num_stages=N) decides for its own loop, else the kernel's num_stages.
        const std::int64_t stages = r.ops[i].i > 0 ? r.ops[i].i : m_k.numStages;
        if (r.ops[i].code == OpCode::For && stages >= 2) {
                const std::size_t before = r.ops.size();
                if (pipeline(r, i))
                    i += r.ops.size() - before; // the prologue went before the loop
            }
        }
    }

private:
    ir::Kernel &m_k;

    static bool pure(const Op &op)
    {
        return !hasSideEffects(op) && op.code != OpCode::Load && op.code != OpCode::Dot && op.regions.empty();
    }

    /// The positive constant `v` is defined as, or 0.
    std::int64_t positiveConstant(const ir::Region &outer, ValueId v) const
    {
        for (const Op &op : outer.ops)
            if (op.code == OpCode::Constant && !op.results.empty() && op.result() == v)
                return op.i > 0 ? op.i : 0;
        return 0;
    }

    /// Ops of `body` (indices) that `roots` depend on inside the body, in body order; false if
    /// one of them is not pure or is at or after `limit`.
    bool slice(const ir::Region &body, const std::vector<ValueId> &roots, std::size_t limit,
               std::set<std::size_t> &out) const
    {
        std::map<ValueId, std::size_t> def;
        for (std::size_t i = 0; i < body.ops.size(); ++i)
            for (ValueId v : body.ops[i].results)
                def[v] = i;
        std::vector<ValueId> work = roots;
        while (!work.empty()) {
            const ValueId v = work.back();
            work.pop_back();
            auto it = def.find(v);
            if (it == def.end())
                continue; // a region argument or a value from outside the loop
            if (!out.insert(it->second).second)
                continue;
            const Op &op = body.ops[it->second];
            if (it->second >= limit || !(pure(op) || op.code == OpCode::Load))
                return false;
            for (ValueId o : op.operands)
                work.push_back(o);
        }
        return true;
    }

    ValueId newLike(ValueId v) { return m_k.newValue(m_k.type(v), m_k.values[v].name, m_k.values[v].span); }

    /// `load` (a copy whose operands are already renamed) made to touch memory only when
    /// `cond` (an i1 scalar) holds; ops it needs go to `dst` before it.
    void guard(std::vector<Op> &dst, Op &load, ValueId cond)
    {
        const ir::Type pt = m_k.type(load.operands[0]); // a copy: newValue may reallocate
        if (pt.isScalar())
            return; // scalar loads are not pipelined (see pipeline())
        const ValueId splat = m_k.newValue(ir::Type{DType::I1, false, pt.shape});
        Op s;
        s.code = OpCode::Splat;
        s.span = load.span;
        s.operands = {cond};
        s.results = {splat};
        dst.push_back(s);
        if (load.operands.size() < 2) {
            load.operands.push_back(splat);
            return;
        }
        const ValueId both = m_k.newValue(ir::Type{DType::I1, false, pt.shape});
        Op a;
        a.code = OpCode::And;
        a.span = load.span;
        a.operands = {load.operands[1], splat};
        a.results = {both};
        dst.push_back(a);
        load.operands[1] = both;
    }

    /// `lhs < ub` as ops appended to dst (an i1 scalar).
    ValueId lessThan(std::vector<Op> &dst, ValueId lhs, ValueId ub, SourceSpan span)
    {
        const ValueId c = m_k.newValue(ir::Type{DType::I1, false, {}});
        Op op;
        op.code = OpCode::Cmp;
        op.i = 2; // lt
        op.span = span;
        op.operands = {lhs, ub};
        op.results = {c};
        dst.push_back(op);
        return c;
    }

    bool pipeline(ir::Region &outer, std::size_t at)
    {
        Op &loop = outer.ops[at];
        ir::Region &body = loop.regions[0];
        if (body.ops.empty() || body.ops.back().code != OpCode::Yield)
            return false;
        const ValueId lb = loop.operands[0], ub = loop.operands[1], step = loop.operands[2];
        const ValueId iv = body.args[0];
        if (m_k.type(lb) != m_k.type(iv) || m_k.type(ub) != m_k.type(iv) || m_k.type(step) != m_k.type(iv)
            || !positiveConstant(outer, step))
            return false;
        // Reductions and scans carry their combine function as a region, which is pure; other
        // nested regions (if, loops) are left alone.
        for (const Op &op : body.ops)
            if (op.code == OpCode::Store || op.code == OpCode::AtomicRMW || op.code == OpCode::AtomicCAS
                || (!op.regions.empty() && op.code != OpCode::Reduce && op.code != OpCode::Scan))
                return false;

        // The block loads whose results go straight into a dot's a or b, and the first such dot.
        std::size_t firstDot = body.ops.size();
        std::vector<std::size_t> loads;
        std::map<ValueId, std::size_t> loadOf;
        for (std::size_t i = 0; i < body.ops.size(); ++i)
            if (body.ops[i].code == OpCode::Load && m_k.type(body.ops[i].result()).isBlock())
                loadOf[body.ops[i].result()] = i;
        for (std::size_t i = 0; i < body.ops.size(); ++i) {
            const Op &op = body.ops[i];
            if (op.code != OpCode::Dot)
                continue;
            for (int k = 0; k < 2; ++k)
                if (auto it = loadOf.find(op.operands[std::size_t(k)]); it != loadOf.end()) {
                    if (std::find(loads.begin(), loads.end(), it->second) == loads.end())
                        loads.push_back(it->second);
                    firstDot = std::min(firstDot, i);
                }
        }
        if (loads.empty())
            return false;

        // What each load reads in the body must be clonable (pure, no dot): then it may come
        // after the first dot too (a second dot's operand), since its clones go before it.
        std::set<std::size_t> current;
        std::vector<ValueId> loadOperands;
        for (std::size_t li : loads)
            for (ValueId o : body.ops[li].operands)
                loadOperands.push_back(o);
        if (!slice(body, loadOperands, body.ops.size() - 1, current))
            return false;
        // The region arguments those ops read, and the yielded values for them: next(c).
        std::set<std::size_t> nextOps;
        const Op &yield = body.ops.back();
        std::set<ValueId> argsRead;
        for (std::size_t i : current)
            for (ValueId o : body.ops[i].operands)
                argsRead.insert(o);
        for (std::size_t li : loads)
            for (ValueId o : body.ops[li].operands)
                argsRead.insert(o);
        std::vector<ValueId> roots;
        for (std::size_t a = 1; a < body.args.size(); ++a)
            if (argsRead.count(body.args[a]))
                roots.push_back(yield.operands[a - 1]);
        if (!slice(body, roots, body.ops.size() - 1, nextOps))
            return false;
        for (std::size_t i : nextOps)
            if (body.ops[i].code == OpCode::Load || body.ops[i].code == OpCode::Dot)
                return false;
        // Loads in the slice of another load (a pointer loaded from memory) are not pipelined.
        for (std::size_t i : current)
            if (body.ops[i].code == OpCode::Load && std::find(loads.begin(), loads.end(), i) == loads.end())
                return false;
        std::set<std::size_t> currentAndLoads = current;
        for (std::size_t li : loads)
            currentAndLoads.insert(li);

        // Prologue: the loads of the first iteration, before the loop.
        std::vector<Op> prologue;
        std::map<ValueId, ValueId> pre{{iv, lb}};
        for (std::size_t a = 1; a < body.args.size(); ++a)
            pre[body.args[a]] = loop.operands[2 + a];
        const ValueId firstCond = lessThan(prologue, lb, ub, loop.span);
        std::vector<ValueId> firstValues;
        cloneGuarded(prologue, body, currentAndLoads, loads, pre, firstCond, firstValues);

        // In the body, before the first dot: next(c) (moved up from after the dot, so the
        // yield and the prefetch share it and the current pointers die early), then the next
        // iteration's loads.
        std::vector<Op> ahead;
        std::set<std::size_t> moved;
        for (std::size_t i : nextOps)
            if (i > firstDot) {
                moved.insert(i);
                ahead.push_back(body.ops[i]);
            }
        std::map<ValueId, ValueId> next;
        const ValueId ivNext = m_k.newValue(m_k.type(iv), "k_next");
        {
            Op add;
            add.code = OpCode::Add;
            add.span = loop.span;
            add.operands = {iv, step};
            add.results = {ivNext};
            ahead.push_back(add);
        }
        next[iv] = ivNext;
        for (std::size_t a = 1; a < body.args.size(); ++a)
            next[body.args[a]] = yield.operands[a - 1];
        const ValueId nextCond = lessThan(ahead, ivNext, ub, loop.span);
        std::vector<ValueId> nextValues;
        cloneGuarded(ahead, body, currentAndLoads, loads, next, nextCond, nextValues);

        // The loop carries the loaded values: the body reads its arguments instead of loading.
        std::map<ValueId, ValueId> carried; // the original load's result -> its region argument
        std::vector<ValueId> newArgs;
        for (std::size_t li : loads) {
            const ValueId old = body.ops[li].result();
            newArgs.push_back(newLike(old));
            carried[old] = newArgs.back();
        }
        std::vector<Op> newBody;
        for (std::size_t i = 0; i < body.ops.size(); ++i) {
            if (i == firstDot)
                for (Op &op : ahead)
                    newBody.push_back(op);
            Op &op = body.ops[i];
            if ((op.code == OpCode::Load && carried.count(op.result())) || moved.count(i))
                continue;
            for (ValueId &o : op.operands)
                if (auto it = carried.find(o); it != carried.end())
                    o = it->second;
            newBody.push_back(std::move(op));
        }
        for (ValueId v : nextValues)
            newBody.back().operands.push_back(v); // the yield
        body.ops = std::move(newBody);
        for (ValueId a : newArgs)
            body.args.push_back(a);
        for (ValueId v : firstValues)
            loop.operands.push_back(v);
        for (ValueId a : newArgs)
            loop.results.push_back(newLike(a));
        outer.ops.insert(outer.ops.begin() + std::ptrdiff_t(at), prologue.begin(), prologue.end());
        return true;
    }

    void cloneGuarded(std::vector<Op> &dst, const ir::Region &body, const std::set<std::size_t> &ops,
                      const std::vector<std::size_t> &loads, std::map<ValueId, ValueId> map,
                      ValueId cond, std::vector<ValueId> &loadValues)
    {
        for (std::size_t i : ops) {
            Op c = body.ops[i];
            for (ValueId &o : c.operands)
                if (auto it = map.find(o); it != map.end())
                    o = it->second;
            if (c.code == OpCode::Load && std::find(loads.begin(), loads.end(), i) != loads.end())
                guard(dst, c, cond);
            for (ValueId &res : c.results) {
                const ValueId n = newLike(res);
                map[res] = n;
                res = n;
            }
            dst.push_back(std::move(c));
        }
        for (std::size_t li : loads)
            loadValues.push_back(map.at(body.ops[li].result()));
    }

};

} // namespace

void pipelineDotLoads(codegen::LoweredKernel &lk)
{
    LoadPipeliner p(lk.kernel);
    p.run(lk.kernel.body);
    removeDeadOps(lk.kernel);
}

} // namespace tsm::passes
