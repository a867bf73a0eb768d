#pragma once
// Compile-time evaluation of Python operators on constexpr values (ints, floats, bools, strings,
// None, dtypes), with Python's semantics: `//` floors, `%` takes the divisor's sign, `/` gives a
// float, `**` of ints stays an int. Kernels fold these before any IR is built.

#include "core/sema/signature.h"
#include "core/syntax/ast.h"

#include <optional>
#include <string>

namespace tsm::sema {

/// The result of folding, or an error message ("division by zero", "unsupported operand ...").
struct ConstResult
{
    std::optional<ConstValue> value;
    std::string error;
};

ConstResult foldBinary(ast::BinaryOp op, const ConstValue &a, const ConstValue &b);
ConstResult foldCompare(ast::CmpOp op, const ConstValue &a, const ConstValue &b);
ConstResult foldUnary(ast::UnaryOpKind op, const ConstValue &a);

/// Python truthiness (None, 0, 0.0, '' and False are false); dtypes are true.
bool constTruthy(const ConstValue &v);
/// Whether the value is a number (bool, int or float).
bool isNumber(const ConstValue &v);
/// Numbers as double (bools and ints converted).
double asDouble(const ConstValue &v);
/// Python's str() of the value ("1024", "True", "fp32" for dtypes as Triton prints them).
std::string constStr(const ConstValue &v);

} // namespace tsm::sema
