// triton.testing: do_bench, do_bench_cudagraph, Benchmark, perf_report / Mark.run, assert_close.

#include "core/host/triton_testing.h"

#include "core/host/eager_gpu_ops.h"
#include "core/host/host_context.h"
#include "core/host/interpreter.h"
#include "core/host/library_module.h"
#include "core/host/py_format.h"
#include "core/host/torch_args.h"
#include "core/host/torch_module.h"
#include "core/host/torch_objects.h"
#include "core/host/triton_bench_table.h"
#include "core/tensor/compare.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <numeric>
#include <set>

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

tensor::Tensor comparedTensor(const Value &v, std::string_view what); // torch_testing.cpp
void reportValidation(CallArgs &args, const run::ValidationReport &report);

namespace {

constexpr int kMaxTimedCalls = 100;

/// Triton's _quantile: linear interpolation between sorted samples.
std::vector<double> quantiles(std::vector<double> times, const std::vector<double> &qs)
{
    std::sort(times.begin(), times.end());
    std::vector<double> out;
    double n = double(times.size());
    for (double q : qs) {
        if (q < 0 || q > 1)
            throwValueError("Quantiles must be in the range [0, 1]");
        double point = q * (n - 1);
        auto lower = std::size_t(std::floor(point)), upper = std::size_t(std::ceil(point));
        double t = point - double(lower);
        out.push_back((1 - t) * times[lower] + t * times[upper]);
    }
    return out;
}

Value summarize(const std::vector<double> &times, const Value &qs, const std::string &mode)
{
    if (!qs.isNone()) {
        std::vector<double> q;
        for (const Value &v : iterateToVector(qs))
            q.push_back(toDouble(v));
        std::vector<double> r = quantiles(times, q);
        if (r.size() == 1)
            return Value::real(r[0]);
        std::vector<Value> out;
        for (double x : r)
            out.push_back(Value::real(x));
        return Value::list(std::move(out));
    }
    if (mode == "all") {
        std::vector<Value> out;
        for (double x : times)
            out.push_back(Value::real(x));
        return Value::list(std::move(out));
    }
    if (mode == "min")
        return Value::real(*std::min_element(times.begin(), times.end()));
    if (mode == "max")
        return Value::real(*std::max_element(times.begin(), times.end()));
    if (mode == "median") {
        std::vector<double> s = times;
        std::sort(s.begin(), s.end());
        std::size_t n = s.size();
        return Value::real(n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2);
    }
    return Value::real(std::accumulate(times.begin(), times.end(), 0.0) / double(times.size()));
}

double callMs(Interpreter &interp, const Value &fn)
{
    auto start = std::chrono::steady_clock::now();
    interp.callValue(fn, {});
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

/// do_bench on the harness: one call to estimate, then as many timed calls as fit in `rep` ms
/// (at least 1, at most 100), each timed with the host's steady clock.
Value benchCpu(
    CallArgs &args, const Value &fn, double rep, const Value &qs, const std::string &mode)
{
    static const char *const modes[] = {"min", "max", "mean", "median", "all"};
    if (std::find(std::begin(modes), std::end(modes), mode) == std::end(modes))
        throwPy("AssertionError", "");
    Interpreter &interp = args.interp;
    HostContext &ctx = HostContext::of(interp);
    std::uint64_t launchesBefore = ctx.launches;
    double estimate = std::max(callMs(interp, fn), 1e-6);
    int n = int(std::clamp(rep / estimate, 1.0, double(kMaxTimedCalls)));
    std::vector<double> times;
    for (int i = 0; i < n; ++i) {
        interp.checkCancelled();
        times.push_back(callMs(interp, fn));
    }
    bool launched = ctx.launches != launchesBefore;
    std::string backend = ctx.backend ? std::string(ctx.backend->name()) : "interp";
    if (backend == "interp")
        ctx.measuredBy = launched
                             ? "CPU time (interpreter)"
                             : "CPU time (interpreter; torch reference ops, no kernel launched)";
    else
        ctx.measuredBy = "host wall time (" + backend + ")";
    return summarize(times, qs, mode);
}

/// Whether kernels run on a device with its own clock (do_bench then times with it).
bool hasDeviceTimer(CallArgs &args)
{
    HostContext &ctx = HostContext::of(args.interp);
    return ctx.backend && ctx.backend->deviceTimer() != nullptr;
}

/// The eager GPU torch ops: while a GPU benchmark runs fn, torch ops on cuda tensors in it are
/// GPU kernels (one per op, like PyTorch eager), so their time is what the events measure.
tensor::DeviceOps *eagerOpsOf(HostContext &ctx)
{
    if (!ctx.eagerOps)
        ctx.eagerOps = std::make_shared<EagerGpuOps>(ctx);
    return ctx.eagerOps.get();
}

/// What both GPU benchmarks do first: check return_mode, then call fn once, which must launch
/// a kernel (`nothing` says what there would be nothing for).
void firstCallOnGpu(CallArgs &args,
                    const Value &fn,
                    const std::string &mode,
                    const std::string &what,
                    const std::string &nothing)
{
    static const char *const modes[] = {"min", "max", "mean", "median", "all"};
    if (std::find(std::begin(modes), std::end(modes), mode) == std::end(modes))
        throwPy("AssertionError", "");
    HostContext &ctx = HostContext::of(args.interp);
    const std::uint64_t launchesBefore = ctx.launches;
    args.interp.callValue(fn, {});
    if (ctx.launches == launchesBefore)
        throwPy("RuntimeError",
                what + ": the benchmarked function launched no kernel on the GPU (it did only "
                       "host work, so there is nothing "
                       + nothing + "); benchmark a function that launches a @triton.jit "
                       "kernel or runs torch ops on cuda tensors, or run with --backend interp "
                       "for CPU timings");
}

} // namespace

std::string hostPaceNote(double hostUs, double clearUs, double kernelUs)
{
    // A host that keeps up still shows the GPU's pace once the launch queue is full (each call
    // then waits for a free slot), so only a host clearly slower than the GPU's work per call
    // (clear + fn) is one the GPU waited for.
    const bool hostBound = hostUs > 1.1 * (clearUs + kernelUs);
    char buf[200];
    std::snprintf(buf, sizeof buf, "; host %.0f \u00b5s per call, L2 clear %.0f \u00b5s on the GPU%s",
                  hostUs, clearUs,
                  hostBound ? " (host-bound: the GPU idled waiting for launches, the times "
                              "include that wait)"
                            : "");
    return buf;
}

namespace {

/// do_bench on a GPU: Triton's triton.testing.do_bench step for step. One call, synchronized
/// (each launch waits while no timer exists, so a fault is reported at its launch); an
/// estimate from 5 calls each after an L2 clear, between one pair of events; then
/// max(1, int(warmup / estimate)) warm-up calls and max(1, int(rep / estimate)) timed calls,
/// each after an L2 clear between its own pair of events.
Value benchGpu(CallArgs &args,
               const Value &fn,
               double warmup,
               double rep,
               const Value &qs,
               const std::string &mode,
               const std::string &what,
               const std::string &measuredNote)
{
    firstCallOnGpu(args, fn, mode, what, "for CUDA events to time");
    Interpreter &interp = args.interp;
    HostContext &ctx = HostContext::of(interp);
    std::unique_ptr<DeviceTimer> timer = ctx.backend->deviceTimer();
    auto collect = [&]() {
        try {
            return timer->collectMs();
        } catch (const std::exception &e) {
            throwPy("RuntimeError", what + ": " + e.what());
        }
    };
    auto device = [&](auto &&step) {
        try {
            step();
        } catch (const std::exception &e) {
            throwPy("RuntimeError", what + ": " + e.what());
        }
    };
    // The first call ran synchronized; wait for it before the estimate, as Triton does.
    collect();

    device([&] { timer->begin(); });
    for (int i = 0; i < 5; ++i) {
        device([&] { timer->clearL2(); });
        interp.callValue(fn, {});
    }
    device([&] { timer->end(); });
    std::vector<double> est = collect();
    const double estimate = std::max(est.empty() ? 0.0 : est[0] / 5, 1e-6);
    const long long nWarmup = std::max(1LL, (long long)(warmup / estimate));
    const long long nRepeat = std::max(1LL, (long long)(rep / estimate));
    for (long long i = 0; i < nWarmup; ++i) {
        interp.checkCancelled();
        interp.callValue(fn, {});
    }
    // The host's time per timed call (L2 clear, fn, events) is measured beside the GPU's: when
    // the host is slower than the GPU's work per call, the GPU waits for the launch inside the
    // timed region, and the result says so instead of passing idle time off as kernel time.
    std::vector<double> hostUs;
    hostUs.reserve(std::size_t(std::min(nRepeat, 1LL << 20)));
    for (long long i = 0; i < nRepeat; ++i) {
        interp.checkCancelled();
        const auto t0 = std::chrono::steady_clock::now();
        device([&] {
            timer->clearL2();
            timer->begin();
        });
        interp.callValue(fn, {});
        device([&] { timer->end(); });
        hostUs.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    }
    std::vector<double> times = collect();
    device([&] {
        for (int i = 0; i < 5; ++i) {
            timer->begin();
            timer->clearL2();
            timer->end();
        }
    });
    std::vector<double> clears = collect();
    ctx.measuredBy = timer->describe()
                     + hostPaceNote(quantiles(hostUs, {0.5})[0], quantiles(clears, {0.5})[0] * 1000.0,
                                    quantiles(times, {0.5})[0] * 1000.0)
                     + measuredNote;
    return summarize(times, qs, mode);
}

/// Why do_bench_cudagraph could not capture fn: `reason` is what ended the capture (the
/// Driver's words: "read GPU memory on the host (...)"), `raised` what fn raised meanwhile.
[[noreturn]] void throwCannotCapture(const std::string &reason, std::string raised)
{
    // What fn raised usually repeats the Driver's words after its own ("cannot read tensor 'out'
    // back from the GPU: the captured code read GPU memory ..."): keep its own part.
    if (const auto repeat = raised.find("the captured code "); repeat != std::string::npos) {
        raised.resize(repeat);
        while (!raised.empty() && (raised.back() == ' ' || raised.back() == ':'))
            raised.pop_back();
    }
    throwPy("RuntimeError",
            "do_bench_cudagraph: fn cannot be captured in a CUDA graph: while being captured it "
                + reason + ", and nothing runs during a capture"
                + (raised.empty() ? std::string() : " (in fn: " + raised + ")")
                + ". While do_bench_cudagraph captures it, fn may only launch kernels: move host "
                  "reads of GPU results and synchronizations out of fn, or time it with "
                  "triton.testing.do_bench");
}

/// do_bench_cudagraph on a GPU: Triton's triton.testing.do_bench_cudagraph step for step. One
/// call, synchronized (a fault is reported at its launch); an estimate from 5 calls between one
/// pair of events, no L2 clearing (Triton does not capture for the estimate: a graph is
/// expensive to build); n_repeat = max(1, int(rep / estimate)) calls (1000 when the estimate is
/// 0) captured into one CUDA graph; the graph replayed 10 times, each replay between its own
/// events and waited for, each time divided by n_repeat. Nothing runs while fn is captured:
/// what a graph cannot hold (a host read of a GPU result, a synchronize) ends the capture and
/// raises RuntimeError saying so.
Value benchCudagraph(
    CallArgs &args, const Value &fn, double rep, const Value &qs, const std::string &mode)
{
    firstCallOnGpu(args, fn, mode, "do_bench_cudagraph", "to capture in a CUDA graph");
    Interpreter &interp = args.interp;
    HostContext &ctx = HostContext::of(interp);
    std::unique_ptr<DeviceTimer> timer = ctx.backend->deviceTimer();
    auto device = [&](auto &&step) {
        try {
            return step();
        } catch (const std::exception &e) {
            throwPy("RuntimeError", std::string("do_bench_cudagraph: ") + e.what());
        }
    };
    device([&] { timer->collectMs(); }); // the first call ran synchronized; wait for it

    device([&] { timer->begin(); });
    for (int i = 0; i < 5; ++i)
        interp.callValue(fn, {});
    device([&] { timer->end(); });
    const std::vector<double> est = device([&] { return timer->collectMs(); });
    const double estimate = est.empty() ? 0.0 : est[0] / 5;
    const long long nRepeat = estimate <= 0 ? 1000 : std::max(1LL, (long long)(rep / estimate));

    device([&] { timer->beginCapture(); });
    try {
        for (long long i = 0; i < nRepeat; ++i) {
            interp.checkCancelled();
            interp.callValue(fn, {});
        }
    } catch (...) {
        const std::string reason = timer->abandonCapture();
        if (reason.empty())
            throw;
        std::string raised;
        try {
            throw;
        } catch (const PyException &e) {
            raised = e.type() + ": " + e.message();
        } catch (const HostStop &) {
            throw;
        } catch (const std::exception &e) {
            raised = e.what();
        }
        throwCannotCapture(reason, raised);
    }
    DeviceTimer::Captured captured;
    try {
        captured = timer->endCapture();
    } catch (const std::exception &e) {
        throwPy("RuntimeError",
                std::string("do_bench_cudagraph: fn cannot be captured in a CUDA graph: ")
                    + e.what());
    }
    if (captured.launches == 0)
        throwPy("RuntimeError",
                "do_bench_cudagraph: fn launched no kernel while it was captured into a CUDA "
                "graph, so there is nothing to time");

    constexpr int kReplays = 10;
    std::vector<double> times;
    for (int r = 0; r < kReplays; ++r) {
        interp.checkCancelled();
        device([&] {
            timer->begin();
            timer->replay();
            timer->end();
        });
        const std::vector<double> ms = device([&] { return timer->collectMs(); });
        times.push_back(ms.empty() ? 0.0 : ms[0] / double(nRepeat));
    }
    std::string note = "CUDA graph of " + std::to_string(nRepeat) + " calls ("
                       + std::to_string(captured.launches) + " kernel launches"
                       + (captured.fills ? ", " + std::to_string(captured.fills) + " memsets" : "")
                       + "), replayed " + std::to_string(kReplays)
                       + " times, CUDA events around each replay divided by "
                       + std::to_string(nRepeat) + ", no L2 clearing";
    if (captured.uploads)
        note += "; " + std::to_string(captured.uploads)
                + " host-to-device copies made while capturing ran once, not in the graph";
    ctx.measuredBy = note;
    return summarize(times, qs, mode);
}

Value doBenchFn(CallArgs &args)
{
    auto v = args.bind("do_bench",
                       {{"fn"},
                        {"warmup", Value::integer(25)},
                        {"rep", Value::integer(100)},
                        {"grad_to_none", Value()},
                        {"quantiles", Value()},
                        {"fast_flush", Value::boolean(true)},
                        {"return_mode", Value::str("mean")}});
    const std::string mode = v[6].isStr() ? v[6].asStr() : "";
    if (hasDeviceTimer(args)) {
        tensor::DeviceOpsScope eager(eagerOpsOf(HostContext::of(args.interp)));
        return benchGpu(args, v[0], toDouble(v[1]), toDouble(v[2]), v[4], mode, "do_bench", "");
    }
    return benchCpu(args, v[0], toDouble(v[2]), v[4], mode);
}

Value doBenchCudagraphFn(CallArgs &args)
{
    auto v = args.bind("do_bench_cudagraph",
                       {{"fn"},
                        {"rep", Value::integer(20)},
                        {"grad_to_none", Value()},
                        {"quantiles", Value()},
                        {"return_mode", Value::str("mean")}});
    const std::string mode = v[4].isStr() ? v[4].asStr() : "";
    if (hasDeviceTimer(args)) {
        tensor::DeviceOpsScope eager(eagerOpsOf(HostContext::of(args.interp)));
        if (HostContext::of(args.interp).backend->deviceTimer()->canCaptureGraphs())
            return benchCudagraph(args, v[0], toDouble(v[1]), v[3], mode);
        // A device that cannot capture: timed like do_bench(fn, rep=rep), and the result says so.
        return benchGpu(args,
                        v[0],
                        25.0,
                        toDouble(v[1]),
                        v[3],
                        mode,
                        "do_bench_cudagraph",
                        "; do_bench_cudagraph: this device cannot capture CUDA graphs, calls "
                        "launched one by one");
    }
    return benchCpu(args, v[0], toDouble(v[1]), v[3], mode);
}

class BenchmarkObject final : public RecordObject
{
public:
    BenchmarkObject()
        : RecordObject("Benchmark")
    {
    }
    std::string repr() const override { return "<triton.testing.Benchmark object>"; }
};

Value benchmarkCtor(CallArgs &args)
{
    auto v = args.bind("Benchmark",
                       {{"x_names"},
                        {"x_vals"},
                        {"line_arg"},
                        {"line_vals"},
                        {"line_names"},
                        {"plot_name"},
                        {"args"},
                        {"xlabel", Value::str("")},
                        {"ylabel", Value::str("")},
                        {"x_log", Value::boolean(false)},
                        {"y_log", Value::boolean(false)},
                        {"color", Value()},
                        {"styles", Value()}});
    auto b = std::make_shared<BenchmarkObject>();
    const char *names[] = {"x_names",
                           "x_vals",
                           "line_arg",
                           "line_vals",
                           "line_names",
                           "plot_name",
                           "args",
                           "xlabel",
                           "ylabel",
                           "x_log",
                           "y_log",
                           "color",
                           "styles"};
    for (std::size_t i = 0; i < v.size(); ++i)
        b->set(names[i], v[i]);
    return Value::fromObject(b);
}

class MarkObject final : public Object
{
public:
    MarkObject(Value fn, Value benchmarks)
        : fn(std::move(fn))
        , benchmarks(std::move(benchmarks))
    {
    }
    std::string_view typeName() const override { return "Mark"; }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "fn")
            return fn;
        if (name == "benchmarks")
            return benchmarks;
        if (name == "run") {
            Value me = self();
            return makeMethod(*this, "run", [me](CallArgs &args) {
                BenchRunOptions o;
                std::string savePath;
                for (const Kwarg &k : args.keywords) {
                    if (k.name == "show_plots")
                        o.showPlots = host::truthy(k.value);
                    else if (k.name == "print_data")
                        o.printData = host::truthy(k.value);
                    else if (k.name == "save_path")
                        savePath = k.value.isStr() ? k.value.asStr() : "";
                    else if (k.name == "return_df") {
                        if (host::truthy(k.value))
                            throwUnsupported("benchmark.run(return_df=True) (pandas DataFrames)");
                    } else
                        o.extra.push_back(k);
                }
                if (args.size() > 3)
                    throwTypeError("run() takes at most 3 positional arguments");
                if (args.size() > 0)
                    o.showPlots = host::truthy(args[0]);
                if (args.size() > 1)
                    o.printData = host::truthy(args[1]);
                if (args.size() > 2 && args[2].isStr())
                    savePath = args[2].asStr();
                if (!savePath.empty())
                    o.csvDirectory
                        = HostContext::of(args.interp)
                              .resolvePath("benchmark.run(save_path=...)", savePath, "write files");
                runPerfReport(args.interp, me, o);
                return Value();
            });
        }
        return std::nullopt;
    }
    Value fn, benchmarks;
};

std::string attrStr(RecordObject &b, std::string_view name)
{
    auto v = b.getAttr(name);
    return v && v->isStr() ? v->asStr() : (v && !v->isNone() ? pyStr(*v) : "");
}

std::vector<Value> attrList(RecordObject &b, std::string_view name)
{
    auto v = b.getAttr(name);
    if (!v || v->isNone())
        return {};
    return iterateToVector(*v);
}

/// One benchmark: every x value x every line value. Returns false if a cell raised.
bool runBenchmark(Interpreter &interp,
                  const Value &fn,
                  RecordObject &bench,
                  const BenchRunOptions &o)
{
    HostContext &ctx = HostContext::of(interp);
    std::vector<std::string> xNames;
    for (const Value &n : attrList(bench, "x_names"))
        xNames.push_back(pyStr(n));
    if (xNames.empty())
        throwValueError("Benchmark.x_names must not be empty");
    std::vector<Value> lineVals = attrList(bench, "line_vals");
    std::vector<std::string> lineNames;
    for (const Value &n : attrList(bench, "line_names"))
        lineNames.push_back(pyStr(n));
    if (lineNames.size() != lineVals.size())
        throwValueError("Benchmark.line_names and line_vals must have the same length");
    std::string lineArg = attrStr(bench, "line_arg"), plotName = attrStr(bench, "plot_name"),
                unit = attrStr(bench, "ylabel"), xLabel = attrStr(bench, "xlabel");
    auto flag = [&bench](std::string_view name) {
        auto v = bench.getAttr(name);
        return v && host::truthy(*v);
    };
    const bool xLog = flag("x_log"), yLog = flag("y_log");
    auto fixedArgs = bench.getAttr("args");

    // Triton 3.x labels each line's column "<line name> (<ylabel>)".
    BenchTable table;
    table.columns = xNames;
    for (const std::string &name : lineNames)
        table.columns.push_back(name + " (" + unit + ")");
    std::set<std::string> measures;
    bool ok = true;
    const std::vector<Value> xVals = attrList(bench, "x_vals");
    const std::int64_t cells = std::int64_t(xVals.size() * lineVals.size());
    std::int64_t cellsDone = 0;
    auto progress = [&] {
        run::RunEvent ev;
        ev.kind = run::RunEvent::Kind::Progress;
        ev.name = plotName;
        ev.progress = run::Progress{"benchmark", cellsDone, cells};
        ctx.emit(ev);
    };
    progress();
    for (const Value &xv : xVals) {
        std::vector<Value> xs;
        if (xv.kind() == ValueKind::List || xv.kind() == ValueKind::Tuple)
            xs = iterateToVector(xv);
        else
            xs.assign(xNames.size(), xv);
        if (xs.size() != xNames.size())
            throwValueError("Expected " + std::to_string(xNames.size()) + " values, got "
                            + pyRepr(xv));
        std::vector<Value> row = xs, mins, maxes;
        bool allNumeric = std::all_of(
            xs.begin(), xs.end(), [](const Value &v) { return v.isNumber() && !v.isBool(); });
        std::string xText;
        for (std::size_t i = 0; i < xs.size(); ++i)
            xText += (i ? ", " : "") + pyStr(xs[i]);
        for (std::size_t l = 0; l < lineVals.size(); ++l) {
            std::vector<Kwarg> kw;
            for (std::size_t i = 0; i < xNames.size(); ++i)
                kw.push_back({xNames[i], xs[i]});
            kw.push_back({lineArg, lineVals[l]});
            if (fixedArgs && fixedArgs->kind() == ValueKind::Dict)
                for (const auto &[k, val] : fixedArgs->asDict().items())
                    kw.push_back({pyStr(k), val});
            kw.insert(kw.end(), o.extra.begin(), o.extra.end());
            ctx.measuredBy.clear();
            run::BenchmarkPoint p;
            p.benchmark = plotName;
            p.x = xText;
            p.line = lineNames[l];
            p.unit = unit;
            p.xLabel = xLabel;
            p.xLog = xLog;
            p.yLog = yLog;
            for (std::size_t i = 0; i < xNames.size(); ++i)
                p.xName += (i ? ", " : "") + xNames[i];
            Value mean, mn, mx;
            try {
                Value ret = interp.callValue(fn, {}, kw);
                if (ret.kind() == ValueKind::Tuple || ret.kind() == ValueKind::List) {
                    auto parts = iterateToVector(ret);
                    if (parts.size() != 3)
                        throwValueError("too many values to unpack (expected 3)");
                    mean = parts[0], mn = parts[1], mx = parts[2];
                } else {
                    mean = ret;
                }
                p.value = mean.isNumber() ? mean.asNumber() : toDouble(mean);
                if (mn.isNumber())
                    p.min = mn.asNumber();
                if (mx.isNumber())
                    p.max = mx.asNumber();
            } catch (const PyException &e) {
                ok = false;
                run::RunEvent ev;
                ev.kind = run::RunEvent::Kind::Diagnostic;
                ev.diagnostic = interp.diagnosticFor(e);
                ctx.emit(ev);
                mean = Value::real(std::nan(""));
                p.value = std::nan("");
            }
            p.measuredBy = ctx.measuredBy.empty() ? "not measured by do_bench" : ctx.measuredBy;
            measures.insert(p.measuredBy);
            run::RunEvent ev;
            ev.kind = run::RunEvent::Kind::BenchmarkPoint;
            ev.name = plotName;
            ev.point = p;
            ctx.emit(ev);
            ++cellsDone;
            progress();
            // pandas builds each row as one Series: numbers and None (NaN) make it float64.
            auto numericOrNone
                = [](const Value &v) { return v.isNone() || (v.isNumber() && !v.isBool()); };
            allNumeric
                = allNumeric && numericOrNone(mean) && numericOrNone(mn) && numericOrNone(mx);
            row.push_back(mean.isNumber() ? mean : Value::real(p.value));
        }
        table.rows.push_back(std::move(row));
        table.rowAllNumeric.push_back(allNumeric);
    }

    std::string text = plotName + ":\n" + formatBenchTable(table) + "\n";
    std::string note;
    for (const std::string &m : measures)
        note += (note.empty() ? "" : "; ") + m;
    if (!note.empty())
        text += "(measured by: " + note + ")\n";
    if (o.showPlots)
        interp.writeOutput("[tilesmith] show_plots: plots are not drawn (no matplotlib); the "
                           "numbers are in the table and the benchmark chart\n");
    if (o.printData)
        interp.writeOutput(text);
    if (o.emitTables) {
        run::RunEvent ev;
        ev.kind = run::RunEvent::Kind::BenchmarkTable;
        ev.name = plotName;
        ev.text = text;
        ctx.emit(ev);
    }
    if (!o.csvDirectory.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.csvDirectory, ec);
        std::ofstream f(o.csvDirectory / (plotName + ".csv"), std::ios::binary);
        f << benchTableCsv(table);
        if (!f)
            throwPy("OSError", "cannot write " + (o.csvDirectory / (plotName + ".csv")).string());
    }
    return ok;
}

Value assertCloseFn(CallArgs &args)
{
    auto v = args.bind(
        "assert_close",
        {{"x"}, {"y"}, {"atol", Value()}, {"rtol", Value()}, {"err_msg", Value::str("")}});
    Tensor x = comparedTensor(v[0], "x"), y = comparedTensor(v[1], "y");
    auto tol = [&](const Value &t, double dflt) {
        if (t.isNone())
            return dflt;
        if (t.kind() == ValueKind::Function || t.kind() == ValueKind::Builtin)
            return toDouble(args.interp.callValue(t, {dtypeValue(x.dtype())}));
        return toDouble(t);
    };
    T::CloseOptions o;
    o.atol = tol(v[2], 1e-2);
    o.rtol = tol(v[3], 0.0);
    o.equalNan = true;
    o.checkDtype = false;
    o.checkDevice = false;
    o.function = "triton.testing.assert_close";
    if (v[4].isStr() && !v[4].asStr().empty())
        o.msg = v[4].asStr();
    run::ValidationReport r = guardTensor([&] { return T::assertClose(x, y, o); });
    reportValidation(args, r);
    return Value();
}

} // namespace

bool isPerfReport(const Value &v)
{
    return v.as<MarkObject>() != nullptr;
}

bool runPerfReport(Interpreter &interp, const Value &markValue, const BenchRunOptions &options)
{
    auto *mark = markValue.as<MarkObject>();
    if (!mark)
        throwTypeError("not a perf_report benchmark");
    std::vector<Value> benches;
    if (mark->benchmarks.as<BenchmarkObject>())
        benches.push_back(mark->benchmarks);
    else
        benches = iterateToVector(mark->benchmarks);
    bool ok = true;
    for (const Value &b : benches) {
        auto *bench = b.as<BenchmarkObject>();
        if (!bench)
            throwTypeError("perf_report expects triton.testing.Benchmark objects");
        ok = runBenchmark(interp, mark->fn, *bench, options) && ok;
    }
    return ok;
}

std::shared_ptr<LibraryModule> makeTritonTestingModule()
{
    auto testing = makeLibraryModule("triton.testing");
    testing->def("do_bench", doBenchFn);
    testing->def("do_bench_cudagraph", doBenchCudagraphFn);
    testing->def("assert_close", assertCloseFn);
    testing->set("Benchmark", makeLibraryType("Benchmark", benchmarkCtor));
    testing->set("Mark", makeLibraryType("Mark"));
    testing->def("perf_report", [](CallArgs &args) {
        auto v = args.bind("perf_report", {{"benchmarks"}});
        Value benchmarks = v[0];
        return makeBuiltin("perf_report", [benchmarks](CallArgs &a) {
            a.expectPositional("perf_report", 1, 1);
            return Value::make<MarkObject>(a[0], benchmarks);
        });
    });
    return testing;
}

Value doBenchBuiltin(bool cudaGraph)
{
    return cudaGraph ? makeBuiltin("do_bench_cudagraph", doBenchCudagraphFn)
                     : makeBuiltin("do_bench", doBenchFn);
}

} // namespace tsm::host
