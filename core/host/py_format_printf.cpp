// `%`-formatting of strings and str.format, on top of pyFormat.

#include "core/host/interpreter_support.h"
#include "core/host/object.h"
#include "core/host/py_exception.h"
#include "core/host/py_format.h"

#include <cmath>

namespace tsm::host {

namespace {

/// Converts one `%` directive's value; `type` is the conversion character.
std::string convertPercent(
    const Value &v, char type, const std::string &flags, std::int64_t width, std::int64_t precision)
{
    bool left = flags.find('-') != std::string::npos;
    bool zero = flags.find('0') != std::string::npos && !left;
    std::string spec;
    auto addWidth = [&](char defaultAlign) {
        if (left)
            spec += '<';
        else if (zero && defaultAlign == '>')
            spec += '0';
        else if (width >= 0)
            spec += '>';
        if (width >= 0)
            spec += std::to_string(width);
    };
    switch (type) {
    case 's':
    case 'r':
    case 'a': {
        std::string s = type == 's' ? pyStr(v) : pyRepr(v);
        spec.clear();
        addWidth('<');
        if (!spec.empty() && spec[0] != '<')
            spec[0] = '>';
        if (precision >= 0)
            spec += "." + std::to_string(precision);
        return pyFormat(Value::str(s), spec);
    }
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
        Value n;
        if (v.isIntLike())
            n = Value::integer(v.asInt());
        else if (v.isFloat()) {
            if (!std::isfinite(v.asFloat()))
                throwPy("OverflowError", "cannot convert float infinity to integer");
            n = checkedInt(std::trunc(v.asFloat()));
        } else if (v.isObject() && v.object()->toScalar() && v.object()->toScalar()->isNumber()) {
            Value s = *v.object()->toScalar();
            n = s.isFloat() ? checkedInt(std::trunc(s.asFloat())) : Value::integer(s.asInt());
        } else {
            if (type == 'x' || type == 'X' || type == 'o')
                throwTypeError(std::string("%") + type + " format: an integer is required, not "
                               + std::string(v.typeName()));
            throwTypeError(std::string("%") + type + " format: a real number is required, not "
                           + std::string(v.typeName()));
        }
        if (flags.find('+') != std::string::npos)
            spec += '+';
        else if (flags.find(' ') != std::string::npos)
            spec += ' ';
        if (flags.find('#') != std::string::npos && type != 'd' && type != 'i' && type != 'u')
            spec += '#';
        std::string widthSpec;
        std::string s;
        char t = (type == 'i' || type == 'u') ? 'd' : type;
        std::string pre = spec;
        spec.clear();
        addWidth('>');
        std::string alignWidth = spec;
        if (precision > 0) {
            std::int64_t x = n.asInt();
            std::string digits = pyFormat(Value::integer(x < 0 ? -x : x), std::string(1, t));
            while (std::int64_t(digits.size()) < precision)
                digits.insert(digits.begin(), '0');
            std::string sign = x < 0 ? "-" : (pre.find('+') != std::string::npos ? "+" : "");
            return pyFormat(Value::str(sign + digits),
                            alignWidth.empty() || alignWidth[0] == '0'
                                ? ">" + alignWidth.substr(alignWidth.empty() ? 0 : 1)
                                : alignWidth);
        }
        if (!alignWidth.empty() && alignWidth[0] == '0')
            return pyFormat(n, pre + alignWidth + t);
        return pyFormat(n,
                        (alignWidth.empty() ? "" : alignWidth.substr(0, 1)) + pre
                            + (alignWidth.empty() ? "" : alignWidth.substr(1)) + t);
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
        double d;
        if (v.isNumber())
            d = v.asNumber();
        else if (v.isObject() && v.object()->toScalar() && v.object()->toScalar()->isNumber())
            d = v.object()->toScalar()->asNumber();
        else
            throwTypeError(std::string("must be real number, not ") + std::string(v.typeName()));
        std::string pre;
        if (flags.find('+') != std::string::npos)
            pre += '+';
        else if (flags.find(' ') != std::string::npos)
            pre += ' ';
        if (flags.find('#') != std::string::npos)
            pre += '#';
        spec.clear();
        addWidth('>');
        std::string prec = "." + std::to_string(precision < 0 ? 6 : precision);
        if (!spec.empty() && spec[0] == '0')
            return pyFormat(Value::real(d), pre + spec + prec + type);
        std::string align = spec.empty() ? "" : spec.substr(0, 1);
        std::string w = spec.empty() ? "" : spec.substr(1);
        return pyFormat(Value::real(d), align + pre + w + prec + type);
    }
    case 'c': {
        if (v.isStr()) {
            if (lengthOf(v) != 1)
                throwTypeError("%c requires an int or a unicode character, not a string of length "
                               + std::to_string(lengthOf(v)));
            return v.asStr();
        }
        return pyFormat(Value::integer(toIndex(v)), "c");
    }
    default:
        throwValueError(std::string("unsupported format character '") + type + "'");
    }
}

} // namespace

std::string percentFormat(std::string_view fmt, const Value &args)
{
    std::vector<Value> items;
    bool isMapping = args.kind() == ValueKind::Dict;
    if (args.kind() == ValueKind::Tuple)
        items = args.asTuple().items;
    else
        items.push_back(args);
    std::size_t next = 0;
    bool usedMapping = false;
    std::string out;
    for (std::size_t i = 0; i < fmt.size(); ++i) {
        char c = fmt[i];
        if (c != '%') {
            out += c;
            continue;
        }
        if (++i >= fmt.size())
            throwValueError("incomplete format");
        const Value *value = nullptr;
        Value mapped;
        if (fmt[i] == '(') {
            if (!isMapping)
                throwTypeError("format requires a mapping");
            std::size_t close = fmt.find(')', i);
            if (close == std::string_view::npos)
                throwValueError("incomplete format key");
            std::string key(fmt.substr(i + 1, close - i - 1));
            const Value *v = args.asDict().find(Value::str(key));
            if (!v)
                throw PyException("KeyError", strRepr(key));
            mapped = *v;
            value = &mapped;
            usedMapping = true;
            i = close + 1;
        }
        std::string flags;
        while (i < fmt.size() && std::string_view("-+ #0").find(fmt[i]) != std::string_view::npos)
            flags += fmt[i++];
        auto takeArg = [&]() -> const Value & {
            if (next >= items.size())
                throwTypeError("not enough arguments for format string");
            return items[next++];
        };
        std::int64_t width = -1, precision = -1;
        if (i < fmt.size() && fmt[i] == '*') {
            width = toIndex(takeArg());
            if (width < 0) {
                flags += '-';
                width = -width;
            }
            ++i;
        } else {
            while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i])))
                width = (width < 0 ? 0 : width * 10) + (fmt[i++] - '0');
        }
        if (i < fmt.size() && fmt[i] == '.') {
            ++i;
            precision = 0;
            if (i < fmt.size() && fmt[i] == '*') {
                precision = toIndex(takeArg());
                ++i;
            } else {
                while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i])))
                    precision = precision * 10 + (fmt[i++] - '0');
            }
        }
        while (i < fmt.size() && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L'))
            ++i;
        if (i >= fmt.size())
            throwValueError("incomplete format");
        char type = fmt[i];
        if (type == '%') {
            out += '%';
            continue;
        }
        if (!value)
            value = isMapping && items.size() == 1 && !usedMapping ? &takeArg() : &takeArg();
        out += convertPercent(*value, type, flags, width, precision);
    }
    if (next < items.size() && !isMapping)
        throwTypeError("not all arguments converted during string formatting");
    return out;
}

std::string
strFormat(std::string_view fmt, const std::vector<Value> &args, const std::vector<Kwarg> &kwargs)
{
    std::string out;
    std::size_t autoIndex = 0;
    bool usedAuto = false, usedManual = false;
    auto fieldValue = [&](std::string_view field) -> Value {
        std::size_t end = field.find_first_of(".[");
        std::string_view head = field.substr(0, end);
        Value v;
        if (head.empty()) {
            if (usedManual)
                throwValueError(
                    "cannot switch from manual field specification to automatic field numbering");
            usedAuto = true;
            if (autoIndex >= args.size())
                throw PyException("IndexError",
                                  "Replacement index " + std::to_string(autoIndex)
                                      + " out of range for positional args tuple");
            v = args[autoIndex++];
        } else if (std::isdigit(static_cast<unsigned char>(head[0]))) {
            if (usedAuto)
                throwValueError(
                    "cannot switch from automatic field numbering to manual field specification");
            usedManual = true;
            std::size_t idx = std::stoul(std::string(head));
            if (idx >= args.size())
                throw PyException("IndexError",
                                  "Replacement index " + std::to_string(idx)
                                      + " out of range for positional args tuple");
            v = args[idx];
        } else {
            bool found = false;
            for (const Kwarg &k : kwargs)
                if (k.name == head) {
                    v = k.value;
                    found = true;
                }
            if (!found)
                throw PyException("KeyError", strRepr(head));
        }
        while (end != std::string_view::npos && end < field.size()) {
            if (field[end] == '.') {
                std::size_t next = field.find_first_of(".[", end + 1);
                std::string_view attr = field.substr(end + 1, next - end - 1);
                v = detail::getAttribute(v, attr);
                end = next;
            } else {
                std::size_t close = field.find(']', end);
                if (close == std::string_view::npos)
                    throwValueError("Missing ']' in format string");
                std::string key(field.substr(end + 1, close - end - 1));
                Value k = !key.empty() && std::isdigit(static_cast<unsigned char>(key[0]))
                              ? Value::integer(std::stoll(key))
                              : Value::str(key);
                v = detail::getItem(v, k);
                end = close + 1;
            }
        }
        return v;
    };
    for (std::size_t i = 0; i < fmt.size(); ++i) {
        char c = fmt[i];
        if (c == '}') {
            if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
                out += '}';
                ++i;
                continue;
            }
            throwValueError("Single '}' encountered in format string");
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        // Find the matching '}' (nested braces in the spec).
        std::size_t depth = 1, j = i + 1;
        for (; j < fmt.size() && depth; ++j) {
            if (fmt[j] == '{')
                ++depth;
            else if (fmt[j] == '}')
                --depth;
        }
        if (depth)
            throwValueError("expected '}' before end of string");
        std::string_view inner = fmt.substr(i + 1, j - i - 2);
        i = j - 1;
        std::size_t colon = std::string_view::npos, bang = std::string_view::npos;
        for (std::size_t k = 0, br = 0; k < inner.size(); ++k) {
            if (inner[k] == '[')
                ++br;
            else if (inner[k] == ']' && br)
                --br;
            else if (!br && inner[k] == '!' && bang == std::string_view::npos
                     && colon == std::string_view::npos)
                bang = k;
            else if (!br && inner[k] == ':') {
                colon = k;
                break;
            }
        }
        std::string_view field = inner.substr(0, std::min(bang, colon));
        char conversion = 0;
        if (bang != std::string_view::npos) {
            if (bang + 1 >= inner.size() || (colon != std::string_view::npos && colon != bang + 2))
                throwValueError("expected ':' after conversion specifier");
            conversion = inner[bang + 1];
        }
        std::string spec
            = colon == std::string_view::npos ? "" : std::string(inner.substr(colon + 1));
        if (spec.find('{') != std::string::npos)
            spec = strFormat(spec, args, kwargs);
        Value v = fieldValue(field);
        if (conversion == 'r' || conversion == 'a')
            v = Value::str(pyRepr(v));
        else if (conversion == 's')
            v = Value::str(pyStr(v));
        else if (conversion)
            throwValueError(std::string("Unknown conversion specifier ") + conversion);
        out += pyFormat(v, spec);
    }
    return out;
}

} // namespace tsm::host
