#include "core/ir/verifier.h"

#include <span>
#include <string_view>

namespace tsm::ir {
namespace {

bool isPow2(std::int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

class Verifier
{
public:
    explicit Verifier(const Kernel &k)
        : m_kernel(k)
        , m_defined(k.values.size(), false)
    {
    }

    bool run(std::string *error)
    {
        for (const Param &p : m_kernel.params)
            if (p.value != kNoValue && !define(p.value, nullptr))
                return fail(error);
        if (m_error.empty())
            region(m_kernel.body);
        return fail(error);
    }

private:
    bool fail(std::string *error)
    {
        if (error)
            *error = m_error;
        return m_error.empty();
    }

    bool problem(const Op *op, const std::string &what)
    {
        if (!m_error.empty())
            return false;
        m_error = op ? "op " + std::to_string(m_opIndex) + " (" + std::string(opName(op->code))
                           + ") in kernel " + m_kernel.name + ": " + what
                     : "kernel " + m_kernel.name + ": " + what;
        return false;
    }

    bool define(ValueId v, const Op *op)
    {
        if (v >= m_defined.size())
            return problem(op, "value id " + std::to_string(v) + " out of range");
        if (m_defined[v])
            return problem(op, "value %" + std::to_string(v) + " defined twice");
        const Type &t = m_kernel.type(v);
        for (std::int64_t d : t.shape)
            if (!isPow2(d))
                return problem(op,
                               "block dimension " + std::to_string(d) + " of %" + std::to_string(v)
                                   + " is not a power of two");
        m_defined[v] = true;
        m_scope.push_back(v);
        return true;
    }

    bool visible(ValueId v) const { return v < m_defined.size() && m_defined[v]; }

    void region(const Region &r)
    {
        const std::size_t mark = m_scope.size();
        for (ValueId a : r.args)
            if (!define(a, nullptr))
                return;
        for (const Op &op : r.ops) {
            ++m_opIndex;
            if (!check(op))
                return;
        }
        // Values of a region are not visible after it.
        for (std::size_t k = mark; k < m_scope.size(); ++k)
            m_defined[m_scope[k]] = false;
        m_scope.resize(mark);
    }

    const Type &ty(ValueId v) const { return m_kernel.type(v); }

    bool check(const Op &op)
    {
        const int nOperands = opOperandCount(op.code), nResults = opResultCount(op.code);
        if (nOperands >= 0 && op.operands.size() != std::size_t(nOperands))
            return problem(&op,
                           "expects " + std::to_string(nOperands) + " operands, has "
                               + std::to_string(op.operands.size()));
        if (nResults >= 0 && op.results.size() != std::size_t(nResults))
            return problem(&op,
                           "expects " + std::to_string(nResults) + " results, has "
                               + std::to_string(op.results.size()));
        if (op.regions.size() != std::size_t(opRegionCount(op.code)))
            return problem(&op, "expects " + std::to_string(opRegionCount(op.code)) + " regions");
        for (ValueId v : op.operands)
            if (!visible(v))
                return problem(&op, "operand %" + std::to_string(v) + " is not defined here");
        if (!checkAttrs(op) || !checkTypes(op))
            return false;
        for (const Region &r : op.regions) {
            region(r);
            if (!m_error.empty())
                return false;
        }
        for (ValueId v : op.results)
            if (!define(v, &op))
                return false;
        return true;
    }

    bool checkAttrs(const Op &op)
    {
        const std::string_view spec = opAttrSpec(op.code);
        auto uses = [&](std::string_view field) {
            std::size_t pos = 0;
            while ((pos = spec.find(field, pos)) != std::string_view::npos) {
                const bool start = pos == 0 || spec[pos - 1] == ',';
                const bool colon
                    = pos + field.size() < spec.size() && spec[pos + field.size()] == ':';
                if (start && colon)
                    return true;
                ++pos;
            }
            return false;
        };
        if (!uses("i") && op.i != 0)
            return problem(&op, "sets attribute i, which this op does not use");
        if (!uses("f") && op.f != 0.0)
            return problem(&op, "sets attribute f, which this op does not use");
        if (!uses("ints") && !op.ints.empty())
            return problem(&op, "sets attribute ints, which this op does not use");
        if (!uses("str") && !op.str.empty())
            return problem(&op, "sets attribute str, which this op does not use");
        if (!uses("flags") && op.flags != 0)
            return problem(&op, "sets attribute flags, which this op does not use");
        if (op.code == OpCode::Math) {
            const auto fn = findMathFn(op.str);
            if (!fn)
                return problem(&op, "unknown math function '" + op.str + "'");
            if (op.operands.size() != std::size_t(mathFnArity(*fn)))
                return problem(&op,
                               "math." + op.str + " takes " + std::to_string(mathFnArity(*fn))
                                   + " operands");
        }
        return true;
    }

    bool sameTypes(const Op &op, std::size_t first, std::size_t count)
    {
        for (std::size_t k = first; k < first + count && k < op.operands.size(); ++k)
            if (!(ty(op.operands[k]) == ty(op.operands[first])))
                return problem(&op,
                               "operand types " + typeToString(ty(op.operands[first])) + " and "
                                   + typeToString(ty(op.operands[k])) + " differ");
        return true;
    }

    bool resultIs(const Op &op, const Type &t, std::size_t k = 0)
    {
        if (!(ty(op.results[k]) == t))
            return problem(&op,
                           "result type " + typeToString(ty(op.results[k])) + ", expected "
                               + typeToString(t));
        return true;
    }

    bool checkTypes(const Op &op);

    const Kernel &m_kernel;
    std::vector<bool> m_defined;
    std::vector<ValueId> m_scope;
    std::string m_error;
    std::size_t m_opIndex = 0;
};

bool Verifier::checkTypes(const Op &op)
{
    const auto &in = op.operands;
    switch (op.code) {
    case OpCode::Add:
    case OpCode::Sub:
    case OpCode::Mul:
    case OpCode::FDiv:
    case OpCode::IDiv:
    case OpCode::IRem:
    case OpCode::FRem:
    case OpCode::And:
    case OpCode::Or:
    case OpCode::Xor:
    case OpCode::Shl:
    case OpCode::Shr:
    case OpCode::Min:
    case OpCode::Max:
    case OpCode::Neg:
    case OpCode::Not:
    case OpCode::Fma:
    case OpCode::Math:
        if (!sameTypes(op, 0, in.size()))
            return false;
        if (ty(in[0]).pointer)
            return problem(&op, "arithmetic on a pointer (use addptr)");
        return resultIs(op, ty(in[0]));
    case OpCode::Cmp:
        if (!sameTypes(op, 0, 2))
            return false;
        return resultIs(op, Type{DType::I1, false, ty(in[0]).shape});
    case OpCode::Select:
        if (ty(in[0]).dtype != DType::I1 || ty(in[0]).pointer || ty(in[0]).shape != ty(in[1]).shape)
            return problem(&op, "condition must be int1 of the values' shape");
        return sameTypes(op, 1, 2) && resultIs(op, ty(in[1]));
    case OpCode::AddPtr:
        if (!ty(in[0]).pointer || ty(in[1]).pointer || isFloat(ty(in[1]).dtype)
            || ty(in[0]).shape != ty(in[1]).shape)
            return problem(&op, "expects (pointer, integer offset) of one shape");
        return resultIs(op, ty(in[0]));
    case OpCode::Splat:
        if (!ty(in[0]).isScalar() || !ty(op.results[0]).isBlock())
            return problem(&op, "splats a scalar into a block");
        return resultIs(op, ty(in[0]).withShape(ty(op.results[0]).shape));
    case OpCode::Broadcast: {
        const auto &from = ty(in[0]).shape, &to = ty(op.results[0]).shape;
        if (from.size() != to.size())
            return problem(&op, "broadcast keeps the rank");
        for (std::size_t d = 0; d < from.size(); ++d)
            if (from[d] != to[d] && from[d] != 1)
                return problem(&op,
                               "cannot broadcast " + typeToString(ty(in[0])) + " to "
                                   + typeToString(ty(op.results[0])));
        return resultIs(op, ty(in[0]).withShape(to));
    }
    case OpCode::ExpandDims: {
        auto shape = ty(in[0]).shape;
        if (op.i < 0 || std::size_t(op.i) > shape.size())
            return problem(&op, "axis out of range");
        shape.insert(shape.begin() + op.i, 1);
        return resultIs(op, ty(in[0]).withShape(shape));
    }
    case OpCode::Reshape:
        if (ty(in[0]).numElements() != ty(op.results[0]).numElements()
            || ty(in[0]).dtype != ty(op.results[0]).dtype)
            return problem(&op, "reshape changes the element count or dtype");
        return true;
    case OpCode::Permute: {
        const auto &shape = ty(in[0]).shape;
        if (op.ints.size() != shape.size())
            return problem(&op, "order has the wrong length");
        std::vector<std::int64_t> out;
        std::vector<bool> seen(shape.size(), false);
        for (std::int64_t d : op.ints) {
            if (d < 0 || std::size_t(d) >= shape.size() || seen[std::size_t(d)])
                return problem(&op, "order is not a permutation");
            seen[std::size_t(d)] = true;
            out.push_back(shape[std::size_t(d)]);
        }
        return resultIs(op, ty(in[0]).withShape(out));
    }
    case OpCode::Join: {
        if (!sameTypes(op, 0, 2))
            return false;
        if (ty(in[0]).isScalar())
            return problem(&op, "joins two blocks, not scalars");
        auto shape = ty(in[0]).shape;
        shape.push_back(2);
        return resultIs(op, ty(in[0]).withShape(shape));
    }
    case OpCode::Split: {
        auto shape = ty(in[0]).shape;
        if (shape.size() < 2 || shape.back() != 2)
            return problem(&op, "splits a block of rank 2 or more whose last dimension is 2");
        shape.pop_back();
        const Type half = ty(in[0]).withShape(shape);
        return resultIs(op, half, 0) && resultIs(op, half, 1);
    }
    case OpCode::Cast:
    case OpCode::Bitcast:
    case OpCode::PtrToInt:
    case OpCode::IntToPtr:
        if (ty(in[0]).shape != ty(op.results[0]).shape)
            return problem(&op, "a cast keeps the shape");
        if (op.code == OpCode::Bitcast
            && dtypeBits(ty(in[0]).dtype) != dtypeBits(ty(op.results[0]).dtype)
            && !ty(in[0]).pointer)
            return problem(&op, "bitcast between different bit widths");
        return true;
    case OpCode::MakeRange:
        if (op.ints.size() != 2 || op.ints[1] <= op.ints[0])
            return problem(&op, "range needs {start, end} with end > start");
        return resultIs(op, Type{DType::I32, false, {op.ints[1] - op.ints[0]}});
    case OpCode::ProgramId:
    case OpCode::NumPrograms:
        if (op.i < 0 || op.i > 2)
            return problem(&op, "axis must be 0, 1 or 2");
        return resultIs(op, Type{DType::I32, false, {}});
    case OpCode::Load: {
        std::size_t n = in.size();
        if (!op.ints.empty()) {
            // A host TensorDescriptor's block: (ptr, mask, other, one int32 offset per dimension).
            const std::size_t rank = in.empty() ? 0 : ty(in[0]).shape.size();
            if ((op.ints.size() != 2 && op.ints.size() != 2 * rank + 1) || rank == 0 || in.size() != 3 + rank)
                return problem(&op, "a descriptor load expects (ptr, mask, other, offsets...) and tensor_desc "
                                    "{param, transposed[, shape..., leading strides...]}");
            for (std::size_t d = 3; d < in.size(); ++d)
                if (!(ty(in[d]) == Type{DType::I32, false, {}}))
                    return problem(&op, "a descriptor load's offsets must be int32 scalars");
            n = 3;
        }
        if (n == 0 || n > 3 || !ty(in[0]).pointer)
            return problem(&op, "expects (ptr[, mask[, other]])");
        const Type value = ty(in[0]).pointee();
        if (n >= 2 && !(ty(in[1]) == Type{DType::I1, false, value.shape}))
            return problem(&op, "mask must be int1 of the pointer's shape");
        if (n == 3 && !(ty(in[2]) == value))
            return problem(&op, "other must have the loaded type");
        return resultIs(op, value);
    }
    case OpCode::Store:
    case OpCode::AtomicRMW: {
        std::span<const ValueId> args(op.operands);
        if (op.code == OpCode::Store && !op.ints.empty()) {
            // A descriptor's block: (ptr, value, mask, one int32 offset per dimension).
            const std::size_t rank = args.empty() ? 0 : ty(args[0]).shape.size();
            if (op.ints.size() != 2 * rank + 1 && (op.ints.size() != 2 || op.ints[1] != 0))
                return problem(&op, "a descriptor store expects tensor_desc {param, 0[, shape..., leading strides...]}");
            if (rank == 0 || args.size() != 3 + rank)
                return problem(&op, "a descriptor store expects (ptr, value, mask, offsets...)");
            for (std::size_t d = 3; d < args.size(); ++d)
                if (!(ty(args[d]) == Type{DType::I32, false, {}}))
                    return problem(&op, "a descriptor store's offsets must be int32 scalars");
            args = args.first(3);
        }
        if (args.size() < 2 || args.size() > 3 || !ty(args[0]).pointer
            || !(ty(args[1]) == ty(args[0]).pointee()))
            return problem(&op, "expects (ptr, value[, mask]) with value of the pointee type");
        if (args.size() == 3 && !(ty(args[2]) == Type{DType::I1, false, ty(args[0]).shape}))
            return problem(&op, "mask must be int1 of the pointer's shape");
        return op.code == OpCode::Store || resultIs(op, ty(args[1]));
    }
    case OpCode::AtomicCAS:
        if (!ty(in[0]).pointer || !(ty(in[1]) == ty(in[0]).pointee()) || !(ty(in[2]) == ty(in[1])))
            return problem(&op, "expects (ptr, cmp, value) with cmp and value of the pointee type");
        return resultIs(op, ty(in[1]));
    case OpCode::Dot: {
        const auto &a = ty(in[0]).shape, &b = ty(in[1]).shape, &c = ty(in[2]).shape;
        const std::size_t r = a.size();
        if ((r != 2 && r != 3) || b.size() != r || c.size() != r || a[r - 1] != b[r - 2]
            || c[r - 2] != a[r - 2] || c[r - 1] != b[r - 1] || (r == 3 && (a[0] != b[0] || c[0] != a[0])))
            return problem(&op, "dot shapes must be [M,K] x [K,N] -> [M,N] or [B,M,K] x [B,K,N] -> [B,M,N]");
        return resultIs(op, ty(in[2]));
    }
    case OpCode::Reduce:
    case OpCode::Scan: {
        if (in.empty() || in.size() != op.results.size())
            return problem(&op, "needs N operands and N results");
        const auto &shape = ty(in[0]).shape;
        if (op.i < 0 || std::size_t(op.i) >= shape.size())
            return problem(&op, "axis out of range");
        if (op.regions[0].args.size() != 2 * in.size())
            return problem(&op, "combine region needs 2N arguments");
        for (std::size_t k = 0; k < in.size(); ++k) {
            if (ty(in[k]).shape != shape)
                return problem(&op, "operands must share one shape");
            auto out = shape;
            if (op.code == OpCode::Reduce)
                out.erase(out.begin() + op.i);
            if (!resultIs(op, ty(in[k]).withShape(out), k))
                return false;
        }
        return true;
    }
    case OpCode::Rand:
    case OpCode::Randn:
    case OpCode::Randint:
    case OpCode::Randint4x:
        if (!ty(in[0]).isScalar() || isFloat(ty(in[1]).dtype) || ty(in[1]).pointer)
            return problem(&op, "expects (scalar seed, integer offsets)");
        return true;
    case OpCode::Hint:
    case OpCode::ConvertLayout:
        return resultIs(op, ty(in[0]));
    case OpCode::If:
        if (!(ty(in[0]) == Type{DType::I1, false, {}}))
            return problem(&op, "condition must be a scalar int1");
        return true;
    case OpCode::For:
        if (in.size() < 3 || in.size() - 3 != op.results.size()
            || op.regions[0].args.size() != op.results.size() + 1)
            return problem(&op, "expects (lb, ub, step, init...) and a body with (iv, carried...)");
        return true;
    case OpCode::While:
        if (in.size() != op.results.size() || op.regions[0].args.size() != in.size()
            || op.regions[1].args.size() != in.size())
            return problem(&op, "carried values, region arguments and results must match");
        return true;
    default:
        return true;
    }
}

} // namespace

bool verifyKernel(const Kernel &kernel, std::string *error)
{
    return Verifier(kernel).run(error);
}

} // namespace tsm::ir
