#pragma once
// NVRTC, loaded on first use with dlopen instead of linked: the library is ~110 MB and its
// relocations cost a process ~10 ms at start-up, which every command paid even when it compiled
// nothing (check, interpreter runs) or hit the compile cache. Now only a real compile loads it,
// and a machine without the toolkit's libraries still runs everything but CUDA compiles.

#include <nvrtc.h>

#include <filesystem>
#include <string>
#include <vector>

namespace tsm::cuda {

struct NvrtcApi
{
    decltype(&::nvrtcVersion) version = nullptr;
    decltype(&::nvrtcGetErrorString) getErrorString = nullptr;
    decltype(&::nvrtcGetNumSupportedArchs) getNumSupportedArchs = nullptr;
    decltype(&::nvrtcGetSupportedArchs) getSupportedArchs = nullptr;
    decltype(&::nvrtcCreateProgram) createProgram = nullptr;
    decltype(&::nvrtcDestroyProgram) destroyProgram = nullptr;
    decltype(&::nvrtcCompileProgram) compileProgram = nullptr;
    decltype(&::nvrtcSetFlowCallback) setFlowCallback = nullptr;
    decltype(&::nvrtcGetProgramLogSize) getProgramLogSize = nullptr;
    decltype(&::nvrtcGetProgramLog) getProgramLog = nullptr;
    decltype(&::nvrtcGetPTXSize) getPTXSize = nullptr;
    decltype(&::nvrtcGetPTX) getPTX = nullptr;
    decltype(&::nvrtcGetCUBINSize) getCUBINSize = nullptr;
    decltype(&::nvrtcGetCUBIN) getCUBIN = nullptr;
};

/// Where the toolkit's libraries are looked for, in order: $CUDA_HOME / $CUDA_PATH, the toolkit
/// CMake found at build time, /usr/local/cuda.
std::vector<std::filesystem::path> cudaLibraryDirs();

/// NVRTC's entry points, loading the library on the first call (thread-safe). Null with the
/// reason in `why` ("libnvrtc.so.13 not found in /usr/local/cuda/lib64, ...: install the CUDA 13
/// toolkit or set CUDA_HOME") when it cannot be loaded.
const NvrtcApi *nvrtcApi(std::string *why = nullptr);

/// What identifies the NVRTC that would compile, without loading it (for cache keys): the
/// library's resolved path, size and modification time; "" when it cannot be found.
std::string nvrtcIdentity();

/// The NVRTC version: "13.0" from the library when it is loaded, else from the resolved
/// file name ("libnvrtc.so.13.0.88" -> "13.0.88"), else "unknown".
std::string nvrtcVersionString();

} // namespace tsm::cuda
