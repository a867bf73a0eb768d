// tl.dot through FMA (fp16 / bf16 on sm_80+ take tensor cores: emit_mma.cpp), as Triton's FMA dot
// (lib/Conversion/TritonGPUToLLVM/DotOpToLLVM/FMA.cpp) but with the operands staged in shared
// memory: every thread writes the a and b elements it holds into tsm_smem (a as [M][K+1], b as
// [K][N+1]: codegen::dotStaging), then computes the result elements its layout gives it. For
// each step along K it reads one value per row it owns from a and one per column from b into
// registers and does rows x columns FMAs, so a thread owning an 8x4 tile reads 12 values for 32
// FMAs. K ascends as in the interpreter, so results differ from it only by the rounding of
// fma against its separate multiply and add.
//
// Numerics follow the interpreter (core/interp/exec_reduce.cpp): fp16 / bf16 / fp32 inputs
// multiply and accumulate in fp32, fp64 in fp64, int8 / uint8 in 32-bit integers that wrap;
// input_precision tf32 (the default for fp32) first rounds fp32 inputs to tf32 (10 mantissa
// bits, to nearest with ties away from zero, the bits of cvt.rna.tf32.f32), tf32x3 and ieee use
// them unchanged. An fp16 out_dtype rounds the fp32 sum once at the end.

#include "core/codegen/emit_context.h"
#include "core/codegen/mma_layout.h"
#include "core/codegen/shared_memory.h"

#include <bit>

namespace tsm::codegen {
namespace {

int log2i(std::int64_t v)
{
    return v <= 1 ? 0 : std::bit_width(std::uint64_t(v)) - 1;
}

/// The C type products and sums are computed in.
std::string computeType(DType out)
{
    if (out == DType::F64)
        return "double";
    return isFloat(out) ? "float" : "unsigned";
}

/// `e`, an element of dtype `t`, in the compute type.
std::string widen(DType t, const std::string &e, const std::string &compute)
{
    if (isFloat(t) && t != DType::F32 && t != DType::F64)
        return narrowFloatToF32(t, e);
    if (compute == "unsigned")
        return "(unsigned)" + e; // int8 sign-extends, uint8 zero-extends: the interpreter's wrap
    return e;
}

/// The compute type's value `e` as the result dtype.
std::string narrow(DType out, const std::string &e)
{
    switch (out) {
    case DType::F16: return "__float2half_rn(" + e + ")";
    case DType::I32: return "(int)" + e;
    default: return e;
    }
}

std::string orZero(const std::string &e)
{
    return e.empty() ? "0" : e;
}

const char *precisionName(std::int64_t i)
{
    return i == 0 ? "tf32" : i == 1 ? "tf32x3" : "ieee";
}

} // namespace

void Emitter::noteDot(const ir::Op &op, std::string path, std::string detail)
{
    DotInfo d;
    if (file && op.span.file == file->id() && op.span.end != 0)
        d.line = file->lineCol(op.span.begin).line;
    if (path != dotPathName(DotPath::Fma)) {
        const DType in = k.type(op.operands[0]).dtype;
        d.input = in == DType::F32 ? "tf32" : isFp8(in) ? "fp8" : in == DType::BF16 ? "bf16" : "fp16";
    }
    d.path = std::move(path);
    d.detail = std::move(detail);
    dots.push_back(std::move(d));
}

void Emitter::emitDot(const ir::Op &op)
{
    const ir::ValueId a = op.operands[0], b = op.operands[1], acc = op.operands[2];
    const ir::ValueId res = op.result();
    const ir::Type &at = k.type(a), &bt = k.type(b), &rt = k.type(res);
    switch (dotPath(k, op, lk.computeCapability)) {
    case DotPath::MmaSync: return emitMmaDot(op);
    case DotPath::Wgmma: return emitWgmmaDot(op);
    case DotPath::Fma: break;
    }
    const Layout &lc = layout(res);
    if (!fmaDotLayoutOk(lc))
        return unsupported(op, "tl.dot computing its result in " + lc.toString());

    const DotStaging st = dotStaging(at, bt);
    needShared(st.bytes, op.span, dotDescription(at, bt));
    // input_precision means something for fp32 inputs only (ieee, tf32x3 here).
    const std::string precision = at.dtype == DType::F32 ? " (" + std::string(precisionName(op.i)) + ")" : "";
    const bool batched = rt.shape.size() == 3;
    noteDot(op, dotPathName(DotPath::Fma),
            (batched ? std::to_string(st.B) + "x" : std::string()) + std::to_string(st.M) + "x"
                + std::to_string(st.N) + "x" + std::to_string(st.K) + " " + std::string(dtypeShortName(at.dtype))
                + precision);
    const DType in = at.dtype, inB = bt.dtype, out = rt.dtype; // fp8 operands may mix formats
    const std::string inT = cType(in), comp = computeType(out);
    const bool tf32 = op.i == 0 && in == DType::F32;

    // Operands in their own layouts (a uniform block is written out), the accumulator in the
    // result's.
    const std::string an = operandIn(a, layout(a));
    const std::string bn = operandIn(b, layout(b));
    const std::string accInit = elem(acc, lc);
    declare(res);
    const std::string rn = name(res);
    const bool direct = comp == cType(out); // accumulate in the result's array
    const std::string sum = direct ? rn : fresh("dot_acc");
    const int R = lc.numRegs();

    // Which register bits select rows and which columns (every basis is one bit of the flat
    // index row * N + col). In a batched dot (flat index (batch * M + row) * N + col) a batch
    // bit selects both: a row of a staged [B * M][K] (a row bit like any other) and the batch
    // of b staged [B * K][N] (colBatches: the batch index it adds).
    const int nb = log2i(st.N), mnb = log2i(st.M * st.N);
    std::vector<std::int64_t> rowOfReg, colOfReg, rowOffsets, colOffsets, colBatches;
    for (std::int64_t base : lc.regBases) {
        const bool batch = base >= st.M * st.N;
        if (base >= st.N) {
            rowOfReg.push_back(std::int64_t(1) << rowOffsets.size());
            rowOffsets.push_back(base >> nb);
        } else {
            rowOfReg.push_back(0);
        }
        if (base < st.N || batch) {
            colOfReg.push_back(std::int64_t(1) << colOffsets.size());
            colOffsets.push_back(batch ? 0 : base);
            colBatches.push_back(batch ? base >> mnb : 0);
        } else {
            colOfReg.push_back(0);
        }
    }
    const int RM = 1 << rowOffsets.size(), RN = 1 << colOffsets.size();
    const int regBits = int(lc.regBases.size());

    const std::string bx = batched ? std::to_string(st.B) + "x" : std::string();
    line("// tl.dot: a [" + bx + std::to_string(st.M) + "x" + std::to_string(st.K) + "] and b [" + bx
         + std::to_string(st.K) + "x" + std::to_string(st.N) + "] " + std::string(dtypeShortName(in))
         + precision + " through shared memory, then per thread " + std::to_string(RM)
         + " rows x " + std::to_string(RN) + " columns of FMAs along K");
    if (!direct)
        line(comp + " " + sum + "[" + std::to_string(R) + "];");
    open("");
    const std::string sa = fresh("dot_a"), sb = fresh("dot_b");
    const std::string bRows = batched ? std::to_string(st.B) + " * " : std::string();
    line(inT + " *" + sa + " = reinterpret_cast<" + inT + " *>(tsm_smem); // [" + bRows + std::to_string(st.M)
         + "][" + std::to_string(st.strideA) + "]");
    line(inT + " *" + sb + " = reinterpret_cast<" + inT + " *>(tsm_smem + " + std::to_string(st.offsetB)
         + "); // [" + bRows + std::to_string(st.K) + "][" + std::to_string(st.strideB) + "]");
    std::string tf32fn;
    if (tf32) {
        tf32fn = fresh("tf32");
        line("// fp32 -> tf32: 10 mantissa bits, to nearest, ties away from zero (cvt.rna.tf32.f32)");
        line("auto " + tf32fn + " = [](float x) { const unsigned u = __float_as_uint(x); return "
             "__uint_as_float((u & 0x7f800000u) == 0x7f800000u ? u : (u + 0x1000u) & 0xffffe000u); };");
    }
    auto stage = [&](const std::string &dst, const std::string &src, const Layout &l,
                     std::int64_t rowLen) {
        const std::string value = tf32fn.empty() ? src + "[r]" : tf32fn + "(" + src + "[r])";
        unrolledLoop(l.numRegs(), "{ const int f = " + flatIndexExpr(l, "r") + "; " + dst + "[f + (f >> "
                                      + std::to_string(log2i(rowLen)) + ")] = " + value + "; }");
    };
    line("__syncthreads(); // earlier readers of the buffer are done");
    stage(sa, an, layout(a), st.K);
    stage(sb, bn, layout(b), st.N);
    line("__syncthreads();");
    unrolledLoop(R, sum + "[r] = " + widen(out, accInit, comp) + ";");

    // The thread's first row (times a's row length) and first column.
    const std::string tp = threadPart(lc.laneBases, lc.warpBases);
    const std::string rowBase = fresh("dot_row"), colBase = fresh("dot_col");
    line("const int " + rowBase + " = "
         + (tp.empty() ? "0" : "(" + tp + " >> " + std::to_string(nb) + ") * " + std::to_string(st.strideA))
         + ";");
    line("const int " + colBase + " = "
         + (tp.empty() ? "0" : tp + " & " + std::to_string(st.N - 1)) + ";");
    // Batched: the thread's batch, as b's first row (K rows of b per batch).
    std::string batchBase;
    if (batched) {
        batchBase = fresh("dot_batch");
        line("const int " + batchBase + " = "
             + (tp.empty() ? "0" : "(" + tp + " >> " + std::to_string(mnb) + ") * " + std::to_string(st.K)) + ";");
    }
    const std::string kk = fresh("dot_k"), ra = fresh("dot_ra"), rb = fresh("dot_rb");
    line("#pragma unroll 4");
    open("for (int " + kk + " = 0; " + kk + " < " + std::to_string(st.K) + "; ++" + kk + ")");
    line(comp + " " + ra + "[" + std::to_string(RM) + "], " + rb + "[" + std::to_string(RN) + "];");
    line("#pragma unroll");
    open("for (int i = 0; i < " + std::to_string(RM) + "; ++i)");
    line(ra + "[i] = "
         + widen(in,
                 sa + "[" + rowBase + " + (" + orZero(linearExpr("i", int(rowOffsets.size()), rowOffsets))
                     + ") * " + std::to_string(st.strideA) + " + " + kk + "]",
                 comp)
         + ";");
    close();
    line("#pragma unroll");
    open("for (int i = 0; i < " + std::to_string(RN) + "; ++i)");
    const std::string bRow
        = batched ? "(" + batchBase + " + (" + orZero(linearExpr("i", int(colBatches.size()), colBatches)) + ") * "
                        + std::to_string(st.K) + " + " + kk + ")"
                  : kk;
    line(rb + "[i] = "
         + widen(inB,
                 sb + "[" + bRow + " * " + std::to_string(st.strideB) + " + " + colBase + " + ("
                     + orZero(linearExpr("i", int(colOffsets.size()), colOffsets)) + ")]",
                 comp)
         + ";");
    close();
    const std::string x = ra + "[" + orZero(linearExpr("r", regBits, rowOfReg)) + "]";
    const std::string y = rb + "[" + orZero(linearExpr("r", regBits, colOfReg)) + "]";
    if (comp == "unsigned")
        unrolledLoop(R, sum + "[r] += " + x + " * " + y + ";");
    else
        unrolledLoop(R, sum + "[r] = " + std::string(comp == "double" ? "fma(" : "fmaf(") + x + ", " + y
                            + ", " + sum + "[r]);");
    close();
    close();
    if (!direct)
        unrolledLoop(R, rn + "[r] = " + narrow(out, sum + "[r]") + ";");
}

} // namespace tsm::codegen
