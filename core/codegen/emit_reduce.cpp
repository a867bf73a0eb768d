// Reductions in CUDA C (shared/design/CODEGEN.md "Reductions and scans"), as Triton's
// ReduceOpToLLVM: the operand's layout is one whose bases lie along the axis or off it
// (assign-layouts sees to it), so a thread first combines its own registers along the axis,
// then lanes combine with __shfl_xor_sync butterflies over the lane bits along the axis, then
// (only when warps split the axis) each warp's partial goes through shared memory and every
// thread combines them in warp order. Every thread then holds its elements of the result in the
// slice layout, copies included, so the result broadcasts back with no data movement.
//
// The combine region (tl.sum's add, argmax's (value, index) pair, a @triton.jit function over
// tuples) is one local lambda on scalars that all three levels call; no identity value is
// needed because every level starts from an element. Lane pairs combine in axis order (lower
// lane's partial first) unless the region is a single commutative op, so non-commutative
// combines see their operands in order within each level.

#include "core/codegen/emit_context.h"
#include "core/codegen/reduce_layout.h"

#include <algorithm>
#include <bit>

namespace tsm::codegen {
namespace {

int log2i(std::int64_t v)
{
    return v <= 1 ? 0 : std::bit_width(std::uint64_t(v)) - 1;
}

std::int64_t axisMaskOf(const std::vector<std::int64_t> &shape, int axis)
{
    int shift = 0;
    for (std::size_t d = std::size_t(axis) + 1; d < shape.size(); ++d)
        shift += log2i(shape[d]);
    return ((std::int64_t(1) << log2i(shape[std::size_t(axis)])) - 1) << shift;
}

/// A combine region that is one add / mul / min / max / and / or / xor of (acc, x): the order
/// of its operands does not matter.
bool commutative(const ir::Op &op)
{
    const ir::Region &r = op.regions[0];
    if (op.operands.size() != 1 || r.ops.size() != 2)
        return false;
    const ir::Op &c = r.ops[0];
    switch (c.code) {
    case ir::OpCode::Add:
    case ir::OpCode::Mul:
    case ir::OpCode::Min:
    case ir::OpCode::Max:
    case ir::OpCode::And:
    case ir::OpCode::Or:
    case ir::OpCode::Xor:
        break;
    default:
        return false;
    }
    return r.ops[1].operands.size() == 1 && r.ops[1].operands[0] == c.result();
}

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

} // namespace

AxisBits axisBits(const Layout &l, int axis)
{
    AxisBits b;
    const std::int64_t mask = axisMaskOf(l.shape, axis);
    for (std::size_t k = 0; k < l.regBases.size(); ++k)
        ((l.regBases[k] & mask) ? b.regAxis : b.regOther).push_back(int(k));
    for (std::size_t k = 0; k < l.laneBases.size(); ++k)
        if (l.laneBases[k] & mask)
            b.laneAxis.push_back(int(k));
    for (std::size_t k = 0; k < l.warpBases.size(); ++k)
        if (l.warpBases[k] & mask)
            b.warpAxis.push_back(int(k));
    return b;
}

std::string depositExpr(const std::string &var, const std::vector<int> &positions)
{
    std::vector<std::int64_t> images;
    for (int p : positions)
        images.push_back(std::int64_t(1) << p);
    const std::string e = linearExpr(var, int(positions.size()), images);
    return e.empty() ? "0" : "(" + e + ")";
}

std::string Emitter::combineFunction(const ir::Op &op)
{
    const ir::Region &region = op.regions[0];
    const std::size_t n = op.operands.size();
    const std::string fn = fresh("combine");
    std::string params, outs;
    for (std::size_t i = 0; i < 2 * n; ++i) {
        const ir::ValueId arg = region.args[i];
        const std::string a = fresh(i < n ? "acc" : "x");
        alias(arg, a);
        params += (i ? ", " : "") + cValueType(k.type(arg)) + " " + a;
    }
    std::vector<std::string> outNames;
    for (std::size_t i = 0; i < n; ++i) {
        outNames.push_back(fresh("out"));
        params += ", " + cValueType(k.type(region.args[i])) + " &" + outNames.back();
    }
    line("// the combine function, on scalars (one per operand of the reduction)");
    open("auto " + fn + " = [&](" + params + ")");
    emitRegion(region);
    if (!region.ops.empty() && region.ops.back().code == ir::OpCode::Yield) {
        const ir::Op &yield = region.ops.back();
        for (std::size_t i = 0; i < n && i < yield.operands.size(); ++i)
            line(outNames[i] + " = " + name(yield.operands[i]) + ";");
    }
    close("};");
    restoreSourceLine(op);
    return fn;
}

std::vector<std::string> Emitter::sharedViews(const ir::Op &op, std::int64_t count)
{
    std::vector<std::string> names;
    std::int64_t offset = 0;
    for (ir::ValueId v : op.operands) {
        const ir::Type t = k.type(v).scalar();
        const std::string ct = cValueType(t);
        const std::string n = fresh("smem");
        line(ct + " *" + n + " = reinterpret_cast<" + ct + " *>(tsm_smem + " + str(offset) + ");");
        names.push_back(n);
        offset += (count * std::max(1, dtypeBytes(t.dtype)) + 15) / 16 * 16;
    }
    // Named for SharedMemoryExceeded: "tl.sum / tl.reduce over a 64x64 block along axis 0".
    const std::vector<std::int64_t> &shape = k.type(op.operands[0]).shape;
    std::string dims;
    for (std::int64_t d : shape)
        dims += (dims.empty() ? "" : "x") + str(d);
    const std::string what = std::string(op.code == ir::OpCode::Scan ? "a scan" : "a reduction")
                             + " over a " + dims + " block along axis " + str(op.i);
    needShared(offset, op.span, what);
    return names;
}

void Emitter::emitReduce(const ir::Op &op)
{
    const std::size_t n = op.operands.size();
    const int axis = int(op.i);
    // The layout pass gives the operand a layout that fits the axis and the results its
    // slice; other layouts (hand-built ones) go through a conversion on either side.
    const std::vector<std::int64_t> &shape = k.type(op.operands[0]).shape;
    const Layout in = axisSeparable(layout(op.operands[0]), axis)
                          ? layout(op.operands[0])
                          : blockedLayout(shape, defaultBlockedParams(shape, k.numWarps, 1));
    const Layout out = sliceLayout(in, axis);
    const AxisBits bits = axisBits(in, axis);
    const int outRegs = 1 << bits.regOther.size();
    const int axisRegs = 1 << bits.regAxis.size();

    std::vector<std::string> x, acc;
    for (ir::ValueId v : op.operands)
        x.push_back(operandIn(v, in));
    const std::string fn = combineFunction(op);
    if (failed)
        return;
    const bool ordered = !commutative(op);
    // The accumulators are the results' arrays (a scalar result reads element 0 at the end).
    for (std::size_t j = 0; j < n; ++j) {
        const ir::ValueId res = op.results[j];
        if (isBlock(res) && layout(res).sameAs(out)) {
            declare(res);
            acc.push_back(name(res));
        } else if (isBlock(res)) {
            acc.push_back(fresh(k.values[res].name.empty() ? "red" : k.values[res].name + "_acc"));
            line(cValueType(k.type(res).scalar()) + " " + acc.back() + "[" + str(out.numRegs())
                 + "];");
        } else {
            acc.push_back(fresh(k.values[res].name.empty() ? "red" : k.values[res].name + "_acc"));
            line(cValueType(k.type(res)) + " " + acc.back() + "[1];");
        }
    }
    auto call = [&](const std::vector<std::string> &a,
                    const std::vector<std::string> &b,
                    const std::vector<std::string> &o) { return combineCall(fn, a, b, o); };
    const auto at = indexedElements;

    // 1. In each thread: the registers along the axis, in register order.
    line("// reduce along axis " + str(axis) + ": in-thread over " + str(axisRegs)
         + " registers, then lanes, then warps");
    line("#pragma unroll");
    open("for (int r = 0; r < " + str(outRegs) + "; ++r)");
    const std::string base = depositExpr("r", bits.regOther);
    for (std::size_t j = 0; j < n; ++j)
        line(acc[j] + "[r] = " + x[j] + "[" + base + "];");
    if (axisRegs > 1) {
        const std::string j = fresh("j");
        line("#pragma unroll");
        open("for (int " + j + " = 1; " + j + " < " + str(axisRegs) + "; ++" + j + ")");
        const std::string idx = base + " | " + depositExpr(j, bits.regAxis);
        line(call(at(acc, "r"), at(x, idx), at(acc, "r")));
        close();
    }
    close();

    // Butterflies over the given lane bits: every lane ends with the combination of its group.
    auto butterflies = [&](const std::vector<int> &laneBits) {
        line("#pragma unroll");
        open("for (int r = 0; r < " + str(outRegs) + "; ++r)");
        for (int b : laneBits) {
            const std::string m = str(1 << b);
            std::vector<std::string> other;
            for (std::size_t j = 0; j < n; ++j) {
                other.push_back(fresh("o"));
                line("const " + cValueType(k.type(op.operands[j]).scalar()) + " " + other.back()
                     + " = tsm::shfl_xor(" + acc[j] + "[r], " + m + ");");
            }
            if (!ordered) {
                line(call(at(acc, "r"), other, at(acc, "r")));
                continue;
            }
            // The lane with the bit set holds the later part of the axis.
            const std::string hi = "(lane & " + m + ")";
            std::vector<std::string> lo, up;
            for (std::size_t j = 0; j < n; ++j) {
                lo.push_back(hi + " ? " + other[j] + " : " + acc[j] + "[r]");
                up.push_back(hi + " ? " + acc[j] + "[r] : " + other[j]);
            }
            line(call(lo, up, at(acc, "r")));
        }
        close();
    };

    // 2. Across the lanes along the axis: butterflies (every lane ends with the warp's value).
    if (!bits.laneAxis.empty())
        butterflies(bits.laneAxis);

    // 3. Across the warps along the axis: each warp's partial through shared memory, then
    // either every thread combines them in warp order (up to 8 warps), or, for 16 or more as
    // Triton does, lane l reads warp (l mod W)'s partial and butterflies over the low lanes combine
    // them: log2(W) shuffles instead of W - 1 shared-memory reads and combines per thread. The
    // second way needs those low lanes to hold the same output elements.
    if (!bits.warpAxis.empty()) {
        const int warpBits = int(bits.warpAxis.size());
        const int warpsAlong = 1 << warpBits;
        bool viaLanes = warpsAlong >= 16 && int(out.laneBases.size()) >= warpBits;
        for (int b = 0; viaLanes && b < warpBits; ++b)
            viaLanes = out.laneBases[std::size_t(b)] == 0;
        const std::int64_t outElems = out.numElements();
        line("// the warps along the axis combine their partials through shared memory");
        open("");
        const std::vector<std::string> s = sharedViews(op, warpsAlong * outElems);
        // This warp's index along the axis: its axis warp bits, packed.
        std::vector<std::int64_t> images(in.warpBases.size(), 0);
        for (std::size_t j = 0; j < bits.warpAxis.size(); ++j)
            images[std::size_t(bits.warpAxis[j])] = std::int64_t(1) << j;
        const std::string wa = fresh("wa"), f = fresh("f"), w = fresh("w");
        line("const int " + wa + " = " + linearExpr("warp", int(in.warpBases.size()), images)
             + ";");
        line("__syncthreads(); // earlier readers of the buffer are done");
        const std::string o = flatIndexExpr(out, "r");
        line("#pragma unroll");
        open("for (int r = 0; r < " + str(outRegs) + "; ++r)");
        line("const int " + f + " = " + o + ";");
        for (std::size_t j = 0; j < n; ++j)
            line(s[j] + "[" + wa + " * " + str(outElems) + " + " + f + "] = " + acc[j] + "[r];");
        close();
        line("__syncthreads();");
        line("#pragma unroll");
        open("for (int r = 0; r < " + str(outRegs) + "; ++r)");
        line("const int " + f + " = " + o + ";");
        if (viaLanes) {
            for (std::size_t j = 0; j < n; ++j)
                line(acc[j] + "[r] = " + s[j] + "[(lane & " + str(warpsAlong - 1) + ") * " + str(outElems)
                     + " + " + f + "];");
            close();
            std::vector<int> low;
            for (int b = 0; b < warpBits; ++b)
                low.push_back(b);
            butterflies(low);
        } else {
            for (std::size_t j = 0; j < n; ++j)
                line(acc[j] + "[r] = " + s[j] + "[" + f + "];");
            line("#pragma unroll");
            open("for (int " + w + " = 1; " + w + " < " + str(warpsAlong) + "; ++" + w + ")");
            line(call(at(acc, "r"), at(s, w + " * " + str(outElems) + " + " + f), at(acc, "r")));
            close();
            close();
        }
        close();
    }

    for (std::size_t j = 0; j < n; ++j) {
        const ir::ValueId res = op.results[j];
        if (!isBlock(res)) {
            line(cValueType(k.type(res)) + " " + define(res) + " = " + acc[j] + "[0];");
        } else if (acc[j] != name(res)) {
            declare(res);
            emitGather(
                name(res), layout(res), acc[j], out, k.type(res), identityBits(k.type(res).shape));
        }
    }
}

} // namespace tsm::codegen
