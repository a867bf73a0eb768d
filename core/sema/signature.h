#pragma once
// A launch signature: what the Specializer may assume about each argument of one launch.
// Triton specializes on exactly these facts (LANGUAGE.md "Scalar arguments specialize as Triton
// does"), so two launches with equal keys share one compiled kernel.

#include "core/sema/dtype.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsm::sema {

/// A compile-time value: a constexpr argument, a folded expression, a global constant.
struct ConstValue
{
    enum class Kind : std::uint8_t { None, Bool, Int, Float, String, DType };
    Kind kind = Kind::None;
    bool b = false;
    std::int64_t i = 0;
    double f = 0.0;
    std::string s;
    tsm::DType dtype = tsm::DType::F32;

    static ConstValue none() { return {}; }
    static ConstValue ofBool(bool v);
    static ConstValue ofInt(std::int64_t v);
    static ConstValue ofFloat(double v);
    static ConstValue ofString(std::string v);
    static ConstValue ofDType(tsm::DType v);
    bool operator==(const ConstValue &) const = default;
    /// Python's repr: "None", "True", "128", "1.702", "'x'", "tl.float32".
    std::string repr() const;
};

/// What one argument of a launch is.
struct ArgSpec
{
    enum class Kind : std::uint8_t {
        Pointer,   ///< a tensor: `dtype` is its element type
        Int,       ///< a Python int: `dtype` is I32, I64 or U64 by value, as Triton picks
        Float,     ///< a Python float: `dtype` is F32
        Bool,      ///< a Python bool: `dtype` is I1
        Constexpr, ///< a tl.constexpr parameter (or None): `value` holds it
        TensorDesc, ///< a host TensorDescriptor: `dtype` its element type, `blockShape`, `value`
                    ///< the padding ("zero" / "nan"); passed as base, shape and strides
    };
    Kind kind = Kind::Int;
    tsm::DType dtype = tsm::DType::I32;
    /// Pointers: the address is a multiple of 16 bytes. Ints: the value is a multiple of 16.
    bool divisibleBy16 = false;
    /// Ints equal to 1 are compiled as the constant 1 (Triton's specialization).
    bool equalsOne = false;
    ConstValue value;
    /// TensorDesc: the block shape (compiled in, as Triton's tensordesc<fp16[64, 64]> type).
    std::vector<std::int64_t> blockShape;
    /// TensorDesc: bit d is set when shape[d] is a multiple of 16 (specialized like an int, so
    /// that bounds masks stay constant across vectors).
    std::uint32_t shapeDivisibleBy16 = 0;

    /// A Python int as Triton specializes it: I32 or I64 by value, divisibility by 16, == 1.
    static ArgSpec ofInt(std::int64_t v);

    bool operator==(const ArgSpec &) const = default;
};

struct Signature
{
    /// One entry per parameter of the Python signature, constexprs included, in order.
    std::vector<ArgSpec> args;
    int numWarps = 4;
    int numStages = 3;
    /// triton.Config(maxnreg=) / the maxnreg launch option: registers per thread; 0 for none.
    int maxnreg = 0;

    bool operator==(const Signature &) const = default;
    /// A printable, stable cache key ("*fp32:16, i32, 1, constexpr 1024 | warps=4 stages=3").
    std::string key() const;
};

} // namespace tsm::sema
