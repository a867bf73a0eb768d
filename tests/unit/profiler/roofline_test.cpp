// Placing a kernel under the roofs: the binding roof follows the ridge point, achieved numbers
// come from the DRAM bytes, FLOPs and median time; and where the roofs are cached.

#include "profiler/roofline.h"

#include "core/cuda/nvrtc_compiler.h"

#include <gtest/gtest.h>

namespace tsm::profiler {
namespace {

run::RooflineCeilings h200Like()
{
    run::RooflineCeilings c;
    c.copyGBs = 4000;   // 4 TB/s
    c.fp32TFLOPs = 64;  // ridge at 16 FLOP/byte
    return c;
}

TEST(Roofline, MemoryBoundKernelIsMeasuredAgainstCopyBandwidth)
{
    run::KernelProfile k;
    k.dramBytes = 2e9;
    k.flops = 1e9; // 0.5 FLOP/byte
    k.medianNs = 500e3;
    placeOnRoofline(k, h200Like());
    EXPECT_DOUBLE_EQ(k.achievedGBs, 4000);
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 2);
    EXPECT_EQ(k.roof, "copy bandwidth");
    EXPECT_DOUBLE_EQ(k.roofFraction, 1.0);
}

TEST(Roofline, ComputeBoundKernelIsMeasuredAgainstFp32)
{
    run::KernelProfile k;
    k.dramBytes = 1e6;
    k.flops = 32e9; // 32000 FLOP/byte, past the ridge
    k.medianNs = 1e6;
    placeOnRoofline(k, h200Like());
    EXPECT_EQ(k.roof, "FP32 FMA");
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 32);
    EXPECT_DOUBLE_EQ(k.roofFraction, 0.5);
}

TEST(Roofline, WithoutFlopsOnlyBandwidthPlacesIt)
{
    run::KernelProfile k;
    k.dramBytes = 1e9;
    k.counterNs = 500e3; // no Activity timing: the counter's time is used
    placeOnRoofline(k, h200Like());
    EXPECT_DOUBLE_EQ(k.achievedGBs, 2000);
    EXPECT_EQ(k.roof, "copy bandwidth");
    EXPECT_DOUBLE_EQ(k.roofFraction, 0.5);
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 0);
}

TEST(Roofline, NoTimeNoPlacement)
{
    run::KernelProfile k;
    k.dramBytes = 1e9;
    placeOnRoofline(k, h200Like());
    EXPECT_TRUE(k.roof.empty());
    EXPECT_EQ(k.roofFraction, 0);
}

TEST(Roofline, CachePathNamesDeviceArchAndDriver)
{
    setenv("XDG_CACHE_HOME", "/tmp/tsm-roof-cache", 1);
    const auto p = ceilingsCachePath("NVIDIA H200", 90, 13000);
    unsetenv("XDG_CACHE_HOME");
    EXPECT_EQ(p.string(), "/tmp/tsm-roof-cache/tilesmith/roofline/NVIDIA_H200-sm90-13000.json");
}

} // namespace
} // namespace tsm::profiler

namespace tsm::profiler {
namespace {

TEST(Roofline, LaunchMetadataPlacesWhatTheCountersDidNotMeasure)
{
    run::RooflineCeilings c;
    c.copyGBs = 4000;
    c.fp32TFLOPs = 64;
    run::KernelProfile k;
    k.medianNs = 1e6;
    k.analyticBytes = 1e9;
    k.analyticFlops = 40e9; // 40 FLOP/byte: past the ridge (16)
    placeOnRoofline(k, c);
    EXPECT_DOUBLE_EQ(k.achievedGBs, 1000);
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 40);
    EXPECT_EQ(k.roof, "FP32 FMA");
    EXPECT_DOUBLE_EQ(k.roofFraction, 40.0 / 64);

    // Measured bytes win over the program's estimate.
    k.dramBytes = 2e9;
    k.analyticFlops.reset();
    placeOnRoofline(k, c);
    EXPECT_DOUBLE_EQ(k.achievedGBs, 2000);
    EXPECT_EQ(k.roof, "copy bandwidth");
}

run::RooflineCeilings h200WithTensorCores()
{
    run::RooflineCeilings c = h200Like();
    c.fp16TensorTFLOPs = 800; // ridge at 200 FLOP/byte
    return c;
}

/// A matmul as launch_metadata describes it: 640 GFLOP over 100 MB in 1 ms.
run::KernelProfile matmulLike(const std::string &tensorCores)
{
    run::KernelProfile k;
    k.tensorCores = tensorCores;
    k.medianNs = 1e6;
    k.analyticBytes = 1e8;
    k.analyticFlops = 640e9; // 6400 FLOP/byte, 640 TFLOP/s
    return k;
}

TEST(Roofline, TensorCoreKernelIsMeasuredAgainstTheTensorRoof)
{
    run::KernelProfile k = matmulLike("wgmma");
    placeOnRoofline(k, h200WithTensorCores());
    EXPECT_EQ(k.roof, "FP16 tensor cores");
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 640);
    EXPECT_DOUBLE_EQ(k.roofFraction, 0.8);

    // The FLOP counters see the epilogue's FFMAs, not the tensor cores' work: the program's
    // FLOPs place it.
    run::KernelProfile counted = matmulLike("mma.sync");
    counted.flops = 2e9;
    counted.dramBytes = 1.2e8;
    placeOnRoofline(counted, h200WithTensorCores());
    EXPECT_EQ(counted.roof, "FP16 tensor cores");
    EXPECT_DOUBLE_EQ(counted.achievedTFLOPs, 640);
    EXPECT_DOUBLE_EQ(counted.achievedGBs, 120);
    EXPECT_DOUBLE_EQ(counted.roofFraction, 0.8);
}

// The roof at the kernel's own clock: the roof kernel's FLOPs per cycle (800 TFLOP/s at
// 1600 MHz) times the replayed launch's SM clock (1400 MHz: 700 TFLOP/s), against that launch's
// FLOPs over its own time (640 GFLOP in 1 ms).
TEST(Roofline, TensorCoreKernelIsAlsoMeasuredAtItsOwnClock)
{
    run::RooflineCeilings c = h200WithTensorCores();
    c.fp16TensorMHz = 1600;
    run::KernelProfile k = matmulLike("wgmma");
    k.counterNs = 1e6;
    k.smClockMHz = 1400;
    placeOnRoofline(k, c);
    EXPECT_DOUBLE_EQ(k.roofFraction, 0.8);
    EXPECT_DOUBLE_EQ(k.clockRoofFraction, 640.0 / 700);
    EXPECT_DOUBLE_EQ(run::tensorRoofOf(k, c).atClock(1400), 700);

    // The replayed launch's time, not the median's: the clock was counted in that launch.
    k.counterNs = 0.8e6;
    placeOnRoofline(k, c);
    EXPECT_DOUBLE_EQ(k.clockRoofFraction, 800.0 / 700);

    // Unknown clocks (the kernel's, or the roof kernel's in an older cache): no such fraction.
    run::KernelProfile noClock = matmulLike("wgmma");
    noClock.counterNs = 1e6;
    placeOnRoofline(noClock, c);
    EXPECT_EQ(noClock.clockRoofFraction, 0);
    run::KernelProfile oldCache = k;
    oldCache.clockRoofFraction = 0;
    placeOnRoofline(oldCache, h200WithTensorCores());
    EXPECT_EQ(oldCache.clockRoofFraction, 0);

    // Held to FP32 FMA, not to a tensor roof: none either.
    run::KernelProfile fma = matmulLike("");
    fma.counterNs = 1e6;
    fma.smClockMHz = 1400;
    placeOnRoofline(fma, c);
    EXPECT_EQ(fma.roof, "FP32 FMA");
    EXPECT_EQ(fma.clockRoofFraction, 0);
}

// The roof kernels' clock: per SM from its first block's start to its last block's end (two
// blocks on SM 3 in sequence, one on SM 7), averaged over the SMs.
TEST(Roofline, AverageSmSpanJoinsTheBlocksOfEachSm)
{
    EXPECT_EQ(averageSmSpan({}), 0);
    EXPECT_DOUBLE_EQ(averageSmSpan({3, 100, 1100, 7, 50, 2050, 3, 1000, 3100}), (3000.0 + 2000.0) / 2);
}

TEST(Roofline, Tf32AndFp8KernelsAreHeldToTheirOwnTensorRoofs)
{
    run::RooflineCeilings c = h200WithTensorCores();
    c.tf32TensorTFLOPs = 400;
    c.fp8TensorTFLOPs = 1600;
    run::KernelProfile tf32 = matmulLike("wgmma");
    tf32.tensorInput = "tf32";
    tf32.analyticFlops = 200e9; // 200 TFLOP/s, 2000 FLOP/byte: past the TF32 ridge (100)
    placeOnRoofline(tf32, c);
    EXPECT_EQ(tf32.roof, "TF32 tensor cores");
    EXPECT_DOUBLE_EQ(tf32.roofFraction, 0.5);
    run::KernelProfile fp8 = matmulLike("wgmma");
    fp8.tensorInput = "fp8";
    placeOnRoofline(fp8, c);
    EXPECT_EQ(fp8.roof, "FP8 tensor cores");
    EXPECT_DOUBLE_EQ(fp8.roofFraction, 0.4);
    // bf16 runs at fp16's rate; a report from before tensor_input (empty) is fp16.
    for (const char *in : {"bf16", "fp16", ""}) {
        run::KernelProfile k = matmulLike("wgmma");
        k.tensorInput = in;
        placeOnRoofline(k, c);
        EXPECT_EQ(k.roof, "FP16 tensor cores") << in;
        EXPECT_DOUBLE_EQ(k.roofFraction, 0.8) << in;
    }
    // Where a type's own roof was not measured (fp8 before Hopper), the FP16 one holds it.
    c.fp8TensorTFLOPs = 0;
    run::KernelProfile unmeasured = matmulLike("mma.sync");
    unmeasured.tensorInput = "fp8";
    placeOnRoofline(unmeasured, c);
    EXPECT_EQ(unmeasured.roof, "FP16 tensor cores");
}

TEST(Roofline, KernelWithoutTensorCoresStaysUnderTheFp32Roof)
{
    run::KernelProfile k = matmulLike("");
    placeOnRoofline(k, h200WithTensorCores());
    EXPECT_EQ(k.roof, "FP32 FMA");
    EXPECT_DOUBLE_EQ(k.roofFraction, 10.0); // 640 of 64 TFLOP/s: why tensor kernels need their roof

    // Without a measured tensor roof a tensor-core kernel is placed as before.
    run::RooflineCeilings noTensor = h200WithTensorCores();
    noTensor.fp16TensorTFLOPs = 0;
    run::KernelProfile t = matmulLike("wgmma");
    placeOnRoofline(t, noTensor);
    EXPECT_EQ(t.roof, "FP32 FMA");
}

TEST(Roofline, TensorCoreKernelBelowTheTensorRidgeIsMemoryBound)
{
    run::KernelProfile k;
    k.tensorCores = "wgmma";
    k.medianNs = 1e6;
    k.dramBytes = 1e9;
    k.analyticFlops = 100e9; // 100 FLOP/byte: past the FP32 ridge (16), below the tensor one (200)
    placeOnRoofline(k, h200WithTensorCores());
    EXPECT_EQ(k.roof, "copy bandwidth");
    EXPECT_DOUBLE_EQ(k.achievedGBs, 1000);
    EXPECT_DOUBLE_EQ(k.roofFraction, 0.25);
    EXPECT_DOUBLE_EQ(k.achievedTFLOPs, 100);
}

TEST(Roofline, TensorPeakInstructionFollowsTheArchitecture)
{
    EXPECT_EQ(tensorPeakInstruction(9), "wgmma m64n256k16");
    EXPECT_EQ(tensorPeakInstruction(8), "mma.sync m16n8k16");
    EXPECT_EQ(tensorPeakInstruction(10), "mma.sync m16n8k16");
    EXPECT_EQ(tensorPeakInstruction(9, TensorInput::Tf32), "wgmma m64n256k8 tf32");
    EXPECT_EQ(tensorPeakInstruction(9, TensorInput::Fp8), "wgmma m64n256k32 e4m3");
    EXPECT_EQ(tensorPeakInstruction(8, TensorInput::Tf32), "mma.sync m16n8k8 tf32");
}

// The peak kernels build with NVRTC (no GPU needed): Hopper's for sm_90a only, where wgmma
// exists, into m64n256k16 instructions without spills or serialized wgmma.
TEST(Roofline, TensorPeakKernelsCompile)
{
    cuda::CompileOptions o;
    o.arch = "sm_90a";
    o.cacheDir = "-";
    o.lineInfo = false;
    const std::string wgmma = tensorPeakSource(9);
    const cuda::CompileResult r = cuda::compileCuda(wgmma, "/tilesmith/tsm_wgmma_peak.cu", o);
    ASSERT_TRUE(r.ok) << r.log;
    EXPECT_FALSE(r.cubin.empty());
    EXPECT_NE(r.ptx.find(".entry tsm_wgmma_peak("), std::string::npos);
    EXPECT_NE(r.ptx.find("wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16"), std::string::npos);
    EXPECT_NE(r.ptx.find("wgmma.wait_group.sync.aligned 1;"), std::string::npos);
    EXPECT_TRUE(r.resources.parsed);
    EXPECT_EQ(r.resources.spillStoreBytes, 0) << r.log;
    EXPECT_EQ(r.resources.stackBytes, 0) << r.log;
    EXPECT_EQ(r.log.find("serialized"), std::string::npos) << r.log;
    // Each block records its SM and clock (averageSmSpan's triples).
    EXPECT_NE(r.ptx.find("%clock64"), std::string::npos);
    EXPECT_NE(r.ptx.find("%smid"), std::string::npos);
    EXPECT_NE(r.ptx.find("tsm_wgmma_peak_param_2"), std::string::npos); // (out, iters, clocks)

    // wgmma is sm_90a's: plain sm_90 rejects it.
    o.arch = "sm_90";
    EXPECT_FALSE(cuda::compileCuda(wgmma, "/tilesmith/tsm_wgmma_peak.cu", o).ok);

    o.arch = "sm_80";
    const cuda::CompileResult mma
        = cuda::compileCuda(tensorPeakSource(8), "/tilesmith/tsm_mma_peak.cu", o);
    ASSERT_TRUE(mma.ok) << mma.log;
    EXPECT_NE(mma.ptx.find("mma.sync.aligned.m16n8k16"), std::string::npos);
    EXPECT_NE(mma.ptx.find("%clock64"), std::string::npos);
    const cuda::CompileResult mmaTf32
        = cuda::compileCuda(tensorPeakSource(8, TensorInput::Tf32), "/tilesmith/tsm_mma_peak.cu", o);
    ASSERT_TRUE(mmaTf32.ok) << mmaTf32.log;
    EXPECT_NE(mmaTf32.ptx.find("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"), std::string::npos);
}

// The TF32 and FP8 forms of Hopper's peak kernel: the same byte layout, k8 and k32 instructions
// (no transpose operands), elements written as fp32 and e4m3.
TEST(Roofline, Tf32AndFp8PeakKernelsCompile)
{
    cuda::CompileOptions o;
    o.arch = "sm_90a";
    o.cacheDir = "-";
    o.lineInfo = false;
    for (const auto &[in, instr] : {std::pair{TensorInput::Tf32, "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32"},
                                    std::pair{TensorInput::Fp8, "wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3"}}) {
        const cuda::CompileResult r = cuda::compileCuda(tensorPeakSource(9, in), "/tilesmith/tsm_wgmma_peak.cu", o);
        ASSERT_TRUE(r.ok) << r.log;
        EXPECT_NE(r.ptx.find(instr), std::string::npos) << instr;
        EXPECT_EQ(r.resources.spillStoreBytes, 0) << r.log;
        EXPECT_EQ(r.log.find("serialized"), std::string::npos) << r.log;
    }
    EXPECT_NE(tensorPeakSource(9, TensorInput::Fp8).find("cvt.rn.satfinite.e4m3x2.f32"), std::string::npos);
}

} // namespace
} // namespace tsm::profiler
