// SassMetrics (profiler/sass_metrics.h) where there is no GPU: it refuses with a reason instead
// of calling CUPTI without a context. The collection itself runs on the GPU machine.

#include "profiler/sass_metrics.h"

#include "tests/unit/cuda/fake_driver.h"

#include <gtest/gtest.h>

namespace tsm::profiler {
namespace {

TEST(SassMetrics, OpenWithoutACudaContextFailsWithAReason)
{
    cuda::test::FakeDriver driver; // no native context, as without a GPU
    std::string why;
    EXPECT_EQ(SassMetrics::open(driver, &why), nullptr);
    EXPECT_NE(why.find("CUDA device"), std::string::npos) << why;
    EXPECT_EQ(SassMetrics::open(driver, nullptr), nullptr); // no reason asked for: no crash
}

} // namespace
} // namespace tsm::profiler
