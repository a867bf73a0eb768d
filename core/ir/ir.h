#pragma once
// The typed block IR: what sema produces for one specialization of a kernel and what every
// backend consumes. SSA values with structured control flow (regions), in the spirit of Triton's
// TTIR but with one plain Op struct: the op list is ops.def, each op's use of the generic
// attribute fields is documented there.
//
// A Kernel owns all values (ValueId indexes Kernel::values) and one body Region. Ops are stored
// by value inside their region; regions inside their op. Every op carries the span of the
// Python code it came from.

#include "core/sema/dtype.h"
#include "core/source/source_file.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::ir {

enum class OpCode : std::uint8_t {
#define IR_OP(Name, Mnemonic, Operands, Results, Regions, Attrs) Name,
#include "core/ir/ops.def"
};

enum class MathFn : std::uint8_t {
#define MATH_FN(Enum, Name, Arity, Domain) Enum,
#include "core/ir/math_fns.def"
};

/// "add", "load", ...
std::string_view opName(OpCode code);
/// Fixed operand / result / region counts from ops.def (-1 = variable).
int opOperandCount(OpCode code);
int opResultCount(OpCode code);
int opRegionCount(OpCode code);
/// The "attributes" spec string of ops.def.
std::string_view opAttrSpec(OpCode code);
/// The per-element arithmetic ops: operands of one shape, result of that shape, element k of
/// the result computed from element k of each operand (add ... shr, min, max, neg, not, cmp,
/// select, fma, math, addptr).
bool isElementwise(OpCode code);

/// "exp"; lookup by name for sema.
std::string_view mathFnName(MathFn fn);
int mathFnArity(MathFn fn);
std::optional<MathFn> findMathFn(std::string_view name);

/// The type of a value: element dtype, whether it is a pointer to that dtype, and the block shape
/// (empty = scalar). Every block dimension is a power of two.
struct Type
{
    DType dtype = DType::I32;
    bool pointer = false;
    std::vector<std::int64_t> shape;

    bool isScalar() const { return shape.empty(); }
    bool isBlock() const { return !shape.empty(); }
    std::int64_t numElements() const;
    /// The same type with a different shape / without the pointer.
    Type withShape(std::vector<std::int64_t> s) const { return Type{dtype, pointer, std::move(s)}; }
    Type scalar() const { return Type{dtype, pointer, {}}; }
    Type pointee() const { return Type{dtype, false, shape}; }
    bool operator==(const Type &) const = default;
};

/// "fp32", "<1024xfp32>", "ptr<fp16>", "<64x64xptr<fp16>>"
std::string typeToString(const Type &t);

using ValueId = std::uint32_t;
inline constexpr ValueId kNoValue = ~ValueId(0);

struct ValueInfo
{
    Type type;
    /// The Python variable it was assigned to, if any ("offsets"); printers and emitters derive
    /// readable names from it.
    std::string name;
    SourceSpan span;
};

struct Op;

/// A list of ops with block arguments (loop induction variable, carried values, combine
/// function parameters).
struct Region
{
    std::vector<ValueId> args;
    std::vector<Op> ops;
};

struct Op
{
    OpCode code = OpCode::Constant;
    SourceSpan span;
    std::vector<ValueId> operands;
    std::vector<ValueId> results;
    std::vector<Region> regions;
    // Generic attributes; which ones an op uses is its "attributes" entry in ops.def.
    std::int64_t i = 0;
    double f = 0.0;
    std::vector<std::int64_t> ints;
    std::string str;
    DType dtype = DType::I32;
    std::uint32_t flags = 0;

    ValueId result(std::size_t k = 0) const { return results[k]; }
};

/// What sema knew about one kernel parameter when it specialized.
struct Param
{
    std::string name;
    SourceSpan span;
    /// The runtime argument's value in the body; kNoValue for constexpr parameters and for
    /// parameters specialized to a constant (an integer equal to 1), which are folded.
    ValueId value = kNoValue;
    bool isConstexpr = false;
    /// Signature facts (Triton's specialization): a pointer's address is a multiple of 16
    /// bytes, or an integer's value is a multiple of 16. The CUDA backend's axis analysis
    /// vectorizes on them.
    bool divisibleBy16 = false;
    /// The base pointer of a host TensorDescriptor of this rank (0 for any other parameter);
    /// its shape and stride parameters follow it (lower_call.cpp). The CUDA backend may pass
    /// the descriptor a TMA tensor map as well (emit_tma.cpp).
    int tensorDescRank = 0;
};

struct Kernel
{
    std::string name;
    FileId file = 0;
    SourceSpan span;
    /// Every parameter of the Python signature, in order (constexprs included, with no value);
    /// a host TensorDescriptor is several (its base, shape and strides: lower_call.cpp).
    std::vector<Param> params;
    Region body;
    std::vector<ValueInfo> values;
    int numWarps = 4;
    int numStages = 3;
    /// Registers per thread the build may use (`__maxnreg__`); 0: the compiler's choice.
    int maxnreg = 0;

    const Type &type(ValueId v) const { return values[v].type; }
    /// Adds a value and returns its id.
    ValueId newValue(Type t, std::string name = {}, SourceSpan span = {});
};

/// Appends an op to `region` and returns it (a reference that is valid until the next append).
Op &appendOp(Region &region, OpCode code, SourceSpan span = {});

/// The op of `region` (or of a region inside it) whose results include `v`, or null (a kernel
/// parameter, a region argument). Scans the ops: a pass that asks often indexes them once
/// (passes::defSites).
const Op *definingOp(const Region &region, ValueId v);

} // namespace tsm::ir
