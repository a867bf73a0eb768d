#include "core/interp/interp_backend.h"

#include "core/interp/frame.h"
#include "core/interp/program_plan.h"

#include <algorithm>
#include <thread>

namespace tsm::interp {
namespace {

class InterpKernel : public CompiledKernel
{
public:
    explicit InterpKernel(std::unique_ptr<ProgramPlan> plan)
        : m_plan(std::move(plan))
    {
    }
    const ir::Kernel &kernel() const override { return *m_plan->kernel; }
    const ProgramPlan &plan() const { return *m_plan; }

    /// A frame from the pool (buffers and constants reused across launches).
    std::unique_ptr<Frame> takeFrame()
    {
        std::lock_guard lock(m_mutex);
        if (m_frames.empty())
            return std::make_unique<Frame>(*m_plan);
        std::unique_ptr<Frame> f = std::move(m_frames.back());
        m_frames.pop_back();
        return f;
    }
    void giveFrame(std::unique_ptr<Frame> f)
    {
        std::lock_guard lock(m_mutex);
        m_frames.push_back(std::move(f));
    }

private:
    std::unique_ptr<ProgramPlan> m_plan;
    std::mutex m_mutex;
    std::vector<std::unique_ptr<Frame>> m_frames;
};

/// Writes the launch's scalar and pointer arguments into their parameter slots.
void bindArguments(Frame &f, const LaunchState &launch)
{
    const ir::Kernel &k = *f.plan.kernel;
    for (std::size_t p = 0; p < k.params.size(); ++p) {
        const SlotId s = f.plan.paramSlots[p];
        if (s == kNoSlot)
            continue;
        const ir::Type &t = k.type(s);
        const ArgMemory &arg = launch.args[p];
        if (t.pointer) {
            *f.ptr<std::uint64_t>(s) = reinterpret_cast<std::uint64_t>(arg.base) + arg.scalarBits;
            continue;
        }
        dispatchDType(t.dtype, [&]<DType D>() {
            using T = RepT<D>;
            if constexpr (std::is_floating_point_v<T>)
                *f.ptr<T>(s) = T(arg.scalarFloat);
            else if constexpr (D == DType::I1)
                *f.ptr<T>(s) = T(arg.scalarBits != 0);
            else
                *f.ptr<T>(s) = T(arg.scalarBits);
        });
    }
}

/// Runs one program; false when it reported an error.
bool runProgram(Frame &f, std::int64_t linear, const std::int64_t grid[3])
{
    f.pid[0] = linear % grid[0];
    f.pid[1] = (linear / grid[0]) % grid[1];
    f.pid[2] = linear / (grid[0] * grid[1]);
    f.stop = Stop::None;
    runBlock(f.plan.body, f);
    return f.stop != Stop::Error;
}

struct ThreadResult
{
    std::int64_t errorProgram = -1;
    std::optional<Diagnostic> error;
};

} // namespace

InterpBackend::InterpBackend(InterpOptions options)
    : m_options(options)
{
}

std::shared_ptr<CompiledKernel> InterpBackend::compile(std::shared_ptr<const ir::Kernel> kernel,
                                                       DiagnosticSink &diags)
{
    std::unique_ptr<ProgramPlan> plan = buildProgramPlan(std::move(kernel), diags);
    if (!plan)
        return nullptr;
    return std::make_shared<InterpKernel>(std::move(plan));
}

bool InterpBackend::launch(CompiledKernel &compiled,
                           Grid grid,
                           std::span<const LaunchArg> args,
                           LaunchContext &context)
{
    auto &kernel = static_cast<InterpKernel &>(compiled);
    const ProgramPlan &plan = kernel.plan();
    const ir::Kernel &k = *plan.kernel;
    if (args.size() != k.params.size()) {
        context.diags.report(DiagKind::KernelArgumentMismatch,
                             k.span,
                             {"kernel '" + k.name + "' takes " + std::to_string(k.params.size())
                              + " arguments, the launch passed " + std::to_string(args.size())});
        return false;
    }
    if (grid.x < 0 || grid.y < 0 || grid.z < 0) {
        context.diags.report(
            DiagKind::KernelArgumentMismatch, k.span, {"the launch grid has a negative size"});
        return false;
    }
    LaunchState launch;
    launch.plan = &plan;
    launch.grid[0] = grid.x;
    launch.grid[1] = grid.y;
    launch.grid[2] = grid.z;
    launch.cancel = context.cancel;
    launch.args.resize(args.size());
    for (std::size_t p = 0; p < args.size(); ++p) {
        const LaunchArg &a = args[p];
        ArgMemory &m = launch.args[p];
        m.scalarBits = a.i;
        m.scalarFloat = a.kind == LaunchArg::Kind::Float ? a.f : double(a.i);
        if (a.kind != LaunchArg::Kind::Pointer)
            continue;
        m.isPointer = true;
        m.label = !a.label.empty()                           ? a.label
                  : a.storage && !a.storage->label().empty() ? a.storage->label()
                                                             : k.params[p].name;
        if (a.storage) {
            m.base = a.storage->data();
            m.size = std::int64_t(a.storage->size());
        }
        m.scalarBits = a.byteOffset; // the pointer is base + byteOffset
    }
    const std::int64_t total = grid.x * grid.y * grid.z;
    if (total == 0)
        return true;

    int threads = m_options.threads > 0 ? m_options.threads
                                        : int(std::max(1u, std::thread::hardware_concurrency()));
    if (plan.usesPrint || plan.usesAtomics)
        threads = 1;
    threads = int(std::min<std::int64_t>(
        threads, total / std::max<std::int64_t>(1, m_options.minProgramsPerThread)));
    threads = std::max(threads, 1);
    std::mutex atomicMutex;
    launch.atomicMutex = threads > 1 ? &atomicMutex : nullptr;

    std::atomic<std::int64_t> firstError{total};
    std::atomic<bool> cancelled{false};
    std::vector<ThreadResult> results(static_cast<std::size_t>(threads));
    auto work = [&](int t) {
        std::unique_ptr<Frame> f = kernel.takeFrame();
        f->launch = &launch;
        f->error.reset();
        f->printed.clear();
        bindArguments(*f, launch);
        const std::int64_t begin = total * t / threads, end = total * (t + 1) / threads;
        for (std::int64_t p = begin; p < end && p < firstError.load(); ++p) {
            if (context.cancel && context.cancel->load(std::memory_order_relaxed)) {
                cancelled = true;
                break;
            }
            const bool ok = runProgram(*f, p, launch.grid);
            if (!f->printed.empty()) {
                if (context.devicePrint)
                    context.devicePrint(f->pid[0], f->pid[1], f->pid[2], f->printed);
                f->printed.clear();
            }
            if (!ok) {
                results[std::size_t(t)] = {p, std::move(f->error)};
                std::int64_t cur = firstError.load();
                while (p < cur && !firstError.compare_exchange_weak(cur, p)) {
                }
                break;
            }
        }
        f->error.reset();
        f->launch = nullptr;
        kernel.giveFrame(std::move(f));
    };
    if (threads == 1) {
        work(0);
    } else {
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back(work, t);
        for (std::thread &th : pool)
            th.join();
    }
    const ThreadResult *first = nullptr;
    for (const ThreadResult &r : results)
        if (r.errorProgram >= 0 && (!first || r.errorProgram < first->errorProgram))
            first = &r;
    if (first && first->error) {
        context.diags.add(*first->error);
        return false;
    }
    if (cancelled) {
        Diagnostic &d = context.diags.report(DiagKind::ExecutionStopped,
                                             k.span,
                                             {"the run of kernel '" + k.name + "' was cancelled"});
        d.origin = DiagOrigin::Interp;
        return false;
    }
    return true;
}

} // namespace tsm::interp
