// NVRTC is dlopen'd on first use (core/cuda/nvrtc_library.h).

#include "core/cuda/nvrtc_library.h"

#include <gtest/gtest.h>

namespace tsm::cuda {
namespace {

TEST(CudaNvrtcLibrary, IdentityAndVersionNeedNoLoad)
{
    // The toolkit is installed on every machine that builds Tilesmith.
    const std::string id = nvrtcIdentity();
    ASSERT_FALSE(id.empty());
    EXPECT_NE(id.find("libnvrtc.so.13"), std::string::npos) << id;
    // From the file name before a load: "13" here (wheel layout), "13.0.88" in a .run install.
    EXPECT_TRUE(nvrtcVersionString().starts_with("13")) << nvrtcVersionString();
}

TEST(CudaNvrtcLibrary, LoadsEveryEntryPoint)
{
    std::string why;
    const NvrtcApi *api = nvrtcApi(&why);
    ASSERT_NE(api, nullptr) << why;
    int major = 0, minor = 0;
    ASSERT_EQ(api->version(&major, &minor), NVRTC_SUCCESS);
    EXPECT_EQ(major, 13);
    EXPECT_EQ(nvrtcVersionString(), "13." + std::to_string(minor));
    EXPECT_NE(api->compileProgram, nullptr);
    EXPECT_NE(api->getCUBIN, nullptr);
}

} // namespace
} // namespace tsm::cuda
