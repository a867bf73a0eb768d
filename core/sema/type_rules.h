#pragma once
// Triton's typing rules for binary operators (python/triton/language/semantic.py:
// computation_type_impl, integer_promote_impl, binary_op_type_checking_impl), apart from the
// syntax walker: which dtype the operands are converted to and which dtype the result has, or why
// Triton rejects the pair. Checked against tests/data/oracle/triton_binary_op_dtypes.json.

#include "core/sema/dtype.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tsm::sema {

/// The binary operators the rules distinguish (all comparisons share one rule).
enum class ArithOp : std::uint8_t {
    Add,
    Sub,
    Mul,
    TrueDiv,
    FloorDiv,
    Mod,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    Compare,
    MinMax,
    Select ///< tl.where's two values: typed like minimum/maximum, but fp8 needs no arithmetic
};

/// One operand: a tensor (block or runtime scalar) of `dtype`, possibly a pointer, or a Python
/// number (weakly typed: `dtype` is what Triton's to_tensor_type gives it).
struct TypeOperand
{
    DType dtype = DType::I32;
    bool pointer = false;
    enum class Py : std::uint8_t { No, Int, Float } py = Py::No;
    /// Python ints: the value (range checks against the computation type).
    std::int64_t intValue = 0;
};

struct BinaryTyping
{
    /// Empty when the pair is valid; else the reason, for IncompatibleTypes' third argument
    /// (" for '//': ..."), or a full message when `typeError` is set.
    std::string error;
    /// The error is not about the dtype pair but about a Python scalar's value
    /// ("Scalar 300 is out of range for type int8").
    bool typeError = false;
    /// Both operands are converted to this before the op (pointer ops: the offset's dtype).
    DType operandDType = DType::I32;
    /// The result's element dtype (int1 for comparisons, fp32 for int / int, ...).
    DType resultDType = DType::I32;
    bool resultPointer = false;

    bool ok() const { return error.empty(); }
};

/// The dtype Triton gives a Python int constant (int32, uint32, int64, uint64 by value).
DType pyIntDType(std::int64_t value);
/// The dtype Triton gives a Python float constant (fp32 unless outside fp32's range: fp64).
DType pyFloatDType(double value);

/// Triton's integer promotion (C's usual arithmetic conversions on width and signedness; int1
/// counts as unsigned).
DType integerPromote(DType a, DType b);

/// The typing of `a op b`.
BinaryTyping binaryTyping(ArithOp op, const TypeOperand &a, const TypeOperand &b);

/// Why Triton's NVIDIA backend has no conversion from `from` to `to` (fp8 converts only to and
/// from fp16, bf16 and fp32, rounding to nearest even), or empty when it has one. `rounding` is
/// the cast's fp_downcast_rounding (1: rtz).
std::string castRestriction(DType from, DType to, int rounding);

/// "+", "//", "<" ...
std::string_view arithOpSpelling(ArithOp op);

} // namespace tsm::sema
