#include "app/cli/code_views.h"

#include "app/cli/emit_cuda.h"
#include "core/cuda/cuda_build.h"
#include "core/cuda/driver.h"
#include "core/cuda/nvrtc_library.h"
#include "core/cuda/occupancy.h"
#include "core/diag/diagnostic_renderer.h"
#include "core/ir/printer.h"
#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"
#include "core/syntax/parser.h"

#include <chrono>

namespace tsm::cli {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string archFor(const CodeViewsRequest &r)
{
    if (!r.arch.empty())
        return r.arch;
    std::string why;
    std::vector<cuda::DeviceInfo> devices = cuda::Driver::listDevices(&why);
    return devices.empty() ? std::string("sm_90")
                           : cuda::archForDevice(devices[0].ccMajor, devices[0].ccMinor);
}

json resourcesJson(const cuda::ResourceReport &r, const std::string &arch, int numWarps)
{
    json j{{"registers", r.registers},
           {"spill_store_bytes", r.spillStoreBytes},
           {"spill_load_bytes", r.spillLoadBytes},
           {"stack_bytes", r.stackBytes},
           {"shared_bytes", r.sharedBytes},
           {"barriers", r.barriers}};
    if (std::optional<cuda::SmLimits> sm = cuda::smLimits(arch)) {
        const cuda::Occupancy o
            = cuda::theoreticalOccupancy(*sm, numWarps * 32, r.registers, r.sharedBytes);
        j["occupancy"] = {{"blocks_per_sm", o.blocksPerSm},
                          {"warps_per_sm", o.warpsPerSm},
                          {"max_warps_per_sm", sm->maxWarps},
                          {"fraction", o.fraction},
                          {"limited_by", o.limitedBy}};
    }
    return j;
}

const ast::FunctionDef *findFunction(const ast::Module &m, std::string_view name)
{
    for (const ast::Stmt *s : m.body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s); f && f->name == name)
            return f;
    return nullptr;
}

} // namespace

CodeViewsResult buildCodeViews(const CodeViewsRequest &request)
{
    CodeViewsResult result;
    LoadResult load = loadSourceText(request.file, request.text);
    if (load.error != LoadError::None) {
        result.exitCode = 2;
        result.error = "cannot read '" + request.file + "': " + load.message;
        return result;
    }
    SourceManager sources;
    const SourceFile &file = sources.add(request.file, std::move(load.text));
    DiagnosticSink sink;
    auto finish = [&](int code) {
        for (const Diagnostic &d : sink.diagnostics()) {
            json dj = diagnosticToJson(d, sources);
            dj["event"] = "diagnostic";
            result.diagnostics.push_back(std::move(dj));
        }
        result.exitCode = code;
        return result;
    };

    json times;
    Clock::time_point t0 = Clock::now();
    const ParseResult parsed = parseModule(file, sink);
    times["parse"] = msSince(t0);
    if (sink.errorCount())
        return finish(1);
    const ast::FunctionDef *fn = findFunction(*parsed.module, request.kernel);
    if (!fn) {
        result.error = "no function '" + request.kernel + "' at the top level of " + request.file;
        return finish(2);
    }
    std::string why;
    std::optional<sema::Signature> sig = sema::parseSignature(request.signature, *fn, &why);
    if (!sig) {
        result.error = "the signature no longer fits " + request.kernel + ": " + why;
        return finish(2);
    }
    sema::KernelSource src{file, *parsed.module, *fn, {}};
    t0 = Clock::now();
    std::shared_ptr<const ir::Kernel> kernel = sema::specialize(src, *sig, sink);
    times["sema"] = msSince(t0);
    if (!kernel || sink.errorCount())
        return finish(1);

    json event{{"event", "code"},
               {"kernel", request.kernel},
               {"signature", sig->key()},
               {"num_warps", sig->numWarps},
               {"file", request.file},
               {"ir", ir::printKernel(*kernel, &file)}};
    json unavailable = json::object();
    const std::string arch = archFor(request);
    event["arch"] = arch;

    cuda::CudaBuildOptions options;
    options.arch = arch;
    std::string noNvrtc;
    options.compile = cuda::nvrtcApi(&noNvrtc) != nullptr;
    std::optional<cuda::CudaBuild> build = cuda::buildCuda(kernel, &file, options, sink);
    if (!build) {
        // The IR stands; the CUDA stages say why they are missing (diagnostics follow).
        unavailable["cuda"] = "the kernel could not be lowered to CUDA C (see the Problems pane)";
        event["unavailable"] = unavailable;
        event["times_ms"] = times;
        result.event = std::move(event);
        return finish(1);
    }
    // A kernel using wgmma is built for sm_90a (cuda_build.cpp): say so.
    if (build->source.archSpecific && (arch == "sm_90" || arch == "compute_90"))
        event["arch"] = arch + "a";
    times["lower"] = build->times.lowerMs;
    times["emit"] = build->times.emitMs;
    event["cuda"] = build->source.code;
    {
        cuda::CudaBuildOptions standalone = options;
        standalone.compile = false;
        standalone.emit.standalone = true;
        DiagnosticSink quiet;
        if (std::optional<cuda::CudaBuild> s = cuda::buildCuda(kernel, &file, standalone, quiet))
            event["cuda_standalone"] = s->source.code;
    }
    if (!options.compile) {
        unavailable["ptx"] = "NVRTC is not available here: " + noNvrtc;
        unavailable["sass"] = unavailable["ptx"];
    } else {
        times["nvrtc"] = build->times.nvrtcMs;
        times["cache_hit"] = build->times.cacheHit;
        event["ptx"] = build->compiled.ptx;
        if (build->compiled.resources.parsed)
            event["resources"] = resourcesJson(build->compiled.resources, arch, sig->numWarps);
        if (!build->source.dots.empty()) {
            json dots = json::array();
            for (const codegen::DotInfo &d : build->source.dots)
                dots.push_back({{"line", d.line}, {"path", d.path}, {"detail", d.detail}});
            event["dots"] = dots;
        }
        if (build->compiled.cubin.empty()) {
            unavailable["sass"] = arch + " gives PTX only; SASS needs an sm_XY target";
        } else {
            std::string sass, error;
            t0 = Clock::now();
            if (disassembleSass(*build, &sass, &error)) {
                event["sass"] = std::move(sass);
                times["disassemble"] = msSince(t0);
            } else {
                unavailable["sass"] = error;
            }
        }
    }
    event["unavailable"] = unavailable;
    event["times_ms"] = times;
    result.event = std::move(event);
    return finish(0);
}

} // namespace tsm::cli
