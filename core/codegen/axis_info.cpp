#include "core/codegen/axis_info.h"

#include "core/codegen/layout.h"

#include <algorithm>
#include <numeric>

namespace tsm::codegen {
namespace {

using ir::Op;
using ir::OpCode;
using ir::ValueId;

/// Triton's highestPowOf2Divisor(0): what "divisible by anything" is capped at.
constexpr std::int64_t kMaxDivisor = std::int64_t(1) << 62;

std::int64_t pow2Divisor(std::int64_t v)
{
    if (v == 0)
        return kMaxDivisor;
    const std::uint64_t u = v < 0 ? ~std::uint64_t(v) + 1 : std::uint64_t(v);
    return std::int64_t(u & (~u + 1));
}

std::int64_t gcd(std::int64_t a, std::int64_t b)
{
    return std::gcd(a, b);
}

/// The product of two power-of-two divisors, capped like Triton's multiplyDivisor.
std::int64_t multiplyDivisor(std::int64_t a, std::int64_t b)
{
    if (a >= kMaxDivisor / std::max<std::int64_t>(b, 1))
        return kMaxDivisor;
    return a * b;
}

std::int64_t log2Floor(std::int64_t v)
{
    std::int64_t r = 0;
    while (v > 1) {
        v >>= 1;
        ++r;
    }
    return r;
}

std::int64_t floorPow2(std::int64_t v)
{
    return v <= 1 ? 1 : std::int64_t(1) << log2Floor(v);
}

AxisInfo ones(std::size_t rank)
{
    return AxisInfo{std::vector<std::int64_t>(rank, 1),
                    std::vector<std::int64_t>(rank, 1),
                    std::vector<std::int64_t>(rank, 1),
                    std::nullopt};
}

/// A value known to be `value` everywhere in a block of `shape` (or a scalar).
AxisInfo constantInfo(const std::vector<std::int64_t> &shape, std::int64_t value)
{
    AxisInfo a = ones(std::max<std::size_t>(1, shape.size()));
    std::fill(a.divisibility.begin(), a.divisibility.end(), pow2Divisor(value));
    for (std::size_t d = 0; d < shape.size(); ++d)
        a.constancy[d] = shape[d];
    a.constant = value;
    return a;
}

/// What holds for both of two values (control-flow merges).
AxisInfo join(const AxisInfo &a, const AxisInfo &b)
{
    AxisInfo r = a;
    for (std::size_t d = 0; d < r.contiguity.size() && d < b.contiguity.size(); ++d) {
        r.contiguity[d] = gcd(a.contiguity[d], b.contiguity[d]);
        r.divisibility[d] = gcd(a.divisibility[d], b.divisibility[d]);
        r.constancy[d] = gcd(a.constancy[d], b.constancy[d]);
    }
    if (a.constant != b.constant)
        r.constant.reset();
    return r;
}

bool sameInfo(const AxisInfo &a, const AxisInfo &b)
{
    return a.contiguity == b.contiguity && a.divisibility == b.divisibility
           && a.constancy == b.constancy && a.constant == b.constant;
}

class Analyzer
{
public:
    explicit Analyzer(const ir::Kernel &k)
        : m_k(k)
    {
        m_info.reserve(k.values.size());
        for (ValueId v = 0; v < k.values.size(); ++v)
            m_info.push_back(ones(rankOf(v)));
    }

    std::vector<AxisInfo> run()
    {
        for (const ir::Param &p : m_k.params) {
            if (p.value == ir::kNoValue || !p.divisibleBy16 || !tracked(p.value))
                continue;
            m_info[p.value].divisibility.assign(rankOf(p.value), 16);
        }
        region(m_k.body);
        return std::move(m_info);
    }

private:
    std::size_t rankOf(ValueId v) const
    {
        return std::max<std::size_t>(1, m_k.type(v).shape.size());
    }
    /// The shape with scalars as [1], so dimension loops work for both.
    std::vector<std::int64_t> shapeOf(ValueId v) const
    {
        const auto &s = m_k.type(v).shape;
        return s.empty() ? std::vector<std::int64_t>{1} : s;
    }
    /// Integers and pointers carry facts; floats do not.
    bool tracked(ValueId v) const
    {
        const ir::Type &t = m_k.type(v);
        return t.pointer || isInteger(t.dtype) || isBool(t.dtype);
    }
    const AxisInfo &in(const Op &op, std::size_t k) const { return m_info[op.operands[k]]; }
    bool isConst(const AxisInfo &a, std::int64_t v) const { return a.constant && *a.constant == v; }
    bool constantDim(const AxisInfo &a, const std::vector<std::int64_t> &shape, std::size_t d) const
    {
        return a.constancy[d] == shape[d];
    }
    bool
    contiguousDim(const AxisInfo &a, const std::vector<std::int64_t> &shape, std::size_t d) const
    {
        return a.contiguity[d] == shape[d];
    }

    void region(const ir::Region &r)
    {
        for (const Op &op : r.ops)
            visit(op);
    }

    void visit(const Op &op)
    {
        switch (op.code) {
        case OpCode::For:
            return forOp(op);
        case OpCode::While:
            return whileOp(op);
        case OpCode::If:
            return ifOp(op);
        default:
            break;
        }
        for (const ir::Region &r : op.regions)
            region(r); // reduce / scan combine regions: nothing known about their arguments
        if (op.results.size() != 1)
            return;
        const ValueId res = op.result();
        if (!tracked(res))
            return;
        m_info[res] = compute(op, res);
        if (!sameRank(res))
            m_info[res] = ones(rankOf(res));
    }

    bool sameRank(ValueId v) const
    {
        const AxisInfo &a = m_info[v];
        const std::size_t r = rankOf(v);
        return a.contiguity.size() == r && a.divisibility.size() == r && a.constancy.size() == r;
    }

    AxisInfo compute(const Op &op, ValueId res)
    {
        const std::vector<std::int64_t> shape = shapeOf(res);
        const bool block = m_k.type(res).isBlock();
        switch (op.code) {
        case OpCode::Constant:
            return constantInfo(m_k.type(res).shape, op.i);
        case OpCode::MakeRange: {
            AxisInfo a = ones(1);
            a.contiguity[0] = op.ints[1] - op.ints[0];
            a.divisibility[0] = pow2Divisor(op.ints[0]);
            return a;
        }
        case OpCode::Splat: {
            const AxisInfo &s = in(op, 0);
            if (s.constant)
                return constantInfo(shape, *s.constant);
            AxisInfo a = ones(shape.size());
            std::fill(a.divisibility.begin(), a.divisibility.end(), s.divisibility[0]);
            a.constancy = shape;
            return a;
        }
        case OpCode::Broadcast:
            return broadcast(in(op, 0), m_k.type(op.operands[0]).shape, shape);
        case OpCode::ExpandDims:
            return expandDims(in(op, 0), std::size_t(op.i));
        case OpCode::Reshape:
            return reshape(in(op, 0), m_k.type(op.operands[0]).shape, shape);
        case OpCode::Permute: {
            const AxisInfo &s = in(op, 0);
            AxisInfo a = ones(shape.size());
            for (std::size_t k = 0; k < op.ints.size() && k < shape.size(); ++k) {
                const std::size_t from = std::size_t(op.ints[k]);
                a.contiguity[k] = s.contiguity[from];
                a.divisibility[k] = s.divisibility[from];
                a.constancy[k] = s.constancy[from];
            }
            a.constant = s.constant;
            return a;
        }
        case OpCode::ConvertLayout:
        case OpCode::PtrToInt:
        case OpCode::IntToPtr:
        case OpCode::Bitcast:
            return in(op, 0);
        case OpCode::Cast:
            // Triton's CastOpAxisInfoVisitor: integer extensions / truncations keep the facts.
            return tracked(op.operands[0]) ? in(op, 0) : ones(shape.size());
        case OpCode::Hint:
            return hint(op, in(op, 0), shape.size());
        case OpCode::Add:
        case OpCode::Sub:
        case OpCode::AddPtr:
            return addSub(op, shape);
        case OpCode::Mul:
            return mul(op, shape);
        case OpCode::IDiv:
            return div(op, shape);
        case OpCode::IRem:
            return rem(op, shape);
        case OpCode::Shl:
        case OpCode::Shr:
            return shift(op, shape);
        case OpCode::And:
        case OpCode::Or:
        case OpCode::Xor:
            return logical(op, shape);
        case OpCode::Min:
        case OpCode::Max:
            return minMax(op, shape);
        case OpCode::Neg:
        case OpCode::Not: {
            AxisInfo a = ones(shape.size());
            a.constancy = in(op, 0).constancy;
            if (in(op, 0).constant)
                a = constantInfo(m_k.type(res).shape,
                                 op.code == OpCode::Neg ? -*in(op, 0).constant
                                                        : notOf(*in(op, 0).constant, res));
            return a;
        }
        case OpCode::Cmp:
            return cmp(op, shape);
        case OpCode::Select:
            return select(op, shape);
        default:
            (void)block;
            return ones(shape.size());
        }
    }

    std::int64_t notOf(std::int64_t v, ValueId res) const
    {
        return m_k.type(res).dtype == DType::I1 ? (v ? 0 : 1) : ~v;
    }

    AxisInfo broadcast(const AxisInfo &s,
                       const std::vector<std::int64_t> &srcShape,
                       const std::vector<std::int64_t> &shape)
    {
        AxisInfo a = s;
        for (std::size_t d = 0; d < shape.size() && d < srcShape.size(); ++d) {
            if (srcShape[d] == 1 && shape[d] != 1) {
                a.contiguity[d] = 1;
                a.constancy[d] = shape[d];
            }
        }
        return a;
    }

    AxisInfo expandDims(const AxisInfo &s, std::size_t axis)
    {
        // Triton: the new dimension's divisibility is that of the whole operand (the gcd over
        // its dimensions, a contiguous dimension counting as 1).
        std::int64_t div = 1;
        if (s.constant) {
            div = pow2Divisor(*s.constant);
        } else {
            div = s.contiguity[0] > 1 ? 1 : s.divisibility[0];
            for (std::size_t d = 1; d < s.divisibility.size(); ++d)
                div = gcd(div, s.contiguity[d] > 1 ? 1 : s.divisibility[d]);
        }
        AxisInfo a = s;
        a.contiguity.insert(a.contiguity.begin() + std::ptrdiff_t(axis), 1);
        a.divisibility.insert(a.divisibility.begin() + std::ptrdiff_t(axis), div);
        a.constancy.insert(a.constancy.begin() + std::ptrdiff_t(axis), 1);
        return a;
    }

    AxisInfo reshape(const AxisInfo &s,
                     const std::vector<std::int64_t> &srcShape,
                     const std::vector<std::int64_t> &shape)
    {
        if (s.constant)
            return constantInfo(shape, *s.constant);
        // Only reshapes that add or drop size-1 dimensions keep per-dimension facts.
        std::vector<std::size_t> srcDims, dstDims;
        for (std::size_t d = 0; d < srcShape.size(); ++d)
            if (srcShape[d] != 1)
                srcDims.push_back(d);
        for (std::size_t d = 0; d < shape.size(); ++d)
            if (shape[d] != 1)
                dstDims.push_back(d);
        AxisInfo a = ones(shape.size());
        if (srcDims.size() != dstDims.size())
            return a;
        for (std::size_t k = 0; k < srcDims.size(); ++k) {
            if (srcShape[srcDims[k]] != shape[dstDims[k]])
                return ones(shape.size());
            a.contiguity[dstDims[k]] = s.contiguity[srcDims[k]];
            a.divisibility[dstDims[k]] = s.divisibility[srcDims[k]];
            a.constancy[dstDims[k]] = s.constancy[srcDims[k]];
        }
        return a;
    }

    AxisInfo hint(const Op &op, AxisInfo a, std::size_t rank)
    {
        // tl.multiple_of / max_contiguous / max_constancy replace what the analysis found, as
        // Triton's tt.divisibility / tt.contiguity / tt.constancy attributes do.
        std::vector<std::int64_t> &target = op.i == 0   ? a.divisibility
                                            : op.i == 1 ? a.contiguity
                                                        : a.constancy;
        for (std::size_t d = 0; d < rank && !op.ints.empty(); ++d)
            target[d] = op.ints[std::min(d, op.ints.size() - 1)];
        return a;
    }

    std::size_t elemBytes(const Op &op) const
    {
        return std::size_t(std::max(1, dtypeBytes(m_k.type(op.result()).dtype)));
    }

    AxisInfo addSub(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        const bool isPtr = op.code == OpCode::AddPtr;
        const std::int64_t scale = isPtr ? std::int64_t(elemBytes(op)) : 1;
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (op.code == OpCode::Sub)
                a.contiguity[d] = gcd(l.contiguity[d], r.constancy[d]);
            else
                a.contiguity[d] = std::max(gcd(l.contiguity[d], r.constancy[d]),
                                           gcd(l.constancy[d], r.contiguity[d]));
            // An addptr moves by offset * element size bytes: contiguous in elements, with a
            // byte divisibility.
            a.divisibility[d] = gcd(l.divisibility[d], multiplyDivisor(r.divisibility[d], scale));
            a.constancy[d] = gcd(l.constancy[d], r.constancy[d]);
        }
        if (l.constant && r.constant && !isPtr)
            a = withConstant(a,
                             shape,
                             op.code == OpCode::Add ? *l.constant + *r.constant
                                                    : *l.constant - *r.constant);
        return a;
    }

    AxisInfo withConstant(AxisInfo a, const std::vector<std::int64_t> &shape, std::int64_t v)
    {
        (void)shape;
        a.constant = v;
        std::fill(a.divisibility.begin(), a.divisibility.end(), pow2Divisor(v));
        return a;
    }

    AxisInfo mul(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        for (std::size_t d = 0; d < shape.size(); ++d) {
            a.contiguity[d] = std::max(isConst(r, 1) ? l.contiguity[d] : 1,
                                       isConst(l, 1) ? r.contiguity[d] : 1);
            // [2^n, 2^n+1, ...] is divisible by 1, not 2^n, once multiplied.
            const std::int64_t ld = l.contiguity[d] > 1 && !isConst(r, 1) ? 1 : l.divisibility[d];
            const std::int64_t rd = r.contiguity[d] > 1 && !isConst(l, 1) ? 1 : r.divisibility[d];
            a.divisibility[d] = multiplyDivisor(ld, rd);
            a.constancy[d] = gcd(l.constancy[d], r.constancy[d]);
        }
        if (l.constant && r.constant)
            a = withConstant(a, shape, *l.constant * *r.constant);
        return a;
    }

    AxisInfo div(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        for (std::size_t d = 0; d < shape.size(); ++d) {
            a.contiguity[d] = isConst(r, 1) ? l.contiguity[d] : 1;
            std::int64_t c = gcd(l.constancy[d], r.constancy[d]);
            // [k*D, k*D+1, ...] / (a multiple of D'): runs of gcd(D, D') equal quotients.
            if (contiguousDim(l, shape, d) && constantDim(r, shape, d))
                c = std::max(c, gcd(l.contiguity[d], gcd(l.divisibility[d], r.divisibility[d])));
            a.constancy[d] = c;
            a.divisibility[d] = isConst(l, 0) || isConst(r, 1) ? l.divisibility[d] : 1;
        }
        if (l.constant && r.constant && *r.constant != 0)
            a = withConstant(a, shape, *l.constant / *r.constant);
        return a;
    }

    AxisInfo rem(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (contiguousDim(l, shape, d) && constantDim(r, shape, d))
                a.contiguity[d] = gcd(l.contiguity[d], gcd(l.divisibility[d], r.divisibility[d]));
            a.divisibility[d] = gcd(l.divisibility[d], r.divisibility[d]);
            a.constancy[d] = isConst(r, 1) ? shape[d] : gcd(l.constancy[d], r.constancy[d]);
        }
        if (isConst(r, 1))
            a = withConstant(a, shape, 0);
        else if (l.constant && r.constant && *r.constant != 0)
            a = withConstant(a, shape, *l.constant % *r.constant);
        return a;
    }

    AxisInfo shift(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        const bool left = op.code == OpCode::Shl;
        for (std::size_t d = 0; d < shape.size(); ++d) {
            a.contiguity[d] = isConst(r, 0) ? l.contiguity[d] : 1;
            a.constancy[d] = gcd(l.constancy[d], r.constancy[d]);
            // Triton shifts by the constant amount, or conservatively by the amount's divisor.
            const std::int64_t amount = std::min<std::int64_t>(
                62,
                r.constant ? std::max<std::int64_t>(0, *r.constant) : log2Floor(r.divisibility[d]));
            if (left)
                a.divisibility[d] = amount + log2Floor(l.divisibility[d]) > 62
                                        ? kMaxDivisor
                                        : l.divisibility[d] << amount;
            else
                a.divisibility[d]
                    = r.constant ? std::max<std::int64_t>(1, l.divisibility[d] >> amount) : 1;
        }
        if (l.constant && r.constant && *r.constant >= 0 && *r.constant < 63)
            a = withConstant(a,
                             shape,
                             left ? std::int64_t(std::uint64_t(*l.constant) << *r.constant)
                                  : *l.constant >> *r.constant);
        return a;
    }

    AxisInfo logical(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        for (std::size_t d = 0; d < shape.size(); ++d)
            a.constancy[d] = gcd(l.constancy[d], r.constancy[d]);
        if (l.constant && r.constant) {
            const std::int64_t x = *l.constant, y = *r.constant;
            a = withConstant(a,
                             shape,
                             op.code == OpCode::And  ? (x & y)
                             : op.code == OpCode::Or ? (x | y)
                                                     : (x ^ y));
        }
        return a;
    }

    AxisInfo minMax(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        for (std::size_t d = 0; d < shape.size(); ++d) {
            a.contiguity[d] = std::min(l.contiguity[d], r.contiguity[d]);
            a.divisibility[d] = std::min(l.divisibility[d], r.divisibility[d]);
            a.constancy[d] = std::min(l.constancy[d], r.constancy[d]);
        }
        if (l.constant && r.constant) {
            const bool signedCmp = !isUnsigned(m_k.type(op.operands[0]).dtype);
            const std::int64_t x = *l.constant, y = *r.constant;
            const bool less = signedCmp ? x < y : std::uint64_t(x) < std::uint64_t(y);
            a = withConstant(a, shape, (op.code == OpCode::Min) == less ? x : y);
        }
        return a;
    }

    AxisInfo cmp(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &l = in(op, 0), &r = in(op, 1);
        AxisInfo a = ones(shape.size());
        if (!tracked(op.operands[0]))
            return a;
        const std::int64_t pred = op.i; // 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge
        for (std::size_t d = 0; d < shape.size(); ++d) {
            std::int64_t c = gcd(l.constancy[d], r.constancy[d]);
            // A constant C (a multiple of D) against a run [k*D, k*D+1, ...]: `C > x` and
            // `C <= x` (or `x < C`, `x >= C`) cannot change inside the run.
            if ((pred == 4 || pred == 3) && constantDim(l, shape, d))
                c = std::max(c, gcd(r.contiguity[d], gcd(l.divisibility[d], r.divisibility[d])));
            else if ((pred == 2 || pred == 5) && constantDim(r, shape, d))
                c = std::max(c, gcd(l.contiguity[d], gcd(l.divisibility[d], r.divisibility[d])));
            a.constancy[d] = c;
        }
        if (l.constant && r.constant) {
            const bool uns = isUnsigned(m_k.type(op.operands[0]).dtype);
            const std::int64_t x = *l.constant, y = *r.constant;
            const bool lt = uns ? std::uint64_t(x) < std::uint64_t(y) : x < y;
            const bool eq = x == y;
            const bool v = pred == 0   ? eq
                           : pred == 1 ? !eq
                           : pred == 2 ? lt
                           : pred == 3 ? (lt || eq)
                           : pred == 4 ? !(lt || eq)
                                       : !lt;
            a = constantInfo(m_k.type(op.result()).shape, v ? 1 : 0);
        }
        return a;
    }

    AxisInfo select(const Op &op, const std::vector<std::int64_t> &shape)
    {
        const AxisInfo &c = in(op, 0), &l = in(op, 1), &r = in(op, 2);
        if (c.constant)
            return *c.constant ? l : r;
        AxisInfo a = ones(shape.size());
        for (std::size_t d = 0; d < shape.size(); ++d) {
            a.constancy[d] = std::min(gcd(l.constancy[d], c.constancy[d]),
                                      gcd(r.constancy[d], c.constancy[d]));
            a.divisibility[d] = std::min(l.divisibility[d], r.divisibility[d]);
            a.contiguity[d] = std::min(gcd(l.contiguity[d], c.constancy[d]),
                                       gcd(r.contiguity[d], c.constancy[d]));
        }
        if (l.constant && r.constant && *l.constant == *r.constant)
            a.constant = l.constant;
        return a;
    }

    // ---- control flow: carried values are the join of what enters and what comes back ----

    /// Re-analyzes `body` until the carried values' facts stop shrinking (they only shrink:
    /// each round is a gcd), giving up to "nothing known" after a few rounds.
    template <class Body, class Back>
    void fixpoint(const std::vector<ValueId> &carried, Body &&body, Back &&back)
    {
        for (int round = 0;; ++round) {
            body();
            bool changed = false;
            for (std::size_t k = 0; k < carried.size(); ++k) {
                const ValueId v = carried[k];
                if (!tracked(v))
                    continue;
                AxisInfo next = join(m_info[v], back(k));
                if (!sameInfo(next, m_info[v])) {
                    m_info[v] = std::move(next);
                    changed = true;
                }
            }
            if (!changed)
                return;
            if (round == 8) {
                for (ValueId v : carried)
                    m_info[v] = ones(rankOf(v));
                body();
                return;
            }
        }
    }

    void forOp(const Op &op)
    {
        const ir::Region &body = op.regions[0];
        const ValueId iv = body.args[0];
        if (tracked(iv)) {
            AxisInfo a = ones(1);
            a.divisibility[0] = gcd(in(op, 0).divisibility[0], in(op, 2).divisibility[0]);
            m_info[iv] = a;
        }
        std::vector<ValueId> carried(body.args.begin() + 1, body.args.end());
        for (std::size_t k = 0; k < carried.size(); ++k)
            m_info[carried[k]] = m_info[op.operands[3 + k]];
        const Op *yield = body.ops.empty() ? nullptr : &body.ops.back();
        fixpoint(
            carried,
            [&] { region(body); },
            [&](std::size_t k) -> AxisInfo {
                return yield && k < yield->operands.size() ? m_info[yield->operands[k]]
                                                           : ones(rankOf(carried[k]));
            });
        for (std::size_t k = 0; k < op.results.size(); ++k)
            m_info[op.results[k]] = m_info[carried[k]];
    }

    void whileOp(const Op &op)
    {
        const ir::Region &before = op.regions[0], &after = op.regions[1];
        const std::vector<ValueId> &carried = before.args;
        for (std::size_t k = 0; k < carried.size(); ++k)
            m_info[carried[k]] = m_info[op.operands[k]];
        const Op *cond = before.ops.empty() ? nullptr : &before.ops.back();
        const Op *yield = after.ops.empty() ? nullptr : &after.ops.back();
        auto fromCondition = [&] {
            for (std::size_t k = 0; k < after.args.size(); ++k)
                m_info[after.args[k]] = cond && k + 1 < cond->operands.size()
                                            ? m_info[cond->operands[k + 1]]
                                            : ones(rankOf(after.args[k]));
        };
        fixpoint(
            carried,
            [&] {
                region(before);
                fromCondition();
                region(after);
            },
            [&](std::size_t k) -> AxisInfo {
                return yield && k < yield->operands.size() ? m_info[yield->operands[k]]
                                                           : ones(rankOf(carried[k]));
            });
        for (std::size_t k = 0; k < op.results.size(); ++k)
            m_info[op.results[k]] = m_info[after.args[k]];
    }

    void ifOp(const Op &op)
    {
        region(op.regions[0]);
        region(op.regions[1]);
        const ir::Region &t = op.regions[0], &e = op.regions[1];
        for (std::size_t k = 0; k < op.results.size(); ++k) {
            const ValueId res = op.results[k];
            const bool haveT = !t.ops.empty() && k < t.ops.back().operands.size();
            const bool haveE = !e.ops.empty() && k < e.ops.back().operands.size();
            if (!tracked(res) || !haveT || !haveE) {
                m_info[res] = ones(rankOf(res));
                continue;
            }
            m_info[res] = join(m_info[t.ops.back().operands[k]], m_info[e.ops.back().operands[k]]);
        }
    }

    const ir::Kernel &m_k;
    std::vector<AxisInfo> m_info;
};

} // namespace

std::vector<AxisInfo> analyzeAxes(const ir::Kernel &kernel)
{
    return Analyzer(kernel).run();
}

int accessVectorWidth(const AxisInfo &ptr,
                      const AxisInfo *mask,
                      DType elementType,
                      const Layout &layout)
{
    const int d = layout.contiguousDim();
    if (d < 0 || std::size_t(d) >= ptr.contiguity.size())
        return 1;
    const std::size_t dim = std::size_t(d);
    const std::int64_t bytes = std::max(1, dtypeBytes(elementType));
    std::int64_t v = std::max<std::int64_t>(1, 16 / bytes);
    v = std::min<std::int64_t>(v, layout.contiguousRegs());
    v = std::min(v, ptr.contiguity[dim]);
    v = std::min(v, std::max<std::int64_t>(1, ptr.divisibility[dim] / bytes));
    if (mask && dim < mask->constancy.size())
        v = std::min(v, mask->constancy[dim]);
    return int(floorPow2(v));
}

} // namespace tsm::codegen
