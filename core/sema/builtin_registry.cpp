#include "core/sema/builtin_registry.h"

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace tsm {

namespace {

struct ModuleInfo
{
    BuiltinModule module;
    std::string_view path;
    bool complete;
};

constexpr std::array kModules = {
#define BUILTIN_MODULE(Enum, Path, Complete) ModuleInfo{BuiltinModule::Enum, Path, Complete},
#include "core/sema/builtins.def"
};

struct ModuleAlias
{
    BuiltinModule module;
    std::string_view path;
};

constexpr std::array kModuleAliases = {
#define BUILTIN_MODULE_ALIAS(Enum, Path) ModuleAlias{BuiltinModule::Enum, Path},
#include "core/sema/builtins.def"
};

constexpr std::string_view pathOf(BuiltinModule m)
{
    return kModules[static_cast<std::size_t>(m)].path;
}

// A C array: deducing std::array's size from ~500 initializers exceeds clang's fold limit.
constexpr BuiltinInfo kEntries[] = {
#define BUILTIN(Module, Name, Kind, Signature, Doc)                                                \
    BuiltinInfo{BuiltinModule::Module,                                                             \
                pathOf(BuiltinModule::Module),                                                     \
                #Name,                                                                             \
                BuiltinKind::Kind,                                                                 \
                Signature,                                                                         \
                Doc},
#include "core/sema/builtins.def"
};

/// Splits the inside of "(a, b=(1, 2), *c)" at top-level commas; quotes and brackets nest.
std::vector<std::string_view> splitParams(std::string_view sig)
{
    std::vector<std::string_view> parts;
    if (sig.size() < 2 || sig.front() != '(' || sig.back() != ')')
        return parts;
    const std::string_view body = sig.substr(1, sig.size() - 2);
    int depth = 0;
    char quote = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            --depth;
        } else if (c == ',' && depth == 0) {
            parts.push_back(body.substr(start, i - start));
            start = i + 1;
        }
    }
    parts.push_back(body.substr(start));
    return parts;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    return s;
}

/// Parses one signature into parameters; the views point into the signature literal.
std::vector<BuiltinParam> parseSignature(std::string_view sig)
{
    std::vector<BuiltinParam> params;
    bool keywordOnly = false;
    for (std::string_view part : splitParams(sig)) {
        part = trim(part);
        if (part.empty() || part == "/")
            continue;
        if (part == "*") {
            keywordOnly = true;
            continue;
        }
        BuiltinParam p{};
        if (part.starts_with("**")) {
            p.varKeyword = true;
            part.remove_prefix(2);
        } else if (part.starts_with("*")) {
            p.varPositional = true;
            keywordOnly = true;
            part.remove_prefix(1);
        } else {
            p.keywordOnly = keywordOnly;
        }
        const std::size_t eq = part.find('=');
        p.hasDefault = eq != std::string_view::npos;
        p.name = trim(part.substr(0, eq));
        params.push_back(p);
    }
    return params;
}

struct Registry
{
    std::vector<std::vector<BuiltinParam>> params; ///< parallel to kEntries
    std::array<std::vector<const BuiltinInfo *>, kModules.size()> byModule;
    std::array<std::unordered_map<std::string_view, const BuiltinInfo *>, kModules.size()> index;
    std::unordered_map<std::string_view, BuiltinModule> modulesByPath;

    Registry()
    {
        params.reserve(std::size(kEntries));
        for (const BuiltinInfo &e : kEntries) {
            const bool callable = e.kind == BuiltinKind::Function || e.kind == BuiltinKind::Class
                                  || e.kind == BuiltinKind::Decorator;
            params.push_back(callable ? parseSignature(e.signature) : std::vector<BuiltinParam>{});
            const auto m = static_cast<std::size_t>(e.module);
            byModule[m].push_back(&e);
            index[m].emplace(e.name, &e);
        }
        for (const ModuleInfo &m : kModules)
            modulesByPath.emplace(m.path, m.module);
        for (const ModuleAlias &a : kModuleAliases)
            modulesByPath.emplace(a.path, a.module);
    }
};

const Registry &registry()
{
    static const Registry r; // thread-safe initialization (C++11 magic statics)
    return r;
}

} // namespace

std::span<const BuiltinInfo> builtinRegistry()
{
    return kEntries;
}

const BuiltinInfo *findBuiltin(BuiltinModule module, std::string_view name)
{
    const auto &idx = registry().index[static_cast<std::size_t>(module)];
    const auto it = idx.find(name);
    return it == idx.end() ? nullptr : it->second;
}

const BuiltinInfo *findBuiltin(std::string_view moduleName, std::string_view name)
{
    const auto m = builtinModuleFromPath(moduleName);
    return m ? findBuiltin(*m, name) : nullptr;
}

std::span<const BuiltinParam> builtinParams(const BuiltinInfo &info)
{
    const BuiltinInfo *first = std::data(kEntries);
    if (&info < first || &info >= first + std::size(kEntries))
        return {};
    return registry().params[static_cast<std::size_t>(&info - first)];
}

std::optional<BuiltinModule> builtinModuleFromPath(std::string_view dottedPath)
{
    const auto &byPath = registry().modulesByPath;
    const auto it = byPath.find(dottedPath);
    if (it == byPath.end())
        return std::nullopt;
    return it->second;
}

std::string_view builtinModulePath(BuiltinModule module)
{
    return pathOf(module);
}

bool builtinModuleIsComplete(BuiltinModule module)
{
    return kModules[static_cast<std::size_t>(module)].complete;
}

std::span<const BuiltinInfo *const> builtinsOfModule(BuiltinModule module)
{
    return registry().byModule[static_cast<std::size_t>(module)];
}

std::string_view builtinKindName(BuiltinKind kind)
{
    switch (kind) {
    case BuiltinKind::Function:
        return "Function";
    case BuiltinKind::Dtype:
        return "Dtype";
    case BuiltinKind::Class:
        return "Class";
    case BuiltinKind::Module:
        return "Module";
    case BuiltinKind::Constant:
        return "Constant";
    case BuiltinKind::Decorator:
        return "Decorator";
    }
    return "Function";
}

} // namespace tsm
