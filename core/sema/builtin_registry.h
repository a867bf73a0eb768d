#pragma once
// The registry of Triton's public Python API (triton, triton.language, its math and libdevice
// modules, triton.testing, triton.runtime), generated from builtins.def. The checker resolves
// `tl.X` against it; the studio uses it for highlighting, completion and call tips. Built once,
// on first use, and immutable afterwards: safe to use from any thread.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tsm {

/// Every module of the registry (builtins.def, BUILTIN_MODULE).
enum class BuiltinModule : std::uint8_t {
#define BUILTIN_MODULE(Enum, Path, Complete) Enum,
#include "core/sema/builtins.def"
};

/// What a registry name is.
enum class BuiltinKind : std::uint8_t { Function, Dtype, Class, Module, Constant, Decorator };

struct BuiltinInfo
{
    BuiltinModule module;
    std::string_view moduleName; ///< canonical dotted path, "triton.language"
    std::string_view name;       ///< "load"
    BuiltinKind kind;
    std::string_view signature; ///< "(pointer, mask=None, ...)"; empty for non-callables
    std::string_view doc;       ///< one line
};

/// One parameter of a registry signature.
struct BuiltinParam
{
    std::string_view name;
    bool hasDefault;
    bool keywordOnly;
    bool varPositional; ///< *args
    bool varKeyword;    ///< **kwargs
};

/// Every entry, in builtins.def order.
std::span<const BuiltinInfo> builtinRegistry();

/// The entry `name` of the module with dotted path `moduleName` (any of its import paths), or
/// null.
const BuiltinInfo *findBuiltin(std::string_view moduleName, std::string_view name);
/// The entry `name` of `module`, or null.
const BuiltinInfo *findBuiltin(BuiltinModule module, std::string_view name);

/// The parameters of a Function / Class / Decorator entry's signature; empty for other kinds.
std::span<const BuiltinParam> builtinParams(const BuiltinInfo &info);

/// The module with this dotted path (canonical or alias), if it is in the registry.
std::optional<BuiltinModule> builtinModuleFromPath(std::string_view dottedPath);
/// The canonical dotted path of `module`.
std::string_view builtinModulePath(BuiltinModule module);
/// True if builtins.def lists every public attribute of `module` (unknown ones are errors).
bool builtinModuleIsComplete(BuiltinModule module);
/// The entries of one module, in builtins.def order.
std::span<const BuiltinInfo *const> builtinsOfModule(BuiltinModule module);

/// "Function", "Dtype", ...
std::string_view builtinKindName(BuiltinKind kind);

} // namespace tsm
