// The words a user gets when counters cannot be read.

#include "profiler/profiler_access.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>

namespace tsm::profiler {
namespace {

TEST(ProfilerAccess, ReadsTheDriversAdminOnlySetting)
{
    const std::string path = testing::TempDir() + "nvidia_params";
    std::ofstream(path) << "ResmanDebugLevel: 4294967295\nRmProfilingAdminOnly: 1\nOther: 0\n";
    EXPECT_EQ(profilingAdminOnly(path), 1);
    std::ofstream(path) << "RmProfilingAdminOnly: 0\n";
    EXPECT_EQ(profilingAdminOnly(path), 0);
    std::ofstream(path) << "Something: else\n";
    EXPECT_EQ(profilingAdminOnly(path), -1);
    EXPECT_EQ(profilingAdminOnly("/nonexistent/params"), -1);
    std::remove(path.c_str());
}

TEST(ProfilerAccess, ExplainsWhatToDo)
{
    const std::string perm
        = explainCuptiFailure("enabling the range profiler", CUPTI_ERROR_INSUFFICIENT_PRIVILEGES);
    EXPECT_NE(perm.find("enabling the range profiler failed"), std::string::npos) << perm;
    EXPECT_NE(perm.find("CAP_SYS_ADMIN"), std::string::npos) << perm;
    EXPECT_NE(perm.find("NVreg_RestrictProfilingToAdminUsers=0"), std::string::npos) << perm;
    EXPECT_NE(perm.find("kernel timing still works"), std::string::npos) << perm;

    const std::string busy = explainCuptiFailure(
        "enabling the range profiler", CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED);
    EXPECT_NE(busy.find("Another profiler"), std::string::npos) << busy;

    const std::string mig
        = explainCuptiFailure("reading counters", CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED);
    EXPECT_NE(mig.find("MIG"), std::string::npos) << mig;
}

} // namespace
} // namespace tsm::profiler
