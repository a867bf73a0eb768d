// tl.atomic_add / max / min / and / or / xor / xchg / cas: one PTX atom per element through the
// device header's atomics section (tsm::atom_<op>_<type><Sem, Scope>), a red where the old
// values are unused and the ordering allows it (relaxed, release). Masked-off elements touch no
// memory and read 0, as in the interpreter.
//
// Block atomics use the pointer's layout (an anchor of assign-layouts, like a store). When that
// layout is replicated only one of the threads holding an element performs its atomic
// (ownerPredicate), and when the old values are used the owners hand them to the copies
// through shared memory. An atomic on a scalar pointer runs once per program, in thread 0,
// between two __syncthreads(): every thread's earlier accesses come before it (a release orders
// them all) and every thread's later ones after it (an acquire), and the old value reaches
// every thread through shared memory, so a spin lock's loop condition is the same everywhere
// (`while tl.atomic_cas(lock, 0, 1) == 1: pass`, Triton's tutorial 05).

#include "core/codegen/emit_context.h"

namespace tsm::codegen {
namespace {

bool usedIn(const ir::Region &r, ir::ValueId v)
{
    for (const ir::Op &op : r.ops) {
        for (ir::ValueId o : op.operands)
            if (o == v)
                return true;
        for (const ir::Region &inner : op.regions)
            if (usedIn(inner, v))
                return true;
    }
    return false;
}

/// The unsigned C type of a width: what exch / cas and fp16 / bf16 adds move.
std::string bitsType(int bits)
{
    return bits == 16 ? "unsigned short" : bits == 64 ? "unsigned long long" : "unsigned";
}

struct AtomicCall
{
    std::string fn;       ///< "add_f32": tsm::atom_add_f32 / tsm::red_add_f32
    bool viaBits = false; ///< values travel as bitsType (bitcast in and out)
    bool canRed = false;  ///< PTX has a red form
};

/// The device header function for `op` on elements of `dt`; empty fn when there is none.
AtomicCall atomicCall(const ir::Op &op, DType dt)
{
    const int bits = dtypeBits(dt);
    const std::string w = std::to_string(bits);
    const bool f = isFloat(dt), s = isSigned(dt);
    AtomicCall c;
    if (op.code == ir::OpCode::AtomicCAS) {
        if (bits == 16 || bits == 32 || bits == 64)
            c = {"cas_b" + w, f || bits == 16, false};
        return c;
    }
    if (bits != 16 && bits != 32 && bits != 64)
        return c;
    switch (op.i) {
    case 0: // add
        if (dt == DType::F16)
            return {"add_f16", true, true};
        if (dt == DType::BF16)
            return {"add_bf16", true, true};
        if (bits == 16)
            return c;
        return {std::string("add_") + (f ? "f" : "u") + w, false, true};
    case 1: // max
    case 2: { // min
        if (bits == 16)
            return c;
        const char *kind = f ? "f" : s ? "s" : "u";
        return {std::string(op.i == 1 ? "max_" : "min_") + kind + w, false, true};
    }
    case 3:
    case 4:
    case 5: {
        static const char *const kOps[] = {"and_b", "or_b", "xor_b"};
        if (f || bits == 16)
            return c;
        return {kOps[op.i - 3] + w, false, true};
    }
    case 6: // xchg
        if (bits == 16)
            return c;
        return {"exch_b" + w, f, false};
    default:
        return c;
    }
}

} // namespace

void Emitter::emitAtomic(const ir::Op &op)
{
    const bool cas = op.code == ir::OpCode::AtomicCAS;
    const ir::ValueId ptr = op.operands[0], res = op.result();
    const DType dt = k.type(res).dtype;
    const AtomicCall call = atomicCall(op, dt);
    if (call.fn.empty())
        return unsupported(op,
                           std::string(cas ? "tl.atomic_cas" : "this tl.atomic_*") + " on "
                               + std::string(dtypeShortName(dt)));
    const int sem = op.flags <= 3 ? int(op.flags) : 0;
    // scope=: gpu (Triton's default, ""), cta (.cta: only the program's own threads see it in
    // order) or sys (.sys: memory shared with the host or peer GPUs).
    const int scope = op.str == "cta" ? 1 : op.str == "sys" ? 2 : 0;
    const std::string params = "<" + std::to_string(sem) + ", " + std::to_string(scope) + ">";
    const bool used = usedIn(k.body, res);
    const bool red = !used && call.canRed && (sem == 2 || sem == 3);
    const std::string bitsT = bitsType(dtypeBits(dt));
    const std::string T = cType(dt);
    auto arg = [&](const std::string &e) {
        return call.viaBits ? "tsm::bitcast<" + bitsT + ">(" + e + ")" : e;
    };
    // The atomic on element expressions (pointer, [cmp,] value): a C expression of type T, or a
    // statement for a red.
    auto access = [&](const std::string &p, const std::vector<std::string> &vals) {
        std::string a
            = std::string("tsm::") + (red ? "red_" : "atom_") + call.fn + params + "(" + p;
        for (const std::string &v : vals)
            a += ", " + arg(v);
        a += ")";
        return call.viaBits && !red ? "tsm::bitcast<" + T + ">(" + a + ")" : a;
    };
    const std::string zero = isFloat(dt) ? floatLiteral(dt, 0) : intLiteral(dt, 0);
    const ir::ValueId mask = !cas && op.operands.size() > 2 ? op.operands[2] : ir::kNoValue;

    if (!isBlock(ptr)) {
        std::vector<std::string> vals;
        for (std::size_t j = 1; j < (cas ? 3u : 2u); ++j)
            vals.push_back(name(op.operands[j]));
        const std::string pred = mask == ir::kNoValue ? "" : " && " + name(mask);
        const std::string a = access(name(ptr), vals);
        const bool acquire = sem == 0 || sem == 1;
        if (!used) {
            if (sem != 3)
                line("__syncthreads(); // the program's earlier accesses come before the atomic");
            line("if (threadIdx.x == 0" + pred + ")");
            line("    " + a + ";");
            if (acquire)
                line("__syncthreads(); // and its later ones after it");
            return;
        }
        needShared(16, op.span, "a scalar atomic");
        const std::string n = define(res);
        line(T + " " + n + ";");
        open("");
        line(T + " *smem = reinterpret_cast<" + T + " *>(tsm_smem);");
        line("__syncthreads(); // earlier accesses come first; earlier readers of the buffer are "
             "done");
        line("if (threadIdx.x == 0)");
        line("    smem[0] = " + (pred.empty() ? a : name(mask) + " ? " + a + " : " + zero) + ";");
        line("__syncthreads(); // every thread reads the old value, and accesses after it");
        line(n + " = smem[0];");
        close();
        return;
    }

    const Layout &l = layout(ptr);
    const int regs = l.numRegs();
    std::vector<std::string> vals;
    for (std::size_t j = 1; j < (cas ? 3u : 2u); ++j)
        vals.push_back(elem(op.operands[j], l));
    const std::string a = access(elem(ptr, l), vals);
    const std::string owner = ownerPredicate(l);
    std::string pred = mask == ir::kNoValue ? "" : elem(mask, l);
    if (!owner.empty())
        pred = pred.empty() ? owner : owner + " && " + pred;
    if (!used) {
        unrolledLoop(regs, (pred.empty() ? "" : "if (" + pred + ") ") + a + ";");
        return;
    }
    declare(res);
    unrolledLoop(regs,
                 name(res) + "[r] = " + (pred.empty() ? a : pred + " ? " + a + " : " + zero) + ";");
    if (owner.empty())
        return;
    // Copies of replicated elements read the old value their owner got.
    const std::int64_t bytes = (l.numElements() * dtypeBytes(dt) + 15) / 16 * 16;
    needShared(bytes, op.span, "an atomic's old values");
    line("// the threads that hold copies read the old values their owners got");
    open("");
    line(T + " *smem = reinterpret_cast<" + T + " *>(tsm_smem);");
    line("__syncthreads(); // earlier readers of the buffer are done");
    unrolledLoop(regs,
                 "if (" + owner + ") smem[" + flatIndexExpr(l, "r") + "] = " + name(res) + "[r];");
    line("__syncthreads();");
    unrolledLoop(regs, name(res) + "[r] = smem[" + flatIndexExpr(l, "r") + "];");
    close();
}

} // namespace tsm::codegen
