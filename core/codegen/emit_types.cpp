// C spellings of the IR's types and constants, and the linear index expressions every layout
// computation is printed with.

#include "core/codegen/emit_context.h"
#include "core/tensor/float8.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>

namespace tsm::codegen {

std::string cType(DType t)
{
    switch (t) {
    case DType::I1: return "bool";
    case DType::I8: return "signed char";
    case DType::I16: return "short";
    case DType::I32: return "int";
    case DType::I64: return "long long";
    case DType::U8: return "unsigned char";
    case DType::U16: return "unsigned short";
    case DType::U32: return "unsigned";
    case DType::U64: return "unsigned long long";
    case DType::F16: return "__half";
    case DType::BF16: return "__nv_bfloat16";
    case DType::F32: return "float";
    case DType::F64: return "double";
    // fp8 values are their bits (docs/fp8.md); converting them names the format.
    case DType::F8E4:
    case DType::F8E5: return "unsigned char";
    }
    return "int";
}

std::string narrowFloatToF32(DType t, const std::string &e)
{
    switch (t) {
    case DType::F16: return "__half2float(" + e + ")";
    case DType::BF16: return "__bfloat162float(" + e + ")";
    case DType::F8E4: return "tsm::fp8e4_to_f32(" + e + ")";
    case DType::F8E5: return "tsm::fp8e5_to_f32(" + e + ")";
    default: return e;
    }
}

std::string f32ToNarrowFloat(DType t, const std::string &e, bool rtz)
{
    switch (t) {
    case DType::F16: return std::string(rtz ? "__float2half_rz(" : "__float2half_rn(") + e + ")";
    case DType::BF16:
        return std::string(rtz ? "__float2bfloat16_rz(" : "__float2bfloat16_rn(") + e + ")";
    case DType::F8E4: return "tsm::f32_to_fp8e4(" + e + ")";
    case DType::F8E5: return "tsm::f32_to_fp8e5(" + e + ")";
    default: return e;
    }
}

std::string cMemType(DType t)
{
    // Triton stores int1 as one byte (i8) in memory.
    return t == DType::I1 ? "signed char" : cType(t);
}

std::string cValueType(const ir::Type &t)
{
    return t.pointer ? cMemType(t.dtype) + "*" : cType(t.dtype);
}

std::string intLiteral(DType t, std::int64_t v)
{
    switch (t) {
    case DType::I1: return v ? "true" : "false";
    case DType::I64:
        if (v == std::numeric_limits<std::int64_t>::min())
            return "(-9223372036854775807LL - 1)";
        return std::to_string(v) + "LL";
    case DType::U64: return std::to_string(std::uint64_t(v)) + "ULL";
    case DType::U32: return std::to_string(std::uint32_t(v)) + "u";
    case DType::I32:
        if (v == std::numeric_limits<std::int32_t>::min())
            return "(-2147483647 - 1)";
        return std::to_string(std::int32_t(v));
    case DType::F16:
    case DType::BF16:
    case DType::F32:
    case DType::F64:
    case DType::F8E4:
    case DType::F8E5: return floatLiteral(t, double(v));
    default: return "(" + cType(t) + ")" + std::to_string(v);
    }
}

namespace {

/// The shortest %g spelling that reads back as `v` at this precision, with a decimal point.
std::string decimal(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    std::string s = buf;
    if (s.find_first_of(".en") == std::string::npos)
        s += ".0";
    return s;
}

} // namespace

std::string floatLiteral(DType t, double v)
{
    if (isInteger(t))
        return intLiteral(t, std::int64_t(v));
    std::string f32;
    if (std::isnan(v))
        f32 = "__int_as_float(0x7fc00000)";
    else if (std::isinf(v))
        f32 = v > 0 ? "__int_as_float(0x7f800000)" : "__int_as_float(0xff800000)";
    else
        f32 = decimal(double(float(v)), 9) + "f";
    switch (t) {
    case DType::F64:
        if (std::isnan(v))
            return "__longlong_as_double(0x7ff8000000000000LL)";
        if (std::isinf(v))
            return v > 0 ? "__longlong_as_double(0x7ff0000000000000LL)"
                         : "__longlong_as_double(0xfff0000000000000LL)";
        return decimal(v, 17);
    case DType::F16: return "__float2half_rn(" + f32 + ")";
    case DType::BF16: return "__float2bfloat16_rn(" + f32 + ")";
    case DType::F8E4:
    case DType::F8E5: {
        // The bits, as the kernel's own conversion gives them (saturating).
        const auto fmt = t == DType::F8E4 ? Fp8Format::E4M3FN : Fp8Format::E5M2;
        char buf[32];
        std::snprintf(buf,
                      sizeof buf,
                      "(unsigned char)0x%02x",
                      unsigned(floatToFp8(float(v), fmt, Fp8Overflow::Saturate)));
        return buf;
    }
    default: return f32;
    }
}

std::string linearExpr(const std::string &var, int bits, const std::vector<std::int64_t> &images)
{
    // Power-of-two images that move a run of consecutive bits together become one term.
    bool allPow2 = true;
    std::int64_t seen = 0;
    for (int k = 0; k < bits; ++k) {
        const std::int64_t b = images[std::size_t(k)];
        if (b == 0)
            continue;
        if (!std::has_single_bit(std::uint64_t(b)) || (seen & b))
            allPow2 = false;
        seen |= b;
    }
    std::vector<std::string> terms;
    if (!allPow2) {
        for (int k = 0; k < bits; ++k)
            if (images[std::size_t(k)])
                terms.push_back("(((" + var + " >> " + std::to_string(k) + ") & 1) * "
                                + std::to_string(images[std::size_t(k)]) + ")");
        std::string s;
        for (const std::string &t : terms)
            s += (s.empty() ? "" : " ^ ") + t;
        return s;
    }
    for (int k = 0; k < bits;) {
        const std::int64_t b = images[std::size_t(k)];
        if (b == 0) {
            ++k;
            continue;
        }
        const int s = std::countr_zero(std::uint64_t(b));
        int n = 1;
        while (k + n < bits && images[std::size_t(k + n)] == (std::int64_t(1) << (s + n)))
            ++n;
        std::string t = var;
        if (k > 0)
            t = "(" + t + " >> " + std::to_string(k) + ")";
        if (k + n < bits)
            t = "(" + t + " & " + std::to_string((1 << n) - 1) + ")";
        if (s > 0)
            t = "(" + t + " << " + std::to_string(s) + ")";
        terms.push_back(t);
        k += n;
    }
    std::string out;
    for (const std::string &t : terms)
        out += (out.empty() ? "" : " | ") + t;
    return out;
}

} // namespace tsm::codegen
