// tl.dot on tensor cores with mma.sync.m16n8k16 (sm_80+), for fp16 / bf16 inputs and an fp32
// accumulator, as Triton's MMAv2 lowering (lib/Conversion/TritonGPUToLLVM/DotOpToLLVM/MMAv2.cpp)
// but with operands staged by the dot itself: every thread writes the a and b elements it holds
// into tsm_smem (rows padded by 16 bytes: codegen::mmaStaging), then each warp loads its
// fragments with ldmatrix (.trans when the staged rows run along M or N) and issues
// repM x repN mma.sync per 16-wide step along K. The result is in the MMA accumulator layout
// (codegen::mmaAccumulatorLayout): a loop-carried accumulator never leaves registers.
//
// Numerics: products of fp16 / bf16 are exact in fp32 and summed in fp32 by the tensor core,
// so results differ from the interpreter's ascending-K FMA sum only by summation order and the
// tensor core's rounding of partial sums. An fp16 out_dtype rounds the fp32 sum once at the end
// (the interpreter's rule).

#include "core/codegen/emit_context.h"
#include "core/codegen/mma_layout.h"
#include "core/codegen/shared_memory.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace tsm::codegen {
namespace {

int log2i(std::int64_t v)
{
    return v <= 1 ? 0 : std::bit_width(std::uint64_t(v)) - 1;
}

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

/// The For loop whose body holds `target` directly, or null.
const ir::Op *enclosingFor(const ir::Region &r, const ir::Op &target)
{
    for (const ir::Op &op : r.ops) {
        if (op.code == ir::OpCode::For) {
            const auto &ops = op.regions[0].ops;
            if (!ops.empty() && &target >= &ops.front() && &target <= &ops.back())
                return &op;
        }
        for (const ir::Region &inner : op.regions)
            if (const ir::Op *f = enclosingFor(inner, target))
                return f;
    }
    return nullptr;
}

/// Ops in `r` (nested regions included) that use tsm_smem.
int sharedMemoryUsers(const ir::Region &r, const std::set<const ir::Op *> &tmaStores)
{
    int n = 0;
    for (const ir::Op &op : r.ops) {
        switch (op.code) {
        case ir::OpCode::Dot:
        case ir::OpCode::Reduce:
        case ir::OpCode::Scan:
        case ir::OpCode::ConvertLayout: ++n; break;
        case ir::OpCode::Store: n += int(tmaStores.count(&op)); break; // written out through it
        default: break;
        }
        for (const ir::Region &inner : op.regions)
            n += sharedMemoryUsers(inner, tmaStores);
    }
    return n;
}

/// Where element f (a row-major flat index of an operand [R0][dim1]) goes in its staging area:
/// row f / dim1, column f % dim1 when the staged rows run along dimension 0, else transposed.
std::string stagedIndex(bool rowsAlongDim0, std::int64_t dim1, std::int64_t stride)
{
    const std::string low = "(f & " + str(dim1 - 1) + ")", high = "(f >> " + str(log2i(dim1)) + ")";
    return rowsAlongDim0 ? high + " * " + str(stride) + " + " + low : low + " * " + str(stride) + " + " + high;
}

/// Whether `v` is the zero constant (a load's `other` that cp.async's zero fill reproduces).
bool isZeroValue(const std::map<ir::ValueId, const ir::Op *> &def, ir::ValueId v)
{
    auto it = def.find(v);
    if (it == def.end())
        return false;
    const ir::Op &op = *it->second;
    if (op.code == ir::OpCode::Splat || op.code == ir::OpCode::Cast)
        return isZeroValue(def, op.operands[0]);
    return op.code == ir::OpCode::Constant && op.f == 0.0 && op.i == 0 && !std::signbit(op.f);
}

/// The values `r` defines (its arguments and results, nested regions included).
void collectDefined(const ir::Region &r, std::set<ir::ValueId> &out)
{
    out.insert(r.args.begin(), r.args.end());
    for (const ir::Op &op : r.ops) {
        out.insert(op.results.begin(), op.results.end());
        for (const ir::Region &inner : op.regions)
            collectDefined(inner, out);
    }
}

bool directlyIn(const ir::Region &r, const ir::Op *op)
{
    return !r.ops.empty() && op >= &r.ops.front() && op <= &r.ops.back();
}

} // namespace

void Emitter::planAsyncCopies()
{
    if (lk.computeCapability < 80)
        return;
    std::map<ir::ValueId, const ir::Op *> def;
    std::map<ir::ValueId, int> uses;
    std::function<void(const ir::Region &)> index = [&](const ir::Region &r) {
        for (const ir::Op &op : r.ops) {
            for (ir::ValueId v : op.results)
                def[v] = &op;
            for (ir::ValueId v : op.operands)
                ++uses[v];
            for (const ir::Region &inner : op.regions)
                index(inner);
        }
    };
    index(k.body);
    // Descriptor stores the copy engine may write (claimed after the loads, which take the
    // descriptors' tensor maps first) use the shared scratch.
    std::function<void(const ir::Region &)> findStores = [&](const ir::Region &r) {
        for (const ir::Op &op : r.ops) {
            for (const ir::Region &inner : op.regions)
                findStores(inner);
            if (options.tma && options.tmaStores && lk.tmaStores && tmaStoresOn
                && tmaStoreBox(k, op, lk.computeCapability))
                storeCandidates.insert(&op);
        }
    };
    findStores(k.body);
    // A load can copy straight into the dot's staging area when each thread's registers of it
    // are 16-byte vectors both in global memory (axis facts) and along the staged rows, and
    // masked-off elements are zeros.
    auto copyable = [&](const ir::Op &load, const Layout &staged, int storageContig) {
        const ir::ValueId ptr = load.operands[0];
        if (!isBlock(ptr) || (load.operands.size() > 2 && !isZeroValue(def, load.operands[2])))
            return false;
        const DType dt = k.type(ptr).dtype;
        const int v = 16 / dtypeBytes(dt);
        const Layout &l = layout(load.result());
        if (!l.sameAs(staged) || l.contiguousDim() != storageContig || l.contiguousRegs() < v)
            return false;
        const ir::ValueId mask = load.operands.size() > 1 ? load.operands[1] : ir::kNoValue;
        const int width
            = accessVectorWidth(lk.axis[ptr], mask == ir::kNoValue ? nullptr : &lk.axis[mask], dt, l);
        return width >= v;
    };
    // One dot of a loop: its operands whose loads were pipelined copy by cp.async (when they
    // can) into a ring of staging buffers.
    auto planDot = [&](const ir::Op &loop, const ir::Region &body, const ir::Region &r, const ir::Op *dot,
                       bool ownRegion) {
        // tf32 on mma.sync rounds its inputs while staging them through registers; on wgmma
        // the tensor cores read the fp32 bits as they are (as Triton's), so cp.async may copy.
        const DotPath path = dotPath(k, *dot, lk.computeCapability);
        if (path == DotPath::Fma || (path == DotPath::MmaSync && k.type(dot->operands[0]).dtype == DType::F32))
            return;
        const Layout &la = layout(dot->operands[0]), &lb = layout(dot->operands[1]);
        const DotStagingPlan plan = stagingPlan(*dot);
        AsyncDot ad;
        for (int o = 0; o < 2; ++o) {
            const ir::ValueId v = dot->operands[std::size_t(o)];
            if (plan.home[o] != OperandHome::Buffer)
                continue;
            auto arg = std::find(body.args.begin() + 1, body.args.end(), v);
            if (arg == body.args.end() || uses[v] != 1)
                continue;
            const std::size_t slot = std::size_t(arg - body.args.begin() - 1);
            const ir::ValueId next = body.ops.back().operands[slot], init = loop.operands[3 + slot];
            const ir::Op *ahead = def.count(next) ? def[next] : nullptr;
            const ir::Op *first = def.count(init) ? def[init] : nullptr;
            if (!ahead || !first || ahead->code != ir::OpCode::Load || first->code != ir::OpCode::Load
                || uses[next] != 1 || uses[init] != 1 || !directlyIn(body, ahead) || !directlyIn(r, first))
                continue;
            // a staged [M][K] (K contiguous) or [K][M]; b [N][K] (K, dimension 0) or [K][N]
            // (batched: [B * M][K] and so on, the batch the outermost dimension).
            const int rank = int(k.type(v).shape.size());
            const int contig = rank - (plan.rowsAlongDim0[o] ? 1 : 2);
            const Layout &staged = o == 0 ? la : lb;
            // A tensor descriptor's block goes through the copy engine (TMA) when it can.
            TmaBox box;
            const bool tma = claimTma(*dot, o, plan, *first, *ahead, def, box);
            if (!tma && (!copyable(*ahead, staged, contig) || !copyable(*first, staged, contig)))
                continue;
            ad.async[o] = true;
            ad.tma[o] = tma;
            asyncLoads[ahead] = AsyncLoad{dot, o, true, tma, box};
            asyncLoads[first] = AsyncLoad{dot, o, false, tma, box};
        }
        if (!ad.async[0] && !ad.async[1])
            return;
        // wgmma: when the accumulator is only carried from one iteration's dot to the next,
        // the dot need not wait for its tensor-core work before the next iteration starts;
        // a fourth buffer keeps that work's operands from being overwritten meanwhile.
        if (plan.path == DotPath::Wgmma) {
            const ir::ValueId acc = dot->operands[2], res = dot->result();
            auto arg = std::find(body.args.begin() + 1, body.args.end(), acc);
            const std::size_t slot = std::size_t(arg - body.args.begin() - 1);
            const std::int64_t limit
                = options.sharedLimitBytes > 0 ? options.sharedLimitBytes : sharedLimitForArch("sm_90");
            // Registers read by wgmma must stay put until it is waited for.
            if (arg != body.args.end() && plan.home[0] != OperandHome::Registers && uses[acc] == 1 && uses[res] == 1
                && body.ops.back().operands[slot] == res && ringBytes + 4 * plan.bytes <= limit) {
                ad.slots = 4;
                ad.overlap = true;
                ad.accSlot = int(slot);
                ad.accRegs = layout(res).numRegs();
            }
        }
        if (ownRegion) {
            ad.region = ringBytes;
            ringBytes += (ad.slots * plan.bytes + 1023) / 1024 * 1024;
        }
        ad.slot = fresh("dot_slot");
        m_prologue.push_back("int " + ad.slot + " = 0; // which of tl.dot's " + str(ad.slots)
                             + " staging buffers this iteration reads");
        if (ad.tma[0] || ad.tma[1]) {
            // One mbarrier per buffer; each TMA-copied operand arrives on it once per fill.
            ad.barrier = int(tmaBarrierCounts.size());
            tmaBarrierCounts.insert(tmaBarrierCounts.end(), std::size_t(ad.slots), int(ad.tma[0]) + int(ad.tma[1]));
            ad.phase = fresh("tma_phase");
            m_prologue.push_back("unsigned " + ad.phase + " = 0; // bit s: the parity of staging buffer s's next TMA fill");
        }
        asyncDots[dot] = ad;
        asyncLoops[&loop].push_back(dot);
    };
    std::function<void(const ir::Region &)> walk = [&](const ir::Region &r) {
        for (const ir::Op &loop : r.ops) {
            for (const ir::Region &inner : loop.regions)
                walk(inner);
            if (loop.code != ir::OpCode::For)
                continue;
            const ir::Region &body = loop.regions[0];
            if (body.ops.empty() || body.ops.back().code != ir::OpCode::Yield)
                continue;
            // A dot that is the loop's only shared-memory user rings through the shared
            // scratch; with others (a second dot, reductions, conversions) each dot's ring gets a
            // region of its own after the scratch, which nothing else touches.
            // An operand that does not change in the loop (attention's q) is staged once,
            // before it, into an area of its own after the scratch.
            std::set<ir::ValueId> inside;
            collectDefined(body, inside);
            if (ownRings)
                for (const ir::Op &dotOp : body.ops) {
                    // (A batched dot stages a loop-invariant operand each iteration.)
                    if (dotOp.code != ir::OpCode::Dot || dotPath(k, dotOp, lk.computeCapability) == DotPath::Fma
                        || k.type(dotOp.result()).shape.size() != 2)
                        continue;
                    for (int o = 0; o < 2; ++o) {
                        const DotStagingPlan plan = stagingPlan(dotOp);
                        if (plan.home[o] != OperandHome::Buffer || inside.count(dotOp.operands[std::size_t(o)]))
                            continue;
                        DotHomes &h = dotHomes[&dotOp];
                        h.home[o] = OperandHome::Hoisted;
                        h.region[o] = ringBytes;
                        ringBytes += (plan.areaBytes[o] + 1023) / 1024 * 1024;
                        hoistedOperands[&loop].emplace_back(&dotOp, o);
                    }
                }
            const bool ownRegion = sharedMemoryUsers(body, storeCandidates) != 1;
            if (ownRegion && !ownRings)
                continue;
            for (const ir::Op &dotOp : body.ops) {
                if (dotOp.code != ir::OpCode::Dot)
                    continue;
                planDot(loop, body, r, &dotOp, ownRegion);
            }
            // Each iteration commits one group per copied operand, all before the first dot, in
            // body order; a dot's operand copied as group p of P (last iteration's) is followed
            // by P - 1 - p groups then and P this iteration, so the dot may leave that many in
            // flight for its last-committed operand.
            std::map<const ir::Op *, int> lastGroup;
            int groups = 0;
            for (const ir::Op &op : body.ops)
                if (auto it = asyncLoads.find(&op); it != asyncLoads.end() && it->second.ahead && !it->second.tma)
                    lastGroup[it->second.dot] = groups++;
            for (auto &[dot, last] : lastGroup)
                asyncDots.at(dot).pendingGroups = groups - 1 - last + groups;
        }
    };
    walk(k.body);
    for (const ir::Op *store : storeCandidates)
        if (TmaBox box; claimTmaStore(*store, box))
            tmaStores[store] = box;
    // The copy engine takes a TMA load's or store's coordinates, not its pointers, mask or
    // padding value: what only those read is not emitted (a reader of the CUDA C sees no unused
    // arrays).
    std::vector<ir::ValueId> work;
    auto drop = [&](ir::ValueId v) {
        --uses[v];
        work.push_back(v);
    };
    for (const auto &[load, al] : asyncLoads)
        if (al.tma)
            for (std::size_t i = 0; i < 3 && i < load->operands.size(); ++i)
                drop(load->operands[i]);
    for (const auto &[store, box] : tmaStores) {
        drop(store->operands[0]);
        drop(store->operands[2]);
    }
    auto pure = [](const ir::Op &op) {
        switch (op.code) {
        case ir::OpCode::Constant:
        case ir::OpCode::ProgramId:
        case ir::OpCode::NumPrograms:
        case ir::OpCode::MakeRange:
        case ir::OpCode::Splat:
        case ir::OpCode::Broadcast:
        case ir::OpCode::ExpandDims:
        case ir::OpCode::Reshape:
        case ir::OpCode::Permute:
        case ir::OpCode::ConvertLayout:
        case ir::OpCode::Cast:
        case ir::OpCode::Bitcast:
        case ir::OpCode::PtrToInt:
        case ir::OpCode::IntToPtr:
        case ir::OpCode::AddPtr:
        case ir::OpCode::Hint: return true;
        default: return op.regions.empty() && ir::isElementwise(op.code);
        }
    };
    while (!work.empty()) {
        const ir::ValueId v = work.back();
        work.pop_back();
        auto it = def.find(v);
        if (uses[v] > 0 || it == def.end() || unemitted.count(it->second) || !pure(*it->second))
            continue;
        const ir::Op &d = *it->second;
        if (std::any_of(d.results.begin(), d.results.end(), [&](ir::ValueId r) { return uses[r] > 0; }))
            continue;
        unemitted.insert(&d);
        for (ir::ValueId o : d.operands) {
            --uses[o];
            work.push_back(o);
        }
    }
}

void Emitter::emitAsyncLoad(const ir::Op &op)
{
    const AsyncLoad &al = asyncLoads.at(&op);
    if (al.tma)
        return emitTmaLoad(op);
    const ir::Op &dot = *al.dot;
    const AsyncDot &ad = asyncDots.at(&dot);
    const DotStagingPlan plan = stagingPlan(dot);
    const ir::ValueId res = op.result(), ptr = op.operands[0];
    const Layout &l = layout(res);
    const DType dt = k.type(ptr).dtype;
    const int v = 16 / dtypeBytes(dt);
    const std::string dst = fresh(al.operand == 0 ? "dot_a_next" : "dot_b_next");
    const std::string slot = startRingCopy(
        op, al, ad,
        "// cp.async: global memory straight into tl.dot's staging buffer "
            + std::string(al.ahead ? "for the next iteration" : "for the first iteration"),
        false);
    const std::int64_t offset = plan.offset[al.operand];
    line(cType(dt) + " *" + dst + " = reinterpret_cast<" + cType(dt) + " *>(" + ad.base() + " + " + slot + " * "
         + str(plan.bytes) + (offset ? " + " + str(offset) : std::string()) + ");");
    const ir::ValueId mask = op.operands.size() > 1 ? op.operands[1] : ir::kNoValue;
    const std::string p = elem(ptr, l);
    const std::string m = mask == ir::kNoValue ? "true" : elem(mask, l);
    unrolledLoop(l.numRegs(),
                 "{ const int f = " + flatIndexExpr(l, "r") + "; tsm::cp_async16(&" + dst + "["
                     + plan.index[al.operand] + "], " + p + ", " + m + "); }",
                 v);
    line("tsm::cp_async_commit();");
}

std::string Emitter::startRingCopy(const ir::Op &op, const AsyncLoad &al, const AsyncDot &ad,
                                   const std::string &comment, bool fenceAsyncProxy)
{
    // The registers stay unused (the dot reads shared memory); zeros keep the compiler quiet.
    const ir::ValueId res = op.result();
    declare(res);
    unrolledLoop(layout(res).numRegs(), name(res) + "[r] = " + floatLiteral(k.type(res).dtype, 0) + ";");
    line(comment);
    if (!al.ahead) {
        // Before the loop (again, in an enclosing loop): the ring starts over, and whatever used
        // shared memory before is done reading before the copies land.
        line(ad.slot + " = 0;");
        if (fenceAsyncProxy)
            line("tsm::fence_proxy_async();");
        line("__syncthreads();");
    }
    return al.ahead ? ad.next() : "0";
}

Emitter::DotStagingPlan Emitter::stagingPlan(const ir::Op &dot)
{
    const ir::ValueId a = dot.operands[0], b = dot.operands[1], res = dot.result();
    const ir::Type &at = k.type(a), &bt = k.type(b);
    DotStagingPlan p;
    p.path = dotPath(k, dot, lk.computeCapability);
    // A staged row runs along the dimension the operand's registers run along, so a thread's
    // contiguous elements are one vector store: a as [M][K] unless it arrives contiguous along
    // M (a transposed A), b as [K][N] unless it arrives contiguous along K (a transposed B).
    // tf32 (fp32 inputs): ldmatrix has no transposing form for 32-bit elements, so both
    // operands are staged with K contiguous.
    const Layout &lc = layout(res);
    const Layout &la = isUniform(a) ? lc : layout(a);
    const Layout &lb = isUniform(b) ? lc : layout(b);
    // fp8 and tf32 on wgmma: the 8- and 32-bit forms read both operands K-major only.
    const bool kMajorOnly = at.dtype == DType::F32 || isFp8(at.dtype);
    // (A batched dot's M / K dimension is 1, its K / N dimension 2; the batches' tiles are
    // staged one after the other, as one [B * M][K] or [K][B * M] area: mmaStaging.)
    const int mDim = int(at.shape.size()) - 2;
    p.aKMajor = kMajorOnly || isUniform(a) || la.contiguousDim() != mDim;
    p.bKMajor = kMajorOnly || (!isUniform(b) && lb.contiguousDim() == mDim);
    p.rowsAlongDim0[0] = p.aKMajor;
    p.rowsAlongDim0[1] = !p.bKMajor;
    const std::int64_t dim1[2] = {at.shape.back(), bt.shape.back()};
    // Only the operands whose home is the buffer take room in it (a hoisted or register
    // operand is read from elsewhere).
    auto place = [&](std::int64_t offsetB, std::int64_t bytes) {
        if (auto it = dotHomes.find(&dot); it != dotHomes.end())
            for (int o = 0; o < 2; ++o)
                p.home[o] = it->second.home[o];
        if (p.path == DotPath::Wgmma) {
            const std::optional<Layout> regs
                = wgmmaRegisterOperandLayout(at.shape, k.type(res).shape, k.numWarps);
            if (!isUniform(a) && !isFp8(at.dtype) && at.dtype != DType::F32 && regs && layout(a).sameAs(*regs))
                p.home[0] = OperandHome::Registers;
        }
        p.areaBytes[0] = offsetB;
        p.areaBytes[1] = bytes - offsetB;
        const bool aIn = p.home[0] == OperandHome::Buffer, bIn = p.home[1] == OperandHome::Buffer;
        p.offset[1] = aIn ? offsetB : 0;
        p.bytes = (aIn ? p.areaBytes[0] : 0) + (bIn ? p.areaBytes[1] : 0);
    };
    if (p.path != DotPath::Wgmma) {
        const MmaStaging st = mmaStaging(at, bt, p.aKMajor, p.bKMajor);
        place(st.offsetB, st.bytes);
        p.index[0] = stagedIndex(p.rowsAlongDim0[0], dim1[0], st.strideA);
        p.index[1] = stagedIndex(p.rowsAlongDim0[1], dim1[1], st.strideB);
        return p;
    }
    const WgmmaStaging st
        = wgmmaStaging(at, bt, p.aKMajor, p.bKMajor, wgmmaTiling(k.type(res).shape, k.numWarps).instrN);
    place(st.b.offset, st.bytes);
    const int e = dtypeBytes(at.dtype);
    for (int o = 0; o < 2; ++o) {
        // Element (i, j) of the operand: row i, contiguous index j when the rows run along
        // dimension 0, else row j, contiguous index i.
        const SwizzledOperand &so = o == 0 ? st.a : st.b;
        p.swizzled[o] = so;
        const std::string hi = "(f >> " + str(log2i(dim1[o])) + ")", lo = "(f & " + str(dim1[o] - 1) + ")";
        const std::string row = p.rowsAlongDim0[o] ? hi : lo, c = p.rowsAlongDim0[o] ? lo : hi;
        const std::int64_t w = so.swizzle / e;
        std::string byte = row + " * " + str(so.swizzle);
        if (so.contig > w)
            byte = "(" + c + " >> " + str(log2i(w)) + ") * " + str(so.panelBytes) + " + " + byte + " + (" + c
                   + " & " + str(w - 1) + ") * " + str(e);
        else
            byte += " + " + c + " * " + str(e);
        p.index[o] = "(tsm::swz<" + str(so.swizzle) + ">(" + byte + ") >> " + str(log2i(e)) + ")";
    }
    return p;
}

void Emitter::stageOperand(const DotStagingPlan &plan, int o, DType in, const std::string &dst,
                           const std::string &src, const Layout &l)
{
    // Element f of the operand goes to index plan.index (f) of its area; a thread's contiguous
    // registers along the staged rows are one vector store of up to 16 bytes (a vector never
    // crosses a 16-byte chunk, which the swizzle permutes whole).
    const int storageContig = l.rank() - (plan.rowsAlongDim0[o] ? 1 : 2);
    int v = l.contiguousDim() == storageContig ? l.contiguousRegs() : 1;
    v = std::min(v, 16 / dtypeBytes(in));
    // fp32 for mma.sync's tf32 is rounded to tf32 as it is staged (the interpreter's rounding);
    // wgmma reads the staged fp32 bits as they are, like the cp.async copies it also takes.
    const bool roundTf32 = in == DType::F32 && plan.path == DotPath::MmaSync;
    unrolledLoop(l.numRegs(),
                 "{ const int f = " + flatIndexExpr(l, "r") + "; tsm::" + (roundTf32 ? "sts_tf32<" : "sts<")
                     + str(v) + ">(&" + dst + "[" + plan.index[o] + "], &" + src + "[r]); }",
                 v);
}

void Emitter::emitHoistedOperand(const ir::Op &dot, int o)
{
    const DotStagingPlan plan = stagingPlan(dot);
    const ir::ValueId v = dot.operands[std::size_t(o)];
    const ir::Type &t = k.type(v);
    const Layout &l = isUniform(v) ? layout(dot.result()) : layout(v);
    const std::string dst = fresh(o == 0 ? "dot_a_once" : "dot_b_once");
    line("// tl.dot's " + std::string(o == 0 ? "a" : "b") + " does not change in the loop: staged once, here");
    line("__syncthreads(); // earlier readers of its area are done");
    line(cType(t.dtype) + " *" + dst + " = reinterpret_cast<" + cType(t.dtype) + " *>(tsm_smem + tsm_dot_rings + "
         + str(dotHomes.at(&dot).region[o]) + ");");
    stageOperand(plan, o, t.dtype, dst, operandIn(v, l), l);
    if (plan.path == DotPath::Wgmma)
        line("tsm::fence_proxy_async(); // what this thread staged becomes visible to wgmma");
}

Emitter::StagedDot Emitter::stageDotOperands(const ir::Op &op, const DotStagingPlan &plan,
                                             bool fenceForAsyncProxy)
{
    const ir::ValueId a = op.operands[0], b = op.operands[1];
    const ir::Type &at = k.type(a), &bt = k.type(b);
    const Layout &lc = layout(op.result());
    const Layout &la = isUniform(a) ? lc : layout(a);
    const Layout &lb = isUniform(b) ? lc : layout(b);
    StagedDot sd;
    // In a loop where nothing else uses shared memory, the staging alternates between two
    // buffers: the buffer written in iteration i was last read in iteration i - 2, and every
    // warp has passed iteration i - 1's barrier since, so one barrier per iteration suffices
    // and a warp's staging overlaps the others' tensor-core work.
    const ir::Op *kLoop = enclosingFor(k.body, op);
    sd.async = asyncDots.count(&op) ? &asyncDots.at(&op) : nullptr;
    const AsyncDot *async = sd.async;
    const bool doubleBuffered = !async && kLoop && sharedMemoryUsers(kLoop->regions[0], storeCandidates) == 1;
    if (!async || async->region < 0) // a ring of its own is counted apart (ringBytes)
        needShared(async ? async->slots * plan.bytes : doubleBuffered ? 2 * plan.bytes : plan.bytes, op.span,
                   dotDescription(at, bt));
    if (async) {
        // ", cp.async into 4 buffers (a, b)", ", TMA into 4 buffers (a, b)", ", TMA (b) and cp.async (a) into 4 buffers"
        auto which = [&](bool tma) {
            const bool a = async->async[0] && async->tma[0] == tma, b = async->async[1] && async->tma[1] == tma;
            return std::string(a ? "a" : "") + (a && b ? ", " : "") + (b ? "b" : "");
        };
        const std::string viaTma = which(true), viaCp = which(false);
        const std::string into = " into " + str(async->slots) + " buffers";
        if (viaTma.empty() || viaCp.empty())
            sd.buffering = (viaTma.empty() ? ", cp.async" : ", TMA") + into + " (" + viaTma + viaCp + ")";
        else
            sd.buffering = ", TMA (" + viaTma + ") and cp.async (" + viaCp + ")" + into;
    } else if (doubleBuffered)
        sd.buffering = ", double-buffered";
    for (int o = 0; o < 2; ++o)
        if (plan.home[o] != OperandHome::Buffer)
            sd.buffering += std::string(o == 0 ? ", a " : ", b ")
                            + (plan.home[o] == OperandHome::Hoisted ? "staged once before the loop" : "from registers");
    const DType in = at.dtype;
    const std::string inT = cType(in);
    std::string buf = "tsm_smem";
    if (async) {
        buf = fresh("dot_buf");
        line("unsigned char *" + buf + " = " + async->base() + " + " + async->slot + " * " + str(plan.bytes) + ";");
    } else if (doubleBuffered) {
        const std::string phase = fresh("dot_phase");
        m_prologue.push_back("int " + phase + " = 0; // which of tl.dot's two staging buffers");
        buf = fresh("dot_buf");
        line(phase + " ^= 1;");
        line("unsigned char *" + buf + " = tsm_smem + " + phase + " * " + str(plan.bytes) + ";");
    }
    const bool swizzled = plan.path == DotPath::Wgmma;
    auto shape = [&](int o) {
        if (plan.home[o] == OperandHome::Registers)
            return std::string("read from the registers it is in");
        const bool kMajor = o == 0 ? plan.aKMajor : plan.bKMajor;
        const std::string along = o == 0 ? (kMajor ? "M" : "K") : (kMajor ? "N" : "K");
        return std::string(plan.home[o] == OperandHome::Hoisted ? "staged once before the loop, " : "")
               + (swizzled ? "swizzled rows along " : "rows along ") + along;
    };
    const DotHomes *homes = dotHomes.count(&op) ? &dotHomes.at(&op) : nullptr;
    auto area = [&](int o) {
        if (plan.home[o] == OperandHome::Hoisted)
            return "tsm_smem + tsm_dot_rings + " + str(homes->region[o]);
        return buf + (plan.offset[o] ? " + " + str(plan.offset[o]) : std::string());
    };
    sd.a = fresh("dot_a");
    sd.b = fresh("dot_b");
    for (int o = 0; o < 2; ++o) {
        const std::string &p = o == 0 ? sd.a : sd.b;
        if (plan.home[o] == OperandHome::Registers)
            line("// " + std::string(o == 0 ? "a" : "b") + ": " + shape(o));
        else
            line(inT + " *" + p + " = reinterpret_cast<" + inT + " *>(" + area(o) + "); // "
                 + (o == 0 ? "a: " : "b: ") + shape(o));
    }

    if (!doubleBuffered && !async)
        line("__syncthreads(); // earlier readers of the buffer are done");
    for (int o = 0; o < 2; ++o) {
        const ir::ValueId v = op.operands[std::size_t(o)];
        if (plan.home[o] == OperandHome::Buffer && (!async || !async->async[o]))
            stageOperand(plan, o, in, o == 0 ? sd.a : sd.b, operandIn(v, o == 0 ? la : lb), o == 0 ? la : lb);
    }
    if (async && async->copies())
        line("tsm::cp_async_wait<" + str(async->pendingGroups)
             + ">(); // this iteration's tiles have landed; later ones may still be in flight");
    if (async && (async->tma[0] || async->tma[1]))
        waitTma(*async, "this iteration's TMA tiles have landed");
    // As Triton's fence insertion: only what threads stored (not cp.async copies) needs the
    // proxy fence before wgmma reads it; hoisted operands are fenced where they are staged.
    bool stored = false;
    for (int o = 0; o < 2; ++o)
        stored = stored || (plan.home[o] == OperandHome::Buffer && (!async || !async->async[o]));
    if (fenceForAsyncProxy && stored)
        line("tsm::fence_proxy_async(); // what this thread staged becomes visible to wgmma");
    line("__syncthreads();");
    return sd;
}

void Emitter::emitMmaDot(const ir::Op &op)
{
    const ir::ValueId a = op.operands[0], b = op.operands[1], acc = op.operands[2];
    const ir::ValueId res = op.result();
    const ir::Type &at = k.type(a), &bt = k.type(b), &rt = k.type(res);
    const Layout &lc = layout(res);
    if (!isMmaAccumulatorLayout(lc, k.numWarps))
        return unsupported(op, "tl.dot on mma.sync with its result in " + lc.toString());

    const DotStagingPlan plan = stagingPlan(op);
    const bool aKMajor = plan.aKMajor, bKMajor = plan.bKMajor;
    const MmaStaging st = mmaStaging(at, bt, aKMajor, bKMajor);
    const bool tf32 = at.dtype == DType::F32;
    // Batched: wB warps along the batch (mmaAccumulatorLayout), each batch's [M, N] tiled by the
    // others; rB batches per warp, in registers after the tile's.
    const bool batched = rt.shape.size() == 3;
    const int wB = int(std::min<std::int64_t>(st.B, k.numWarps));
    const int rB = int(st.B / wB);
    const MmaTiling t = mmaTiling({st.M, st.N}, k.numWarps / wB);
    const DType in = at.dtype, out = rt.dtype;
    const std::string accInit = elem(acc, lc);
    declare(res);
    const std::string rn = name(res);
    const bool direct = out == DType::F32;
    const std::string sum = direct ? rn : fresh("dot_acc");
    const int R = lc.numRegs();
    const std::string bx = batched ? str(st.B) + "x" : std::string();

    line("// tl.dot: a [" + bx + str(st.M) + "x" + str(st.K) + "] and b [" + bx + str(st.K) + "x" + str(st.N)
         + "] " + std::string(dtypeShortName(in)) + " on tensor cores (mma.sync "
         + (tf32 ? "m16n8k8 tf32, inputs rounded to tf32 as they are staged" : "m16n8k16")
         + ", fp32 accumulation): "
         + (batched ? str(wB) + (wB == 1 ? " warp" : " warps") + " along the batch, " + str(rB) + (rB == 1 ? " batch" : " batches") + " each, " : "") + "warps " + str(t.warpsM) + "x" + str(t.warpsN) + ", each a " + str(t.warpM)
         + "x" + str(t.warpN) + " tile of " + str(t.repM) + "x" + str(t.repN) + " instructions");
    if (!direct)
        line("float " + sum + "[" + str(R) + "];");
    open("");
    const StagedDot sd = stageDotOperands(op, plan, false);
    const std::string &sa = sd.a, &sb = sd.b;
    const AsyncDot *async = sd.async;
    noteDot(op, dotPathName(DotPath::MmaSync),
            bx + str(st.M) + "x" + str(st.N) + "x" + str(st.K) + " " + std::string(dtypeShortName(in))
                + (tf32 ? ", tf32 m16n8k8, warps " : ", m16n8k16, warps ") + str(t.warpsM) + "x" + str(t.warpsN)
                + sd.buffering);
    unrolledLoop(R, sum + "[r] = " + (direct ? accInit : "__half2float(" + accInit + ")") + ";");

    // The warp's tile origin and each lane's first ldmatrix row address (bytes in shared memory).
    const int warpBits = int(lc.warpBases.size());
    const std::string wf = linearExpr("warp", warpBits, lc.warpBases);
    const std::string warpRow = wf.empty() ? "0"
                                : batched ? "(((" + wf + ") >> " + str(log2i(st.N)) + ") & " + str(st.M - 1) + ")"
                                          : "((" + wf + ") >> " + str(log2i(st.N)) + ")";
    const std::string warpCol = wf.empty() ? "0" : "((" + wf + ") & " + str(st.N - 1) + ")";
    const std::string aAddr = fresh("dot_a_addr"), bAddr = fresh("dot_b_addr");
    const std::string eb = str(dtypeBytes(in));
    // One 16-byte ldmatrix row: 8 fp16 / bf16 or 4 fp32; one instruction step along K: 32 bytes
    // (k16 for 16-bit inputs, k8 for tf32).
    const std::string chunk = str(16 / dtypeBytes(in));
    const std::int64_t kStep = 32 / dtypeBytes(in);
    // a: ldmatrix.x4 per 16x16 tile (matrix q = lane / 8: rows + 8 * (q & 1), k + 8 * (q >> 1)).
    const std::string aLane = aKMajor
        ? "(" + warpRow + " + (lane & 15)) * " + str(st.strideA) + " + (lane >> 4) * " + chunk
        : "(((lane >> 4) << 3) + (lane & 7)) * " + str(st.strideA) + " + " + warpRow
              + " + ((lane >> 3) & 1) * 8";
    // b: ldmatrix.x4 per 16(k) x 16(n), two instruction tiles (q: k + 8 * (q & 1), n + 8 * (q >> 1)).
    const std::string bLane = bKMajor
        ? "(" + warpCol + " + ((lane >> 4) << 3) + (lane & 7)) * " + str(st.strideB)
              + " + ((lane >> 3) & 1) * " + chunk
        : "(lane & 15) * " + str(st.strideB) + " + " + warpCol + " + (lane >> 4) * 8";
    // Batched: the warp's first batch's tiles.
    const std::string warpBatch
        = batched && !wf.empty() ? "((" + wf + ") >> " + str(log2i(st.M * st.N)) + ")" : std::string();
    line("const unsigned " + aAddr + " = (unsigned)__cvta_generic_to_shared(" + sa + ") + (" + aLane
         + (warpBatch.empty() ? std::string() : " + " + warpBatch + " * " + str(st.batchA)) + ") * " + eb + ";");
    line("const unsigned " + bAddr + " = (unsigned)__cvta_generic_to_shared(" + sb + ") + (" + bLane
         + (warpBatch.empty() ? std::string() : " + " + warpBatch + " * " + str(st.batchB)) + ") * " + eb + ";");
    // Byte steps: one 16-row tile along M / two 8-column tiles along N, one 16-step along K.
    const std::int64_t e = dtypeBytes(in);
    const std::int64_t aStepM = (aKMajor ? 16 * st.strideA : 16) * e;
    const std::int64_t aStepK = (aKMajor ? kStep : 16 * st.strideA) * e;
    const std::int64_t bStepN = (bKMajor ? 16 * st.strideB : 16) * e;
    const std::int64_t bStepK = (bKMajor ? kStep : 16 * st.strideB) * e;
    const std::string aT = aKMajor ? "false" : "true", bT = bKMajor ? "false" : "true";
    const std::string kk = fresh("dot_k"), fa = fresh("dot_fa"), fb = fresh("dot_fb");
    const std::string bf16 = in == DType::BF16 ? "true" : "false";
    line("#pragma unroll");
    open("for (int " + kk + " = 0; " + kk + " < " + str(st.K / kStep) + "; ++" + kk + ")");
    auto loop = [&](const std::string &var, int n) {
        line("#pragma unroll");
        open("for (int " + var + " = 0; " + var + " < " + str(n) + "; ++" + var + ")");
    };
    // Batched with more batches than warps: each of the warp's batches in turn (rB of them,
    // wB batches apart), their accumulators R / rB registers apart.
    std::string aBatch, bBatch, sumBatch;
    if (rB > 1) {
        loop("bi", rB);
        aBatch = " + bi * " + str(wB * st.batchA * e);
        bBatch = " + bi * " + str(wB * st.batchB * e);
        sumBatch = str(R / rB) + " * bi + ";
    }
    line("unsigned " + fa + "[" + str(t.repM) + "][4];");
    loop("i", t.repM);
    line("tsm::ldmatrix_x4<" + aT + ">(" + fa + "[i], " + aAddr + aBatch + " + i * " + str(aStepM) + " + " + kk
         + " * " + str(aStepK) + ");");
    close();
    // b's fragments two instruction columns at a time, each used by every row of a's right
    // away: 4 registers of b live instead of 2 * repN.
    const bool pairs = t.repN >= 2;
    loop("j", pairs ? t.repN / 2 : 1);
    line("unsigned " + fb + "[2][2];");
    if (pairs)
        line("tsm::ldmatrix_x4<" + bT + ">(" + fb + "[0], " + bAddr + bBatch + " + j * " + str(bStepN) + " + " + kk
             + " * " + str(bStepK) + ");");
    else
        line("tsm::ldmatrix_x2<" + bT + ">(" + fb + "[0], " + bAddr + bBatch + " + " + kk + " * " + str(bStepK)
             + ");");
    loop("i", t.repM);
    loop("jj", pairs ? 2 : 1);
    line((tf32 ? std::string("tsm::mma_m16n8k8_tf32(&") : "tsm::mma_m16n8k16<" + bf16 + ">(&") + sum + "["
         + sumBatch + "4 * (" + (pairs ? "2 * j + jj" : "jj") + " + " + str(t.repN) + " * i)], " + fa + "[i], " + fb
         + "[jj]);");
    close();
    close();
    close();
    if (rB > 1)
        close();
    close();
    if (async)
        line(async->slot + " = " + async->next() + ";");
    close();
    if (!direct)
        unrolledLoop(R, rn + "[r] = __float2half_rn(" + sum + "[r]);");
}

} // namespace tsm::codegen
