#include "core/sema/signature_parse.h"

#include "core/sema/type_rules.h"

#include <cctype>
#include <charconv>
#include <vector>

namespace tsm::sema {
namespace {

std::string trim(std::string_view s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return std::string(s.substr(b, e - b));
}

std::vector<std::string> splitTopLevel(std::string_view text)
{
    std::vector<std::string> out;
    std::string cur;
    char quote = 0;
    int depth = 0;
    for (char c : text) {
        if (quote) {
            cur += c;
            if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '\'' || c == '"')
            quote = c;
        else if (c == '(' || c == '[')
            ++depth;
        else if (c == ')' || c == ']')
            --depth;
        if (c == ',' && depth == 0) {
            out.push_back(trim(cur));
            cur.clear();
            continue;
        }
        cur += c;
    }
    if (!trim(cur).empty())
        out.push_back(trim(cur));
    return out;
}

bool isConstexprAnnotation(const ast::Expr *ann)
{
    if (const auto *a = ast::dynCast<ast::Attribute>(ann))
        return a->attr == "constexpr";
    if (const auto *n = ast::dynCast<ast::Name>(ann))
        return n->id == "constexpr";
    if (const auto *c = ast::dynCast<ast::Constant>(ann))
        return c->str.find("constexpr") != std::string::npos;
    return false;
}

std::optional<std::int64_t> parseInt(std::string_view s)
{
    std::int64_t v = 0;
    const bool neg = !s.empty() && s[0] == '-';
    const std::string_view digits = neg ? s.substr(1) : s;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || p != digits.data() + digits.size() || digits.empty())
        return std::nullopt;
    return neg ? -v : v;
}

std::optional<double> parseFloat(const std::string &s)
{
    if (s.empty())
        return std::nullopt;
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size())
        return std::nullopt;
    return v;
}

/// A Python literal as a constexpr value.
std::optional<ConstValue> parseLiteral(const std::string &s)
{
    if (s == "None")
        return ConstValue::none();
    if (s == "True" || s == "False")
        return ConstValue::ofBool(s == "True");
    if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front())
        return ConstValue::ofString(s.substr(1, s.size() - 2));
    if (auto i = parseInt(s))
        return ConstValue::ofInt(*i);
    if (auto f = parseFloat(s))
        return ConstValue::ofFloat(*f);
    std::string name = s;
    if (name.starts_with("tl."))
        name = name.substr(3);
    else if (name.starts_with("triton.language."))
        name = name.substr(16);
    if (auto d = parseDType(name))
        return ConstValue::ofDType(*d);
    return std::nullopt;
}

/// A host TensorDescriptor as Signature::key writes it: "tensordesc<fp16[64, 32]>", then
/// " nan" for NaN padding, then " shape:16/-" (which dimensions are multiples of 16).
std::optional<ArgSpec> parseTensorDesc(const std::string &spec, std::string *error)
{
    const std::size_t open = spec.find('['), close = spec.find("]>");
    std::optional<DType> dtype;
    if (open != std::string::npos && close != std::string::npos && close > open)
        dtype = parseDType(spec.substr(11, open - 11));
    if (!dtype) {
        *error = "cannot read the tensor descriptor spec '" + spec + "' (expected tensordesc<fp16[64, 32]>)";
        return std::nullopt;
    }
    ArgSpec a;
    a.kind = ArgSpec::Kind::TensorDesc;
    a.dtype = *dtype;
    a.value = ConstValue::ofString("zero");
    for (const std::string &d : splitTopLevel(spec.substr(open + 1, close - open - 1))) {
        auto n = parseInt(d);
        if (!n || *n <= 0) {
            *error = "cannot read the block shape of '" + spec + "'";
            return std::nullopt;
        }
        a.blockShape.push_back(*n);
    }
    std::string rest = trim(spec.substr(close + 2));
    if (rest.starts_with("nan")) {
        a.value = ConstValue::ofString("nan");
        rest = trim(rest.substr(3));
    }
    if (rest.starts_with("shape:")) {
        std::size_t d = 0, at = 6;
        while (at <= rest.size() && d < a.blockShape.size()) {
            std::size_t end = rest.find('/', at);
            if (end == std::string::npos)
                end = rest.size();
            if (rest.substr(at, end - at) == "16")
                a.shapeDivisibleBy16 |= 1u << d;
            ++d;
            at = end + 1;
        }
    } else if (!rest.empty()) {
        *error = "cannot read '" + rest + "' after the tensor descriptor spec '" + spec + "'";
        return std::nullopt;
    }
    return a;
}

std::optional<ArgSpec> parseSpec(const std::string &spec, bool constexprParam, std::string *error)
{
    ArgSpec a;
    if (constexprParam) {
        auto v = parseLiteral(spec);
        if (!v) {
            *error = "cannot read the constexpr value '" + spec + "'";
            return std::nullopt;
        }
        a.kind = ArgSpec::Kind::Constexpr;
        a.value = *v;
        return a;
    }
    if (spec.starts_with("tensordesc<"))
        return parseTensorDesc(spec, error);
    std::string body = spec;
    bool div16 = false;
    if (body.size() > 3 && body.ends_with(":16")) {
        div16 = true;
        body = body.substr(0, body.size() - 3);
    }
    if (!body.empty() && body[0] == '*') {
        auto d = parseDType(body.substr(1));
        if (!d) {
            *error = "unknown pointee dtype in '" + spec + "'";
            return std::nullopt;
        }
        a.kind = ArgSpec::Kind::Pointer;
        a.dtype = *d;
        a.divisibleBy16 = div16;
        return a;
    }
    if (auto i = parseInt(body); i && !div16)
        return intArgSpec(*i);
    if (body == "True" || body == "False") {
        a.kind = ArgSpec::Kind::Bool;
        a.dtype = DType::I1;
        return a;
    }
    if (auto f = parseFloat(body); f && body.find_first_of(".eE") != std::string::npos) {
        a.kind = ArgSpec::Kind::Float;
        a.dtype = DType::F32;
        return a;
    }
    if (auto d = parseDType(body)) {
        if (isFloat(*d)) {
            a.kind = ArgSpec::Kind::Float;
        } else if (*d == DType::I1) {
            a.kind = ArgSpec::Kind::Bool;
        } else {
            a.kind = ArgSpec::Kind::Int;
            a.divisibleBy16 = div16;
        }
        a.dtype = *d;
        return a;
    }
    *error = "cannot read the argument spec '" + spec
             + "' (expected *dtype[:16], i32[:16], i64, fp32, tensordesc<fp16[64, 32]>, or a literal)";
    return std::nullopt;
}

} // namespace

ArgSpec intArgSpec(std::int64_t value)
{
    ArgSpec a;
    a.kind = ArgSpec::Kind::Int;
    a.dtype = pyIntDType(value);
    if (a.dtype == DType::U32)
        a.dtype = DType::I64;
    a.equalsOne = value == 1;
    a.divisibleBy16 = value % 16 == 0;
    return a;
}

std::optional<Signature>
parseSignature(std::string_view text, const ast::FunctionDef &fn, std::string *error)
{
    std::string scratch;
    if (!error)
        error = &scratch;
    const auto &params = fn.params.params;
    Signature sig;
    std::vector<std::optional<ArgSpec>> specs(params.size());
    std::size_t nextPositional = 0;
    // The cache-key form (Signature::key, the `kernel_compiled` event's signature) ends in
    // " | warps=N stages=M": read as num_warps=N, num_stages=M.
    std::string body(text);
    std::vector<std::string> launchEntries;
    if (const auto bar = body.rfind(" | ");
        bar != std::string::npos && body.compare(bar + 3, 6, "warps=") == 0) {
        std::string tail = body.substr(bar + 3);
        body.resize(bar);
        std::size_t at = 0;
        while (at < tail.size()) {
            std::size_t end = tail.find(' ', at);
            if (end == std::string::npos)
                end = tail.size();
            std::string word = tail.substr(at, end - at);
            at = end + 1;
            if (word.empty())
                continue;
            if (word.starts_with("warps="))
                word = "num_" + word;
            else if (word.starts_with("stages="))
                word = "num_" + word;
            else {
                *error = "cannot read the launch options '" + tail + "'";
                return std::nullopt;
            }
            launchEntries.push_back(word);
        }
    }
    std::vector<std::string> entries = splitTopLevel(body);
    entries.insert(entries.end(), launchEntries.begin(), launchEntries.end());
    for (const std::string &entry : entries) {
        std::string name, spec = entry;
        const auto eq = entry.find('=');
        if (eq != std::string::npos && entry.find_first_of("'\"") > eq) {
            name = trim(entry.substr(0, eq));
            spec = trim(entry.substr(eq + 1));
        }
        if (name == "num_warps" || name == "num_stages" || name == "maxnreg") {
            auto v = parseInt(spec);
            if (!v || *v <= 0) {
                *error = name + " must be a positive integer";
                return std::nullopt;
            }
            (name == "num_warps"    ? sig.numWarps
             : name == "num_stages" ? sig.numStages
                                    : sig.maxnreg)
                = static_cast<int>(*v);
            continue;
        }
        std::size_t index = params.size();
        if (name.empty()) {
            index = nextPositional++;
        } else {
            for (std::size_t i = 0; i < params.size(); ++i)
                if (params[i].name == name)
                    index = i;
        }
        if (index >= params.size()) {
            *error = name.empty()
                         ? "more arguments than parameters of '" + std::string(fn.name) + "'"
                         : "'" + std::string(fn.name) + "' has no parameter '" + name + "'";
            return std::nullopt;
        }
        if (specs[index]) {
            *error = "parameter '" + std::string(params[index].name) + "' is given twice";
            return std::nullopt;
        }
        // "constexpr 1024" in the cache-key form is the literal 1024.
        const bool keyConstexpr = spec.starts_with("constexpr ");
        if (keyConstexpr)
            spec = trim(spec.substr(10));
        auto a = parseSpec(spec, keyConstexpr || isConstexprAnnotation(params[index].annotation),
                           error);
        if (!a) {
            *error = std::string(params[index].name) + ": " + *error;
            return std::nullopt;
        }
        specs[index] = *a;
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (specs[i])
            continue;
        const ast::Param &p = params[i];
        const auto *c = ast::dynCast<ast::Constant>(p.defaultValue);
        std::optional<ConstValue> v;
        if (c) {
            if (c->constKind == ast::ConstantKind::String)
                v = ConstValue::ofString(c->str);
            else
                v = parseLiteral(std::string(c->raw));
        } else if (p.defaultValue) {
            if (const auto *a = ast::dynCast<ast::Attribute>(p.defaultValue))
                if (auto d = parseDType(a->attr))
                    v = ConstValue::ofDType(*d);
        }
        if (!v) {
            *error = "the signature gives no value for parameter '" + std::string(p.name) + "'";
            return std::nullopt;
        }
        if (isConstexprAnnotation(p.annotation) || v->kind == ConstValue::Kind::None
            || v->kind == ConstValue::Kind::String || v->kind == ConstValue::Kind::DType) {
            ArgSpec a;
            a.kind = ArgSpec::Kind::Constexpr;
            a.value = *v;
            specs[i] = a;
        } else {
            auto a = parseSpec(std::string(c ? c->raw : ""), false, error);
            if (!a)
                return std::nullopt;
            specs[i] = *a;
        }
    }
    for (auto &s : specs)
        sig.args.push_back(*s);
    return sig;
}

} // namespace tsm::sema
