// Structured control flow (if / for / while / return) and the debugging ops (device_print with
// Triton's GPU format, device_assert in debug runs, assume, debug_barrier).
//
// Scalars are uniform across a program (Triton's model: they derive from program ids, arguments
// and scalar loads), so every `if`, loop condition and `return` is taken by all threads of the
// block together and a later __syncthreads() (a layout conversion) cannot deadlock.

#include "core/codegen/emit_context.h"

#include <cmath>

namespace tsm::codegen {
namespace {

/// A C string literal body: quotes, backslashes, newlines escaped; `%` doubled for printf.
std::string cString(const std::string &s, bool printfFormat)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '%': out += printfFormat ? "%%" : "%"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\%03o", unsigned(static_cast<unsigned char>(c)));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out;
}

/// Triton's device_print prefix rules (semantic.py), as the interpreter applies them.
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

/// printf conversion and argument for one element (the interpreter's formats).
std::pair<std::string, std::string> printValue(const ir::Type &t, const std::string &v, bool hex)
{
    if (t.pointer)
        return {"0x%llx", "(unsigned long long)" + v};
    const DType d = t.dtype;
    if (hex) {
        const int digits = std::max(dtypeBits(d) / 4, 1);
        std::string bits;
        switch (dtypeBits(d)) {
        case 64: bits = "tsm::bitcast<unsigned long long>(" + v + ")"; break;
        case 32: bits = "tsm::bitcast<unsigned>(" + v + ")"; break;
        case 16: bits = "tsm::bitcast<unsigned short>(" + v + ")"; break;
        case 8: bits = "tsm::bitcast<unsigned char>(" + v + ")"; break;
        default: bits = "(unsigned)" + v; break;
        }
        return {"0x%0" + std::to_string(digits) + "llx", "(unsigned long long)" + bits};
    }
    if (isFloat(d) && d != DType::F32 && d != DType::F64)
        return {"%f", "(double)" + narrowFloatToF32(d, v)};
    if (isFloat(d))
        return {"%f", "(double)" + v};
    if (isUnsigned(d))
        return {"%llu", "(unsigned long long)" + v};
    return {"%lld", "(long long)" + v};
}

} // namespace

void Emitter::emitControl(const ir::Op &op)
{
    using ir::OpCode;
    switch (op.code) {
    case OpCode::Return:
        line("return; // uniform: every thread of the program returns here");
        return;
    case OpCode::If: {
        const ir::Op *yields[2] = {nullptr, nullptr};
        for (int b = 0; b < 2; ++b)
            if (!op.regions[std::size_t(b)].ops.empty()
                && op.regions[std::size_t(b)].ops.back().code == OpCode::Yield)
                yields[b] = &op.regions[std::size_t(b)].ops.back();
        for (ir::ValueId r : op.results) {
            if (isBlock(r))
                declare(r);
            else
                line(cValueType(k.type(r)) + " " + define(r) + ";");
        }
        for (int b = 0; b < 2; ++b) {
            if (b == 0)
                open("if (" + name(op.operands[0]) + ")");
            else
                open("else");
            emitRegion(op.regions[std::size_t(b)]);
            if (yields[b])
                for (std::size_t j = 0; j < op.results.size(); ++j) {
                    const ir::ValueId r = op.results[j];
                    const ir::ValueId y = yields[b]->operands[j];
                    if (isBlock(r)) {
                        const std::string s = elem(y, layout(r));
                        unrolledLoop(layout(r).numRegs(), name(r) + "[r] = " + s + ";");
                    } else {
                        line(name(r) + " = " + name(y) + ";");
                    }
                }
            close();
            restoreSourceLine(op);
        }
        return;
    }
    case OpCode::For:
    case OpCode::While: {
        const bool isFor = op.code == OpCode::For;
        const ir::Region &body = op.regions[0];
        // Carried values: variables declared before the loop, initialized from the operands.
        const std::size_t firstCarried = isFor ? 1 : 0;
        const std::size_t firstInit = isFor ? 3 : 0;
        std::vector<ir::ValueId> carried(body.args.begin() + long(firstCarried), body.args.end());
        for (std::size_t j = 0; j < carried.size(); ++j) {
            const ir::ValueId a = carried[j];
            const ir::ValueId init = op.operands[firstInit + j];
            if (isBlock(a)) {
                const std::string s = elem(init, layout(a));
                declare(a);
                unrolledLoop(layout(a).numRegs(), name(a) + "[r] = " + s + ";");
            } else {
                line(cValueType(k.type(a)) + " " + define(a) + " = " + name(init) + ";");
            }
        }
        // Assigns `values` to `targets` (yield -> carried); through temporaries when a value is
        // another target's variable (a swap must not read an already updated variable).
        auto assign = [&](const std::vector<ir::ValueId> &targets,
                          const std::vector<ir::ValueId> &values) {
            auto self = [&](ir::ValueId t) { return isBlock(t) ? name(t) + "[r]" : name(t); };
            std::vector<std::string> src;
            for (std::size_t j = 0; j < targets.size(); ++j)
                src.push_back(isBlock(targets[j]) ? elem(values[j], layout(targets[j]))
                                                  : name(values[j]));
            bool overlap = false;
            for (std::size_t j = 0; j < targets.size(); ++j)
                for (std::size_t i = 0; i < targets.size(); ++i)
                    if (i != j && src[j].find(name(targets[i])) != std::string::npos
                        && (src[j] == self(targets[i]) || !isBlock(targets[i])))
                        overlap = true;
            for (std::size_t j = 0; j < targets.size() && overlap; ++j) {
                const ir::ValueId t = targets[j];
                if (src[j] == self(t))
                    continue;
                const std::string tmp = fresh(name(t) + "_next");
                if (isBlock(t)) {
                    line(cValueType(k.type(t).scalar()) + " " + tmp + "["
                         + std::to_string(layout(t).numRegs()) + "];");
                    unrolledLoop(layout(t).numRegs(), tmp + "[r] = " + src[j] + ";");
                    src[j] = tmp + "[r]";
                } else {
                    line(cValueType(k.type(t)) + " " + tmp + " = " + src[j] + ";");
                    src[j] = tmp;
                }
            }
            for (std::size_t j = 0; j < targets.size(); ++j) {
                const ir::ValueId t = targets[j];
                if (src[j] == self(t))
                    continue;
                if (isBlock(t))
                    unrolledLoop(layout(t).numRegs(), name(t) + "[r] = " + src[j] + ";");
                else
                    line(name(t) + " = " + src[j] + ";");
            }
        };

        if (isFor) {
            const ir::ValueId lb = op.operands[0], ub = op.operands[1], step = op.operands[2];
            const ir::ValueId iv = body.args[0];
            const auto &stepConst = lk.axis[step].constant;
            std::string cond;
            if (stepConst && *stepConst > 0)
                cond = "<";
            else if (stepConst && *stepConst < 0)
                cond = ">";
            const std::string ivName = define(iv);
            std::string test = ivName + " " + cond + " " + name(ub);
            if (cond.empty()) {
                // The step's sign is known only at run time (range() with a variable step).
                line("if (" + name(step) + " == 0 && " + name(lb) + " < " + name(ub)
                     + ") __trap(); // range() with step 0 never ends");
                test = "(" + name(step) + " > 0 ? " + ivName + " < " + name(ub) + " : " + ivName
                       + " > " + name(ub) + ")";
            }
            if (auto it = hoistedOperands.find(&op); it != hoistedOperands.end())
                for (const auto &[dot, o] : it->second)
                    emitHoistedOperand(*dot, o);
            open("for (" + cValueType(k.type(iv)) + " " + ivName + " = " + name(lb) + "; " + test
                 + "; " + ivName + " += " + name(step) + ")");
            emitRegion(body);
            if (!body.ops.empty() && body.ops.back().code == OpCode::Yield)
                assign(carried, body.ops.back().operands);
            close();
            restoreSourceLine(op);
            if (auto it = asyncLoops.find(&op); it != asyncLoops.end()) {
                line("tsm::cp_async_wait<0>(); // the last prefetch (masked off: zeros) has landed "
                     "before anything else uses shared memory");
                for (const ir::Op *dot : it->second)
                    if (const AsyncDot &ad = asyncDots.at(dot); ad.tma[0] || ad.tma[1])
                        waitTma(ad, "so has the last TMA prefetch");
                bool waited = false;
                for (const ir::Op *dot : it->second) {
                    const AsyncDot &ad = asyncDots.at(dot);
                    if (!ad.overlap)
                        continue;
                    if (!waited)
                        line("tsm::wgmma_wait<0>(); // the last tl.dot's tensor-core work is done");
                    waited = true;
                    const std::string &acc = name(carried[std::size_t(ad.accSlot)]);
                    line("tsm::wgmma_fence_regs<" + std::to_string(ad.accRegs) + ">(" + acc + ");");
                }
            }
            for (std::size_t j = 0; j < op.results.size(); ++j)
                alias(op.results[j], name(carried[j]));
            return;
        }

        // while: results are declared before the loop and set where the condition fails.
        for (ir::ValueId r : op.results) {
            if (isBlock(r))
                declare(r);
            else
                line(cValueType(k.type(r)) + " " + define(r) + ";");
        }
        const ir::Region &after = op.regions[1];
        open("for (;;)");
        emitRegion(body);
        if (body.ops.empty() || body.ops.back().code != OpCode::Condition) {
            unsupported(op, "a while loop without a condition");
            close();
            return;
        }
        const ir::Op &condOp = body.ops.back();
        std::vector<ir::ValueId> values(condOp.operands.begin() + 1, condOp.operands.end());
        open("if (!" + name(condOp.operands[0]) + ")");
        for (std::size_t j = 0; j < op.results.size(); ++j) {
            const ir::ValueId r = op.results[j];
            if (isBlock(r))
                unrolledLoop(layout(r).numRegs(),
                             name(r) + "[r] = " + elem(values[j], layout(r)) + ";");
            else
                line(name(r) + " = " + name(values[j]) + ";");
        }
        line("break;");
        close();
        for (std::size_t j = 0; j < after.args.size(); ++j) {
            const ir::ValueId a = after.args[j];
            if (isBlock(a)) {
                const std::string s = elem(values[j], layout(a));
                declare(a);
                unrolledLoop(layout(a).numRegs(), name(a) + "[r] = " + s + ";");
            } else {
                line(cValueType(k.type(a)) + " " + define(a) + " = " + name(values[j]) + ";");
            }
        }
        emitRegion(after);
        if (!after.ops.empty() && after.ops.back().code == OpCode::Yield)
            assign(carried, after.ops.back().operands);
        close();
        restoreSourceLine(op);
        return;
    }
    default: unsupported(op, std::string(ir::opName(op.code)));
    }
}

void Emitter::emitDebug(const ir::Op &op)
{
    using ir::OpCode;
    switch (op.code) {
    case OpCode::DebugBarrier: line("__syncthreads();"); return;
    case OpCode::Assume: {
        const ir::ValueId c = op.operands[0];
        if (isBlock(c))
            unrolledLoop(layout(c).numRegs(), "__builtin_assume(" + elem(c, layout(c)) + ");");
        else
            line("__builtin_assume(" + name(c) + ");");
        return;
    }
    case OpCode::DeviceAssert: {
        if (!options.deviceAsserts) {
            line("// tl.device_assert: checked only in debug runs (as Triton without TRITON_DEBUG)");
            return;
        }
        const ir::ValueId c = op.operands[0];
        const std::string msg = cString(op.str.empty() ? "assertion failed" : op.str, false);
        const unsigned lineNo = file && op.span.file == file->id() ? file->lineCol(op.span.begin).line : 0;
        const std::string fileName = cString(options.lineFileName.empty() && file ? file->path()
                                                                                 : options.lineFileName,
                                             false);
        const std::string fail = "__assertfail(\"" + msg + "\", \"" + fileName + "\", "
                                 + std::to_string(lineNo) + ", \"" + k.name + "\", 1);";
        if (isBlock(c))
            unrolledLoop(layout(c).numRegs(), "if (!(" + elem(c, layout(c)) + ")) " + fail);
        else
            line("if (!" + name(c) + ") " + fail);
        return;
    }
    case OpCode::Print: {
        usesPrintf = true;
        const std::string prefix = cString(printPrefix(op.str, !op.operands.empty()), true);
        const std::string pid = "pid (%u, %u, %u)";
        const std::string pidArgs = "blockIdx.x, blockIdx.y, blockIdx.z";
        if (op.operands.empty()) {
            line("if (threadIdx.x == 0)");
            line("    printf(\"" + pid + prefix + "\\n\", " + pidArgs + ");");
            return;
        }
        for (std::size_t o = 0; o < op.operands.size(); ++o) {
            const ir::ValueId v = op.operands[o];
            const ir::Type &t = k.type(v);
            const std::string operandTag = op.operands.size() > 1
                                               ? "(operand " + std::to_string(o) + ") "
                                               : "";
            if (!isBlock(v)) {
                auto [fmt, arg] = printValue(t, name(v), op.flags != 0);
                line("if (threadIdx.x == 0)");
                line("    printf(\"" + pid + " idx ()" + prefix + operandTag + fmt + "\\n\", "
                     + pidArgs + ", " + arg + ");");
                continue;
            }
            const Layout &l = layout(v);
            auto [fmt, arg] = printValue(t, elem(v, l), op.flags != 0);
            std::string idxFmt, idxArgs;
            int shift = 0;
            for (int d = l.rank() - 1; d >= 0; --d) {
                const std::int64_t size = l.shape[std::size_t(d)];
                const int width = size > 0 ? int(std::ceil(std::log10(double(size)))) : 0;
                const int bits = size <= 1 ? 0 : int(std::log2(double(size)) + 0.5);
                const std::string f = width > 0 ? "%" + std::to_string(width) + "d" : "%d";
                const std::string a = bits == 0 ? "0"
                                                : "(flat >> " + std::to_string(shift) + ") & "
                                                      + std::to_string(size - 1);
                idxFmt = f + (idxFmt.empty() ? "" : ", " + idxFmt);
                idxArgs = a + (idxArgs.empty() ? "" : ", " + idxArgs);
                shift += bits;
            }
            const std::string owner = ownerPredicate(l);
            line("#pragma unroll");
            open("for (int r = 0; r < " + std::to_string(l.numRegs()) + "; ++r)");
            line("const int flat = " + flatIndexExpr(l, "r") + ";");
            line(std::string(owner.empty() ? "" : "if (" + owner + ") ") + "printf(\"" + pid
                 + " idx (" + idxFmt + ")" + prefix + operandTag + fmt + "\\n\", " + pidArgs + ", "
                 + idxArgs + ", " + arg + ");");
            close();
        }
        return;
    }
    default: unsupported(op, std::string(ir::opName(op.code)));
    }
}

} // namespace tsm::codegen
