// Layouts in CUDA C: the thread part of each layout's flat index (hoisted to the top of the
// kernel), register permutations that need no data movement (broadcast, expand_dims, reshape,
// permute, convert_layout between compatible layouts), and conversions through shared memory
// for everything else. Also the shape ops themselves (constant blocks, make_range, splat).

#include "core/codegen/emit_context.h"

#include "core/codegen/conversion_plan.h"

#include <bit>
#include <cstdio>

namespace tsm::codegen {
namespace {

std::string basesKey(const std::vector<std::int64_t> &lane, const std::vector<std::int64_t> &warp)
{
    std::string s;
    for (std::int64_t b : lane)
        s += std::to_string(b) + ",";
    s += "|";
    for (std::int64_t b : warp)
        s += std::to_string(b) + ",";
    return s;
}

/// Whether the non-zero images are distinct powers of two with no bit in `other` (then XOR,
/// OR and + agree and the code says `|`).
bool disjointPow2(const std::vector<std::int64_t> &images, std::int64_t &bits)
{
    for (std::int64_t b : images) {
        if (b == 0)
            continue;
        if (!std::has_single_bit(std::uint64_t(b)) || (bits & b))
            return false;
        bits |= b;
    }
    return true;
}

/// Whether `e` has an operator outside parentheses (then it needs them before a `+`).
bool topLevelSpace(const std::string &e)
{
    int depth = 0;
    for (char c : e) {
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c == ' ' && depth == 0)
            return true;
    }
    return false;
}

std::string join(const std::string &a, const std::string &b, bool disjoint, const char *disjointOp = " | ")
{
    if (a.empty())
        return b.empty() ? "0" : b;
    if (b.empty())
        return a;
    if (disjoint)
        return a + disjointOp + b;
    // `^` binds tighter than the `|` inside linearExpr's terms: "x | y ^ z" is x | (y ^ z).
    auto operand = [](const std::string &e) { return topLevelSpace(e) ? "(" + e + ")" : e; };
    return operand(a) + " ^ " + operand(b);
}

/// dst register -> src register as a C expression in `r` when the map is linear in r's bits
/// with power-of-two images (it is for maps between linear layouts); "" otherwise.
std::string registerMapExpr(const std::vector<int> &map)
{
    const int n = int(map.size());
    const int bits = std::countr_zero(unsigned(n));
    if (map[0] != 0)
        return {};
    std::vector<std::int64_t> images;
    for (int k = 0; k < bits; ++k)
        images.push_back(map[std::size_t(1) << k]);
    for (int r = 0; r < n; ++r) {
        std::int64_t x = 0;
        for (int k = 0; k < bits; ++k)
            if ((r >> k) & 1)
                x ^= images[std::size_t(k)];
        if (x != map[std::size_t(r)])
            return {};
    }
    std::int64_t seen = 0;
    if (!disjointPow2(images, seen))
        return {};
    const std::string e = linearExpr("r", bits, images);
    return e.empty() ? "0" : e;
}

int elementBytes(const ir::Type &t)
{
    return t.pointer ? 8 : dtypeBytes(t.dtype);
}

} // namespace

std::string Emitter::threadPart(const std::vector<std::int64_t> &laneBases,
                                const std::vector<std::int64_t> &warpBases)
{
    const std::string key = basesKey(laneBases, warpBases);
    if (auto it = m_threadParts.find(key); it != m_threadParts.end())
        return it->second;
    std::int64_t bits = 0;
    const bool disjoint = disjointPow2(laneBases, bits) && disjointPow2(warpBases, bits);
    const std::string lane = linearExpr("lane", int(laneBases.size()), laneBases);
    const std::string warp = linearExpr("warp", int(warpBases.size()), warpBases);
    if (lane.empty() && warp.empty())
        return m_threadParts[key] = "";
    const std::string var = "tp" + std::to_string(m_threadParts.size());
    m_prologue.push_back("const int " + var + " = " + join(lane, warp, disjoint) + ";");
    return m_threadParts[key] = var;
}

std::string Emitter::flatIndexExpr(const Layout &l, const std::string &regVar)
{
    const std::string tp = threadPart(l.laneBases, l.warpBases);
    std::int64_t bits = 0;
    const bool disjoint = disjointPow2(l.regBases, bits) && disjointPow2(l.laneBases, bits)
                          && disjointPow2(l.warpBases, bits);
    const std::string reg = linearExpr(regVar, int(l.regBases.size()), l.regBases);
    // `+`, not `|`, between the register part (a constant once the loop is unrolled) and the
    // thread part: the compiler then folds the constant into each access's immediate offset
    // (base + tp + c), where with `|` it computed every register's address separately.
    return join(disjoint && topLevelSpace(reg) ? "(" + reg + ")" : reg, tp, disjoint, " + ");
}

std::string Emitter::ownerPredicate(const Layout &l)
{
    int laneMask = 0, warpMask = 0;
    for (std::size_t k = 0; k < l.laneBases.size(); ++k)
        if (l.laneBases[k] == 0)
            laneMask |= 1 << k;
    for (std::size_t k = 0; k < l.warpBases.size(); ++k)
        if (l.warpBases[k] == 0)
            warpMask |= 1 << k;
    if (!laneMask && !warpMask)
        return {};
    const std::string key = std::to_string(laneMask) + "/" + std::to_string(warpMask);
    if (auto it = m_owners.find(key); it != m_owners.end())
        return it->second;
    std::string cond;
    if (laneMask)
        cond = "(lane & " + std::to_string(laneMask) + ") == 0";
    if (warpMask)
        cond += std::string(cond.empty() ? "" : " && ") + "(warp & " + std::to_string(warpMask)
                + ") == 0";
    const std::string var = "owner" + std::to_string(m_owners.size());
    m_prologue.push_back("// threads that hold copies of a replicated layout's elements skip "
                         "stores and prints");
    m_prologue.push_back("const bool " + var + " = " + cond + ";");
    return m_owners[key] = var;
}

std::vector<std::int64_t> Emitter::identityBits(const std::vector<std::int64_t> &shape)
{
    int n = 0;
    for (std::int64_t s : shape)
        n += s <= 1 ? 0 : std::bit_width(std::uint64_t(s)) - 1;
    std::vector<std::int64_t> bits;
    for (int k = 0; k < n; ++k)
        bits.push_back(std::int64_t(1) << k);
    return bits;
}

void Emitter::emitGather(const std::string &dst, const Layout &dstLayout, const std::string &src,
                         const Layout &srcLayout, const ir::Type &elemType,
                         const std::vector<std::int64_t> &dstToSrc)
{
    const int n = dstLayout.numRegs();
    if (auto map = registerMapVia(srcLayout, dstLayout, dstToSrc)) {
        bool identity = true;
        for (int r = 0; r < n; ++r)
            identity = identity && (*map)[std::size_t(r)] == r;
        const std::string e = identity ? "r" : registerMapExpr(*map);
        if (!e.empty()) {
            unrolledLoop(n, dst + "[r] = " + src + "[" + e + "];");
        } else {
            for (int r = 0; r < n; ++r)
                line(dst + "[" + std::to_string(r) + "] = " + src + "["
                     + std::to_string((*map)[std::size_t(r)]) + "];");
        }
        return;
    }
    // The threads own different elements: through shared memory, in the source's flat order.
    // The reading side's layout is dst's with every basis mapped into the source's flat index.
    Layout read;
    read.shape = srcLayout.shape;
    for (std::int64_t b : dstLayout.regBases)
        read.regBases.push_back(mapBits(b, dstToSrc));
    for (std::int64_t b : dstLayout.laneBases)
        read.laneBases.push_back(mapBits(b, dstToSrc));
    for (std::int64_t b : dstLayout.warpBases)
        read.warpBases.push_back(mapBits(b, dstToSrc));
    if (emitGatherVectorized(dst, read, src, srcLayout, elemType))
        return;
    // One padding element after each row of the source's last dimension: reading a column
    // (stride = row length) then hits a different bank in every lane.
    const std::int64_t row = srcLayout.rank() >= 2 ? srcLayout.shape.back() : 0;
    const int rowBits = row >= 2 ? std::bit_width(std::uint64_t(row)) - 1 : 0;
    const std::int64_t elements = srcLayout.numElements() + (row >= 2 ? srcLayout.numElements() / row : 0);
    const std::int64_t bytes = (elements * elementBytes(elemType) + 15) / 16 * 16;
    needShared(bytes, k.span, "kernel '" + k.name + "' (a layout conversion of a block of "
                                  + std::to_string(srcLayout.numElements()) + " elements)");
    const std::string t = cValueType(elemType.scalar());
    auto padded = [&](const std::string &flat) {
        return rowBits ? "f + (f >> " + std::to_string(rowBits) + ")" : flat;
    };
    auto access = [&](const Layout &l, const std::string &stmt) {
        const std::string f = flatIndexExpr(l, "r");
        if (!rowBits)
            return stmt.substr(0, stmt.find("@")) + f + stmt.substr(stmt.find("@") + 1);
        return "{ const int f = " + f + "; " + stmt.substr(0, stmt.find("@")) + padded(f)
               + stmt.substr(stmt.find("@") + 1) + " }";
    };
    line("// through shared memory: the threads hold different elements in the two layouts");
    open("");
    line(t + " *smem = reinterpret_cast<" + t + " *>(tsm_smem);");
    line("__syncthreads(); // earlier readers of the buffer are done");
    unrolledLoop(srcLayout.numRegs(), access(srcLayout, "smem[@] = " + src + "[r];"));
    line("__syncthreads();");
    unrolledLoop(n, access(read, dst + "[r] = smem[@];"));
    close();
}

namespace {

std::string hex(std::int64_t v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

} // namespace

// Triton's conversion through a swizzled shared layout (conversion_plan.h) for layouts whose
// bases are single bits: one access per vector of elements both sides hold in registers, at
// offsets that keep both sides free of bank conflicts. The padded scalar path of emitGather is
// used for everything else.
bool Emitter::emitGatherVectorized(const std::string &dst, const Layout &read, const std::string &src,
                                   const Layout &srcLayout, const ir::Type &elemType)
{
    const int w = elementBytes(elemType);
    const std::optional<SwizzledConversion> plan = planSwizzledConversion(srcLayout, read, w);
    if (!plan)
        return false;
    const int kk = int(plan->vectorBits.size());
    const std::int64_t elements = srcLayout.numElements();
    // Offsets in vectors: the vector's own bits are the lowest and nothing XORs into them.
    auto offsets = [&](const std::vector<std::int64_t> &bases) {
        std::vector<std::int64_t> out;
        for (std::int64_t b : bases)
            out.push_back(plan->offset(b) >> kk);
        return out;
    };
    needShared((elements * w + 15) / 16 * 16, k.span,
               "kernel '" + k.name + "' (a layout conversion of a block of " + std::to_string(elements)
                   + " elements)");
    // One element per access needs no vector type.
    const std::string t = cValueType(elemType.scalar());
    const std::string v = kk ? "tsm::vec<" + t + ", " + std::to_string(1 << kk) + ">" : t;
    // `visit(offset expression, registers of the vector's elements)` for each register whose
    // vector bits are 0 (and, when `owned`, whose broadcast bits are 0: copies are written once).
    auto groups = [&](const Layout &l, bool owned, auto &&visit) {
        const std::vector<std::int64_t> laneOff = offsets(l.laneBases), warpOff = offsets(l.warpBases),
                                        regOff = offsets(l.regBases);
        const std::string tp = threadPart(laneOff, warpOff);
        std::int64_t threadBits = 0, regBits = 0;
        for (std::int64_t o : laneOff)
            threadBits |= o;
        for (std::int64_t o : warpOff)
            threadBits |= o;
        for (std::int64_t o : regOff)
            regBits |= o;
        std::vector<int> vecReg; // the register bit holding each vector bit
        int vecRegMask = 0, zeroMask = 0;
        for (int e : plan->vectorBits)
            for (std::size_t j = 0; j < l.regBases.size(); ++j)
                if (l.regBases[j] == std::int64_t(1) << e) {
                    vecReg.push_back(int(j));
                    vecRegMask |= 1 << j;
                }
        for (std::size_t j = 0; j < l.regBases.size(); ++j)
            if (l.regBases[j] == 0)
                zeroMask |= 1 << j;
        for (int r = 0; r < l.numRegs(); ++r) {
            if ((r & vecRegMask) || (owned && (r & zeroMask)))
                continue;
            std::int64_t c = 0;
            for (std::size_t j = 0; j < l.regBases.size(); ++j)
                if (r >> j & 1)
                    c ^= regOff[j];
            const std::string at = join(tp, c ? hex(c) : "", !(threadBits & regBits), " + ");
            std::vector<int> regs;
            for (int t = 0; t < (1 << kk); ++t) {
                int reg = r;
                for (int i = 0; i < kk; ++i)
                    if (t >> i & 1)
                        reg |= 1 << vecReg[std::size_t(i)];
                regs.push_back(reg);
            }
            visit(at, regs);
        }
    };
    line("// through shared memory, " + std::to_string(w << kk)
         + " bytes per access: the threads hold different elements in the two layouts");
    open("");
    line(v + " *sv = reinterpret_cast<" + v + " *>(tsm_smem);");
    line("__syncthreads(); // earlier readers of the buffer are done");
    groups(srcLayout, true, [&](const std::string &at, const std::vector<int> &regs) {
        std::string elems;
        for (int reg : regs)
            elems += (elems.empty() ? "" : ", ") + src + "[" + std::to_string(reg) + "]";
        line("sv[" + at + "] = " + (kk ? v + "{{" + elems + "}}" : elems) + ";");
    });
    line("__syncthreads();");
    groups(read, false, [&](const std::string &at, const std::vector<int> &regs) {
        if (!kk)
            return line(dst + "[" + std::to_string(regs[0]) + "] = sv[" + at + "];");
        std::string s = "{ const " + v + " x = sv[" + at + "];";
        for (std::size_t t = 0; t < regs.size(); ++t)
            s += " " + dst + "[" + std::to_string(regs[t]) + "] = x.e[" + std::to_string(t) + "];";
        line(s + " }");
    });
    close();
    return true;
}

std::string Emitter::elem(ir::ValueId v, const Layout &want)
{
    if (!isBlock(v))
        return name(v);
    if (isUniform(v))
        return uniform(v);
    return operandIn(v, want) + "[r]";
}

std::string Emitter::operandIn(ir::ValueId v, const Layout &want)
{
    if (isBlock(v) && isUniform(v)) {
        const std::string tmp = fresh(name(v));
        line(cValueType(k.type(v).scalar()) + " " + tmp + "[" + std::to_string(want.numRegs()) + "];");
        unrolledLoop(want.numRegs(), tmp + "[r] = " + uniform(v) + ";");
        return tmp;
    }
    if (!isBlock(v) || layout(v).sameAs(want))
        return name(v);
    const std::string tmp = fresh(name(v) + "_cvt");
    line(cValueType(k.type(v).scalar()) + " " + tmp + "[" + std::to_string(want.numRegs()) + "];");
    emitGather(tmp, want, name(v), layout(v), k.type(v), identityBits(want.shape));
    return tmp;
}

void Emitter::emitJoinSplit(const ir::Op &op)
{
    using ir::OpCode;
    if (op.code == OpCode::Join) {
        // result[..., j] = (j ? b : a)[...]: each operand gathered into the result's registers
        // (the layout pass leaves them in the slice of the result's layout: no data movement),
        // then each register takes the one its element's j names.
        const ir::ValueId res = op.result();
        const Layout &l = layout(res);
        const ir::Type &rt = k.type(res);
        const std::vector<std::int64_t> bits = sliceBits(rt.shape, int(rt.shape.size()) - 1);
        std::string half[2];
        for (int j = 0; j < 2; ++j) {
            const ir::ValueId v = op.operands[std::size_t(j)];
            if (isUniform(v)) {
                half[j] = uniform(v);
                continue;
            }
            const std::string t = fresh(name(v) + "_pair");
            line(cValueType(rt.scalar()) + " " + t + "[" + std::to_string(l.numRegs()) + "];");
            emitGather(t, l, name(v), layout(v), rt, bits);
            half[j] = t + "[r]";
        }
        // j of register r: bit 0 of its flat index, known per register unless a lane or warp
        // basis moves it.
        bool threadBit = false;
        for (const auto *bases : {&l.laneBases, &l.warpBases})
            for (std::int64_t b : *bases)
                threadBit = threadBit || (b & 1);
        std::string j;
        if (threadBit) {
            j = "((" + flatIndexExpr(l, "r") + ") & 1)";
        } else {
            unsigned mask = 0;
            for (std::size_t i = 0; i < l.regBases.size(); ++i)
                if (l.regBases[i] & 1)
                    mask |= 1u << i;
            j = std::has_single_bit(mask)
                    ? "((r >> " + std::to_string(std::countr_zero(mask)) + ") & 1)"
                    : "(__popc(r & " + std::to_string(mask) + ") & 1)";
        }
        declare(res);
        line("// tl.join: [..., 0] from " + name(op.operands[0]) + ", [..., 1] from "
             + name(op.operands[1]));
        unrolledLoop(l.numRegs(), name(res) + "[r] = " + j + " ? " + half[1] + " : " + half[0] + ";");
        return;
    }
    // tl.split: the layout pass keeps each pair in one thread's registers (splitHalfLayout), the
    // [..., 1] element in the register with the pair's basis flipped.
    const ir::ValueId x = op.operands[0];
    const ir::ValueId lo = op.results[0], hi = op.results[1];
    if (isUniform(x)) {
        define(lo);
        setUniform(lo, uniform(x));
        define(hi);
        setUniform(hi, uniform(x));
        return;
    }
    const Layout &lx = layout(x), &lh = layout(lo);
    const auto map = registerMapVia(lx, lh, splitBits(lh.shape));
    int pair = -1;
    for (std::size_t i = 0; i < lx.regBases.size(); ++i)
        if (lx.regBases[i] == 1)
            pair = int(i);
    if (!map || pair < 0 || !splitHalfLayout(lx))
        return unsupported(op, "tl.split of a block whose pairs are spread over threads");
    declare(lo);
    declare(hi);
    line("// tl.split: [..., 0] -> " + name(lo) + ", [..., 1] -> " + name(hi));
    const std::string e = registerMapExpr(*map);
    const std::string flip = std::to_string(1 << pair);
    if (!e.empty()) {
        unrolledLoop(lh.numRegs(), name(lo) + "[r] = " + name(x) + "[" + e + "];");
        unrolledLoop(lh.numRegs(), name(hi) + "[r] = " + name(x) + "[(" + e + ") ^ " + flip + "];");
        return;
    }
    for (int r = 0; r < lh.numRegs(); ++r) {
        const int src = (*map)[std::size_t(r)];
        line(name(lo) + "[" + std::to_string(r) + "] = " + name(x) + "[" + std::to_string(src) + "];");
        line(name(hi) + "[" + std::to_string(r) + "] = " + name(x) + "["
             + std::to_string(src ^ (1 << pair)) + "];");
    }
}

void Emitter::emitShape(const ir::Op &op)
{
    using ir::OpCode;
    const ir::ValueId res = op.result();
    const ir::Type &rt = k.type(res);
    switch (op.code) {
    case OpCode::Constant: {
        std::string lit = isFloat(rt.dtype) ? floatLiteral(rt.dtype, op.f)
                                            : intLiteral(rt.dtype, op.i);
        if (lit[0] == '-') // `-x` of a negative literal must not read as `--`
            lit = "(" + lit + ")";
        if (rt.isScalar()) {
            // Constants are spelled where they are used: `pid * 1024`.
            alias(res, lit);
        } else {
            define(res);
            setUniform(res, lit);
        }
        return;
    }
    case OpCode::MakeRange: {
        declare(res);
        const Layout &l = layout(res);
        const std::string start = op.ints.empty() || op.ints[0] == 0
                                      ? ""
                                      : std::to_string(op.ints[0]) + " + ";
        unrolledLoop(l.numRegs(), name(res) + "[r] = " + start + "(" + flatIndexExpr(l, "r") + ");");
        std::int64_t bits = 0;
        if (disjointPow2(l.regBases, bits) && disjointPow2(l.laneBases, bits)
            && disjointPow2(l.warpBases, bits)) { // the flat index is reg + thread part
            std::string base = threadPart(l.laneBases, l.warpBases);
            if (!start.empty())
                base = base.empty() ? std::to_string(op.ints[0]) : start + base;
            const std::string reg = linearExpr("r", int(l.regBases.size()), l.regBases);
            setAffine(res, {base.empty() ? "0" : base, reg.empty() ? "" : "(" + reg + ")", l});
        }
        return;
    }
    case OpCode::Splat: {
        define(res);
        setUniform(res, name(op.operands[0]));
        return;
    }
    case OpCode::Broadcast:
    case OpCode::ExpandDims:
    case OpCode::Reshape:
    case OpCode::Permute:
    case OpCode::ConvertLayout: {
        const ir::ValueId src = op.operands[0];
        std::vector<std::int64_t> bits;
        if (op.code == OpCode::Broadcast)
            bits = broadcastBits(rt.shape, k.type(src).shape);
        else if (op.code == OpCode::Permute)
            bits = permuteBits(rt.shape, op.ints);
        else
            bits = identityBits(rt.shape);
        if (isUniform(src)) { // every element equal: nothing moves
            define(res);
            setUniform(res, uniform(src));
            return;
        }
        if (auto map = registerMapVia(layout(src), layout(res), bits)) {
            bool identity = true;
            for (std::size_t r = 0; r < map->size(); ++r)
                identity = identity && (*map)[r] == int(r);
            if (identity) { // same registers: another name for the same array (values are SSA)
                alias(res, name(src));
                return;
            }
        }
        const std::string s = name(src);
        declare(res);
        emitGather(name(res), layout(res), s, layout(src), rt, bits);
        return;
    }
    case OpCode::Hint: {
        // tl.multiple_of / max_contiguous only inform the axis analysis.
        const ir::ValueId src = op.operands[0];
        if (isBlock(src) && isUniform(src)) {
            alias(res, name(src));
            setUniform(res, uniform(src));
            return;
        }
        alias(res, isBlock(res) ? operandIn(src, layout(res)) : name(src));
        return;
    }
    default: unsupported(op, std::string(ir::opName(op.code)));
    }
}

} // namespace tsm::codegen
