#pragma once
// The syntax tree of a Python module. Every node carries a byte-offset SourceSpan; identifier
// and literal text are views into the SourceFile, which must outlive the tree. Nodes are owned
// by the Module's arena and referenced by plain pointers.

#include "core/source/source_file.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::ast {

enum class NodeKind : std::uint8_t {
#define AST_EXPR(Name) Name,
#define AST_STMT(Name) Name,
#include "core/syntax/ast_nodes.def"
#undef AST_STMT
#undef AST_EXPR
};

/// "BinOp", "FunctionDef", ...
std::string_view nodeKindName(NodeKind k);
bool isExprKind(NodeKind k);

struct Node
{
    explicit Node(NodeKind k, SourceSpan s)
        : kind(k)
        , span(s)
    {}
    virtual ~Node() = default;
    NodeKind kind;
    SourceSpan span;
};

struct Expr : Node
{
    using Node::Node;
};
struct Stmt : Node
{
    using Node::Node;
};

using ExprList = std::vector<Expr *>;
using StmtList = std::vector<Stmt *>;

/// isa / cast / dynCast over the NodeKind of each node struct (T::Kind).
template<class T> bool isa(const Node *n) { return n && n->kind == T::Kind; }
template<class T> T *cast(Node *n) { return static_cast<T *>(n); }
template<class T> const T *cast(const Node *n) { return static_cast<const T *>(n); }
template<class T> T *dynCast(Node *n) { return isa<T>(n) ? static_cast<T *>(n) : nullptr; }
template<class T> const T *dynCast(const Node *n)
{
    return isa<T>(n) ? static_cast<const T *>(n) : nullptr;
}

#define TSM_AST_NODE(Name, Base) \
    static constexpr NodeKind Kind = NodeKind::Name; \
    explicit Name(SourceSpan s) \
        : Base(Kind, s) \
    {}

/// Whether a name / attribute / subscript / starred / tuple / list is read, written or deleted.
enum class ExprContext : std::uint8_t { Load, Store, Del };

/// A name with its span (import aliases, global lists, parameter names).
struct Identifier
{
    std::string_view name;
    SourceSpan span;
};

enum class BinaryOp : std::uint8_t {
    Add, Sub, Mult, MatMult, Div, FloorDiv, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd
};
enum class UnaryOpKind : std::uint8_t { Invert, Not, UAdd, USub };
enum class BoolOpKind : std::uint8_t { And, Or };
enum class CmpOp : std::uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

std::string_view binaryOpSpelling(BinaryOp op);   ///< "+", "@", "//" ...
std::string_view unaryOpSpelling(UnaryOpKind op); ///< "~", "not", "+", "-"
std::string_view cmpOpSpelling(CmpOp op);         ///< "<", "is not", "not in" ...

// ---------------------------------------------------------------- expressions

struct Name : Expr
{
    TSM_AST_NODE(Name, Expr)
    std::string_view id;
    ExprContext ctx = ExprContext::Load;
};

enum class ConstantKind : std::uint8_t {
    Int, Float, Imaginary, String, Bytes, True, False, None, Ellipsis
};

struct Constant : Expr
{
    TSM_AST_NODE(Constant, Expr)
    ConstantKind constKind = ConstantKind::None;
    /// The literal as written (all parts of an implicitly concatenated string: span covers them).
    std::string_view raw;
    /// Strings and bytes: the decoded value (escapes applied, parts concatenated).
    std::string str;
};

struct FormattedValue : Expr
{
    TSM_AST_NODE(FormattedValue, Expr)
    Expr *value = nullptr;
    char conversion = 0;            ///< 0, 'r', 's' or 'a'
    Expr *formatSpec = nullptr;     ///< a JoinedStr or null
    bool selfDocumenting = false;   ///< f"{x=}"
};

struct JoinedStr : Expr
{
    TSM_AST_NODE(JoinedStr, Expr)
    ExprList values; ///< String Constants and FormattedValues, in order
};

struct BinOp : Expr
{
    TSM_AST_NODE(BinOp, Expr)
    BinaryOp op = BinaryOp::Add;
    Expr *left = nullptr;
    Expr *right = nullptr;
    SourceSpan opSpan;
};

struct UnaryOp : Expr
{
    TSM_AST_NODE(UnaryOp, Expr)
    UnaryOpKind op = UnaryOpKind::USub;
    Expr *operand = nullptr;
};

struct BoolOp : Expr
{
    TSM_AST_NODE(BoolOp, Expr)
    BoolOpKind op = BoolOpKind::And;
    ExprList values; ///< two or more
};

struct Compare : Expr
{
    TSM_AST_NODE(Compare, Expr)
    Expr *left = nullptr;
    std::vector<CmpOp> ops;
    ExprList comparators; ///< same length as ops
};

/// `name=value` in a call or class header; `**value` has an empty name.
struct Keyword
{
    std::string_view name;
    SourceSpan nameSpan;
    Expr *value = nullptr;
    SourceSpan span; ///< whole `name=value` / `**value`
};

struct Call : Expr
{
    TSM_AST_NODE(Call, Expr)
    Expr *func = nullptr;
    ExprList args;                 ///< positional, including Starred
    std::vector<Keyword> keywords; ///< in source order, including `**kw`
};

struct Attribute : Expr
{
    TSM_AST_NODE(Attribute, Expr)
    Expr *value = nullptr;
    std::string_view attr;
    SourceSpan attrSpan;
    ExprContext ctx = ExprContext::Load;
};

struct Subscript : Expr
{
    TSM_AST_NODE(Subscript, Expr)
    Expr *value = nullptr;
    /// A plain expression, a Slice, or a Tuple whose elements may be Slices (`x[:, None]`).
    Expr *slice = nullptr;
    ExprContext ctx = ExprContext::Load;
};

struct Slice : Expr
{
    TSM_AST_NODE(Slice, Expr)
    Expr *lower = nullptr; ///< each may be null
    Expr *upper = nullptr;
    Expr *step = nullptr;
};

struct Starred : Expr
{
    TSM_AST_NODE(Starred, Expr)
    Expr *value = nullptr;
    ExprContext ctx = ExprContext::Load;
};

struct Tuple : Expr
{
    TSM_AST_NODE(Tuple, Expr)
    ExprList elts;
    ExprContext ctx = ExprContext::Load;
    bool parenthesized = false;
};

struct List : Expr
{
    TSM_AST_NODE(List, Expr)
    ExprList elts;
    ExprContext ctx = ExprContext::Load;
};

struct Set : Expr
{
    TSM_AST_NODE(Set, Expr)
    ExprList elts;
};

struct Dict : Expr
{
    TSM_AST_NODE(Dict, Expr)
    ExprList keys;   ///< null key means `**values[i]`
    ExprList values;
};

/// `for target in iter if ifs...` of a comprehension.
struct Comprehension
{
    Expr *target = nullptr;
    Expr *iter = nullptr;
    ExprList ifs;
    bool isAsync = false;
};

struct ListComp : Expr
{
    TSM_AST_NODE(ListComp, Expr)
    Expr *elt = nullptr;
    std::vector<Comprehension> generators;
};

struct SetComp : Expr
{
    TSM_AST_NODE(SetComp, Expr)
    Expr *elt = nullptr;
    std::vector<Comprehension> generators;
};

struct GeneratorExp : Expr
{
    TSM_AST_NODE(GeneratorExp, Expr)
    Expr *elt = nullptr;
    std::vector<Comprehension> generators;
};

struct DictComp : Expr
{
    TSM_AST_NODE(DictComp, Expr)
    Expr *key = nullptr;
    Expr *value = nullptr;
    std::vector<Comprehension> generators;
};

enum class ParamKind : std::uint8_t {
    PositionalOnly, ///< before a `/`
    Normal,         ///< positional or keyword
    VarPositional,  ///< *args
    KeywordOnly,    ///< after `*` or `*args`
    VarKeyword      ///< **kwargs
};

struct Param
{
    std::string_view name;
    SourceSpan nameSpan;
    Expr *annotation = nullptr; ///< may be null (`x: tl.constexpr` sets it)
    Expr *defaultValue = nullptr;
    ParamKind kind = ParamKind::Normal;
    SourceSpan span; ///< whole parameter including annotation and default
};

struct Parameters
{
    std::vector<Param> params; ///< in source order; a bare `*` or `/` leaves no entry
};

struct Lambda : Expr
{
    TSM_AST_NODE(Lambda, Expr)
    Parameters params;
    Expr *body = nullptr;
};

struct IfExp : Expr
{
    TSM_AST_NODE(IfExp, Expr)
    Expr *test = nullptr;
    Expr *body = nullptr;
    Expr *orelse = nullptr;
};

struct NamedExpr : Expr
{
    TSM_AST_NODE(NamedExpr, Expr)
    Expr *target = nullptr; ///< a Name
    Expr *value = nullptr;
};

struct Await : Expr
{
    TSM_AST_NODE(Await, Expr)
    Expr *value = nullptr;
};

struct Yield : Expr
{
    TSM_AST_NODE(Yield, Expr)
    Expr *value = nullptr; ///< may be null
};

struct YieldFrom : Expr
{
    TSM_AST_NODE(YieldFrom, Expr)
    Expr *value = nullptr;
};

struct ErrorExpr : Expr
{
    TSM_AST_NODE(ErrorExpr, Expr)
};

// ---------------------------------------------------------------- statements

struct ExprStmt : Stmt
{
    TSM_AST_NODE(ExprStmt, Stmt)
    Expr *value = nullptr;
};

struct Assign : Stmt
{
    TSM_AST_NODE(Assign, Stmt)
    ExprList targets; ///< `a = b = c` has two targets
    Expr *value = nullptr;
};

struct AugAssign : Stmt
{
    TSM_AST_NODE(AugAssign, Stmt)
    Expr *target = nullptr;
    BinaryOp op = BinaryOp::Add;
    Expr *value = nullptr;
};

struct AnnAssign : Stmt
{
    TSM_AST_NODE(AnnAssign, Stmt)
    Expr *target = nullptr;
    Expr *annotation = nullptr;
    Expr *value = nullptr; ///< may be null
};

struct FunctionDef : Stmt
{
    TSM_AST_NODE(FunctionDef, Stmt)
    std::string_view name;
    SourceSpan nameSpan;
    ExprList decorators; ///< the expressions after each `@`
    Parameters params;
    Expr *returns = nullptr;
    StmtList body;
    bool isAsync = false;
};

struct ClassDef : Stmt
{
    TSM_AST_NODE(ClassDef, Stmt)
    std::string_view name;
    SourceSpan nameSpan;
    ExprList decorators;
    ExprList bases;
    std::vector<Keyword> keywords;
    StmtList body;
};

struct Return : Stmt
{
    TSM_AST_NODE(Return, Stmt)
    Expr *value = nullptr;
};

struct Delete : Stmt
{
    TSM_AST_NODE(Delete, Stmt)
    ExprList targets;
};

struct Pass : Stmt
{
    TSM_AST_NODE(Pass, Stmt)
};
struct Break : Stmt
{
    TSM_AST_NODE(Break, Stmt)
};
struct Continue : Stmt
{
    TSM_AST_NODE(Continue, Stmt)
};

struct If : Stmt
{
    TSM_AST_NODE(If, Stmt)
    Expr *test = nullptr;
    StmtList body;
    StmtList orelse; ///< `elif` is a single nested If here
    bool isElif = false; ///< this If was written as `elif`
};

struct For : Stmt
{
    TSM_AST_NODE(For, Stmt)
    Expr *target = nullptr;
    Expr *iter = nullptr;
    StmtList body;
    StmtList orelse;
    bool isAsync = false;
};

struct While : Stmt
{
    TSM_AST_NODE(While, Stmt)
    Expr *test = nullptr;
    StmtList body;
    StmtList orelse;
};

struct WithItem
{
    Expr *contextExpr = nullptr;
    Expr *optionalVars = nullptr; ///< the `as` target, may be null
};

struct With : Stmt
{
    TSM_AST_NODE(With, Stmt)
    std::vector<WithItem> items;
    StmtList body;
    bool isAsync = false;
};

struct Raise : Stmt
{
    TSM_AST_NODE(Raise, Stmt)
    Expr *exc = nullptr;   ///< may be null
    Expr *cause = nullptr; ///< may be null
};

struct ExceptHandler
{
    Expr *type = nullptr; ///< may be null (bare except)
    Identifier name;      ///< empty if no `as`
    StmtList body;
    SourceSpan span;
    bool isStar = false;  ///< except*
};

struct Try : Stmt
{
    TSM_AST_NODE(Try, Stmt)
    StmtList body;
    std::vector<ExceptHandler> handlers;
    StmtList orelse;
    StmtList finalbody;
};

struct Assert : Stmt
{
    TSM_AST_NODE(Assert, Stmt)
    Expr *test = nullptr;
    Expr *msg = nullptr; ///< may be null
};

/// `a.b.c as d` in an import; for `from m import *` the single alias is "*".
struct Alias
{
    std::string name;     ///< dotted name as written, without spaces
    Identifier asname;    ///< empty if no `as`
    SourceSpan span;      ///< whole alias
};

struct Import : Stmt
{
    TSM_AST_NODE(Import, Stmt)
    std::vector<Alias> names;
};

struct ImportFrom : Stmt
{
    TSM_AST_NODE(ImportFrom, Stmt)
    std::string module; ///< dotted, may be empty (`from . import x`)
    int level = 0;      ///< number of leading dots
    std::vector<Alias> names;
};

struct Global : Stmt
{
    TSM_AST_NODE(Global, Stmt)
    std::vector<Identifier> names;
};

struct Nonlocal : Stmt
{
    TSM_AST_NODE(Nonlocal, Stmt)
    std::vector<Identifier> names;
};

struct ErrorStmt : Stmt
{
    TSM_AST_NODE(ErrorStmt, Stmt)
};

#undef TSM_AST_NODE

// ---------------------------------------------------------------- module and arena

/// Owns every node of one parsed file.
class Arena
{
public:
    template<class T> T *make(SourceSpan span)
    {
        auto node = std::make_unique<T>(span);
        T *raw = node.get();
        m_nodes.push_back(std::move(node));
        return raw;
    }
    std::size_t size() const { return m_nodes.size(); }

private:
    std::vector<std::unique_ptr<Node>> m_nodes;
};

struct Module
{
    const SourceFile *file = nullptr;
    StmtList body;
    Arena arena;
};

/// Calls `fn(Node*)` for each direct child of `n` (expressions and statements, in source
/// order). Decorators, annotations, defaults, keyword values, comprehension parts and handler
/// bodies are children too.
void forEachChild(Node *n, const std::function<void(Node *)> &fn);

} // namespace tsm::ast
