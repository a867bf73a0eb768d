#include "editor/api_completion.h"

#include "core/host/library_module.h"
#include "core/host/torch_module.h"
#include "core/sema/builtin_registry.h"
#include "editor/torch_signatures.h"

#include <QRegularExpression>

namespace tsm {
namespace {

bool identChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

/// `dotted` with its first name replaced through the file's imports ("tl.math" ->
/// "triton.language.math").
QString expandImports(const QString &dotted, const QString &source)
{
    const QString head = dotted.section(QLatin1Char('.'), 0, 0);
    const QString rest = dotted.section(QLatin1Char('.'), 1);
    auto join = [&](const QString &path) { return rest.isEmpty() ? path : path + QLatin1Char('.') + rest; };
    // import a.b.c as x
    static const QRegularExpression importAs(QStringLiteral(R"(^[ \t]*import[ \t]+([\w.]+)[ \t]+as[ \t]+(\w+))"),
                                             QRegularExpression::MultilineOption);
    // from a.b import c [as x]
    static const QRegularExpression fromImport(
        QStringLiteral(R"(^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\w+)(?:[ \t]+as[ \t]+(\w+))?)"),
        QRegularExpression::MultilineOption);
    for (auto it = importAs.globalMatch(source); it.hasNext();) {
        const auto m = it.next();
        if (m.captured(2) == head)
            return join(m.captured(1));
    }
    for (auto it = fromImport.globalMatch(source); it.hasNext();) {
        const auto m = it.next();
        const QString alias = m.captured(3).isEmpty() ? m.captured(2) : m.captured(3);
        if (alias == head)
            return join(m.captured(1) + QLatin1Char('.') + m.captured(2));
    }
    return dotted; // `import triton` binds its own name
}

/// The harness's torch module (core/host/torch_module.h), built once: the names programs can
/// use from torch, torch.nn.functional, torch.testing... Their call tips come from
/// editor/torch_signatures.h: the torch subset is implemented by the host interpreter, not
/// described in the builtin registry.
const host::LibraryModule *torchModuleAt(const QString &path)
{
    static const std::shared_ptr<host::LibraryModule> torch = host::makeTorchModule();
    const QStringList parts = path.split(QLatin1Char('.'));
    if (parts.isEmpty() || parts.front() != QLatin1String("torch"))
        return nullptr;
    const host::LibraryModule *m = torch.get();
    for (int i = 1; i < parts.size() && m; ++i) {
        const host::Value *v = m->find(parts[i].toStdString());
        m = v ? v->as<host::LibraryModule>() : nullptr;
    }
    return m;
}

} // namespace

QString resolveApiModule(const QString &dotted, const QString &source)
{
    if (dotted.isEmpty())
        return {};
    const QString path = expandImports(dotted, source);
    const auto module = builtinModuleFromPath(path.toStdString());
    if (!module)
        return {};
    const std::string_view canonical = builtinModulePath(*module);
    return QString::fromUtf8(canonical.data(), qsizetype(canonical.size()));
}

QStringList apiCompletions(const QString &dotted, const QString &source)
{
    const QString path = resolveApiModule(dotted, source);
    if (path.isEmpty()) {
        // torch and its submodules, as the interpreter implements them (`import torch`, `import
        // torch.nn.functional as F`).
        QStringList names;
        if (!dotted.isEmpty())
            if (const host::LibraryModule *m = torchModuleAt(expandImports(dotted, source)))
                for (const std::string &n : m->attributeNames())
                    if (!n.starts_with('_'))
                        names << QString::fromStdString(n);
        names.sort();
        names.removeDuplicates();
        return names;
    }
    QStringList names;
    for (const BuiltinInfo *info : builtinsOfModule(*builtinModuleFromPath(path.toStdString())))
        if (!info->name.starts_with('_'))
            names << QString::fromUtf8(info->name.data(), qsizetype(info->name.size()));
    names.sort();
    names.removeDuplicates();
    return names;
}

QString apiCallTip(const QString &dotted, const QString &source)
{
    const int dot = int(dotted.lastIndexOf(QLatin1Char('.')));
    if (dot <= 0)
        return {};
    const QString module = resolveApiModule(dotted.left(dot), source);
    if (module.isEmpty()) // torch.softmax, F.silu after `import torch.nn.functional as F`
        return torchCallTip(expandImports(dotted, source));
    const BuiltinInfo *info = findBuiltin(module.toStdString(), dotted.mid(dot + 1).toStdString());
    if (!info || info->signature.empty())
        return {};
    auto q = [](std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); };
    QString tip = q(info->name) + q(info->signature);
    if (!info->doc.empty())
        tip += QLatin1Char('\n') + q(info->doc);
    return tip;
}

QString dottedNameBefore(const QString &line, int end)
{
    int begin = std::min(end, int(line.size()));
    while (begin > 0 && (identChar(line[begin - 1]) || line[begin - 1] == QLatin1Char('.')))
        --begin;
    QString name = line.mid(begin, end - begin);
    while (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1);
    if (name.isEmpty() || name.front().isDigit())
        return {};
    return name;
}

} // namespace tsm
