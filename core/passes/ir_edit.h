#pragma once
// Editing a kernel's regions from a pass: ops are stored by value in vectors, so passes record
// what to add or drop while they walk (op addresses stay valid) and apply it all at once.

#include "core/codegen/lowered_kernel.h"

#include <set>
#include <unordered_map>
#include <vector>

namespace tsm::passes {

/// Where a value is defined: by an op (its results) or as an argument of a region.
struct DefSite
{
    const ir::Op *op = nullptr;
    const ir::Region *region = nullptr;
};

/// Per ValueId; kernel parameters have neither.
std::vector<DefSite> defSites(const ir::Kernel &kernel);

/// Calls `f(op)` for every op, nested regions after their op's operands but before the op's
/// successors (program order).
template <class F> void forEachOp(ir::Region &region, F &&f)
{
    for (ir::Op &op : region.ops) {
        f(op);
        for (ir::Region &r : op.regions)
            forEachOp(r, f);
    }
}

/// How many operands name each value (ValueId-indexed), nested regions included.
std::vector<int> useCounts(const ir::Kernel &kernel);

/// A new value of `like`'s type and name in `lk` (its layout and axis facts grow with it).
ir::ValueId
addValueLike(codegen::LoweredKernel &lk, ir::ValueId like, std::optional<codegen::Layout> layout);

class RegionEdit
{
public:
    /// Places `op` right after `site`'s definition (at the start of the region for a region
    /// argument); several ops after one site keep the order they were added in.
    void insertAfter(const DefSite &site, ir::Op op);
    void drop(const ir::Op *op) { m_dead.insert(op); }
    /// Every use of `from` becomes `to` (chains are followed).
    void replace(ir::ValueId from, ir::ValueId to) { m_subst[from] = to; }
    ir::ValueId resolve(ir::ValueId v) const;
    /// Applies everything to `kernel`; op addresses taken before are invalid afterwards.
    void apply(ir::Kernel &kernel);

private:
    void rebuild(ir::Region &region);

    std::unordered_map<const ir::Op *, std::vector<ir::Op>> m_after;
    std::unordered_map<const ir::Region *, std::vector<ir::Op>> m_atStart;
    std::set<const ir::Op *> m_dead;
    std::unordered_map<ir::ValueId, ir::ValueId> m_subst;
};

/// Whether `op` does something besides computing its results (stores, atomics, prints,
/// control flow, terminators, regions): it is never removed or duplicated.
bool hasSideEffects(const ir::Op &op);

/// Removes ops without side effects whose results nothing uses (after rematerialization left
/// the original index computations behind).
void removeDeadOps(ir::Kernel &kernel);

} // namespace tsm::passes
