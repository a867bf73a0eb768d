#include "core/ir/printer.h"

#include <charconv>
#include <cstdio>
#include <map>
#include <span>
#include <string_view>

namespace tsm::ir {
namespace {

constexpr std::string_view kPredicates[] = {"eq", "ne", "lt", "le", "gt", "ge"};
constexpr std::string_view kAtomicKinds[] = {"add", "max", "min", "and", "or", "xor", "xchg"};
constexpr std::string_view kSems[] = {"acq_rel", "acquire", "release", "relaxed"};
constexpr std::string_view kCaches[] = {"", ".ca", ".cg", ".cv"};
constexpr std::string_view kEvicts[] = {"", "evict_first", "evict_last"};
constexpr std::string_view kHints[] = {"multiple_of", "max_contiguous", "max_constancy"};
constexpr std::string_view kPrecisions[] = {"tf32", "tf32x3", "ieee"};

std::string_view pick(std::span<const std::string_view> names, std::int64_t v)
{
    return v >= 0 && std::size_t(v) < names.size() ? names[std::size_t(v)] : std::string_view();
}

std::string formatDouble(double v)
{
    char buf[40];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, end);
    if (s.find_first_of(".eina") == std::string::npos)
        s += ".0";
    return s;
}

class Printer
{
public:
    Printer(const Kernel &k, const PrintOptions &options)
        : m_kernel(k)
        , m_file(options.file)
        , m_annotate(options.annotate)
        , m_names(k.values.size())
    {
    }

    std::string run()
    {
        m_out += "kernel @" + m_kernel.name + "(";
        bool first = true;
        for (const Param &p : m_kernel.params) {
            if (!first)
                m_out += ", ";
            first = false;
            if (p.value == kNoValue) {
                m_out += p.name + (p.isConstexpr ? ": constexpr" : ": folded");
                continue;
            }
            m_out += name(p.value) + ": " + typeToString(m_kernel.type(p.value));
        }
        m_out += ") num_warps=" + std::to_string(m_kernel.numWarps) + " {\n";
        region(m_kernel.body, 1, false);
        m_out += "}\n";
        return std::move(m_out);
    }

private:
    std::string name(ValueId v)
    {
        if (v >= m_names.size())
            return "%<bad " + std::to_string(v) + ">";
        std::string &n = m_names[v];
        if (!n.empty())
            return n;
        const std::string &hint = m_kernel.values[v].name;
        if (hint.empty()) {
            n = "%" + std::to_string(v);
        } else {
            int &count = m_used[hint];
            n = "%" + hint + (count ? "_" + std::to_string(count) : "");
            ++count;
        }
        return n;
    }

    void indent(int depth) { m_out.append(std::size_t(depth) * 2, ' '); }

    void region(const Region &r, int depth, bool withArgs)
    {
        if (withArgs) {
            indent(depth - 1);
            m_out += "^(";
            for (std::size_t k = 0; k < r.args.size(); ++k) {
                if (k)
                    m_out += ", ";
                m_out += name(r.args[k]) + ": " + typeToString(m_kernel.type(r.args[k]))
                         + annotation(r.args[k]);
            }
            m_out += "):\n";
        }
        for (const Op &op : r.ops)
            print(op, depth);
    }

    void attrs(const Op &op)
    {
        std::string_view spec = opAttrSpec(op.code);
        std::string list;
        auto add = [&](std::string_view key, const std::string &value) {
            list += list.empty() ? "" : ", ";
            list += std::string(key) + " = " + value;
        };
        while (!spec.empty()) {
            const std::size_t comma = spec.find(',');
            const std::string_view item = spec.substr(0, comma);
            spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
            const std::size_t colon = item.find(':');
            const std::string_view field = item.substr(0, colon), key = item.substr(colon + 1);
            attr(op, field, key, add);
        }
        if (!list.empty())
            m_out += " {" + list + "}";
    }

    template <class Add>
    void attr(const Op &op, std::string_view field, std::string_view key, Add &add)
    {
        if (op.code == OpCode::Constant)
            return; // printed as the operand
        if (field == "i") {
            if (key == "predicate")
                return add(key, std::string(pick(kPredicates, op.i)));
            if (key == "kind" && op.code == OpCode::AtomicRMW)
                return add(key, std::string(pick(kAtomicKinds, op.i)));
            if (key == "kind" && op.code == OpCode::Hint)
                return add(key, std::string(pick(kHints, op.i)));
            if (key == "cache")
                return op.i ? add(key, std::string(pick(kCaches, op.i))) : void();
            if (key == "input_precision")
                return add(key, std::string(pick(kPrecisions, op.i)));
            if (key == "axis" || op.i != 0)
                add(key, std::to_string(op.i));
        } else if (field == "f") {
            add(key, formatDouble(op.f));
        } else if (field == "ints") {
            if ((key == "max_num_imprecise_acc" || key == "tensor_desc") && op.ints.empty())
                return; // the default: no partial accumulation, not a descriptor's block
            std::string s = "[";
            for (std::size_t k = 0; k < op.ints.size(); ++k)
                s += (k ? ", " : "") + std::to_string(op.ints[k]);
            add(key, s + "]");
        } else if (field == "str") {
            if (key != "scope" || !op.str.empty()) // an atomic's default scope (gpu) is not printed
                add(key, "\"" + op.str + "\"");
        } else if (field == "dtype") {
            add(key, std::string(dtypeShortName(op.dtype)));
        } else if (field == "flags" && op.flags) {
            if (key == "sem")
                add(key, std::string(pick(kSems, op.flags)));
            else if (key == "evict")
                add(key, std::string(pick(kEvicts, op.flags)));
            else
                add(key, std::to_string(op.flags));
        }
    }

    void print(const Op &op, int depth)
    {
        indent(depth);
        for (std::size_t k = 0; k < op.results.size(); ++k)
            m_out += (k ? ", " : "") + name(op.results[k]);
        if (!op.results.empty())
            m_out += " = ";
        m_out += opName(op.code);
        if (op.code == OpCode::Math)
            m_out += "." + op.str;
        if (op.code == OpCode::Constant && !op.results.empty()) {
            const DType t = m_kernel.type(op.results[0]).dtype;
            m_out += " " + (isFloat(t) ? formatDouble(op.f) : std::to_string(op.i));
        }
        for (std::size_t k = 0; k < op.operands.size(); ++k)
            m_out += (k ? ", " : " ") + name(op.operands[k]);
        if (op.code != OpCode::Math)
            attrs(op);
        types(op);
        location(op);
        m_out += "\n";
        for (std::size_t k = 0; k < op.regions.size(); ++k) {
            const bool args = !op.regions[k].args.empty();
            region(op.regions[k], depth + 1, args);
            if (k + 1 < op.regions.size()) {
                indent(depth);
                m_out += "} else {\n";
            }
        }
        if (!op.regions.empty()) {
            indent(depth);
            m_out += "}\n";
        }
    }

    void types(const Op &op)
    {
        if (op.results.empty() && op.regions.empty())
            return;
        m_out += " : ";
        for (std::size_t k = 0; k < op.results.size(); ++k)
            m_out += (k ? ", " : "") + typeToString(m_kernel.type(op.results[k]))
                     + annotation(op.results[k]);
        if (!op.regions.empty())
            m_out += op.results.empty() ? "{" : " {";
    }

    std::string annotation(ValueId v) const
    {
        if (!m_annotate)
            return {};
        std::string a = m_annotate(v);
        return a.empty() ? a : " " + a;
    }

    void location(const Op &op)
    {
        if (!m_file || op.span.end == 0)
            return;
        m_out += "  # L" + std::to_string(m_file->lineCol(op.span.begin).line);
    }

    const Kernel &m_kernel;
    const SourceFile *m_file;
    std::function<std::string(ValueId)> m_annotate;
    std::vector<std::string> m_names;
    std::map<std::string, int> m_used;
    std::string m_out;
};

} // namespace

std::string printKernel(const Kernel &kernel, const SourceFile *file)
{
    PrintOptions options;
    options.file = file;
    return Printer(kernel, options).run();
}

std::string printKernel(const Kernel &kernel, const PrintOptions &options)
{
    return Printer(kernel, options).run();
}

} // namespace tsm::ir
