#include "app/studio/perf_report_scan.h"

#include "core/syntax/parser.h"

#include <functional>

namespace tsm {
namespace {

bool isPerfReport(const ast::Expr *e)
{
    if (const auto *call = ast::dynCast<ast::Call>(e))
        e = call->func;
    if (const auto *attr = ast::dynCast<ast::Attribute>(e))
        return attr->attr == "perf_report";
    if (const auto *name = ast::dynCast<ast::Name>(e))
        return name->id == "perf_report";
    return false;
}

} // namespace

bool hasPerfReport(const QByteArray &text)
{
    if (!text.contains("perf_report"))
        return false;
    const SourceFile file(0, "program.py", std::string(text.constData(), std::size_t(text.size())));
    DiagnosticSink sink;
    const ParseResult parsed = parseModule(file, sink);
    bool found = false;
    std::function<void(ast::Node *)> visit = [&](ast::Node *n) {
        if (found || !n)
            return;
        if (const auto *def = ast::dynCast<ast::FunctionDef>(n))
            for (const ast::Expr *d : def->decorators)
                found = found || isPerfReport(d);
        ast::forEachChild(n, visit);
    };
    for (ast::Stmt *s : parsed.module->body)
        visit(s);
    return found;
}

} // namespace tsm
