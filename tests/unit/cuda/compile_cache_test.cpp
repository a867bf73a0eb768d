#include "core/cuda/compile_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include <unistd.h>

using namespace tsm::cuda;
namespace fs = std::filesystem;

namespace {

struct TempDir
{
    fs::path path;
    explicit TempDir(const std::string &name)
        : path(fs::temp_directory_path()
               / ("tsm_cache_test_" + name + "_" + std::to_string(::getpid())))
    {
        fs::remove_all(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

CompileCacheKey baseKey()
{
    return {"extern \"C\" __global__ void k() {}",
            "/tilesmith/k.cu",
            {{"h.cuh", "#pragma once"}},
            {"-arch=sm_90", "-lineinfo"},
            "13.0",
            "sm_90"};
}

CachedCompile sampleEntry()
{
    CachedCompile e;
    e.ptx = ".version 9.0\n.target sm_90\n";
    e.cubin = {'\x7f', 'E', 'L', 'F', '\0', '\1', '\2'};
    e.log = "ptxas info    : Used 8 registers, used 0 barriers\n";
    return e;
}

std::string readAll(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeAll(const fs::path &p, const std::string &bytes)
{
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

} // namespace

TEST(CudaCompileCache, KeyChangesWithEveryInput)
{
    const std::string base = baseKey().key();
    EXPECT_EQ(base.size(), 64u);
    EXPECT_EQ(baseKey().key(), base);
    auto k = baseKey();
    k.source = "extern \"C\" __global__ void k() { }";
    EXPECT_NE(k.key(), base);
    k = baseKey();
    k.virtualName = "/tilesmith/other.cu";
    EXPECT_NE(k.key(), base);
    k = baseKey();
    k.headers[0].second = "#pragma once\n";
    EXPECT_NE(k.key(), base);
    k = baseKey();
    k.options.pop_back();
    EXPECT_NE(k.key(), base);
    k = baseKey();
    k.nvrtcVersion = "13.1";
    EXPECT_NE(k.key(), base);
    k = baseKey();
    k.arch = "sm_80";
    EXPECT_NE(k.key(), base);
    // Moving text between adjacent fields must change the key too.
    k = baseKey();
    k.options = {"-arch=sm_90-lineinfo"};
    EXPECT_NE(k.key(), base);
}

TEST(CudaCompileCache, StoresAndLoadsAnEntry)
{
    TempDir dir("roundtrip");
    const CompileCache cache(dir.path / "nested");
    const std::string key = baseKey().key();
    EXPECT_FALSE(cache.load(key));
    ASSERT_TRUE(cache.store(key, sampleEntry()));
    const auto hit = cache.load(key);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->ptx, sampleEntry().ptx);
    EXPECT_EQ(hit->cubin, sampleEntry().cubin);
    EXPECT_EQ(hit->log, sampleEntry().log);
    // No temporary files are left behind.
    int files = 0;
    for (const auto &e : fs::directory_iterator(dir.path / "nested"))
        files += e.is_regular_file() ? 1 : 0;
    EXPECT_EQ(files, 1);
}

TEST(CudaCompileCache, CorruptOrForeignEntriesAreMisses)
{
    TempDir dir("corrupt");
    const CompileCache cache(dir.path);
    const std::string key = baseKey().key();
    ASSERT_TRUE(cache.store(key, sampleEntry()));
    const fs::path file = cache.entryPath(key);
    const std::string good = readAll(file);

    writeAll(file, good.substr(0, good.size() / 2)); // truncated (a crash mid-write elsewhere)
    EXPECT_FALSE(cache.load(key));
    std::string flipped = good;
    flipped[good.size() / 2] ^= 0x20; // one flipped bit in the payload
    writeAll(file, flipped);
    EXPECT_FALSE(cache.load(key));
    writeAll(file, "");
    EXPECT_FALSE(cache.load(key));
    writeAll(file, std::string(4096, '\xff'));
    EXPECT_FALSE(cache.load(key));
    // Another key's entry copied under this name.
    auto other = baseKey();
    other.arch = "sm_80";
    ASSERT_TRUE(cache.store(other.key(), sampleEntry()));
    writeAll(file, readAll(cache.entryPath(other.key())));
    EXPECT_FALSE(cache.load(key));

    writeAll(file, good);
    EXPECT_TRUE(cache.load(key));
}

TEST(CudaCompileCache, DisabledCacheNeverHits)
{
    const CompileCache cache{fs::path()};
    EXPECT_FALSE(cache.enabled());
    EXPECT_FALSE(cache.store(baseKey().key(), sampleEntry()));
    EXPECT_FALSE(cache.load(baseKey().key()));
}

TEST(CudaCompileCache, UnwritableDirectoryIsNotAnError)
{
    TempDir dir("unwritable");
    fs::create_directories(dir.path);
    writeAll(dir.path / "file", "x");
    const CompileCache cache(dir.path / "file" / "sub"); // a file where a directory should be
    EXPECT_FALSE(cache.store(baseKey().key(), sampleEntry()));
    EXPECT_FALSE(cache.load(baseKey().key()));
}

TEST(CudaCompileCache, DirectoryFollowsSettingThenEnvironment)
{
    const auto saved = [](const char *n) {
        const char *v = std::getenv(n);
        return v ? std::optional<std::string>(v) : std::nullopt;
    };
    const auto tsmDir = saved("TILESMITH_CACHE_DIR");
    const auto xdg = saved("XDG_CACHE_HOME");
    const auto home = saved("HOME");

    EXPECT_EQ(CompileCache::resolveDir("/x/y"), fs::path("/x/y"));
    EXPECT_TRUE(CompileCache::resolveDir("-").empty());
    ::setenv("TILESMITH_CACHE_DIR", "/env/cache", 1);
    EXPECT_EQ(CompileCache::resolveDir(""), fs::path("/env/cache"));
    ::unsetenv("TILESMITH_CACHE_DIR");
    ::setenv("XDG_CACHE_HOME", "/xdg", 1);
    EXPECT_EQ(CompileCache::resolveDir(""), fs::path("/xdg/tilesmith/cuda"));
    ::unsetenv("XDG_CACHE_HOME");
    ::setenv("HOME", "/home/u", 1);
    EXPECT_EQ(CompileCache::resolveDir(""), fs::path("/home/u/.cache/tilesmith/cuda"));
    ::unsetenv("HOME");
    EXPECT_TRUE(CompileCache::resolveDir("").empty());

    const auto restore = [](const char *n, const std::optional<std::string> &v) {
        if (v)
            ::setenv(n, v->c_str(), 1);
        else
            ::unsetenv(n);
    };
    restore("TILESMITH_CACHE_DIR", tsmDir);
    restore("XDG_CACHE_HOME", xdg);
    restore("HOME", home);
}

TEST(CudaCompileCache, EvictsTheLeastRecentlyUsedEntries)
{
    TempDir dir("evict");
    const CompileCache cache(dir.path, 4);
    std::vector<std::string> keys;
    for (int i = 0; i < 4; ++i) {
        auto k = baseKey();
        const std::string arch = "sm_" + std::to_string(80 + i);
        k.arch = arch;
        keys.push_back(k.key());
        ASSERT_TRUE(cache.store(keys.back(), sampleEntry()));
        // Distinct, increasing times without sleeping.
        fs::last_write_time(cache.entryPath(keys.back()),
                            fs::file_time_type::clock::now() - std::chrono::minutes(10 - i));
    }
    ASSERT_TRUE(cache.load(keys[0])); // a hit makes the oldest entry the newest
    auto k = baseKey();
    k.arch = "sm_100";
    ASSERT_TRUE(cache.store(k.key(), sampleEntry())); // 5 > 4: down to 3
    EXPECT_TRUE(cache.load(keys[0]));
    EXPECT_FALSE(cache.load(keys[1]));
    EXPECT_FALSE(cache.load(keys[2]));
    EXPECT_TRUE(cache.load(keys[3]));
    EXPECT_TRUE(cache.load(k.key()));
}
