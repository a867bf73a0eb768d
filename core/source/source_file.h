#pragma once
// A source file's text and line table, and the byte-offset spans every token, node and
// diagnostic carries. Line and column are computed only when something is printed.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsm {

using FileId = std::uint32_t;

/// A half-open byte range [begin, end) in one file.
struct SourceSpan
{
    FileId file = 0;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;

    std::uint32_t size() const { return end - begin; }
    bool operator==(const SourceSpan &) const = default;
    /// The smallest span covering both (same file assumed).
    static SourceSpan cover(SourceSpan a, SourceSpan b);
};

/// 1-based line and column. `column` counts bytes; `displayColumn` counts code points.
struct LineCol
{
    std::uint32_t line = 1;
    std::uint32_t column = 1;
    std::uint32_t displayColumn = 1;
};

/// The text of one file plus its line-start table.
class SourceFile
{
public:
    SourceFile(FileId id, std::string path, std::string text);

    FileId id() const { return m_id; }
    const std::string &path() const { return m_path; }
    std::string_view text() const { return m_text; }
    std::uint32_t size() const { return static_cast<std::uint32_t>(m_text.size()); }

    /// Number of lines (a final line without '\n' counts; an empty file has one line).
    std::uint32_t lineCount() const { return static_cast<std::uint32_t>(m_lineStarts.size()); }
    /// Byte offset where 1-based `line` starts.
    std::uint32_t lineStart(std::uint32_t line) const;
    /// The text of 1-based `line` without its line terminator.
    std::string_view lineText(std::uint32_t line) const;
    /// Line and column of a byte offset (clamped to the file).
    LineCol lineCol(std::uint32_t offset) const;
    /// Byte offset of a 1-based line and byte column (clamped).
    std::uint32_t offsetOf(std::uint32_t line, std::uint32_t column) const;
    std::string_view slice(SourceSpan span) const;
    SourceSpan span(std::uint32_t begin, std::uint32_t end) const { return {m_id, begin, end}; }

private:
    FileId m_id;
    std::string m_path;
    std::string m_text;
    std::vector<std::uint32_t> m_lineStarts;
};

/// Owns every SourceFile of a run; FileIds index into it.
class SourceManager
{
public:
    const SourceFile &add(std::string path, std::string text);
    const SourceFile &file(FileId id) const { return *m_files.at(id); }
    std::size_t fileCount() const { return m_files.size(); }

private:
    std::vector<std::unique_ptr<SourceFile>> m_files;
};

/// Result of reading a file from disk for the front end.
enum class LoadError { None, NotFound, IsDirectory, Unreadable, Binary, NotUtf8 };

struct LoadResult
{
    LoadError error = LoadError::None;
    std::string text;
    std::string message; ///< why the file is unusable, for the user
};

/// Reads `path` and checks that it is a UTF-8 text file (NUL bytes mean binary).
LoadResult loadSourceText(const std::string &path);
/// `text` when given (a program sent rather than read: serve's `text`, checked as a file's
/// bytes are), else loadSourceText(path).
LoadResult loadSourceText(const std::string &path, const std::optional<std::string> &text);

/// True if `text` is valid UTF-8; `badOffset` gets the first invalid byte.
bool isValidUtf8(std::string_view text, std::size_t *badOffset = nullptr);

} // namespace tsm
