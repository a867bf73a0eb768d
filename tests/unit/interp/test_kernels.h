#pragma once
// The kernels the interpreter's tests and benchmark run, written as sema would lower them.

#include "tests/unit/interp/kernel_builder.h"

#include <limits>

namespace tsm::interp::test {

/// swish_kernel(x_ptr, output_ptr, n_elements, beta: constexpr, BLOCK_SIZE: constexpr):
/// out = x / (1 + exp(-beta * x)) over BLOCK elements per program, masked by n_elements.
inline std::shared_ptr<const ir::Kernel> swishKernel(std::int64_t block, double beta = 1.0)
{
    KernelBuilder b("swish_kernel");
    const ValueId x = b.param("x_ptr", ptrT(DType::F32));
    const ValueId out = b.param("output_ptr", ptrT(DType::F32));
    const ValueId n = b.param("n_elements", scalarT(DType::I32));
    b.constexprParam("beta");
    b.constexprParam("BLOCK_SIZE");
    const Shape s{block};
    const ValueId start = b.bin(OpCode::Mul, b.pid(0), b.constI(block));
    const ValueId offs = b.bin(OpCode::Add, b.splat(start, s), b.range(0, block));
    const ValueId mask = b.cmp(2, offs, b.splat(n, s));
    const ValueId xv = b.load(b.ptrs(x, offs), mask);
    const ValueId t = b.bin(OpCode::Mul, b.constF(-beta, DType::F32, s), xv);
    const ValueId den = b.bin(OpCode::Add, b.constF(1.0, DType::F32, s), b.math("exp", {t}));
    b.store(b.ptrs(out, offs), b.bin(OpCode::FDiv, xv, den), mask);
    return b.finish();
}

/// softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK: constexpr):
/// one program per row.
inline std::shared_ptr<const ir::Kernel> softmaxKernel(std::int64_t block)
{
    KernelBuilder b("softmax_kernel");
    const ValueId out = b.param("output_ptr", ptrT(DType::F32));
    const ValueId in = b.param("input_ptr", ptrT(DType::F32));
    const ValueId inStride = b.param("input_row_stride", scalarT(DType::I32));
    const ValueId outStride = b.param("output_row_stride", scalarT(DType::I32));
    const ValueId nCols = b.param("n_cols", scalarT(DType::I32));
    b.constexprParam("BLOCK_SIZE");
    const Shape s{block};
    const ValueId row = b.pid(0);
    const ValueId cols = b.range(0, block);
    const ValueId mask = b.cmp(2, cols, b.splat(nCols, s));
    const ValueId inRow = b.addptr(in, b.bin(OpCode::Mul, row, inStride));
    const ValueId x = b.load(b.ptrs(inRow, cols),
                             mask,
                             b.constF(-std::numeric_limits<double>::infinity(), DType::F32, s));
    const ValueId mx = b.reduce(x, 0, OpCode::Max);
    const ValueId num = b.math("exp", {b.bin(OpCode::Sub, x, b.splat(mx, s))});
    const ValueId den = b.reduce(num, 0, OpCode::Add);
    const ValueId y = b.bin(OpCode::FDiv, num, b.splat(den, s));
    const ValueId outRow = b.addptr(out, b.bin(OpCode::Mul, row, outStride));
    b.store(b.ptrs(outRow, cols), y, mask);
    return b.finish();
}

} // namespace tsm::interp::test
