#include "core/cuda/nvrtc_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <vector>

namespace tsm::cuda {

namespace fs = std::filesystem;

std::vector<fs::path> cudaLibraryDirs()
{
    std::vector<fs::path> dirs;
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"}) {
        if (const char *v = std::getenv(var); v && *v) {
            dirs.push_back(fs::path(v) / "lib64");
            dirs.push_back(fs::path(v) / "lib");
        }
    }
#ifdef TSM_CUDA_LIBRARY_DIR
    dirs.push_back(TSM_CUDA_LIBRARY_DIR);
#endif
    dirs.push_back("/usr/local/cuda/lib64");
    dirs.push_back("/usr/local/cuda/lib");
    return dirs;
}

namespace {

constexpr const char *kSoname = "libnvrtc.so.13";

/// The library file that would be loaded, resolved through symlinks; empty if none.
fs::path findLibrary()
{
    for (const fs::path &dir : cudaLibraryDirs()) {
        std::error_code ec;
        const fs::path p = dir / kSoname;
        if (fs::exists(p, ec)) {
            fs::path resolved = fs::canonical(p, ec);
            return ec ? p : resolved;
        }
    }
    return {};
}

struct Loaded
{
    NvrtcApi api;
    bool ok = false;
    std::string why;
};

template <class F> bool bind(void *lib, const char *name, F &f, std::string &why)
{
    f = reinterpret_cast<F>(dlsym(lib, name));
    if (!f)
        why = std::string("NVRTC has no entry point ") + name;
    return f != nullptr;
}

Loaded load()
{
    Loaded l;
    const fs::path path = findLibrary();
    void *lib = nullptr;
    if (!path.empty()) {
        // libnvrtc dlopens libnvrtc-builtins by soname, which our RUNPATH does not cover
        // (CUDA.md §1): load it first by absolute path from the same folder when it is there.
        std::error_code ec;
        for (const auto &e : fs::directory_iterator(path.parent_path(), ec))
            if (e.path().filename().string().starts_with("libnvrtc-builtins.so.13"))
                (void) dlopen(e.path().c_str(), RTLD_NOW | RTLD_GLOBAL);
        lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    }
    if (!lib)
        lib = dlopen(kSoname, RTLD_NOW | RTLD_LOCAL); // LD_LIBRARY_PATH, ld.so.cache
    if (!lib) {
        std::string dirs;
        for (const fs::path &d : cudaLibraryDirs())
            dirs += (dirs.empty() ? "" : ", ") + d.string();
        l.why = std::string(kSoname) + " could not be loaded (looked in " + dirs
                + "): install the CUDA 13 toolkit or set CUDA_HOME";
        if (const char *e = dlerror())
            l.why += " (" + std::string(e) + ")";
        return l;
    }
    NvrtcApi &a = l.api;
    l.ok = bind(lib, "nvrtcVersion", a.version, l.why)
           && bind(lib, "nvrtcGetErrorString", a.getErrorString, l.why)
           && bind(lib, "nvrtcGetNumSupportedArchs", a.getNumSupportedArchs, l.why)
           && bind(lib, "nvrtcGetSupportedArchs", a.getSupportedArchs, l.why)
           && bind(lib, "nvrtcCreateProgram", a.createProgram, l.why)
           && bind(lib, "nvrtcDestroyProgram", a.destroyProgram, l.why)
           && bind(lib, "nvrtcCompileProgram", a.compileProgram, l.why)
           && bind(lib, "nvrtcSetFlowCallback", a.setFlowCallback, l.why)
           && bind(lib, "nvrtcGetProgramLogSize", a.getProgramLogSize, l.why)
           && bind(lib, "nvrtcGetProgramLog", a.getProgramLog, l.why)
           && bind(lib, "nvrtcGetPTXSize", a.getPTXSize, l.why)
           && bind(lib, "nvrtcGetPTX", a.getPTX, l.why)
           && bind(lib, "nvrtcGetCUBINSize", a.getCUBINSize, l.why)
           && bind(lib, "nvrtcGetCUBIN", a.getCUBIN, l.why);
    return l;
}

std::once_flag g_once;
Loaded *g_loaded = nullptr;

} // namespace

const NvrtcApi *nvrtcApi(std::string *why)
{
    std::call_once(g_once, [] { g_loaded = new Loaded(load()); });
    if (!g_loaded->ok) {
        if (why)
            *why = g_loaded->why;
        return nullptr;
    }
    return &g_loaded->api;
}

std::string nvrtcIdentity()
{
    const fs::path p = findLibrary();
    if (p.empty())
        return {};
    std::error_code ec;
    const auto size = fs::file_size(p, ec);
    const auto mtime = fs::last_write_time(p, ec).time_since_epoch().count();
    return p.string() + " " + std::to_string(size) + " " + std::to_string(mtime);
}

std::string nvrtcVersionString()
{
    if (g_loaded && g_loaded->ok) {
        int major = 0, minor = 0;
        if (g_loaded->api.version(&major, &minor) == NVRTC_SUCCESS)
            return std::to_string(major) + "." + std::to_string(minor);
    }
    const std::string name = findLibrary().filename().string();
    const std::string prefix = "libnvrtc.so.";
    if (name.starts_with(prefix) && name.size() > prefix.size())
        return name.substr(prefix.size());
    return "unknown";
}

} // namespace tsm::cuda
