// Expressions: names, constants, operators, attributes, subscripts, calls, tuples.

#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

#include <cstdlib>

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::ValueId;

namespace {

std::optional<ConstValue> literal(const ast::Constant *c)
{
    switch (c->constKind) {
    case ast::ConstantKind::True:
        return ConstValue::ofBool(true);
    case ast::ConstantKind::False:
        return ConstValue::ofBool(false);
    case ast::ConstantKind::None:
        return ConstValue::none();
    case ast::ConstantKind::String:
        return ConstValue::ofString(c->str);
    case ast::ConstantKind::Int: {
        std::string digits;
        for (char ch : c->raw)
            if (ch != '_')
                digits += ch;
        int base = 10;
        std::size_t start = 0;
        if (digits.size() > 2 && digits[0] == '0'
            && std::isalpha(static_cast<unsigned char>(digits[1]))) {
            const char p = static_cast<char>(std::tolower(digits[1]));
            base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
            start = 2;
        }
        errno = 0;
        const unsigned long long v = std::strtoull(digits.c_str() + start, nullptr, base);
        if (errno == ERANGE || v > 0x7fffffffffffffffULL)
            return std::nullopt;
        return ConstValue::ofInt(static_cast<std::int64_t>(v));
    }
    case ast::ConstantKind::Float: {
        std::string digits;
        for (char ch : c->raw)
            if (ch != '_')
                digits += ch;
        return ConstValue::ofFloat(std::strtod(digits.c_str(), nullptr));
    }
    default:
        return std::nullopt;
    }
}

} // namespace

KValue Lowerer::lowerExpr(const ast::Expr *e)
{
    SpanScope scope(*this, e->span);
    switch (e->kind) {
    case ast::NodeKind::Name: {
        const std::string_view id = ast::cast<ast::Name>(e)->id;
        KValue v = lookupName(id, e->span);
        recordName(e->span, id, v);
        return v;
    }
    case ast::NodeKind::Constant: {
        const auto *c = ast::cast<ast::Constant>(e);
        if (auto v = literal(c))
            return KValue::constant(*v);
        error(DiagKind::UnsupportedKernelFeature,
              e->span,
              {"the literal '" + std::string(c->raw) + "' in a kernel"});
        return KValue::invalid();
    }
    case ast::NodeKind::BinOp: {
        const auto *b = ast::cast<ast::BinOp>(e);
        KValue l = lowerExpr(b->left);
        KValue r = lowerExpr(b->right);
        return binary(b->op, l, r, e->span);
    }
    case ast::NodeKind::UnaryOp: {
        const auto *u = ast::cast<ast::UnaryOp>(e);
        return unary(u->op, lowerExpr(u->operand), e->span);
    }
    case ast::NodeKind::BoolOp:
        return lowerBoolOp(ast::cast<ast::BoolOp>(e));
    case ast::NodeKind::Compare: {
        const auto *c = ast::cast<ast::Compare>(e);
        if (c->ops.size() != 1) {
            error(DiagKind::UnsupportedKernelFeature,
                  e->span,
                  {"a chained comparison (Triton rejects `a < b < c`; write `(a < b) & (b < c)`)"});
            return KValue::invalid();
        }
        KValue l = lowerExpr(c->left);
        KValue r = lowerExpr(c->comparators[0]);
        return compare(c->ops[0], l, r, e->span);
    }
    case ast::NodeKind::Call: {
        const auto *c = ast::cast<ast::Call>(e);
        KValue callee = lowerExpr(c->func);
        std::vector<KValue> pos;
        std::vector<SourceSpan> posSpans;
        for (const ast::Expr *a : c->args) {
            if (ast::isa<ast::Starred>(a)) {
                KValue t = lowerExpr(ast::cast<ast::Starred>(a)->value);
                if (t.kind != KValue::Kind::Tuple) {
                    if (!t.isInvalid())
                        error(DiagKind::KernelTypeError,
                              a->span,
                              {"only a tuple can be unpacked with '*' in a kernel"});
                    return KValue::invalid();
                }
                for (const KValue &x : t.elts) {
                    pos.push_back(x);
                    posSpans.push_back(a->span);
                }
                continue;
            }
            pos.push_back(lowerExpr(a));
            posSpans.push_back(a->span);
        }
        std::vector<std::pair<std::string, KValue>> kw;
        std::vector<SourceSpan> kwSpans;
        for (const ast::Keyword &k : c->keywords) {
            if (k.name.empty()) {
                error(DiagKind::UnsupportedKernelFeature, k.span, {"'**' arguments in a kernel"});
                return KValue::invalid();
            }
            kw.emplace_back(std::string(k.name), lowerExpr(k.value));
            kwSpans.push_back(k.span);
        }
        if (callee.isInvalid())
            return KValue::invalid();
        return call(callee,
                    std::move(pos),
                    std::move(posSpans),
                    std::move(kw),
                    std::move(kwSpans),
                    e->span);
    }
    case ast::NodeKind::Attribute: {
        const auto *a = ast::cast<ast::Attribute>(e);
        KValue base = lowerExpr(a->value);
        if (base.isInvalid())
            return base;
        return attribute(base, a->attr, e->span);
    }
    case ast::NodeKind::Subscript:
        return lowerSubscript(ast::cast<ast::Subscript>(e));
    case ast::NodeKind::Tuple:
    case ast::NodeKind::List: {
        const ast::ExprList &elts = ast::isa<ast::Tuple>(e) ? ast::cast<ast::Tuple>(e)->elts
                                                            : ast::cast<ast::List>(e)->elts;
        std::vector<KValue> vals;
        for (const ast::Expr *x : elts) {
            if (ast::isa<ast::Starred>(x)) {
                KValue t = lowerExpr(ast::cast<ast::Starred>(x)->value);
                if (t.kind == KValue::Kind::Tuple) {
                    vals.insert(vals.end(), t.elts.begin(), t.elts.end());
                    continue;
                }
                error(DiagKind::KernelTypeError,
                      x->span,
                      {"only a tuple can be unpacked with '*' in a kernel"});
                return KValue::invalid();
            }
            vals.push_back(lowerExpr(x));
        }
        return KValue::tuple(std::move(vals));
    }
    case ast::NodeKind::IfExp:
        return lowerIfExp(ast::cast<ast::IfExp>(e));
    case ast::NodeKind::JoinedStr: {
        std::string s;
        for (const ast::Expr *part : ast::cast<ast::JoinedStr>(e)->values) {
            if (const auto *c = ast::dynCast<ast::Constant>(part)) {
                s += c->str;
                continue;
            }
            const auto *fv = ast::cast<ast::FormattedValue>(part);
            KValue v = lowerExpr(fv->value);
            if (!v.isConst() || fv->formatSpec) {
                if (!v.isInvalid())
                    error(DiagKind::UnsupportedKernelFeature,
                          part->span,
                          {"an f-string part that is not a plain compile-time value"});
                return KValue::invalid();
            }
            s += constStr(v.c);
        }
        return KValue::constant(ConstValue::ofString(s));
    }
    case ast::NodeKind::ErrorExpr:
        return KValue::invalid();
    default:
        error(DiagKind::UnsupportedKernelFeature,
              e->span,
              {"the expression '" + std::string(ast::nodeKindName(e->kind)) + "' in a kernel"});
        return KValue::invalid();
    }
}

KValue Lowerer::lowerBoolOp(const ast::BoolOp *b)
{
    // Compile-time operands short-circuit as in Python; blocks combine with logical and/or.
    KValue acc = lowerExpr(b->values[0]);
    for (std::size_t i = 1; i < b->values.size(); ++i) {
        if (acc.isInvalid())
            return acc;
        if (acc.isConst()) {
            const bool t = constTruthy(acc.c);
            if ((b->op == ast::BoolOpKind::And) != t)
                return acc; // and: false stops; or: true stops
            acc = lowerExpr(b->values[i]);
            continue;
        }
        KValue rhs = lowerExpr(b->values[i]);
        if (rhs.isInvalid())
            return rhs;
        SpanScope scope(*this, b->span);
        ValueId x = toTensor(acc, b->values[i - 1]->span, "an operand of and/or");
        ValueId y = toTensor(rhs, b->values[i]->span, "an operand of and/or");
        if (x == kNoValue || y == kNoValue)
            return KValue::invalid();
        x = toBool(x);
        y = toBool(y);
        if (!broadcastPair(x, y, b->span))
            return KValue::invalid();
        ir::Op &op = emitOp(b->op == ast::BoolOpKind::And ? OpCode::And : OpCode::Or, {x, y});
        acc = KValue::tensor(addResult(op, typeOf(x)));
    }
    return acc;
}

KValue Lowerer::lowerSubscript(const ast::Subscript *s)
{
    KValue base = lowerExpr(s->value);
    if (base.isInvalid())
        return base;
    std::vector<const ast::Expr *> index;
    if (const auto *t = ast::dynCast<ast::Tuple>(s->slice))
        index.assign(t->elts.begin(), t->elts.end());
    else
        index.push_back(s->slice);

    if (base.kind == KValue::Kind::Tuple) {
        if (index.size() != 1 || ast::isa<ast::Slice>(index[0])) {
            error(DiagKind::UnsupportedKernelFeature, s->span, {"slicing a tuple in a kernel"});
            return KValue::invalid();
        }
        auto i = constInt(lowerExpr(index[0]), index[0]->span, "a tuple index");
        if (!i)
            return KValue::invalid();
        std::int64_t k = *i < 0 ? *i + static_cast<std::int64_t>(base.elts.size()) : *i;
        if (k < 0 || k >= static_cast<std::int64_t>(base.elts.size())) {
            error(DiagKind::KernelTypeError,
                  index[0]->span,
                  {"tuple index " + std::to_string(*i) + " out of range for a tuple of "
                   + std::to_string(base.elts.size())});
            return KValue::invalid();
        }
        return base.elts[static_cast<std::size_t>(k)];
    }
    if (!base.isTensor()) {
        error(DiagKind::KernelTypeError, s->span, {"cannot index " + describe(base)});
        return KValue::invalid();
    }
    // Blocks: only `None` (new axis) and `:` (keep the axis), as in Triton.
    ValueId v = base.v;
    int axis = 0;
    int kept = 0;
    for (const ast::Expr *ix : index) {
        if (const auto *c = ast::dynCast<ast::Constant>(ix);
            c && c->constKind == ast::ConstantKind::None) {
            v = expandDims(v, axis);
            ++axis;
            continue;
        }
        const auto *sl = ast::dynCast<ast::Slice>(ix);
        if (sl && !sl->lower && !sl->upper && !sl->step) {
            ++axis;
            ++kept;
            continue;
        }
        error(DiagKind::UnsupportedKernelFeature,
              ix->span,
              {"indexing a block with anything but None and ':' (Triton blocks cannot be indexed "
               "by position)"});
        return KValue::invalid();
    }
    if (kept > static_cast<int>(typeOf(base.v).shape.size())) {
        error(DiagKind::KernelTypeError,
              s->span,
              {"too many ':' indices for a block of rank "
               + std::to_string(typeOf(base.v).shape.size())});
        return KValue::invalid();
    }
    return KValue::tensor(v);
}

KValue Lowerer::lowerIfExp(const ast::IfExp *e)
{
    KValue cond = lowerExpr(e->test);
    if (cond.isInvalid())
        return cond;
    if (cond.isConst())
        return lowerExpr(constTruthy(cond.c) ? e->body : e->orelse);
    ValueId c = toTensor(cond, e->test->span, "the condition");
    if (c == kNoValue)
        return KValue::invalid();
    if (typeOf(c).isBlock()) {
        error(DiagKind::KernelTypeError,
              e->test->span,
              {"the condition of `x if c else y` must be a scalar; use tl.where(c, x, y) for "
               "blocks"});
        return KValue::invalid();
    }
    c = toBool(c);
    ir::Region *parent = m_region;
    ir::Region thenR, elseR;
    m_region = &thenR;
    KValue a = lowerExpr(e->body);
    m_region = &elseR;
    KValue b = lowerExpr(e->orelse);
    m_region = parent;
    if (a.isInvalid() || b.isInvalid())
        return KValue::invalid();
    m_region = &thenR;
    ValueId x = toTensor(a, e->body->span, "a branch of `x if c else y`");
    m_region = &elseR;
    ValueId y = toTensor(b, e->orelse->span, "a branch of `x if c else y`");
    m_region = parent;
    if (x == kNoValue || y == kNoValue)
        return KValue::invalid();
    if (typeOf(x) != typeOf(y)) {
        error(DiagKind::KernelTypeError,
              e->span,
              {"the branches of `x if c else y` have different types ("
               + ir::typeToString(typeOf(x)) + " and " + ir::typeToString(typeOf(y)) + ")"});
        return KValue::invalid();
    }
    SpanScope scope(*this, e->span);
    m_region = &thenR;
    emitOp(OpCode::Yield, {x});
    m_region = &elseR;
    emitOp(OpCode::Yield, {y});
    m_region = parent;
    const ir::Type t = typeOf(x);
    ir::Op &op = emitOp(OpCode::If, {c});
    op.regions.push_back(std::move(thenR));
    op.regions.push_back(std::move(elseR));
    return KValue::tensor(addResult(op, t));
}

} // namespace tsm::sema
