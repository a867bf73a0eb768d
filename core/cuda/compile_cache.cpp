#include "core/cuda/compile_cache.h"

#include "core/cuda/sha256.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <system_error>

#include <unistd.h>

namespace tsm::cuda {

namespace {

// Bumped whenever the entry layout or what goes into the key changes.
constexpr char kMagic[8] = {'T', 'S', 'M', 'C', 'U', 'D', 'A', '1'};
constexpr std::size_t kKeyChars = 64;
constexpr std::size_t kDigestBytes = 32;
constexpr std::size_t kHeaderBytes = sizeof kMagic + kKeyChars + 3 * 8;
// No NVRTC output of a single kernel comes near this; a larger file is not ours.
constexpr std::uint64_t kMaxEntryBytes = std::uint64_t(1) << 30;

void putU64(std::string &out, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        out += char(std::uint8_t(v >> (8 * i)));
}

std::uint64_t getU64(const char *p)
{
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v |= std::uint64_t(std::uint8_t(p[i])) << (8 * i);
    return v;
}

std::array<std::uint8_t, 32> digestOf(const char *data, std::size_t size)
{
    Sha256 h;
    h.update(data, size);
    return h.finish();
}

std::filesystem::path envPath(const char *name)
{
    const char *v = std::getenv(name);
    return v && *v ? std::filesystem::path(v) : std::filesystem::path();
}

} // namespace

std::string CompileCacheKey::key() const
{
    Sha256 h;
    h.updateField(std::string_view(kMagic, sizeof kMagic));
    h.updateField(source);
    h.updateField(virtualName);
    h.updateField(std::to_string(headers.size()));
    for (const auto &[name, text] : headers) {
        h.updateField(name);
        h.updateField(text);
    }
    h.updateField(std::to_string(options.size()));
    for (const std::string &o : options)
        h.updateField(o);
    h.updateField(nvrtcVersion);
    h.updateField(arch);
    return Sha256::hex(h.finish());
}

std::filesystem::path CompileCache::resolveDir(const std::filesystem::path &configured)
{
    if (configured == "-")
        return {};
    if (!configured.empty())
        return configured;
    if (auto p = envPath("TILESMITH_CACHE_DIR"); !p.empty())
        return p == "-" ? std::filesystem::path() : p;
    if (auto p = envPath("XDG_CACHE_HOME"); !p.empty())
        return p / "tilesmith" / "cuda";
    if (auto p = envPath("HOME"); !p.empty())
        return p / ".cache" / "tilesmith" / "cuda";
    return {};
}

std::filesystem::path CompileCache::entryPath(const std::string &key) const
{
    return m_dir / (key + ".tsmcuda");
}

std::optional<CachedCompile> CompileCache::load(const std::string &key) const
{
    if (!enabled() || key.size() != kKeyChars)
        return std::nullopt;
    std::ifstream in(entryPath(key), std::ios::binary | std::ios::ate);
    if (!in)
        return std::nullopt;
    const std::streamoff size = in.tellg();
    if (size < std::streamoff(kHeaderBytes + kDigestBytes) || std::uint64_t(size) > kMaxEntryBytes)
        return std::nullopt;
    std::string bytes(std::size_t(size), '\0');
    in.seekg(0);
    if (!in.read(bytes.data(), size))
        return std::nullopt;

    const char *p = bytes.data();
    if (std::memcmp(p, kMagic, sizeof kMagic) != 0
        || std::string_view(p + sizeof kMagic, kKeyChars) != key)
        return std::nullopt;
    const std::uint64_t ptxSize = getU64(p + sizeof kMagic + kKeyChars);
    const std::uint64_t cubinSize = getU64(p + sizeof kMagic + kKeyChars + 8);
    const std::uint64_t logSize = getU64(p + sizeof kMagic + kKeyChars + 16);
    const std::uint64_t payload = bytes.size() - kHeaderBytes - kDigestBytes;
    // Each size is checked alone first so that the sum cannot wrap around.
    if (ptxSize > payload || cubinSize > payload || logSize > payload
        || ptxSize + cubinSize + logSize != payload)
        return std::nullopt;
    const std::size_t body = bytes.size() - kDigestBytes;
    const auto digest = digestOf(p, body);
    if (std::memcmp(digest.data(), p + body, kDigestBytes) != 0)
        return std::nullopt;

    CachedCompile entry;
    const char *q = p + kHeaderBytes;
    entry.ptx.assign(q, ptxSize);
    q += ptxSize;
    entry.cubin.assign(q, q + cubinSize);
    q += cubinSize;
    entry.log.assign(q, logSize);
    // Recency for eviction; a read-only cache still serves hits.
    std::error_code ec;
    std::filesystem::last_write_time(
        entryPath(key), std::filesystem::file_time_type::clock::now(), ec);
    return entry;
}

bool CompileCache::store(const std::string &key, const CachedCompile &entry) const
{
    if (!enabled() || key.size() != kKeyChars)
        return false;
    std::error_code ec;
    std::filesystem::create_directories(m_dir, ec);
    if (ec)
        return false;

    std::string bytes(kMagic, sizeof kMagic);
    bytes += key;
    putU64(bytes, entry.ptx.size());
    putU64(bytes, entry.cubin.size());
    putU64(bytes, entry.log.size());
    bytes += entry.ptx;
    bytes.append(entry.cubin.data(), entry.cubin.size());
    bytes += entry.log;
    const auto digest = digestOf(bytes.data(), bytes.size());
    bytes.append(reinterpret_cast<const char *>(digest.data()), digest.size());

    // A name unique to this process and call: concurrent writers of the same key each rename
    // a complete file into place, and the last one wins with identical content.
    static std::atomic<unsigned> counter{0};
    const std::filesystem::path tmp
        = m_dir / (key + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++));
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out.write(bytes.data(), std::streamsize(bytes.size())) || !out.flush()) {
            out.close();
            std::filesystem::remove(tmp, ec);
            return false;
        }
    }
    std::filesystem::rename(tmp, entryPath(key), ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        return false;
    }
    evict();
    return true;
}

void CompileCache::evict() const
{
    namespace fs = std::filesystem;
    std::vector<std::pair<fs::file_time_type, fs::path>> entries;
    const auto now = fs::file_time_type::clock::now();
    std::error_code ec;
    for (fs::directory_iterator it(m_dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path &p = it->path();
        const std::string name = p.filename().string();
        const fs::file_time_type t = fs::last_write_time(p, ec);
        if (ec) {
            ec.clear();
            continue;
        }
        if (p.extension() == ".tsmcuda")
            entries.emplace_back(t, p);
        else if (name.find(".tmp.") != std::string::npos && now - t > std::chrono::hours(1))
            fs::remove(p, ec); // left behind by a writer that died
    }
    if (entries.size() <= m_maxEntries)
        return;
    std::sort(entries.begin(), entries.end());
    const std::size_t keep = m_maxEntries - m_maxEntries / 4;
    for (std::size_t i = 0; i + keep < entries.size(); ++i)
        fs::remove(entries[i].second, ec);
}

} // namespace tsm::cuda
