#include "golden_expectations.h"

#include <regex>

namespace tsm::golden {

GoldenFile parseGoldenFile(std::string_view text)
{
    GoldenFile g;
    const std::size_t marker = text.find(kDumpMarker);
    if (marker == std::string_view::npos) {
        g.input = std::string(text);
    } else {
        g.input = std::string(text.substr(0, marker));
        std::string dump;
        std::string_view rest = text.substr(marker + kDumpMarker.size());
        while (!rest.empty()) {
            const std::size_t nl = rest.find('\n');
            std::string_view line = rest.substr(0, nl);
            if (line.starts_with("# "))
                line.remove_prefix(2);
            else if (line == "#")
                line = {};
            dump += line;
            dump += '\n';
            if (nl == std::string_view::npos)
                break;
            rest.remove_prefix(nl + 1);
        }
        g.dump = dump;
    }

    static const std::regex re(R"(#\s*CHECK-(ERROR|WARNING|NOTE)(@([+-]\d+))?:\s*([A-Za-z]+)(:\s*(.*\S))?\s*$)");
    unsigned lineNo = 1;
    std::size_t pos = 0;
    const std::string &in = g.input;
    while (pos <= in.size()) {
        std::size_t nl = in.find('\n', pos);
        if (nl == std::string::npos)
            nl = in.size();
        const std::string line = in.substr(pos, nl - pos);
        const std::size_t at = line.find("# CHECK-");
        if (at != std::string::npos) {
            std::smatch m;
            const std::string tail = line.substr(at);
            if (std::regex_search(tail, m, re)) {
                Expectation e;
                e.severity = m[1].str() == "ERROR" ? "error" : m[1].str() == "WARNING" ? "warning" : "note";
                e.kind = m[4].str();
                e.text = m[6].matched ? m[6].str() : "";
                const int delta = m[3].matched ? std::stoi(m[3].str()) : 0;
                e.line = static_cast<unsigned>(static_cast<int>(lineNo) + delta);
                e.sourceLine = lineNo;
                g.expectations.push_back(e);
            } else {
                g.problems.push_back("line " + std::to_string(lineNo) + ": malformed CHECK: " + tail);
            }
        }
        ++lineNo;
        pos = nl + 1;
    }
    return g;
}

std::string withDump(std::string_view input, std::string_view dump)
{
    std::string out(input);
    out += kDumpMarker;
    std::size_t pos = 0;
    while (pos < dump.size()) {
        std::size_t nl = dump.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = dump.size();
        const std::string_view line = dump.substr(pos, nl - pos);
        out += line.empty() ? "#" : "# ";
        out += line;
        out += '\n';
        pos = nl + 1;
    }
    return out;
}

} // namespace tsm::golden
