// The interpreter's public face, calls of Python functions (argument binding, frames,
// tracebacks, recursion and step limits) and the conversion of escaping errors to Diagnostics.

#include "core/host/interpreter.h"

#include "core/host/interpreter_impl.h"
#include "core/host/py_format.h"
#include "core/host/sandbox.h"

namespace tsm::host {

using namespace ast;

namespace {

class UnboundMarker final : public Object
{
public:
    std::string_view typeName() const override { return "<unbound>"; }
};

/// Pushes a frame for the duration of a call and counts the depth.
struct FrameScope
{
    FrameScope(Interpreter::Impl &impl, Frame &f)
        : impl(impl)
    {
        impl.frames.push_back(&f);
        ++impl.depth;
    }
    ~FrameScope()
    {
        impl.frames.pop_back();
        --impl.depth;
    }
    Interpreter::Impl &impl;
};

} // namespace

const Value &detail::unboundValue()
{
    static const Value v = Value::fromObject(std::make_shared<UnboundMarker>());
    return v;
}

Interpreter::Impl::Impl(Interpreter &self, InterpreterOptions opts)
    : self(self)
    , options(std::move(opts))
    , globals(makeModule("__main__"))
{
    setContainerLimit(options.maxContainerSize);
    moduleInfo.isModule = true;
    moduleInfo.name = "<module>";
    installBuiltins();
}

Interpreter::Interpreter(InterpreterOptions options)
    : m_impl(std::make_unique<Impl>(*this, std::move(options)))
{
}

Interpreter::~Interpreter() = default;

void Interpreter::registerModule(std::string name, Value module)
{
    m_impl->modules[std::move(name)] = std::move(module);
}

bool Interpreter::hasModule(std::string_view name) const
{
    return m_impl->modules.count(std::string(name)) != 0;
}

std::optional<Value> Interpreter::module(std::string_view name) const
{
    auto it = m_impl->modules.find(std::string(name));
    if (it == m_impl->modules.end())
        return std::nullopt;
    return it->second;
}

bool Interpreter::execModule(const ast::Module &module,
                             std::string_view moduleName,
                             DiagnosticSink &sink)
{
    Impl &im = *m_impl;
    if (checkSandbox(module, sink) > 0)
        return false;
    im.module = &module;
    im.file = module.file;
    im.globals->name = std::string(moduleName);
    im.globals->set("__name__", Value::str(std::string(moduleName)));
    Value doc;
    if (!module.body.empty())
        if (const auto *es = dynCast<ExprStmt>(module.body[0]))
            if (const auto *c = dynCast<Constant>(es->value);
                c && c->constKind == ConstantKind::String)
                doc = Value::str(c->str);
    im.globals->set("__doc__", doc);
    im.resolveScopes(module);
    Frame frame;
    frame.info = &im.moduleInfo;
    frame.function = "<module>";
    return runGuarded(sink, [&] {
        FrameScope scope(im, frame);
        try {
            im.execBlock(frame, module.body);
        } catch (PyException &e) {
            e.traceback.push_back({"<module>", frame.span});
            throw;
        } catch (HostStop &s) {
            s.traceback.push_back({"<module>", frame.span});
            throw;
        }
    });
}

Value Interpreter::callValue(const Value &fn, std::vector<Value> args, std::vector<Kwarg> kwargs)
{
    return m_impl->call(fn, std::move(args), std::move(kwargs), m_impl->currentSpan);
}

bool Interpreter::runGuarded(DiagnosticSink &sink, const std::function<void()> &body)
{
    Impl &im = *m_impl;
    std::size_t frames = im.frames.size();
    int depth = im.depth;
    auto restore = [&] {
        im.frames.resize(frames);
        im.depth = depth;
    };
    try {
        body();
        return true;
    } catch (PyException &e) {
        restore();
        sink.add(diagnosticFor(e));
    } catch (HostStop &s) {
        restore();
        Diagnostic d = s.diagnostic;
        if (!s.hasSpan)
            d.span = im.currentSpan;
        for (auto it = s.traceback.rbegin(); it != s.traceback.rend(); ++it) {
            std::string line
                = im.file ? ", line " + std::to_string(im.file->lineCol(it->span.begin).line) : "";
            addNote(d, it->span, "in " + it->function + line);
        }
        sink.add(std::move(d));
    }
    return false;
}

Diagnostic Interpreter::diagnosticFor(const PyException &e) const
{
    Diagnostic d;
    if (e.diagnostic) {
        d = *e.diagnostic;
    } else {
        d.kind = DiagKind::UncaughtException;
        d.severity = diagKindSeverity(d.kind);
        d.message = formatDiagMessage(diagKindFormat(d.kind), {e.type(), e.message()});
        if (e.message().empty())
            d.message = e.type();
        d.span = e.hasSpan() ? e.span() : m_impl->currentSpan;
    }
    d.origin = DiagOrigin::Runtime;
    const SourceFile *file = m_impl->file;
    for (auto it = e.traceback.rbegin(); it != e.traceback.rend(); ++it) {
        std::string line
            = file ? ", line " + std::to_string(file->lineCol(it->span.begin).line) : "";
        addNote(d, it->span, "in " + it->function + line);
    }
    return d;
}

ModuleObject &Interpreter::globals()
{
    return *m_impl->globals;
}

const Value *Interpreter::global(std::string_view name) const
{
    return m_impl->globals->find(name);
}

void Interpreter::setGlobal(std::string_view name, Value value)
{
    m_impl->setGlobal(name, std::move(value));
}

void Interpreter::writeOutput(std::string_view text)
{
    if (m_impl->options.print)
        m_impl->options.print(text);
}

const SourceFile *Interpreter::sourceFile() const
{
    return m_impl->file;
}

SourceSpan Interpreter::currentSpan() const
{
    return m_impl->currentSpan;
}

void Interpreter::checkCancelled()
{
    if (m_impl->options.cancel && m_impl->options.cancel->load(std::memory_order_relaxed))
        m_impl->stop("the run was cancelled");
}

const InterpreterOptions &Interpreter::options() const
{
    return m_impl->options;
}

Interpreter::Impl &Interpreter::impl()
{
    return *m_impl;
}

std::optional<Value> FunctionObject::lookupGlobal(std::string_view name) const
{
    if (m_globals)
        if (const Value *v = m_globals->find(name))
            return *v;
    if (m_interp) {
        auto &b = m_interp->impl().builtins;
        if (auto it = b.find(std::string(name)); it != b.end())
            return it->second;
    }
    return std::nullopt;
}

// ---------------------------------------------------------------- Impl: control

void Interpreter::Impl::step()
{
    ++steps;
    if (options.maxSteps && steps > options.maxSteps)
        stop("the program exceeded the step limit of " + std::to_string(options.maxSteps)
             + " statements (an infinite loop?)");
    if ((steps & 1023) == 0 && options.cancel && options.cancel->load(std::memory_order_relaxed))
        stop("the run was cancelled");
}

void Interpreter::Impl::stop(std::string message)
{
    Diagnostic d;
    d.kind = DiagKind::ExecutionStopped;
    d.severity = diagKindSeverity(d.kind);
    d.origin = DiagOrigin::Runtime;
    d.span = currentSpan;
    d.message = formatDiagMessage(diagKindFormat(d.kind), {std::move(message)});
    throw HostStop(std::move(d), true);
}

void Interpreter::Impl::setGlobal(std::string_view name, Value v)
{
    if (!globals->find(name))
        ++globalsVersion;
    globals->set(name, std::move(v));
}

// ---------------------------------------------------------------- calls

Value Interpreter::Impl::call(const Value &fn,
                              std::vector<Value> args,
                              std::vector<Kwarg> kwargs,
                              SourceSpan span)
{
    switch (fn.kind()) {
    case ValueKind::Function:
        return callFunction(fn.asFunction(), args, kwargs);
    case ValueKind::Builtin: {
        CallArgs ca(self, std::move(args), std::move(kwargs));
        ca.span = span;
        return fn.asBuiltin().fn(ca);
    }
    default:
        if (fn.object() && fn.object()->callable()) {
            CallArgs ca(self, std::move(args), std::move(kwargs));
            ca.span = span;
            return fn.object()->call(ca);
        }
        throwTypeError("'" + std::string(fn.typeName()) + "' object is not callable");
    }
}

Value Interpreter::Impl::callFunction(FunctionObject &fn,
                                      std::vector<Value> &args,
                                      std::vector<Kwarg> &kwargs)
{
    const FunctionInfo &info = *fn.m_info;
    if (info.isGenerator)
        throwUnsupported("generator functions ('yield')", info.yieldSpan);
    if (depth >= options.maxCallDepth)
        throwPy("RecursionError", "maximum recursion depth exceeded");
    const Parameters &params = fn.m_def ? fn.m_def->params : fn.m_lambda->params;

    Frame f;
    f.info = &info;
    f.function = fn.name;
    f.fast.assign(info.fastCount, detail::unboundValue());
    f.cells.reserve(info.cellNames.size());
    for (std::uint32_t i = 0; i < info.ownCells; ++i)
        f.cells.push_back(std::make_shared<Value>(detail::unboundValue()));
    for (const auto &c : fn.m_closure)
        f.cells.push_back(c);

    // Bind arguments to parameters like CPython.
    const std::size_t n = params.params.size();
    std::vector<bool> bound(n, false);
    auto put = [&](std::size_t i, Value v) {
        const NameRef &r = info.params[i];
        if (r.kind == NameRef::Kind::Fast)
            f.fast[r.index] = std::move(v);
        else
            *f.cells[r.index] = std::move(v);
        bound[i] = true;
    };
    std::size_t positionalParams = 0, requiredPositional = 0;
    std::ptrdiff_t varPos = -1, varKw = -1;
    for (std::size_t i = 0; i < n; ++i) {
        const Param &p = params.params[i];
        if (p.kind == ParamKind::PositionalOnly || p.kind == ParamKind::Normal) {
            ++positionalParams;
            requiredPositional += p.defaultValue == nullptr;
        } else if (p.kind == ParamKind::VarPositional) {
            varPos = std::ptrdiff_t(i);
        } else if (p.kind == ParamKind::VarKeyword) {
            varKw = std::ptrdiff_t(i);
        }
    }
    if (args.size() > positionalParams && varPos < 0)
        throwTypeError(detail::tooManyPositionalMessage(
            fn.name, requiredPositional, positionalParams, args.size()));
    std::size_t ai = 0;
    for (std::size_t i = 0; i < n && ai < args.size(); ++i) {
        ParamKind k = params.params[i].kind;
        if (k == ParamKind::PositionalOnly || k == ParamKind::Normal)
            put(i, std::move(args[ai++]));
    }
    if (varPos >= 0) {
        std::vector<Value> rest;
        for (; ai < args.size(); ++ai)
            rest.push_back(std::move(args[ai]));
        put(std::size_t(varPos), Value::tuple(std::move(rest)));
    }
    Value extraKw;
    if (varKw >= 0)
        extraKw = Value::dict();
    for (Kwarg &kw : kwargs) {
        std::ptrdiff_t found = -1;
        for (std::size_t i = 0; i < n; ++i) {
            const Param &p = params.params[i];
            if (p.name == kw.name
                && (p.kind == ParamKind::Normal || p.kind == ParamKind::KeywordOnly)) {
                found = std::ptrdiff_t(i);
                break;
            }
        }
        if (found < 0) {
            if (varKw >= 0) {
                extraKw.asDict().set(Value::str(kw.name), std::move(kw.value));
                continue;
            }
            throwTypeError(fn.name + "() got an unexpected keyword argument '" + kw.name + "'");
        }
        if (bound[std::size_t(found)])
            throwTypeError(fn.name + "() got multiple values for argument '" + kw.name + "'");
        put(std::size_t(found), std::move(kw.value));
    }
    if (varKw >= 0)
        put(std::size_t(varKw), std::move(extraKw));
    std::vector<std::string_view> missing, missingKw;
    for (std::size_t i = 0; i < n; ++i) {
        if (bound[i])
            continue;
        const Param &p = params.params[i];
        if (fn.m_hasDefault[i])
            put(i, fn.m_defaults[i]);
        else if (p.kind == ParamKind::KeywordOnly)
            missingKw.push_back(p.name);
        else if (p.kind != ParamKind::VarPositional && p.kind != ParamKind::VarKeyword)
            missing.push_back(p.name);
    }
    if (!missing.empty())
        throwTypeError(detail::missingArgumentsMessage(fn.name, missing, false));
    if (!missingKw.empty())
        throwTypeError(detail::missingArgumentsMessage(fn.name, missingKw, true));

    FrameScope scope(*this, f);
    SourceSpan callerSpan = currentSpan;
    try {
        if (fn.m_lambda) {
            f.span = fn.m_lambda->body->span;
            f.returnValue = eval(f, fn.m_lambda->body);
        } else {
            execBlock(f, fn.m_def->body);
        }
    } catch (PyException &e) {
        e.traceback.push_back({fn.name, f.span});
        throw;
    } catch (HostStop &s) {
        s.traceback.push_back({fn.name, f.span});
        throw;
    }
    currentSpan = callerSpan;
    return std::move(f.returnValue);
}

Value Interpreter::Impl::makeFunction(Frame &frame,
                                      const Node *node,
                                      const Parameters &params,
                                      std::string name)
{
    auto fn = std::make_shared<FunctionObject>();
    fn->name = std::move(name);
    fn->m_def = dynCast<FunctionDef>(node);
    fn->m_lambda = dynCast<Lambda>(node);
    fn->m_info = &unitFor(node);
    fn->m_globals = globals;
    fn->m_interp = &self;
    for (const Param &p : params.params) {
        fn->m_hasDefault.push_back(p.defaultValue != nullptr);
        fn->m_defaults.push_back(p.defaultValue ? eval(frame, p.defaultValue) : Value());
    }
    const FunctionInfo &info = *fn->m_info;
    for (std::size_t i = info.ownCells; i < info.cellNames.size(); ++i) {
        NameRef r = frame.info->refFor(info.cellNames[i]);
        if (r.kind != NameRef::Kind::Cell)
            throwPy("SystemError",
                    "internal error: free variable '" + std::string(info.cellNames[i])
                        + "' has no cell");
        fn->m_closure.push_back(frame.cells[r.index]);
    }
    return Value::fromObject(std::move(fn));
}

} // namespace tsm::host
