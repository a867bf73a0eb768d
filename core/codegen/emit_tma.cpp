// TMA: the bulk tensor copy engine (sm_90) feeding a wgmma dot's staging ring from a tensor
// descriptor the host can describe (docs/tensor-descriptors.md, "TMA"): a host TensorDescriptor,
// or one made in the kernel from a pointer parameter with shape and strides from the launch's
// arguments (tutorial 09's tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], ...)). A descriptor's block in a pipelined
// K loop (tutorial 09's a and b tiles) would otherwise be copied by every thread with cp.async,
// 16 bytes and one bounds mask at a time; here one thread asks the copy engine for the whole
// block, one box per swizzle panel, and the hardware writes it in the 128-, 64- or 32-byte
// swizzle the wgmma descriptors read (tsm::swz is that swizzle), filling what lies outside the
// tensor with zeros (NaN for padding_option="nan"). Each ring buffer has an mbarrier the copies
// complete on; the dot waits on its parity instead of cp.async.wait_group.
//
// The tensor map (CUtensorMap) is encoded on the host at each launch from those arguments
// (core/cuda/cuda_backend.cpp) and passed as a `const __grid_constant__` parameter.

#include "core/codegen/emit_context.h"

#include <cmath>

namespace tsm::codegen {

namespace {

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

/// Whether `v` is a NaN constant or a splat of one (a descriptor load's padding_option="nan").
bool isNanPadding(const std::map<ir::ValueId, const ir::Op *> &def, ir::ValueId v)
{
    for (int hops = 0; hops < 4; ++hops) {
        auto it = def.find(v);
        if (it == def.end())
            return false;
        const ir::Op &d = *it->second;
        if (d.code == ir::OpCode::Constant)
            return std::isnan(d.f);
        if (d.code != ir::OpCode::Splat || d.operands.empty())
            return false;
        v = d.operands[0];
    }
    return false;
}

/// The box for a wgmma dot's operand staged as `so`, or nullopt when the staged bytes are not
/// what a TMA copy of the descriptor's block writes.
std::optional<Emitter::TmaBox> tmaBox(const ir::Kernel &k, const ir::Op &load, bool rowsAlongDim0,
                                      const SwizzledOperand &so)
{
    const ir::Type &t = k.type(load.result());
    if (load.ints.size() < 2 || t.shape.size() != 2 || load.operands.size() != 5)
        return std::nullopt;
    // The staged rows run along the descriptor's last dimension (the tensor's contiguous one):
    // the load's dimension 1, or dimension 0 when the load is the block transposed.
    const bool transposed = load.ints[1] != 0;
    if (rowsAlongDim0 == transposed)
        return std::nullopt;
    const int e = dtypeBytes(t.dtype);
    Emitter::TmaBox b;
    b.rows = so.rows;
    b.contig = so.contig;
    b.swizzle = so.swizzle;
    b.width = so.swizzle / e;
    b.panelBytes = so.panelBytes;
    const std::int64_t descRows = t.shape[transposed ? 1 : 0], descContig = t.shape[transposed ? 0 : 1];
    // A box has at most 256 elements per dimension; panels start on the swizzle's period.
    if (b.rows != descRows || b.contig != descContig || b.contig % b.width != 0 || b.rows > 256
        || so.panelBytes % 1024 != 0)
        return std::nullopt;
    return b;
}

} // namespace

bool Emitter::claimTma(const ir::Op &dot, int o, const DotStagingPlan &plan, const ir::Op &first,
                       const ir::Op &ahead, const std::map<ir::ValueId, const ir::Op *> &def, TmaBox &box)
{
    // A host TensorDescriptor ({param, transposed}) or a descriptor made in the kernel whose
    // shape and strides the host can compute (two shapes and one stride follow).
    if (!options.tma || plan.path != DotPath::Wgmma || plan.offset[o] % 1024 != 0 || first.ints != ahead.ints
        || (first.ints.size() != 2 && first.ints.size() != 5) || plan.bytes % 1024 != 0)
        return false;
    const std::size_t param = std::size_t(first.ints[0]);
    const bool host = first.ints.size() == 2;
    if (param >= k.params.size() || (host && k.params[param].tensorDescRank != 2))
        return false;
    const std::optional<TmaBox> b1 = tmaBox(k, first, plan.rowsAlongDim0[o], plan.swizzled[o]);
    const std::optional<TmaBox> b2 = tmaBox(k, ahead, plan.rowsAlongDim0[o], plan.swizzled[o]);
    if (!b1 || !b2)
        return false;
    // A second block of the descriptor must be copied with the same box.
    if (!useTmaMap(first, k.type(first.result()).dtype, *b1, isNanPadding(def, first.operands[2])))
        return false;
    box = *b1;
    return true;
}

bool Emitter::useTmaMap(const ir::Op &access, DType dtype, const TmaBox &box, bool nanFill)
{
    TensorMapSpec spec;
    spec.rank = 2;
    spec.dtype = dtype;
    spec.box = {std::uint32_t(box.width), std::uint32_t(box.rows)};
    spec.swizzle = box.swizzle;
    spec.nanFill = nanFill;
    if (access.ints.size() == 5) { // a descriptor made in the kernel
        spec.shapeFrom = {access.ints[2], access.ints[3]};
        spec.strideFrom = {access.ints[4]};
    }
    // One map per descriptor.
    const std::vector<std::int64_t> key = tmaKey(access);
    if (auto it = tmaMaps.find(key); it != tmaMaps.end())
        return it->second.spec == spec;
    tmaMaps[key] = TmaMapParam{fresh(k.params[std::size_t(access.ints[0])].name + "_tma"), spec};
    return true;
}

void Emitter::emitTmaLoad(const ir::Op &op)
{
    const AsyncLoad &al = asyncLoads.at(&op);
    const ir::Op &dot = *al.dot;
    const AsyncDot &ad = asyncDots.at(&dot);
    const DotStagingPlan plan = stagingPlan(dot);
    const DType dt = k.type(op.result()).dtype;
    const TmaMapParam &map = tmaMaps.at(tmaKey(op));
    const TmaBox &box = al.box;
    const bool transposed = op.ints[1] != 0;
    const std::string row = name(op.operands[3]), col = name(op.operands[4]);
    // Before the loop, the threads' earlier shared-memory writes are also ordered before the
    // copy engine's (fence_proxy_async).
    const std::string slot = startRingCopy(
        op, al, ad,
        "// TMA: the copy engine moves " + k.params[std::size_t(op.ints[0])].name + "'s [" + str(box.rows) + ", "
            + str(box.contig) + "] block" + (transposed ? " (the dot reads it transposed)" : "")
            + " straight into tl.dot's staging buffer "
            + (al.ahead ? "for the next iteration" : "for the first iteration") + ", " + str(box.contig / box.width)
            + " box(es) of " + str(box.width) + " x " + str(box.rows) + " in its " + str(box.swizzle)
            + "-byte swizzle",
        true);
    const std::string s = fresh("tma_slot");
    open("if (threadIdx.x == 0)");
    line("const int " + s + " = " + slot + ";");
    const std::int64_t offset = plan.offset[al.operand];
    const std::string dst = fresh(al.operand == 0 ? "dot_a_tma" : "dot_b_tma");
    line("unsigned char *" + dst + " = " + ad.base() + " + " + s + " * " + str(plan.bytes)
         + (offset ? " + " + str(offset) : std::string()) + ";");
    const std::string bar = "&tsm_tma_bar[" + str(ad.barrier) + " + " + s + "]";
    line("tsm::mbar_expect_tx(" + bar + ", " + str(box.rows * box.contig * dtypeBytes(dt)) + ");");
    // Coordinates innermost first: the descriptor's dimension 1, then 0.
    for (std::int64_t p = 0; p < box.contig / box.width; ++p)
        line("tsm::tma_load_2d(" + dst + (p ? " + " + str(p * box.panelBytes) : std::string()) + ", &" + map.name
             + ", " + col + (p ? " + " + str(p * box.width) : std::string()) + ", " + row + ", " + bar + ");");
    close();
}

bool Emitter::claimTmaStore(const ir::Op &store, TmaBox &box)
{
    const std::optional<TmaBox> b = tmaStoreBox(k, store, lk.computeCapability);
    if (!options.tma || !options.tmaStores || !lk.tmaStores || !b)
        return false;
    const std::size_t param = std::size_t(store.ints[0]);
    const bool host = store.ints.size() == 2;
    if (param >= k.params.size() || (host && k.params[param].tensorDescRank != 2) || (!host && store.ints.size() != 5))
        return false;
    // A load of the descriptor the copy engine makes (claimed first) fixes its box.
    if (!useTmaMap(store, k.type(store.operands[1]).dtype, *b, false))
        return false;
    box = *b;
    return true;
}

namespace {

/// Whether memory may be read after `store` in program order: an op after it that loads or
/// does an atomic, or a loop around it (whose next iteration reads). The copy engine's writes
/// must then have landed before the program goes on, not only its reads of shared memory.
bool readsAfter(const ir::Region &r, const ir::Op &store, bool &seen, int loops)
{
    for (const ir::Op &op : r.ops) {
        if (&op == &store) {
            seen = true;
            if (loops > 0)
                return true;
            continue;
        }
        if (seen && (op.code == ir::OpCode::Load || op.code == ir::OpCode::AtomicRMW || op.code == ir::OpCode::AtomicCAS))
            return true;
        const bool loop = op.code == ir::OpCode::For || op.code == ir::OpCode::While;
        for (const ir::Region &inner : op.regions)
            if (readsAfter(inner, store, seen, loops + int(loop)))
                return true;
    }
    return false;
}

} // namespace

void Emitter::emitTmaStore(const ir::Op &op)
{
    const TmaBox &box = tmaStores.at(&op);
    const TmaMapParam &map = tmaMaps.at(tmaKey(op));
    // The copy engine's instructions do not exist before sm_90: the kernel is built for the
    // device's own architecture only (sm_90a on an H100 / H200), never also for sm_80.
    archSpecific = true;
    const ir::ValueId value = op.operands[1];
    const DType dt = k.type(value).dtype;
    const std::int64_t e = dtypeBytes(dt);
    const Layout &l = layout(op.operands[0]);
    const std::string v = operandIn(value, l);
    needShared(box.rows * box.contig * e, op.span,
               "a TMA store of a [" + str(box.rows) + ", " + str(box.contig) + "] " + std::string(dtypeName(dt))
                   + " block");
    // Each thread writes its registers where the box holds them: vectors along dimension 1.
    int vec = l.contiguousDim() == 1 ? l.contiguousRegs() : 1;
    while (vec > 1 && (vec * e > 16 || vec > box.width))
        vec /= 2;
    const std::string panels = str(box.contig / box.width);
    line("// TMA store: the threads put the [" + str(box.rows) + ", " + str(box.contig) + "] block into shared memory in "
         + (box.swizzle ? "the " + str(box.swizzle) + "-byte swizzle" : std::string("rows")) + ", "
         + (panels == "1" ? std::string("one box") : panels + " boxes of " + str(box.width) + " x " + str(box.rows))
         + ", and one thread asks the copy engine to write it to " + k.params[std::size_t(op.ints[0])].name
         + " (it skips what lies outside the tensor)");
    open("");
    line("__syncthreads(); // earlier readers of the buffer are done");
    const std::string owner = ownerPredicate(l);
    const std::string write = "tsm::st_shared<" + str(vec * e) + ">(tsm_smem + tsm::tma_box_offset<" + str(box.contig)
                              + ", " + str(box.width) + ", " + str(e) + ", " + str(box.swizzle) + ", "
                              + str(box.panelBytes) + ">(" + flatIndexExpr(l, "r") + "), &" + v + "[r]);";
    unrolledLoop(l.numRegs(), owner.empty() ? write : "if (" + owner + ") " + write, vec);
    line("tsm::fence_proxy_async(); // the writes are visible to the copy engine");
    line("__syncthreads();");
    open("if (threadIdx.x == 0)");
    const std::string row = name(op.operands[3]), col = name(op.operands[4]);
    for (std::int64_t p = 0; p < box.contig / box.width; ++p)
        line("tsm::tma_store_2d(&" + map.name + ", tsm_smem" + (p ? " + " + str(p * box.panelBytes) : std::string())
             + ", " + col + (p ? " + " + str(p * box.width) : std::string()) + ", " + row + ");");
    line("tsm::bulk_commit();");
    bool seen = false;
    if (readsAfter(k.body, op, seen, 0))
        line("tsm::bulk_wait<false>(); // the block is in global memory before anything reads it");
    else
        line("tsm::bulk_wait<true>(); // the copy engine has read the block: the buffer may be reused");
    close();
    line("__syncthreads();");
    close();
}

void Emitter::waitTma(const AsyncDot &ad, const std::string &why)
{
    line("tsm::mbar_wait(&tsm_tma_bar[" + str(ad.barrier) + " + " + ad.slot + "], (" + ad.phase + " >> " + ad.slot
         + ") & 1u); // " + why);
    line(ad.phase + " ^= 1u << " + ad.slot + ";");
}

void Emitter::finishTma(std::string &signature, std::vector<CudaParam> &params)
{
    for (const auto &[key, map] : tmaMaps) {
        CudaParam cp;
        cp.name = map.name;
        cp.index = std::size_t(key[0]); // the descriptor's base
        cp.dtype = map.spec.dtype;
        cp.tensorMap = map.spec;
        signature += (signature.empty() ? "" : ", ") + std::string("const __grid_constant__ tsm::TmaMap ") + map.name;
        params.push_back(std::move(cp));
    }
    if (tmaBarrierCounts.empty())
        return;
    // The mbarriers live after everything else in the shared buffer, 8-byte aligned.
    const std::int64_t at = (sharedBytes + 7) / 8 * 8;
    sharedBytes = at + 8 * std::int64_t(tmaBarrierCounts.size());
    std::vector<std::string> init{
        "unsigned long long *tsm_tma_bar = reinterpret_cast<unsigned long long *>(tsm_smem + " + str(at)
            + "); // one mbarrier per TMA-fed staging buffer",
        "if (threadIdx.x == 0) {"};
    for (std::size_t i = 0; i < tmaBarrierCounts.size(); ++i)
        init.push_back("    tsm::mbar_init(&tsm_tma_bar[" + str(std::int64_t(i)) + "], "
                       + str(tmaBarrierCounts[i]) + ");");
    init.push_back("    tsm::fence_mbar_init();");
    init.push_back("}");
    init.push_back("__syncthreads(); // the barriers are ready before any copy completes on them");
    m_prologue.insert(m_prologue.end(), init.begin(), init.end());
}

} // namespace tsm::codegen
