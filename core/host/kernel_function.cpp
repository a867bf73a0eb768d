// JitFunctionObject: binding a launch to the kernel's parameters, the Signature Triton would
// specialize on, the specialization cache, and the launch on the session's Backend with
// backend errors raised as Python exceptions that carry the backend's Diagnostic.

#include "core/host/kernel_function.h"

#include "core/host/host_context.h"
#include "core/host/interpreter.h"
#include "core/host/library_module.h"
#include "core/host/py_format.h"
#include "core/host/tensor_descriptor.h"
#include "core/host/torch_args.h"
#include "core/host/torch_objects.h"
#include "core/sema/specializer.h"

#include <cctype>
#include <chrono>
#include <cstdlib>

namespace tsm::host {

namespace {

bool isConstexprAnnotation(const ast::Expr *e)
{
    if (!e)
        return false;
    if (const auto *a = ast::dynCast<ast::Attribute>(e))
        return a->attr == "constexpr";
    if (const auto *n = ast::dynCast<ast::Name>(e))
        return n->id == "constexpr";
    if (const auto *c = ast::dynCast<ast::Constant>(e))
        return c->constKind == ast::ConstantKind::String
               && c->str.find("constexpr") != std::string::npos;
    return false;
}

[[noreturn]] void throwMismatch(SourceSpan span, std::string message)
{
    PyException e("TypeError", message);
    Diagnostic d;
    d.kind = DiagKind::KernelArgumentMismatch;
    d.severity = Severity::Error;
    d.origin = DiagOrigin::Runtime;
    d.span = span;
    d.message = std::move(message);
    e.diagnostic = std::move(d);
    if (span.end > span.begin)
        e.setSpan(span);
    throw e;
}

/// A compile-time value of a constexpr argument or a module global, if it has one.
std::optional<sema::ConstValue> constValueOf(const Value &v)
{
    switch (v.kind()) {
    case ValueKind::None:
        return sema::ConstValue::none();
    case ValueKind::Bool:
        return sema::ConstValue::ofBool(v.asBool());
    case ValueKind::Int:
        return sema::ConstValue::ofInt(v.asInt());
    case ValueKind::Float:
        return sema::ConstValue::ofFloat(v.asFloat());
    case ValueKind::Str:
        return sema::ConstValue::ofString(v.asStr());
    default:
        if (auto *d = v.as<DTypeObject>())
            return sema::ConstValue::ofDType(d->dtype);
        return std::nullopt;
    }
}

bool isLaunchOption(std::string_view name)
{
    static const char *const options[] = {"num_warps",
                                          "num_stages",
                                          "num_ctas",
                                          "maxnreg",
                                          "enable_fp_fusion",
                                          "debug",
                                          "launch_cooperative_grid",
                                          "launch_pdl",
                                          "warmup",
                                          "grid",
                                          "stream",
                                          "device"};
    for (const char *o : options)
        if (name == o)
            return true;
    return false;
}

} // namespace

/// What kernel.warmup(...) returns: the compiled specialization's numbers (the GPU build's
/// registers, spills and shared memory) and a launcher (`compiled[grid](*args)`) that keeps
/// warmup's num_warps / num_stages. On the interpreter there are no registers or shared memory:
/// n_regs and metadata.shared are nominal, non-zero values so that occupancy arithmetic copied
/// from the tutorials (NUM_REGS // n_regs) still runs.
class CompiledKernelObject final : public Object
{
public:
    CompiledKernelObject(std::shared_ptr<JitFunctionObject> jit,
                         LaunchOptions options,
                         std::string key,
                         std::optional<KernelResources> usage)
        : m_jit(std::move(jit))
        , m_options(options)
        , m_key(std::move(key))
        , m_usage(usage)
    {
    }
    std::string_view typeName() const override { return "CompiledKernel"; }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "n_regs")
            return Value::integer(m_usage ? m_usage->registers : kNominalRegisters);
        if (name == "n_spills") // Triton's: local memory bytes / 4
            return Value::integer(m_usage ? m_usage->spillBytes / 4 : 0);
        if (name == "name")
            return Value::str(m_jit->name());
        if (name == "metadata") {
            auto meta = std::make_shared<RecordObject>("KernelMetadata");
            meta->set("name", Value::str(m_jit->name()));
            meta->set("num_warps", Value::integer(m_options.numWarps));
            meta->set("num_stages", Value::integer(m_options.numStages));
            meta->set("shared", Value::integer(m_usage ? m_usage->sharedBytes : kNominalSharedBytes));
            meta->set("signature", Value::str(m_key));
            return Value::fromObject(meta);
        }
        if (name == "_init_handles")
            return makeMethod(*this, "_init_handles", [](CallArgs &) { return Value(); });
        return std::nullopt;
    }
    Value getItem(const Value &grid) override
    {
        auto jit = m_jit;
        LaunchOptions o = m_options;
        return makeBuiltin(jit->name(), [jit, o, grid](CallArgs &args) {
            std::vector<Kwarg> kw = args.keywords;
            kw.push_back({"num_warps", Value::integer(o.numWarps)});
            kw.push_back({"num_stages", Value::integer(o.numStages)});
            jit->launch(args.interp, grid, args.positional, kw, args.span);
            return Value();
        });
    }

private:
    static constexpr int kNominalRegisters = 32;
    static constexpr int kNominalSharedBytes = 1024;
    std::shared_ptr<JitFunctionObject> m_jit;
    LaunchOptions m_options;
    std::string m_key;
    std::optional<KernelResources> m_usage; ///< the GPU build's; none on the interpreter
};

// ---------------------------------------------------------------- LaunchableObject

Value LaunchableObject::getItem(const Value &grid)
{
    auto self = std::static_pointer_cast<LaunchableObject>(shared_from_this());
    return makeBuiltin(jit().name(), [self, grid](CallArgs &args) {
        self->launch(args.interp, grid, args.positional, args.keywords, args.span);
        return Value();
    });
}

std::optional<Value> LaunchableObject::getAttr(std::string_view name)
{
    auto self = std::static_pointer_cast<LaunchableObject>(shared_from_this());
    if (name == "run") {
        // kernel.run(*args, grid=..., warmup=False, **kwargs)
        return makeMethod(*this, "run", [self](CallArgs &args) {
            Value grid;
            std::vector<Kwarg> rest;
            for (Kwarg &k : args.keywords) {
                if (k.name == "grid")
                    grid = k.value;
                else if (k.name != "warmup")
                    rest.push_back(k);
            }
            if (grid.isNone())
                throwTypeError("run() missing required keyword argument: 'grid'");
            self->launch(args.interp, grid, args.positional, rest, args.span);
            return Value();
        });
    }
    if (name == "fn")
        return jit().self();
    if (name == "__name__")
        return Value::str(jit().name());
    return std::nullopt;
}

Value LaunchableObject::call(CallArgs &)
{
    throwPy("RuntimeError", "Cannot call @triton.jit'd outside of the scope of a kernel");
}

// ---------------------------------------------------------------- JitFunctionObject

JitFunctionObject::JitFunctionObject(Value fn)
    : m_fn(std::move(fn))
{
    FunctionObject &f = m_fn.asFunction();
    m_def = f.def();
    m_name = f.name;
    if (!m_def)
        throwUnsupported("triton.jit on a lambda");
    const auto &ps = m_def->params.params;
    for (std::size_t i = 0; i < ps.size(); ++i) {
        if (ps[i].kind == ast::ParamKind::VarPositional || ps[i].kind == ast::ParamKind::VarKeyword)
            throwUnsupported("*args / **kwargs in a @triton.jit function", ps[i].span);
        KernelParam p;
        p.name = std::string(ps[i].name);
        p.isConstexpr = isConstexprAnnotation(ps[i].annotation);
        if (i < f.m_hasDefault.size() && f.m_hasDefault[i]) {
            p.hasDefault = true;
            p.defaultValue = f.m_defaults[i];
        }
        m_params.push_back(std::move(p));
    }
}

std::string JitFunctionObject::repr() const
{
    return "JITFunction(" + m_name + ")";
}

std::optional<Value> JitFunctionObject::getAttr(std::string_view name)
{
    if (name == "arg_names") {
        std::vector<Value> names;
        for (const KernelParam &p : m_params)
            names.push_back(Value::str(p.name));
        return Value::list(std::move(names));
    }
    if (name == "warmup") {
        auto self = std::static_pointer_cast<JitFunctionObject>(shared_from_this());
        return makeMethod(*this, "warmup", [self](CallArgs &args) {
            std::vector<Kwarg> rest;
            for (Kwarg &k : args.keywords)
                if (k.name != "grid")
                    rest.push_back(k);
            LaunchOptions opts;
            auto bound = self->bind(args.positional, rest, args.span, opts);
            auto sig = self->signatureOf(bound, opts, args.span);
            auto compiled = self->compile(args.interp, sig, args.span);
            return Value::make<CompiledKernelObject>(self, opts, sig.key(), compiled->usage());
        });
    }
    if (name == "cache") {
        auto d = Value::dict();
        for (const auto &[key, _] : m_cache)
            d.asDict().set(key, Value::boolean(true));
        return d;
    }
    return LaunchableObject::getAttr(name);
}

std::vector<Value> JitFunctionObject::bind(std::vector<Value> args,
                                           std::vector<Kwarg> kwargs,
                                           SourceSpan span,
                                           LaunchOptions &options) const
{
    std::size_t n = m_params.size();
    if (args.size() > n)
        throwMismatch(span,
                      m_name + "() takes " + std::to_string(n) + " positional argument"
                          + (n == 1 ? "" : "s") + " but " + std::to_string(args.size())
                          + (args.size() == 1 ? " was" : " were") + " given");
    std::vector<Value> bound(n);
    std::vector<bool> set(n, false);
    for (std::size_t i = 0; i < args.size(); ++i) {
        bound[i] = args[i];
        set[i] = true;
    }
    for (Kwarg &k : kwargs) {
        auto it = std::find_if(m_params.begin(), m_params.end(), [&](const KernelParam &p) {
            return p.name == k.name;
        });
        if (it == m_params.end()) {
            if (k.name == "num_warps")
                options.numWarps = int(toIndex(k.value));
            else if (k.name == "num_stages")
                options.numStages = int(toIndex(k.value));
            else if (k.name == "maxnreg")
                options.maxnreg = k.value.isNone() ? 0 : int(toIndex(k.value));
            else if (!isLaunchOption(k.name))
                throwMismatch(span,
                              m_name + "() got an unexpected keyword argument '" + k.name + "'");
            continue;
        }
        std::size_t i = std::size_t(it - m_params.begin());
        // A parameter named like a launch option (softmax's `num_stages: tl.constexpr`) is both,
        // as in Triton.
        if (k.name == "num_warps")
            options.numWarps = int(toIndex(k.value));
        else if (k.name == "num_stages")
            options.numStages = int(toIndex(k.value));
        if (set[i] && isLaunchOption(k.name))
            continue;
        if (set[i])
            throwMismatch(span, m_name + "() got multiple values for argument '" + k.name + "'");
        bound[i] = k.value;
        set[i] = true;
    }
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < n; ++i) {
        if (set[i])
            continue;
        if (m_params[i].hasDefault)
            bound[i] = m_params[i].defaultValue;
        else
            missing.push_back("'" + m_params[i].name + "'");
    }
    if (!missing.empty()) {
        std::string list;
        for (std::size_t i = 0; i < missing.size(); ++i) {
            if (i)
                list += i + 1 == missing.size() ? (missing.size() > 2 ? ", and " : " and ") : ", ";
            list += missing[i];
        }
        throwMismatch(span,
                      m_name + "() missing " + std::to_string(missing.size()) + " required argument"
                          + (missing.size() == 1 ? "" : "s") + ": " + list);
    }
    return bound;
}

sema::Signature JitFunctionObject::signatureOf(const std::vector<Value> &bound,
                                               const LaunchOptions &options,
                                               SourceSpan span) const
{
    sema::Signature sig;
    sig.numWarps = options.numWarps;
    sig.numStages = options.numStages;
    if (options.maxnreg < 0 || options.maxnreg > 255)
        throwValueError("maxnreg must be between 1 and 255 registers per thread, not "
                        + std::to_string(options.maxnreg));
    sig.maxnreg = options.maxnreg;
    for (std::size_t i = 0; i < bound.size(); ++i) {
        const Value &v = bound[i];
        const KernelParam &p = m_params[i];
        sema::ArgSpec a;
        if (p.isConstexpr || v.isNone() || v.as<DTypeObject>() || v.isStr()) {
            auto c = constValueOf(v);
            if (!c)
                throwMismatch(span,
                              "argument '" + p.name + "' of " + m_name
                                  + " is a tl.constexpr and needs a compile-time value "
                                    "(int, float, bool, str, None or a dtype), not "
                                  + std::string(v.typeName()));
            a.kind = sema::ArgSpec::Kind::Constexpr;
            a.value = *c;
        } else if (const tensor::Tensor *t = tensorOf(v)) {
            if (!t->device().isCuda())
                throwPy("ValueError",
                        "Pointer argument (at " + std::to_string(i)
                            + ") cannot be accessed from Triton (cpu tensor?)");
            a.kind = sema::ArgSpec::Kind::Pointer;
            a.dtype = t->dtype();
            // Storage bases are aligned (host 64 bytes, device mirrors 256), so the view's
            // offset decides. Not t->data(): that would allocate host bytes, download what a
            // kernel wrote and count as a host write (a re-upload) on every launch.
            a.divisibleBy16 = t->storageOffset() * t->elementSize() % 16 == 0;
        } else if (const auto *desc = v.as<TensorDescriptorObject>()) {
            const TensorDescriptorObject::Launch d = desc->launchView();
            if (!d.base->device().isCuda())
                throwPy("ValueError",
                        "Pointer argument (at " + std::to_string(i)
                            + ") cannot be accessed from Triton (cpu tensor?)");
            a.kind = sema::ArgSpec::Kind::TensorDesc;
            a.dtype = d.base->dtype();
            a.blockShape = d.blockShape;
            for (std::size_t k = 0; k < d.shape.size(); ++k)
                a.shapeDivisibleBy16 |= std::uint32_t(d.shape[k] % 16 == 0) << k;
            a.value = sema::ConstValue::ofString(d.padding);
            a.divisibleBy16 = true;
        } else if (v.isBool()) {
            a.kind = sema::ArgSpec::Kind::Bool;
            a.dtype = DType::I1;
        } else if (v.isInt()) {
            a = sema::ArgSpec::ofInt(v.asInt());
            if (i < m_noSpecialize.size() && m_noSpecialize[i])
                a.equalsOne = false;
        } else if (v.isFloat()) {
            a.kind = sema::ArgSpec::Kind::Float;
            a.dtype = DType::F32;
        } else {
            throwMismatch(span,
                          "argument '" + p.name + "' of " + m_name + " has type '"
                              + std::string(v.typeName())
                              + "', which a kernel cannot take (tensors, ints, floats, "
                                "bools and constexprs can be passed)");
        }
        if (i < m_noAlignment.size() && m_noAlignment[i]
            && (a.kind == sema::ArgSpec::Kind::Int || a.kind == sema::ArgSpec::Kind::Pointer))
            a.divisibleBy16 = false;
        sig.args.push_back(std::move(a));
    }
    return sig;
}

void JitFunctionObject::setUnspecialized(const Value &values, const Value &alignmentOnly)
{
    m_noSpecialize.assign(m_params.size(), false);
    m_noAlignment.assign(m_params.size(), false);
    auto mark = [&](const Value &list, bool alignment) {
        if (list.isNone())
            return;
        for (const Value &v : iterateToVector(list)) {
            std::size_t index = m_params.size();
            if (v.isInt() && v.asInt() >= 0)
                index = std::size_t(v.asInt());
            else if (v.isStr())
                for (std::size_t i = 0; i < m_params.size(); ++i)
                    if (m_params[i].name == v.asStr())
                        index = i;
            if (index >= m_params.size())
                throwValueError(std::string(alignment ? "do_not_specialize_on_alignment" : "do_not_specialize")
                                + ": " + pyRepr(v) + " is not a parameter of " + m_name);
            m_noAlignment[index] = true; // either list: no alignment assumed
            if (!alignment)
                m_noSpecialize[index] = true;
        }
    };
    mark(values, false);
    mark(alignmentOnly, true);
}

std::shared_ptr<CompiledKernel>
JitFunctionObject::compile(Interpreter &interp, const sema::Signature &sig, SourceSpan span)
{
    CompileOutcome out = std::move(compileAll(interp, {sig}).front());
    if (out.error)
        throw *out.error;
    return out.kernel;
}

std::vector<JitFunctionObject::CompileOutcome> JitFunctionObject::compileAll(
    Interpreter &interp, const std::vector<sema::Signature> &sigs)
{
    HostContext &ctx = HostContext::of(interp);
    // Debug (device asserts checked on the GPU) from the decorator, the session (--debug) or
    // TRITON_DEBUG, read at each compile as Triton does; a debug build is its own cache entry.
    CompileFlags flags;
    flags.debug = m_debug || ctx.debug || tritonDebugFromEnvironment();
    std::vector<CompileOutcome> out(sigs.size());
    std::vector<std::size_t> pending; // indexes of sigs to build, one per distinct key
    std::map<std::string, std::size_t> firstOfKey;
    std::vector<std::string> cacheKeys; // per sig: its key, "|debug" for a debug build
    for (std::size_t i = 0; i < sigs.size(); ++i) {
        const std::string &cacheKey
            = cacheKeys.emplace_back(sigs[i].key() + (flags.debug ? "|debug" : ""));
        if (auto it = m_cache.find(cacheKey); it != m_cache.end())
            out[i].kernel = it->second;
        else if (!firstOfKey.count(cacheKey)) {
            firstOfKey.emplace(cacheKey, i);
            pending.push_back(i);
        }
    }
    if (!pending.empty() && !ctx.backend)
        throwPy("RuntimeError", "no backend to launch kernels on");
    const ast::Module *module = ctx.module;
    const SourceFile *file = interp.sourceFile();
    if (!pending.empty() && (!module || !file))
        throwPy("RuntimeError", "kernel source is not available");

    // Specialization runs here (it reads the program's globals); the backend builds what it
    // can on several threads.
    Value fn = m_fn;
    std::vector<std::shared_ptr<const ir::Kernel>> kernels;
    std::vector<DiagnosticSink> diags(pending.size());
    std::vector<std::size_t> built; // pending index per kernel
    auto start = std::chrono::steady_clock::now();
    for (std::size_t p = 0; p < pending.size(); ++p) {
        run::RunEvent started;
        started.kind = run::RunEvent::Kind::Progress;
        started.name = m_name;
        started.progress = run::Progress{"compile", 0, 0};
        ctx.emit(started);
        sema::KernelSource source{
            *file, *module, *m_def, [fn](std::string_view name) -> std::optional<sema::ConstValue> {
                auto v = fn.asFunction().lookupGlobal(name);
                if (!v)
                    return std::nullopt;
                return constValueOf(*v);
            }};
        diags[p].setOrigin(DiagOrigin::Sema);
        std::shared_ptr<const ir::Kernel> kernel = sema::specialize(source, sigs[pending[p]], diags[p]);
        if (kernel && diags[p].errorCount() == 0) {
            kernels.push_back(kernel);
            built.push_back(p);
        }
    }
    std::vector<DiagnosticSink> buildDiags(kernels.size());
    std::vector<std::shared_ptr<CompiledKernel>> compiled
        = kernels.empty() ? std::vector<std::shared_ptr<CompiledKernel>>()
                          : ctx.backend->compileAll(kernels, buildDiags, flags);
    std::vector<std::shared_ptr<CompiledKernel>> byPending(pending.size());
    for (std::size_t b = 0; b < built.size(); ++b) {
        for (Diagnostic &d : buildDiags[b].takeDiagnostics())
            diags[built[b]].add(std::move(d));
        byPending[built[b]] = compiled[b];
    }
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (std::size_t p = 0; p < pending.size(); ++p) {
        CompileOutcome &o = out[pending[p]];
        const std::string key = sigs[pending[p]].key();
        std::optional<Diagnostic> firstError = ctx.emitAllButFirstError(diags[p]);
        if (!byPending[p] || firstError) {
            std::string message
                = firstError ? firstError->message : "compilation of " + m_name + " failed";
            PyException e("CompilationError", m_name + ": " + message);
            if (firstError)
                e.diagnostic = std::move(firstError);
            o.error = std::move(e);
            continue;
        }
        o.kernel = byPending[p];
        o.built = true;
        run::RunEvent e;
        e.kind = run::RunEvent::Kind::KernelCompiled;
        e.name = m_name;
        e.text = key;
        e.seconds = pending.size() == 1 ? seconds : byPending[p]->buildSeconds();
        ctx.emit(e);
        m_cache.emplace(cacheKeys[pending[p]], byPending[p]);
    }
    // Signatures that repeat a key share its outcome.
    for (std::size_t i = 0; i < sigs.size(); ++i) {
        if (out[i].kernel || out[i].error)
            continue;
        const CompileOutcome &first = out[firstOfKey.at(cacheKeys[i])];
        out[i].kernel = first.kernel;
        out[i].error = first.error;
    }
    return out;
}

void JitFunctionObject::launch(Interpreter &interp,
                               const Value &grid,
                               std::vector<Value> args,
                               std::vector<Kwarg> kwargs,
                               SourceSpan span)
{
    interp.checkCancelled();
    HostContext &ctx = HostContext::of(interp);
    LaunchOptions options;
    std::vector<Value> bound = bind(std::move(args), std::move(kwargs), span, options);
    Grid g = evaluateGrid(interp, grid, metaDict(*this, bound));
    sema::Signature sig = signatureOf(bound, options, span);
    std::shared_ptr<CompiledKernel> compiled = compile(interp, sig, span);

    // One launch argument per kernel parameter: a TensorDescriptor is several (its base, shape
    // and strides in 16-byte units, as core/sema/lower_call.cpp binds them).
    std::vector<LaunchArg> launchArgs;
    for (std::size_t i = 0; i < bound.size(); ++i) {
        LaunchArg &a = launchArgs.emplace_back();
        const sema::ArgSpec &spec = sig.args[i];
        std::string var = ctx.argumentName(span, i);
        a.label = var.empty() || var == m_params[i].name ? m_params[i].name
                                                         : m_params[i].name + " <- " + var;
        switch (spec.kind) {
        case sema::ArgSpec::Kind::TensorDesc: {
            const TensorDescriptorObject::Launch d
                = bound[i].as<TensorDescriptorObject>()->launchView();
            const std::string label = a.label;
            a = pointerLaunchArg(*d.base, label + ".base");
            if (!var.empty() && a.storage->label().empty())
                a.storage->setLabel(var + ".base");
            const std::int64_t unit = 16 / d.base->elementSize();
            auto scalar = [&](std::int64_t value, const std::string &what) {
                LaunchArg &s = launchArgs.emplace_back();
                s.kind = LaunchArg::Kind::Int;
                s.i = value;
                s.label = label + "." + what;
            };
            for (std::size_t k = 0; k < d.shape.size(); ++k)
                scalar(d.shape[k], "shape[" + std::to_string(k) + "]");
            for (std::size_t k = 0; k + 1 < d.strides.size(); ++k)
                scalar(d.strides[k] / unit, "strides[" + std::to_string(k) + "] / " + std::to_string(unit));
            break;
        }
        case sema::ArgSpec::Kind::Pointer: {
            const std::string label = a.label;
            a = pointerLaunchArg(*tensorOf(bound[i]), label);
            if (!var.empty() && a.storage->label().empty())
                a.storage->setLabel(var);
            break;
        }
        case sema::ArgSpec::Kind::Int:
            a.kind = LaunchArg::Kind::Int;
            a.i = bound[i].asInt();
            break;
        case sema::ArgSpec::Kind::Bool:
            a.kind = LaunchArg::Kind::Bool;
            a.i = bound[i].asBool() ? 1 : 0;
            break;
        case sema::ArgSpec::Kind::Float:
            a.kind = LaunchArg::Kind::Float;
            a.f = bound[i].asFloat();
            break;
        case sema::ArgSpec::Kind::Constexpr:
            a.kind = LaunchArg::Kind::Constexpr;
            break;
        }
    }
    if (g.x == 0 || g.y == 0 || g.z == 0)
        return; // an empty grid launches nothing, as on a GPU
    DiagnosticSink diags;
    diags.setOrigin(DiagOrigin::Interp);
    LaunchContext lc{diags,
                     [&interp](std::int64_t, std::int64_t, std::int64_t, std::string_view text) {
                         std::string s(text);
                         if (!s.empty() && s.back() != '\n')
                             s += '\n';
                         interp.writeOutput(s);
                     },
                     ctx.cancel};
    std::optional<AnalyticCost> analytic;
    if (ctx.launchMetadata && !m_launchMetadata.isNone()) {
        analytic = launchMetadata(interp, g, bound, options);
        lc.analytic = &*analytic;
    }
    ++ctx.launches;
    bool ok = ctx.backend->launch(*compiled, g, launchArgs, lc);
    std::optional<Diagnostic> firstError = ctx.emitAllButFirstError(diags);
    if (!ok || firstError) {
        std::string message = firstError ? firstError->message : "launch of " + m_name + " failed";
        PyException e("RuntimeError", message);
        if (firstError)
            e.diagnostic = std::move(firstError);
        throw e;
    }
}

AnalyticCost JitFunctionObject::launchMetadata(Interpreter &interp,
                                              const Grid &grid,
                                              const std::vector<Value> &bound,
                                              const LaunchOptions &options) const
{
    // Triton calls it as fn(grid, metadata, args): the grid tuple, the compiled kernel's
    // metadata, and the bound arguments by parameter name.
    auto meta = std::make_shared<RecordObject>("KernelMetadata");
    meta->set("name", Value::str(m_name));
    meta->set("num_warps", Value::integer(options.numWarps));
    meta->set("num_stages", Value::integer(options.numStages));
    const Value gridTuple = Value::tuple(
        {Value::integer(grid.x), Value::integer(grid.y), Value::integer(grid.z)});
    const Value result = interp.callValue(
        m_launchMetadata, {gridTuple, Value::fromObject(meta), metaDict(*this, bound)});
    if (result.kind() != ValueKind::Dict)
        throwTypeError(m_name + "'s launch_metadata must return a dict (such as {\"bytes\": ..., "
                                "\"flops\": ...}), not " + std::string(result.typeName()));
    AnalyticCost cost;
    for (const auto &[key, value] : result.asDict().items()) {
        if (!key.isStr())
            continue;
        const std::string &k = key.asStr();
        if (k == "name" && value.isStr())
            cost.name = value.asStr();
        if (!value.isNumber())
            continue;
        if (k == "bytes")
            cost.bytes = toDouble(value);
        else if (k == "flops" || (k.rfind("flops", 0) == 0 && k.size() > 5
                                  && std::isdigit(static_cast<unsigned char>(k[5]))))
            cost.flops = cost.flops.value_or(0.0) + toDouble(value);
    }
    return cost;
}

LaunchArg pointerLaunchArg(const tensor::Tensor &t, std::string label)
{
    LaunchArg a;
    a.kind = LaunchArg::Kind::Pointer;
    a.storage = t.storage();
    a.byteOffset = t.storageOffset() * t.elementSize();
    a.label = std::move(label);
    return a;
}

bool tritonDebugFromEnvironment()
{
    const char *v = std::getenv("TRITON_DEBUG");
    if (!v)
        return false;
    std::string s(v);
    for (char &c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s == "1" || s == "true" || s == "on" || s == "yes";
}

// ---------------------------------------------------------------- grid

Value metaDict(const JitFunctionObject &jit, const std::vector<Value> &bound)
{
    Value d = Value::dict();
    for (std::size_t i = 0; i < bound.size() && i < jit.params().size(); ++i)
        d.asDict().set(jit.params()[i].name, bound[i]);
    return d;
}

Grid evaluateGrid(Interpreter &interp, const Value &grid, const Value &meta)
{
    Value g = grid;
    bool isCallable = g.kind() == ValueKind::Function || g.kind() == ValueKind::Builtin
                      || (g.object() && g.object()->callable() && g.kind() == ValueKind::Object);
    if (isCallable)
        g = interp.callValue(g, {meta});
    std::vector<Value> dims;
    if (g.isIntLike())
        dims.push_back(g);
    else if (g.kind() == ValueKind::Tuple || g.kind() == ValueKind::List || g.as<SizeObject>())
        dims = iterateToVector(g);
    else
        throwTypeError("the launch grid must be a tuple of ints or a callable returning one, not "
                       + std::string(g.typeName()));
    if (dims.empty() || dims.size() > 3)
        throwValueError("the launch grid must have 1 to 3 dimensions, got "
                        + std::to_string(dims.size()));
    Grid out;
    std::int64_t *slots[3] = {&out.x, &out.y, &out.z};
    for (std::size_t i = 0; i < dims.size(); ++i) {
        std::int64_t v = toIndex(dims[i]);
        if (v < 0)
            throwValueError("grid dimension " + std::to_string(i) + " is negative ("
                            + std::to_string(v) + ")");
        *slots[i] = v;
    }
    return out;
}

} // namespace tsm::host
