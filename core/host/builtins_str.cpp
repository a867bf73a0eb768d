// Methods of str: join, split, strip, startswith, replace, format, ljust, find, count, is* ...

#include "core/host/builtins_methods.h"
#include "core/host/py_format.h"

#include <algorithm>

namespace tsm::host {

namespace {

const std::string &selfStr(const Value &v)
{
    return v.asStr();
}

std::string argStr(const Value &v, const char *method)
{
    if (!v.isStr())
        throwTypeError(std::string(method) + " arg must be None or str");
    return v.asStr();
}

bool isWs(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

Value stripImpl(const Value &self, CallArgs &a, const char *name, bool left, bool right)
{
    a.expectPositional(name, 0, 1);
    const std::string &s = selfStr(self);
    bool ws = a.size() == 0 || a[0].isNone();
    std::string chars = ws ? "" : argStr(a[0], name);
    auto strip = [&](char c) { return ws ? isWs(c) : chars.find(c) != std::string::npos; };
    std::size_t b = 0, e = s.size();
    if (left)
        while (b < e && strip(s[b]))
            ++b;
    if (right)
        while (e > b && strip(s[e - 1]))
            --e;
    return Value::str(s.substr(b, e - b));
}

Value splitImpl(const Value &self, CallArgs &a, bool fromRight)
{
    std::vector<Value> p = a.bind(fromRight ? "rsplit" : "split",
                                  {{"sep", Value()}, {"maxsplit", Value::integer(-1)}});
    const std::string &s = selfStr(self);
    std::int64_t maxsplit = toIndex(p[1]);
    std::vector<std::string> parts;
    if (p[0].isNone()) {
        // Runs of whitespace separate; leading/trailing whitespace is dropped.
        std::vector<std::pair<std::size_t, std::size_t>> words;
        std::size_t i = 0;
        while (i < s.size()) {
            while (i < s.size() && isWs(s[i]))
                ++i;
            std::size_t b = i;
            while (i < s.size() && !isWs(s[i]))
                ++i;
            if (i > b)
                words.emplace_back(b, i);
        }
        if (maxsplit < 0 || std::int64_t(words.size()) <= maxsplit + 1) {
            for (auto [b, e] : words)
                parts.push_back(s.substr(b, e - b));
        } else if (!fromRight) {
            for (std::int64_t k = 0; k < maxsplit; ++k)
                parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
            std::size_t rest = words[std::size_t(maxsplit)].first;
            std::size_t end = s.find_last_not_of(" \t\n\r\f\v");
            parts.push_back(s.substr(rest, end + 1 - rest));
        } else {
            std::size_t n = words.size();
            std::size_t firstKept = n - std::size_t(maxsplit);
            std::size_t begin = s.find_first_not_of(" \t\n\r\f\v");
            parts.push_back(s.substr(begin, words[firstKept - 1].second - begin));
            for (std::size_t k = firstKept; k < n; ++k)
                parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
        }
    } else {
        std::string sep = argStr(p[0], "split");
        if (sep.empty())
            throwValueError("empty separator");
        if (!fromRight) {
            std::size_t start = 0;
            std::int64_t n = 0;
            while (maxsplit < 0 || n < maxsplit) {
                std::size_t pos = s.find(sep, start);
                if (pos == std::string::npos)
                    break;
                parts.push_back(s.substr(start, pos - start));
                start = pos + sep.size();
                ++n;
            }
            parts.push_back(s.substr(start));
        } else {
            std::size_t end = s.size();
            std::int64_t n = 0;
            std::vector<std::string> rev;
            while (maxsplit < 0 || n < maxsplit) {
                if (end < sep.size())
                    break;
                std::size_t pos = s.rfind(sep, end - sep.size());
                if (pos == std::string::npos)
                    break;
                rev.push_back(s.substr(pos + sep.size(), end - pos - sep.size()));
                end = pos;
                ++n;
            }
            rev.push_back(s.substr(0, end));
            parts.assign(rev.rbegin(), rev.rend());
        }
    }
    std::vector<Value> out;
    for (std::string &part : parts)
        out.push_back(Value::str(std::move(part)));
    return Value::list(std::move(out));
}

/// Resolves optional start/end arguments like str slicing.
void bounds(
    CallArgs &a, std::size_t first, std::int64_t len, std::int64_t &start, std::int64_t &end)
{
    start = 0;
    end = len;
    auto norm = [&](const Value &v, std::int64_t &out) {
        if (v.isNone())
            return;
        std::int64_t x = toIndex(v);
        if (x < 0)
            x = std::max<std::int64_t>(0, x + len);
        out = std::min(x, len);
    };
    if (a.size() > first)
        norm(a[first], start);
    if (a.size() > first + 1)
        norm(a[first + 1], end);
}

Value affix(const Value &self, CallArgs &a, const char *name, bool prefix)
{
    a.expectPositional(name, 1, 3);
    const std::string &s = selfStr(self);
    std::int64_t start, end;
    bounds(a, 1, std::int64_t(s.size()), start, end);
    std::string_view view
        = start <= end ? std::string_view(s).substr(std::size_t(start), std::size_t(end - start))
                       : std::string_view();
    std::vector<Value> options
        = a[0].kind() == ValueKind::Tuple ? a[0].asTuple().items : std::vector<Value>{a[0]};
    for (const Value &o : options) {
        if (!o.isStr())
            throwTypeError(std::string(name) + " first arg must be str or a tuple of str, not "
                           + std::string(o.typeName()));
        if (start > end)
            continue;
        if (prefix ? view.starts_with(o.asStr()) : view.ends_with(o.asStr()))
            return Value::boolean(true);
    }
    return Value::boolean(false);
}

Value findImpl(const Value &self, CallArgs &a, const char *name, bool fromRight, bool raise)
{
    a.expectPositional(name, 1, 3);
    const std::string &s = selfStr(self);
    std::string sub = argStr(a[0], name);
    std::int64_t start, end;
    bounds(a, 1, std::int64_t(s.size()), start, end);
    std::size_t pos = std::string::npos;
    if (end - start >= std::int64_t(sub.size())) {
        std::string_view view
            = std::string_view(s).substr(std::size_t(start), std::size_t(end - start));
        pos = fromRight ? view.rfind(sub) : view.find(sub);
        if (pos != std::string::npos)
            pos += std::size_t(start);
    }
    if (pos == std::string::npos) {
        if (raise)
            throwValueError("substring not found");
        return Value::integer(-1);
    }
    return Value::integer(std::int64_t(pos));
}

Value justify(const Value &self, CallArgs &a, const char *name, char align)
{
    a.expectPositional(name, 1, 2);
    std::int64_t width = toIndex(a[0]);
    std::string fill = " ";
    if (a.size() == 2) {
        if (!a[1].isStr() || lengthOf(a[1]) != 1)
            throwTypeError("The fill character must be exactly one character long");
        fill = a[1].asStr();
    }
    std::int64_t len = lengthOf(self);
    if (width <= len)
        return self;
    checkContainerSize(width);
    std::int64_t n = width - len;
    std::int64_t left = align == '<' ? 0 : align == '>' ? n : n / 2 + (n & width & 1);
    std::string out;
    for (std::int64_t i = 0; i < left; ++i)
        out += fill;
    out += selfStr(self);
    for (std::int64_t i = 0; i < n - left; ++i)
        out += fill;
    return Value::str(std::move(out));
}

template <class Pred> Value allChars(const Value &self, CallArgs &a, const char *name, Pred pred)
{
    a.expectPositional(name, 0, 0);
    const std::string &s = selfStr(self);
    if (s.empty())
        return Value::boolean(false);
    for (unsigned char c : s)
        if (!pred(c))
            return Value::boolean(false);
    return Value::boolean(true);
}

Value caseMap(const Value &self, CallArgs &a, const char *name, int mode)
{
    a.expectPositional(name, 0, 0);
    std::string s = selfStr(self);
    bool startWord = true;
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        switch (mode) {
        case 0:
            s[i] = char(std::toupper(c));
            break;
        case 1:
            s[i] = char(std::tolower(c));
            break;
        case 2: // title
            s[i] = char(startWord ? std::toupper(c) : std::tolower(c));
            startWord = !std::isalpha(c);
            break;
        case 3: // capitalize
            s[i] = char(i == 0 ? std::toupper(c) : std::tolower(c));
            break;
        default: // swapcase
            s[i] = char(std::isupper(c) ? std::tolower(c) : std::toupper(c));
        }
    }
    return Value::str(std::move(s));
}

} // namespace

const MethodTable &strMethods()
{
    static const MethodTable table = {
        {"join",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("join", 1, 1);
             std::string out;
             ValueCursor cur(a[0]);
             Value x;
             std::size_t i = 0;
             while (cur.next(x)) {
                 if (!x.isStr())
                     throwTypeError("sequence item " + std::to_string(i)
                                    + ": expected str instance, " + std::string(x.typeName())
                                    + " found");
                 if (i++)
                     out += self.asStr();
                 out += x.asStr();
                 if (std::int64_t(out.size()) > containerLimit())
                     checkContainerSize(std::int64_t(out.size()));
             }
             return Value::str(std::move(out));
         }},
        {"split", [](const Value &self, CallArgs &a) { return splitImpl(self, a, false); }},
        {"rsplit", [](const Value &self, CallArgs &a) { return splitImpl(self, a, true); }},
        {"strip",
         [](const Value &self, CallArgs &a) { return stripImpl(self, a, "strip", true, true); }},
        {"lstrip",
         [](const Value &self, CallArgs &a) { return stripImpl(self, a, "lstrip", true, false); }},
        {"rstrip",
         [](const Value &self, CallArgs &a) { return stripImpl(self, a, "rstrip", false, true); }},
        {"startswith",
         [](const Value &self, CallArgs &a) { return affix(self, a, "startswith", true); }},
        {"endswith",
         [](const Value &self, CallArgs &a) { return affix(self, a, "endswith", false); }},
        {"replace",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("replace", 2, 3);
             std::string from = argStr(a[0], "replace"), to = argStr(a[1], "replace");
             std::int64_t count = a.size() == 3 ? toIndex(a[2]) : -1;
             const std::string &s = self.asStr();
             std::string out;
             std::int64_t done = 0;
             if (from.empty()) {
                 for (std::size_t i = 0; i <= s.size(); ++i) {
                     if (count < 0 || done < count) {
                         out += to;
                         ++done;
                     }
                     if (i < s.size())
                         out += s[i];
                     checkContainerSize(std::int64_t(out.size()));
                 }
                 return Value::str(std::move(out));
             }
             std::size_t start = 0;
             while (count < 0 || done < count) {
                 std::size_t pos = s.find(from, start);
                 if (pos == std::string::npos)
                     break;
                 out.append(s, start, pos - start);
                 out += to;
                 start = pos + from.size();
                 ++done;
                 checkContainerSize(std::int64_t(out.size()));
             }
             out.append(s, start, std::string::npos);
             return Value::str(std::move(out));
         }},
        {"upper", [](const Value &self, CallArgs &a) { return caseMap(self, a, "upper", 0); }},
        {"lower", [](const Value &self, CallArgs &a) { return caseMap(self, a, "lower", 1); }},
        {"title", [](const Value &self, CallArgs &a) { return caseMap(self, a, "title", 2); }},
        {"capitalize",
         [](const Value &self, CallArgs &a) { return caseMap(self, a, "capitalize", 3); }},
        {"swapcase",
         [](const Value &self, CallArgs &a) { return caseMap(self, a, "swapcase", 4); }},
        {"format",
         [](const Value &self, CallArgs &a) {
             return Value::str(strFormat(self.asStr(), a.positional, a.keywords));
         }},
        {"ljust", [](const Value &self, CallArgs &a) { return justify(self, a, "ljust", '<'); }},
        {"rjust", [](const Value &self, CallArgs &a) { return justify(self, a, "rjust", '>'); }},
        {"center", [](const Value &self, CallArgs &a) { return justify(self, a, "center", '^'); }},
        {"zfill",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("zfill", 1, 1);
             std::int64_t width = toIndex(a[0]);
             std::string s = self.asStr();
             std::int64_t len = std::int64_t(s.size());
             if (width <= len)
                 return self;
             checkContainerSize(width);
             std::size_t at = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
             s.insert(at, std::string(std::size_t(width - len), '0'));
             return Value::str(std::move(s));
         }},
        {"find",
         [](const Value &self, CallArgs &a) { return findImpl(self, a, "find", false, false); }},
        {"rfind",
         [](const Value &self, CallArgs &a) { return findImpl(self, a, "rfind", true, false); }},
        {"index",
         [](const Value &self, CallArgs &a) { return findImpl(self, a, "index", false, true); }},
        {"rindex",
         [](const Value &self, CallArgs &a) { return findImpl(self, a, "rindex", true, true); }},
        {"count",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("count", 1, 3);
             const std::string &s = self.asStr();
             std::string sub = argStr(a[0], "count");
             std::int64_t start, end;
             bounds(a, 1, std::int64_t(s.size()), start, end);
             if (end < start)
                 return Value::integer(0);
             std::string_view view
                 = std::string_view(s).substr(std::size_t(start), std::size_t(end - start));
             if (sub.empty())
                 return Value::integer(std::int64_t(view.size()) + 1);
             std::int64_t n = 0;
             for (std::size_t pos = view.find(sub); pos != std::string_view::npos;
                  pos = view.find(sub, pos + sub.size()))
                 ++n;
             return Value::integer(n);
         }},
        {"isdigit",
         [](const Value &self, CallArgs &a) {
             return allChars(
                 self, a, "isdigit", [](unsigned char c) { return std::isdigit(c) != 0; });
         }},
        {"isdecimal",
         [](const Value &self, CallArgs &a) {
             return allChars(
                 self, a, "isdecimal", [](unsigned char c) { return std::isdigit(c) != 0; });
         }},
        {"isnumeric",
         [](const Value &self, CallArgs &a) {
             return allChars(
                 self, a, "isnumeric", [](unsigned char c) { return std::isdigit(c) != 0; });
         }},
        {"isalpha",
         [](const Value &self, CallArgs &a) {
             return allChars(
                 self, a, "isalpha", [](unsigned char c) { return std::isalpha(c) != 0; });
         }},
        {"isalnum",
         [](const Value &self, CallArgs &a) {
             return allChars(
                 self, a, "isalnum", [](unsigned char c) { return std::isalnum(c) != 0; });
         }},
        {"isspace",
         [](const Value &self, CallArgs &a) {
             return allChars(self, a, "isspace", [](unsigned char c) { return isWs(char(c)); });
         }},
        {"isupper",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("isupper", 0, 0);
             bool cased = false;
             for (unsigned char c : self.asStr()) {
                 if (std::islower(c))
                     return Value::boolean(false);
                 cased |= std::isupper(c) != 0;
             }
             return Value::boolean(cased);
         }},
        {"islower",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("islower", 0, 0);
             bool cased = false;
             for (unsigned char c : self.asStr()) {
                 if (std::isupper(c))
                     return Value::boolean(false);
                 cased |= std::islower(c) != 0;
             }
             return Value::boolean(cased);
         }},
        {"isidentifier",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("isidentifier", 0, 0);
             const std::string &s = self.asStr();
             if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
                 return Value::boolean(false);
             for (unsigned char c : s)
                 if (!std::isalnum(c) && c != '_' && c < 0x80)
                     return Value::boolean(false);
             return Value::boolean(true);
         }},
        {"splitlines",
         [](const Value &self, CallArgs &a) {
             std::vector<Value> p = a.bind("splitlines", {{"keepends", Value::boolean(false)}});
             bool keep = truthy(p[0]);
             const std::string &s = self.asStr();
             std::vector<Value> out;
             std::size_t start = 0;
             for (std::size_t i = 0; i < s.size(); ++i) {
                 if (s[i] == '\n' || s[i] == '\r') {
                     std::size_t eol = i;
                     if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n')
                         ++i;
                     out.push_back(Value::str(s.substr(start, (keep ? i + 1 : eol) - start)));
                     start = i + 1;
                 }
             }
             if (start < s.size())
                 out.push_back(Value::str(s.substr(start)));
             return Value::list(std::move(out));
         }},
        {"partition",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("partition", 1, 1);
             std::string sep = argStr(a[0], "partition");
             if (sep.empty())
                 throwValueError("empty separator");
             const std::string &s = self.asStr();
             std::size_t pos = s.find(sep);
             if (pos == std::string::npos)
                 return Value::tuple({self, Value::str(""), Value::str("")});
             return Value::tuple({Value::str(s.substr(0, pos)),
                                  Value::str(sep),
                                  Value::str(s.substr(pos + sep.size()))});
         }},
        {"rpartition",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("rpartition", 1, 1);
             std::string sep = argStr(a[0], "rpartition");
             if (sep.empty())
                 throwValueError("empty separator");
             const std::string &s = self.asStr();
             std::size_t pos = s.rfind(sep);
             if (pos == std::string::npos)
                 return Value::tuple({Value::str(""), Value::str(""), self});
             return Value::tuple({Value::str(s.substr(0, pos)),
                                  Value::str(sep),
                                  Value::str(s.substr(pos + sep.size()))});
         }},
        {"removeprefix",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("removeprefix", 1, 1);
             std::string p = argStr(a[0], "removeprefix");
             const std::string &s = self.asStr();
             return s.starts_with(p) ? Value::str(s.substr(p.size())) : self;
         }},
        {"removesuffix",
         [](const Value &self, CallArgs &a) {
             a.expectPositional("removesuffix", 1, 1);
             std::string p = argStr(a[0], "removesuffix");
             const std::string &s = self.asStr();
             return !p.empty() && s.ends_with(p) ? Value::str(s.substr(0, s.size() - p.size()))
                                                 : self;
         }},
        {"encode",
         [](const Value &, CallArgs &) -> Value { throwUnsupported("str.encode (bytes)"); }},
    };
    return table;
}

} // namespace tsm::host
