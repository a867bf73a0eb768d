#pragma once
// triton.Config and triton.autotune's Autotuner (LANGUAGE.md "Launch"): per key value, every
// config is pruned (early_config_prune, perf_model / top_k), compiled on all cores, checked
// against the first config's outputs and timed with do_bench; the fastest is cached in memory
// and on disk, and the whole story is an `autotune` event (core/run/autotune_report.h).

#include "core/host/kernel_function.h"
#include "core/run/autotune_report.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tsm::host {

/// triton.Config(kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None, pre_hook=None).
class ConfigObject final : public Object
{
public:
    std::string_view typeName() const override { return "Config"; }
    /// Triton's Config.__str__: "BLOCK_SIZE: 1024, num_warps: 4, num_ctas: 1, ...".
    std::string repr() const override;
    std::optional<Value> getAttr(std::string_view name) override;
    /// The meta-parameters, then num_warps, num_stages and maxnreg (when set).
    std::vector<Kwarg> allKwargs() const;

    std::vector<Kwarg> kwargs;
    int numWarps = 4, numStages = 3;
    int maxnreg = 0; ///< 0: None
    Value preHook;
};

/// The named arguments of a call: positional ones zipped with the kernel's parameter names, then
/// the keywords (what heuristics, hooks and prune functions receive).
Value namedArgs(JitFunctionObject &jit, const std::vector<Value> &args, const std::vector<Kwarg> &kwargs);

/// triton.Config(...) as a callable value.
Value configCtor(CallArgs &args);

class AutotunerObject final : public LaunchableObject
{
public:
    std::string_view typeName() const override { return "Autotuner"; }
    JitFunctionObject &jit() override { return m_inner->jit(); }
    std::optional<Value> getAttr(std::string_view name) override;
    void prepare(Interpreter &interp, const std::vector<Value> &args, std::vector<Kwarg> &kwargs)
        override;
    void launch(Interpreter &interp,
                const Value &grid,
                std::vector<Value> args,
                std::vector<Kwarg> kwargs,
                SourceSpan span) override;

    std::shared_ptr<LaunchableObject> m_inner;
    std::vector<Value> m_configs;
    std::vector<std::string> m_keys;
    std::vector<std::string> m_resetToZero, m_restoreValue;
    Value m_earlyPrune, m_perfModel, m_topK;
    Value m_preHook, m_postHook, m_doBench;
    double m_warmupMs = 25, m_repMs = 100;
    bool m_useCudaGraph = false;
    /// The decorator's `triton.autotune(...)` call (the report points the studio at it).
    SourceSpan m_decoratorSpan;
    bool m_haveDecoratorSpan = false;

private:
    struct Trial;
    /// Tunes for one key value: the chosen config (raises when every config failed).
    Value tune(Interpreter &interp,
               const Value &grid,
               const std::vector<Value> &args,
               const std::vector<Kwarg> &kwargs,
               SourceSpan span,
               const Value &all,
               const std::string &key,
               run::AutotuneReport &report);
    /// The call's keyword arguments with a config's meta-parameters and options merged in.
    std::vector<Kwarg> withConfig(std::vector<Kwarg> kwargs, const ConfigObject &c) const;
    void runConfig(Interpreter &interp,
                   const Value &grid,
                   const std::vector<Value> &args,
                   const std::vector<Kwarg> &kwargs,
                   SourceSpan span,
                   const ConfigObject &c);
    void prune(Interpreter &interp,
               const Value &all,
               const std::vector<Kwarg> &kwargs,
               std::vector<Trial> &trials);
    /// The on-disk cache entry for this kernel, configs, key and device ("" when disabled).
    std::string diskCachePath(Interpreter &interp, const std::string &key);
    std::optional<std::pair<Value, run::AutotuneReport>> loadFromDisk(const std::string &path);

    std::map<std::string, Value> m_cache;
    std::vector<std::pair<Value, Value>> m_timings;
    Value m_best;
};

} // namespace tsm::host
