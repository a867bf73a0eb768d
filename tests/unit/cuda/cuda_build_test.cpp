// buildCuda (core/cuda/cuda_build.h) with the debug switch: device asserts in the CUDA C, and
// debug and release builds of one kernel kept apart in the NVRTC compile cache.

#include "core/cuda/cuda_build.h"
#include "tests/unit/passes/lower_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

namespace tsm::cuda {
namespace {

const char *kPositive = R"(import triton
import triton.language as tl

@triton.jit
def positive_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_assert(x >= 0, "x must be non-negative")
    tl.store(x_ptr + tl.arange(0, BLOCK), x + 1)
)";

TEST(CudaBuild, DebugAndReleaseBuildsHaveTheirOwnCacheEntries)
{
    auto spec
        = passes::test::specializeSource(kPositive, "positive_kernel", "x_ptr=*fp32:16, BLOCK=128");
    ASSERT_TRUE(spec->kernel);
    const auto dir
        = std::filesystem::temp_directory_path() / ("tsm_cuda_build_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);

    auto build = [&](bool debug) {
        CudaBuildOptions options;
        options.cacheDir = dir;
        options.emit.deviceAsserts = debug;
        DiagnosticSink diags;
        auto b = buildCuda(spec->kernel, spec->file, options, diags);
        EXPECT_TRUE(b) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
        return b;
    };
    auto release = build(false);
    ASSERT_TRUE(release);
    EXPECT_FALSE(release->times.cacheHit);
    EXPECT_FALSE(release->checksAsserts);
    EXPECT_EQ(release->compiled.ptx.find("__assertfail"), std::string::npos);

    // Not the release cubin from the cache: compiled again, with the assert call.
    auto debug = build(true);
    ASSERT_TRUE(debug);
    EXPECT_FALSE(debug->times.cacheHit);
    EXPECT_TRUE(debug->checksAsserts);
    EXPECT_NE(debug->compiled.ptx.find("__assertfail"), std::string::npos);

    auto again = build(true);
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->times.cacheHit);
    EXPECT_EQ(again->compiled.cubin, debug->compiled.cubin);
    auto releaseAgain = build(false);
    ASSERT_TRUE(releaseAgain);
    EXPECT_TRUE(releaseAgain->times.cacheHit);
    EXPECT_EQ(releaseAgain->compiled.cubin, release->compiled.cubin);
    std::filesystem::remove_all(dir);
}

TEST(CudaBuild, KernelsWithoutAssertsDoNotCheckAny)
{
    auto spec = passes::test::specializeSource(
        "import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(x_ptr):\n"
        "    tl.store(x_ptr, 1.0)\n",
        "k",
        "x_ptr=*fp32:16");
    ASSERT_TRUE(spec->kernel);
    CudaBuildOptions options;
    options.compile = false;
    options.emit.deviceAsserts = true;
    DiagnosticSink diags;
    auto b = buildCuda(spec->kernel, spec->file, options, diags);
    ASSERT_TRUE(b);
    EXPECT_FALSE(b->checksAsserts); // no stderr capture for it at each launch
}

} // namespace
} // namespace tsm::cuda
