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

TEST(CudaBackendFactory, NoSuchDeviceListsTheDevicesThereAre)
{
    EXPECT_EQ(noSuchDeviceMessage(3, {"NVIDIA H200"}, ""),
              "no CUDA device 3: this machine has 1 (0: NVIDIA H200)");
    EXPECT_EQ(noSuchDeviceMessage(2, {"NVIDIA H200", "NVIDIA A100"}, ""),
              "no CUDA device 2: this machine has 2 (0: NVIDIA H200, 1: NVIDIA A100)");
    EXPECT_EQ(noSuchDeviceMessage(7, {}, "libcuda.so.1 not found"),
              "no CUDA device 7: this machine has none (libcuda.so.1 not found)");
}

TEST(CudaBackendFactory, ADeviceThatIsNotThereIsAnErrorNotTheInterpreter)
{
    // No machine this runs on has 100 GPUs: with or without CUDA, the answer names the device.
    for (const char *name : {"", "cuda"}) {
        BackendChoice c = chooseBackend(name, nullptr, 100);
        EXPECT_FALSE(c.backend) << name;
        EXPECT_EQ(c.errorKind, DiagKind::CudaUnavailable);
        EXPECT_EQ(c.error.rfind("no CUDA device 100: this machine has ", 0), 0u) << c.error;
    }
    std::string why;
    if (!cudaAvailable(&why)) {
        const std::string e = chooseBackend("", nullptr, 7).error;
        EXPECT_NE(e.find("this machine has none ("), std::string::npos) << e;
        EXPECT_NE(e.find("--backend interp"), std::string::npos) << e;
    }
}

TEST(CudaBackendFactory, ADeviceWithTheInterpreterIsRefused)
{
    BackendChoice c = chooseBackend("interp", nullptr, 1);
    EXPECT_FALSE(c.backend);
    EXPECT_EQ(c.error, "a device (1) picks a GPU: it cannot be used with the interpreter backend");
    EXPECT_TRUE(chooseBackend("interp", nullptr, -1).backend);
}

TEST(CudaBackendFactory, DeviceZeroIsTheDefaultDevice)
{
    std::string why;
    BackendChoice c = chooseBackend("cuda", nullptr, 0);
    EXPECT_EQ(bool(c.backend), cudaAvailable(&why)) << c.error;
}

} // namespace
} // namespace tsm
