// Which backend a run gets (core/run/backend_factory.h), and what it says when CUDA is missing.

#include "core/run/backend_factory.h"

#include <gtest/gtest.h>

namespace tsm {
namespace {

TEST(CudaBackendFactory, InterpIsAlwaysThere)
{
    BackendChoice c = chooseBackend("interp");
    ASSERT_TRUE(c.backend);
    EXPECT_EQ(c.backend->name(), "interp");
    EXPECT_EQ(c.backend->deviceTimer(), nullptr);
    EXPECT_TRUE(c.note.empty());
}

TEST(CudaBackendFactory, UnknownName)
{
    BackendChoice c = chooseBackend("metal");
    EXPECT_FALSE(c.backend);
    EXPECT_EQ(c.error, "unknown backend 'metal' (available: interp, cuda)");
    std::string error;
    EXPECT_FALSE(makeBackend("metal", &error));
    EXPECT_EQ(error, c.error);
}

TEST(CudaBackendFactory, CudaOrItsReason)
{
    std::string why;
    const bool available = cudaAvailable(&why);
    BackendChoice c = chooseBackend("cuda");
    if (available) {
        ASSERT_TRUE(c.backend);
        EXPECT_EQ(c.backend->name(), "cuda");
        EXPECT_NE(c.backend->deviceTimer(), nullptr);
        return;
    }
    EXPECT_FALSE(why.empty());
    EXPECT_FALSE(c.backend);
    EXPECT_EQ(c.errorKind, DiagKind::CudaUnavailable);
    EXPECT_EQ(c.error,
              "CUDA is not available: " + why
                  + "; run with --backend interp (the CPU interpreter)");
}

TEST(CudaBackendFactory, DefaultFallsBackWithANote)
{
    std::string why;
    const bool available = cudaAvailable(&why);
    BackendChoice c = chooseBackend("");
    ASSERT_TRUE(c.backend);
    EXPECT_EQ(c.backend->name(), available ? "cuda" : "interp");
    EXPECT_EQ(c.note, defaultBackendNote());
    if (!available) {
        EXPECT_NE(c.note.find(why), std::string::npos) << c.note;
        EXPECT_NE(c.note.find("running on the CPU interpreter"), std::string::npos) << c.note;
    } else {
        EXPECT_TRUE(c.note.empty());
    }
}

} // namespace
} // namespace tsm
