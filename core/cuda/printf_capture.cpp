#include "core/cuda/printf_capture.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <unistd.h>

namespace tsm::cuda {

OutputCapture::OutputCapture(int fd)
    : m_fd(fd)
{
    std::fflush(stdout);
    std::fflush(stderr);
    std::FILE *tmp = std::tmpfile();
    if (!tmp)
        return;
    m_file = dup(fileno(tmp));
    std::fclose(tmp); // the dup keeps the (already unlinked) file open
    m_saved = dup(m_fd);
    if (m_file < 0 || m_saved < 0 || dup2(m_file, m_fd) < 0) {
        if (m_saved >= 0)
            close(m_saved);
        if (m_file >= 0)
            close(m_file);
        m_saved = m_file = -1;
    }
}

OutputCapture::~OutputCapture()
{
    (void) finish();
}

std::string OutputCapture::finish()
{
    if (m_saved < 0)
        return {};
    std::fflush(stdout);
    std::fflush(stderr);
    dup2(m_saved, m_fd);
    close(m_saved);
    m_saved = -1;
    std::string text;
    if (lseek(m_file, 0, SEEK_SET) == 0) {
        char buf[65536];
        ssize_t n;
        while ((n = read(m_file, buf, sizeof buf)) > 0)
            text.append(buf, std::size_t(n));
    }
    close(m_file);
    m_file = -1;
    return text;
}

namespace {

/// The integers inside the first "(...)" after `key` in `line`; empty when absent.
std::vector<std::int64_t> numbersAfter(std::string_view line, std::string_view key)
{
    std::vector<std::int64_t> out;
    const auto at = line.find(key);
    if (at == std::string_view::npos)
        return out;
    const auto close = line.find(')', at);
    if (close == std::string_view::npos)
        return out;
    std::string inner(line.substr(at + key.size(), close - at - key.size()));
    const char *p = inner.c_str();
    while (*p) {
        char *end = nullptr;
        const long long v = std::strtoll(p, &end, 10);
        if (end == p) {
            ++p;
            continue;
        }
        out.push_back(v);
        p = end;
    }
    return out;
}

/// What follows the "idx (...)" of a device_print line up to its ':' ("x"), or the whole line.
std::string labelOf(std::string_view line)
{
    auto at = line.find("idx (");
    if (at == std::string_view::npos)
        return std::string(line);
    at = line.find(')', at);
    if (at == std::string_view::npos)
        return std::string(line);
    const auto colon = line.find(':', at);
    return std::string(line.substr(at + 1, colon == std::string_view::npos ? colon : colon - at - 1));
}

} // namespace

std::vector<std::pair<ProgramId, std::string>> groupByProgram(std::string_view text)
{
    struct Line
    {
        std::size_t statement; ///< first appearance of the line's label in its program
        std::vector<std::int64_t> idx;
        std::size_t order;
        std::string text;
    };
    // Key (z, y, x) orders programs as the interpreter runs them.
    std::map<std::array<std::int64_t, 3>, std::vector<Line>> programs;
    std::size_t order = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        if (line.empty())
            continue;
        std::vector<std::int64_t> pid = line.starts_with("pid (") ? numbersAfter(line, "pid (")
                                                                  : std::vector<std::int64_t>{};
        pid.resize(3, 0);
        std::vector<Line> &lines = programs[{pid[2], pid[1], pid[0]}];
        // The label ("x" in "pid (0, 0, 0) idx (3) x: 1.0") tells the print statements apart:
        // the threads of a program print one statement after another, so a statement's lines
        // stay together, in the order statements first appear, as the interpreter prints them.
        const std::string label = labelOf(line);
        std::size_t statement = lines.size();
        for (const Line &l : lines)
            if (labelOf(l.text) == label) {
                statement = l.statement;
                break;
            }
        lines.push_back({statement, numbersAfter(line, "idx ("), order++, std::string(line)});
    }
    std::vector<std::pair<ProgramId, std::string>> out;
    for (auto &[key, lines] : programs) {
        std::stable_sort(lines.begin(), lines.end(), [](const Line &a, const Line &b) {
            if (a.statement != b.statement)
                return a.statement < b.statement;
            return a.idx != b.idx ? a.idx < b.idx : a.order < b.order;
        });
        std::string chunk;
        for (const Line &l : lines)
            chunk += l.text + "\n";
        out.push_back({ProgramId{key[2], key[1], key[0]}, std::move(chunk)});
    }
    return out;
}

} // namespace tsm::cuda
