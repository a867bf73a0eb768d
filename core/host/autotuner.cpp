// triton.Config and the Autotuner behind @triton.autotune. For a key value not seen before:
// configs are pruned (early_config_prune, then perf_model / top_k), the rest compiled at once
// (the backend builds them on all cores), each run once from the same inputs and checked
// against the first config that ran, then timed with do_bench (zeroing reset_to_zero and
// restoring restore_value arguments before every call, as Triton's kernel_call does). The
// tensors the kernel writes are put back as they were before tuning, so the launch that follows
// computes from the caller's inputs. The choice is cached in memory and on disk; the report of
// every config is an `autotune` event.

#include "core/host/autotuner.h"

#include "core/cuda/sha256.h"
#include "core/cuda/written_params.h"
#include "core/host/host_context.h"
#include "core/host/interpreter.h"
#include "core/host/py_format.h"
#include "core/host/tensor_descriptor.h"
#include "core/host/torch_args.h"
#include "core/host/triton_testing.h"
#include "core/run/autotune_json.h"
#include "core/tensor/compare.h"
#include "core/tensor/device_ops.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <unistd.h>

namespace tsm::host {

// ---------------------------------------------------------------- Config

std::string ConfigObject::repr() const
{
    std::string out;
    for (const Kwarg &k : kwargs)
        out += k.name + ": " + pyStr(k.value) + ", ";
    out += "num_warps: " + std::to_string(numWarps) + ", num_ctas: 1, num_stages: "
           + std::to_string(numStages)
           + ", maxnreg: " + (maxnreg > 0 ? std::to_string(maxnreg) : std::string("None"));
    return out;
}

std::optional<Value> ConfigObject::getAttr(std::string_view name)
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
        return maxnreg > 0 ? Value::integer(maxnreg) : Value();
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

std::vector<Kwarg> ConfigObject::allKwargs() const
{
    std::vector<Kwarg> all = kwargs;
    all.push_back({"num_warps", Value::integer(numWarps)});
    all.push_back({"num_stages", Value::integer(numStages)});
    if (maxnreg > 0)
        all.push_back({"maxnreg", Value::integer(maxnreg)});
    return all;
}

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
    if (!v[4].isNone()) {
        c->maxnreg = int(toIndex(v[4]));
        if (c->maxnreg < 1 || c->maxnreg > 255)
            throwValueError("Config(maxnreg=" + std::to_string(c->maxnreg)
                            + "): a register cap must be between 1 and 255");
    }
    c->preHook = v[5];
    return Value::fromObject(c);
}

// ---------------------------------------------------------------- Autotuner

Value namedArgs(JitFunctionObject &jit, const std::vector<Value> &args, const std::vector<Kwarg> &kwargs)
{
    Value d = Value::dict();
    for (std::size_t i = 0; i < args.size() && i < jit.params().size(); ++i)
        d.asDict().set(jit.params()[i].name, args[i]);
    for (const Kwarg &k : kwargs)
        d.asDict().set(k.name, k.value);
    return d;
}

namespace {

using Status = run::AutotuneConfig::Status;

std::vector<tensor::Tensor> tensorsNamed(const Value &all, const std::vector<std::string> &names)
{
    std::vector<tensor::Tensor> out;
    for (const std::string &n : names)
        if (const Value *v = all.asDict().find(n))
            if (const tensor::Tensor *t = tensorOf(*v))
                out.push_back(*t);
    return out;
}

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

bool outOfResources(const std::string &message)
{
    return message.find("OUT_OF_RESOURCES") != std::string::npos
           || message.find("too many resources") != std::string::npos;
}

run::SourceRange rangeOf(const SourceFile &file, SourceSpan span)
{
    run::SourceRange r;
    r.begin = span.begin;
    r.end = span.end;
    r.line = int(file.lineCol(span.begin).line);
    r.endLine = int(file.lineCol(span.end).line);
    return r;
}

/// The cache directory for tuning results: HostOptions::autotuneCacheDir when set, else
/// $TILESMITH_AUTOTUNE_CACHE_DIR, else
/// $XDG_CACHE_HOME/tilesmith/autotune, else ~/.cache/tilesmith/autotune; none when either
/// TILESMITH_AUTOTUNE_CACHE_DIR or TILESMITH_CACHE_DIR is "-".
std::filesystem::path autotuneCacheDir(const std::filesystem::path &configured)
{
    if (configured == "-")
        return {};
    if (!configured.empty())
        return configured;
    auto env = [](const char *name) -> std::string {
        const char *v = std::getenv(name);
        return v ? v : "";
    };
    if (env("TILESMITH_AUTOTUNE_CACHE_DIR") == "-" || env("TILESMITH_CACHE_DIR") == "-")
        return {};
    if (!env("TILESMITH_AUTOTUNE_CACHE_DIR").empty())
        return env("TILESMITH_AUTOTUNE_CACHE_DIR");
    if (!env("XDG_CACHE_HOME").empty())
        return std::filesystem::path(env("XDG_CACHE_HOME")) / "tilesmith" / "autotune";
    if (!env("HOME").empty())
        return std::filesystem::path(env("HOME")) / ".cache" / "tilesmith" / "autotune";
    return {};
}

/// The text of every @triton.jit function in the module: a tuning result stays valid while the
/// kernel and the helpers it may call are unchanged.
std::string jitSources(const ast::Module &module, const SourceFile &file)
{
    std::string out;
    for (const ast::Stmt *s : module.body) {
        const auto *def = ast::dynCast<ast::FunctionDef>(s);
        if (!def)
            continue;
        bool jit = false;
        for (const ast::Expr *d : def->decorators)
            jit = jit || file.text().substr(d->span.begin, d->span.size()).find("jit") != std::string_view::npos;
        if (jit)
            out += std::string(file.text().substr(s->span.begin, s->span.size())) + "\n\x1f";
    }
    return out;
}

constexpr int kDiskCacheVersion = 1;
/// Outputs larger than this are not compared across configs (the comparison runs on the host
/// and would cost seconds per config at 2^28 elements); the report says so.
constexpr std::int64_t kCompareLimit = std::int64_t(1) << 24;

} // namespace

/// One config's way through a tuning.
struct AutotunerObject::Trial
{
    Value config;
    const ConfigObject *cfg = nullptr;
    run::AutotuneConfig row;
    bool eligible = true; ///< not pruned, compiled, ran, right
    std::vector<Kwarg> kwargs;
    std::vector<Value> bound;
    std::shared_ptr<CompiledKernel> compiled;
};

std::optional<Value> AutotunerObject::getAttr(std::string_view name)
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

void AutotunerObject::prepare(Interpreter &interp,
                              const std::vector<Value> &args,
                              std::vector<Kwarg> &kwargs)
{
    m_inner->prepare(interp, args, kwargs);
}

std::vector<Kwarg> AutotunerObject::withConfig(std::vector<Kwarg> kwargs, const ConfigObject &c) const
{
    for (const Kwarg &k : c.allKwargs()) {
        auto dup = std::find_if(
            kwargs.begin(), kwargs.end(), [&](const Kwarg &x) { return x.name == k.name; });
        if (dup != kwargs.end() && k.name != "num_warps" && k.name != "num_stages"
            && k.name != "maxnreg")
            throwValueError("Conflicting meta-parameters: " + k.name
                            + ". Make sure that you don't re-define auto-tuned symbols.");
        if (dup != kwargs.end())
            dup->value = k.value;
        else
            kwargs.push_back(k);
    }
    return kwargs;
}

void AutotunerObject::runConfig(Interpreter &interp,
                                const Value &grid,
                                const std::vector<Value> &args,
                                const std::vector<Kwarg> &kwargs,
                                SourceSpan span,
                                const ConfigObject &c)
{
    std::vector<Kwarg> kw = withConfig(kwargs, c);
    if (!c.preHook.isNone()) {
        Value nargs = namedArgs(jit(), args, kw);
        interp.callValue(c.preHook, {nargs});
    }
    m_inner->launch(interp, grid, args, std::move(kw), span);
}

void AutotunerObject::launch(Interpreter &interp,
                             const Value &grid,
                             std::vector<Value> args,
                             std::vector<Kwarg> kwargs,
                             SourceSpan span)
{
    HostContext &ctx = HostContext::of(interp);
    Value all = namedArgs(jit(), args, kwargs);
    // Triton's key: the values of the key arguments, then the dtype of every tensor argument.
    std::vector<Value> keyParts;
    for (const std::string &k : m_keys)
        if (const Value *v = all.asDict().find(k))
            keyParts.push_back(*v);
    for (const auto &[_, v] : all.asDict().items())
        if (const tensor::Tensor *t = tensorOf(v))
            keyParts.push_back(Value::str(tensor::torchDTypeName(t->dtype())));
    const std::string key = pyRepr(Value::tuple(keyParts));
    Value config;
    if (auto it = m_cache.find(key); it != m_cache.end()) {
        config = it->second;
    } else {
        const std::string path = diskCachePath(interp, key);
        std::optional<std::pair<Value, run::AutotuneReport>> cached;
        if (!path.empty())
            cached = loadFromDisk(path);
        run::RunEvent e;
        e.kind = run::RunEvent::Kind::Autotune;
        if (cached) {
            config = cached->first;
            e.autotune = std::move(cached->second);
            e.autotune->source = "disk";
            e.autotune->cacheFile = path;
            ctx.emit(e);
        } else {
            run::AutotuneReport report;
            report.cacheFile = path;
            try {
                config = tune(interp, grid, args, kwargs, span, all, key, report);
            } catch (...) {
                e.autotune = std::move(report);
                ctx.emit(e); // every config's reason, before the error that ends the run
                throw;
            }
            if (!path.empty()) {
                std::error_code ec;
                std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
                const std::string tmp = path + ".tmp" + std::to_string(::getpid());
                std::ofstream(tmp) << nlohmann::json{{"version", kDiskCacheVersion},
                                                     {"report", run::autotuneToJson(report)}}
                                          .dump();
                std::filesystem::rename(tmp, path, ec);
                if (ec)
                    report.cacheFile.clear();
            }
            if (const char *p = std::getenv("TRITON_PRINT_AUTOTUNING"); p && std::string(p) == "1") {
                char secs[32];
                std::snprintf(secs, sizeof secs, "%.2f", report.tuningSeconds);
                interp.writeOutput("Triton autotuning for function " + jit().name()
                                   + ",\nwith key as " + key + ",\nfinished after " + secs
                                   + "s,\nbest config selected: "
                                   + config.as<ConfigObject>()->repr() + ";\n");
            }
            e.autotune = std::move(report);
            ctx.emit(e);
        }
        m_cache.emplace(key, config);
    }
    m_best = config;
    runConfig(interp, grid, args, kwargs, span, *config.as<ConfigObject>());
}

void AutotunerObject::prune(Interpreter &interp,
                            const Value &all,
                            const std::vector<Kwarg> &kwargs,
                            std::vector<Trial> &trials)
{
    auto eligibleConfigs = [&] {
        std::vector<Value> out;
        for (const Trial &t : trials)
            if (t.eligible)
                out.push_back(t.config);
        return out;
    };
    if (!m_earlyPrune.isNone()) {
        std::vector<Kwarg> kw;
        for (const auto &[k, v] : all.asDict().items())
            if (k.isStr())
                kw.push_back({k.asStr(), v});
        Value kept = interp.callValue(m_earlyPrune, {Value::list(eligibleConfigs()), all}, kw);
        std::vector<Value> keptList = iterateToVector(kept);
        for (Trial &t : trials) {
            bool stays = std::any_of(keptList.begin(), keptList.end(), [&](const Value &v) {
                return v.as<ConfigObject>() == t.cfg;
            });
            if (!stays && t.eligible) {
                t.eligible = false;
                t.row.status = Status::Pruned;
                t.row.reason = "pruned by early_config_prune";
            }
        }
    }
    if (m_perfModel.isNone())
        return;
    std::vector<Trial *> live;
    for (Trial &t : trials)
        if (t.eligible)
            live.push_back(&t);
    // Triton: top_k is a count, or a fraction of the configs when it is a float <= 1.
    std::size_t topK = live.size();
    if (m_topK.isFloat() && m_topK.asFloat() <= 1.0)
        topK = std::size_t(double(live.size()) * m_topK.asFloat());
    else if (!m_topK.isNone())
        topK = std::size_t(std::max<std::int64_t>(0, toIndex(m_topK)));
    if (live.size() <= topK)
        return;
    std::vector<std::pair<double, Trial *>> estimates;
    for (Trial *t : live) {
        std::vector<Kwarg> kw;
        for (const auto &[k, v] : all.asDict().items())
            if (k.isStr())
                kw.push_back({k.asStr(), v});
        for (const Kwarg &k : kwargs)
            kw.push_back(k);
        for (const Kwarg &k : t->cfg->allKwargs())
            kw.push_back(k);
        // Later keywords win, as in Triton's **dict merge.
        std::vector<Kwarg> unique;
        for (auto it = kw.rbegin(); it != kw.rend(); ++it)
            if (std::none_of(unique.begin(), unique.end(), [&](const Kwarg &u) { return u.name == it->name; }))
                unique.push_back(*it);
        std::reverse(unique.begin(), unique.end());
        estimates.emplace_back(toDouble(interp.callValue(m_perfModel, {}, unique)), t);
    }
    std::stable_sort(estimates.begin(), estimates.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (std::size_t i = topK; i < estimates.size(); ++i) {
        Trial &t = *estimates[i].second;
        t.eligible = false;
        t.row.status = Status::Pruned;
        char buf[160];
        std::snprintf(buf, sizeof buf, "pruned by perf_model: estimate %.4g, not among the top_k=%zu",
                      estimates[i].first, topK);
        t.row.reason = buf;
    }
}

Value AutotunerObject::tune(Interpreter &interp,
                            const Value &grid,
                            const std::vector<Value> &args,
                            const std::vector<Kwarg> &kwargs,
                            SourceSpan span,
                            const Value &all,
                            const std::string &key,
                            run::AutotuneReport &report)
{
    HostContext &ctx = HostContext::of(interp);
    const auto start = std::chrono::steady_clock::now();
    report.kernel = jit().name();
    report.keyNames = m_keys;
    report.key = key;
    report.backend = ctx.backend ? std::string(ctx.backend->name()) : "";
    if (const SourceFile *file = interp.sourceFile()) {
        if (m_haveDecoratorSpan && m_decoratorSpan.file == span.file) {
            // From the '@' before `triton.autotune(...)`.
            SourceSpan d = m_decoratorSpan;
            const std::string_view text = file->text();
            std::uint32_t b = d.begin;
            while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t'))
                --b;
            if (b > 0 && text[b - 1] == '@')
                d.begin = b - 1;
            report.decorator = rangeOf(*file, d);
        }
        if (span.end > span.begin && span.end <= file->text().size())
            report.launch = rangeOf(*file, span);
    }

    std::vector<Trial> trials;
    for (const Value &c : m_configs) {
        Trial t;
        t.config = c;
        t.cfg = c.as<ConfigObject>();
        t.row.label = t.cfg->repr();
        for (const Kwarg &k : t.cfg->allKwargs())
            t.row.kwargs.emplace_back(k.name, pyRepr(k.value));
        trials.push_back(std::move(t));
    }
    prune(interp, all, kwargs, trials);

    // Every surviving config's signature, compiled together.
    std::vector<sema::Signature> sigs;
    std::vector<Trial *> toCompile;
    for (Trial &t : trials) {
        if (!t.eligible)
            continue;
        t.kwargs = withConfig(kwargs, *t.cfg);
        // A config's pre_hook may set a TensorDescriptor's block_shape (tutorials 06 and 09),
        // which the signature compiles in: run it before taking the signature (and again
        // before the config's launch, as Triton runs it).
        std::vector<Value> kwargValues;
        for (const Kwarg &k : kwargs)
            kwargValues.push_back(k.value);
        if (!t.cfg->preHook.isNone() && (anyTensorDescriptor(args) || anyTensorDescriptor(kwargValues)))
            interp.callValue(t.cfg->preHook, {namedArgs(jit(), args, t.kwargs)});
        std::vector<Kwarg> prepared = t.kwargs;
        m_inner->prepare(interp, args, prepared);
        LaunchOptions options;
        t.bound = jit().bind(args, prepared, span, options);
        sigs.push_back(jit().signatureOf(t.bound, options, span));
        toCompile.push_back(&t);
    }
    const auto compileStart = std::chrono::steady_clock::now();
    std::vector<JitFunctionObject::CompileOutcome> outcomes;
    if (!sigs.empty())
        outcomes = jit().compileAll(interp, sigs);
    report.compileSeconds = secondsSince(compileStart);
    report.compileThreads = ctx.backend ? std::min<int>(ctx.backend->compileThreads(), int(sigs.size())) : 1;
    std::optional<PyException> lastError;
    for (std::size_t i = 0; i < toCompile.size(); ++i) {
        Trial &t = *toCompile[i];
        JitFunctionObject::CompileOutcome &o = outcomes[i];
        if (o.error) {
            t.eligible = false;
            const bool shared = o.error->diagnostic
                                && o.error->diagnostic->kind == DiagKind::SharedMemoryExceeded;
            t.row.status = shared ? Status::OutOfResources : Status::CompileError;
            t.row.reason = o.error->message();
            lastError = o.error;
            continue;
        }
        t.compiled = o.kernel;
        t.row.compileSeconds = o.built ? o.kernel->buildSeconds() : 0.0;
        if (auto use = o.kernel->usage()) {
            t.row.registers = use->registers;
            t.row.spillBytes = use->spillBytes;
            t.row.sharedBytes = use->sharedBytes;
            t.row.occupancy = use->occupancy;
        }
    }

    // The tensors any config may write. Those it also reads (in-place updates, accumulators)
    // are kept as they were: each config's check run starts from them, and they are put back
    // after tuning. Write-only outputs need no copy: every config overwrites them.
    std::vector<tensor::Tensor> written, kept;
    auto add = [](std::vector<tensor::Tensor> &into, const tensor::Tensor &t) {
        if (std::none_of(into.begin(), into.end(), [&](const tensor::Tensor &x) {
                return x.storage() == t.storage() && x.storageOffset() == t.storageOffset()
                       && x.shape() == t.shape();
            }))
            into.push_back(t);
    };
    for (const Trial &t : trials) {
        if (!t.compiled)
            continue;
        const std::vector<bool> w = cuda::writtenPointerParams(t.compiled->kernel());
        const std::vector<bool> r = cuda::readPointerParams(t.compiled->kernel());
        const std::vector<const tensor::Tensor *> paramTensors = kernelParamTensors(t.bound);
        for (std::size_t p = 0; p < w.size() && p < paramTensors.size(); ++p) {
            const tensor::Tensor *tensor = w[p] ? paramTensors[p] : nullptr;
            if (!tensor)
                continue;
            add(written, *tensor);
            if (r[p])
                add(kept, *tensor);
        }
    }
    std::vector<tensor::Tensor> before;
    for (const tensor::Tensor &t : kept)
        before.push_back(t.clone());
    const std::vector<tensor::Tensor> zeroed = tensorsNamed(all, m_resetToZero);
    const std::vector<tensor::Tensor> restored = tensorsNamed(all, m_restoreValue);
    std::vector<tensor::Tensor> restoredCopies;
    for (const tensor::Tensor &t : restored)
        restoredCopies.push_back(t.clone());
    auto putBack = [&] {
        for (std::size_t i = 0; i < kept.size(); ++i)
            kept[i].copyFrom(before[i]);
        for (std::size_t i = 0; i < restored.size(); ++i)
            restored[i].copyFrom(restoredCopies[i]);
    };

    // Triton's kernel_call: reset_to_zero and the autotuner's pre_hook, the config, post_hook,
    // then restore_value put back.
    auto kernelCall = [&](const Trial &t) {
        for (const tensor::Tensor &z : zeroed)
            z.fill(tensor::Scalar::fromInt(0));
        if (!m_preHook.isNone())
            interp.callValue(m_preHook, {all});
        runConfig(interp, grid, args, kwargs, span, *t.cfg);
        if (!m_postHook.isNone())
            interp.callValue(m_postHook, {all, Value()});
        // Inside do_bench on a GPU the fills above and these copies are device kernels (the
        // eager ops), as Triton's zero_() and copy_() are.
        for (std::size_t i = 0; i < restored.size(); ++i) {
            tensor::DeviceOps *device = tensor::deviceOpsFor({&restored[i]});
            if (!device || !device->copyInto(restored[i], restoredCopies[i]))
                restored[i].copyFrom(restoredCopies[i]);
        }
    };

    // Progress per config timed (the studio's status bar: "Tuning swish_kernel 3/7").
    const std::int64_t toTime = std::count_if(trials.begin(), trials.end(), [](const Trial &t) { return t.eligible; });
    std::int64_t timed = 0;
    auto progress = [&] {
        run::RunEvent e;
        e.kind = run::RunEvent::Kind::Progress;
        e.name = jit().name();
        e.progress = run::Progress{"autotune", timed, toTime};
        ctx.emit(e);
    };
    if (toTime > 1)
        progress();
    const Trial *reference = nullptr;
    std::vector<tensor::Tensor> referenceOutputs;
    Value doBench = !m_doBench.isNone() ? m_doBench : doBenchBuiltin(m_useCudaGraph);
    const Value quantiles
        = Value::list({Value::real(0.5), Value::real(0.2), Value::real(0.8)});
    for (Trial &t : trials) {
        if (!t.eligible)
            continue;
        interp.checkCancelled();
        try {
            putBack();
            kernelCall(t);
            std::vector<tensor::Tensor> outputs;
            for (const tensor::Tensor &w : written)
                outputs.push_back(w.numel() <= kCompareLimit ? w.clone() : tensor::Tensor());
            if (!reference) {
                reference = &t;
                referenceOutputs = std::move(outputs);
            } else {
                for (std::size_t i = 0; i < outputs.size() && t.eligible; ++i) {
                    if (written[i].numel() > kCompareLimit)
                        continue;
                    tensor::CloseOptions close;
                    auto [rtol, atol] = tensor::defaultTolerances(outputs[i].dtype());
                    // Configs may sum in another order: ten times torch's tolerance.
                    close.rtol = rtol * 10;
                    close.atol = atol * 10;
                    run::ValidationReport v = tensor::assertClose(outputs[i], referenceOutputs[i], close);
                    if (v.passed)
                        continue;
                    t.eligible = false;
                    t.row.status = Status::WrongResult;
                    char buf[200];
                    std::snprintf(buf, sizeof buf,
                                  "%lld of %lld elements differ from the first config's output "
                                  "(max abs error %.3g; rtol %.2g, atol %.2g)",
                                  (long long) v.mismatched, (long long) v.total, v.maxAbsError,
                                  close.rtol.value_or(0), close.atol.value_or(0));
                    t.row.reason = std::string(buf) + "; first config: " + reference->row.label;
                }
                if (!t.eligible)
                    continue;
            }
            if (!ctx.autotuneTimesConfigs) {
                // Untimed: configs rank in the order they are listed.
                t.row.medianMs = t.row.p20Ms = t.row.p80Ms = double(timed);
                ++timed;
                continue;
            }
            Value fn = makeBuiltin("kernel_call", [&kernelCall, &t](CallArgs &) {
                kernelCall(t);
                return Value();
            });
            std::vector<Kwarg> kw{{"quantiles", quantiles}};
            if (m_doBench.isNone() && !m_useCudaGraph) {
                kw.push_back({"warmup", Value::real(m_warmupMs)});
                kw.push_back({"rep", Value::real(m_repMs)});
            } else if (m_doBench.isNone()) {
                kw.push_back({"rep", Value::real(m_repMs)});
            }
            std::vector<Value> q = iterateToVector(interp.callValue(doBench, {fn}, kw));
            if (q.size() != 3)
                throwValueError("autotune: do_bench must return the 3 quantiles asked for");
            t.row.medianMs = toDouble(q[0]);
            t.row.p20Ms = toDouble(q[1]);
            t.row.p80Ms = toDouble(q[2]);
            m_timings.emplace_back(t.config, Value::real(*t.row.medianMs));
        } catch (const PyException &e) {
            // Triton records a config that cannot run as infinitely slow.
            t.eligible = false;
            t.row.status = outOfResources(e.message()) ? Status::OutOfResources : Status::Failed;
            t.row.reason = e.type() + ": " + e.message();
            m_timings.emplace_back(t.config, Value::str(t.row.reason));
            lastError = e;
        }
        ++timed;
        if (toTime > 1)
            progress();
    }
    putBack();
    report.measuredBy = ctx.measuredBy;
    if (std::any_of(written.begin(), written.end(),
                    [](const tensor::Tensor &w) { return w.numel() > kCompareLimit; }))
        report.measuredBy += "; outputs over 2^24 elements are not compared across configs";
    if (!zeroed.empty() || !restored.empty())
        report.measuredBy += "; reset_to_zero / restore_value tensors reset inside each timed call";

    double bestMs = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < trials.size(); ++i)
        if (trials[i].eligible && trials[i].row.medianMs && *trials[i].row.medianMs < bestMs) {
            bestMs = *trials[i].row.medianMs;
            report.best = int(i);
        }
    for (Trial &t : trials)
        report.configs.push_back(t.row);
    report.tuningSeconds = secondsSince(start);
    if (report.best < 0) {
        if (lastError)
            throw *lastError;
        throwPy("RuntimeError", "autotune: no config of " + jit().name()
                                    + " could run (see the autotune report for each one's reason)");
    }
    return trials[std::size_t(report.best)].config;
}

std::string AutotunerObject::diskCachePath(Interpreter &interp, const std::string &key)
{
    HostContext &ctx = HostContext::of(interp);
    const std::filesystem::path dir = autotuneCacheDir(ctx.autotuneCacheDir);
    const SourceFile *file = interp.sourceFile();
    if (dir.empty() || !ctx.module || !file || !ctx.backend)
        return {};
    cuda::Sha256 h;
    h.updateField(std::to_string(kDiskCacheVersion));
    h.updateField(jitSources(*ctx.module, *file));
    h.updateField(jit().name());
    for (const Value &c : m_configs)
        h.updateField(c.as<ConfigObject>()->repr());
    h.updateField(key);
    h.updateField(ctx.backend->name());
    if (auto p = ctx.backend->deviceProperties())
        h.updateField(p->name + " sm_" + std::to_string(p->ccMajor * 10 + p->ccMinor));
    return (dir / (jit().name() + "-" + cuda::Sha256::hex(h.finish()).substr(0, 32) + ".json"))
        .string();
}

std::optional<std::pair<Value, run::AutotuneReport>>
AutotunerObject::loadFromDisk(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        return std::nullopt;
    try {
        nlohmann::json j = nlohmann::json::parse(in);
        if (j.value("version", 0) != kDiskCacheVersion)
            return std::nullopt;
        run::AutotuneReport r = run::autotuneFromJson(j.at("report"));
        // The stored choice must name one of today's configs (same list: the key hashes it).
        if (r.best < 0 || std::size_t(r.best) >= m_configs.size() || r.configs.size() != m_configs.size()
            || r.configs[std::size_t(r.best)].label != m_configs[std::size_t(r.best)].as<ConfigObject>()->repr())
            return std::nullopt;
        r.tuningSeconds = 0;
        return std::make_pair(m_configs[std::size_t(r.best)], std::move(r));
    } catch (const std::exception &) {
        return std::nullopt; // a damaged entry is a miss
    }
}

} // namespace tsm::host
