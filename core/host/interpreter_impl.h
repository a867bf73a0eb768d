#pragma once
// The interpreter's private state, shared by interpreter*.cpp, exec_*.cpp, eval_*.cpp and
// builtins_*.cpp. Not for library code.

#include "core/host/interpreter.h"
#include "core/host/interpreter_support.h"

#include <unordered_map>

namespace tsm::host {

/// Where a name lives at run time, resolved once before execution.
struct NameRef
{
    enum class Kind : std::uint8_t { Fast, Cell, Global };
    Kind kind = Kind::Global;
    std::uint32_t index = 0; ///< Fast: slot; Cell: index into the frame's cells
    std::string_view name;
};

/// A global / builtin lookup cached on its Name node.
struct GlobalCache
{
    std::ptrdiff_t slot = -1;      ///< slot in the globals, when found there
    std::uint64_t version = ~0ull; ///< globals version when `builtin` was cached
    const Value *builtin = nullptr;
};

/// The code unit of a module, def, lambda or comprehension: its locals and cells.
struct FunctionInfo
{
    const ast::Node *node = nullptr; ///< null for the module
    std::string name;                ///< "test_swish", "<lambda>", "<listcomp>", "<module>"
    bool isModule = false;
    bool isGenerator = false; ///< contains yield (unsupported)
    SourceSpan yieldSpan;
    std::uint32_t fastCount = 0;
    std::uint32_t ownCells = 0; ///< cells this unit creates; free variables follow
    std::vector<std::string_view> fastNames;
    std::vector<std::string_view> cellNames; ///< own cells, then free variables
    /// Every name bound or referenced in this unit, by name (params, def names, imports).
    std::unordered_map<std::string_view, NameRef> byName;
    /// For each parameter of a def / lambda, in order.
    std::vector<NameRef> params;
    const FunctionInfo *parent = nullptr;

    NameRef refFor(std::string_view name) const;
};

/// One activation: a module body, a call, or a comprehension.
struct Frame
{
    const FunctionInfo *info = nullptr;
    std::vector<Value> fast;
    std::vector<std::shared_ptr<Value>> cells;
    std::string_view function;
    SourceSpan span; ///< the statement executing (traceback)
    Value returnValue;
};

enum class Flow : std::uint8_t { Normal, Break, Continue, Return };

struct Interpreter::Impl
{
    explicit Impl(Interpreter &self, InterpreterOptions options);

    Interpreter &self;
    InterpreterOptions options;
    std::unordered_map<std::string, Value> modules;
    std::unordered_map<std::string, Value> builtins; ///< via builtins_*.cpp
    std::shared_ptr<ModuleObject> globals;
    std::uint64_t globalsVersion = 0;
    const ast::Module *module = nullptr;
    const SourceFile *file = nullptr;

    std::unordered_map<const ast::Node *, std::unique_ptr<FunctionInfo>> units;
    std::unordered_map<const ast::Name *, NameRef> nameRefs;
    std::unordered_map<const ast::Name *, GlobalCache> globalCaches;
    FunctionInfo moduleInfo;

    std::vector<Frame *> frames;
    std::uint64_t steps = 0;
    int depth = 0;
    SourceSpan currentSpan;
    /// The exception being handled (for bare `raise`), innermost last.
    std::vector<PyException> handling;

    // ---- interpreter_scopes.cpp
    void resolveScopes(const ast::Module &m);
    const FunctionInfo &unitFor(const ast::Node *node) const;

    // ---- interpreter.cpp
    Value callFunction(FunctionObject &fn, std::vector<Value> &args, std::vector<Kwarg> &kwargs);
    Value
    call(const Value &fn, std::vector<Value> args, std::vector<Kwarg> kwargs, SourceSpan span);
    Value makeFunction(Frame &frame,
                       const ast::Node *node,
                       const ast::Parameters &params,
                       std::string name);
    void step();
    void stop(std::string message);
    void installBuiltins();

    // ---- exec_stmt.cpp / exec_control.cpp
    Flow execBlock(Frame &f, const ast::StmtList &body);
    Flow execStmt(Frame &f, const ast::Stmt *s);
    Flow execFor(Frame &f, const ast::For &s);
    Flow execWhile(Frame &f, const ast::While &s);
    Flow execTry(Frame &f, const ast::Try &s);
    Flow execWith(Frame &f, const ast::With &s);
    void execImport(Frame &f, const ast::Import &s);
    void execImportFrom(Frame &f, const ast::ImportFrom &s);
    void execRaise(Frame &f, const ast::Raise &s);
    void assign(Frame &f, const ast::Expr *target, const Value &value);
    void deleteTarget(Frame &f, const ast::Expr *target);
    Value importModule(std::string_view dotted, SourceSpan span);

    // ---- eval_expr.cpp
    Value eval(Frame &f, const ast::Expr *e);
    Value evalName(Frame &f, const ast::Name &n);
    Value evalCall(Frame &f, const ast::Call &c);
    Value evalSubscriptKey(Frame &f, const ast::Expr *slice);
    Value evalJoinedStr(Frame &f, const ast::JoinedStr &s);
    Value evalConstant(const ast::Constant &c);
    Value evalLambda(Frame &f, const ast::Lambda &l);
    void collectElements(Frame &f, const ast::ExprList &elts, std::vector<Value> &out);
    // ---- eval_comprehension.cpp
    Value evalComprehension(Frame &f, const ast::Expr *e);

    // ---- names
    void storeName(Frame &f, const NameRef &ref, Value v);
    Value loadRef(Frame &f, const NameRef &ref, SourceSpan span);
    Value loadGlobal(std::string_view name, GlobalCache *cache, SourceSpan span);
    void bindName(Frame &f, std::string_view name, Value v);
    void setGlobal(std::string_view name, Value v);
};

namespace detail {

/// Python's binary operators on any values (eval_ops.cpp).
Value binaryOp(ast::BinaryOp op, const Value &a, const Value &b);
Value unaryOp(ast::UnaryOpKind op, const Value &a);
/// One comparison (==, <, in, is ...) as a Value (library objects may return tensors).
Value compareOp(ast::CmpOp op, const Value &a, const Value &b);
/// a[key] = value / del a[key] on any value.
void setItem(const Value &target, const Value &key, const Value &value);
void delItem(const Value &target, const Value &key);
/// target.name = value.
void setAttribute(const Value &target, std::string_view name, const Value &value);
/// iter(v) as an iterator Value.
Value makeIter(const Value &v);
/// isinstance(v, cls) for one TypeObject.
bool isInstance(const Value &v, const TypeObject &cls);
/// The built-in type object of a kind (int, str ...).
Value builtinType(ValueKind kind);
/// type(v): a built-in type, an exception class, or a library type named after the object.
Value typeOf(const Value &v);
/// Calls a method of a built-in type (str.join, list.append ...); nullopt if it has none.
std::optional<Value> callBuiltinMethod(const Value &self, std::string_view name, CallArgs &args);
/// Whether a built-in type has a method `name`.
bool hasBuiltinMethod(ValueKind kind, std::string_view name);

} // namespace detail

} // namespace tsm::host
