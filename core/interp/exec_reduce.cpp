// Reduce and Scan with arbitrary combine regions, and Dot.
//
// A combine region runs on many lanes at once when it is lane-wise (the plan builder sized its
// values to outer*inner lanes): one region execution per step along the axis. Otherwise it runs
// once per output element and step. A region that is a single add / mul / min / max / and / or
// / xor of (acc, x) uses a direct typed loop instead.
//
// Dot accumulates fp8 / fp16 / bf16 / fp32 inputs in fp32 (fp64 in fp64, integers in the accumulator's
// integer type, wrapping). With input_precision tf32, fp32 inputs are first rounded to tf32
// (10 mantissa bits, round to nearest with ties away from zero, like cvt.rna.tf32.f32);
// tf32x3 and ieee use the fp32 values unchanged.

#include "core/interp/arith_functors.h"
#include "core/interp/exec.h"

#include <bit>
#include <cstring>
#include <vector>

namespace tsm::interp {
namespace {

/// aux = {outer, len, inner, elemBytes of operand k...}
struct AxisSplit
{
    std::int64_t outer, len, inner;
};

AxisSplit axisSplit(const Instr &ins)
{
    return {ins.aux[0], ins.aux[1], ins.aux[2]};
}

/// dst[pos] = src[o, j, i] for pos = o * inner + i in [first, first + count).
void gatherStep(std::byte *dst,
                const std::byte *src,
                int bytes,
                const AxisSplit &s,
                std::int64_t j,
                std::int64_t first,
                std::int64_t count)
{
    for (std::int64_t pos = first; pos < first + count; ++pos) {
        const std::int64_t o = pos / s.inner, i = pos % s.inner;
        std::memcpy(dst + (pos - first) * bytes,
                    src + ((o * s.len + j) * s.inner + i) * bytes,
                    std::size_t(bytes));
    }
}

void scatterStep(std::byte *dst,
                 const std::byte *src,
                 int bytes,
                 const AxisSplit &s,
                 std::int64_t j,
                 std::int64_t first,
                 std::int64_t count)
{
    for (std::int64_t pos = first; pos < first + count; ++pos) {
        const std::int64_t o = pos / s.inner, i = pos % s.inner;
        std::memcpy(dst + ((o * s.len + j) * s.inner + i) * bytes,
                    src + (pos - first) * bytes,
                    std::size_t(bytes));
    }
}

/// The generic path, for Reduce and Scan: `lanes` positions per region execution.
template <bool IsScan> void execCombine(const Instr &ins, Frame &f)
{
    const AxisSplit s = axisSplit(ins);
    const Block &region = ins.blocks[0];
    const std::size_t n = ins.in.size();
    const std::int64_t positions = s.outer * s.inner;
    const std::int64_t lanes = f.plan.slots[region.args[0]].elements;
    const bool reverse = IsScan && (ins.op->flags & 1u);
    for (std::int64_t first = 0; first < positions; first += lanes) {
        const std::int64_t count = std::min(lanes, positions - first);
        for (std::int64_t step = 0; step < s.len; ++step) {
            const std::int64_t j = reverse ? s.len - 1 - step : step;
            for (std::size_t k = 0; k < n; ++k) {
                const int bytes = int(ins.aux[3 + k]);
                const SlotId dst = step == 0 ? region.args[k] : region.args[n + k];
                gatherStep(f.slot[dst], f.slot[ins.in[k]], bytes, s, j, first, count);
            }
            if (step > 0) {
                if (!runBlock(region, f))
                    return;
                passValues(f, region.terminator, std::span<const SlotId>(region.args).first(n));
            }
            if constexpr (IsScan)
                for (std::size_t k = 0; k < n; ++k)
                    scatterStep(f.slot[ins.out[k]],
                                f.slot[region.args[k]],
                                int(ins.aux[3 + k]),
                                s,
                                j,
                                first,
                                count);
        }
        if constexpr (!IsScan)
            for (std::size_t k = 0; k < n; ++k) {
                const int bytes = int(ins.aux[3 + k]);
                std::memcpy(f.slot[ins.out[k]] + first * bytes,
                            f.slot[region.args[k]],
                            std::size_t(count * bytes));
            }
    }
}

/// dst[i] = combine of row[j * inner + i] over j in [0, len), pairwise: halves combined
/// recursively, runs of up to 8 in order. Exact for the associative ops; for fp16 / bf16 / fp32
/// sums and products it keeps the rounding error near the GPU's tree (in-thread runs, then
/// shuffle butterflies) where one running accumulator drifts: a bf16 sum of 256 values moved by
/// 0.8 in sequence against the GPU's 0.1.
/// `scratch` holds inner elements per level of the recursion (log2(len / 8) + 1 levels): the
/// upper half of each split goes there, so no level allocates.
template <DType D, template <DType> class F>
void reducePairwise(
    const RepT<D> *row, std::int64_t len, std::int64_t inner, RepT<D> *dst, RepT<D> *scratch, std::int64_t attr)
{
    if (len <= 8) {
        for (std::int64_t i = 0; i < inner; ++i)
            dst[i] = row[i];
        for (std::int64_t j = 1; j < len; ++j)
            for (std::int64_t i = 0; i < inner; ++i)
                dst[i] = F<D>::apply(dst[i], row[j * inner + i], attr);
        return;
    }
    const std::int64_t half = len / 2;
    reducePairwise<D, F>(row, half, inner, dst, scratch, attr);
    reducePairwise<D, F>(row + half * inner, len - half, inner, scratch, scratch + inner, attr);
    for (std::int64_t i = 0; i < inner; ++i)
        dst[i] = F<D>::apply(dst[i], scratch[i], attr);
}

template <DType D, template <DType> class F> void execReduceFast(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    const AxisSplit s = axisSplit(ins);
    const T *x = f.ptr<T>(ins.in[0]);
    T *out = f.ptr<T>(ins.out[0]);
    const std::int64_t attr = ins.aux[3 + 1];
    const int levels = s.len > 8 ? std::bit_width(std::uint64_t(s.len / 8)) + 1 : 1;
    std::vector<T> scratch(static_cast<std::size_t>(s.inner * levels));
    for (std::int64_t o = 0; o < s.outer; ++o)
        reducePairwise<D, F>(x + o * s.len * s.inner, s.len, s.inner, out + o * s.inner, scratch.data(), attr);
}

template <DType D, template <DType> class F> void execScanFast(const Instr &ins, Frame &f)
{
    using T = RepT<D>;
    const AxisSplit s = axisSplit(ins);
    const T *x = f.ptr<T>(ins.in[0]);
    T *out = f.ptr<T>(ins.out[0]);
    const std::int64_t attr = ins.aux[3 + 1];
    const bool reverse = ins.op->flags & 1u;
    for (std::int64_t o = 0; o < s.outer; ++o)
        for (std::int64_t i = 0; i < s.inner; ++i) {
            const std::int64_t base = o * s.len * s.inner + i;
            T acc{};
            for (std::int64_t step = 0; step < s.len; ++step) {
                const std::int64_t j = reverse ? s.len - 1 - step : step;
                const T v = x[base + j * s.inner];
                acc = step == 0 ? v : F<D>::apply(acc, v, attr);
                out[base + j * s.inner] = acc;
            }
        }
}

/// A combine region that is one binary op of (acc, x) yielded directly: its opcode, else none.
const ir::Op *singleOpCombine(const ir::Op &op)
{
    if (op.operands.size() != 1 || op.regions.size() != 1)
        return nullptr;
    const ir::Region &r = op.regions[0];
    if (r.ops.size() != 2 || r.args.size() != 2)
        return nullptr;
    const ir::Op &bin = r.ops[0];
    const ir::Op &yield = r.ops[1];
    if (yield.code != ir::OpCode::Yield || yield.operands.size() != 1 || bin.results.size() != 1
        || yield.operands[0] != bin.result() || bin.operands.size() != 2)
        return nullptr;
    const bool direct = bin.operands[0] == r.args[0] && bin.operands[1] == r.args[1];
    const bool swapped = bin.operands[0] == r.args[1] && bin.operands[1] == r.args[0];
    if (!direct && !swapped)
        return nullptr;
    switch (bin.code) {
    case ir::OpCode::Add:
    case ir::OpCode::Mul:
    case ir::OpCode::Min:
    case ir::OpCode::Max:
    case ir::OpCode::And:
    case ir::OpCode::Or:
    case ir::OpCode::Xor:
        return &bin;
    default:
        return nullptr;
    }
}

template <bool IsScan, template <DType> class F> ExecFn fastFor(DType d)
{
    return dispatchDType(d, []<DType D>() -> ExecFn {
        if constexpr (!F<D>::valid)
            return nullptr;
        else if constexpr (IsScan)
            return &execScanFast<D, F>;
        else
            return &execReduceFast<D, F>;
    });
}

template <bool IsScan> ExecFn fastCombine(ir::OpCode code, DType d)
{
    switch (code) {
    case ir::OpCode::Add:
        return fastFor<IsScan, AddF>(d);
    case ir::OpCode::Mul:
        return fastFor<IsScan, MulF>(d);
    case ir::OpCode::Min:
        return fastFor<IsScan, MinF>(d);
    case ir::OpCode::Max:
        return fastFor<IsScan, MaxF>(d);
    case ir::OpCode::And:
        return fastFor<IsScan, AndF>(d);
    case ir::OpCode::Or:
        return fastFor<IsScan, OrF>(d);
    case ir::OpCode::Xor:
        return fastFor<IsScan, XorF>(d);
    default:
        return nullptr;
    }
}

// ---- dot ----

inline float roundTf32(float x)
{
    std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    if ((bits & 0x7F800000u) == 0x7F800000u)
        return x; // inf / nan
    bits = (bits + 0x1000u) & 0xFFFFE000u;
    return std::bit_cast<float>(bits);
}

template <DType C, bool = kFloat<C>> struct DotAcc
{
    using T = std::conditional_t<C == DType::F64, double, float>;
};
template <DType C> struct DotAcc<C, false>
{
    using T = std::make_unsigned_t<RepT<C>>;
};

/// aux = {batch, M, K, N, tf32}
template <DType A, DType C> void execDot(const Instr &ins, Frame &f)
{
    using TA = RepT<A>;
    using TC = RepT<C>;
    // Products and sums in fp32 for narrow floats, fp64 for fp64, the accumulator's integer type
    // otherwise.
    using Acc = typename DotAcc<C>::T;
    const std::int64_t batch = ins.aux[0], M = ins.aux[1], K = ins.aux[2], N = ins.aux[3];
    const bool tf32 = ins.aux[4] != 0;
    const TA *a = f.ptr<TA>(ins.in[0]);
    const TA *b = f.ptr<TA>(ins.in[1]);
    const TC *c = f.ptr<TC>(ins.in[2]);
    TC *out = f.ptr<TC>(ins.out[0]);
    std::vector<Acc> row(static_cast<std::size_t>(N));
    std::vector<Acc> bConv(static_cast<std::size_t>(K * N));
    for (std::int64_t bt = 0; bt < batch; ++bt) {
        const TA *ab = a + bt * M * K;
        const TA *bb = b + bt * K * N;
        for (std::int64_t k = 0; k < K * N; ++k) {
            if constexpr (std::is_same_v<TA, float>)
                bConv[std::size_t(k)] = Acc(tf32 ? roundTf32(bb[k]) : bb[k]);
            else
                bConv[std::size_t(k)] = Acc(bb[k]);
        }
        for (std::int64_t m = 0; m < M; ++m) {
            const TC *cr = c + (bt * M + m) * N;
            for (std::int64_t n = 0; n < N; ++n)
                row[std::size_t(n)] = Acc(cr[n]);
            for (std::int64_t k = 0; k < K; ++k) {
                Acc av;
                if constexpr (std::is_same_v<TA, float>)
                    av = Acc(tf32 ? roundTf32(ab[m * K + k]) : ab[m * K + k]);
                else
                    av = Acc(ab[m * K + k]);
                const Acc *br = bConv.data() + k * N;
                for (std::int64_t n = 0; n < N; ++n)
                    row[std::size_t(n)] += av * br[n];
            }
            TC *orow = out + (bt * M + m) * N;
            for (std::int64_t n = 0; n < N; ++n)
                orow[n] = normalize<C>(TC(row[std::size_t(n)]));
        }
    }
}

bool bindDot(Instr &ins, const ir::Op &op, BindContext &ctx)
{
    const ir::Type &at = ctx.type(op.operands[0]);
    const ir::Type &bt = ctx.type(op.operands[1]);
    const ir::Type &ct = ctx.type(op.operands[2]);
    const ir::Type &rt = ctx.type(op.result());
    TSM_INTERP_ASSERT(at.shape.size() == bt.shape.size() && at.shape.size() == ct.shape.size());
    TSM_INTERP_ASSERT(at.shape.size() == 2 || at.shape.size() == 3);
    // fp8 operands may mix formats: their slots both hold floats.
    TSM_INTERP_ASSERT(ct.dtype == rt.dtype
                      && (at.dtype == bt.dtype || (isFp8(at.dtype) && isFp8(bt.dtype))));
    const std::size_t r = at.shape.size();
    const std::int64_t batch = r == 3 ? at.shape[0] : 1;
    ins.aux = {batch,
               at.shape[r - 2],
               at.shape[r - 1],
               bt.shape[r - 1],
               op.i == 0 && at.dtype == DType::F32 ? 1 : 0};
    ins.fn = dispatchDType(at.dtype, [&]<DType A>() -> ExecFn {
        return dispatchDType(rt.dtype, []<DType C>() -> ExecFn {
            if constexpr (kFloat<A> == kFloat<C> && C != DType::I1 && A != DType::I1)
                return &execDot<A, C>;
            else
                return nullptr;
        });
    });
    if (!ins.fn)
        return ctx.unsupported(op,
                               "tl.dot of " + std::string(dtypeShortName(at.dtype)) + " into "
                                   + std::string(dtypeShortName(rt.dtype)));
    return true;
}

} // namespace

bool bindReduceOp(Instr &ins, const ir::Op &op, BindContext &ctx)
{
    if (op.code == ir::OpCode::Dot)
        return bindDot(ins, op, ctx);
    const bool scan = op.code == ir::OpCode::Scan;
    TSM_INTERP_ASSERT(!op.operands.empty() && op.operands.size() == op.results.size());
    const ir::Type &t0 = ctx.type(op.operands[0]);
    TSM_INTERP_ASSERT(op.i >= 0 && std::size_t(op.i) < t0.shape.size());
    std::int64_t outer = 1, inner = 1;
    for (std::size_t d = 0; d < t0.shape.size(); ++d) {
        if (std::int64_t(d) < op.i)
            outer *= t0.shape[d];
        else if (std::int64_t(d) > op.i)
            inner *= t0.shape[d];
    }
    ins.aux = {outer, t0.shape[std::size_t(op.i)], inner};
    for (ir::ValueId v : op.operands)
        ins.aux.push_back(ctx.plan.slots[v].elemBytes);
    const ir::Region &r = op.regions[0];
    TSM_INTERP_ASSERT(r.args.size() == 2 * op.operands.size());
    if (const ir::Op *bin = singleOpCombine(op)) {
        ins.aux.push_back(bin->i); // aux[4]: the op's propagate_nan attribute
        ins.fn = scan ? fastCombine<true>(bin->code, t0.dtype)
                      : fastCombine<false>(bin->code, t0.dtype);
        if (ins.fn)
            return true;
        ins.aux.pop_back();
    }
    ins.fn = scan ? &execCombine<true> : &execCombine<false>;
    return true;
}

} // namespace tsm::interp
