// tl.dot on Hopper's warpgroup tensor cores (wgmma.mma_async, sm_90a), for fp16 / bf16 inputs
// (k16), fp8 e4m3 / e5m2 inputs in any pairing (k32) and fp32 inputs as tf32 (k8; the tensor
// cores read each value's top 19 bits, as under Triton) with an fp32 accumulator; the 8- and
// 32-bit forms have no transpose bits, so both operands are K-major and a row-major b is staged
// transposed from registers, as Triton's MMAv3 lowering (DotOpToLLVM/WGMMA.cpp): the operands
// are staged in shared memory in the swizzled layout a wgmma matrix descriptor names
// (codegen::wgmmaStaging; by cp.async straight from global memory when the loads were
// pipelined, else from registers), then each warpgroup issues repM x repN m64nNk16
// instructions per 16-wide step along K, reading both operands from shared memory through
// descriptors, and waits for them before the accumulator is read. The result is in the wgmma
// accumulator layout (codegen::wgmmaAccumulatorLayout): a loop-carried accumulator never
// leaves registers.
//
// Numerics are those of mma.sync (emit_mma.cpp): exact products, fp32 sums in the tensor
// core's order; an fp16 out_dtype rounds the fp32 sum once at the end. tf32 differs: mma.sync's
// staging rounds each input to nearest (the interpreter's rounding), wgmma's drops the low 13
// bits, as cp.async copies the fp32 values unchanged.

#include "core/codegen/emit_context.h"
#include "core/codegen/mma_layout.h"

#include <bit>

namespace tsm::codegen {
namespace {

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

int log2i(std::int64_t v)
{
    return v <= 1 ? 0 : std::bit_width(std::uint64_t(v)) - 1;
}

} // namespace

void Emitter::emitWgmmaDot(const ir::Op &op)
{
    const ir::ValueId a = op.operands[0], b = op.operands[1], acc = op.operands[2];
    const ir::ValueId res = op.result();
    const ir::Type &at = k.type(a), &bt = k.type(b), &rt = k.type(res);
    const Layout &lc = layout(res);
    if (!lc.sameAs(wgmmaAccumulatorLayout(rt.shape, k.numWarps)))
        return unsupported(op, "tl.dot on wgmma with its result in " + lc.toString());
    archSpecific = true;

    const DotStagingPlan plan = stagingPlan(op);
    const WgmmaTiling t = wgmmaTiling(rt.shape, k.numWarps);
    const WgmmaStaging st = wgmmaStaging(at, bt, plan.aKMajor, plan.bKMajor, t.instrN);
    const DType in = at.dtype, out = rt.dtype;
    const int e = dtypeBytes(in);
    // fp8 (either format in either operand): k32 instructions; tf32 (fp32 inputs): k8. Both
    // operands K-major in either case, and a K step is 32 bytes of each row, as for fp16.
    const bool fp8 = isFp8(in), tf32 = in == DType::F32;
    const std::int64_t kStep = fp8 ? 32 : tf32 ? 8 : 16;
    const std::string inName = fp8 && bt.dtype != in
                                   ? std::string(dtypeShortName(in)) + " x " + std::string(dtypeShortName(bt.dtype))
                                   : std::string(dtypeShortName(in));
    const std::string accInit = elem(acc, lc);
    declare(res);
    const std::string rn = name(res);
    const bool direct = out == DType::F32;
    const std::string sum = direct ? rn : fresh("dot_acc");
    const int R = lc.numRegs();

    line("// tl.dot: a [" + str(st.M) + "x" + str(st.K) + "] and b [" + str(st.K) + "x" + str(st.N) + "] "
         + inName + " on tensor cores (wgmma m64n" + str(t.instrN) + "k" + str(kStep)
         + " from swizzled shared memory, fp32 accumulation): warpgroups " + str(t.wgM) + "x" + str(t.wgN)
         + ", each " + str(t.repM) + "x" + str(t.repN) + " instructions per step along K");
    if (!direct)
        line("float " + sum + "[" + str(R) + "];");
    open("");
    const StagedDot sd = stageDotOperands(op, plan, true);
    noteDot(op, dotPathName(DotPath::Wgmma),
            str(st.M) + "x" + str(st.N) + "x" + str(st.K) + " " + inName + ", m64n" + str(t.instrN) + "k"
                + str(kStep) + ", warpgroups " + str(t.wgM) + "x" + str(t.wgN) + ", swizzle "
                + str(st.a.swizzle) + "/" + str(st.b.swizzle) + " B" + sd.buffering);
    unrolledLoop(R, sum + "[r] = " + (direct ? accInit : "__half2float(" + accInit + ")") + ";");

    // Each warpgroup's first instruction tile: rows 64 * (wg % wgM), columns instrN * (wg / wgM);
    // instruction tiles and K steps move the descriptors' start addresses (SwizzledOperand::tileOffset).
    const std::string wg = "(warp >> 2)";
    const std::string wgRow = t.wgM > 1 ? "(" + wg + " & " + str(t.wgM - 1) + ")" : "0";
    const std::string wgCol = t.wgN > 1 ? "(" + wg + " >> " + str(log2i(t.wgM)) + ")" : "0";
    auto descriptor = [&](const std::string &name, const std::string &area, const SwizzledOperand &o,
                          const std::string &wgIndex, std::int64_t wgStep) {
        // Leading byte offset: between panels (MN-major, an instruction wider than a panel);
        // stride byte offset: between 8-row atoms.
        const std::int64_t lbo = o.leadingByteOffset(), sbo = o.strideByteOffset();
        std::string addr = "(unsigned)__cvta_generic_to_shared(" + area + ")";
        if (wgIndex != "0")
            addr += " + " + wgIndex + " * " + str(o.tileOffset(wgStep, 0, e));
        line("const unsigned long long " + name + " = tsm::wgmma_desc<" + str(o.swizzle) + ">(" + addr + ", "
             + str(lbo) + ", " + str(sbo) + ");");
    };
    const bool aRegs = plan.home[0] == OperandHome::Registers;
    const std::string da = fresh("dot_da"), db = fresh("dot_db");
    // a from registers (wgmmaRegisterOperandLayout): instruction tile i's A fragment of the
    // 16-wide K step kk is registers (K / 2) i + 8 kk / 16 + 0 .. 7 of a, packed in pairs.
    const std::string ra = fresh("dot_ra");
    const std::int64_t aFrags = t.repM * (st.K / 16) * 4;
    if (aRegs) {
        line("unsigned " + ra + "[" + str(aFrags) + "]; // a's A fragments, two elements each");
        unrolledLoop(int(aFrags), ra + "[r] = tsm::pack2(" + name(a) + "[2 * r], " + name(a) + "[2 * r + 1]);");
    } else {
        descriptor(da, sd.a, st.a, wgRow, 64);
    }
    descriptor(db, sd.b, st.b, wgCol, t.instrN);
    line("tsm::wgmma_fence_regs<" + str(R) + ">(" + sum + ");");
    line("tsm::wgmma_fence(); // the accumulator registers are ready for the tensor cores");
    const std::string bf16 = in == DType::BF16 ? "true" : "false";
    auto fp8Code = [](DType d) { return d == DType::F8E5 ? "1" : "0"; };
    // The instruction, up to the index of its first accumulator register.
    const std::string call
        = fp8    ? "tsm::WgmmaFp8<" + str(t.instrN) + ", " + fp8Code(in) + ", " + fp8Code(bt.dtype) + ">::run(&"
          : tf32 ? "tsm::WgmmaTf32<" + str(t.instrN) + ">::run(&"
                 : "tsm::Wgmma<" + str(t.instrN) + ", " + bf16 + ", " + (plan.aKMajor ? "0" : "1") + ", "
                    + (plan.bKMajor ? "0" : "1") + ">::" + (aRegs ? "run_rs" : "run") + "(&";
    // max_num_imprecise_acc n <= K (fp8, fp32 result): the tensor cores sum into a fresh
    // partial accumulator, added to the fp32 one every ceil(n / 32) instructions along K and at
    // the end, as Triton's WGMMA lowering does; each partial waits for its group first.
    const bool partial = fp8 && direct && !op.ints.empty();
    const std::int64_t flushSteps = partial ? std::max<std::int64_t>(1, (op.ints[0] + kStep - 1) / kStep) : 0;
    const std::string part = partial ? fresh("dot_part") : std::string();
    if (partial)
        line("float " + part + "[" + str(R) + "] = {}; // a partial sum of at most " + str(flushSteps * kStep)
             + " products along K (max_num_imprecise_acc=" + str(op.ints[0]) + ")");
    auto issue = [&](std::int64_t kk, bool fresh) {
        for (int i = 0; i < t.repM; ++i)
            for (int j = 0; j < t.repN; ++j) {
                const std::int64_t offA = aRegs ? 0 : st.a.tileOffset(64 * t.wgM * i, kk, e);
                const std::int64_t offB = st.b.tileOffset(t.instrN * t.wgN * j, kk, e);
                const std::string aArg = aRegs ? "&" + ra + "[" + str(4 * (i * (st.K / 16) + kk / 16)) + "]"
                                               : da + (offA ? " + " + str(offA >> 4) : std::string());
                line(call + (partial ? part : sum) + "[" + str(t.instrN / 2 * (j + t.repN * i)) + "], " + aArg
                     + ", " + db
                     + (offB ? " + " + str(offB >> 4) : std::string()) + (partial ? (fresh ? ", 0" : ", 1") : "")
                     + ");");
            }
    };
    if (partial) {
        for (std::int64_t k0 = 0; k0 < st.K; k0 += flushSteps * kStep) {
            line("tsm::wgmma_fence_regs<" + str(R) + ">(" + part + ");");
            line("tsm::wgmma_fence(); // the partial sum's registers are ready for the tensor cores");
            for (std::int64_t kk = k0; kk < std::min(st.K, k0 + flushSteps * kStep); kk += kStep)
                issue(kk, kk == k0);
            line("tsm::wgmma_commit();");
            line("tsm::wgmma_wait<0>();");
            line("tsm::wgmma_fence_regs<" + str(R) + ">(" + part + ");");
            unrolledLoop(R, sum + "[r] += " + part + "[r];");
        }
    } else {
        // Descriptors advance by adding byte offsets >> 4 to the start address field.
        for (std::int64_t kk = 0; kk < st.K; kk += kStep)
            issue(kk, false);
    }
    if (!partial)
        line("tsm::wgmma_commit();");
    if (sd.async && sd.async->overlap && !partial) {
        // The previous iteration's group is done (its buffer may be refilled two iterations
        // on); this one's runs on while the next iteration copies and waits. The loop's exit
        // waits for it before the accumulator is read.
        line("tsm::wgmma_wait<1>(); // the accumulator is carried to the next dot, still in flight");
    } else {
        line("tsm::wgmma_wait<0>(); // the accumulator is final");
        line("tsm::wgmma_fence_regs<" + str(R) + ">(" + sum + ");");
        if (aRegs)
            line("tsm::wgmma_fence_uregs<" + str(aFrags) + ">(" + ra + "); // a's registers were in use until the wait");
    }
    if (sd.async)
        line(sd.async->slot + " = " + sd.async->next() + ";");
    close();
    if (!direct)
        unrolledLoop(R, rn + "[r] = __float2half_rn(" + sum + "[r]);");
}

} // namespace tsm::codegen
