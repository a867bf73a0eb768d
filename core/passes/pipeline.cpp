#include "core/passes/pipeline.h"

#include "core/ir/printer.h"
#include "core/passes/passes.h"

#include <chrono>
#include <map>

namespace tsm::passes {

using codegen::Layout;
using codegen::LoweredKernel;

namespace {

struct Pass
{
    const char *name;
    bool (*run)(LoweredKernel &lk, DiagnosticSink &diags);
};

/// The CUDA pipeline, in order (shared/design/CODEGEN.md).
const Pass kPasses[] = {
    {"verify", [](LoweredKernel &lk, DiagnosticSink &d) { return verifyLowered(lk, d); }},
    {"check-supported",
     [](LoweredKernel &lk, DiagnosticSink &d) { return checkSupported(lk.kernel, d); }},
    {"combine-dot-add",
     [](LoweredKernel &lk, DiagnosticSink &) { return combineDotAdd(lk), true; }},
    {"transpose-dot-loads",
     [](LoweredKernel &lk, DiagnosticSink &) { return transposeDotLoads(lk), true; }},
    {"pipeline-dot-loads",
     [](LoweredKernel &lk, DiagnosticSink &) { return pipelineDotLoads(lk), true; }},
    {"axis-analysis",
     [](LoweredKernel &lk, DiagnosticSink &) { return analyzeAxesPass(lk), true; }},
    {"assign-layouts", [](LoweredKernel &lk, DiagnosticSink &) { return assignLayouts(lk), true; }},
    {"remove-conversions",
     [](LoweredKernel &lk, DiagnosticSink &) { return removeConversions(lk), true; }},
    {"verify-layouts", [](LoweredKernel &lk, DiagnosticSink &d) { return verifyLowered(lk, d); }},
};

/// TTGIR-style names for the distinct layouts of a kernel: #blocked, #blocked1, ...; a layout
/// that is a blocked one with a dimension removed prints as #slice<dim, parent>.
class LayoutNames
{
public:
    explicit LayoutNames(const LoweredKernel &lk)
    {
        // Values in program order (the table also holds values the passes left unused).
        std::vector<ir::ValueId> live;
        collect(lk.kernel.body, live);
        for (bool blockedPass : {true, false})
            for (ir::ValueId v : live)
                if (v < lk.layouts.size() && lk.layouts[v]
                    && (lk.layouts[v]->blocked || !blockedPass))
                    name(*lk.layouts[v]);
    }

    const std::string &operator()(const Layout &l) { return name(l); }
    const std::string &header() const { return m_header; }

private:
    static void collect(const ir::Region &r, std::vector<ir::ValueId> &out)
    {
        out.insert(out.end(), r.args.begin(), r.args.end());
        for (const ir::Op &op : r.ops) {
            out.insert(out.end(), op.results.begin(), op.results.end());
            for (const ir::Region &inner : op.regions)
                collect(inner, out);
        }
    }

    static std::string key(const Layout &l)
    {
        std::string s;
        for (const auto *v : {&l.shape, &l.regBases, &l.laneBases, &l.warpBases}) {
            for (std::int64_t x : *v)
                s += std::to_string(x) + ",";
            s += "|";
        }
        return s;
    }

    const std::string &name(const Layout &l)
    {
        const std::string k = key(l);
        if (auto it = m_names.find(k); it != m_names.end())
            return it->second;
        std::string base, text;
        if (l.blocked) {
            base = "#blocked";
            text = l.toString();
        } else if (const std::string *same = sameAsBlocked(l)) {
            return m_names.emplace(k, *same).first->second;
        } else if (!l.encoding.empty()) {
            base = "#mma";
            text = l.toString();
        } else if (std::string s = sliceText(l); !s.empty()) {
            base = "#slice";
            text = s;
        } else {
            base = "#linear";
            text = l.toString();
        }
        // A blocked encoding is shape-independent: one name per parameter set.
        if (l.blocked)
            if (auto it = m_byText.find(text); it != m_byText.end())
                return m_names.emplace(k, it->second).first->second;
        int &n = m_count[base];
        std::string alias = base + (n ? std::to_string(n) : "");
        ++n;
        m_header += alias + " = " + text + "\n";
        m_byText.emplace(text, alias);
        m_blockedLayouts.push_back({alias, l});
        return m_names.emplace(k, alias).first->second;
    }

    /// A derived layout (an expand_dims result) that is a named blocked encoding over its shape.
    const std::string *sameAsBlocked(const Layout &l) const
    {
        for (const auto &[alias, parent] : m_blockedLayouts)
            if (parent.blocked && parent.rank() == l.rank()
                && codegen::blockedLayout(l.shape, *parent.blocked).sameAs(l))
                return &alias;
        return nullptr;
    }

    std::string sliceText(const Layout &l) const
    {
        for (const auto &[alias, parent] : m_blockedLayouts) {
            if (!parent.blocked || parent.rank() != l.rank() + 1)
                continue;
            for (int d = 0; d <= l.rank(); ++d) {
                std::vector<std::int64_t> shape = l.shape;
                shape.insert(shape.begin() + d, 1);
                const Layout b = codegen::reshapedLayout(
                    codegen::blockedLayout(shape, *parent.blocked), l.shape);
                if (b.sameAs(l))
                    return "#slice<dim=" + std::to_string(d) + ", parent=" + alias + ">";
            }
        }
        return {};
    }

    std::map<std::string, std::string> m_names, m_byText;
    std::map<std::string, int> m_count;
    std::vector<std::pair<std::string, Layout>> m_blockedLayouts;
    std::string m_header;
};

} // namespace

std::optional<LoweredKernel> lowerForCuda(std::shared_ptr<const ir::Kernel> kernel,
                                          const PipelineOptions &options,
                                          DiagnosticSink &diags,
                                          std::vector<PassTiming> *timings)
{
    LoweredKernel lk;
    lk.source = kernel;
    lk.kernel = *kernel;
    lk.computeCapability = options.computeCapability;
    lk.tmaStores = options.tmaStores;
    for (const Pass &pass : kPasses) {
        const auto start = std::chrono::steady_clock::now();
        const bool ok = pass.run(lk, diags);
        const std::chrono::duration<double, std::milli> took
            = std::chrono::steady_clock::now() - start;
        if (timings)
            timings->push_back({pass.name, took.count()});
        if (!ok)
            return std::nullopt;
        if (options.dumpAfter)
            options.dumpAfter(pass.name, lk);
    }
    return lk;
}

std::vector<std::string> cudaPassNames()
{
    std::vector<std::string> names;
    for (const Pass &pass : kPasses)
        names.emplace_back(pass.name);
    return names;
}

std::string printLowered(const LoweredKernel &lk, const SourceFile *file)
{
    LayoutNames names(lk);
    ir::PrintOptions options;
    options.file = file;
    options.annotate = [&](ir::ValueId v) -> std::string {
        if (v >= lk.layouts.size() || !lk.layouts[v])
            return {};
        return names(*lk.layouts[v]);
    };
    std::string body = ir::printKernel(lk.kernel, options);
    return names.header() + body;
}

} // namespace tsm::passes
