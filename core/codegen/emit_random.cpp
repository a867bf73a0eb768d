// tl.rand / randn / randint / randint4x: elementwise on the offsets, each element one call of
// the device header's Philox section (tsm::rand<Rounds>(seed, offset), ...), which computes
// what Triton's random.py compiles to on NVIDIA bit for bit. The seed widens to 64 bits as
// `seed.to(tl.uint64)` does (sign-extending a signed seed); 32-bit offsets run Philox 4x32,
// 64-bit ones 4x64, as the interpreter (core/interp/philox.h) and Triton do.

#include "core/codegen/emit_context.h"

namespace tsm::codegen {

void Emitter::emitRandom(const ir::Op &op)
{
    using ir::OpCode;
    const ir::ValueId seed = op.operands[0], offsets = op.operands[1];
    const DType offType = k.type(offsets).dtype;
    const int bits = dtypeBits(offType);
    if (isFloat(offType) || (bits != 32 && bits != 64))
        return unsupported(
            op, "random numbers for " + std::string(dtypeShortName(offType)) + " offsets");
    // n_rounds (Triton's N_ROUNDS_DEFAULT is 10; the interpreter reads 0 as the default too).
    const int rounds = op.i > 0 ? int(op.i) : 10;
    const std::string R = "<" + std::to_string(rounds) + ">";
    const std::string seedExpr = "(unsigned long long)" + name(seed);
    const std::string offCast = bits == 64 ? "(unsigned long long)" : "(unsigned)";

    // One element: "tsm::rand<10>(seed, (unsigned)offsets[r])".
    auto call = [&](const char *fn, const std::string &off) {
        return std::string("tsm::") + fn + R + "(" + seedExpr + ", " + offCast + off + ")";
    };
    const bool block = isBlock(offsets) && !isUniform(offsets);
    const Layout *l = block ? &layout(op.results[0]) : nullptr;
    const std::string off
        = block ? elem(offsets, *l) : (isBlock(offsets) ? uniform(offsets) : name(offsets));

    if (op.code != OpCode::Randint4x) {
        const char *fn = op.code == OpCode::Rand    ? "rand"
                         : op.code == OpCode::Randn ? "randn"
                                                    : "randint";
        const ir::ValueId res = op.result();
        if (!block) {
            // Scalar offsets, or a splat: one value for the whole block.
            const std::string n = define(res);
            line(cType(k.type(res).dtype) + " " + n + " = " + call(fn, off) + ";");
            if (isBlock(res))
                setUniform(res, n);
            return;
        }
        declare(res);
        unrolledLoop(l->numRegs(), name(res) + "[r] = " + call(fn, off) + ";");
        return;
    }

    // randint4x: the four words of one Philox call.
    const std::string word = bits == 64 ? "tsm::Philox64" : "tsm::Philox32";
    static const char *const kField[] = {"x", "y", "z", "w"};
    if (!block) {
        const std::string w = fresh("philox");
        line("const " + word + " " + w + " = " + call("randint4x", off) + ";");
        for (std::size_t j = 0; j < op.results.size(); ++j) {
            const ir::ValueId res = op.results[j];
            const std::string n = define(res);
            line(cType(k.type(res).dtype) + " " + n + " = " + w + "." + kField[j] + ";");
            if (isBlock(res))
                setUniform(res, n);
        }
        return;
    }
    std::string assign;
    const std::string w = fresh("philox");
    for (std::size_t j = 0; j < op.results.size(); ++j) {
        declare(op.results[j]);
        assign += " " + name(op.results[j]) + "[r] = " + w + "." + kField[j] + ";";
    }
    unrolledLoop(l->numRegs(),
                 "{ const " + word + " " + w + " = " + call("randint4x", off) + ";" + assign
                     + " }");
}

} // namespace tsm::codegen
