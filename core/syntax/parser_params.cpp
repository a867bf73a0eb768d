// Parameter lists of `def` and `lambda`, with Python's rules on their order.

#include "core/syntax/parser_impl.h"

#include <algorithm>

namespace tsm::parser {

using namespace ast;

namespace {

/// Python's ordering rules for one parameter list; remembers the first violation.
class ParamRules
{
public:
    void slash(SourceSpan where, const Parameters &params)
    {
        if (m_seenSlash)
            fail(where, "'/' may appear only once");
        else if (m_seenStar)
            fail(where, "'/' must be ahead of '*'");
        else if (params.params.empty())
            fail(where, "at least one parameter must precede '/'");
        m_seenSlash = true;
    }
    void star(SourceSpan where, bool bare)
    {
        if (m_seenVarKw)
            fail(where, "parameters cannot follow the var-keyword parameter");
        else if (m_seenStar)
            fail(where, "'*' may appear only once");
        m_seenStar = true;
        if (bare)
            m_bareStar = where;
        m_pendingBareStar = bare;
    }
    void param(const Param &p, const Parameters &params)
    {
        for (const Param &q : params.params)
            if (q.name == p.name && !p.name.empty())
                fail(p.nameSpan, "duplicate parameter '" + std::string(p.name) + "'");
        switch (p.kind) {
        case ParamKind::VarPositional:
            star(p.span, false);
            if (p.defaultValue)
                fail(p.span, "var-positional parameter cannot have a default value");
            return;
        case ParamKind::VarKeyword:
            if (m_seenVarKw)
                fail(p.span, "parameters cannot follow the var-keyword parameter");
            if (p.defaultValue)
                fail(p.span, "var-keyword parameter cannot have a default value");
            m_seenVarKw = true;
            return;
        default:
            break;
        }
        if (m_seenVarKw)
            fail(p.span, "parameters cannot follow the var-keyword parameter");
        if (m_seenStar) {
            m_pendingBareStar = false;
            return;
        }
        if (p.defaultValue)
            m_seenDefault = true;
        else if (m_seenDefault)
            fail(p.span, "parameter without a default follows parameter with a default");
    }
    bool seenStar() const { return m_seenStar; }
    /// The first violation, checking what only the end of the list can tell.
    bool finish(SourceSpan &where, std::string &message)
    {
        if (m_pendingBareStar)
            fail(m_bareStar, "named parameters must follow bare '*'");
        where = m_where;
        message = m_problem;
        return !m_problem.empty();
    }

private:
    void fail(SourceSpan where, std::string message)
    {
        if (m_problem.empty()) {
            m_problem = std::move(message);
            m_where = where;
        }
    }

    bool m_seenSlash = false;
    bool m_seenStar = false;
    bool m_seenVarKw = false;
    bool m_seenDefault = false;
    bool m_pendingBareStar = false;
    SourceSpan m_bareStar;
    std::string m_problem;
    SourceSpan m_where;
};

} // namespace

void Parser::parseParameters(Parameters &out, TokenKind close, bool annotations)
{
    ParamRules rules;
    while (!at(close)) {
        const Token t = tok();
        if (at(TokenKind::Slash)) {
            advance();
            rules.slash(span(t), out);
            for (Param &p : out.params)
                if (p.kind == ParamKind::Normal)
                    p.kind = ParamKind::PositionalOnly;
        } else if (at(TokenKind::Star) && peek().kind != TokenKind::Identifier) {
            advance();
            rules.star(span(t), true);
        } else {
            Param p;
            if (!parseParam(p, annotations))
                break;
            if (p.kind == ParamKind::Normal && rules.seenStar())
                p.kind = ParamKind::KeywordOnly;
            rules.param(p, out);
            out.params.push_back(p);
        }
        if (m_panic || !accept(TokenKind::Comma))
            break;
    }
    SourceSpan where;
    std::string message;
    if (!m_panic && rules.finish(where, message))
        report(DiagKind::InvalidParameters, where, {message});
}

bool Parser::parseParam(Param &p, bool annotations)
{
    const std::uint32_t begin = tok().begin;
    if (accept(TokenKind::Star))
        p.kind = ParamKind::VarPositional;
    else if (accept(TokenKind::DoubleStar))
        p.kind = ParamKind::VarKeyword;
    if (!at(TokenKind::Identifier)) {
        errorExpected("parameter name");
        return false;
    }
    const Token &n = advance();
    p.name = text(n);
    p.nameSpan = span(n);
    if (annotations && accept(TokenKind::Colon)) {
        // `*args: *Ts` is the only place a starred annotation may appear.
        p.annotation = p.kind == ParamKind::VarPositional ? parseStarOrTest(false) : parseTest();
    }
    if (!m_panic && accept(TokenKind::Equal))
        p.defaultValue = parseTest();
    p.span = spanFrom(begin);
    return !m_panic;
}

} // namespace tsm::parser
