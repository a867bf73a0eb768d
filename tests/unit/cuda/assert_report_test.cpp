// A failed tl.device_assert on the GPU (core/cuda/assert_report.h): the CUDA runtime's lines
// read back, and the DeviceAssertFailed they become at the assert's line.

#include "core/cuda/assert_report.h"
#include "tests/unit/passes/lower_test_support.h"

#include <gtest/gtest.h>

namespace tsm::cuda {
namespace {

TEST(CudaAssertReport, ReadsTheRuntimesLine)
{
    std::string rest;
    const auto failures = parseAssertFailures(
        "kernel.py:12: positive_kernel: block: [3,0,0], thread: [64,0,0] Assertion `x must be "
        "non-negative` failed.\n",
        &rest);
    ASSERT_EQ(failures.size(), 1u);
    const AssertFailure &f = failures[0];
    EXPECT_EQ(f.file, "kernel.py");
    EXPECT_EQ(f.line, 12u);
    EXPECT_EQ(f.function, "positive_kernel");
    EXPECT_EQ(f.block, (std::array<std::int64_t, 3>{3, 0, 0}));
    EXPECT_EQ(f.thread, (std::array<std::int64_t, 3>{64, 0, 0}));
    EXPECT_EQ(f.message, "x must be non-negative");
    EXPECT_EQ(rest, "");
}

TEST(CudaAssertReport, OddFileNamesMessagesAndOtherLines)
{
    std::string rest;
    const auto failures = parseAssertFailures(
        "some other output\n"
        "C:\\work\\k.py:7: k: block: [0,2,1], thread: [5,0,0] Assertion `a `quoted` b` failed.\r\n"
        "/tmp/x.cu:112: block: [1,0,0], thread: [0,0,0] Assertion `input[0] != 0` failed.\n"
        "block: [broken], thread: [1,0,0] Assertion `m` failed.\n",
        &rest);
    ASSERT_EQ(failures.size(), 2u);
    EXPECT_EQ(failures[0].file, "C:\\work\\k.py");
    EXPECT_EQ(failures[0].line, 7u);
    EXPECT_EQ(failures[0].function, "k");
    EXPECT_EQ(failures[0].block, (std::array<std::int64_t, 3>{0, 2, 1}));
    EXPECT_EQ(failures[0].message, "a `quoted` b");
    // No function name: PyTorch's own asserts print none.
    EXPECT_EQ(failures[1].file, "/tmp/x.cu");
    EXPECT_EQ(failures[1].line, 112u);
    EXPECT_EQ(failures[1].function, "");
    EXPECT_EQ(failures[1].message, "input[0] != 0");
    EXPECT_EQ(rest, "some other output\nblock: [broken], thread: [1,0,0] Assertion `m` failed.\n");
}

TEST(CudaAssertReport, KnowsTheDriversAssertError)
{
    EXPECT_TRUE(isAssertError("device-side assert triggered (CUDA_ERROR_ASSERT)"));
    EXPECT_FALSE(
        isAssertError("an illegal memory access was encountered (CUDA_ERROR_ILLEGAL_ADDRESS)"));
}

const char *kTwoAsserts = R"(import triton
import triton.language as tl

@triton.jit
def checked(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_assert(x >= 0, "x must be non-negative")
    for i in range(2):
        tl.device_assert(x < 100, "x must be small")
)";

class CudaAssertReportAt : public ::testing::Test
{
protected:
    void SetUp() override
    {
        spec = passes::test::specializeSource(kTwoAsserts, "checked", "x_ptr=*fp32:16, BLOCK=128");
        ASSERT_TRUE(spec->kernel);
    }
    unsigned lineOf(const Diagnostic &d) const { return spec->file->lineCol(d.span.begin).line; }

    std::unique_ptr<passes::test::Specialized> spec;
    DiagnosticSink diags;
};

TEST_F(CudaAssertReportAt, FindsAssertsInsideLoops)
{
    const ir::Op *first = firstDeviceAssert(*spec->kernel);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->str, "x must be non-negative");
    auto none = passes::test::specializeSource(
        "import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(x_ptr):\n"
        "    tl.store(x_ptr, 1.0)\n",
        "k",
        "x_ptr=*fp32:16");
    ASSERT_TRUE(none->kernel);
    EXPECT_EQ(firstDeviceAssert(*none->kernel), nullptr);
}

TEST_F(CudaAssertReportAt, FirstProgramThenThreadAtItsAssertsLine)
{
    const auto failures = parseAssertFailures(
        "kernel.py:9: checked: block: [2,0,0], thread: [3,0,0] Assertion `x must be small` "
        "failed.\n"
        "kernel.py:9: checked: block: [1,0,0], thread: [70,0,0] Assertion `x must be small` "
        "failed.\n"
        "kernel.py:9: checked: block: [1,0,0], thread: [65,0,0] Assertion `x must be small` "
        "failed.\n"
        "kernel.py:9: checked: block: [1,0,0], thread: [65,0,0] Assertion `x must be small` "
        "failed.\n");
    reportAssertFailure(*spec->kernel,
                        spec->file,
                        failures,
                        "device-side assert triggered (CUDA_ERROR_ASSERT)",
                        diags);
    ASSERT_EQ(diags.errorCount(), 1u);
    const Diagnostic &d = diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::DeviceAssertFailed);
    EXPECT_EQ(d.origin, DiagOrigin::Driver);
    EXPECT_EQ(lineOf(d), 9u);
    EXPECT_EQ(d.message,
              "device_assert failed in program (1, 0, 0) at element held by GPU thread 65: x "
              "must be small");
    ASSERT_EQ(d.notes.size(), 2u);
    EXPECT_EQ(d.notes[0].message, "3 GPU threads in 2 programs failed an assert");
    EXPECT_NE(d.notes[1].message.find("CUDA_ERROR_ASSERT"), std::string::npos);
    EXPECT_NE(d.notes[1].message.find("restart the process"), std::string::npos);
    EXPECT_NE(d.notes[1].message.find("--backend interp"), std::string::npos);
}

TEST_F(CudaAssertReportAt, MessageAloneFindsTheAssertWhenTheLineIsUnknown)
{
    // Built without the source file: __assertfail got line 0.
    const auto failures = parseAssertFailures(
        "kernel.py:0: checked: block: [0,0,0], thread: [1,0,0] Assertion `x must be "
        "non-negative` failed.\n");
    reportAssertFailure(*spec->kernel, nullptr, failures, "", diags);
    ASSERT_EQ(diags.errorCount(), 1u);
    EXPECT_EQ(lineOf(diags.diagnostics()[0]), 7u);
    EXPECT_EQ(diags.diagnostics()[0].notes.size(), 1u); // one thread: no count
}

TEST_F(CudaAssertReportAt, NothingReadableStillReportsTheAssertFailure)
{
    reportAssertFailure(
        *spec->kernel, spec->file, {}, "device-side assert triggered (CUDA_ERROR_ASSERT)", diags);
    ASSERT_EQ(diags.errorCount(), 1u);
    const Diagnostic &d = diags.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::DeviceAssertFailed);
    // Two asserts: the kernel is all that is known.
    EXPECT_EQ(d.span.begin, spec->kernel->span.begin);
    EXPECT_NE(d.message.find("program (unknown"), std::string::npos) << d.message;
    ASSERT_EQ(d.notes.size(), 2u);
    EXPECT_EQ(d.notes[0].message, "the CUDA runtime's assert report could not be read");
}

} // namespace
} // namespace tsm::cuda
