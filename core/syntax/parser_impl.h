#pragma once
// The Parser class behind parseModule(), private to core/syntax/parser*.cpp. One instance parses
// one file; f-string replacement fields are parsed by the same instance on a token stream lexed
// from the field's text, so nesting depth, function context and the arena are shared.
//
// Files: parser.cpp (token stream, errors, recovery, blocks), parser_stmt.cpp (simple
// statements), parser_compound.cpp (compound statements), parser_params.cpp (parameter lists),
// parser_expr.cpp (Pratt expressions), parser_atom.cpp (displays, calls, subscripts,
// comprehensions), parser_fstring.cpp (string literals and f-strings).

#include "core/diag/diagnostic.h"
#include "core/syntax/ast.h"
#include "core/syntax/lexer.h"

#include <string>
#include <string_view>
#include <vector>

namespace tsm::parser {

/// Levels of recursion (brackets, prefix operators, blocks, f-string fields) past which the
/// parser reports "nested too deeply" instead of recursing further: it bounds the parser's stack.
inline constexpr int kMaxDepth = 200;
/// Height of the tree past which the parser reports "nested too deeply": left-deep chains
/// (`a + b + ...`, `x.a.b`, elif chains) cost no parser recursion but make trees that later
/// phases walk recursively.
inline constexpr int kMaxHeight = 1000;

/// Binding powers of the operators parseBinary() handles, loosest first; unary + - ~, ** and
/// await bind tighter and have functions of their own.
enum Prec : int {
    PrecOr = 1,
    PrecAnd,
    PrecNot,
    PrecCompare,
    PrecBitOr,
    PrecBitXor,
    PrecBitAnd,
    PrecShift,
    PrecArith,
    PrecTerm
};

class Parser
{
public:
    Parser(const SourceFile &file, DiagnosticSink &sink, ast::Module &module);

    /// Remembers the brackets the lexer reported in diags[from...], so that the parser does not
    /// report the same mistake again.
    void noteLexerDiagnostics(const std::vector<Diagnostic> &diags, std::size_t from);
    /// Parses a whole token stream (ending in EndOfFile) into the module body.
    void parseFile(std::vector<Token> tokens);

    enum class FuncKind : std::uint8_t { None, Sync, Async };

private:
    friend class DepthGuard;
    friend class ChainDepth;
    friend class FunctionScope;

    // ---- token stream (parser.cpp)
    const Token &tok() const { return m_tokens[m_pos]; }
    const Token &peek(std::size_t k = 1) const;
    TokenKind kind() const { return m_tokens[m_pos].kind; }
    bool at(TokenKind k) const { return m_tokens[m_pos].kind == k; }
    bool atIdentifier(std::string_view word) const;
    const Token &advance();
    bool accept(TokenKind k);
    /// Consumes `k` or reports "expected <what>, found ..." (what defaults to the quoted spelling).
    bool expect(TokenKind k, std::string_view what = {});
    std::string_view text(const Token &t) const;
    SourceSpan span(const Token &t) const { return t.span(m_file.id()); }
    /// From byte `begin` to the end of the last consumed token.
    SourceSpan spanFrom(std::uint32_t begin) const;
    std::uint32_t lineOf(const Token &t) const { return m_file.lineCol(t.begin).line; }
    template <class T> T *make(SourceSpan s) { return m_module.arena.make<T>(s); }

    // ---- diagnostics and recovery (parser.cpp)
    /// Reports unless a syntax error is already being recovered from.
    Diagnostic *report(DiagKind kind, SourceSpan span, std::vector<std::string> args = {});
    /// UnexpectedToken at the current token; enters panic mode.
    void errorExpected(std::string_view what);
    /// UnsupportedSyntax "<what> nested too deeply (over N levels)" for whichever of
    /// kMaxDepth and kMaxHeight was passed; enters panic mode.
    void errorTooDeep(std::string_view what);
    /// `op` applied to what `operand` parses, `t` being the operator token just consumed.
    template<class ParseOperand>
    ast::Expr *finishUnary(const Token &t, ast::UnaryOpKind op, ParseOperand operand);
    /// Whether the lexer already reported the mistake at the current token.
    bool lexerExplains() const;
    std::string describe(const Token &t) const;
    ast::ErrorExpr *errorExpr();
    /// Skips to the Newline that ends the logical line (not consumed) or end of file.
    void skipToLineEnd();
    /// Skips an Indent ... matching Dedent block, iteratively.
    void skipIndentedBlock();
    /// After an error in a simple statement: skips the rest of the line, its Newline and any
    /// indented block that follows, and leaves panic mode.
    void recoverStatement();

    // ---- blocks and statements (parser.cpp, parser_stmt.cpp)
    void parseStatements(ast::StmtList &out, bool untilDedent);
    void parseStatement(ast::StmtList &out);
    /// Parses the body after a compound header's ':'. `headerOk` false means the header had an
    /// error and was skipped: a missing block is then not reported again.
    ast::StmtList parseBlock(bool headerOk, const Token &header, std::string_view what);
    /// Expects the ':' that ends a compound header; on failure skips the rest of the header.
    bool finishHeader();
    void parseSimpleStatements(ast::StmtList &out);
    ast::Stmt *parseSmallStatement();
    ast::Stmt *parseExprOrAssign();
    ast::Stmt *parseAnnAssign(std::uint32_t begin, ast::Expr *target);
    ast::Stmt *parseReturn();
    ast::Stmt *parseRaise();
    ast::Stmt *parseDel();
    ast::Stmt *parseAssert();
    ast::Stmt *parseGlobal(bool isNonlocal);
    ast::Stmt *parseImport();
    ast::Stmt *parseImportFrom();
    bool parseDottedName(std::string &out, SourceSpan &where);
    bool parseAlias(ast::Alias &out, bool dotted);
    /// Sets the context of an assignment / deletion target and its parts; reports the first
    /// part that cannot be a target (InvalidAssignTarget) and returns false.
    bool checkTarget(ast::Expr *target, ast::ExprContext ctx);

    // ---- compound statements (parser_compound.cpp)
    ast::Stmt *parseCompound();
    ast::Stmt *parseIf();
    ast::Stmt *parseWhile();
    ast::Stmt *parseFor(std::uint32_t begin, bool isAsync);
    ast::Stmt *parseWith(std::uint32_t begin, bool isAsync);
    void parseWithItem(std::vector<ast::WithItem> &items);
    ast::Stmt *parseTry();
    ast::Stmt *parseAsync();
    ast::Stmt *parseDecorated();
    ast::Stmt *parseFunctionDef(std::uint32_t begin, ast::ExprList decorators, bool isAsync);
    ast::Stmt *parseClassDef(std::uint32_t begin, ast::ExprList decorators);
    void skipTypeParams();
    bool isMatchStatement() const;
    ast::Stmt *skipMatchStatement();
    bool isTypeAlias() const;

    // ---- parameters (parser_params.cpp)
    void parseParameters(ast::Parameters &out, TokenKind close, bool annotations);
    bool parseParam(ast::Param &p, bool annotations);

    // ---- expressions (parser_expr.cpp)
    ast::Expr *parseNamedExpr();
    ast::Expr *parseTest();
    ast::Expr *parseBinary(int minPrec);
    ast::Expr *parseUnary();
    ast::Expr *parsePower();
    ast::Expr *parsePrimary();
    ast::Expr *parseStarOrTest(bool named);
    /// star_expressions: one expression, or a Tuple when commas follow.
    ast::Expr *parseExprList();
    /// star_targets of `for` and comprehensions: stops before `in`.
    ast::Expr *parseTargetList();
    ast::Expr *parseYieldExpr();
    ast::Expr *parseLambda();
    bool startsExpression(TokenKind k) const;
    /// StatementOutsideContext for `yield` / `await` outside any function.
    void checkContext(const Token &t, std::string_view what);

    // ---- atoms (parser_atom.cpp)
    ast::Expr *parseAtom();
    ast::Expr *parseParen();
    ast::Expr *parseListDisplay();
    ast::Expr *parseBraceDisplay();
    ast::Expr *parseDictRest(std::uint32_t begin, ast::Dict *dict);
    void parseComprehensions(std::vector<ast::Comprehension> &out);
    bool atComprehension() const;
    ast::Expr *parseCall(ast::Expr *func, std::uint32_t begin);
    /// Arguments of a call or class header, after '(' up to and including ')'.
    void
    parseArguments(std::uint32_t lparen, ast::ExprList &args, std::vector<ast::Keyword> &keywords);
    ast::Expr *parseSubscript(ast::Expr *value, std::uint32_t begin);
    ast::Expr *parseSliceItem();

    // ---- strings (parser_fstring.cpp)
    ast::Expr *parseStrings();
    /// Decodes the literal body [begin, end) into `out` (escapes unless raw, newlines as LF).
    void
    decodeLiteral(std::uint32_t begin, std::uint32_t end, bool raw, bool bytes, std::string &out);
    /// Splits f-string text [begin, end) (a body or a format spec) into Constants and
    /// FormattedValues.
    void parseFStringBody(std::uint32_t begin, std::uint32_t end, bool raw, ast::ExprList &parts);
    /// The end of the expression of a replacement field starting at `begin`.
    std::uint32_t findFieldEnd(std::uint32_t begin, std::uint32_t end, bool &selfDoc) const;
    /// After a field's '=' or conversion: skips whitespace (and comments after an '=').
    std::uint32_t skipBlanks(std::uint32_t i, std::uint32_t end, bool comments) const;
    /// The "x = " Constant of a self-documenting field `{x = }` covering [begin, end).
    ast::Constant *selfDocText(std::uint32_t begin, std::uint32_t end);
    /// The '}' that ends a format spec starting at `begin`.
    std::uint32_t findSpecEnd(std::uint32_t begin, std::uint32_t end) const;
    /// Parses `{expr!c:spec}` at `open`; returns the offset after its '}'.
    std::uint32_t
    parseReplacementField(std::uint32_t open, std::uint32_t end, bool raw, ast::ExprList &parts);
    /// Parses the source bytes [begin, end) as an expression, with spans into this file.
    ast::Expr *parseSubExpression(std::uint32_t begin, std::uint32_t end);

    const SourceFile &m_file;
    std::string_view m_text;
    DiagnosticSink &m_sink;
    ast::Module &m_module;
    std::vector<Token> m_tokens;
    std::size_t m_pos = 0;
    /// End of the last consumed token (layout tokens excluded).
    std::uint32_t m_prevEnd = 0;
    /// An error was reported; unwinding to a statement boundary.
    bool m_panic = false;
    /// Offsets of the brackets consumed and not yet closed.
    std::vector<std::uint32_t> m_openBrackets;
    /// Offsets of the brackets the lexer reported (unclosed, mismatched, unmatched).
    std::vector<std::uint32_t> m_reportedBrackets;
    /// Parser recursion, see kMaxDepth.
    int m_depth = 0;
    /// Tree height of the node being parsed, see kMaxHeight.
    int m_height = 0;
    /// Highest m_height reached inside the current chain operand.
    int m_peak = 0;
    FuncKind m_func = FuncKind::None;
    int m_loopDepth = 0;
    /// Enclosing def/lambda bodies (class bodies inside them included).
    int m_functionDepth = 0;
};

/// What an expression is, in the words of "cannot assign to <what>": "function call", "literal".
std::string_view describeExpr(const ast::Expr *e);

/// One level of nesting for the guard's lifetime; ok() is false past kMaxDepth.
class DepthGuard
{
public:
    explicit DepthGuard(Parser &p)
        : m_p(p)
    {
        ++p.m_depth;
        if (++p.m_height > p.m_peak)
            p.m_peak = p.m_height;
    }
    ~DepthGuard()
    {
        --m_p.m_depth;
        --m_p.m_height;
    }
    DepthGuard(const DepthGuard &) = delete;
    DepthGuard &operator=(const DepthGuard &) = delete;
    bool ok() const { return m_p.m_depth <= kMaxDepth && m_p.m_height <= kMaxHeight; }
    /// True (after reporting that `what` is nested too deeply) when the limit is passed.
    bool exceeded(std::string_view what)
    {
        if (ok())
            return false;
        m_p.errorTooDeep(what);
        return true;
    }

private:
    Parser &m_p;
};

/// A left-deep chain (`a.b(c)[d]`, `a + b - c`) nests one level per link: the tree is as deep as
/// its first operand plus the number of links, and later phases walk it recursively.
class ChainDepth
{
public:
    explicit ChainDepth(Parser &p)
        : m_p(p)
        , m_base(p.m_height)
        , m_savedPeak(p.m_peak)
    {
        p.m_peak = p.m_height;
    }
    ~ChainDepth()
    {
        m_p.m_height = m_base;
        if (m_savedPeak > m_p.m_peak)
            m_p.m_peak = m_savedPeak;
    }
    ChainDepth(const ChainDepth &) = delete;
    ChainDepth &operator=(const ChainDepth &) = delete;
    /// Call once the first operand is parsed: the chain continues on top of its height.
    void afterFirst() { m_p.m_height = m_p.m_peak; }
    /// One more link; false past kMaxHeight, keeping `reserve` levels for what the link holds.
    bool link(int reserve = 0)
    {
        if (++m_p.m_height > m_p.m_peak)
            m_p.m_peak = m_p.m_height;
        return m_p.m_height + reserve <= kMaxHeight;
    }

private:
    Parser &m_p;
    int m_base;
    int m_savedPeak;
};

/// Enters a function (or lambda, or class body with FuncKind::None) for the scope's lifetime:
/// `return`/`yield` validity follows the function, loops do not cross it.
class FunctionScope
{
public:
    FunctionScope(Parser &p, Parser::FuncKind kind)
        : m_p(p)
        , m_func(p.m_func)
        , m_loops(p.m_loopDepth)
        , m_functions(p.m_functionDepth)
    {
        p.m_func = kind;
        p.m_loopDepth = 0;
        if (kind != Parser::FuncKind::None)
            ++p.m_functionDepth;
    }
    ~FunctionScope()
    {
        m_p.m_func = m_func;
        m_p.m_loopDepth = m_loops;
        m_p.m_functionDepth = m_functions;
    }
    FunctionScope(const FunctionScope &) = delete;
    FunctionScope &operator=(const FunctionScope &) = delete;

private:
    Parser &m_p;
    Parser::FuncKind m_func;
    int m_loops;
    int m_functions;
};

} // namespace tsm::parser
