// pandas' DataFrame.__repr__ and to_csv for perf_report tables (pandas/io/formats/format.py:
// FloatArrayFormatter, _trim_zeros_float, DataFrameFormatter, adjoin).

#include "core/host/triton_bench_table.h"

#include "core/host/object.h"
#include "core/host/py_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tsm::host {

namespace {

enum class ColumnKind { Int, Float, Object };

constexpr int kPrecision = 6;        // display.precision
constexpr std::size_t kMaxRows = 60; // display.max_rows
constexpr std::size_t kMinRows = 10; // display.min_rows

/// The cell as pandas holds it after its per-row type inference.
Value cellOf(const BenchTable &t, std::size_t row, std::size_t col)
{
    const Value &v = t.rows[row][col];
    if (t.rowAllNumeric[row] && v.isIntLike())
        return Value::real(double(v.asInt()));
    return v;
}

ColumnKind columnKind(const BenchTable &t, std::size_t col)
{
    bool allInt = true, allNumber = true;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        Value v = cellOf(t, r, col);
        if (v.isNone()) {
            allInt = false; // NaN in a float column
            continue;
        }
        if (!v.isNumber() || v.isBool())
            allNumber = false;
        if (!v.isIntLike())
            allInt = false;
    }
    if (allNumber && allInt && !t.rows.empty())
        return ColumnKind::Int;
    return allNumber ? ColumnKind::Float : ColumnKind::Object;
}

std::string printf1(const char *fmt, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

/// "{: .6f}" (Python): a space for the sign of non-negative numbers; inf/nan spelled out.
std::string fixed(double v, bool sci)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? " inf" : "-inf";
    std::string s = printf1(sci ? "%.6e" : "%.6f", v);
    return (s[0] == '-') ? s : " " + s;
}

bool isPlainDecimal(const std::string &s)
{
    std::size_t i = 0;
    while (i < s.size() && s[i] == ' ')
        ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    std::size_t digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        ++i, ++digits;
    if (!digits || i >= s.size() || s[i] != '.')
        return false;
    ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        ++i;
    return i == s.size();
}

/// pandas' _trim_zeros_float: drop trailing zeros equally from every decimal, keep one.
void trimZeros(std::vector<std::string> &values)
{
    auto shouldTrim = [&] {
        bool any = false;
        for (const std::string &s : values)
            if (isPlainDecimal(s)) {
                any = true;
                if (s.back() != '0')
                    return false;
            }
        return any;
    };
    while (shouldTrim())
        for (std::string &s : values)
            if (isPlainDecimal(s))
                s.pop_back();
    for (std::string &s : values)
        if (isPlainDecimal(s) && s.back() == '.')
            s += '0';
}

std::vector<std::string> formatFloatColumn(const std::vector<double> &vals)
{
    auto format = [&](bool sci) {
        std::vector<std::string> out;
        for (double v : vals)
            out.push_back(fixed(v, sci));
        if (!sci)
            trimZeros(out);
        return out;
    };
    std::vector<std::string> out = format(false);
    std::size_t maxLen = 0;
    bool large = false, small = false;
    for (std::size_t i = 0; i < vals.size(); ++i) {
        maxLen = std::max(maxLen, out[i].size());
        double a = std::fabs(vals[i]);
        if (std::isnan(a))
            continue;
        large |= a > 1e6;
        small |= a < std::pow(10.0, -kPrecision) && a > 0;
    }
    bool tooLong = maxLen > std::size_t(kPrecision + 6);
    if (small || (tooLong && large))
        out = format(true);
    return out;
}

std::vector<std::string>
formatColumn(const BenchTable &t, std::size_t col, const std::vector<std::size_t> &rows)
{
    ColumnKind kind = columnKind(t, col);
    std::vector<std::string> out;
    if (kind == ColumnKind::Float) {
        std::vector<double> vals;
        for (std::size_t r : rows) {
            Value v = cellOf(t, r, col);
            vals.push_back(v.isNone() ? std::nan("") : v.asNumber());
        }
        return formatFloatColumn(vals);
    }
    for (std::size_t r : rows) {
        Value v = cellOf(t, r, col);
        if (kind == ColumnKind::Int)
            out.push_back((v.asInt() < 0 ? "" : " ") + std::to_string(v.asInt()));
        else if (v.isFloat()) {
            std::vector<std::string> one{fixed(v.asFloat(), false)};
            trimZeros(one);
            out.push_back(one[0]);
        } else
            out.push_back(" " + pyStr(v));
    }
    return out;
}

std::string padLeft(const std::string &s, std::size_t w)
{
    return s.size() >= w ? s : std::string(w - s.size(), ' ') + s;
}

std::string padRight(const std::string &s, std::size_t w)
{
    return s.size() >= w ? s : s + std::string(w - s.size(), ' ');
}

} // namespace

std::string formatBenchTable(const BenchTable &t)
{
    std::size_t n = t.rows.size();
    if (n == 0) {
        std::string cols;
        for (std::size_t i = 0; i < t.columns.size(); ++i)
            cols += (i ? ", " : "") + t.columns[i];
        return "Empty DataFrame\nColumns: [" + cols + "]\nIndex: []";
    }
    bool truncated = n > kMaxRows;
    std::vector<std::size_t> shown;
    for (std::size_t r = 0; r < n; ++r)
        if (!truncated || r < kMinRows / 2 || r >= n - kMinRows / 2)
            shown.push_back(r);
    std::size_t dotsAt = truncated ? kMinRows / 2 : std::size_t(-1);

    // Index column: left-aligned, blank header.
    std::vector<std::string> index{""};
    for (std::size_t r : shown)
        index.push_back(std::to_string(r));
    if (truncated)
        index.insert(index.begin() + 1 + std::ptrdiff_t(dotsAt), "..");
    std::size_t indexWidth = 0;
    for (const std::string &s : index)
        indexWidth = std::max(indexWidth, s.size());

    std::vector<std::vector<std::string>> cols;
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        std::vector<std::string> vals = formatColumn(t, c, shown);
        if (truncated)
            vals.insert(vals.begin() + std::ptrdiff_t(dotsAt), "...");
        // pandas gives numeric columns' headers the same leading space as their values.
        std::string header
            = columnKind(t, c) == ColumnKind::Object ? t.columns[c] : " " + t.columns[c];
        std::size_t w = header.size();
        for (const std::string &s : vals)
            w = std::max(w, s.size());
        std::vector<std::string> col{padLeft(header, w)};
        for (const std::string &s : vals)
            col.push_back(padLeft(s, w));
        cols.push_back(std::move(col));
    }
    std::string out;
    for (std::size_t line = 0; line < index.size(); ++line) {
        std::string text = padRight(index[line], indexWidth);
        for (const auto &col : cols)
            text += " " + col[line];
        if (line)
            out += '\n';
        out += text;
    }
    if (truncated)
        out += "\n\n[" + std::to_string(n) + " rows x " + std::to_string(t.columns.size())
               + " columns]";
    return out;
}

std::string benchTableCsv(const BenchTable &t)
{
    auto quote = [](const std::string &s) {
        if (s.find_first_of(",\"\n") == std::string::npos)
            return s;
        std::string q = "\"";
        for (char ch : s)
            q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return q + "\"";
    };
    std::string out;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        out += (c ? "," : "") + quote(t.columns[c]);
    out += '\n';
    std::vector<ColumnKind> kinds;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        kinds.push_back(columnKind(t, c));
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            if (c)
                out += ',';
            Value v = cellOf(t, r, c);
            if (v.isNone())
                continue;
            if (kinds[c] == ColumnKind::Int)
                out += std::to_string(v.asInt());
            else if (v.isNumber() && !v.isBool())
                out += std::isnan(v.asNumber()) ? "" : printf1("%.1f", v.asNumber());
            else
                out += quote(pyStr(v));
        }
        out += '\n';
    }
    return out;
}

} // namespace tsm::host
