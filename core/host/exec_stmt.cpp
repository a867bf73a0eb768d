// Statements: assignment forms, def, if, return, assert, del; blocks and the step budget.

#include "core/host/interpreter_impl.h"
#include "core/host/py_format.h"

namespace tsm::host {

using namespace ast;

Flow Interpreter::Impl::execBlock(Frame &f, const StmtList &body)
{
    for (const Stmt *s : body) {
        Flow flow = execStmt(f, s);
        if (flow != Flow::Normal)
            return flow;
    }
    return Flow::Normal;
}

void Interpreter::Impl::assign(Frame &f, const Expr *target, const Value &value)
{
    switch (target->kind) {
    case NodeKind::Name: {
        const auto *n = cast<Name>(target);
        auto it = nameRefs.find(n);
        if (it == nameRefs.end())
            setGlobal(n->id, value);
        else
            storeName(f, it->second, value);
        return;
    }
    case NodeKind::Attribute: {
        const auto *a = cast<Attribute>(target);
        detail::setAttribute(eval(f, a->value), a->attr, value);
        return;
    }
    case NodeKind::Subscript: {
        const auto *s = cast<Subscript>(target);
        Value obj = eval(f, s->value);
        Value key = eval(f, s->slice);
        detail::setItem(obj, key, value);
        return;
    }
    case NodeKind::Tuple:
    case NodeKind::List: {
        const ExprList &elts = target->kind == NodeKind::Tuple ? cast<Tuple>(target)->elts
                                                               : cast<List>(target)->elts;
        std::vector<Value> items;
        if (value.kind() == ValueKind::Tuple)
            items = value.asTuple().items;
        else if (value.kind() == ValueKind::List)
            items = value.asList().items;
        else {
            ValueCursor cur(value);
            Value x;
            while (cur.next(x)) {
                items.push_back(std::move(x));
                checkContainerSize(std::int64_t(items.size()));
            }
        }
        std::ptrdiff_t star = -1;
        for (std::size_t i = 0; i < elts.size(); ++i)
            if (isa<Starred>(elts[i])) {
                if (star >= 0)
                    throwUnsupported("multiple starred expressions in an assignment", target->span);
                star = std::ptrdiff_t(i);
            }
        std::size_t n = elts.size();
        if (star < 0) {
            if (items.size() < n)
                throwValueError("not enough values to unpack (expected " + std::to_string(n)
                                + ", got " + std::to_string(items.size()) + ")");
            if (items.size() > n)
                throwValueError("too many values to unpack (expected " + std::to_string(n) + ")");
            for (std::size_t i = 0; i < n; ++i)
                assign(f, elts[i], items[i]);
            return;
        }
        if (items.size() < n - 1)
            throwValueError("not enough values to unpack (expected at least "
                            + std::to_string(n - 1) + ", got " + std::to_string(items.size())
                            + ")");
        std::size_t s = std::size_t(star);
        std::size_t after = n - s - 1;
        for (std::size_t i = 0; i < s; ++i)
            assign(f, elts[i], items[i]);
        std::vector<Value> middle(items.begin() + std::ptrdiff_t(s),
                                  items.end() - std::ptrdiff_t(after));
        assign(f, cast<Starred>(elts[s])->value, Value::list(std::move(middle)));
        for (std::size_t i = 0; i < after; ++i)
            assign(f, elts[s + 1 + i], items[items.size() - after + i]);
        return;
    }
    case NodeKind::Starred:
        throwUnsupported("a starred assignment target outside a tuple or list", target->span);
    default:
        throwUnsupported("assignment to '" + std::string(nodeKindName(target->kind)) + "'",
                         target->span);
    }
}

void Interpreter::Impl::deleteTarget(Frame &f, const Expr *target)
{
    switch (target->kind) {
    case NodeKind::Name: {
        const auto *n = cast<Name>(target);
        auto it = nameRefs.find(n);
        NameRef ref;
        ref.name = n->id;
        if (it != nameRefs.end())
            ref = it->second;
        if (ref.kind == NameRef::Kind::Global) {
            if (!globals->erase(n->id))
                throwPy("NameError", "name '" + std::string(n->id) + "' is not defined");
            ++globalsVersion;
            return;
        }
        loadRef(f, ref, n->span); // raises if unbound
        storeName(f, ref, detail::unboundValue());
        return;
    }
    case NodeKind::Subscript: {
        const auto *s = cast<Subscript>(target);
        Value obj = eval(f, s->value);
        detail::delItem(obj, eval(f, s->slice));
        return;
    }
    case NodeKind::Tuple:
        for (const Expr *e : cast<Tuple>(target)->elts)
            deleteTarget(f, e);
        return;
    case NodeKind::List:
        for (const Expr *e : cast<List>(target)->elts)
            deleteTarget(f, e);
        return;
    default:
        throwUnsupported("'del' of an attribute", target->span);
    }
}

namespace {

/// x op= y: in place for lists and library objects that support it, else rebinding.
Value augmented(BinaryOp op, const Value &old, const Value &rhs)
{
    if (old.kind() == ValueKind::List && op == BinaryOp::Add) {
        std::vector<Value> extra = iterateToVector(rhs);
        auto &items = old.asList().items;
        checkContainerSize(std::int64_t(items.size() + extra.size()));
        items.insert(items.end(), extra.begin(), extra.end());
        return old;
    }
    if (old.kind() == ValueKind::List && op == BinaryOp::Mult) {
        Value r = detail::binaryOp(op, old, rhs);
        old.asList().items = r.asList().items;
        return old;
    }
    if (old.isObject())
        if (auto r = old.object()->inplaceOp(op, rhs))
            return *r;
    return detail::binaryOp(op, old, rhs);
}

} // namespace

Flow Interpreter::Impl::execStmt(Frame &f, const Stmt *s)
{
    f.span = s->span;
    currentSpan = s->span;
    step();
    switch (s->kind) {
    case NodeKind::ExprStmt:
        eval(f, cast<ExprStmt>(s)->value);
        return Flow::Normal;
    case NodeKind::Assign: {
        const auto *a = cast<Assign>(s);
        Value v = eval(f, a->value);
        for (const Expr *t : a->targets)
            assign(f, t, v);
        return Flow::Normal;
    }
    case NodeKind::AugAssign: {
        const auto *a = cast<AugAssign>(s);
        try {
            if (const auto *n = dynCast<Name>(a->target)) {
                Value old = evalName(f, *n);
                Value rhs = eval(f, a->value);
                assign(f, a->target, augmented(a->op, old, rhs));
            } else if (const auto *at = dynCast<Attribute>(a->target)) {
                Value obj = eval(f, at->value);
                Value old = detail::getAttribute(obj, at->attr);
                Value rhs = eval(f, a->value);
                detail::setAttribute(obj, at->attr, augmented(a->op, old, rhs));
            } else if (const auto *sub = dynCast<Subscript>(a->target)) {
                Value obj = eval(f, sub->value);
                Value key = eval(f, sub->slice);
                Value old = detail::getItem(obj, key);
                Value rhs = eval(f, a->value);
                detail::setItem(obj, key, augmented(a->op, old, rhs));
            } else {
                throwUnsupported("this augmented assignment target", a->target->span);
            }
        } catch (PyException &e) {
            if (!e.hasSpan())
                e.setSpan(s->span);
            throw;
        }
        return Flow::Normal;
    }
    case NodeKind::AnnAssign: {
        const auto *a = cast<AnnAssign>(s);
        if (a->value)
            assign(f, a->target, eval(f, a->value));
        return Flow::Normal;
    }
    case NodeKind::FunctionDef: {
        const auto *d = cast<FunctionDef>(s);
        if (d->isAsync)
            throwUnsupported("'async def'", d->nameSpan);
        std::vector<Value> decorators;
        for (const Expr *e : d->decorators)
            decorators.push_back(eval(f, e));
        Value fn = makeFunction(f, d, d->params, std::string(d->name));
        for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) {
            try {
                fn = call(*it, {fn}, {}, d->span);
            } catch (PyException &e) {
                if (!e.hasSpan())
                    e.setSpan(d->decorators[std::size_t(decorators.rend() - it - 1)]->span);
                throw;
            }
        }
        bindName(f, d->name, std::move(fn));
        return Flow::Normal;
    }
    case NodeKind::ClassDef:
        throwUnsupported("class definitions ('class " + std::string(cast<ClassDef>(s)->name) + "')",
                         cast<ClassDef>(s)->nameSpan);
    case NodeKind::Return: {
        const auto *r = cast<Return>(s);
        if (f.info->isModule)
            throwUnsupported("'return' outside a function", s->span);
        f.returnValue = r->value ? eval(f, r->value) : Value();
        return Flow::Return;
    }
    case NodeKind::Delete:
        for (const Expr *t : cast<Delete>(s)->targets)
            deleteTarget(f, t);
        return Flow::Normal;
    case NodeKind::Pass:
        return Flow::Normal;
    case NodeKind::Break:
        return Flow::Break;
    case NodeKind::Continue:
        return Flow::Continue;
    case NodeKind::If: {
        const auto *i = cast<If>(s);
        while (true) {
            if (truthy(eval(f, i->test)))
                return execBlock(f, i->body);
            if (i->orelse.size() == 1 && isa<If>(i->orelse[0]) && cast<If>(i->orelse[0])->isElif) {
                i = cast<If>(i->orelse[0]);
                f.span = i->span;
                continue;
            }
            return execBlock(f, i->orelse);
        }
    }
    case NodeKind::For:
        return execFor(f, *cast<For>(s));
    case NodeKind::While:
        return execWhile(f, *cast<While>(s));
    case NodeKind::With:
        return execWith(f, *cast<With>(s));
    case NodeKind::Raise:
        execRaise(f, *cast<Raise>(s));
        return Flow::Normal;
    case NodeKind::Try:
        return execTry(f, *cast<Try>(s));
    case NodeKind::Assert: {
        const auto *a = cast<Assert>(s);
        if (!truthy(eval(f, a->test))) {
            std::string msg = a->msg ? pyStr(eval(f, a->msg)) : "";
            PyException e("AssertionError", std::move(msg));
            e.setSpan(a->test->span);
            throw e;
        }
        return Flow::Normal;
    }
    case NodeKind::Import:
        execImport(f, *cast<Import>(s));
        return Flow::Normal;
    case NodeKind::ImportFrom:
        execImportFrom(f, *cast<ImportFrom>(s));
        return Flow::Normal;
    case NodeKind::Global:
    case NodeKind::Nonlocal:
        return Flow::Normal; // resolved before execution
    case NodeKind::ErrorStmt:
        throwUnsupported("code with a syntax error", s->span);
    default:
        throwUnsupported("'" + std::string(nodeKindName(s->kind)) + "' statements", s->span);
    }
}

} // namespace tsm::host
