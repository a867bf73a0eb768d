#include "core/check/call_checker.h"

#include "core/check/module_aliases.h"

#include <string>
#include <vector>

namespace tsm::check {

using namespace ast;

namespace {

std::string plural(std::size_t n, std::string_view word)
{
    return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

/// "1 positional argument", "from 1 to 8 positional arguments".
std::string takesPhrase(std::size_t min, std::size_t max)
{
    if (min == max)
        return plural(max, "positional argument");
    return "from " + std::to_string(min) + " to " + std::to_string(max) + " positional arguments";
}

/// "'a'", "'a' and 'b'", "'a', 'b', and 'c'" (Python's wording).
std::string quotedList(const std::vector<std::string_view> &names)
{
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
        out += "'" + std::string(names[i]) + "'";
    }
    return out;
}

bool unpacksArguments(const Call &call)
{
    for (const Expr *a : call.args)
        if (isa<Starred>(a))
            return true;
    for (const Keyword &k : call.keywords)
        if (k.name.empty())
            return true;
    return false;
}

void reportUnknownKeyword(const Keyword &k,
                          const std::string &fn,
                          std::span<const BuiltinParam> params,
                          DiagnosticSink &sink)
{
    Diagnostic &d
        = sink.report(DiagKind::UnknownKeywordArgument, k.nameSpan, {fn, std::string(k.name)});
    const std::size_t limit = k.name.size() <= 3 ? 1 : 2;
    std::string_view best;
    std::size_t bestDistance = limit + 1;
    for (const BuiltinParam &p : params) {
        if (p.varPositional || p.varKeyword)
            continue;
        const std::size_t dist = editDistance(k.name, p.name, limit);
        if (dist < bestDistance) {
            best = p.name;
            bestDistance = dist;
        }
    }
    if (!best.empty())
        addNote(d, k.nameSpan, "did you mean '" + std::string(best) + "'?");
}

} // namespace

void checkCallArguments(const Call &call, const BuiltinInfo &callee, DiagnosticSink &sink)
{
    const std::span<const BuiltinParam> params = builtinParams(callee);
    if (unpacksArguments(call))
        return;
    const std::string fn(callee.name);

    std::vector<std::size_t> positional; // indices into params
    bool varPositional = false, varKeyword = false;
    std::size_t requiredPositional = 0;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const BuiltinParam &p = params[i];
        varPositional = varPositional || p.varPositional;
        varKeyword = varKeyword || p.varKeyword;
        if (!p.varPositional && !p.varKeyword && !p.keywordOnly) {
            positional.push_back(i);
            requiredPositional += p.hasDefault ? 0 : 1;
        }
    }

    std::vector<bool> filled(params.size(), false);
    const std::size_t given = call.args.size();
    for (std::size_t i = 0; i < given && i < positional.size(); ++i)
        filled[positional[i]] = true;
    if (given > positional.size() && !varPositional) {
        const Expr *extra = call.args[positional.size()];
        sink.report(DiagKind::WrongArgumentCount,
                    extra ? extra->span : call.span,
                    {fn,
                     takesPhrase(requiredPositional, positional.size()),
                     std::to_string(given) + (given == 1 ? " was" : " were")});
    }

    std::vector<bool> byKeyword(params.size(), false);
    for (const Keyword &k : call.keywords) {
        std::size_t match = params.size();
        for (std::size_t i = 0; i < params.size(); ++i)
            if (!params[i].varPositional && !params[i].varKeyword && params[i].name == k.name)
                match = i;
        if (match == params.size()) {
            if (!varKeyword)
                reportUnknownKeyword(k, fn, params, sink);
            continue;
        }
        if (byKeyword[match])
            continue; // a repeated keyword is a syntax error the parser reports
        if (filled[match]) {
            sink.report(DiagKind::DuplicateArgument, k.nameSpan, {fn, std::string(k.name)});
            continue;
        }
        filled[match] = byKeyword[match] = true;
    }

    std::vector<std::string_view> missing;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const BuiltinParam &p = params[i];
        if (!p.varPositional && !p.varKeyword && !p.hasDefault && !filled[i])
            missing.push_back(p.name);
    }
    if (!missing.empty()) {
        const std::string what = missing.size() == 1
                                     ? "1 required argument: "
                                     : plural(missing.size(), "required argument") + ": ";
        sink.report(DiagKind::MissingArgument,
                    call.func ? call.func->span : call.span,
                    {fn, what + quotedList(missing)});
    }
}

} // namespace tsm::check
