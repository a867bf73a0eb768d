// The decorators triton.jit, triton.autotune and triton.heuristics, and triton.Config's type.
// The Autotuner itself is core/host/autotuner.cpp.

#include "core/host/autotuner.h"
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
    void prepare(Interpreter &interp, const std::vector<Value> &args, std::vector<Kwarg> &kwargs)
        override
    {
        addValues(interp, args, kwargs);
        m_inner->prepare(interp, args, kwargs);
    }
    void launch(Interpreter &interp,
                const Value &grid,
                std::vector<Value> args,
                std::vector<Kwarg> kwargs,
                SourceSpan span) override
    {
        addValues(interp, args, kwargs);
        m_inner->launch(interp, grid, std::move(args), std::move(kwargs), span);
    }

private:
    void addValues(Interpreter &interp, const std::vector<Value> &args, std::vector<Kwarg> &kwargs)
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
    }

    std::shared_ptr<LaunchableObject> m_inner;
    std::vector<std::pair<std::string, Value>> m_values;
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
        Value launchMetadata, noSpecialize, noAlignment;
        for (const Kwarg &k : args.keywords) {
            if (k.name != "do_not_specialize" && k.name != "debug" && k.name != "noinline"
                && k.name != "do_not_specialize_on_alignment" && k.name != "repr"
                && k.name != "launch_metadata")
                throwTypeError("jit() got an unexpected keyword argument '" + k.name + "'");
            if (k.name == "debug")
                debug = !k.value.isNone() && truthy(k.value);
            if (k.name == "launch_metadata")
                launchMetadata = k.value;
            if (k.name == "do_not_specialize")
                noSpecialize = k.value;
            if (k.name == "do_not_specialize_on_alignment")
                noAlignment = k.value;
        }
        return makeBuiltin("jit", [debug, launchMetadata, noSpecialize, noAlignment](CallArgs &a) -> Value {
            a.expectPositional("jit", 1, 1);
            if (a[0].kind() != ValueKind::Function)
                throwTypeError("triton.jit must decorate a function");
            Value jit = Value::make<JitFunctionObject>(a[0]);
            jit.as<JitFunctionObject>()->setDebug(debug);
            jit.as<JitFunctionObject>()->setLaunchMetadata(launchMetadata);
            jit.as<JitFunctionObject>()->setUnspecialized(noSpecialize, noAlignment);
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
            for (const auto &[k, val] : v[2].asDict().items()) {
                const std::string name = k.isStr() ? k.asStr() : "";
                if (name == "early_config_prune")
                    tuner->m_earlyPrune = val;
                else if (name == "perf_model")
                    tuner->m_perfModel = val;
                else if (name == "top_k")
                    tuner->m_topK = val;
                else
                    throwValueError("autotune prune_configs_by: unknown key " + pyRepr(k)
                                    + " (Triton takes perf_model, top_k, early_config_prune)");
            }
        } else if (!v[2].isNone()) {
            throwTypeError("autotune prune_configs_by must be a dict");
        }
        tuner->m_resetToZero = stringList(v[3]);
        tuner->m_restoreValue = stringList(v[4]);
        tuner->m_preHook = v[5];
        tuner->m_postHook = v[6];
        if (!v[7].isNone())
            tuner->m_warmupMs = toDouble(v[7]);
        if (!v[8].isNone())
            tuner->m_repMs = toDouble(v[8]);
        tuner->m_useCudaGraph = truthy(v[9]);
        tuner->m_doBench = v[10];
        tuner->m_decoratorSpan = args.span;
        tuner->m_haveDecoratorSpan = true;
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
