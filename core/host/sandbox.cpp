// The harness sandbox: a static scan of the whole module before anything runs, and the
// predicates the interpreter re-checks at run time.

#include "core/host/sandbox.h"

#include <functional>
#include <set>
#include <string>

namespace tsm::host {

using namespace ast;

namespace {

constexpr std::string_view kModuleAction
    = "use system modules (files, processes, network, the interpreter itself)";

constexpr std::string_view kForbiddenModules[] = {
    "os",           "sys",     "subprocess", "socket",    "shutil",
    "pathlib",      "ctypes",  "importlib",  "builtins",  "io",
    "posix",        "nt",      "pty",        "fcntl",     "signal",
    "resource",     "mmap",    "select",     "selectors", "multiprocessing",
    "threading",    "_thread", "concurrent", "asyncio",   "pickle",
    "marshal",      "shelve",  "dbm",        "sqlite3",   "tempfile",
    "glob",         "code",    "codeop",     "runpy",     "inspect",
    "gc",           "types",   "sysconfig",  "site",      "platform",
    "webbrowser",   "urllib",  "http",       "ftplib",    "smtplib",
    "telnetlib",    "ssl",     "requests",   "zipfile",   "tarfile",
    "gzip",         "bz2",     "lzma",       "zipimport", "pkgutil",
    "linecache",    "atexit",  "__main__",   "_io",       "_posixsubprocess",
    "faulthandler", "cffi",    "pdb",        "copyreg",   "distutils",
    "setuptools",
};

struct ForbiddenBuiltin
{
    std::string_view name, action;
};

constexpr ForbiddenBuiltin kForbiddenBuiltins[] = {
    {"open", "read or write files (use np.load / np.save)"},
    {"eval", "evaluate code from strings"},
    {"exec", "execute code from strings"},
    {"compile", "compile code from strings"},
    {"__import__", "import modules dynamically"},
    {"globals", "reach the interpreter's namespaces"},
    {"locals", "reach the interpreter's namespaces"},
    {"vars", "reach the interpreter's namespaces"},
    {"input", "read from standard input"},
    {"breakpoint", "start a debugger"},
    {"__build_class__", "create classes"},
};

/// Reports every forbidden construct; knows which names the module binds itself.
class SandboxScan
{
public:
    SandboxScan(DiagnosticSink &sink)
        : m_sink(sink)
    {
    }

    void collectBindings(Node *n, int depth)
    {
        if (!n || depth > 3000)
            return;
        switch (n->kind) {
        case NodeKind::Name:
            if (cast<Name>(n)->ctx != ExprContext::Load)
                m_bound.insert(cast<Name>(n)->id);
            break;
        case NodeKind::FunctionDef: {
            auto *f = cast<FunctionDef>(n);
            m_bound.insert(f->name);
            for (const Param &p : f->params.params)
                m_bound.insert(p.name);
            break;
        }
        case NodeKind::Lambda:
            for (const Param &p : cast<Lambda>(n)->params.params)
                m_bound.insert(p.name);
            break;
        case NodeKind::Import:
            for (const Alias &a : cast<Import>(n)->names)
                if (!a.asname.name.empty())
                    m_bound.insert(a.asname.name);
            break;
        case NodeKind::ImportFrom:
            for (const Alias &a : cast<ImportFrom>(n)->names)
                m_bound.insert(a.asname.name.empty() ? std::string_view(a.name) : a.asname.name);
            break;
        case NodeKind::Try:
            for (const ExceptHandler &h : cast<Try>(n)->handlers)
                if (!h.name.name.empty())
                    m_bound.insert(h.name.name);
            break;
        default:
            break;
        }
        forEachChild(n, [&](Node *c) { collectBindings(c, depth + 1); });
    }

    void scan(Node *n, int depth)
    {
        if (!n || depth > 3000)
            return;
        switch (n->kind) {
        case NodeKind::Import:
            for (const Alias &a : cast<Import>(n)->names)
                if (isForbiddenModule(a.name))
                    report(a.span, "import " + a.name, kModuleAction);
            break;
        case NodeKind::ImportFrom: {
            auto *imp = cast<ImportFrom>(n);
            if (isForbiddenModule(imp->module)) {
                report(n->span, "from " + imp->module + " import ...", kModuleAction);
                break;
            }
            for (const Alias &a : imp->names)
                if (a.name != "*" && isForbiddenModule(imp->module + "." + a.name))
                    report(a.span, "from " + imp->module + " import " + a.name, kModuleAction);
            break;
        }
        case NodeKind::Name: {
            auto *name = cast<Name>(n);
            std::string_view action;
            if (isForbiddenBuiltin(name->id, &action) && !m_bound.count(name->id))
                report(n->span, std::string(name->id), action);
            else if (isForbiddenAttribute(name->id))
                report(n->span, std::string(name->id), "reach the interpreter's internals");
            break;
        }
        case NodeKind::Attribute: {
            auto *a = cast<Attribute>(n);
            if (isForbiddenAttribute(a->attr))
                report(a->attrSpan,
                       "attribute '" + std::string(a->attr) + "'",
                       "reach the interpreter's internals");
            break;
        }
        case NodeKind::Call: {
            auto *c = cast<Call>(n);
            auto *fn = dynCast<Name>(c->func);
            if (!fn || m_bound.count(fn->id))
                break;
            if ((fn->id == "getattr" || fn->id == "hasattr" || fn->id == "setattr"
                 || fn->id == "delattr")
                && c->args.size() >= 2)
                if (auto *s = dynCast<Constant>(c->args[1]);
                    s && s->constKind == ConstantKind::String && isForbiddenAttribute(s->str))
                    report(s->span,
                           std::string(fn->id) + "(..., '" + s->str + "')",
                           "reach the interpreter's internals");
            if (fn->id == "type" && c->args.size() == 3)
                report(c->span, "type(name, bases, dict)", "create classes at run time");
            break;
        }
        default:
            break;
        }
        forEachChild(n, [&](Node *c) { scan(c, depth + 1); });
    }

    std::size_t count() const { return m_count; }

private:
    void report(SourceSpan span, std::string what, std::string_view action)
    {
        Diagnostic &d = m_sink.report(
            DiagKind::ForbiddenHostAccess, span, {std::move(what), std::string(action)});
        d.origin = DiagOrigin::Runtime;
        ++m_count;
    }

    DiagnosticSink &m_sink;
    std::set<std::string_view> m_bound;
    std::size_t m_count = 0;
};

} // namespace

std::size_t checkSandbox(const Module &module, DiagnosticSink &sink)
{
    SandboxScan scan(sink);
    for (Stmt *s : module.body)
        scan.collectBindings(s, 0);
    for (Stmt *s : module.body)
        scan.scan(s, 0);
    return scan.count();
}

bool isForbiddenModule(std::string_view dottedName)
{
    std::string_view top = dottedName.substr(0, dottedName.find('.'));
    for (std::string_view m : kForbiddenModules)
        if (top == m)
            return true;
    return false;
}

bool isForbiddenBuiltin(std::string_view name, std::string_view *action)
{
    for (const ForbiddenBuiltin &b : kForbiddenBuiltins)
        if (b.name == name) {
            if (action)
                *action = b.action;
            return true;
        }
    return false;
}

bool isForbiddenAttribute(std::string_view name)
{
    if (name.size() < 4 || !name.starts_with("__") || !name.ends_with("__"))
        return false;
    return name != "__name__" && name != "__qualname__" && name != "__doc__"
           && name != "__module__";
}

} // namespace tsm::host
