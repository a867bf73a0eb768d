#pragma once
// The on-disk cache of NVRTC results (PTX, cubin, log), keyed by a SHA-256 of everything that
// determines NVRTC's output. Entries are written to a temporary file and renamed into place, so
// readers never see half an entry; each carries a digest, so a truncated or corrupt file is a
// miss, never a crash or a wrong cubin.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tsm::cuda {

struct CachedCompile
{
    std::string ptx;
    std::vector<char> cubin;
    std::string log;
};

/// Everything NVRTC's output depends on; `key()` hashes it.
struct CompileCacheKey
{
    std::string_view source;
    std::string_view virtualName; ///< ends up in .file (line info)
    std::vector<std::pair<std::string_view, std::string_view>> headers; ///< name, text
    /// NVRTC's options; a debug build (device asserts) carries -DTSM_DEVICE_ASSERTS=1
    /// (cuda_build.h), so debug and release builds of one kernel never share an entry.
    std::vector<std::string> options;
    std::string nvrtcVersion;
    std::string arch;

    /// 64 hex digits.
    std::string key() const;
};

class CompileCache
{
public:
    /// `dir` empty: a disabled cache (every load misses, stores do nothing). Past `maxEntries`
    /// entries, a store removes the least recently used quarter (the IDE compiles on every
    /// edit, so the directory would otherwise grow without bound).
    explicit CompileCache(std::filesystem::path dir, std::size_t maxEntries = 4096)
        : m_dir(std::move(dir))
        , m_maxEntries(maxEntries)
    {
    }

    /// The directory for a CompileOptions::cacheDir setting: the setting itself, or (when empty)
    /// $TILESMITH_CACHE_DIR, $XDG_CACHE_HOME/tilesmith/cuda, ~/.cache/tilesmith/cuda; an empty
    /// path for "-" or when no home directory is known.
    static std::filesystem::path resolveDir(const std::filesystem::path &configured);

    bool enabled() const { return !m_dir.empty(); }
    const std::filesystem::path &dir() const { return m_dir; }
    std::filesystem::path entryPath(const std::string &key) const;

    std::optional<CachedCompile> load(const std::string &key) const;
    /// False when the entry could not be written (read-only directory, full disk); the
    /// compile result is still good, only the next run pays the compile again.
    bool store(const std::string &key, const CachedCompile &entry) const;

private:
    void evict() const;

    std::filesystem::path m_dir;
    std::size_t m_maxEntries;
};

} // namespace tsm::cuda
