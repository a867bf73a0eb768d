#pragma once
// The Specializer's walker (internal to core/sema): lowers one kernel's AST to the typed block IR
// with a value model (kernel_value.h). Split by family: lowerer.cpp (IR emission, conversions,
// broadcasting, operators), lower_expr.cpp, lower_stmt.cpp, lower_call.cpp (names, calls,
// inlining) and lower_builtins_*.cpp (the tl.* surface).

#include "core/sema/kernel_value.h"
#include "core/sema/specializer.h"
#include "core/sema/type_rules.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace tsm::sema {

class Lowerer;

/// Arguments of a builtin call, bound to the builtin's parameter names (builtins.def signature).
struct BuiltinArgs
{
    std::string fname;                       ///< "tl.load", for messages
    SourceSpan span;                         ///< the whole call
    std::vector<std::string> names;          ///< parameter names in order
    std::vector<std::optional<KValue>> vals; ///< bound values (nullopt = not given)
    std::vector<SourceSpan> spans;           ///< where each given value was written
    std::vector<KValue> rest; ///< values bound to *args (or all positionals, unbound)
    std::vector<SourceSpan> restSpans;

    /// The value given for `name`, or null.
    const KValue *get(std::string_view name) const;
    /// Where `name`'s value was written (the call when it was not given).
    SourceSpan spanOf(std::string_view name) const;
};

using BuiltinHandler = std::function<KValue(Lowerer &, BuiltinArgs &)>;
using BuiltinTable = std::unordered_map<std::string, BuiltinHandler>;

// Block pointers (lower_block_ptr.cpp).
KValue makeBlockPtr(Lowerer &l, BuiltinArgs &a);
KValue advanceBlockPtr(Lowerer &l, BuiltinArgs &a);
KValue loadBlockPtr(Lowerer &l, BuiltinArgs &a);
KValue storeBlockPtr(Lowerer &l, BuiltinArgs &a);
/// The scalar IR values a block pointer is made of (base, shape, strides, offsets), which a
/// loop carries, and the block pointer `templ` rebuilt from new ones.
std::vector<ir::ValueId> blockPtrLeaves(const KValue &bp);
KValue blockPtrFromLeaves(const KValue &templ, const std::vector<ir::ValueId> &leaves);
/// Same rank, block shape and order (what a loop needs to carry one as the other).
bool sameBlockPtrKind(const KValue &a, const KValue &b);
/// A tuple's values; a single value counts as a 1-tuple ((n,) and n both name one dimension).
std::vector<KValue> tupleElts(const KValue &k);
/// The integers of a tuple of int constants (a block shape kept in a KValue).
std::vector<std::int64_t> constInts(const KValue &tuple);
/// The block a load reads where a block pointer or descriptor is out of bounds: `padding`
/// "nan" gives NaN, anything else zeros of `elem`.
ir::ValueId paddingBlock(Lowerer &l, DType elem, const std::string &padding, const std::vector<std::int64_t> &shape);
/// The `base` argument of `fn` (tl.make_block_ptr, tl.make_tensor_descriptor) as a scalar
/// pointer; kNoValue after an error.
ir::ValueId scalarPointerBase(Lowerer &l, BuiltinArgs &a, const std::string &fn);
/// A block pointer at `offsets` (int32 scalars) into a tensor of `shape` and `strides` (int64
/// scalars), in row-major order; what a tensor descriptor's load and store address.
KValue blockPtrOf(KValue base, std::vector<KValue> shape, std::vector<KValue> strides,
                  std::vector<KValue> offsets, const std::vector<std::int64_t> &blockShape);
/// A load through `bp`, bounds-checked in the dimensions `checked`, where out-of-bounds
/// elements read `padding` ("" or "zero": 0, "nan": NaN).
KValue loadThroughBlockPtr(Lowerer &l, const KValue &bp, const std::vector<std::size_t> &checked,
                           const std::string &padding, SourceSpan span);
/// A store of `value` (cast to the element type, broadcast to the block) through `bp`,
/// bounds-checked in `checked`; false after an error.
bool storeThroughBlockPtr(Lowerer &l, const KValue &bp, const std::vector<std::size_t> &checked,
                          ir::ValueId value, SourceSpan valueSpan, SourceSpan span);
/// The block of pointers `bp` addresses and its mask (kNoValue when `checked` is empty).
std::pair<ir::ValueId, ir::ValueId> materializeBlockPtr(Lowerer &l, const KValue &bp,
                                                        const std::vector<std::size_t> &checked,
                                                        SourceSpan span);

// Tensor descriptors (lower_tensor_desc.cpp): tl.make_tensor_descriptor, its load / store /
// atomic_* / gather / scatter methods and attributes, the free tl.*_tensor_descriptor forms.
void registerTensorDescBuiltins(BuiltinTable &table);
/// A descriptor of `base` with int32 `shape`, int64 `strides`, its block shape and padding.
KValue tensorDescOf(KValue base, std::vector<KValue> shape, std::vector<KValue> strides,
                    const std::vector<std::int64_t> &blockShape, const std::string &padding);
/// `desc.attr`: shape, strides, block_shape, dtype, block_type, or a bound method.
KValue tensorDescAttribute(Lowerer &l, const KValue &desc, const std::string &attr, SourceSpan span);

void registerShapeBuiltins(BuiltinTable &table);
void registerMemoryBuiltins(BuiltinTable &table);
void registerMathBuiltins(BuiltinTable &table);
void registerReduceBuiltins(BuiltinTable &table);

class Lowerer
{
public:
    Lowerer(const KernelSource &source,
            const Signature &signature,
            DiagnosticSink &diags,
            NamedValueTypes *namedTypes = nullptr);
    std::unique_ptr<ir::Kernel> run();

    // ---- diagnostics
    Diagnostic &error(DiagKind kind, SourceSpan span, std::vector<std::string> args);
    void note(Diagnostic &d, SourceSpan span, std::string message);
    DiagnosticSink &diags() { return m_diags; }
    SourceSpan currentSpan() const { return m_span; }

    // ---- IR emission (into the current region, with the current span)
    ir::Op &emitOp(ir::OpCode code, std::vector<ir::ValueId> operands = {});
    ir::ValueId addResult(ir::Op &op, ir::Type type);
    ir::ValueId newValue(ir::Type type);
    const ir::Type &typeOf(ir::ValueId v) const { return m_kernel->type(v); }
    ir::Region *region() const { return m_region; }
    void setRegion(ir::Region *r) { m_region = r; }
    ir::Kernel &kernel() { return *m_kernel; }

    ir::ValueId constantInt(DType dtype, std::int64_t value, std::vector<std::int64_t> shape = {});
    ir::ValueId constantFloat(DType dtype, double value, std::vector<std::int64_t> shape = {});
    /// A constexpr number as a value of `dtype` (splat to `shape`).
    ir::ValueId constantOf(const ConstValue &c, DType dtype, std::vector<std::int64_t> shape = {});
    /// Value conversion (Cast) to `dtype`; a no-op when the dtype already matches.
    ir::ValueId cast(ir::ValueId v, DType dtype, int rounding = 0);
    ir::ValueId bitcast(ir::ValueId v, DType dtype, bool pointer);
    ir::ValueId splat(ir::ValueId v, const std::vector<std::int64_t> &shape);
    ir::ValueId expandDims(ir::ValueId v, int axis);
    ir::ValueId reshape(ir::ValueId v, std::vector<std::int64_t> shape, bool canReorder);
    /// Broadcasts `v` to `shape` (splat for scalars; leading size-1 dims added as needed).
    /// Reports IncompatibleShapes at `span` and returns kNoValue when it cannot.
    ir::ValueId broadcastTo(ir::ValueId v, const std::vector<std::int64_t> &shape, SourceSpan span);
    /// Makes two values one shape (Triton's broadcast_impl_value).
    bool broadcastPair(ir::ValueId &a, ir::ValueId &b, SourceSpan span);

    // ---- value model
    /// A tensor for `k`: runtime values as they are, Python numbers as Triton's to_tensor does.
    /// Reports a KernelTypeError naming `what` for anything else; kNoValue on failure.
    ir::ValueId toTensor(const KValue &k, SourceSpan span, std::string_view what);
    /// A compile-time int (bools count); NotConstexpr / KernelTypeError otherwise.
    std::optional<std::int64_t> constInt(const KValue &k, SourceSpan span, std::string_view what);
    std::optional<bool> constBool(const KValue &k, SourceSpan span, std::string_view what);
    std::optional<std::string> constString(const KValue &k, SourceSpan span, std::string_view what);
    std::optional<DType> constDType(const KValue &k, SourceSpan span, std::string_view what);
    /// A block shape: a constexpr int or tuple of them, each a power of two, at most 2^20 elements.
    std::optional<std::vector<std::int64_t>>
    constShape(const KValue &k, SourceSpan span, std::string_view what);
    bool checkBlockShape(const std::vector<std::int64_t> &shape, SourceSpan span);
    /// "[32, 64]" / "scalar".
    static std::string shapeText(const std::vector<std::int64_t> &shape);
    /// How a value reads in messages: "<128xfp32>", "int constant 3".
    std::string describe(const KValue &k) const;

    // ---- operators
    /// `a op b` with Triton's typing and broadcasting (both compile-time: folded).
    KValue binary(ast::BinaryOp op, const KValue &a, const KValue &b, SourceSpan span);
    KValue arith(ArithOp op,
                 const KValue &a,
                 const KValue &b,
                 SourceSpan span,
                 int predicate = 0,
                 ir::OpCode minMax = ir::OpCode::Min,
                 int propagateNan = 0);
    KValue compare(ast::CmpOp op, const KValue &a, const KValue &b, SourceSpan span);
    KValue unary(ast::UnaryOpKind op, const KValue &a, SourceSpan span);
    /// How Triton's typing rules see `k` (a tensor's dtype, or a weakly typed Python number).
    TypeOperand typeOperand(const KValue &k) const;
    void reportTyping(const BinaryTyping &t, const KValue &a, const KValue &b, SourceSpan span);
    /// x != 0 as int1 (already int1: unchanged).
    ir::ValueId toBool(ir::ValueId v);
    /// Elementwise Math op on one or more operands of one type.
    ir::ValueId math(ir::MathFn fn, std::vector<ir::ValueId> operands);

    // ---- walking
    KValue lowerExpr(const ast::Expr *e);
    void lowerBlock(const ast::StmtList &body);
    void lowerStmt(const ast::Stmt *s);
    /// Binds `target` (Name, Tuple/List of targets) to `value`.
    void assign(const ast::Expr *target, const KValue &value);
    KValue lookupName(std::string_view name, SourceSpan span);
    /// Records what `name` written at `span` holds, when the caller asked (named_value_types.h).
    void recordName(SourceSpan span, std::string_view name, const KValue &value)
    {
        if (m_namedTypes)
            recordNameType(span, name, value);
    }
    KValue attribute(const KValue &base, std::string_view attr, SourceSpan span);
    KValue call(const KValue &callee,
                std::vector<KValue> pos,
                std::vector<SourceSpan> posSpans,
                std::vector<std::pair<std::string, KValue>> kw,
                std::vector<SourceSpan> kwSpans,
                SourceSpan span);
    /// Inlines a @triton.jit function; returns its return value (None when it has none).
    KValue inlineJit(const ast::FunctionDef *fn,
                     std::vector<KValue> pos,
                     std::vector<std::pair<std::string, KValue>> kw,
                     SourceSpan span);
    /// Calls a jit function (or builtin) used as a combine function on tensors; flattens the
    /// result into tensor values.
    std::optional<std::vector<ir::ValueId>>
    callCombine(const KValue &fn, std::vector<KValue> args, SourceSpan span);
    /// Evaluates a default value / annotation in the module's scope.
    KValue evalModuleExpr(const ast::Expr *e);

    struct Frame
    {
        const ast::FunctionDef *fn = nullptr;
        std::map<std::string, KValue, std::less<>> vars;
        bool returned = false;
        KValue returnValue;
        bool isKernel = false;
        bool isModule = false; ///< evaluating a module-level expression (defaults, globals)
        int runtimeControlDepth = 0;
    };
    Frame &frame() { return m_frames.back(); }

private:
    friend struct SpanScope;
    void collectModule();
    bool bindParams();
    /// The kernel parameters a host TensorDescriptor argument becomes, as a descriptor value.
    KValue bindTensorDescParam(ir::Param base, const ArgSpec &a, SourceSpan span);
    KValue callBuiltin(const std::string &name,
                       std::vector<KValue> pos,
                       std::vector<SourceSpan> posSpans,
                       std::vector<std::pair<std::string, KValue>> kw,
                       std::vector<SourceSpan> kwSpans,
                       SourceSpan span);
    KValue lowerSubscript(const ast::Subscript *s);
    KValue lowerBoolOp(const ast::BoolOp *b);
    KValue lowerIfExp(const ast::IfExp *e);
    void lowerIf(const ast::If *s);
    void lowerFor(const ast::For *s);
    void lowerWhile(const ast::While *s);
    void lowerStaticFor(const ast::For *s, const std::vector<std::int64_t> &range);
    /// A block pointer assigned in a loop body, carried as its scalar leaves under the
    /// variable names `leaves` ("p.0", ...: not Python identifiers) (lower_block_ptr.cpp).
    struct CarriedBlockPtr
    {
        std::string name;
        KValue templ;
        std::vector<std::string> leaves;
    };
    /// Replaces the block pointers among `assigned` by their leaves (bound as tensors).
    std::vector<CarriedBlockPtr> expandCarriedBlockPtrs(std::set<std::string> &assigned);
    /// Rebuilds each carried block pointer from its leaves' current values.
    void bindCarriedBlockPtrs(const std::vector<CarriedBlockPtr> &bps);
    /// Sets the leaves from each block pointer's value at the end of the body (before the
    /// yield); a name that no longer holds a like block pointer is an error.
    void flattenCarriedBlockPtrs(const std::vector<CarriedBlockPtr> &bps, SourceSpan span);
    /// Lowers `body` into `region` with the current frame's variables; returns them afterwards.
    struct BranchResult;
    /// Reports names that held non-carriable values before a runtime loop and changed in it.
    void checkUncarried(const std::vector<std::pair<std::string, KValue>> &fixed, SourceSpan span);
    /// Materializes `k` with type `t` (constants converted) for a yield.
    ir::ValueId yieldValue(const KValue &k, const ir::Type &t, SourceSpan span);
    void recordNameType(SourceSpan span, std::string_view name, const KValue &value);

public:
    SourceSpan m_span;

private:
    const KernelSource &m_source;
    const Signature &m_signature;
    DiagnosticSink &m_diags;
    NamedValueTypes *m_namedTypes = nullptr;
    std::unique_ptr<ir::Kernel> m_kernel;
    ir::Region *m_region = nullptr;
    std::vector<Frame> m_frames;
    /// Module-level names: imports (dotted path of what they bind) and functions.
    std::map<std::string, std::string, std::less<>> m_imports;
    std::map<std::string, const ast::FunctionDef *, std::less<>> m_functions;
    BuiltinTable m_builtins;
};

/// Sets the lowerer's current span for the lifetime of the scope (every op emitted inside gets it).
struct SpanScope
{
    SpanScope(Lowerer &l, SourceSpan s)
        : m_l(l)
        , m_saved(l.m_span)
    {
        l.m_span = s;
    }
    ~SpanScope() { m_l.m_span = m_saved; }
    Lowerer &m_l;
    SourceSpan m_saved;
};

} // namespace tsm::sema
