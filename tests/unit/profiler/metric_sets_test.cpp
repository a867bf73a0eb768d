// Metric sets and their replay passes on GH100 (the H200's chip), from CUPTI's profiler host API,
// which needs no GPU: the pass counts `tilesmith profile --metrics` promises.

#include "profiler/metric_config.h"
#include "profiler/metric_sets.h"

#include <gtest/gtest.h>

namespace tsm::profiler {
namespace {

std::unique_ptr<MetricConfig> configFor(const std::string &spec, std::string *why)
{
    const std::optional<MetricSet> set = metricSet(spec, why);
    if (!set)
        return nullptr;
    return MetricConfig::create("GH100", set->metrics, {}, why);
}

TEST(MetricSets, FastIsOneReplayOnGH100)
{
    std::string why;
    auto c = configFor("fast", &why);
    ASSERT_TRUE(c) << why;
    EXPECT_EQ(c->passes(), 1u);
    EXPECT_FALSE(c->image().empty());
    EXPECT_EQ(c->properties("dram__bytes_read.sum").dimUnit, "byte");
    EXPECT_EQ(c->properties("gpu__time_duration.sum").dimUnit, "nanosecond");
}

TEST(MetricSets, RooflineAddsFlopCountersInASecondReplay)
{
    std::string why;
    auto c = configFor("roofline", &why);
    ASSERT_TRUE(c) << why;
    EXPECT_EQ(c->passes(), 2u);
}

TEST(MetricSets, SpeedOfLightNeedsSeveralReplays)
{
    std::string why;
    auto c = configFor("sol", &why);
    ASSERT_TRUE(c) << why;
    EXPECT_GE(c->passes(), 8u);
}

TEST(MetricSets, ListsAndBadNames)
{
    std::string why;
    auto set = metricSet(" dram__bytes_read.sum , gpu__time_duration.sum ", &why);
    ASSERT_TRUE(set) << why;
    EXPECT_EQ(set->name, "custom");
    EXPECT_EQ(set->metrics,
              (std::vector<std::string>{"dram__bytes_read.sum", "gpu__time_duration.sum"}));

    EXPECT_FALSE(metricSet("fastest", &why));
    EXPECT_NE(why.find("neither a metric set"), std::string::npos) << why;

    // A well-formed but unknown name is caught by CUPTI and named.
    auto c = configFor("gpu__time_duration.sum,dram__bytes_red.sum", &why);
    EXPECT_FALSE(c);
    EXPECT_NE(why.find("unknown metric 'dram__bytes_red.sum'"), std::string::npos) << why;
    c = configFor("dram__bytes_red.sum", &why);
    EXPECT_FALSE(c);
    EXPECT_NE(why.find("dram__bytes_red.sum"), std::string::npos) << why;
}

TEST(MetricSets, UnknownChipIsAnError)
{
    std::string why;
    EXPECT_FALSE(MetricConfig::create("GX999", {"gpu__time_duration.sum"}, {}, &why));
    EXPECT_NE(why.find("GX999"), std::string::npos) << why;
}

TEST(MetricSets, FlopsCountAnFmaTwice)
{
    const std::vector<std::string> names = {"gpu__time_duration.sum",
                                            "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
                                            "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum",
                                            "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum"};
    const std::optional<double> flops = flopsFrom(names, {1000, 10, 3, 5});
    ASSERT_TRUE(flops);
    EXPECT_DOUBLE_EQ(*flops, 2 * 10 + 3 + 2 * 5);
    EXPECT_FALSE(flopsFrom({"gpu__time_duration.sum"}, {5}));
}

} // namespace
} // namespace tsm::profiler
