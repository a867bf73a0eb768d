#include "core/passes/ir_edit.h"

namespace tsm::passes {

using ir::Op;
using ir::OpCode;
using ir::ValueId;

namespace {

void collectSites(const ir::Region &r, std::vector<DefSite> &sites)
{
    for (ValueId a : r.args)
        sites[a].region = &r;
    for (const Op &op : r.ops) {
        for (ValueId v : op.results)
            sites[v].op = &op;
        for (const ir::Region &inner : op.regions)
            collectSites(inner, sites);
    }
}

void countUses(const ir::Region &r, std::vector<int> &uses)
{
    for (const Op &op : r.ops) {
        for (ValueId v : op.operands)
            if (v < uses.size())
                ++uses[v];
        for (const ir::Region &inner : op.regions)
            countUses(inner, uses);
    }
}

/// One sweep from the back (uses come after definitions); true if something was removed.
bool sweep(ir::Region &r, std::vector<int> &uses)
{
    bool removed = false;
    std::vector<Op> kept;
    for (auto it = r.ops.rbegin(); it != r.ops.rend(); ++it) {
        for (ir::Region &inner : it->regions)
            removed |= sweep(inner, uses);
        bool used = hasSideEffects(*it);
        for (ValueId v : it->results)
            used |= uses[v] > 0;
        if (used) {
            kept.push_back(std::move(*it));
            continue;
        }
        for (ValueId v : it->operands)
            --uses[v];
        removed = true;
    }
    r.ops.assign(std::make_move_iterator(kept.rbegin()), std::make_move_iterator(kept.rend()));
    return removed;
}

} // namespace

std::vector<DefSite> defSites(const ir::Kernel &kernel)
{
    std::vector<DefSite> sites(kernel.values.size());
    collectSites(kernel.body, sites);
    return sites;
}

ValueId
addValueLike(codegen::LoweredKernel &lk, ValueId like, std::optional<codegen::Layout> layout)
{
    const ir::ValueInfo info = lk.kernel.values[like];
    const ValueId v = lk.kernel.newValue(info.type, info.name, info.span);
    lk.layouts.resize(lk.kernel.values.size());
    lk.layouts[v] = std::move(layout);
    if (lk.axis.size() > like) {
        lk.axis.resize(lk.kernel.values.size());
        lk.axis[v] = lk.axis[like];
    }
    return v;
}

void RegionEdit::insertAfter(const DefSite &site, Op op)
{
    if (site.op)
        m_after[site.op].push_back(std::move(op));
    else
        m_atStart[site.region].push_back(std::move(op));
}

ValueId RegionEdit::resolve(ValueId v) const
{
    for (auto it = m_subst.find(v); it != m_subst.end(); it = m_subst.find(v))
        v = it->second;
    return v;
}

void RegionEdit::rebuild(ir::Region &region)
{
    std::vector<Op> out;
    auto place = [&](std::vector<Op> &ops) {
        for (Op &op : ops) {
            for (ValueId &v : op.operands)
                v = resolve(v);
            out.push_back(std::move(op));
        }
    };
    if (auto it = m_atStart.find(&region); it != m_atStart.end())
        place(it->second);
    for (Op &op : region.ops) {
        const Op *key = &op;
        for (ir::Region &inner : op.regions)
            rebuild(inner);
        auto after = m_after.find(key);
        if (m_dead.count(key) == 0) {
            for (ValueId &v : op.operands)
                v = resolve(v);
            out.push_back(std::move(op));
        }
        if (after != m_after.end())
            place(after->second);
    }
    region.ops = std::move(out);
}

void RegionEdit::apply(ir::Kernel &kernel)
{
    rebuild(kernel.body);
    m_after.clear();
    m_atStart.clear();
    m_dead.clear();
    m_subst.clear();
}

bool hasSideEffects(const Op &op)
{
    switch (op.code) {
    case OpCode::Store:
    case OpCode::AtomicRMW:
    case OpCode::AtomicCAS:
    case OpCode::Print:
    case OpCode::DeviceAssert:
    case OpCode::Assume:
    case OpCode::DebugBarrier:
    case OpCode::Return:
    case OpCode::Yield:
    case OpCode::Condition:
    case OpCode::For:
    case OpCode::While:
    case OpCode::If:
    case OpCode::Reduce:
    case OpCode::Scan:
        return true;
    default:
        return false;
    }
}

std::vector<int> useCounts(const ir::Kernel &kernel)
{
    std::vector<int> uses(kernel.values.size(), 0);
    countUses(kernel.body, uses);
    return uses;
}

void removeDeadOps(ir::Kernel &kernel)
{
    std::vector<int> uses = useCounts(kernel);
    while (sweep(kernel.body, uses)) {
    }
}

} // namespace tsm::passes
