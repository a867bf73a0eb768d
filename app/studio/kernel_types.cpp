#include "app/studio/kernel_types.h"

#include "core/sema/signature_parse.h"
#include "core/sema/specializer.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace tsm {
namespace {

QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

const ast::FunctionDef *findFunction(const ast::Module &module, const QString &name)
{
    const QByteArray utf8 = name.toUtf8();
    const std::string_view n(utf8.constData(), std::size_t(utf8.size()));
    for (const ast::Stmt *s : module.body)
        if (const auto *f = ast::dynCast<ast::FunctionDef>(s); f && f->name == n)
            return f;
    return nullptr;
}

// One argument as the signature spells it: "i32:16", "*fp32:16", "1024" (a constexpr's value).
QString argText(const sema::ArgSpec &a)
{
    if (a.kind == sema::ArgSpec::Kind::Constexpr)
        return QString::fromStdString(a.value.repr());
    sema::Signature one;
    one.args = {a};
    return QString::fromStdString(one.key()).section(QStringLiteral(" | "), 0, 0);
}

// What tells the last specialization apart from the others: the arguments that differ
// ("n_elements=i32:16, BLOCK_SIZE=1024") and the launch options, when they do.
QString summary(const ast::FunctionDef &fn,
                const std::vector<std::pair<QString, sema::Signature>> &specializations)
{
    const sema::Signature &last = specializations.back().second;
    QStringList differing;
    for (std::size_t i = 0; i < last.args.size() && i < fn.params.params.size(); ++i) {
        const bool differs
            = std::any_of(specializations.begin(), specializations.end(), [&](const auto &s) {
                  return !(s.second.args[i] == last.args[i]);
              });
        if (differs)
            differing << qstr(fn.params.params[i].name) + QLatin1Char('=') + argText(last.args[i]);
    }
    for (const auto &s : specializations) {
        if (s.second.numWarps != last.numWarps || s.second.numStages != last.numStages) {
            differing
                << QStringLiteral("warps=%1 stages=%2").arg(last.numWarps).arg(last.numStages);
            break;
        }
    }
    if (!differing.isEmpty())
        return differing.join(QStringLiteral(", "));
    return specializations.back().first.section(QStringLiteral(" | "), 0, 0);
}

bool overlaps(SourceSpan a, SourceSpan b)
{
    if (a.begin == b.begin)
        return true;
    return a.begin < b.end && b.begin < a.end;
}

bool isError(const Diagnostic &d)
{
    return d.severity == Severity::Error;
}

} // namespace

void KernelSignatures::record(const QString &path, const QString &kernel, const QString &signature)
{
    auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry &e) {
        return e.path == path && e.kernel == kernel;
    });
    if (it == m_entries.end()) {
        m_entries.push_back({path, kernel, {}, m_run});
        it = m_entries.end() - 1;
    } else if (it->run != m_run) {
        it->signatures.clear();
        it->run = m_run;
    }
    it->signatures.removeAll(signature);
    it->signatures.push_back(signature);
}

KernelSignatures KernelSignatures::forFile(const QString &path) const
{
    KernelSignatures out;
    out.m_run = m_run;
    for (const Entry &e : m_entries)
        if (e.path == path)
            out.m_entries.push_back(e);
    return out;
}

QStringList KernelSignatures::kernels() const
{
    QStringList names;
    for (const Entry &e : m_entries)
        if (!names.contains(e.kernel))
            names << e.kernel;
    return names;
}

QStringList KernelSignatures::signatures(const QString &kernel) const
{
    QStringList sigs;
    for (const Entry &e : m_entries)
        if (e.kernel == kernel)
            sigs << e.signatures;
    return sigs;
}

QString KernelTypes::hoverAt(int offset) const
{
    const auto it = std::find_if(values.begin(), values.end(), [offset](const ValueTypeAt &v) {
        return v.begin <= offset && offset < v.end;
    });
    if (it == values.end())
        return {};
    QString text = it->name + QStringLiteral(": ") + it->type;
    for (const Kernel &k : kernels)
        if (k.name == it->kernel && k.specializations > 1)
            text += QStringLiteral("  (last of %1 specializations: %2)")
                        .arg(k.specializations)
                        .arg(k.last);
    return text;
}

namespace {

/// "fp32[1024]" when every call site agrees; else each kernel's types, as
/// "fp32[1024] in swish_kernel; fp16[1024], fp16[64] in gelu_kernel".
QString typesText(const std::vector<std::pair<QString, QString>> &typed)
{
    if (std::all_of(typed.begin(), typed.end(), [&](const auto &t) { return t.second == typed[0].second; }))
        return typed.empty() ? QString() : typed[0].second;
    QStringList kernels, parts;
    for (const auto &[kernel, type] : typed)
        if (!kernels.contains(kernel))
            kernels << kernel;
    for (const QString &kernel : kernels) {
        QStringList types;
        for (const auto &[k, type] : typed)
            if (k == kernel)
                types << type;
        parts << types.join(QStringLiteral(", ")) + QStringLiteral(" in ") + kernel;
    }
    return parts.join(QStringLiteral("; "));
}

/// The kernel that typed a name when only one did (its specializations are then summarized).
QString singleKernel(const std::vector<std::pair<QString, QString>> &typed)
{
    for (const auto &t : typed)
        if (t.first != typed[0].first)
            return {};
    return typed.empty() ? QString() : typed[0].first;
}

} // namespace

KernelAnalysis analyzeKernels(const SourceFile &file,
                              const ast::Module &module,
                              const KernelSignatures &signatures,
                              const std::vector<Diagnostic> &frontEnd)
{
    KernelAnalysis out;
    // A name in a @triton.jit helper is typed once per call site of each kernel that inlines
    // it: every distinct (kernel, type) is kept, in the order found.
    struct SpanTypes
    {
        QString name;
        std::vector<std::pair<QString, QString>> typed; ///< (kernel, type)
    };
    std::map<std::pair<std::uint32_t, std::uint32_t>, SpanTypes> bySpan;
    std::set<std::tuple<int, std::uint32_t, std::uint32_t, std::string>> reported;
    const auto coveredByFrontEnd = [&](SourceSpan span) {
        return std::any_of(frontEnd.begin(), frontEnd.end(), [&](const Diagnostic &d) {
            return isError(d) && overlaps(d.span, span);
        });
    };

    for (const QString &name : signatures.kernels()) {
        const ast::FunctionDef *fn = findFunction(module, name);
        if (!fn)
            continue; // renamed or deleted since the run
        std::vector<std::pair<QString, sema::Signature>> valid;
        for (const QString &text : signatures.signatures(name)) {
            const QByteArray utf8 = text.toUtf8();
            auto sig = sema::parseSignature(
                std::string_view(utf8.constData(), std::size_t(utf8.size())), *fn, nullptr);
            if (sig)
                valid.emplace_back(text, std::move(*sig)); // stale ones are dropped silently
        }
        if (valid.empty())
            continue;
        // While the front end finds an error in the kernel, sema would only repeat it.
        const bool quiet = coveredByFrontEnd(fn->span);
        const sema::KernelSource source{file, module, *fn, {}};
        for (std::size_t i = 0; i < valid.size(); ++i) {
            const bool last = i + 1 == valid.size();
            sema::NamedValueTypes named;
            sema::SpecializeOptions options;
            if (last)
                options.namedTypes = &named;
            DiagnosticSink sink;
            sema::specialize(source, valid[i].second, sink, options);
            for (const sema::NamedValueType &n : named) {
                SpanTypes &e = bySpan[{n.span.begin, n.span.end}];
                e.name = qstr(n.name);
                const std::pair<QString, QString> typed{name, qstr(n.type)};
                if (std::find(e.typed.begin(), e.typed.end(), typed) == e.typed.end())
                    e.typed.push_back(typed);
            }
            if (quiet)
                continue;
            for (Diagnostic &d : sink.takeDiagnostics()) {
                if (coveredByFrontEnd(d.span)
                    || !reported.emplace(int(d.kind), d.span.begin, d.span.end, d.message).second)
                    continue;
                d.notes.push_back({{},
                                   false,
                                   "with the signature of the last run of " + name.toStdString()
                                       + ": " + valid[i].first.toStdString()});
                out.diagnostics.push_back(std::move(d));
            }
        }
        out.types.kernels.push_back({name, int(valid.size()), summary(*fn, valid)});
    }
    for (const auto &[span, e] : bySpan)
        out.types.values.push_back(
            {int(span.first), int(span.second), e.name, typesText(e.typed), singleKernel(e.typed)});
    return out;
}

} // namespace tsm
