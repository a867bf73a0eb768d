#include "core/source/source_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace tsm {

SourceSpan SourceSpan::cover(SourceSpan a, SourceSpan b)
{
    return {a.file, std::min(a.begin, b.begin), std::max(a.end, b.end)};
}

SourceFile::SourceFile(FileId id, std::string path, std::string text)
    : m_id(id)
    , m_path(std::move(path))
    , m_text(std::move(text))
{
    m_lineStarts.push_back(0);
    for (std::uint32_t i = 0; i < m_text.size(); ++i) {
        const char c = m_text[i];
        if (c == '\n') {
            m_lineStarts.push_back(i + 1);
        } else if (c == '\r') {
            if (i + 1 < m_text.size() && m_text[i + 1] == '\n')
                ++i;
            m_lineStarts.push_back(i + 1);
        }
    }
}

std::uint32_t SourceFile::lineStart(std::uint32_t line) const
{
    if (line == 0)
        return 0;
    if (line > m_lineStarts.size())
        return size();
    return m_lineStarts[line - 1];
}

std::string_view SourceFile::lineText(std::uint32_t line) const
{
    if (line == 0 || line > m_lineStarts.size())
        return {};
    std::uint32_t begin = m_lineStarts[line - 1];
    std::uint32_t end = line < m_lineStarts.size() ? m_lineStarts[line] : size();
    while (end > begin && (m_text[end - 1] == '\n' || m_text[end - 1] == '\r'))
        --end;
    return std::string_view(m_text).substr(begin, end - begin);
}

LineCol SourceFile::lineCol(std::uint32_t offset) const
{
    offset = std::min(offset, size());
    auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const auto line = static_cast<std::uint32_t>(it - m_lineStarts.begin());
    const std::uint32_t start = m_lineStarts[line - 1];
    std::uint32_t display = 1;
    std::uint32_t column = offset - start + 1;
    std::uint32_t from = start;
    // A UTF-8 byte-order mark is not a character of line 1 (Python drops it when decoding).
    if (start == 0 && m_text.compare(0, 3, "\xEF\xBB\xBF") == 0 && offset >= 3) {
        column -= 3;
        from = 3;
    }
    for (std::uint32_t i = from; i < offset; ++i) {
        if ((static_cast<unsigned char>(m_text[i]) & 0xC0) != 0x80)
            ++display;
    }
    return {line, column, display};
}

std::uint32_t SourceFile::offsetOf(std::uint32_t line, std::uint32_t column) const
{
    const std::uint32_t start = lineStart(line);
    const std::uint32_t lineLen = static_cast<std::uint32_t>(lineText(line).size());
    return start + std::min(column == 0 ? 0 : column - 1, lineLen);
}

std::string_view SourceFile::slice(SourceSpan span) const
{
    const std::uint32_t b = std::min(span.begin, size());
    const std::uint32_t e = std::min(std::max(span.end, b), size());
    return std::string_view(m_text).substr(b, e - b);
}

const SourceFile &SourceManager::add(std::string path, std::string text)
{
    const auto id = static_cast<FileId>(m_files.size());
    m_files.push_back(std::make_unique<SourceFile>(id, std::move(path), std::move(text)));
    return *m_files.back();
}

bool isValidUtf8(std::string_view s, std::size_t *badOffset)
{
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        std::uint32_t cp = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 1;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3;
            cp = c & 0x07;
        } else {
            if (badOffset)
                *badOffset = i;
            return false;
        }
        for (std::size_t k = 1; k <= n; ++k) {
            if (i + k >= s.size() || (static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) {
                if (badOffset)
                    *badOffset = i;
                return false;
            }
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        }
        const bool overlong = (n == 1 && cp < 0x80) || (n == 2 && cp < 0x800)
                              || (n == 3 && cp < 0x10000);
        if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            if (badOffset)
                *badOffset = i;
            return false;
        }
        i += n + 1;
    }
    return true;
}

namespace {

/// `r` with an error when its text is binary (NUL bytes) or not UTF-8.
LoadResult checkedText(LoadResult r)
{
    if (r.text.find('\0') != std::string::npos) {
        r.error = LoadError::Binary;
        r.message = "looks like a binary file (it contains NUL bytes)";
        r.text.clear();
        return r;
    }
    std::size_t bad = 0;
    if (!isValidUtf8(r.text, &bad)) {
        r.error = LoadError::NotUtf8;
        r.message = "is not valid UTF-8 (first bad byte at offset " + std::to_string(bad) + ")";
        r.text.clear();
        return r;
    }
    // A UTF-8 byte-order mark is allowed and skipped by the lexer, as Python does.
    return r;
}

} // namespace

LoadResult loadSourceText(const std::string &path)
{
    LoadResult r;
    struct stat st{};
    if (::stat(path.c_str(), &st) != 0) {
        r.error = errno == ENOENT ? LoadError::NotFound : LoadError::Unreadable;
        r.message = errno == ENOENT ? "no such file" : std::strerror(errno);
        return r;
    }
    if (S_ISDIR(st.st_mode)) {
        r.error = LoadError::IsDirectory;
        r.message = "is a directory, not a Python file";
        return r;
    }
    if (!S_ISREG(st.st_mode)) {
        r.error = LoadError::Unreadable;
        r.message = "is not a regular file";
        return r;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        r.error = LoadError::Unreadable;
        r.message = std::strerror(errno);
        return r;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    r.text = ss.str();
    return checkedText(std::move(r));
}

LoadResult loadSourceText(const std::string &path, const std::optional<std::string> &text)
{
    if (!text)
        return loadSourceText(path);
    LoadResult r;
    r.text = *text;
    return checkedText(std::move(r));
}

} // namespace tsm
