// combine-dot-add, as Triton's Combine pass (CombineDotAddFPattern / CombineDotAddIPattern):
// `acc += tl.dot(a, b)` is `add(acc, dot(a, b, 0))`; it becomes `dot(a, b, acc)`, so the
// accumulation happens inside the dot, in the dot's own layout (on tensor cores the MMA
// accumulator), and a loop carries the accumulator with no conversion per iteration. Only
// when the dot's accumulator is the zero constant, the dot has no other use and the add is of
// the dot's own type; the rewritten dot sits where the add was (its operands are defined
// before it either way).

#include "core/passes/passes.h"

#include "core/passes/ir_edit.h"

namespace tsm::passes {

using ir::Op;
using ir::OpCode;
using ir::ValueId;

namespace {

bool isZeroConstant(const std::vector<DefSite> &sites, ValueId v)
{
    const Op *def = v < sites.size() ? sites[v].op : nullptr;
    return def && def->code == OpCode::Constant && def->f == 0.0 && def->i == 0;
}

} // namespace

void combineDotAdd(codegen::LoweredKernel &lk)
{
    ir::Kernel &k = lk.kernel;
    const std::vector<DefSite> sites = defSites(k);
    const std::vector<int> uses = useCounts(k);
    RegionEdit edit;
    forEachOp(k.body, [&](Op &op) {
        if (op.code != OpCode::Add || op.operands.size() != 2)
            return;
        for (int side = 0; side < 2; ++side) {
            const ValueId d = op.operands[std::size_t(side)], x = op.operands[std::size_t(1 - side)];
            const Op *dot = d < sites.size() ? sites[d].op : nullptr;
            if (!dot || dot->code != OpCode::Dot || uses[d] != 1 || k.type(x) != k.type(d)
                || !isZeroConstant(sites, dot->operands[2]))
                continue;
            const ValueId res = op.result();
            op = *dot;
            op.operands[2] = x;
            op.results = {res};
            edit.drop(dot);
            return;
        }
    });
    edit.apply(k);
    removeDeadOps(k);
}

} // namespace tsm::passes
