#include "core/passes/layout_contract.h"

using tsm::codegen::axisSeparable;
using tsm::codegen::scanFriendly;

#include "core/codegen/mma_layout.h"
#include "core/codegen/shared_memory.h"

#include <algorithm>
#include <bit>

namespace tsm::passes {

using codegen::Layout;
using ir::Op;
using ir::OpCode;
using ir::ValueId;

namespace {

int log2i(std::int64_t v)
{
    return v <= 1 ? 0 : std::bit_width(std::uint64_t(v)) - 1;
}

std::string shapeText(const std::vector<std::int64_t> &shape)
{
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? "x" : "") + std::to_string(shape[i]);
    return s + "]";
}

/// The ops whose block operands all share the result's (or the first operand's) layout.
bool sameLayoutOp(OpCode c)
{
    if (ir::isElementwise(c))
        return true;
    switch (c) {
    case OpCode::Cast:
    case OpCode::Bitcast:
    case OpCode::PtrToInt:
    case OpCode::IntToPtr:
    case OpCode::Hint:
    case OpCode::Load:
    case OpCode::Store:
    case OpCode::Print:
    case OpCode::DeviceAssert:
    case OpCode::Assume:
    case OpCode::Rand: // random numbers are per element of their offsets
    case OpCode::Randn:
    case OpCode::Randint:
    case OpCode::Randint4x:
    case OpCode::AtomicRMW: // atomics: pointer, values, mask and result in one layout
    case OpCode::AtomicCAS:
        return true;
    default:
        return false;
    }
}

/// The span of a layout's bases covers every flat index of its shape.
bool coversShape(const Layout &l)
{
    std::vector<std::int64_t> echelon;
    auto add = [&](std::int64_t v) {
        for (std::int64_t e : echelon)
            v = std::min(v, v ^ e);
        if (v)
            echelon.push_back(v);
    };
    for (const auto *bases : {&l.regBases, &l.laneBases, &l.warpBases})
        for (std::int64_t b : *bases)
            add(b);
    return std::int64_t(echelon.size()) == log2i(l.numElements());
}

class Checker
{
public:
    explicit Checker(const codegen::LoweredKernel &lk)
        : m_lk(lk)
        , m_k(lk.kernel)
    {
    }

    std::string run()
    {
        if (m_lk.layouts.size() != m_k.values.size())
            return "the layout table has " + std::to_string(m_lk.layouts.size()) + " entries for "
                   + std::to_string(m_k.values.size()) + " values";
        if (m_lk.axis.size() != m_k.values.size())
            return "the axis table has " + std::to_string(m_lk.axis.size()) + " entries for "
                   + std::to_string(m_k.values.size()) + " values";
        for (const ir::Param &p : m_k.params)
            if (p.value != ir::kNoValue)
                valueOk(p.value, "parameter " + p.name);
        region(m_k.body);
        return m_problem;
    }

private:
    std::string where(const Op &op) const
    {
        return std::string(ir::opName(op.code)) + " (value "
               + (op.results.empty() ? std::string("-") : std::to_string(op.results[0])) + ")";
    }

    void fail(const std::string &what)
    {
        if (m_problem.empty())
            m_problem = what;
    }

    void valueOk(ValueId v, const std::string &what)
    {
        const ir::Type &t = m_k.type(v);
        const auto &l = m_lk.layouts[v];
        if (t.isScalar()) {
            if (l)
                fail(what + ": scalar value " + std::to_string(v) + " has a layout");
            return;
        }
        if (!l)
            return fail(what + ": block value " + std::to_string(v) + " has no layout");
        if (l->shape != t.shape)
            return fail(what + ": value " + std::to_string(v) + " of shape " + shapeText(t.shape)
                        + " has a layout of shape " + shapeText(l->shape));
        if (l->laneBases.size() != 5 || l->numWarps() != m_k.numWarps)
            return fail(what + ": value " + std::to_string(v)
                        + " has a layout for another thread count");
        if (!coversShape(*l))
            return fail(what + ": the layout of value " + std::to_string(v)
                        + " does not hold every element: " + l->toString());
    }

    const Layout *layoutOf(ValueId v) const
    {
        const auto &l = m_lk.layouts[v];
        return l ? &*l : nullptr;
    }

    void slot(const Op &op, ValueId a, ValueId b, const char *what)
    {
        const Layout *la = layoutOf(a), *lb = layoutOf(b);
        if (la && lb && !la->sameAs(*lb))
            fail(where(op) + ": " + what + " disagree on the layout of a carried value");
    }

    void region(const ir::Region &r)
    {
        for (ValueId a : r.args)
            valueOk(a, "region argument");
        for (const Op &op : r.ops)
            visit(op);
    }

    void visit(const Op &op)
    {
        for (ValueId res : op.results)
            valueOk(res, where(op));
        for (const ir::Region &r : op.regions)
            region(r);
        switch (op.code) {
        case OpCode::For: {
            const ir::Region &body = op.regions[0];
            const Op *yield = body.ops.empty() ? nullptr : &body.ops.back();
            for (std::size_t k = 0; k < op.results.size(); ++k) {
                slot(op, op.operands[3 + k], body.args[k + 1], "init and region argument");
                slot(op, body.args[k + 1], op.results[k], "region argument and result");
                if (yield && k < yield->operands.size())
                    slot(op, yield->operands[k], op.results[k], "yield and result");
            }
            return;
        }
        case OpCode::While: {
            const ir::Region &before = op.regions[0], &after = op.regions[1];
            const Op *cond = before.ops.empty() ? nullptr : &before.ops.back();
            const Op *yield = after.ops.empty() ? nullptr : &after.ops.back();
            for (std::size_t k = 0; k < op.results.size(); ++k) {
                slot(op, op.operands[k], before.args[k], "init and region argument");
                if (yield && k < yield->operands.size())
                    slot(op, yield->operands[k], before.args[k], "yield and region argument");
                if (cond && k + 1 < cond->operands.size()) {
                    slot(op, cond->operands[k + 1], after.args[k], "condition and region argument");
                    slot(op, cond->operands[k + 1], op.results[k], "condition and result");
                }
            }
            return;
        }
        case OpCode::If:
            for (const ir::Region &r : op.regions) {
                if (r.ops.empty())
                    continue;
                const Op &yield = r.ops.back();
                for (std::size_t k = 0; k < op.results.size() && k < yield.operands.size(); ++k)
                    slot(op, yield.operands[k], op.results[k], "yield and result");
            }
            return;
        case OpCode::Reduce:
        case OpCode::Scan:
            return reduceOrScan(op);
        default:
            break;
        }
        if (op.code == OpCode::Dot && layoutOf(op.result())) {
            const codegen::Layout &l = *layoutOf(op.result());
            if (const codegen::DotPath path = codegen::dotPath(m_k, op, m_lk.computeCapability);
                path != codegen::DotPath::Fma) {
                if (!codegen::dotAccumulatorLayout(path, l.shape, m_k.numWarps).sameAs(l))
                    fail(where(op) + ": tl.dot on " + codegen::dotPathName(path)
                         + " needs its result in the MMA accumulator layout, not " + l.toString());
            } else if (!codegen::fmaDotLayoutOk(l)) {
                fail(where(op) + ": tl.dot's FMA loop cannot compute its result in " + l.toString());
            }
        }
        const Layout *ref = nullptr;
        const bool oneLayout = op.code == OpCode::Randint4x || op.code == OpCode::Split;
        if (op.results.size() == 1 || oneLayout)
            ref = layoutOf(op.results[0]);
        if (ref && oneLayout) {
            for (ValueId res : op.results) {
                const Layout *l = layoutOf(res);
                if (l && !l->sameAs(*ref))
                    fail(where(op) + ": its results disagree on their layout");
            }
        } else if (op.results.empty()) {
            for (ValueId v : op.operands)
                if (!ref && m_k.type(v).isBlock())
                    ref = layoutOf(v);
        }
        if (!ref)
            return;
        for (std::size_t k = 0; k < op.operands.size(); ++k) {
            const Layout *have = layoutOf(op.operands[k]);
            if (!have || operandRule(m_k, op, k) == OperandRule::None)
                continue;
            if (!satisfiesRule(m_k, op, k, *have, *ref))
                fail(where(op) + ": operand " + std::to_string(k) + " in " + have->toString()
                     + " does not fit the result's " + ref->toString());
        }
    }

    /// Every operand in one layout that fits the axis; results in its slice (reduce) or in it
    /// (scan).
    void reduceOrScan(const Op &op)
    {
        const Layout *in = op.operands.empty() ? nullptr : layoutOf(op.operands[0]);
        if (!in)
            return fail(where(op) + ": its operand has no layout");
        const int axis = int(op.i);
        for (std::size_t k = 1; k < op.operands.size(); ++k)
            if (const Layout *l = layoutOf(op.operands[k]); !l || !l->sameAs(*in))
                return fail(where(op) + ": operand " + std::to_string(k)
                            + " is not in the layout of operand 0");
        const bool scan = op.code == OpCode::Scan;
        if (scan ? !scanFriendly(*in, axis) : !axisSeparable(*in, axis))
            return fail(where(op) + ": operand layout " + in->toString() + " does not fit axis "
                        + std::to_string(axis));
        const Layout want = scan ? *in : codegen::sliceLayout(*in, axis);
        for (ValueId res : op.results)
            if (const Layout *l = layoutOf(res); l && !l->sameAs(want))
                return fail(where(op) + ": result in " + l->toString() + " instead of "
                            + want.toString());
    }

    const codegen::LoweredKernel &m_lk;
    const ir::Kernel &m_k;
    std::string m_problem;
};

} // namespace

OperandRule operandRule(const ir::Kernel &kernel, const Op &op, std::size_t k)
{
    if (k >= op.operands.size() || kernel.type(op.operands[k]).isScalar())
        return OperandRule::None;
    if (sameLayoutOp(op.code))
        return OperandRule::Same;
    switch (op.code) {
    case OpCode::Broadcast:
        return OperandRule::Broadcast;
    case OpCode::ExpandDims:
    case OpCode::Reshape:
        return OperandRule::Identity;
    case OpCode::Permute:
        return OperandRule::Permute;
    case OpCode::Join:
        return OperandRule::Join;
    case OpCode::Split:
        return OperandRule::Split;
    case OpCode::Dot: // a and b: any layout (staged in shared memory); acc: the result's
        return k == 2 ? OperandRule::Same : OperandRule::None;
    default:
        return OperandRule::None;
    }
}

std::vector<std::int64_t> ruleBits(const ir::Kernel &kernel, const Op &op, std::size_t k)
{
    const std::vector<std::int64_t> &resShape = kernel.type(op.result()).shape;
    switch (operandRule(kernel, op, k)) {
    case OperandRule::Broadcast:
        return codegen::broadcastBits(resShape, kernel.type(op.operands[k]).shape);
    case OperandRule::Permute:
        return codegen::permuteBits(resShape, op.ints);
    case OperandRule::Join:
        return codegen::sliceBits(resShape, int(resShape.size()) - 1);
    case OperandRule::Split:
        return codegen::splitBits(resShape);
    default: {
        std::int64_t n = 1;
        for (std::int64_t s : resShape)
            n *= s;
        std::vector<std::int64_t> bits;
        for (int b = 0; b < log2i(n); ++b)
            bits.push_back(std::int64_t(1) << b);
        return bits;
    }
    }
}

bool satisfiesRule(const ir::Kernel &kernel,
                   const Op &op,
                   std::size_t k,
                   const Layout &operand,
                   const Layout &result)
{
    switch (operandRule(kernel, op, k)) {
    case OperandRule::None:
        return true;
    case OperandRule::Same:
        return operand.sameAs(result);
    case OperandRule::Split:
        if (!codegen::splitHalfLayout(operand))
            return false;
        [[fallthrough]];
    default:
        return operand.shape == kernel.type(op.operands[k]).shape
               && codegen::registerMapVia(operand, result, ruleBits(kernel, op, k)).has_value();
    }
}

Layout
requiredOperandLayout(const ir::Kernel &kernel, const Op &op, std::size_t k, const Layout &result)
{
    const std::vector<std::int64_t> &shape = kernel.type(op.operands[k]).shape;
    switch (operandRule(kernel, op, k)) {
    case OperandRule::Broadcast:
        return codegen::broadcastSourceLayout(result, shape);
    case OperandRule::Identity:
        return codegen::reshapedLayout(result, shape);
    case OperandRule::Permute:
        return codegen::permuteSourceLayout(result, op.ints);
    case OperandRule::Join:
        return codegen::sliceLayout(result, result.rank() - 1);
    case OperandRule::Split:
        return codegen::joinedLayout(result);
    default:
        return result;
    }
}

std::string layoutKey(const Layout &l)
{
    std::string s;
    auto add = [&](const std::vector<std::int64_t> &v) {
        for (std::int64_t x : v)
            s += std::to_string(x) + ",";
        s += "|";
    };
    add(l.shape);
    add(l.regBases);
    add(l.laneBases);
    add(l.warpBases);
    return s;
}

std::string checkLayoutContract(const codegen::LoweredKernel &lk)
{
    return Checker(lk).run();
}

} // namespace tsm::passes
