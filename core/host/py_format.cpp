// repr / str of values and the format-spec mini-language, as CPython prints them.

#include "core/host/py_format.h"

#include "core/host/interpreter_support.h"
#include "core/host/object.h"
#include "core/host/py_exception.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tsm::host {

namespace {

/// Guards repr of deeply nested or self-containing containers.
thread_local int t_reprDepth = 0;
thread_local std::vector<const Object *> t_reprActive;

struct ReprGuard
{
    explicit ReprGuard(const Object *o)
    {
        if (++t_reprDepth > 1000) {
            --t_reprDepth;
            throwPy("RecursionError",
                    "maximum recursion depth exceeded while getting the repr of an object");
        }
        t_reprActive.push_back(o);
    }
    ~ReprGuard()
    {
        --t_reprDepth;
        t_reprActive.pop_back();
    }
    static bool active(const Object *o)
    {
        for (const Object *a : t_reprActive)
            if (a == o)
                return true;
        return false;
    }
};

std::string joinRepr(const std::vector<Value> &items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ", ";
        out += pyRepr(items[i]);
    }
    return out;
}

std::size_t codePoints(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

} // namespace

// ---------------------------------------------------------------- floats

std::string floatRepr(double d)
{
    if (std::isnan(d))
        return "nan";
    if (std::isinf(d))
        return d < 0 ? "-inf" : "inf";
    if (d == 0)
        return std::signbit(d) ? "-0.0" : "0.0";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    // sci: [-]d[.ddd]e(+|-)XX
    bool neg = sci[0] == '-';
    std::size_t epos = sci.find('e');
    std::string mant = sci.substr(neg ? 1 : 0, epos - (neg ? 1 : 0));
    int exp = std::stoi(sci.substr(epos + 1));
    std::string digits;
    for (char c : mant)
        if (c != '.')
            digits += c;
    std::string out = neg ? "-" : "";
    if (exp < -4 || exp >= 16) {
        out += digits.substr(0, 1);
        if (digits.size() > 1)
            out += "." + digits.substr(1);
        char e[16];
        std::snprintf(e, sizeof e, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
        return out + e;
    }
    if (exp < 0)
        return out + "0." + std::string(std::size_t(-exp - 1), '0') + digits;
    if (std::size_t(exp) + 1 >= digits.size())
        return out + digits + std::string(std::size_t(exp) + 1 - digits.size(), '0') + ".0";
    return out + digits.substr(0, std::size_t(exp) + 1) + "." + digits.substr(std::size_t(exp) + 1);
}

std::string strRepr(std::string_view s)
{
    bool hasSingle = s.find('\'') != std::string_view::npos;
    bool hasDouble = s.find('"') != std::string_view::npos;
    char q = (hasSingle && !hasDouble) ? '"' : '\'';
    std::string out(1, q);
    for (unsigned char c : s) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c == static_cast<unsigned char>(q)) {
                out += '\\';
                out += char(c);
            } else if (c < 0x20 || c == 0x7f) {
                char b[8];
                std::snprintf(b, sizeof b, "\\x%02x", c);
                out += b;
            } else {
                out += char(c);
            }
        }
    }
    out += q;
    return out;
}

// ---------------------------------------------------------------- repr / str

std::string pyRepr(const Value &v)
{
    switch (v.kind()) {
    case ValueKind::None:
        return "None";
    case ValueKind::Bool:
        return v.asBool() ? "True" : "False";
    case ValueKind::Int:
        return std::to_string(v.asInt());
    case ValueKind::Float:
        return floatRepr(v.asFloat());
    case ValueKind::Ellipsis:
        return "Ellipsis";
    case ValueKind::Str:
        return strRepr(v.asStr());
    case ValueKind::Tuple: {
        if (ReprGuard::active(v.object()))
            return "(...)";
        ReprGuard g(v.object());
        const auto &items = v.asTuple().items;
        if (items.size() == 1)
            return "(" + pyRepr(items[0]) + ",)";
        return "(" + joinRepr(items) + ")";
    }
    case ValueKind::List: {
        if (ReprGuard::active(v.object()))
            return "[...]";
        ReprGuard g(v.object());
        return "[" + joinRepr(v.asList().items) + "]";
    }
    case ValueKind::Dict: {
        if (ReprGuard::active(v.object()))
            return "{...}";
        ReprGuard g(v.object());
        std::string out = "{";
        bool first = true;
        v.asDict().forEach([&](const Value &k, const Value &val) {
            if (!first)
                out += ", ";
            first = false;
            out += pyRepr(k) + ": " + pyRepr(val);
        });
        return out + "}";
    }
    case ValueKind::Set: {
        if (v.asSet().size() == 0)
            return "set()";
        ReprGuard g(v.object());
        return "{" + joinRepr(v.asSet().items()) + "}";
    }
    case ValueKind::Range: {
        const RangeObject &r = v.asRange();
        std::string out = "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop);
        if (r.step != 1)
            out += ", " + std::to_string(r.step);
        return out + ")";
    }
    case ValueKind::Slice: {
        const SliceObject &s = v.asSlice();
        return "slice(" + pyRepr(s.lower) + ", " + pyRepr(s.upper) + ", " + pyRepr(s.step) + ")";
    }
    default: {
        ReprGuard g(v.object());
        return v.object()->repr();
    }
    }
}

std::string pyStr(const Value &v)
{
    switch (v.kind()) {
    case ValueKind::Str:
        return v.asStr();
    case ValueKind::Exception:
    case ValueKind::Object:
        return v.object()->str();
    default:
        return pyRepr(v);
    }
}

// ---------------------------------------------------------------- format spec

namespace {

struct Spec
{
    std::string fill = " ";
    char align = 0; ///< '<', '>', '^', '=' or 0
    char sign = 0;  ///< '+', '-', ' ' or 0
    bool coerceZero = false;
    bool alternate = false;
    bool zeroPad = false;
    std::int64_t width = -1;
    char grouping = 0; ///< ',' or '_' or 0
    std::int64_t precision = -1;
    char type = 0;
};

bool isAlign(char c)
{
    return c == '<' || c == '>' || c == '^' || c == '=';
}

std::size_t utf8Len(unsigned char c)
{
    return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

Spec parseSpec(std::string_view s, std::string_view typeName)
{
    Spec sp;
    std::size_t i = 0;
    std::size_t first = s.empty() ? 0 : utf8Len(static_cast<unsigned char>(s[0]));
    if (s.size() > first && isAlign(s[first])) {
        sp.fill = std::string(s.substr(0, first));
        sp.align = s[first];
        i = first + 1;
    } else if (!s.empty() && isAlign(s[0])) {
        sp.align = s[0];
        i = 1;
    }
    if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' '))
        sp.sign = s[i++];
    if (i < s.size() && s[i] == 'z') {
        sp.coerceZero = true;
        ++i;
    }
    if (i < s.size() && s[i] == '#') {
        sp.alternate = true;
        ++i;
    }
    if (i < s.size() && s[i] == '0') {
        sp.zeroPad = true;
        ++i;
    }
    auto readInt = [&](std::int64_t &out) {
        std::size_t start = i;
        std::int64_t n = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            n = n * 10 + (s[i] - '0');
            if (n > 100000000)
                throwValueError("Too many decimal digits in format string");
            ++i;
        }
        if (i > start)
            out = n;
        return i > start;
    };
    readInt(sp.width);
    if (i < s.size() && (s[i] == ',' || s[i] == '_'))
        sp.grouping = s[i++];
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!readInt(sp.precision))
            throwValueError("Format specifier missing precision");
    }
    if (i < s.size())
        sp.type = s[i++];
    if (i < s.size())
        throwValueError("Invalid format specifier '" + std::string(s) + "' for object of type '"
                        + std::string(typeName) + "'");
    if (sp.zeroPad && !sp.align) {
        sp.fill = "0";
        sp.align = '=';
    }
    return sp;
}

std::string pad(const std::string &body, std::size_t signLen, const Spec &sp, char defaultAlign)
{
    std::int64_t len = std::int64_t(codePoints(body));
    if (sp.width <= len)
        return body;
    std::size_t n = std::size_t(sp.width - len);
    char align = sp.align ? sp.align : defaultAlign;
    auto fill = [&](std::size_t k) {
        std::string out;
        for (std::size_t j = 0; j < k; ++j)
            out += sp.fill;
        return out;
    };
    switch (align) {
    case '<':
        return body + fill(n);
    case '^':
        return fill(n / 2) + body + fill(n - n / 2);
    case '=':
        return body.substr(0, signLen) + fill(n) + body.substr(signLen);
    default:
        return fill(n) + body;
    }
}

std::string group(const std::string &digits, char sep, std::size_t every)
{
    std::string out;
    std::size_t n = digits.size();
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[i];
        std::size_t left = n - i - 1;
        if (left > 0 && left % every == 0)
            out += sep;
    }
    return out;
}

/// Zero padding with grouping inserts separators into the padding too (format(1234, '010,')).
std::string padNumber(std::string signStr,
                      std::string prefix,
                      std::string digits,
                      std::string rest,
                      const Spec &sp,
                      char sep,
                      std::size_t every)
{
    if (sp.align == '=' && sp.fill == "0" && sep && sp.width > 0) {
        std::int64_t target = sp.width - std::int64_t(signStr.size() + prefix.size() + rest.size());
        std::string grouped = group(digits, sep, every);
        while (std::int64_t(grouped.size()) < target) {
            digits.insert(digits.begin(), '0');
            grouped = group(digits, sep, every);
        }
        return signStr + prefix + grouped + rest;
    }
    std::string body = signStr + prefix + (sep ? group(digits, sep, every) : digits) + rest;
    return pad(body, signStr.size() + prefix.size(), sp, '>');
}

std::string signFor(bool negative, char sign)
{
    if (negative)
        return "-";
    if (sign == '+')
        return "+";
    if (sign == ' ')
        return " ";
    return "";
}

std::string formatIntSpec(std::int64_t v, const Spec &sp)
{
    if (sp.precision >= 0)
        throwValueError("Precision not allowed in integer format specifier");
    bool neg = v < 0;
    std::uint64_t mag = neg ? std::uint64_t(0) - std::uint64_t(v) : std::uint64_t(v);
    char type = sp.type ? sp.type : 'd';
    if (type == 'c') {
        if (sp.sign)
            throwValueError("Sign not allowed with integer format specifier 'c'");
        std::string ch;
        std::uint32_t cp = std::uint32_t(mag);
        if (cp < 0x80)
            ch += char(cp);
        else if (cp < 0x800)
            ch += {char(0xC0 | (cp >> 6)), char(0x80 | (cp & 0x3F))};
        else if (cp < 0x10000)
            ch += {
                char(0xE0 | (cp >> 12)), char(0x80 | ((cp >> 6) & 0x3F)), char(0x80 | (cp & 0x3F))};
        else
            ch += {char(0xF0 | (cp >> 18)),
                   char(0x80 | ((cp >> 12) & 0x3F)),
                   char(0x80 | ((cp >> 6) & 0x3F)),
                   char(0x80 | (cp & 0x3F))};
        return pad(ch, 0, sp, '<');
    }
    int base = 10;
    std::string prefix;
    bool upper = false;
    switch (type) {
    case 'd':
    case 'n':
        break;
    case 'b':
        base = 2;
        prefix = "0b";
        break;
    case 'o':
        base = 8;
        prefix = "0o";
        break;
    case 'x':
        base = 16;
        prefix = "0x";
        break;
    case 'X':
        base = 16;
        prefix = "0X";
        upper = true;
        break;
    default:
        throwValueError(std::string("Unknown format code '") + type + "' for object of type 'int'");
    }
    if (!sp.alternate)
        prefix.clear();
    std::string digits;
    do {
        int d = int(mag % std::uint64_t(base));
        digits.insert(digits.begin(), char(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10));
        mag /= std::uint64_t(base);
    } while (mag);
    if (sp.grouping == ',' && base != 10)
        throwValueError("Cannot specify ',' with '" + std::string(1, type) + "'.");
    std::size_t every = base == 10 ? 3 : 4;
    return padNumber(signFor(neg, sp.sign), prefix, digits, "", sp, sp.grouping, every);
}

/// Formats |d| (finite) in C style; type is e, f or g.
std::string cFormat(double d, char type, int precision, bool alternate)
{
    char fmt[16];
    std::snprintf(fmt, sizeof fmt, "%%%s.*%c", alternate ? "#" : "", type);
    int n = std::snprintf(nullptr, 0, fmt, precision, d);
    std::string out(std::size_t(n), '\0');
    std::snprintf(out.data(), out.size() + 1, fmt, precision, d);
    return out;
}

/// Decimal exponent of |d| rounded to p significant digits.
int roundedExponent(double d, int p)
{
    std::string e = cFormat(d, 'e', p - 1, false);
    return std::stoi(e.substr(e.find('e') + 1));
}

std::string stripZeros(std::string s)
{
    std::size_t e = s.find_first_of("eE");
    std::string mant = e == std::string::npos ? s : s.substr(0, e);
    std::string exp = e == std::string::npos ? "" : s.substr(e);
    if (mant.find('.') != std::string::npos) {
        while (!mant.empty() && mant.back() == '0')
            mant.pop_back();
        if (!mant.empty() && mant.back() == '.')
            mant.pop_back();
    }
    return mant + exp;
}

std::string formatFloatSpec(double v, const Spec &sp)
{
    char type = sp.type;
    bool neg = std::signbit(v) && !std::isnan(v);
    double a = std::fabs(v);
    if (sp.coerceZero && neg && type != 0) {
        int p = sp.precision < 0 ? 6 : int(sp.precision);
        std::string t = cFormat(
            a, type == '%' ? 'f' : char(std::tolower(type == 'n' ? 'g' : type)), p, false);
        if (t.find_first_not_of("0.e+-") == std::string::npos)
            neg = false;
    }
    std::string body;
    bool upper = type == 'E' || type == 'F' || type == 'G';
    if (std::isnan(a) || std::isinf(a)) {
        body = std::isnan(a) ? "nan" : "inf";
        if (upper)
            for (char &c : body)
                c = char(std::toupper(c));
        if (type == '%')
            body += "%";
    } else {
        switch (type) {
        case 0:
            if (sp.precision < 0) {
                body = floatRepr(a);
            } else {
                int p = sp.precision == 0 ? 1 : int(sp.precision);
                int exp = roundedExponent(a, p);
                if (exp >= -4 && exp < p - 1) {
                    body = stripZeros(cFormat(a, 'f', p - 1 - exp, false));
                    if (body.find('.') == std::string::npos)
                        body += ".0";
                } else {
                    body = stripZeros(cFormat(a, 'e', p - 1, false));
                }
            }
            break;
        case 'e':
        case 'E':
            body = cFormat(a, 'e', sp.precision < 0 ? 6 : int(sp.precision), sp.alternate);
            break;
        case 'f':
        case 'F':
            body = cFormat(a, 'f', sp.precision < 0 ? 6 : int(sp.precision), sp.alternate);
            break;
        case 'g':
        case 'G':
        case 'n': {
            int p = sp.precision < 0 ? 6 : (sp.precision == 0 ? 1 : int(sp.precision));
            body = cFormat(a, 'g', p, sp.alternate);
            break;
        }
        case '%':
            body = cFormat(a * 100, 'f', sp.precision < 0 ? 6 : int(sp.precision), sp.alternate)
                   + "%";
            break;
        default:
            throwValueError(std::string("Unknown format code '") + type
                            + "' for object of type 'float'");
        }
        if (upper)
            for (char &c : body)
                c = char(std::toupper(c));
    }
    // Split digits of the integer part for grouping.
    std::size_t intEnd = body.find_first_not_of("0123456789");
    if (intEnd == std::string::npos)
        intEnd = body.size();
    std::string digits = body.substr(0, intEnd);
    std::string rest = body.substr(intEnd);
    if (digits.empty())
        return pad(
            signFor(neg, sp.sign) + body, neg || sp.sign == '+' || sp.sign == ' ' ? 1 : 0, sp, '>');
    return padNumber(signFor(neg, sp.sign), "", digits, rest, sp, sp.grouping, 3);
}

std::string formatStrSpec(const std::string &s, const Spec &sp)
{
    if (sp.type && sp.type != 's')
        throwValueError(std::string("Unknown format code '") + sp.type
                        + "' for object of type 'str'");
    if (sp.sign)
        throwValueError("Sign not allowed in string format specifier");
    if (sp.align == '=')
        throwValueError("'=' alignment not allowed in string format specifier");
    std::string body = s;
    if (sp.precision >= 0) {
        std::size_t i = 0, n = 0;
        while (i < body.size() && std::int64_t(n) < sp.precision) {
            i += utf8Len(static_cast<unsigned char>(body[i]));
            ++n;
        }
        body = body.substr(0, i);
    }
    return pad(body, 0, sp, '<');
}

} // namespace

std::string pyFormat(const Value &v, std::string_view spec)
{
    switch (v.kind()) {
    case ValueKind::Str:
        if (spec.empty())
            return v.asStr();
        return formatStrSpec(v.asStr(), parseSpec(spec, "str"));
    case ValueKind::Bool:
    case ValueKind::Int: {
        if (spec.empty())
            return pyStr(v);
        Spec sp = parseSpec(spec, v.typeName());
        if (sp.type && std::strchr("eEfFgG%", sp.type))
            return formatFloatSpec(double(v.asInt()), sp);
        return formatIntSpec(v.asInt(), sp);
    }
    case ValueKind::Float: {
        if (spec.empty())
            return floatRepr(v.asFloat());
        Spec sp = parseSpec(spec, "float");
        return formatFloatSpec(v.asFloat(), sp);
    }
    case ValueKind::Object:
    case ValueKind::Exception:
        return v.object()->format(spec);
    default:
        if (spec.empty())
            return pyStr(v);
        throwTypeError("unsupported format string passed to " + std::string(v.typeName())
                       + ".__format__");
    }
}

} // namespace tsm::host
