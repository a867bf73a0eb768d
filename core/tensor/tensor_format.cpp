// print(tensor), following torch/_tensor_str.py step by step: _Formatter picks int/fixed/
// scientific mode and one width over the (summarized) values, _vector_str wraps rows at the line
// width, _tensor_str_with_formatter nests them, _add_suffixes appends device= / dtype= / size=.

#include "core/tensor/tensor_format.h"

#include "core/tensor/tensor_impl.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace tsm::tensor {

using namespace detail;

PrintOptions &printOptions()
{
    static PrintOptions options;
    return options;
}

void resetPrintOptions()
{
    printOptions() = PrintOptions{};
}

std::string formatPythonFloat(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v < 0 ? "-inf" : "inf";
    if (v == 0)
        return std::signbit(v) ? "-0.0" : "0.0";
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    const std::string sci(buf, res.ptr);
    // sci is "[-]d[.ddd]e[+-]XX": split into sign, digits and the decimal exponent.
    const std::size_t e = sci.find('e');
    std::string mant = sci.substr(0, e);
    const int exp = std::stoi(sci.substr(e + 1));
    const bool negative = mant[0] == '-';
    if (negative)
        mant.erase(0, 1);
    std::string digits;
    for (char c : mant)
        if (c != '.')
            digits += c;
    std::string out = negative ? "-" : "";
    if (exp < -4 || exp >= 16) {
        out += digits.substr(0, 1);
        if (digits.size() > 1)
            out += "." + digits.substr(1);
        char ebuf[16];
        std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
        return out + ebuf;
    }
    if (exp < 0)
        return out + "0." + std::string(std::size_t(-exp - 1), '0') + digits;
    const std::size_t intDigits = std::size_t(exp) + 1;
    if (digits.size() <= intDigits)
        return out + digits + std::string(intDigits - digits.size(), '0') + ".0";
    return out + digits.substr(0, intDigits) + "." + digits.substr(intDigits);
}

namespace {

/// printf-style number formatting that prints NaN as Python does ("nan", never "-nan").
std::string cformat(const char *spec, int precision, double v)
{
    if (std::isnan(v))
        return "nan";
    char buf[512];
    std::snprintf(buf, sizeof buf, spec, precision, v);
    return buf;
}

std::string padLeft(const std::string &s, std::size_t width)
{
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

class Formatter
{
public:
    Formatter(DType dtype,
              const std::vector<double> &values,
              const std::vector<std::int64_t> &ints,
              const PrintOptions &opts)
        : m_float(isFloat(dtype))
        , m_bool(isBool(dtype))
        , m_opts(opts)
    {
        if (!m_float) {
            for (std::size_t i = 0; i < ints.size(); ++i)
                m_width = std::max(m_width, intString(ints[i]).size());
            return;
        }
        std::vector<double> finite;
        for (double v : values)
            if (std::isfinite(v) && v != 0)
                finite.push_back(v);
        if (!finite.empty()) {
            double lo = std::abs(finite[0]), hi = lo;
            for (double v : finite) {
                lo = std::min(lo, std::abs(v));
                hi = std::max(hi, std::abs(v));
                if (v != std::ceil(v))
                    m_intMode = false;
            }
            const bool wide = hi / lo > 1000.0 || hi > 1.0e8;
            if (m_intMode) {
                m_sciMode = wide;
                for (double v : finite)
                    m_width = std::max(m_width,
                                       wide ? cformat("%.*e", opts.precision, v).size()
                                            : cformat("%.*f", 0, v).size() + 1);
            } else {
                m_sciMode = wide || lo < 1.0e-4;
                for (double v : finite)
                    m_width = std::max(
                        m_width, cformat(m_sciMode ? "%.*e" : "%.*f", opts.precision, v).size());
            }
        }
        if (opts.sciMode)
            m_sciMode = *opts.sciMode;
    }

    std::size_t width() const { return m_width; }

    std::string format(double v, std::int64_t i) const
    {
        std::string s;
        if (!m_float)
            s = intString(i);
        else if (m_sciMode)
            s = cformat("%.*e", m_opts.precision, v);
        else if (m_intMode)
            s = cformat("%.*f", 0, v) + (std::isfinite(v) ? "." : "");
        else
            s = cformat("%.*f", m_opts.precision, v);
        return padLeft(s, m_width);
    }

private:
    std::string intString(std::int64_t v) const
    {
        return m_bool ? (v ? "True" : "False") : std::to_string(v);
    }

    bool m_float, m_bool;
    const PrintOptions &m_opts;
    bool m_intMode = true, m_sciMode = false;
    std::size_t m_width = 1;
};

struct Printer
{
    const PrintOptions &opts;
    const Formatter &fmt;
    bool summarize;

    std::string element(const Tensor &t) const
    {
        const std::byte *p = t.storage()->data() + t.storageOffset() * t.elementSize();
        return fmt.format(isFloat(t.dtype()) ? readElementDouble(t.dtype(), p) : 0.0,
                          isFloat(t.dtype()) ? 0 : readElementInt(t.dtype(), p));
    }

    std::string vector(const Tensor &t, std::int64_t indent) const
    {
        const std::int64_t elementLength = std::int64_t(fmt.width()) + 2;
        const std::int64_t perLine
            = std::max<std::int64_t>(1, (opts.linewidth - indent) / elementLength);
        std::vector<std::string> data;
        const std::int64_t n = t.shape()[0];
        if (summarize && n > 2 * opts.edgeitems) {
            for (std::int64_t i = 0; i < opts.edgeitems; ++i)
                data.push_back(element(t.select(0, i)));
            data.push_back(" ...");
            for (std::int64_t i = n - opts.edgeitems; i < n; ++i)
                data.push_back(element(t.select(0, i)));
        } else {
            for (std::int64_t i = 0; i < n; ++i)
                data.push_back(element(t.select(0, i)));
        }
        std::string out = "[";
        for (std::size_t i = 0; i < data.size(); ++i) {
            if (i > 0)
                out += std::int64_t(i) % perLine == 0
                           ? ",\n" + std::string(std::size_t(indent + 1), ' ')
                           : ", ";
            out += data[i];
        }
        return out + "]";
    }

    std::string tensor(const Tensor &t, std::int64_t indent) const
    {
        if (t.dim() == 0)
            return element(t);
        if (t.dim() == 1)
            return vector(t, indent);
        std::vector<std::string> slices;
        const std::int64_t n = t.shape()[0];
        if (summarize && n > 2 * opts.edgeitems) {
            for (std::int64_t i = 0; i < opts.edgeitems; ++i)
                slices.push_back(tensor(t.select(0, i), indent + 1));
            slices.push_back("...");
            for (std::int64_t i = n - opts.edgeitems; i < n; ++i)
                slices.push_back(tensor(t.select(0, i), indent + 1));
        } else {
            for (std::int64_t i = 0; i < n; ++i)
                slices.push_back(tensor(t.select(0, i), indent + 1));
        }
        const std::string sep = "," + std::string(std::size_t(t.dim() - 1), '\n')
                                + std::string(std::size_t(indent + 1), ' ');
        std::string out = "[";
        for (std::size_t i = 0; i < slices.size(); ++i)
            out += (i ? sep : "") + slices[i];
        return out + "]";
    }
};

/// The values get_summarized_data keeps (edge items of every dim when summarizing).
void summarizedValues(const Tensor &t,
                      bool summarize,
                      std::int64_t edge,
                      std::vector<double> &dv,
                      std::vector<std::int64_t> &iv)
{
    if (t.dim() == 0) {
        const std::byte *p = t.storage()->data() + t.storageOffset() * t.elementSize();
        if (isFloat(t.dtype()))
            dv.push_back(readElementDouble(t.dtype(), p));
        else
            iv.push_back(readElementInt(t.dtype(), p));
        return;
    }
    const std::int64_t n = t.shape()[0];
    for (std::int64_t i = 0; i < n; ++i) {
        if (summarize && n > 2 * edge && i == edge)
            i = n - edge;
        summarizedValues(t.select(0, i), summarize, edge, dv, iv);
    }
}

std::string pythonTuple(const Shape &shape)
{
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

std::string addSuffixes(const std::string &text,
                        const std::vector<std::string> &suffixes,
                        std::int64_t indent,
                        std::int64_t linewidth)
{
    std::string out = text;
    const std::size_t nl = text.rfind('\n');
    std::int64_t lastLineLen
        = std::int64_t(text.size()) - (nl == std::string::npos ? -1 : std::int64_t(nl)) + 1;
    for (const std::string &suffix : suffixes) {
        const std::int64_t len = std::int64_t(suffix.size());
        if (lastLineLen + len + 2 > linewidth) {
            out += ",\n" + std::string(std::size_t(indent), ' ') + suffix;
            lastLineLen = indent + len;
        } else {
            out += ", " + suffix;
            lastLineLen += len + 2;
        }
    }
    return out + ")";
}

} // namespace

std::string formatTensor(const Tensor &t)
{
    return formatTensor(t, printOptions());
}

std::string formatTensor(const Tensor &t, const PrintOptions &opts)
{
    const std::string prefix = "tensor(";
    const std::int64_t indent = std::int64_t(prefix.size());
    std::vector<std::string> suffixes;
    if (t.device().isCuda())
        suffixes.push_back("device='" + t.device().str() + "'");
    const DType dtype = t.isWrappedNumber() && isFloat(t.dtype()) ? DType::F64 : t.dtype();
    const bool defaultDtype = dtype == DType::F32 || dtype == DType::I64 || dtype == DType::I1;
    std::string body;
    if (t.numel() == 0) {
        if (t.dim() != 1)
            suffixes.push_back("size=" + pythonTuple(t.shape()));
        if (dtype != DType::F32)
            suffixes.push_back("dtype=" + torchDTypeName(dtype));
        body = "[]";
    } else {
        if (!defaultDtype)
            suffixes.push_back("dtype=" + torchDTypeName(dtype));
        const bool summarize = t.numel() > opts.threshold;
        std::vector<double> dv;
        std::vector<std::int64_t> iv;
        summarizedValues(t, summarize, opts.edgeitems, dv, iv);
        const Formatter fmt(dtype, dv, iv, opts);
        body = Printer{opts, fmt, summarize}.tensor(t, indent);
    }
    return addSuffixes(prefix + body, suffixes, indent, opts.linewidth);
}

} // namespace tsm::tensor
