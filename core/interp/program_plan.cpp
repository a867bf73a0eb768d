#include "core/interp/program_plan.h"

#include "core/interp/exec.h"
#include "core/interp/poison.h"

#include <cstdio>

namespace tsm::interp {

void internalError(const char *file, int line, const char *what)
{
    std::fprintf(stderr, "tilesmith internal error at %s:%d: %s\n", file, line, what);
    std::abort();
}

int slotElemBytes(DType d, bool pointer)
{
    if (pointer)
        return 8;
    return dispatchDType(d, []<DType D>() { return int(sizeof(RepT<D>)); });
}

bool BindContext::unsupported(const ir::Op &op, std::string what)
{
    diags.report(DiagKind::UnsupportedKernelFeature, op.span, {std::move(what)});
    return false;
}

namespace {

constexpr int kNoPointer = -2;

int mergeProvenance(int a, int b)
{
    if (a == kNoPointer)
        return b;
    if (b == kNoPointer || a == b)
        return a;
    return kAnyPointerArg;
}

/// Static provenance: which pointer parameter each pointer value derives from. Loop-carried
/// values are merged until nothing changes.
class ProvenanceAnalysis
{
public:
    explicit ProvenanceAnalysis(const ir::Kernel &k)
        : m_kernel(k)
        , m_prov(k.values.size(), kNoPointer)
    {
        for (std::size_t p = 0; p < k.params.size(); ++p) {
            ir::ValueId v = k.params[p].value;
            if (v != ir::kNoValue && k.type(v).pointer)
                m_prov[v] = int(p);
        }
        for (int round = 0; round < 8; ++round) {
            m_changed = false;
            visit(k.body);
            if (!m_changed)
                break;
        }
    }
    std::vector<int> take() { return std::move(m_prov); }

private:
    void set(ir::ValueId v, int p)
    {
        int merged = mergeProvenance(m_prov[v], p);
        if (merged != m_prov[v]) {
            m_prov[v] = merged;
            m_changed = true;
        }
    }
    int of(ir::ValueId v) const { return m_prov[v]; }
    static const ir::Op *terminator(const ir::Region &r)
    {
        if (r.ops.empty())
            return nullptr;
        const ir::Op &last = r.ops.back();
        return last.code == ir::OpCode::Yield || last.code == ir::OpCode::Condition ? &last
                                                                                    : nullptr;
    }
    void visit(const ir::Region &r)
    {
        for (const ir::Op &op : r.ops)
            visitOp(op);
    }
    void visitOp(const ir::Op &op)
    {
        using ir::OpCode;
        for (const ir::Region &r : op.regions)
            visit(r);
        switch (op.code) {
        case OpCode::AddPtr:
        case OpCode::Splat:
        case OpCode::Broadcast:
        case OpCode::ExpandDims:
        case OpCode::Reshape:
        case OpCode::Permute:
        case OpCode::Hint:
        case OpCode::ConvertLayout:
            set(op.result(), of(op.operands[0]));
            break;
        case OpCode::Select:
            set(op.result(), mergeProvenance(of(op.operands[1]), of(op.operands[2])));
            break;
        case OpCode::Join:
            set(op.result(), mergeProvenance(of(op.operands[0]), of(op.operands[1])));
            break;
        case OpCode::Split:
            set(op.results[0], of(op.operands[0]));
            set(op.results[1], of(op.operands[0]));
            break;
        case OpCode::IntToPtr:
        case OpCode::Load:
        case OpCode::Bitcast:
            if (m_kernel.type(op.result()).pointer)
                set(op.result(), kAnyPointerArg);
            break;
        case OpCode::If:
            for (const ir::Region &r : op.regions)
                if (const ir::Op *t = terminator(r))
                    for (std::size_t k = 0; k < op.results.size() && k < t->operands.size(); ++k)
                        set(op.results[k], of(t->operands[k]));
            break;
        case OpCode::For: {
            const ir::Region &body = op.regions[0];
            const ir::Op *t = terminator(body);
            for (std::size_t k = 0; k + 3 < op.operands.size(); ++k) {
                int p = of(op.operands[k + 3]);
                if (t && k < t->operands.size())
                    p = mergeProvenance(p, of(t->operands[k]));
                if (k + 1 < body.args.size())
                    set(body.args[k + 1], p);
                if (k < op.results.size())
                    set(op.results[k], p);
            }
            break;
        }
        case OpCode::While: {
            const ir::Op *cond = terminator(op.regions[0]);
            const ir::Op *yield = terminator(op.regions[1]);
            for (std::size_t k = 0; k < op.operands.size(); ++k) {
                int p = of(op.operands[k]);
                if (yield && k < yield->operands.size())
                    p = mergeProvenance(p, of(yield->operands[k]));
                if (k < op.regions[0].args.size())
                    set(op.regions[0].args[k], p);
            }
            for (std::size_t k = 0; cond && k + 1 < cond->operands.size(); ++k) {
                int p = of(cond->operands[k + 1]);
                if (k < op.regions[1].args.size())
                    set(op.regions[1].args[k], p);
                if (k < op.results.size())
                    set(op.results[k], p);
            }
            break;
        }
        default:
            for (ir::ValueId v : op.results)
                if (m_kernel.type(v).pointer && m_prov[v] == kNoPointer)
                    set(v, kAnyPointerArg);
            break;
        }
    }

    const ir::Kernel &m_kernel;
    std::vector<int> m_prov;
    bool m_changed = false;
};

/// True when every op of a combine region works lane-wise on scalars, so the region can run
/// on many lanes at once.
bool laneWiseRegion(const ir::Region &r)
{
    using ir::OpCode;
    for (const ir::Op &op : r.ops) {
        if (!op.regions.empty())
            return false;
        switch (op.code) {
        case OpCode::Load:
        case OpCode::Store:
        case OpCode::AtomicRMW:
        case OpCode::AtomicCAS:
        case OpCode::Print:
        case OpCode::DeviceAssert:
        case OpCode::Return:
        case OpCode::ProgramId:
        case OpCode::NumPrograms:
        case OpCode::Rand:
        case OpCode::Randn:
        case OpCode::Randint:
        case OpCode::Randint4x:
            return false;
        default:
            break;
        }
    }
    return true;
}

class PlanBuilder
{
public:
    PlanBuilder(ProgramPlan &plan, const ir::Kernel &k, DiagnosticSink &diags)
        : m_plan(plan)
        , m_kernel(k)
        , m_prov(ProvenanceAnalysis(k).take())
        , m_ctx{k, plan, m_prov, diags}
    {
        plan.slots.resize(k.values.size());
        for (std::size_t v = 0; v < k.values.size(); ++v) {
            const ir::Type &t = k.values[v].type;
            plan.slots[v].elements = std::max<std::int64_t>(1, t.numElements());
            plan.slots[v].elemBytes = slotElemBytes(t.dtype, t.pointer);
        }
        plan.paramSlots.assign(k.params.size(), kNoSlot);
        for (std::size_t p = 0; p < k.params.size(); ++p)
            plan.paramSlots[p] = k.params[p].value == ir::kNoValue ? kNoSlot : k.params[p].value;
    }

    bool buildBlock(const ir::Region &r, Block &out, std::int64_t lanes)
    {
        out.args.assign(r.args.begin(), r.args.end());
        if (lanes > 1)
            for (ir::ValueId a : r.args)
                m_plan.slots[a].elements = lanes;
        for (const ir::Op &op : r.ops) {
            if (op.code == ir::OpCode::Yield || op.code == ir::OpCode::Condition) {
                out.terminator.assign(op.operands.begin(), op.operands.end());
                continue;
            }
            if (lanes > 1)
                for (ir::ValueId v : op.results)
                    m_plan.slots[v].elements = lanes;
            Instr ins;
            if (!buildInstr(op, ins))
                return false;
            if (op.code == ir::OpCode::Constant) {
                m_plan.slots[op.result()].constant = true;
                m_plan.constants.push_back(std::move(ins));
            } else {
                out.instrs.push_back(std::move(ins));
            }
        }
        return true;
    }

private:
    bool buildInstr(const ir::Op &op, Instr &ins)
    {
        using ir::OpCode;
        ins.op = &op;
        // A descriptor load's or store's offsets (after ptr, mask, other / ptr, value, mask)
        // are for the CUDA backend's TMA copies; the interpreter reads the pointers.
        const bool descriptor = (op.code == OpCode::Load || op.code == OpCode::Store) && !op.ints.empty();
        const std::size_t inputs = descriptor ? 3 : op.operands.size();
        ins.in.assign(op.operands.begin(), op.operands.begin() + std::ptrdiff_t(inputs));
        ins.out.assign(op.results.begin(), op.results.end());
        SlotId sized = !op.results.empty()    ? op.results[0]
                       : !op.operands.empty() ? op.operands[0]
                                              : kNoSlot;
        ins.n = sized == kNoSlot ? 1 : m_plan.slots[sized].elements;
        // Regions first: Reduce / Scan combine regions run on many lanes when they can.
        ins.blocks.resize(op.regions.size());
        for (std::size_t k = 0; k < op.regions.size(); ++k) {
            std::int64_t lanes = 1;
            if ((op.code == OpCode::Reduce || op.code == OpCode::Scan)
                && laneWiseRegion(op.regions[k])) {
                const ir::Type &t = m_kernel.type(op.operands[0]);
                lanes = t.numElements() / t.shape[std::size_t(op.i)];
            }
            if (!buildBlock(op.regions[k], ins.blocks[k], lanes))
                return false;
        }
        switch (op.code) {
        case OpCode::Constant:
        case OpCode::ProgramId:
        case OpCode::NumPrograms:
        case OpCode::MakeRange:
        case OpCode::Splat:
        case OpCode::Broadcast:
        case OpCode::ExpandDims:
        case OpCode::Reshape:
        case OpCode::Permute:
        case OpCode::Join:
        case OpCode::Split:
        case OpCode::Hint:
        case OpCode::ConvertLayout:
        case OpCode::PtrToInt:
        case OpCode::IntToPtr:
        case OpCode::Bitcast:
            return bindShapeOp(ins, op, m_ctx);
        case OpCode::Cast:
        case OpCode::Math:
            return bindMathOp(ins, op, m_ctx);
        case OpCode::Load:
        case OpCode::Store:
        case OpCode::AtomicRMW:
        case OpCode::AtomicCAS:
            m_plan.usesAtomics |= op.code == OpCode::AtomicRMW || op.code == OpCode::AtomicCAS;
            return bindMemoryOp(ins, op, m_ctx);
        case OpCode::Reduce:
        case OpCode::Scan:
        case OpCode::Dot:
            return bindReduceOp(ins, op, m_ctx);
        case OpCode::If:
        case OpCode::For:
        case OpCode::While:
        case OpCode::Return:
        case OpCode::Print:
        case OpCode::DeviceAssert:
        case OpCode::Assume:
        case OpCode::DebugBarrier:
        case OpCode::Rand:
        case OpCode::Randn:
        case OpCode::Randint:
        case OpCode::Randint4x:
            m_plan.usesPrint |= op.code == OpCode::Print;
            return bindControlOp(ins, op, m_ctx);
        case OpCode::Condition:
        case OpCode::Yield:
            TSM_INTERP_ASSERT(!"terminator outside the end of a region");
        default:
            return bindArithOp(ins, op, m_ctx);
        }
    }

    ProgramPlan &m_plan;
    const ir::Kernel &m_kernel;
    std::vector<int> m_prov;
    BindContext m_ctx;
};

} // namespace

std::unique_ptr<ProgramPlan> buildProgramPlan(std::shared_ptr<const ir::Kernel> kernel,
                                              DiagnosticSink &diags)
{
    auto plan = std::make_unique<ProgramPlan>();
    plan->kernel = kernel;
    PlanBuilder builder(*plan, *kernel, diags);
    if (!builder.buildBlock(kernel->body, plan->body, 1))
        return nullptr;
    return plan;
}

// ---- Frame ----

Frame::Frame(const ProgramPlan &p)
    : plan(p)
{
    constexpr std::int64_t kAlign = 64;
    std::int64_t total = 0;
    std::vector<std::int64_t> offsets(p.slots.size());
    for (std::size_t s = 0; s < p.slots.size(); ++s) {
        offsets[s] = total;
        total += (p.slots[s].elements * p.slots[s].elemBytes + kAlign - 1) / kAlign * kAlign;
    }
    m_arena.assign(std::size_t(total + kAlign), std::byte{0});
    std::byte *base = m_arena.data();
    base += (kAlign - reinterpret_cast<std::uintptr_t>(base) % kAlign) % kAlign;
    slot.resize(p.slots.size());
    for (std::size_t s = 0; s < p.slots.size(); ++s)
        slot[s] = base + offsets[s];
    for (const Instr &c : p.constants)
        c.fn(c, *this);
}

void Frame::fail(DiagKind kind, SourceSpan span, std::vector<std::string> args)
{
    if (!error) {
        Diagnostic d;
        d.kind = kind;
        d.severity = diagKindSeverity(kind);
        d.origin = DiagOrigin::Interp;
        d.span = span;
        d.message = formatDiagMessage(diagKindFormat(kind), args);
        error = std::move(d);
    }
    stop = Stop::Error;
}

std::string Frame::programString() const
{
    return "(" + std::to_string(pid[0]) + ", " + std::to_string(pid[1]) + ", "
           + std::to_string(pid[2]) + ")";
}

std::string elementString(const std::vector<std::int64_t> &shape, std::int64_t flat)
{
    if (shape.empty())
        return "[]";
    std::vector<std::int64_t> idx(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        idx[d] = flat % shape[d];
        flat /= shape[d];
    }
    std::string s = "[";
    for (std::size_t d = 0; d < idx.size(); ++d)
        s += (d ? ", " : "") + std::to_string(idx[d]);
    return s + "]";
}

std::int64_t readInt(const Frame &f, SlotId s, DType d, std::int64_t k)
{
    return dispatchDType(d, [&]<DType D>() -> std::int64_t {
        return static_cast<std::int64_t>(f.ptr<RepT<D>>(s)[k]);
    });
}

double readFloat(const Frame &f, SlotId s, DType d, std::int64_t k)
{
    return dispatchDType(
        d, [&]<DType D>() -> double { return static_cast<double>(f.ptr<RepT<D>>(s)[k]); });
}

void passValues(Frame &f, std::span<const SlotId> from, std::span<const SlotId> targets)
{
    TSM_INTERP_ASSERT(from.size() >= targets.size());
    if (f.stop == Stop::Poisoned)
        passPoison(f, from, targets);
    bool overlap = false;
    for (std::size_t a = 0; a < targets.size() && !overlap; ++a)
        for (std::size_t b = 0; b < targets.size(); ++b)
            if (a != b && from[b] == targets[a]) {
                overlap = true;
                break;
            }
    if (!overlap) {
        for (std::size_t k = 0; k < targets.size(); ++k)
            if (from[k] != targets[k])
                f.copySlot(targets[k], from[k]);
        return;
    }
    std::vector<std::vector<std::byte>> tmp(targets.size());
    for (std::size_t k = 0; k < targets.size(); ++k)
        tmp[k].assign(f.slot[from[k]], f.slot[from[k]] + f.bytes(from[k]));
    for (std::size_t k = 0; k < targets.size(); ++k)
        std::memcpy(f.slot[targets[k]], tmp[k].data(), tmp[k].size());
}

} // namespace tsm::interp
