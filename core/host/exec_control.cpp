// Loops, try / except / finally, with, raise and imports.

#include "core/host/interpreter_impl.h"
#include "core/host/sandbox.h"

namespace tsm::host {

using namespace ast;

Flow Interpreter::Impl::execFor(Frame &f, const For &s)
{
    if (s.isAsync)
        throwUnsupported("'async for'", s.span);
    Value iterable = eval(f, s.iter);
    ValueCursor cursor = [&] {
        try {
            return ValueCursor(iterable);
        } catch (PyException &e) {
            if (!e.hasSpan())
                e.setSpan(s.iter->span);
            throw;
        }
    }();
    Value item;
    while (cursor.next(item)) {
        step();
        assign(f, s.target, item);
        Flow flow = execBlock(f, s.body);
        if (flow == Flow::Break)
            return Flow::Normal;
        if (flow == Flow::Return)
            return flow;
    }
    return execBlock(f, s.orelse);
}

Flow Interpreter::Impl::execWhile(Frame &f, const While &s)
{
    while (truthy(eval(f, s.test))) {
        step();
        Flow flow = execBlock(f, s.body);
        if (flow == Flow::Break)
            return Flow::Normal;
        if (flow == Flow::Return)
            return flow;
        f.span = s.span;
    }
    return execBlock(f, s.orelse);
}

namespace {

/// Whether exception `e` matches the value of an `except` clause (a class or tuple of them).
bool handlerMatches(const PyException &e, const Value &spec)
{
    if (spec.kind() == ValueKind::Tuple) {
        for (const Value &t : spec.asTuple().items)
            if (handlerMatches(e, t))
                return true;
        return false;
    }
    if (spec.kind() != ValueKind::Type || !spec.asType().isException)
        throwTypeError("catching classes that do not inherit from BaseException is not allowed");
    return e.matches(spec.asType());
}

} // namespace

Flow Interpreter::Impl::execTry(Frame &f, const Try &s)
{
    Flow flow = Flow::Normal;
    try {
        std::optional<PyException> caught;
        try {
            flow = execBlock(f, s.body);
        } catch (PyException &e) {
            caught.emplace(std::move(e));
        }
        if (caught) {
            const ExceptHandler *handler = nullptr;
            for (const ExceptHandler &h : s.handlers) {
                if (h.isStar)
                    throwUnsupported("'except*'", h.span);
                if (!h.type || handlerMatches(*caught, eval(f, h.type))) {
                    handler = &h;
                    break;
                }
            }
            if (!handler)
                throw std::move(*caught);
            if (!handler->name.name.empty())
                bindName(f, handler->name.name, caught->value());
            handling.push_back(*caught);
            struct Pop
            {
                std::vector<PyException> &v;
                ~Pop() { v.pop_back(); }
            } pop{handling};
            f.span = handler->span;
            flow = execBlock(f, handler->body);
            if (!handler->name.name.empty())
                storeName(f, f.info->refFor(handler->name.name), detail::unboundValue());
        } else if (flow == Flow::Normal) {
            flow = execBlock(f, s.orelse);
        }
    } catch (PyException &) {
        if (!s.finalbody.empty()) {
            Flow ff = execBlock(f, s.finalbody);
            if (ff != Flow::Normal)
                return ff; // a return / break in `finally` swallows the exception
        }
        throw;
    }
    if (!s.finalbody.empty()) {
        Flow ff = execBlock(f, s.finalbody);
        if (ff != Flow::Normal)
            return ff;
    }
    return flow;
}

namespace {

Value enterContext(const Value &mgr)
{
    if (mgr.object() && mgr.kind() == ValueKind::Object)
        return mgr.object()->enter();
    throwTypeError("'" + std::string(mgr.typeName())
                   + "' object does not support the context manager protocol");
}

} // namespace

Flow Interpreter::Impl::execWith(Frame &f, const With &s)
{
    if (s.isAsync)
        throwUnsupported("'async with'", s.span);
    // Items nest: `with a, b:` is `with a: with b:`.
    std::function<Flow(std::size_t)> run = [&](std::size_t i) -> Flow {
        if (i == s.items.size())
            return execBlock(f, s.body);
        const WithItem &item = s.items[i];
        Value mgr = eval(f, item.contextExpr);
        Value entered;
        try {
            entered = enterContext(mgr);
        } catch (PyException &e) {
            if (!e.hasSpan())
                e.setSpan(item.contextExpr->span);
            throw;
        }
        if (item.optionalVars)
            assign(f, item.optionalVars, entered);
        Flow flow;
        try {
            flow = run(i + 1);
        } catch (PyException &e) {
            if (mgr.object()->exit(&e))
                return Flow::Normal;
            throw;
        }
        mgr.object()->exit(nullptr);
        return flow;
    };
    return run(0);
}

void Interpreter::Impl::execRaise(Frame &f, const Raise &s)
{
    if (!s.exc) {
        if (handling.empty())
            throwPy("RuntimeError", "No active exception to reraise");
        throw PyException(handling.back());
    }
    Value exc = eval(f, s.exc);
    if (s.cause)
        eval(f, s.cause);
    if (exc.kind() == ValueKind::Type && exc.asType().isException)
        exc = call(exc, {}, {}, s.span);
    if (exc.kind() != ValueKind::Exception)
        throwTypeError("exceptions must derive from BaseException");
    PyException e(exc);
    e.setSpan(s.exc->span);
    throw e;
}

Value Interpreter::Impl::importModule(std::string_view dotted, SourceSpan span)
{
    if (isForbiddenModule(dotted))
        throwForbidden("import " + std::string(dotted),
                       "use system modules (files, processes, network, the interpreter itself)",
                       span);
    auto it = modules.find(std::string(dotted));
    if (it == modules.end())
        throwUnsupported("module '" + std::string(dotted) + "'", span);
    return it->second;
}

void Interpreter::Impl::execImport(Frame &f, const Import &s)
{
    for (const Alias &a : s.names) {
        Value m = importModule(a.name, a.span);
        if (!a.asname.name.empty()) {
            bindName(f, a.asname.name, m);
        } else {
            std::string_view top = std::string_view(a.name).substr(0, a.name.find('.'));
            bindName(f, top, importModule(top, a.span));
        }
    }
}

void Interpreter::Impl::execImportFrom(Frame &f, const ImportFrom &s)
{
    if (s.level > 0)
        throwUnsupported("relative imports", s.span);
    if (s.module == "__future__")
        return; // `from __future__ import annotations`: annotations are never evaluated here
    Value m = importModule(s.module, s.span);
    for (const Alias &a : s.names) {
        if (a.name == "*") {
            if (m.kind() == ValueKind::Module)
                for (auto &[name, value] : m.asModule().entries())
                    if (!name.empty() && name[0] != '_')
                        bindName(f, name, value);
            continue;
        }
        std::string_view bound = a.asname.name.empty() ? std::string_view(a.name) : a.asname.name;
        std::optional<Value> v;
        if (m.object())
            v = m.object()->getAttr(a.name);
        if (!v) {
            std::string sub = s.module + "." + a.name;
            if (isForbiddenModule(sub))
                throwForbidden(
                    "from " + s.module + " import " + a.name,
                    "use system modules (files, processes, network, the interpreter itself)",
                    a.span);
            auto it = modules.find(sub);
            if (it == modules.end())
                throwUnsupported("'" + sub + "'", a.span);
            v = it->second;
        }
        bindName(f, bound, *v);
    }
}

} // namespace tsm::host
