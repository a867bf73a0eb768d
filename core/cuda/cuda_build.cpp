#include "core/cuda/cuda_build.h"

#include "core/codegen/shared_memory.h"
#include "core/cuda/assert_report.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string_view>

namespace tsm::cuda {
namespace {

double msSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

std::optional<CudaBuild> buildCuda(std::shared_ptr<const ir::Kernel> kernel,
                                   const SourceFile *file,
                                   const CudaBuildOptions &options,
                                   DiagnosticSink &diags)
{
    CudaBuild build;
    auto t0 = std::chrono::steady_clock::now();
    passes::PipelineOptions pipeline = options.pipeline;
    if (const int cc = codegen::computeCapabilityOfArch(options.arch))
        pipeline.computeCapability = cc;
    // TILESMITH_TMA=0: descriptor tiles feeding wgmma dots take cp.async or registers instead
    // of the TMA copy engine (the default); =stores (or =all): descriptor stores are written by
    // it too (off by default: slower on an H100, EmitOptions::tmaStores); =loads or any other
    // value: the default.
    bool tmaOn = options.emit.tma, tmaStores = options.emit.tmaStores;
    if (const char *tma = std::getenv("TILESMITH_TMA"); tma && *tma) {
        const std::string_view v(tma);
        tmaOn = v != "0";
        tmaStores = v == "stores" || v == "all";
    }
    pipeline.tmaStores = tmaStores;
    std::optional<codegen::LoweredKernel> lowered
        = passes::lowerForCuda(kernel, pipeline, diags, &build.times.passes);
    build.times.lowerMs = msSince(t0);
    if (!lowered || diags.errorCount())
        return std::nullopt;

    t0 = std::chrono::steady_clock::now();
    // With no device, shared memory is checked against the target architecture's limit.
    codegen::EmitOptions emit = options.emit;
    if (emit.sharedLimitBytes <= 0) {
        emit.sharedLimitBytes = codegen::sharedLimitForArch(options.arch);
        emit.sharedLimitTarget = options.arch;
    }
    emit.tma = tmaOn;
    emit.tmaStores = tmaStores;
    std::optional<codegen::CudaSource> source = codegen::emitCuda(*lowered, file, emit, diags);
    build.times.emitMs = msSince(t0);
    if (!source || diags.errorCount())
        return std::nullopt;
    build.source = std::move(*source);
    build.checksAsserts = options.emit.deviceAsserts && firstDeviceAssert(*kernel);
    if (!options.compile)
        return build;

    CompileOptions co;
    co.arch = options.arch;
    // wgmma exists on sm_90a only (code that runs on compute capability 9.0 exactly).
    if (build.source.archSpecific && (co.arch == "sm_90" || co.arch == "compute_90"))
        co.arch += "a";
    co.cacheDir = options.cacheDir;
    if (options.emit.deviceAsserts)
        co.extra.push_back(kDeviceAssertsDefine);
    t0 = std::chrono::steady_clock::now();
    build.compiled
        = compileCuda(build.source.code, cudaVirtualName(build.source), co, options.cancel);
    build.times.nvrtcMs = msSince(t0);
    build.times.cacheHit = build.compiled.cacheHit;
    // ptxas reports static shared memory only: the resource report shows the dynamic buffer too.
    if (build.compiled.ok && build.source.dynamicSharedBytes > 0)
        build.compiled.resources.sharedBytes += int(build.source.dynamicSharedBytes);
    build.times.nvrtcStages = build.compiled.times;
    if (!build.compiled.ok) {
        const std::size_t before = diags.errorCount();
        reportCompileLog(build.source.kernelName, build.compiled.log, file, diags);
        if (diags.errorCount() == before) {
            // NVRTC failed without a located error (cancelled, or a message we do not parse).
            Diagnostic &d
                = diags.report(DiagKind::CudaCompileFailed,
                               kernel->span,
                               {build.source.kernelName,
                                build.compiled.log.empty() ? "no message" : build.compiled.log});
            d.origin = DiagOrigin::Nvrtc;
        }
        return std::nullopt;
    }
    return build;
}

std::string archForDevice(int ccMajor, int ccMinor)
{
    const int cc = ccMajor * 10 + ccMinor;
    const std::vector<int> known = supportedArchs();
    if (std::find(known.begin(), known.end(), cc) != known.end())
        return "sm_" + std::to_string(cc);
    // A newer GPU than this NVRTC knows: PTX for the newest architecture below it, which the
    // driver JIT-compiles (PTX is forward compatible).
    int best = 0;
    for (int k : known)
        if (k <= cc)
            best = std::max(best, k);
    return "compute_" + std::to_string(best ? best : cc);
}

std::string cudaVirtualName(const codegen::CudaSource &source)
{
    return source.kernelName + ".cu";
}

} // namespace tsm::cuda
