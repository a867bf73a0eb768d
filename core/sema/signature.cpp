#include "core/sema/signature.h"

#include <cstdio>

namespace tsm::sema {

ConstValue ConstValue::ofBool(bool v)
{
    ConstValue c;
    c.kind = Kind::Bool;
    c.b = v;
    return c;
}

ArgSpec ArgSpec::ofInt(std::int64_t v)
{
    ArgSpec a;
    a.kind = Kind::Int;
    a.dtype = v >= -(std::int64_t(1) << 31) && v < (std::int64_t(1) << 31) ? tsm::DType::I32 : tsm::DType::I64;
    a.divisibleBy16 = v % 16 == 0;
    a.equalsOne = v == 1;
    return a;
}

ConstValue ConstValue::ofInt(std::int64_t v)
{
    ConstValue c;
    c.kind = Kind::Int;
    c.i = v;
    return c;
}

ConstValue ConstValue::ofFloat(double v)
{
    ConstValue c;
    c.kind = Kind::Float;
    c.f = v;
    return c;
}

ConstValue ConstValue::ofString(std::string v)
{
    ConstValue c;
    c.kind = Kind::String;
    c.s = std::move(v);
    return c;
}

ConstValue ConstValue::ofDType(tsm::DType v)
{
    ConstValue c;
    c.kind = Kind::DType;
    c.dtype = v;
    return c;
}

std::string ConstValue::repr() const
{
    switch (kind) {
    case Kind::None:
        return "None";
    case Kind::Bool:
        return b ? "True" : "False";
    case Kind::Int:
        return std::to_string(i);
    case Kind::Float: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.17g", f);
        std::string s = buf;
        if (s.find_first_of(".eni") == std::string::npos)
            s += ".0";
        return s;
    }
    case Kind::String:
        return "'" + s + "'";
    case Kind::DType:
        return "tl." + std::string(dtypeName(dtype));
    }
    return "?";
}

std::string Signature::key() const
{
    std::string k;
    for (std::size_t n = 0; n < args.size(); ++n) {
        const ArgSpec &a = args[n];
        if (n)
            k += ", ";
        switch (a.kind) {
        case ArgSpec::Kind::Pointer:
            k += "*" + std::string(dtypeShortName(a.dtype)) + (a.divisibleBy16 ? ":16" : "");
            break;
        case ArgSpec::Kind::Int:
            k += a.equalsOne
                     ? std::string("1")
                     : std::string(dtypeShortName(a.dtype)) + (a.divisibleBy16 ? ":16" : "");
            break;
        case ArgSpec::Kind::Float:
        case ArgSpec::Kind::Bool:
            k += dtypeShortName(a.dtype);
            break;
        case ArgSpec::Kind::Constexpr:
            k += "constexpr " + a.value.repr();
            break;
        case ArgSpec::Kind::TensorDesc: {
            // Triton's signature type, tensordesc<fp16[64, 64]>, plus a NaN padding.
            k += "tensordesc<" + std::string(dtypeShortName(a.dtype)) + "[";
            for (std::size_t d = 0; d < a.blockShape.size(); ++d)
                k += (d ? ", " : "") + std::to_string(a.blockShape[d]);
            k += "]>" + std::string(a.value.s == "nan" ? " nan" : "");
            // Which dimensions' sizes are multiples of 16, as for int arguments ("shape:16/-").
            k += " shape:";
            for (std::size_t d = 0; d < a.blockShape.size(); ++d)
                k += std::string(d ? "/" : "") + ((a.shapeDivisibleBy16 >> d & 1) ? "16" : "-");
            break;
        }
        }
    }
    k += " | warps=" + std::to_string(numWarps) + " stages=" + std::to_string(numStages);
    if (maxnreg > 0)
        k += " maxnreg=" + std::to_string(maxnreg);
    return k;
}

} // namespace tsm::sema
