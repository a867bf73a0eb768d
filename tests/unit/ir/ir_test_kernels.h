#pragma once
// Small hand-built kernels for the IR's own tests.

#include "core/ir/ir.h"

namespace tsm::ir::test_kernels {

/// swish over one 1024-element block: out[i] = x[i] / (1 + exp(-beta * x[i])), masked by n.
inline Kernel swishKernel()
{
    Kernel k;
    k.name = "swish_kernel";
    const Type f32{DType::F32, false, {}}, i32{DType::I32, false, {}};
    const Type ptr{DType::F32, true, {}};
    const std::vector<std::int64_t> b{1024};
    const ValueId x = k.newValue(ptr, "x_ptr"), out = k.newValue(ptr, "output_ptr"),
                  n = k.newValue(i32, "n_elements");
    k.params = {{"x_ptr", {}, x, false},
                {"output_ptr", {}, out, false},
                {"n_elements", {}, n, false},
                {"beta", {}, kNoValue, true},
                {"BLOCK_SIZE", {}, kNoValue, true}};
    Region &r = k.body;
    auto op = [&](OpCode c, std::vector<ValueId> in, Type t, std::string name = {}) {
        Op &o = appendOp(r, c);
        o.operands = std::move(in);
        const ValueId v = k.newValue(std::move(t), std::move(name));
        o.results = {v};
        return v;
    };
    const ValueId pid = op(OpCode::ProgramId, {}, i32, "pid");
    Op *c = nullptr;
    const ValueId bs = op(OpCode::Constant, {}, i32);
    r.ops.back().i = 1024;
    const ValueId start = op(OpCode::Mul, {pid, bs}, i32, "block_start");
    const ValueId range = op(OpCode::MakeRange, {}, i32.withShape(b));
    r.ops.back().ints = {0, 1024};
    const ValueId startB = op(OpCode::Splat, {start}, i32.withShape(b));
    const ValueId offs = op(OpCode::Add, {startB, range}, i32.withShape(b), "offsets");
    const ValueId nB = op(OpCode::Splat, {n}, i32.withShape(b));
    const ValueId mask = op(OpCode::Cmp, {offs, nB}, Type{DType::I1, false, b}, "mask");
    r.ops.back().i = 2; // lt
    const ValueId xb = op(OpCode::Splat, {x}, ptr.withShape(b));
    const ValueId xp = op(OpCode::AddPtr, {xb, offs}, ptr.withShape(b));
    const ValueId xv = op(OpCode::Load, {xp, mask}, f32.withShape(b), "x");
    const ValueId nbeta = op(OpCode::Constant, {}, f32.withShape(b));
    r.ops.back().f = -1.0;
    const ValueId t = op(OpCode::Mul, {nbeta, xv}, f32.withShape(b));
    const ValueId e = op(OpCode::Math, {t}, f32.withShape(b));
    r.ops.back().str = "exp";
    const ValueId one = op(OpCode::Constant, {}, f32.withShape(b));
    r.ops.back().f = 1.0;
    const ValueId den = op(OpCode::Add, {one, e}, f32.withShape(b), "denominator");
    const ValueId res = op(OpCode::FDiv, {xv, den}, f32.withShape(b), "output");
    const ValueId ob = op(OpCode::Splat, {out}, ptr.withShape(b));
    const ValueId op2 = op(OpCode::AddPtr, {ob, offs}, ptr.withShape(b));
    Op &st = appendOp(r, OpCode::Store);
    st.operands = {op2, res, mask};
    (void)c;
    return k;
}

} // namespace tsm::ir::test_kernels
