// triton.jit, triton.Config, triton.autotune and triton.heuristics. The Autotuner runs every
// config once per key on the session's backend (zeroing reset_to_zero and restoring
// restore_value arguments around each trial), records each config's time or why it failed,
// caches the fastest per key and launches it.

#include "core/host/host_context.h"
#include "core/host/interpreter.h"
#include "core/host/kernel_function.h"
#include "core/host/py_format.h"
#include "core/host/torch_args.h"
#include "core/host/torch_objects.h"

#include <chrono>
#include <limits>

namespace tsm::host {

namespace {

/// triton.Config(kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None, pre_hook=None).
class ConfigObject final : public Object
{
public:
    std::string_view typeName() const override { return "Config"; }
    std::string repr() const override
    {
        std::string out;
        for (const Kwarg &k : kwargs)
            out += k.name + ": " + pyStr(k.value) + ", ";
        out += "num_warps: " + std::to_string(numWarps)
               + ", num_ctas: 1, num_stages: " + std::to_string(numStages) + ", maxnreg: None";
        return out;
    }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "kwargs") {
            Value d = Value::dict();
            for (const Kwarg &k : kwargs)
                d.asDict().set(k.name, k.value);
            return d;
        }
        if (name == "num_warps")
            return Value::integer(numWarps);
        if (name == "num_stages")
            return Value::integer(numStages);
        if (name == "num_ctas")
            return Value::integer(1);
        if (name == "maxnreg")
            return Value();
        if (name == "pre_hook")
            return preHook;
        if (name == "all_kwargs") {
            std::vector<Kwarg> all = allKwargs();
            return makeMethod(*this, "all_kwargs", [all](CallArgs &) {
                Value d = Value::dict();
                for (const Kwarg &k : all)
                    d.asDict().set(k.name, k.value);
                return d;
            });
        }
        return std::nullopt;
    }
    std::vector<Kwarg> allKwargs() const
    {
        std::vector<Kwarg> all = kwargs;
        all.push_back({"num_warps", Value::integer(numWarps)});
        all.push_back({"num_stages", Value::integer(numStages)});
        return all;
    }

    std::vector<Kwarg> kwargs;
    int numWarps = 4, numStages = 3;
    Value preHook;
};

Value configCtor(CallArgs &args)
{
    auto v = args.bind("Config",
                       {{"kwargs"},
                        {"num_warps", Value::integer(4)},
                        {"num_stages", Value::integer(3)},
                        {"num_ctas", Value::integer(1)},
                        {"maxnreg", Value()},
                        {"pre_hook", Value()}});
    auto c = std::make_shared<ConfigObject>();
    if (v[0].kind() != ValueKind::Dict)
        throwTypeError("Config() kwargs must be a dict");
    for (const auto &[k, val] : v[0].asDict().items()) {
        if (!k.isStr())
            throwTypeError("Config() kwargs keys must be strings");
        c->kwargs.push_back({k.asStr(), val});
    }
    c->numWarps = int(toIndex(v[1]));
    c->numStages = int(toIndex(v[2]));
    if (toIndex(v[3]) != 1)
        throwUnsupported("triton.Config(num_ctas != 1)");
    c->preHook = v[5];
    return Value::fromObject(c);
}

/// The named arguments of a call (positional zipped with parameter names, then keywords).
Value namedArgs(JitFunctionObject &jit,
                const std::vector<Value> &args,
                const std::vector<Kwarg> &kwargs)
{
    Value d = Value::dict();
    for (std::size_t i = 0; i < args.size() && i < jit.params().size(); ++i)
        d.asDict().set(jit.params()[i].name, args[i]);
    for (const Kwarg &k : kwargs)
        d.asDict().set(k.name, k.value);
    return d;
}

class HeuristicsObject final : public LaunchableObject
{
public:
    HeuristicsObject(std::shared_ptr<LaunchableObject> inner,
                     std::vector<std::pair<std::string, Value>> values)
        : m_inner(std::move(inner))
        , m_values(std::move(values))
    {
    }
    std::string_view typeName() const override { return "Heuristics"; }
    JitFunctionObject &jit() override { return m_inner->jit(); }
    void launch(Interpreter &interp,
                const Value &grid,
                std::vector<Value> args,
                std::vector<Kwarg> kwargs,
                SourceSpan span) override
    {
        for (const auto &entry : m_values) {
            const auto &name = entry.first; // a plain reference: lambdas cannot capture bindings
            Value all = namedArgs(jit(), args, kwargs);
            Value v = interp.callValue(entry.second, {all});
            auto it = std::find_if(
                kwargs.begin(), kwargs.end(), [&](const Kwarg &k) { return k.name == name; });
            if (it != kwargs.end())
                it->value = v;
            else
                kwargs.push_back({name, v});
        }
        m_inner->launch(interp, grid, std::move(args), std::move(kwargs), span);
    }

private:
    std::shared_ptr<LaunchableObject> m_inner;
    std::vector<std::pair<std::string, Value>> m_values;
};

class AutotunerObject final : public LaunchableObject
{
public:
    std::string_view typeName() const override { return "Autotuner"; }
    JitFunctionObject &jit() override { return m_inner->jit(); }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "configs")
            return Value::list(m_configs);
        if (name == "best_config")
            return m_best;
        if (name == "cache") {
            Value d = Value::dict();
            for (const auto &[k, c] : m_cache)
                d.asDict().set(k, c);
            return d;
        }
        if (name == "configs_timings") {
            Value d = Value::dict();
            for (const auto &[cfg, t] : m_timings)
                d.asDict().set(cfg, t);
            return d;
        }
        if (name == "keys") {
            std::vector<Value> ks;
            for (const auto &k : m_keys)
                ks.push_back(Value::str(k));
            return Value::list(std::move(ks));
        }
        return LaunchableObject::getAttr(name);
    }

    void launch(Interpreter &interp,
                const Value &grid,
                std::vector<Value> args,
                std::vector<Kwarg> kwargs,
                SourceSpan span) override
    {
        Value all = namedArgs(jit(), args, kwargs);
        std::vector<Value> keyParts;
        for (const std::string &k : m_keys)
            if (const Value *v = all.asDict().find(k))
                keyParts.push_back(*v);
        for (const auto &[_, v] : all.asDict().items())
            if (const tensor::Tensor *t = tensorOf(v))
                keyParts.push_back(Value::str(tensor::torchDTypeName(t->dtype())));
        std::string key = pyRepr(Value::tuple(keyParts));
        auto it = m_cache.find(key);
        Value config;
        if (it != m_cache.end()) {
            config = it->second;
        } else {
            config = tune(interp, grid, args, kwargs, span, all);
            m_cache.emplace(key, config);
        }
        m_best = config;
        runConfig(interp, grid, args, kwargs, span, *config.as<ConfigObject>(), all);
    }

    std::shared_ptr<LaunchableObject> m_inner;
    std::vector<Value> m_configs;
    std::vector<std::string> m_keys;
    std::vector<std::string> m_resetToZero, m_restoreValue;
    Value m_pruneFn, m_preHook, m_postHook;

private:
    void runConfig(Interpreter &interp,
                   const Value &grid,
                   std::vector<Value> args,
                   std::vector<Kwarg> kwargs,
                   SourceSpan span,
                   const ConfigObject &c,
                   const Value &all)
    {
        for (const Kwarg &k : c.allKwargs()) {
            auto dup = std::find_if(
                kwargs.begin(), kwargs.end(), [&](const Kwarg &x) { return x.name == k.name; });
            if (dup != kwargs.end() && k.name != "num_warps" && k.name != "num_stages")
                throwValueError("Conflicting meta-parameters: " + k.name
                                + ". Make sure that you don't re-define auto-tuned symbols.");
            if (dup != kwargs.end())
                dup->value = k.value;
            else
                kwargs.push_back(k);
        }
        if (!c.preHook.isNone())
            interp.callValue(c.preHook, {all});
        m_inner->launch(interp, grid, std::move(args), std::move(kwargs), span);
    }

    std::vector<Value> prunedConfigs(Interpreter &interp, const Value &all)
    {
        if (m_pruneFn.isNone())
            return m_configs;
        std::vector<Kwarg> kw;
        for (const auto &[k, v] : all.asDict().items())
            if (k.isStr())
                kw.push_back({k.asStr(), v});
        Value r = interp.callValue(m_pruneFn, {Value::list(m_configs), all}, kw);
        return iterateToVector(r);
    }

    Value tune(Interpreter &interp,
               const Value &grid,
               const std::vector<Value> &args,
               const std::vector<Kwarg> &kwargs,
               SourceSpan span,
               const Value &all)
    {
        std::vector<Value> configs = prunedConfigs(interp, all);
        if (configs.empty())
            throwValueError("autotune: no configs left to try");
        if (configs.size() == 1)
            return configs.front();
        // Snapshots of restore_value arguments, restored after every trial.
        std::vector<std::pair<tensor::Tensor, tensor::Tensor>> saved;
        for (const std::string &n : m_restoreValue)
            if (const Value *v = all.asDict().find(n))
                if (const tensor::Tensor *t = tensorOf(*v))
                    saved.emplace_back(*t, t->clone());
        double bestTime = std::numeric_limits<double>::infinity();
        Value best;
        std::optional<PyException> lastError;
        for (const Value &cfg : configs) {
            for (const std::string &n : m_resetToZero)
                if (const Value *v = all.asDict().find(n))
                    if (const tensor::Tensor *t = tensorOf(*v))
                        t->fill(tensor::Scalar::fromInt(0));
            auto start = std::chrono::steady_clock::now();
            Value timing;
            try {
                if (!m_preHook.isNone())
                    interp.callValue(m_preHook, {all});
                runConfig(interp, grid, args, kwargs, span, *cfg.as<ConfigObject>(), all);
                if (!m_postHook.isNone())
                    interp.callValue(m_postHook, {all, Value()});
                double ms = std::chrono::duration<double, std::milli>(
                                std::chrono::steady_clock::now() - start)
                                .count();
                timing = Value::real(ms);
                if (ms < bestTime) {
                    bestTime = ms;
                    best = cfg;
                }
            } catch (const PyException &e) {
                // Triton records a config that cannot compile or run as infinitely slow.
                timing = Value::str(e.type() + ": " + e.message());
                lastError = e;
            }
            m_timings.emplace_back(cfg, timing);
            for (auto &[t, copy] : saved)
                t.copyFrom(copy);
        }
        if (best.isNone()) {
            if (lastError)
                throw *lastError;
            throwPy("RuntimeError", "autotune: every config failed");
        }
        return best;
    }

    std::map<std::string, Value> m_cache;
    std::vector<std::pair<Value, Value>> m_timings;
    Value m_best;
};

std::shared_ptr<LaunchableObject> launchableOf(const Value &v, std::string_view decorator)
{
    if (auto l = v.asShared<LaunchableObject>())
        return l;
    throwTypeError(std::string(decorator) + " must decorate a @triton.jit function, not "
                   + std::string(v.typeName()));
}

std::vector<std::string> stringList(const Value &v)
{
    std::vector<std::string> out;
    if (v.isNone())
        return out;
    if (v.isStr())
        return {v.asStr()};
    for (const Value &s : iterateToVector(v)) {
        if (!s.isStr())
            throwTypeError("expected a list of argument names");
        out.push_back(s.asStr());
    }
    return out;
}

} // namespace

Value makeJitDecorator()
{
    return makeBuiltin("jit", [](CallArgs &args) -> Value {
        if (args.size() == 1 && args.keywords.empty()) {
            if (args[0].kind() != ValueKind::Function)
                throwTypeError("triton.jit must decorate a function");
            return Value::make<JitFunctionObject>(args[0]);
        }
        bool debug = false;
        Value launchMetadata;
        for (const Kwarg &k : args.keywords) {
            if (k.name != "do_not_specialize" && k.name != "debug" && k.name != "noinline"
                && k.name != "do_not_specialize_on_alignment" && k.name != "repr"
                && k.name != "launch_metadata")
                throwTypeError("jit() got an unexpected keyword argument '" + k.name + "'");
            if (k.name == "debug")
                debug = !k.value.isNone() && truthy(k.value);
            if (k.name == "launch_metadata")
                launchMetadata = k.value;
        }
        return makeBuiltin("jit", [debug, launchMetadata](CallArgs &a) -> Value {
            a.expectPositional("jit", 1, 1);
            if (a[0].kind() != ValueKind::Function)
                throwTypeError("triton.jit must decorate a function");
            Value jit = Value::make<JitFunctionObject>(a[0]);
            jit.as<JitFunctionObject>()->setDebug(debug);
            jit.as<JitFunctionObject>()->setLaunchMetadata(launchMetadata);
            return jit;
        });
    });
}

Value makeConfigType()
{
    return makeLibraryType("Config", configCtor);
}

Value makeAutotuneDecorator()
{
    return makeBuiltin("autotune", [](CallArgs &args) {
        auto v = args.bind("autotune",
                           {{"configs"},
                            {"key"},
                            {"prune_configs_by", Value()},
                            {"reset_to_zero", Value()},
                            {"restore_value", Value()},
                            {"pre_hook", Value()},
                            {"post_hook", Value()},
                            {"warmup", Value()},
                            {"rep", Value()},
                            {"use_cuda_graph", Value::boolean(false)},
                            {"do_bench", Value()},
                            {"cache_results", Value::boolean(false)}});
        auto tuner = std::make_shared<AutotunerObject>();
        for (const Value &c : iterateToVector(v[0])) {
            if (!c.as<ConfigObject>())
                throwTypeError("autotune configs must be triton.Config objects");
            tuner->m_configs.push_back(c);
        }
        tuner->m_keys = stringList(v[1]);
        if (v[2].kind() == ValueKind::Dict) {
            if (const Value *p = v[2].asDict().find("early_config_prune"))
                tuner->m_pruneFn = *p;
            if (v[2].asDict().find("perf_model"))
                throwUnsupported("autotune prune_configs_by perf_model");
        }
        tuner->m_resetToZero = stringList(v[3]);
        tuner->m_restoreValue = stringList(v[4]);
        tuner->m_preHook = v[5];
        tuner->m_postHook = v[6];
        if (!v[10].isNone())
            throwUnsupported("autotune(do_bench=...)");
        return makeBuiltin("autotune", [tuner](CallArgs &a) {
            a.expectPositional("autotune", 1, 1);
            tuner->m_inner = launchableOf(a[0], "triton.autotune");
            return tuner->self();
        });
    });
}

Value makeHeuristicsDecorator()
{
    return makeBuiltin("heuristics", [](CallArgs &args) {
        auto v = args.bind("heuristics", {{"values"}});
        if (v[0].kind() != ValueKind::Dict)
            throwTypeError("heuristics() takes a dict of {name: function}");
        std::vector<std::pair<std::string, Value>> values;
        for (const auto &[k, fn] : v[0].asDict().items()) {
            if (!k.isStr())
                throwTypeError("heuristics() keys must be argument names");
            values.emplace_back(k.asStr(), fn);
        }
        return makeBuiltin("heuristics", [values](CallArgs &a) {
            a.expectPositional("heuristics", 1, 1);
            return Value::make<HeuristicsObject>(launchableOf(a[0], "triton.heuristics"), values);
        });
    });
}

} // namespace tsm::host
