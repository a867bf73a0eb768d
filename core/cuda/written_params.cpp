#include "core/cuda/written_params.h"

namespace tsm::cuda {
namespace {

using ir::OpCode;
using Origins = std::vector<bool>; // per parameter index

/// Forward "may derive from parameter k" facts to a fixpoint. Every op except loads and
/// atomics passes the facts of all its operands to all its results (pointer arithmetic,
/// splat/broadcast/reshape, select, casts through integers); region arguments and op results
/// also receive what flows into their region (init operands, yields), which covers loop-carried
/// pointers. Over-approximate on purpose: a spurious entry costs one extra download later.
class OriginAnalysis
{
public:
    explicit OriginAnalysis(const ir::Kernel &k)
        : m_kernel(k)
        , m_origins(k.values.size(), Origins(k.params.size(), false))
    {
        for (std::size_t p = 0; p < k.params.size(); ++p)
            if (k.params[p].value != ir::kNoValue && k.params[p].value < k.values.size()
                && k.type(k.params[p].value).pointer)
                m_origins[k.params[p].value][p] = true;
    }

    void run()
    {
        do {
            m_changed = false;
            visit(m_kernel.body);
        } while (m_changed);
    }

    const Origins &of(ir::ValueId v) const { return m_origins[v]; }

private:
    void merge(ir::ValueId into, const Origins &from)
    {
        if (into >= m_origins.size())
            return;
        Origins &dst = m_origins[into];
        for (std::size_t i = 0; i < from.size(); ++i)
            if (from[i] && !dst[i])
                dst[i] = m_changed = true;
    }

    Origins operandsOf(const ir::Op &op) const
    {
        Origins o(m_kernel.params.size(), false);
        for (ir::ValueId v : op.operands)
            if (v < m_origins.size())
                for (std::size_t i = 0; i < o.size(); ++i)
                    o[i] = o[i] || m_origins[v][i];
        return o;
    }

    /// What the terminators (yield / condition) of an op's regions pass on.
    Origins yieldedBy(const ir::Op &op) const
    {
        Origins o(m_kernel.params.size(), false);
        for (const ir::Region &r : op.regions)
            for (const ir::Op &inner : r.ops)
                if (inner.code == OpCode::Yield || inner.code == OpCode::Condition) {
                    Origins y = operandsOf(inner);
                    for (std::size_t i = 0; i < o.size(); ++i)
                        o[i] = o[i] || y[i];
                }
        return o;
    }

    void visit(const ir::Region &region)
    {
        for (const ir::Op &op : region.ops) {
            switch (op.code) {
            case OpCode::Load:
            case OpCode::AtomicRMW:
            case OpCode::AtomicCAS:
            case OpCode::Store:
                continue; // values read from memory carry no parameter's address
            default:
                break;
            }
            Origins in = operandsOf(op);
            if (!op.regions.empty()) {
                Origins y = yieldedBy(op);
                for (std::size_t i = 0; i < in.size(); ++i)
                    in[i] = in[i] || y[i];
                for (const ir::Region &r : op.regions)
                    for (ir::ValueId a : r.args)
                        merge(a, in);
                for (const ir::Region &r : op.regions)
                    visit(r);
            }
            for (ir::ValueId res : op.results)
                merge(res, in);
        }
    }

    const ir::Kernel &m_kernel;
    std::vector<Origins> m_origins;
    bool m_changed = false;
};

/// Marks the pointer parameters that the address operand of each op `accesses` picks may
/// derive from (all of them when the address has no known origin).
template <class Pred>
void collectAccesses(const ir::Region &region,
                     const ir::Kernel &kernel,
                     const OriginAnalysis &origins,
                     Pred accesses,
                     std::vector<bool> &written)
{
    for (const ir::Op &op : region.ops) {
        if (accesses(op.code) && !op.operands.empty() && op.operands[0] < kernel.values.size()) {
            const Origins &o = origins.of(op.operands[0]);
            bool known = false;
            for (std::size_t p = 0; p < o.size(); ++p)
                if (o[p])
                    written[p] = known = true;
            if (!known)
                for (std::size_t p = 0; p < kernel.params.size(); ++p)
                    if (kernel.params[p].value != ir::kNoValue
                        && kernel.type(kernel.params[p].value).pointer)
                        written[p] = true;
        }
        for (const ir::Region &r : op.regions)
            collectAccesses(r, kernel, origins, accesses, written);
    }
}

std::vector<bool> accessedPointerParams(const ir::Kernel &kernel, bool (*accesses)(OpCode))
{
    OriginAnalysis origins(kernel);
    origins.run();
    std::vector<bool> out(kernel.params.size(), false);
    collectAccesses(kernel.body, kernel, origins, accesses, out);
    return out;
}

} // namespace

std::vector<bool> writtenPointerParams(const ir::Kernel &kernel)
{
    return accessedPointerParams(kernel, [](OpCode c) {
        return c == OpCode::Store || c == OpCode::AtomicRMW || c == OpCode::AtomicCAS;
    });
}

std::vector<bool> readPointerParams(const ir::Kernel &kernel)
{
    return accessedPointerParams(kernel, [](OpCode c) {
        return c == OpCode::Load || c == OpCode::AtomicRMW || c == OpCode::AtomicCAS;
    });
}

} // namespace tsm::cuda
