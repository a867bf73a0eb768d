#include "core/cuda/nvrtc_compiler.h"

#include "core/codegen/cuda_emitter.h"
#include "core/cuda/compile_cache.h"
#include "core/cuda/nvrtc_library.h"

#include <chrono>
#include <cstdlib>

namespace tsm::cuda {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// NVRTC has no toolkit headers built in (cuda_fp16.h, cuda/std/...): they come from the
// toolkit's include directory, which the user can point elsewhere for a bundled copy.
std::filesystem::path toolkitIncludeDir()
{
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"}) {
        const char *v = std::getenv(var);
        if (v && *v)
            return std::filesystem::path(v) / "include";
    }
#ifdef TSM_CUDA_INCLUDE_DIR
    return TSM_CUDA_INCLUDE_DIR;
#else
    return "/usr/local/cuda/include";
#endif
}

std::vector<std::string> nvrtcOptions(const CompileOptions &options)
{
    const std::filesystem::path include = toolkitIncludeDir();
    std::vector<std::string> opts = {"-arch=" + options.arch, "--std=c++17", "-default-device"};
    if (options.lineInfo)
        opts.push_back("-lineinfo");
    if (options.debug)
        opts.push_back("-G");
    // The ptxas report (registers, spills, stack) goes into the log; compute_XX runs no ptxas.
    if (options.arch.rfind("sm_", 0) == 0) {
        opts.push_back("-Xptxas");
        opts.push_back("-v");
    }
    opts.push_back("-I" + include.string());
    opts.push_back("-I" + (include / "cccl").string());
    opts.insert(opts.end(), options.extra.begin(), options.extra.end());
    return opts;
}

// NVRTC's flow callback: polled during the compile; returning 1 cancels it.
int cancelRequested(void *payload, void *)
{
    return static_cast<const std::atomic<bool> *>(payload)->load(std::memory_order_relaxed) ? 1 : 0;
}

std::string nvrtcError(const NvrtcApi &nv, const char *what, nvrtcResult r)
{
    return std::string(what) + " failed: " + nv.getErrorString(r);
}

// One NVRTC compile on its own program object (thread-safe as long as programs are not shared).
void runNvrtc(std::string_view source,
              std::string_view virtualName,
              const std::vector<std::pair<std::string, std::string>> &headers,
              const std::vector<std::string> &opts,
              const std::atomic<bool> *cancel,
              CompileResult &result)
{
    std::string why;
    const NvrtcApi *api = nvrtcApi(&why);
    if (!api) {
        result.log = why;
        return;
    }
    const NvrtcApi &nv = *api;
    const std::string src(source);
    const std::string name(virtualName);
    std::vector<const char *> headerTexts, headerNames;
    for (const auto &h : headers) {
        headerNames.push_back(h.first.c_str());
        headerTexts.push_back(h.second.c_str());
    }
    nvrtcProgram prog = nullptr;
    nvrtcResult r = nv.createProgram(&prog,
                                       src.c_str(),
                                       name.c_str(),
                                       int(headers.size()),
                                       headerTexts.data(),
                                       headerNames.data());
    if (r != NVRTC_SUCCESS) {
        result.log = nvrtcError(nv, "nvrtcCreateProgram", r);
        return;
    }
    if (cancel)
        nv.setFlowCallback(prog, &cancelRequested, const_cast<std::atomic<bool> *>(cancel));
    std::vector<const char *> argv;
    for (const std::string &o : opts)
        argv.push_back(o.c_str());
    r = nv.compileProgram(prog, int(argv.size()), argv.data());

    // The log is fetched on success too: it carries warnings and the ptxas report.
    std::size_t logSize = 0;
    if (nv.getProgramLogSize(prog, &logSize) == NVRTC_SUCCESS && logSize > 1) {
        result.log.resize(logSize);
        nv.getProgramLog(prog, result.log.data());
        result.log.resize(logSize - 1); // the size counts the trailing NUL
    }
    if (r == NVRTC_ERROR_CANCELLED) {
        result.cancelled = true;
        result.log = "the compilation was cancelled";
    } else if (r != NVRTC_SUCCESS) {
        if (result.log.empty())
            result.log = nvrtcError(nv, "nvrtcCompileProgram", r);
    } else {
        std::size_t ptxSize = 0;
        std::size_t cubinSize = 0;
        r = nv.getPTXSize(prog, &ptxSize);
        if (r == NVRTC_SUCCESS && ptxSize > 0) {
            result.ptx.resize(ptxSize);
            r = nv.getPTX(prog, result.ptx.data());
            result.ptx.resize(ptxSize - 1);
        }
        // compute_XX yields PTX only: the cubin size is 0 and there is nothing to fetch.
        if (r == NVRTC_SUCCESS)
            r = nv.getCUBINSize(prog, &cubinSize);
        if (r == NVRTC_SUCCESS && cubinSize > 0) {
            result.cubin.resize(cubinSize);
            r = nv.getCUBIN(prog, result.cubin.data());
        }
        if (r != NVRTC_SUCCESS)
            result.log
                += (result.log.empty() ? "" : "\n") + nvrtcError(nv, "fetching NVRTC's output", r);
        result.ok = r == NVRTC_SUCCESS;
    }
    nv.destroyProgram(&prog);
}

} // namespace

std::string nvrtcVersion()
{
    return nvrtcVersionString();
}

std::vector<int> supportedArchs()
{
    const NvrtcApi *nv = nvrtcApi();
    int n = 0;
    if (!nv || nv->getNumSupportedArchs(&n) != NVRTC_SUCCESS || n <= 0)
        return {};
    std::vector<int> archs(std::size_t(n), 0);
    if (nv->getSupportedArchs(archs.data()) != NVRTC_SUCCESS)
        return {};
    return archs;
}

CompileResult compileCuda(std::string_view source,
                          std::string_view virtualName,
                          const CompileOptions &options,
                          const std::atomic<bool> *cancel)
{
    CompileResult result;
    result.nvrtcVersion = nvrtcVersion();
    if (cancel && cancel->load()) {
        result.cancelled = true;
        result.log = "the compilation was cancelled";
        return result;
    }

    std::vector<std::pair<std::string, std::string>> headers;
    headers.emplace_back(std::string(codegen::kDeviceHeaderName),
                         std::string(codegen::deviceHeader()));
    headers.insert(headers.end(), options.headers.begin(), options.headers.end());
    const std::vector<std::string> opts = nvrtcOptions(options);

    const CompileCache cache(CompileCache::resolveDir(options.cacheDir));
    std::string key;
    if (cache.enabled()) {
        const auto t0 = Clock::now();
        // The library's identity (path, size, mtime) stands for its version: reading the
        // version would load NVRTC, which a cache hit must not need.
        CompileCacheKey k{source, virtualName, {}, opts, nvrtcIdentity(), options.arch};
        for (const auto &h : headers)
            k.headers.emplace_back(h.first, h.second);
        key = k.key();
        std::optional<CachedCompile> hit = cache.load(key);
        result.times.push_back({"cache-lookup", msSince(t0)});
        if (hit) {
            result.ok = true;
            result.cacheHit = true;
            result.ptx = std::move(hit->ptx);
            result.cubin = std::move(hit->cubin);
            result.log = std::move(hit->log);
            result.resources = parseResourceReport(result.log);
            return result;
        }
    }

    const auto t0 = Clock::now();
    runNvrtc(source, virtualName, headers, opts, cancel, result);
    result.nvrtcVersion = nvrtcVersion(); // now from the loaded library
    result.times.push_back({"nvrtc", msSince(t0)});
    if (!result.ok)
        return result;
    result.resources = parseResourceReport(result.log);

    if (cache.enabled()) {
        const auto t1 = Clock::now();
        cache.store(key, {result.ptx, result.cubin, result.log});
        result.times.push_back({"cache-store", msSince(t1)});
    }
    return result;
}

} // namespace tsm::cuda
