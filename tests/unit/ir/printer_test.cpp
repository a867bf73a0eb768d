#include "core/ir/printer.h"
#include "tests/unit/ir/ir_test_kernels.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::ir;

TEST(IrPrinter, PrintsSwishWithPythonNames)
{
    const Kernel k = test_kernels::swishKernel();
    const std::string text = printKernel(k);
    EXPECT_EQ(text,
              "kernel @swish_kernel(%x_ptr: ptr<fp32>, %output_ptr: ptr<fp32>, %n_elements: i32, "
              "beta: constexpr, BLOCK_SIZE: constexpr) num_warps=4 {\n"
              "  %pid = program_id {axis = 0} : i32\n"
              "  %4 = constant 1024 : i32\n"
              "  %block_start = mul %pid, %4 : i32\n"
              "  %6 = make_range {range = [0, 1024]} : <1024xi32>\n"
              "  %7 = splat %block_start : <1024xi32>\n"
              "  %offsets = add %7, %6 : <1024xi32>\n"
              "  %9 = splat %n_elements : <1024xi32>\n"
              "  %mask = cmp %offsets, %9 {predicate = lt} : <1024xi1>\n"
              "  %11 = splat %x_ptr : <1024xptr<fp32>>\n"
              "  %12 = addptr %11, %offsets : <1024xptr<fp32>>\n"
              "  %x = load %12, %mask : <1024xfp32>\n"
              "  %14 = constant -1.0 : <1024xfp32>\n"
              "  %15 = mul %14, %x : <1024xfp32>\n"
              "  %16 = math.exp %15 : <1024xfp32>\n"
              "  %17 = constant 1.0 : <1024xfp32>\n"
              "  %denominator = add %17, %16 : <1024xfp32>\n"
              "  %output = fdiv %x, %denominator : <1024xfp32>\n"
              "  %20 = splat %output_ptr : <1024xptr<fp32>>\n"
              "  %21 = addptr %20, %offsets : <1024xptr<fp32>>\n"
              "  store %21, %output, %mask\n"
              "}\n");
}

TEST(IrPrinter, RepeatedPythonNamesGetSuffixes)
{
    Kernel k;
    k.name = "k";
    for (int n = 0; n < 2; ++n) {
        Op &o = appendOp(k.body, OpCode::ProgramId);
        o.results = {k.newValue(Type{DType::I32, false, {}}, "pid")};
    }
    EXPECT_NE(printKernel(k).find("%pid_1 = program_id"), std::string::npos);
}

TEST(IrPrinter, TypeSpelling)
{
    EXPECT_EQ(typeToString(Type{DType::F16, true, {64, 32}}), "<64x32xptr<fp16>>");
    EXPECT_EQ(typeToString(Type{DType::BF16, false, {}}), "bf16");
}
