#include "core/check/checker.h"

#include "core/check/kernel_checker.h"
#include "core/check/module_aliases.h"
#include "core/check/name_checker.h"
#include "core/check/scope_tree.h"
#include "core/check/triton_api_checker.h"
#include "core/syntax/parser.h"

#include <algorithm>

namespace tsm {

CheckResult checkSource(const SourceFile &file)
{
    CheckResult result;
    DiagnosticSink parseSink;
    parseSink.setOrigin(DiagOrigin::Parse);
    ParseResult parsed = parseModule(file, parseSink);
    result.module = std::move(parsed.module);
    if (!result.module)
        result.module = std::make_unique<ast::Module>();
    if (!result.module->file)
        result.module->file = &file;

    // The checks, in order: scopes, then names, then the Triton API, then kernels.
    DiagnosticSink checkSink;
    checkSink.setOrigin(DiagOrigin::Check);
    const std::unique_ptr<check::ScopeTree> scopes = check::buildScopeTree(*result.module);
    const check::ModuleAliases aliases(*scopes);
    check::checkNames(*result.module, *scopes, checkSink);
    check::checkTritonApi(*result.module, *scopes, aliases, checkSink);
    check::checkKernels(
        check::findKernels(*result.module, *scopes, aliases), file, *scopes, aliases, checkSink);

    result.diagnostics = parseSink.takeDiagnostics();
    for (Diagnostic &d : checkSink.takeDiagnostics())
        result.diagnostics.push_back(std::move(d));
    // Source order; at one position parse errors come first, then checks in pass order.
    std::stable_sort(
        result.diagnostics.begin(),
        result.diagnostics.end(),
        [](const Diagnostic &a, const Diagnostic &b) { return a.span.begin < b.span.begin; });
    result.errorCount = static_cast<std::size_t>(std::count_if(
        result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic &d) {
            return d.severity == Severity::Error;
        }));
    return result;
}

} // namespace tsm
