#include "core/sema/builtin_registry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace tsm;

namespace {

std::string paramsText(const BuiltinInfo &info)
{
    std::string out;
    for (const BuiltinParam &p : builtinParams(info)) {
        if (!out.empty())
            out += ",";
        if (p.varPositional)
            out += "*";
        if (p.varKeyword)
            out += "**";
        out += p.name;
        if (p.hasDefault)
            out += "=";
        if (p.keywordOnly)
            out += "(kw)";
    }
    return out;
}

TEST(BuiltinRegistry, FindsLanguageFunctionsWithTheirSignatures)
{
    const BuiltinInfo *load = findBuiltin("triton.language", "load");
    ASSERT_NE(load, nullptr);
    EXPECT_EQ(load->kind, BuiltinKind::Function);
    EXPECT_EQ(load->module, BuiltinModule::TritonLanguage);
    EXPECT_EQ(load->moduleName, "triton.language");
    EXPECT_EQ(paramsText(*load),
              "pointer,mask=,other=,boundary_check=,padding_option=,cache_modifier=,"
              "eviction_policy=,volatile=");
    EXPECT_FALSE(load->doc.empty());
}

TEST(BuiltinRegistry, ParsesStarredAndKeywordOnlyParameters)
{
    EXPECT_EQ(paramsText(*findBuiltin("triton.language", "reshape")),
              "input,*shape,can_reorder=(kw)");
    EXPECT_EQ(paramsText(*findBuiltin("triton.language", "device_print")), "prefix,*args,hex=(kw)");
    EXPECT_EQ(paramsText(*findBuiltin("triton", "jit")),
              "fn=,version=(kw),repr=(kw),launch_metadata=(kw),do_not_specialize=(kw),"
              "do_not_specialize_on_alignment=(kw),debug=(kw),noinline=(kw)");
    // A quoted default containing a comma and an escaped newline stays one parameter.
    EXPECT_EQ(paramsText(*findBuiltin("triton.language", "static_print")),
              "*values,sep=(kw),end=(kw),file=(kw),flush=(kw)");
    EXPECT_EQ(paramsText(*findBuiltin("triton.language", "debug_barrier")), "");
    EXPECT_EQ(paramsText(*findBuiltin("triton.testing", "cuda_memcheck")), "**target_kwargs");
}

TEST(BuiltinRegistry, NonCallablesHaveNoParameters)
{
    const BuiltinInfo *f32 = findBuiltin("triton.language", "float32");
    ASSERT_NE(f32, nullptr);
    EXPECT_EQ(f32->kind, BuiltinKind::Dtype);
    EXPECT_TRUE(builtinParams(*f32).empty());
    const BuiltinInfo *math = findBuiltin("triton.language", "math");
    ASSERT_NE(math, nullptr);
    EXPECT_EQ(math->kind, BuiltinKind::Module);
}

TEST(BuiltinRegistry, ModulePathsAndAliases)
{
    EXPECT_EQ(builtinModuleFromPath("triton.language"), BuiltinModule::TritonLanguage);
    EXPECT_EQ(builtinModuleFromPath("triton.language.extra.cuda.libdevice"),
              BuiltinModule::Libdevice);
    EXPECT_EQ(builtinModuleFromPath("triton.language.extra.libdevice"), BuiltinModule::Libdevice);
    EXPECT_FALSE(builtinModuleFromPath("torch").has_value());
    EXPECT_EQ(builtinModulePath(BuiltinModule::Libdevice), "triton.language.extra.cuda.libdevice");
    const BuiltinInfo *tanh = findBuiltin("triton.language.extra.libdevice", "tanh");
    ASSERT_NE(tanh, nullptr);
    EXPECT_EQ(tanh->moduleName, "triton.language.extra.cuda.libdevice");
    EXPECT_TRUE(builtinModuleIsComplete(BuiltinModule::TritonLanguage));
    EXPECT_TRUE(builtinModuleIsComplete(BuiltinModule::Libdevice));
    EXPECT_FALSE(builtinModuleIsComplete(BuiltinModule::Triton));
}

TEST(BuiltinRegistry, UnknownNamesAreNotFound)
{
    EXPECT_EQ(findBuiltin("triton.language", "lod"), nullptr);
    EXPECT_EQ(findBuiltin("triton.language.math", "tanh"), nullptr); // libdevice only in 3.x
    EXPECT_EQ(findBuiltin("numpy", "load"), nullptr);
}

TEST(BuiltinRegistry, CoversTheLanguageAllList)
{
    // Triton 3.x `triton.language.__all__` (union over 3.0 - 3.6).
    const char *const all[] = {"PropagateNan",
                               "TRITON_MAX_TENSOR_NUMEL",
                               "abs",
                               "add",
                               "advance",
                               "arange",
                               "argmax",
                               "argmin",
                               "associative_scan",
                               "assume",
                               "atomic_add",
                               "atomic_and",
                               "atomic_cas",
                               "atomic_max",
                               "atomic_min",
                               "atomic_or",
                               "atomic_xchg",
                               "atomic_xor",
                               "bfloat16",
                               "bitonic_merge",
                               "block_type",
                               "broadcast",
                               "broadcast_to",
                               "cat",
                               "cast",
                               "cdiv",
                               "ceil",
                               "clamp",
                               "condition",
                               "const",
                               "constexpr",
                               "constexpr_type",
                               "cos",
                               "cumprod",
                               "cumsum",
                               "debug_barrier",
                               "device_assert",
                               "device_print",
                               "div_rn",
                               "dot",
                               "dot_scaled",
                               "dtype",
                               "erf",
                               "exp",
                               "exp2",
                               "expand_dims",
                               "extra",
                               "fdiv",
                               "flip",
                               "float16",
                               "float32",
                               "float64",
                               "float8e4b15",
                               "float8e4nv",
                               "float8e4b8",
                               "float8e5",
                               "float8e5b16",
                               "floor",
                               "fma",
                               "full",
                               "gather",
                               "histogram",
                               "inline_asm_elementwise",
                               "interleave",
                               "int1",
                               "int16",
                               "int32",
                               "int64",
                               "int8",
                               "join",
                               "load",
                               "load_tensor_descriptor",
                               "log",
                               "log2",
                               "make_block_ptr",
                               "make_tensor_descriptor",
                               "map_elementwise",
                               "math",
                               "max",
                               "max_constancy",
                               "max_contiguous",
                               "maximum",
                               "min",
                               "minimum",
                               "mul",
                               "multiple_of",
                               "num_programs",
                               "pair_uniform_to_normal",
                               "permute",
                               "philox",
                               "philox_impl",
                               "pi32_t",
                               "pointer_type",
                               "program_id",
                               "rand",
                               "rand4x",
                               "randint",
                               "randint4x",
                               "randn",
                               "randn4x",
                               "range",
                               "ravel",
                               "reduce",
                               "reduce_or",
                               "reshape",
                               "rsqrt",
                               "sigmoid",
                               "sin",
                               "slice",
                               "softmax",
                               "sort",
                               "split",
                               "sqrt",
                               "sqrt_rn",
                               "squeeze",
                               "static_assert",
                               "static_print",
                               "static_range",
                               "store",
                               "store_tensor_descriptor",
                               "sub",
                               "sum",
                               "swizzle2d",
                               "target_info",
                               "tensor",
                               "tensor_descriptor",
                               "to_tensor",
                               "topk",
                               "trans",
                               "tuple",
                               "uint16",
                               "uint32",
                               "uint64",
                               "uint8",
                               "uint_to_uniform_float",
                               "umulhi",
                               "unsqueeze",
                               "view",
                               "void",
                               "where",
                               "xor_sum",
                               "zeros",
                               "zeros_like"};
    for (const char *name : all)
        EXPECT_NE(findBuiltin("triton.language", name), nullptr) << name;
}

TEST(BuiltinRegistry, CoversMathTritonAndTesting)
{
    for (const char *name : {"umulhi",
                             "exp",
                             "exp2",
                             "fma",
                             "log",
                             "log2",
                             "cos",
                             "rsqrt",
                             "sin",
                             "sqrt",
                             "sqrt_rn",
                             "abs",
                             "fdiv",
                             "div_rn",
                             "erf",
                             "floor",
                             "ceil"})
        EXPECT_NE(findBuiltin("triton.language.math", name), nullptr) << name;
    for (const char *name : {"jit",
                             "autotune",
                             "heuristics",
                             "Config",
                             "cdiv",
                             "next_power_of_2",
                             "testing",
                             "language",
                             "runtime",
                             "compile",
                             "must_use_result"})
        EXPECT_NE(findBuiltin("triton", name), nullptr) << name;
    for (const char *name :
         {"do_bench", "do_bench_cudagraph", "perf_report", "Benchmark", "assert_close"})
        EXPECT_NE(findBuiltin("triton.testing", name), nullptr) << name;
}

TEST(BuiltinRegistry, LibdeviceHasTheFullFunctionList)
{
    std::size_t functions = 0;
    for (const BuiltinInfo *e : builtinsOfModule(BuiltinModule::Libdevice))
        functions += e->kind == BuiltinKind::Function;
    EXPECT_GE(functions, 190u);
    for (const char *name : {"tanh",
                             "pow",
                             "erf",
                             "exp",
                             "isnan",
                             "isinf",
                             "fast_expf",
                             "llrint",
                             "cyl_bessel_i0",
                             "norm4d",
                             "isfinited",
                             "double2ull_ru"})
        EXPECT_NE(findBuiltin(BuiltinModule::Libdevice, name), nullptr) << name;
    EXPECT_EQ(builtinParams(*findBuiltin(BuiltinModule::Libdevice, "norm4d")).size(), 4u);
}

TEST(BuiltinRegistry, EntriesAreUniqueAndWellFormed)
{
    std::set<std::pair<BuiltinModule, std::string_view>> seen;
    for (const BuiltinInfo &e : builtinRegistry()) {
        EXPECT_TRUE(seen.insert({e.module, e.name}).second) << e.moduleName << "." << e.name;
        EXPECT_FALSE(e.doc.empty()) << e.name;
        const bool callable = e.kind == BuiltinKind::Function || e.kind == BuiltinKind::Class
                              || e.kind == BuiltinKind::Decorator;
        if (e.kind != BuiltinKind::Class) {
            EXPECT_EQ(callable, !e.signature.empty()) << e.name;
        }
        if (!e.signature.empty()) {
            EXPECT_EQ(e.signature.front(), '(') << e.name;
            EXPECT_EQ(e.signature.back(), ')') << e.name;
        }
        for (const BuiltinParam &p : builtinParams(e))
            EXPECT_FALSE(p.name.empty()) << e.name;
        EXPECT_EQ(findBuiltin(e.module, e.name), &e);
    }
}

TEST(BuiltinRegistry, IsSafeToUseFromSeveralThreadsAtOnce)
{
    std::vector<std::thread> threads;
    std::vector<int> found(8, 0);
    for (int t = 0; t < 8; ++t)
        threads.emplace_back([t, &found] {
            for (const BuiltinInfo &e : builtinRegistry())
                found[t] += findBuiltin(e.moduleName, e.name) == &e && !builtinParams(e).empty();
        });
    for (auto &th : threads)
        th.join();
    for (int t = 1; t < 8; ++t)
        EXPECT_EQ(found[t], found[0]);
    EXPECT_GT(found[0], 300);
}

} // namespace
