// Which pointer parameters a kernel may write through (core/cuda/written_params.h): after a
// launch only those storages are newer on the device.

#include "core/cuda/written_params.h"
#include "tests/unit/passes/lower_test_support.h"

#include <gtest/gtest.h>

namespace tsm::cuda {
namespace {

using passes::test::specializeSource;

std::vector<bool> written(const std::string &src, const std::string &fn, const std::string &sig)
{
    auto s = specializeSource(src, fn, sig);
    if (!s->kernel) {
        ADD_FAILURE() << "sema failed";
        return {};
    }
    return writtenPointerParams(*s->kernel);
}

TEST(CudaBackendWritten, OnlyTheStoredPointer)
{
    const char *src = R"(
import triton
import triton.language as tl

@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)
)";
    EXPECT_EQ(
        written(src, "add", "x_ptr=*fp32:16, y_ptr=*fp32:16, out_ptr=*fp32:16, n=i32, BLOCK=128"),
        (std::vector<bool>{false, false, true, false, false}));
}

TEST(CudaBackendWritten, PointerSelectedAtRunTime)
{
    const char *src = R"(
import triton
import triton.language as tl

@triton.jit
def pick(a_ptr, b_ptr, c_ptr, flag, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(c_ptr + offs)
    if flag > 0:
        p = a_ptr
    else:
        p = b_ptr
    tl.store(p + offs, v)
)";
    EXPECT_EQ(
        written(src, "pick", "a_ptr=*fp32:16, b_ptr=*fp32:16, c_ptr=*fp32:16, flag=i32, BLOCK=64"),
        (std::vector<bool>{true, true, false, false, false}));
}

TEST(CudaBackendWritten, LoopCarriedPointer)
{
    const char *src = R"(
import triton
import triton.language as tl

@triton.jit
def walk(src_ptr, dst_ptr, steps, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    p = dst_ptr
    for i in range(steps):
        tl.store(p + offs, tl.load(src_ptr + offs))
        p += BLOCK
)";
    EXPECT_EQ(written(src, "walk", "src_ptr=*fp32:16, dst_ptr=*fp32:16, steps=i32, BLOCK=32"),
              (std::vector<bool>{false, true, false, false}));
}

TEST(CudaBackendWritten, NothingStoredWritesNothing)
{
    const char *src = R"(
import triton
import triton.language as tl

@triton.jit
def reader(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
)";
    EXPECT_EQ(written(src, "reader", "x_ptr=*fp32:16, BLOCK=32"),
              (std::vector<bool>{false, false}));
}

} // namespace
} // namespace tsm::cuda
