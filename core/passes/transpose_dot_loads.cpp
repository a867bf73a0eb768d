// transpose-dot-loads: a dot operand that is a transposed load, `tl.dot(a, tl.trans(tl.load(p,
// m, o)))` (tutorial 09's `b.T` of a [BLOCK_N, BLOCK_K] descriptor tile, attention's
// `tl.trans(k)`), loads the transposed pointers instead: `tl.load(permute(p), permute(m),
// permute(o))`. The loaded block then has the dot operand's own shape, with its contiguous
// dimension along K, so the dot's staging copies it straight from global memory (cp.async into
// the swizzled buffer, K-major as wgmma reads B natively) instead of loading it into registers
// and writing it transposed. Triton reaches the same by transposing the shared-memory
// descriptor (memdesc_trans) rather than the registers.
//
// Only when the load's result has no other use and the permute's only uses are dot operands
// a or b; the rewritten load sits where the permute was (its operands are defined before it).

#include "core/passes/passes.h"

#include "core/passes/ir_edit.h"

namespace tsm::passes {

using ir::Op;
using ir::OpCode;
using ir::ValueId;

namespace {

/// How many times each value is operand a or b of a Dot.
std::vector<int> dotOperandUses(ir::Kernel &k)
{
    std::vector<int> uses(k.values.size(), 0);
    forEachOp(k.body, [&](const Op &op) {
        if (op.code == OpCode::Dot)
            for (std::size_t i = 0; i < 2 && i < op.operands.size(); ++i)
                ++uses[op.operands[i]];
    });
    return uses;
}

} // namespace

void transposeDotLoads(codegen::LoweredKernel &lk)
{
    ir::Kernel &k = lk.kernel;
    const std::vector<DefSite> sites = defSites(k);
    const std::vector<int> uses = useCounts(k), asDotOperand = dotOperandUses(k);
    RegionEdit edit;
    // The kernel's value table grows as permuted operands are added: types are read by value.
    forEachOp(k.body, [&](Op &op) {
        if (op.code != OpCode::Permute || op.operands.size() != 1)
            return;
        const ValueId loaded = op.operands[0], res = op.result();
        const Op *load = loaded < sites.size() ? sites[loaded].op : nullptr;
        if (!load || load->code != OpCode::Load || uses[loaded] != 1 || uses[res] == 0
            || uses[res] != asDotOperand[res])
            return;
        for (const ValueId v : load->operands)
            if (k.type(v).isBlock() && (v >= sites.size() || (!sites[v].op && !sites[v].region)))
                return; // every block is defined by an op or a region argument; be safe
        std::vector<ValueId> operands;
        for (const ValueId v : load->operands) {
            const ir::Type t = k.type(v);
            if (!t.isBlock()) {
                operands.push_back(v); // a scalar `other` broadcasts to any shape
                continue;
            }
            const ValueId p = addValueLike(lk, v, std::nullopt);
            std::vector<std::int64_t> shape;
            for (std::int64_t d : op.ints)
                shape.push_back(t.shape[std::size_t(d)]);
            k.values[p].type.shape = shape;
            Op permute;
            if (sites[v].op
                && (sites[v].op->code == OpCode::Constant || sites[v].op->code == OpCode::Splat)) {
                // A splat (the zeros of `other`): the same splat in the new shape, which the
                // dot's staging recognizes as zero padding.
                permute = *sites[v].op;
            } else {
                permute.code = OpCode::Permute;
                permute.span = op.span;
                permute.ints = op.ints;
                permute.operands = {v};
            }
            permute.results = {p};
            edit.insertAfter(sites[v], std::move(permute));
            operands.push_back(p);
        }
        Op rewritten = *load;
        rewritten.operands = std::move(operands);
        if (rewritten.ints.size() >= 2) // a descriptor's block, now loaded transposed
            rewritten.ints[1] ^= 1;
        rewritten.results = {res};
        rewritten.span = load->span;
        op = std::move(rewritten);
        edit.drop(load);
    });
    edit.apply(k);
}

} // namespace tsm::passes
