// Expression evaluation: names, literals, operators, calls, displays, f-strings, lambdas.

#include "core/host/interpreter_impl.h"
#include "core/host/py_format.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace tsm::host {

using namespace ast;

namespace {

bool isUnbound(const Value &v)
{
    return v.object() && v.object() == detail::unboundValue().object();
}

/// Parses an int literal (decimal, 0x, 0o, 0b, underscores); OverflowError past int64.
Value parseIntLiteral(std::string_view raw)
{
    std::string digits;
    for (char c : raw)
        if (c != '_')
            digits += c;
    int base = 10;
    std::size_t start = 0;
    if (digits.size() > 1 && digits[0] == '0') {
        char p = char(std::tolower(static_cast<unsigned char>(digits[1])));
        if (p == 'x')
            base = 16;
        else if (p == 'o')
            base = 8;
        else if (p == 'b')
            base = 2;
        if (base != 10)
            start = 2;
    }
    unsigned __int128 v = 0;
    for (std::size_t i = start; i < digits.size(); ++i) {
        int d = std::isdigit(static_cast<unsigned char>(digits[i]))
                    ? digits[i] - '0'
                    : std::tolower(static_cast<unsigned char>(digits[i])) - 'a' + 10;
        v = v * unsigned(base) + unsigned(d);
        if (v > static_cast<unsigned __int128>(INT64_MAX))
            throwPy("OverflowError",
                    "the integer literal " + std::string(raw)
                        + " does not fit in 64 bits: Tilesmith's harness supports "
                          "integers in [-2**63, 2**63)");
    }
    return Value::integer(std::int64_t(v));
}

} // namespace

// ---------------------------------------------------------------- names

Value Interpreter::Impl::loadGlobal(std::string_view name, GlobalCache *cache, SourceSpan span)
{
    if (cache && cache->slot >= 0)
        if (const Value *v = globals->slot(std::size_t(cache->slot)))
            return *v;
    std::ptrdiff_t slot = globals->slotOf(name);
    if (slot >= 0) {
        if (const Value *v = globals->slot(std::size_t(slot))) {
            if (cache)
                cache->slot = slot;
            return *v;
        }
    }
    if (cache && cache->builtin && cache->version == globalsVersion)
        return *cache->builtin;
    auto it = builtins.find(std::string(name));
    if (it != builtins.end()) {
        if (cache) {
            cache->builtin = &it->second;
            cache->version = globalsVersion;
        }
        return it->second;
    }
    (void)span;
    throwPy("NameError", "name '" + std::string(name) + "' is not defined");
}

Value Interpreter::Impl::loadRef(Frame &f, const NameRef &ref, SourceSpan span)
{
    switch (ref.kind) {
    case NameRef::Kind::Fast: {
        const Value &v = f.fast[ref.index];
        if (isUnbound(v))
            throwPy("UnboundLocalError",
                    "cannot access local variable '" + std::string(ref.name)
                        + "' where it is not associated with a value");
        return v;
    }
    case NameRef::Kind::Cell: {
        const Value &v = *f.cells[ref.index];
        if (isUnbound(v)) {
            if (ref.index < f.info->ownCells)
                throwPy("UnboundLocalError",
                        "cannot access local variable '" + std::string(ref.name)
                            + "' where it is not associated with a value");
            throwPy("NameError",
                    "cannot access free variable '" + std::string(ref.name)
                        + "' where it is not associated with a value in enclosing scope");
        }
        return v;
    }
    default:
        return loadGlobal(ref.name, nullptr, span);
    }
}

Value Interpreter::Impl::evalName(Frame &f, const Name &n)
{
    auto it = nameRefs.find(&n);
    if (it == nameRefs.end() || it->second.kind == NameRef::Kind::Global)
        return loadGlobal(n.id, &globalCaches[&n], n.span);
    return loadRef(f, it->second, n.span);
}

void Interpreter::Impl::storeName(Frame &f, const NameRef &ref, Value v)
{
    switch (ref.kind) {
    case NameRef::Kind::Fast:
        f.fast[ref.index] = std::move(v);
        return;
    case NameRef::Kind::Cell:
        *f.cells[ref.index] = std::move(v);
        return;
    default:
        setGlobal(ref.name, std::move(v));
    }
}

void Interpreter::Impl::bindName(Frame &f, std::string_view name, Value v)
{
    storeName(f, f.info->refFor(name), std::move(v));
}

// ---------------------------------------------------------------- literals

Value Interpreter::Impl::evalConstant(const Constant &c)
{
    switch (c.constKind) {
    case ConstantKind::Int:
        return parseIntLiteral(c.raw);
    case ConstantKind::Float: {
        std::string s;
        for (char ch : c.raw)
            if (ch != '_')
                s += ch;
        errno = 0;
        double d = std::strtod(s.c_str(), nullptr);
        return Value::real(d);
    }
    case ConstantKind::String:
        return Value::str(c.str);
    case ConstantKind::True:
        return Value::boolean(true);
    case ConstantKind::False:
        return Value::boolean(false);
    case ConstantKind::None:
        return Value();
    case ConstantKind::Ellipsis:
        return Value::ellipsis();
    case ConstantKind::Imaginary:
        throwUnsupported("complex numbers", c.span);
    case ConstantKind::Bytes:
        throwUnsupported("bytes literals", c.span);
    }
    return Value();
}

Value Interpreter::Impl::evalJoinedStr(Frame &f, const JoinedStr &s)
{
    std::string out;
    for (const Expr *part : s.values) {
        if (const auto *c = dynCast<Constant>(part)) {
            out += c->str;
            continue;
        }
        const auto *fv = dynCast<FormattedValue>(part);
        if (!fv)
            continue;
        Value v = eval(f, fv->value);
        if (fv->selfDocumenting && file)
            out += std::string(file->slice(fv->value->span)) + "=";
        char conv = fv->conversion;
        if (fv->selfDocumenting && !conv && !fv->formatSpec)
            conv = 'r';
        if (conv == 'r' || conv == 'a')
            v = Value::str(pyRepr(v));
        else if (conv == 's')
            v = Value::str(pyStr(v));
        std::string spec;
        if (fv->formatSpec) {
            Value sv = eval(f, fv->formatSpec);
            spec = sv.isStr() ? sv.asStr() : pyStr(sv);
        }
        out += pyFormat(v, spec);
        if (std::int64_t(out.size()) > containerLimit())
            checkContainerSize(std::int64_t(out.size()));
    }
    return Value::str(std::move(out));
}

void Interpreter::Impl::collectElements(Frame &f, const ExprList &elts, std::vector<Value> &out)
{
    out.reserve(elts.size());
    for (const Expr *e : elts) {
        if (const auto *st = dynCast<Starred>(e)) {
            Value it = eval(f, st->value);
            ValueCursor cur(it);
            Value x;
            while (cur.next(x))
                out.push_back(std::move(x));
            checkContainerSize(std::int64_t(out.size()));
        } else {
            out.push_back(eval(f, e));
        }
    }
}

Value Interpreter::Impl::evalLambda(Frame &f, const Lambda &l)
{
    return makeFunction(f, &l, l.params, "<lambda>");
}

// ---------------------------------------------------------------- calls

Value Interpreter::Impl::evalCall(Frame &f, const Call &c)
{
    std::vector<Value> args;
    std::vector<Kwarg> kwargs;
    auto evalArgs = [&] {
        collectElements(f, c.args, args);
        for (const Keyword &k : c.keywords) {
            if (k.name.empty()) {
                Value d = eval(f, k.value);
                if (d.kind() != ValueKind::Dict)
                    throwTypeError("argument after ** must be a mapping, not "
                                   + std::string(d.typeName()));
                for (auto &[key, value] : d.asDict().items()) {
                    if (!key.isStr())
                        throwTypeError("keywords must be strings");
                    for (const Kwarg &existing : kwargs)
                        if (existing.name == key.asStr())
                            throwTypeError("got multiple values for keyword argument '"
                                           + key.asStr() + "'");
                    kwargs.push_back({key.asStr(), value});
                }
            } else {
                kwargs.push_back({std::string(k.name), eval(f, k.value)});
            }
        }
    };
    // Methods of built-in types are called without materializing a bound method.
    if (const auto *attr = dynCast<Attribute>(c.func)) {
        Value receiver = eval(f, attr->value);
        ValueKind k = receiver.kind();
        if (k != ValueKind::Object && k != ValueKind::Module && k != ValueKind::Type
            && detail::hasBuiltinMethod(k, attr->attr)) {
            evalArgs();
            currentSpan = c.span;
            CallArgs ca(self, std::move(args), std::move(kwargs));
            ca.span = c.span;
            return *detail::callBuiltinMethod(receiver, attr->attr, ca);
        }
        Value fn;
        try {
            fn = detail::getAttribute(receiver, attr->attr);
        } catch (PyException &e) {
            if (!e.hasSpan())
                e.setSpan(attr->span);
            throw;
        }
        evalArgs();
        currentSpan = c.span;
        return call(fn, std::move(args), std::move(kwargs), c.span);
    }
    Value fn = eval(f, c.func);
    evalArgs();
    currentSpan = c.span;
    return call(fn, std::move(args), std::move(kwargs), c.span);
}

// ---------------------------------------------------------------- dispatch

Value Interpreter::Impl::eval(Frame &f, const Expr *e)
{
    try {
        switch (e->kind) {
        case NodeKind::Name:
            return evalName(f, *cast<Name>(e));
        case NodeKind::Constant:
            return evalConstant(*cast<Constant>(e));
        case NodeKind::JoinedStr:
            return evalJoinedStr(f, *cast<JoinedStr>(e));
        case NodeKind::FormattedValue: {
            JoinedStr tmp(e->span);
            tmp.values.push_back(const_cast<Expr *>(e));
            return evalJoinedStr(f, tmp);
        }
        case NodeKind::BinOp: {
            const auto *b = cast<BinOp>(e);
            Value l = eval(f, b->left);
            Value r = eval(f, b->right);
            return detail::binaryOp(b->op, l, r);
        }
        case NodeKind::UnaryOp: {
            const auto *u = cast<UnaryOp>(e);
            Value v = eval(f, u->operand);
            if (u->op == UnaryOpKind::Not)
                return Value::boolean(!truthy(v));
            return detail::unaryOp(u->op, v);
        }
        case NodeKind::BoolOp: {
            const auto *b = cast<BoolOp>(e);
            Value v;
            for (std::size_t i = 0; i < b->values.size(); ++i) {
                v = eval(f, b->values[i]);
                if (i + 1 == b->values.size())
                    break;
                bool t = truthy(v);
                if (b->op == BoolOpKind::And ? !t : t)
                    break;
            }
            return v;
        }
        case NodeKind::Compare: {
            const auto *c = cast<Compare>(e);
            Value left = eval(f, c->left);
            Value result;
            for (std::size_t i = 0; i < c->ops.size(); ++i) {
                Value right = eval(f, c->comparators[i]);
                result = detail::compareOp(c->ops[i], left, right);
                if (i + 1 < c->ops.size() && !truthy(result))
                    return result;
                left = std::move(right);
            }
            return result;
        }
        case NodeKind::Call:
            return evalCall(f, *cast<Call>(e));
        case NodeKind::Attribute: {
            const auto *a = cast<Attribute>(e);
            return detail::getAttribute(eval(f, a->value), a->attr);
        }
        case NodeKind::Subscript: {
            const auto *s = cast<Subscript>(e);
            Value target = eval(f, s->value);
            return detail::getItem(target, eval(f, s->slice));
        }
        case NodeKind::Slice: {
            const auto *s = cast<Slice>(e);
            auto obj = std::make_shared<SliceObject>();
            if (s->lower)
                obj->lower = eval(f, s->lower);
            if (s->upper)
                obj->upper = eval(f, s->upper);
            if (s->step)
                obj->step = eval(f, s->step);
            return Value::fromObject(std::move(obj));
        }
        case NodeKind::Starred:
            throwUnsupported("a starred expression here", e->span);
        case NodeKind::Tuple: {
            std::vector<Value> items;
            collectElements(f, cast<Tuple>(e)->elts, items);
            return Value::tuple(std::move(items));
        }
        case NodeKind::List: {
            std::vector<Value> items;
            collectElements(f, cast<List>(e)->elts, items);
            return Value::list(std::move(items));
        }
        case NodeKind::Set: {
            std::vector<Value> items;
            collectElements(f, cast<Set>(e)->elts, items);
            Value s = Value::set();
            for (const Value &x : items)
                s.asSet().add(x);
            return s;
        }
        case NodeKind::Dict: {
            const auto *d = cast<Dict>(e);
            Value out = Value::dict();
            for (std::size_t i = 0; i < d->keys.size(); ++i) {
                if (!d->keys[i]) {
                    Value m = eval(f, d->values[i]);
                    if (m.kind() != ValueKind::Dict)
                        throwTypeError("'" + std::string(m.typeName())
                                       + "' object is not a mapping");
                    for (auto &[k, v] : m.asDict().items())
                        out.asDict().set(k, v);
                    continue;
                }
                Value k = eval(f, d->keys[i]);
                out.asDict().set(k, eval(f, d->values[i]));
            }
            return out;
        }
        case NodeKind::ListComp:
        case NodeKind::SetComp:
        case NodeKind::DictComp:
        case NodeKind::GeneratorExp:
            return evalComprehension(f, e);
        case NodeKind::Lambda:
            return evalLambda(f, *cast<Lambda>(e));
        case NodeKind::IfExp: {
            const auto *i = cast<IfExp>(e);
            return truthy(eval(f, i->test)) ? eval(f, i->body) : eval(f, i->orelse);
        }
        case NodeKind::NamedExpr: {
            const auto *n = cast<NamedExpr>(e);
            Value v = eval(f, n->value);
            assign(f, n->target, v);
            return v;
        }
        case NodeKind::Await:
            throwUnsupported("'await'", e->span);
        case NodeKind::Yield:
        case NodeKind::YieldFrom:
            throwUnsupported("'yield'", e->span);
        case NodeKind::ErrorExpr:
            throwUnsupported("code with a syntax error", e->span);
        default:
            throwUnsupported("'" + std::string(nodeKindName(e->kind)) + "' expressions", e->span);
        }
    } catch (PyException &ex) {
        if (!ex.hasSpan())
            ex.setSpan(e->span);
        throw;
    } catch (HostStop &s) {
        if (!s.hasSpan) {
            s.diagnostic.span = e->span;
            s.hasSpan = true;
        }
        throw;
    }
}

} // namespace tsm::host
