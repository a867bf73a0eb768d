// Structured control flow (if / for / while / return), debugging ops (device_print,
// device_assert, assume, debug_barrier) and Philox random numbers.

#include "core/interp/element_ops.h"
#include "core/interp/exec.h"
#include "core/interp/philox.h"
#include "core/interp/poison.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace tsm::interp {
namespace {

/// Loops check for cancellation every this many iterations.
constexpr std::int64_t kCancelCheckInterval = 1024;

void stopCancelled(const Instr &ins, Frame &f)
{
    f.fail(DiagKind::ExecutionStopped, ins.op->span, {"the run was cancelled"});
}

void execIf(const Instr &ins, Frame &f)
{
    const Block &b = *f.ptr<std::uint8_t>(ins.in[0]) ? ins.blocks[0] : ins.blocks[1];
    if (!runBlock(b, f))
        return;
    passValues(f, b.terminator, ins.out);
}

template <DType D> void writeIndex(Frame &f, SlotId s, std::int64_t v)
{
    *f.ptr<RepT<D>>(s) = RepT<D>(v);
}

/// in = (lb, ub, step, init...); block args = (iv, carried...).
void execFor(const Instr &ins, Frame &f)
{
    const ir::Kernel &k = *f.plan.kernel;
    const std::int64_t lb = readInt(f, ins.in[0], k.type(ins.in[0]).dtype);
    const std::int64_t ub = readInt(f, ins.in[1], k.type(ins.in[1]).dtype);
    const std::int64_t step = readInt(f, ins.in[2], k.type(ins.in[2]).dtype);
    const Block &body = ins.blocks[0];
    const std::span<const SlotId> carried = std::span<const SlotId>(body.args).subspan(1);
    passValues(f, std::span<const SlotId>(ins.in).subspan(3), carried);
    if (step == 0 && lb < ub) {
        f.fail(DiagKind::ExecutionStopped,
               ins.op->span,
               {"range() with step 0 in program " + f.programString() + " never ends"});
        return;
    }
    const DType ivType = k.type(body.args[0]).dtype;
    std::int64_t count = 0;
    for (std::int64_t iv = lb; step > 0 ? iv < ub : iv > ub; iv += step) {
        dispatchDType(ivType, [&]<DType D>() { writeIndex<D>(f, body.args[0], iv); });
        if (!runBlock(body, f))
            return;
        passValues(f, body.terminator, carried);
        if (++count % kCancelCheckInterval == 0 && f.cancelled())
            return stopCancelled(ins, f);
    }
    passValues(f, carried, ins.out);
}

/// blocks[0] (before) ends in Condition(cond, values...); blocks[1] (after) ends in Yield.
void execWhile(const Instr &ins, Frame &f)
{
    const Block &before = ins.blocks[0];
    const Block &after = ins.blocks[1];
    passValues(f, ins.in, before.args);
    const std::span<const SlotId> values = std::span<const SlotId>(before.terminator).subspan(1);
    for (std::int64_t count = 1;; ++count) {
        if (!runBlock(before, f))
            return;
        if (f.stop == Stop::Poisoned && reportIfPoisoned(ins, f, before.terminator[0]))
            return;
        if (!*f.ptr<std::uint8_t>(before.terminator[0])) {
            passValues(f, values, ins.out);
            return;
        }
        passValues(f, values, after.args);
        if (!runBlock(after, f))
            return;
        passValues(f, after.terminator, before.args);
        if (count % kCancelCheckInterval == 0 && f.cancelled())
            return stopCancelled(ins, f);
    }
}

void execReturn(const Instr &, Frame &f)
{
    f.stop = Stop::Return;
}
void execNothing(const Instr &, Frame &) {}

void execDeviceAssert(const Instr &ins, Frame &f)
{
    const std::uint8_t *c = f.ptr<std::uint8_t>(ins.in[0]);
    for (std::int64_t k = 0; k < ins.n; ++k)
        if (!c[k]) {
            f.fail(DiagKind::DeviceAssertFailed,
                   ins.op->span,
                   {f.programString(),
                    elementString(f.plan.kernel->type(ins.in[0]).shape, k),
                    ins.op->str.empty() ? "assertion failed" : ins.op->str});
            return;
        }
}

// ---- device_print ----

/// semantic.py's device_print prefix rules: ends in ": " when there are values, starts with a
/// space when longer than two characters.
std::string printPrefix(std::string prefix, bool hasValues)
{
    if (hasValues && (prefix.empty() || prefix.back() != ' '))
        prefix += ' ';
    if (hasValues && (prefix.size() < 2 || prefix.compare(prefix.size() - 2, 2, ": ") != 0))
        prefix = prefix.substr(0, prefix.size() - 1) + ": ";
    if (prefix.size() > 2 && prefix[0] != ' ')
        prefix = " " + prefix;
    return prefix;
}

template <DType D> std::string formatElement(const Frame &f, SlotId s, std::int64_t k, bool hex)
{
    const RepT<D> v = f.ptr<RepT<D>>(s)[k];
    char buf[64];
    if (hex) {
        const std::uint64_t bits = std::uint64_t(toMemory<D>(v));
        std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, std::clamp(dtypeBits(D) / 4, 1, 16), bits);
    } else if constexpr (kFloat<D>) {
        std::snprintf(buf, sizeof buf, "%f", double(v));
    } else if constexpr (std::is_signed_v<RepT<D>> || D == DType::I1) {
        std::snprintf(buf, sizeof buf, "%" PRId64, std::int64_t(v));
    } else {
        std::snprintf(buf, sizeof buf, "%" PRIu64, std::uint64_t(v));
    }
    return buf;
}

/// Triton's GPU format: "pid (0, 0, 0) idx (  3) x: 1.500000", one line per element, index
/// fields padded to ceil(log10(dim)) digits, "(operand k) " when several values are printed.
void execPrint(const Instr &ins, Frame &f)
{
    const ir::Kernel &kernel = *f.plan.kernel;
    const std::string prefix = printPrefix(ins.op->str, !ins.in.empty());
    const std::string pid = "pid " + f.programString();
    const bool hex = ins.op->flags != 0;
    if (ins.in.empty()) {
        f.printed += pid + prefix + "\n";
        return;
    }
    for (std::size_t op = 0; op < ins.in.size(); ++op) {
        const ir::Type &t = kernel.type(ins.in[op]);
        std::vector<int> widths;
        for (std::int64_t d : t.shape)
            widths.push_back(d > 0 ? int(std::ceil(std::log10(double(d)))) : 0);
        const std::int64_t n = std::max<std::int64_t>(1, t.numElements());
        for (std::int64_t k = 0; k < n; ++k) {
            std::string line = pid + " idx (";
            std::int64_t rest = k;
            std::vector<std::int64_t> idx(t.shape.size());
            for (std::size_t d = t.shape.size(); d-- > 0;) {
                idx[d] = rest % t.shape[d];
                rest /= t.shape[d];
            }
            for (std::size_t d = 0; d < idx.size(); ++d) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "%*" PRId64, widths[d], idx[d]);
                line += (d ? ", " : "") + std::string(buf);
            }
            line += ")" + prefix;
            if (ins.in.size() > 1)
                line += "(operand " + std::to_string(op) + ") ";
            if (t.pointer) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "0x%" PRIx64, f.ptr<std::uint64_t>(ins.in[op])[k]);
                line += buf;
            } else {
                line += dispatchDType(
                    t.dtype, [&]<DType D>() { return formatElement<D>(f, ins.in[op], k, hex); });
            }
            f.printed += line + "\n";
        }
    }
}

// ---- random ----

/// in = (seed, offsets); the seed widens to 64 bits as `seed.to(tl.uint64)` does.
template <DType Off> void execRandom(const Instr &ins, Frame &f)
{
    const ir::Kernel &kernel = *f.plan.kernel;
    const std::uint64_t seed = std::uint64_t(readInt(f, ins.in[0], kernel.type(ins.in[0]).dtype));
    const RepT<Off> *off = f.ptr<RepT<Off>>(ins.in[1]);
    const int rounds = ins.op->i > 0 ? int(ins.op->i) : kPhiloxDefaultRounds;
    constexpr bool wide = sizeof(RepT<Off>) == 8;
    using Word = std::conditional_t<wide, std::uint64_t, std::uint32_t>;
    const ir::OpCode code = ins.op->code;
    for (std::int64_t k = 0; k < ins.n; ++k) {
        std::array<Word, 4> r;
        if constexpr (wide)
            r = randint4x64(seed, std::uint64_t(off[k]), rounds);
        else
            r = randint4x32(seed, std::uint32_t(off[k]), rounds);
        auto uniform = [](Word w) {
            if constexpr (wide)
                return uniformFromBits64(w);
            else
                return uniformFromBits32(w);
        };
        switch (code) {
        case ir::OpCode::Rand:
            f.ptr<float>(ins.out[0])[k] = uniform(r[0]);
            break;
        case ir::OpCode::Randn:
            f.ptr<float>(ins.out[0])[k] = normalFromUniform(uniform(r[0]), uniform(r[1]));
            break;
        default:
            for (std::size_t w = 0; w < ins.out.size(); ++w)
                f.ptr<Word>(ins.out[w])[k] = r[w];
            break;
        }
    }
}

} // namespace

bool bindControlOp(Instr &ins, const ir::Op &op, BindContext &ctx)
{
    using ir::OpCode;
    switch (op.code) {
    case OpCode::If:
        TSM_INTERP_ASSERT(ins.blocks.size() == 2);
        ins.fn = &execIf;
        return true;
    case OpCode::For:
        TSM_INTERP_ASSERT(op.operands.size() >= 3 && ins.blocks.size() == 1);
        ins.fn = &execFor;
        return true;
    case OpCode::While:
        TSM_INTERP_ASSERT(ins.blocks.size() == 2 && !ins.blocks[0].terminator.empty());
        ins.fn = &execWhile;
        return true;
    case OpCode::Return:
        ins.fn = &execReturn;
        return true;
    case OpCode::Assume:
    case OpCode::DebugBarrier:
        ins.fn = &execNothing;
        return true;
    case OpCode::DeviceAssert:
        ins.n = ctx.plan.slots[op.operands[0]].elements;
        ins.fn = &execDeviceAssert;
        return true;
    case OpCode::Print:
        ins.fn = &execPrint;
        return true;
    case OpCode::Rand:
    case OpCode::Randn:
    case OpCode::Randint:
    case OpCode::Randint4x: {
        const ir::Type &ot = ctx.type(op.operands.at(1));
        const int bits = dtypeBits(ot.dtype);
        if (isFloat(ot.dtype) || (bits != 32 && bits != 64))
            return ctx.unsupported(
                op, "random numbers for " + std::string(dtypeShortName(ot.dtype)) + " offsets");
        ins.n = ctx.plan.slots[op.operands[1]].elements;
        ins.fn = dispatchDType(ot.dtype, []<DType D>() -> ExecFn {
            if constexpr (kFloat<D> || D == DType::I1 || sizeof(RepT<D>) < 4)
                return nullptr;
            else
                return &execRandom<D>;
        });
        if (op.code == OpCode::Randint || op.code == OpCode::Randint4x)
            for (ir::ValueId r : op.results)
                TSM_INTERP_ASSERT(dtypeBits(ctx.type(r).dtype) == bits);
        return true;
    }
    default:
        TSM_INTERP_ASSERT(!"not a control op");
    }
}

} // namespace tsm::interp
