// tl.load / tl.store: registers grouped by the vector width the axis analysis proves (one 16-,
// 8-, 4-, 2- or 1-byte access per group through the device header's tsm::load / tsm::store),
// one predicate per group (accessVectorWidth only groups registers whose mask is constant), the
// cache modifier / eviction policy as PTX qualifiers. A masked-off element never touches memory;
// `other` (or zero) stays in its register.

#include "core/codegen/emit_context.h"

#include <algorithm>
#include <bit>

namespace tsm::codegen {
namespace {

/// The device header's qualifier index: 0 none, 1 .ca, 2 .cg, 3 .cv, 4 L1::evict_first,
/// 5 L1::evict_last. PTX has no form with both a cache operator and an eviction priority;
/// the cache operator wins, as it names where the line lives.
int loadQualifier(const ir::Op &op)
{
    if (op.i >= 1 && op.i <= 3)
        return int(op.i);
    if (op.flags == 1)
        return 4;
    if (op.flags == 2)
        return 5;
    return 0;
}

int storeQualifier(const ir::Op &op)
{
    // Stores know .cg of the cache operators (sema maps .wb/.cs/.wt to the default).
    if (op.i == 2)
        return 2;
    if (op.flags == 1)
        return 4;
    if (op.flags == 2)
        return 5;
    return 0;
}

std::string templateArgs(int width, int q)
{
    return "<" + std::to_string(width) + (q ? ", " + std::to_string(q) : "") + ">";
}

std::string bytesComment(int width, DType t)
{
    const int bytes = width * dtypeBytes(t);
    return " // " + std::to_string(bytes) + "-byte access" + (width > 1 ? "es" : "");
}

} // namespace

void Emitter::emitMemory(const ir::Op &op)
{
    using ir::OpCode;
    const bool isLoad = op.code == OpCode::Load;
    const ir::ValueId ptr = op.operands[0];
    const DType dt = k.type(ptr).dtype;
    const bool boolData = dt == DType::I1;
    const std::string memType = cMemType(dt);
    const ir::ValueId mask = isLoad ? (op.operands.size() > 1 ? op.operands[1] : ir::kNoValue)
                                    : (op.operands.size() > 2 ? op.operands[2] : ir::kNoValue);
    const int q = isLoad ? loadQualifier(op) : storeQualifier(op);

    if (!isBlock(ptr)) {
        // A scalar access: every thread of the program loads the same element; one thread stores.
        const std::string pred = mask == ir::kNoValue ? "" : name(mask);
        if (isLoad) {
            const ir::ValueId res = op.result();
            const std::string init = op.operands.size() > 2 ? name(op.operands[2])
                                                            : (isFloat(dt) ? floatLiteral(dt, 0)
                                                                           : intLiteral(dt, 0));
            const std::string mem = boolData ? fresh("mem") : define(res);
            line(memType + " " + mem + " = " + (boolData ? std::string("(signed char)") : "") + init + ";");
            line("tsm::load" + templateArgs(1, q) + "(&" + mem + ", " + name(ptr)
                 + (pred.empty() ? "" : ", " + pred) + ");");
            if (boolData)
                line("bool " + define(res) + " = " + mem + " != 0;");
        } else {
            std::string value = name(op.operands[1]);
            if (boolData) {
                const std::string mem = fresh("mem");
                line("signed char " + mem + " = " + value + ";");
                value = mem;
            }
            line("if (threadIdx.x == 0)");
            line("    tsm::store" + templateArgs(1, q) + "(" + name(ptr) + ", &" + value
                 + (pred.empty() ? "" : ", " + pred) + ");");
        }
        return;
    }

    if (isLoad && asyncLoads.count(&op))
        return emitAsyncLoad(op);
    if (!isLoad && tmaStores.count(&op))
        return emitTmaStore(op);
    const Layout &l = isLoad ? layout(op.result()) : layout(ptr);
    const int regs = l.numRegs();
    const std::string p = elem(ptr, l);
    const std::string m = mask == ir::kNoValue ? "" : elem(mask, l);
    int width = accessVectorWidth(lk.axis[ptr], mask == ir::kNoValue ? nullptr : &lk.axis[mask], dt, l);
    width = std::clamp(width, 1, std::min(regs, l.contiguousRegs()));
    width = int(std::bit_floor(unsigned(width)));
    while (width > 1 && width * dtypeBytes(dt) > 16)
        width /= 2;

    if (isLoad) {
        const ir::ValueId res = op.result();
        declare(res);
        std::string dst = name(res);
        if (boolData) {
            dst = fresh(name(res) + "_mem");
            line("signed char " + dst + "[" + std::to_string(regs) + "];");
        }
        if (!m.empty()) {
            // Masked-off registers keep `other` (or zero): the access is predicated off.
            std::string fill;
            if (op.operands.size() > 2) {
                fill = elem(op.operands[2], l);
            } else {
                fill = isFloat(dt) ? floatLiteral(dt, 0) : intLiteral(dt, 0);
            }
            unrolledLoop(regs, dst + "[r] = " + fill + ";");
        }
        unrolledLoop(regs,
                     "tsm::load" + templateArgs(width, q) + "(&" + dst + "[r], " + p
                         + (m.empty() ? "" : ", " + m) + ");"
                         + bytesComment(width, dt),
                     width);
        if (boolData)
            unrolledLoop(regs, name(res) + "[r] = " + dst + "[r] != 0;");
        return;
    }

    std::string value = operandIn(op.operands[1], l);
    if (boolData) {
        const std::string mem = fresh(value + "_mem");
        line("signed char " + mem + "[" + std::to_string(regs) + "];");
        unrolledLoop(regs, mem + "[r] = " + value + "[r];");
        value = mem;
    }
    const std::string owner = ownerPredicate(l);
    std::string pred;
    if (!m.empty())
        pred = m;
    if (!owner.empty())
        pred = pred.empty() ? owner : owner + " && " + pred;
    unrolledLoop(regs,
                 "tsm::store" + templateArgs(width, q) + "(" + p + ", &" + value + "[r]"
                     + (pred.empty() ? "" : ", " + pred) + ");" + bytesComment(width, dt),
                 width);
}

} // namespace tsm::codegen
