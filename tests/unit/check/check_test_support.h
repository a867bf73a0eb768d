#pragma once
// Shared by the tests of core/check: parse a snippet, build its scopes, run a check.

#include "core/check/module_aliases.h"
#include "core/check/scope_tree.h"
#include "core/diag/diagnostic.h"
#include "core/syntax/parser.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tsm::check::testing {

/// A parsed snippet with its scopes and resolver; parse errors are in `parseDiags`.
struct Parsed
{
    explicit Parsed(std::string text)
    {
        file = &sources.add("test.py", std::move(text));
        DiagnosticSink sink;
        ParseResult r = parseModule(*file, sink);
        module = std::move(r.module);
        parseDiags = sink.takeDiagnostics();
        tree = buildScopeTree(*module);
        aliases = std::make_unique<ModuleAliases>(*tree);
    }

    /// The first node of kind T in the module body (depth-first), or null.
    template <class T> T *find(std::string_view name = {}) const
    {
        T *found = nullptr;
        std::function<void(ast::Node *)> visit = [&](ast::Node *n) {
            if (found || !n)
                return;
            if (auto *t = ast::dynCast<T>(n)) {
                if constexpr (requires { t->name; }) {
                    if (name.empty() || t->name == name) {
                        found = t;
                        return;
                    }
                } else if constexpr (requires { t->id; }) {
                    if (name.empty() || t->id == name) {
                        found = t;
                        return;
                    }
                } else {
                    found = t;
                    return;
                }
            }
            ast::forEachChild(n, visit);
        };
        for (ast::Stmt *s : module->body)
            visit(s);
        return found;
    }

    SourceManager sources;
    const SourceFile *file = nullptr;
    std::unique_ptr<ast::Module> module;
    std::vector<Diagnostic> parseDiags;
    std::unique_ptr<ScopeTree> tree;
    std::unique_ptr<ModuleAliases> aliases;
};

/// "Kind@line" for each diagnostic, in order.
inline std::vector<std::string> kindsAndLines(const std::vector<Diagnostic> &diags,
                                              const SourceFile &file)
{
    std::vector<std::string> out;
    for (const Diagnostic &d : diags)
        out.push_back(std::string(diagKindName(d.kind)) + "@"
                      + std::to_string(file.lineCol(d.span.begin).line));
    return out;
}

} // namespace tsm::check::testing
