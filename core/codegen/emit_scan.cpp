// Inclusive scans in CUDA C (tl.cumsum, tl.cumprod, tl.associative_scan, reverse=), as Triton's
// ScanOpToLLVM in three levels. The operand's layout is scanFriendly (assign-layouts converts
// to one otherwise): along the axis, a thread's registers hold consecutive elements, then lanes
// 0, 1, ... take the next coordinate bits, then warps. So
//   1. each thread scans its own registers sequentially;
//   2. the lanes along the axis scan their threads' totals with __shfl_up_sync (Hillis-Steele,
//      in segments of the lanes along the axis) and each lane takes the total of the lanes
//      before it as its prefix;
//   3. when warps split the axis, each warp's total goes through shared memory and every warp
//      combines the totals of the warps before it into its prefix;
// then every element is combine(prefix, element). `reverse` runs the same in the other
// direction (shuffles down, later warps first), which is Triton's flip / scan / flip: element i
// is x[n-1] (+) ... (+) x[i] with the later elements on the left of each combine.

#include "core/codegen/emit_context.h"
#include "core/codegen/reduce_layout.h"

namespace tsm::codegen {
namespace {

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

} // namespace

void Emitter::emitScan(const ir::Op &op)
{
    const std::size_t n = op.operands.size();
    const int axis = int(op.i);
    const bool reverse = (op.flags & 1u) != 0;
    const std::vector<std::int64_t> &shape = k.type(op.operands[0]).shape;
    const Layout in = scanFriendly(layout(op.operands[0]), axis)
                          ? layout(op.operands[0])
                          : scanLayout(shape, axis, k.numWarps);
    const AxisBits bits = axisBits(in, axis);
    const int groups = 1 << bits.regOther.size();
    const int axisRegs = 1 << bits.regAxis.size();
    const int lanesAlong = 1 << bits.laneAxis.size();
    const int warpsAlong = 1 << bits.warpAxis.size();

    std::vector<std::string> x, res, types;
    for (ir::ValueId v : op.operands) {
        x.push_back(operandIn(v, in));
        types.push_back(cValueType(k.type(v).scalar()));
    }
    const std::string fn = combineFunction(op);
    if (failed)
        return;
    // Results in the scan's layout (hand-built layouts that differ get a conversion at the end).
    for (ir::ValueId r : op.results) {
        if (layout(r).sameAs(in)) {
            declare(r);
            res.push_back(name(r));
        } else {
            res.push_back(fresh(k.values[r].name.empty() ? "scan" : k.values[r].name + "_scan"));
            line(cValueType(k.type(r).scalar()) + " " + res.back() + "[" + str(in.numRegs())
                 + "];");
        }
    }
    auto call = [&](const std::vector<std::string> &a,
                    const std::vector<std::string> &b,
                    const std::vector<std::string> &o) { return combineCall(fn, a, b, o); };
    const auto at = indexedElements;
    auto named = [&](const std::string &base) {
        std::vector<std::string> r;
        for (std::size_t j = 0; j < n; ++j)
            r.push_back(fresh(base));
        return r;
    };
    const std::string base = depositExpr("r", bits.regOther);
    auto reg = [&](const std::string &j) { return base + " | " + depositExpr(j, bits.regAxis); };

    // 1. In each thread, along its registers.
    line(std::string("// ") + (reverse ? "reverse " : "") + "inclusive scan along axis " + str(axis)
         + ": in-thread over " + str(axisRegs) + " registers, then " + str(lanesAlong)
         + " lanes, then " + str(warpsAlong) + " warps");
    line("#pragma unroll");
    open("for (int r = 0; r < " + str(groups) + "; ++r)");
    const std::string first = reverse ? reg(str(axisRegs - 1)) : base;
    for (std::size_t j = 0; j < n; ++j)
        line(res[j] + "[" + first + "] = " + x[j] + "[" + first + "];");
    if (axisRegs > 1) {
        const std::string i = fresh("i");
        line("#pragma unroll");
        if (!reverse) {
            open("for (int " + i + " = 1; " + i + " < " + str(axisRegs) + "; ++" + i + ")");
            line(call(at(res, reg("(" + i + " - 1)")), at(x, reg(i)), at(res, reg(i))));
        } else {
            open("for (int " + i + " = " + str(axisRegs - 2) + "; " + i + " >= 0; --" + i + ")");
            line(call(at(res, reg("(" + i + " + 1)")), at(x, reg(i)), at(res, reg(i))));
        }
        close();
    }
    close();
    // Results whose layout is not the scan's: a conversion at the end.
    auto finish = [&] {
        for (std::size_t j = 0; j < n; ++j) {
            const ir::ValueId r = op.results[j];
            if (res[j] == name(r))
                continue;
            declare(r);
            emitGather(name(r), layout(r), res[j], in, k.type(r), identityBits(k.type(r).shape));
        }
    };
    if (lanesAlong == 1 && warpsAlong == 1)
        return finish();

    // The prefix each thread's elements still need, per register group.
    const std::vector<std::string> tot = named("tot"), pre = named("pre");
    const std::string has = fresh("has_pre"), li = fresh("li");
    for (std::size_t j = 0; j < n; ++j) {
        line(types[j] + " " + tot[j] + "[" + str(groups) + "];");
        line(types[j] + " " + pre[j] + "[" + str(groups) + "];");
    }
    line("bool " + has + "[" + str(groups) + "];");
    line("const int " + li + " = lane & " + str(lanesAlong - 1) + "; // index along the axis");
    const std::string last = reverse ? base : reg(str(axisRegs - 1));

    // 2. Across the lanes along the axis: scan of the thread totals.
    line("#pragma unroll");
    open("for (int r = 0; r < " + str(groups) + "; ++r)");
    for (std::size_t j = 0; j < n; ++j)
        line(tot[j] + "[r] = " + res[j] + "[" + last + "];");
    line(has + "[r] = false;");
    if (lanesAlong > 1) {
        const std::string shfl = reverse ? "tsm::shfl_down(" : "tsm::shfl_up(";
        const std::string width = str(lanesAlong);
        for (int d = 1; d < lanesAlong; d *= 2) {
            const std::vector<std::string> o = named("o");
            for (std::size_t j = 0; j < n; ++j)
                line("const " + types[j] + " " + o[j] + " = " + shfl + tot[j] + "[r], " + str(d)
                     + ", " + width + ");");
            const std::string cond
                = reverse ? li + " + " + str(d) + " < " + width : li + " >= " + str(d);
            line("if (" + cond + ")");
            line("    " + call(o, at(tot, "r"), at(tot, "r")));
        }
        // The inclusive total of the previous lane is this lane's prefix.
        for (std::size_t j = 0; j < n; ++j)
            line(pre[j] + "[r] = " + shfl + tot[j] + "[r], 1, " + width + ");");
        line(has + "[r] = " + (reverse ? li + " < " + str(lanesAlong - 1) : li + " > 0") + ";");
    }
    close();

    // 3. Across the warps along the axis: the totals of the warps before this one.
    if (warpsAlong > 1) {
        const Layout out = sliceLayout(in, axis);
        const std::int64_t outElems = out.numElements();
        line("// the warps along the axis hand their totals on through shared memory");
        open("");
        const std::vector<std::string> s = sharedViews(op, warpsAlong * outElems);
        std::vector<std::int64_t> images(in.warpBases.size(), 0);
        for (std::size_t j = 0; j < bits.warpAxis.size(); ++j)
            images[std::size_t(bits.warpAxis[j])] = std::int64_t(1) << j;
        const std::string wa = fresh("wa"), f = fresh("f"), w = fresh("w");
        line("const int " + wa + " = " + linearExpr("warp", int(in.warpBases.size()), images)
             + ";");
        line("__syncthreads(); // earlier readers of the buffer are done");
        const std::string o = flatIndexExpr(out, "r");
        const std::string lastLane = str(reverse ? 0 : lanesAlong - 1);
        line("#pragma unroll");
        open("for (int r = 0; r < " + str(groups) + "; ++r)");
        line("const int " + f + " = " + o + ";");
        line("if (" + li + " == " + lastLane + ")");
        open("");
        for (std::size_t j = 0; j < n; ++j)
            line(s[j] + "[" + wa + " * " + str(outElems) + " + " + f + "] = " + tot[j] + "[r];");
        close();
        close();
        line("__syncthreads();");
        line("#pragma unroll");
        open("for (int r = 0; r < " + str(groups) + "; ++r)");
        line("const int " + f + " = " + o + ";");
        const std::string firstWarp = str(reverse ? warpsAlong - 1 : 0);
        open("if (" + wa + (reverse ? " < " : " > ") + firstWarp + ")");
        const std::vector<std::string> c = named("carry");
        for (std::size_t j = 0; j < n; ++j)
            line(types[j] + " " + c[j] + " = " + s[j] + "[" + firstWarp + " * " + str(outElems)
                 + " + " + f + "];");
        if (reverse)
            open("for (int " + w + " = " + str(warpsAlong - 2) + "; " + w + " > " + wa + "; --" + w
                 + ")");
        else
            open("for (int " + w + " = 1; " + w + " < " + wa + "; ++" + w + ")");
        line(call(c, at(s, w + " * " + str(outElems) + " + " + f), c));
        close();
        line("if (" + has + "[r])");
        line("    " + call(c, at(pre, "r"), at(pre, "r")));
        line("else");
        open("");
        for (std::size_t j = 0; j < n; ++j)
            line(pre[j] + "[r] = " + c[j] + ";");
        close();
        line(has + "[r] = true;");
        close();
        close();
        close();
    }

    // Every element: combine(prefix, element).
    line("#pragma unroll");
    open("for (int r = 0; r < " + str(groups) + "; ++r)");
    open("if (" + has + "[r])");
    const std::string i = fresh("i");
    line("#pragma unroll");
    open("for (int " + i + " = 0; " + i + " < " + str(axisRegs) + "; ++" + i + ")");
    line(call(at(pre, "r"), at(res, reg(i)), at(res, reg(i))));
    close();
    close();
    close();
    finish();
}

} // namespace tsm::codegen
