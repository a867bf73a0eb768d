#include "core/check/keyword_spans.h"

#include <algorithm>

namespace tsm::check {

namespace {

bool isIdentChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
           || static_cast<unsigned char>(c) >= 0x80;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\n';
}

} // namespace

std::optional<SourceSpan>
keywordAt(const SourceFile &file, std::uint32_t pos, std::string_view keyword)
{
    const std::string_view text = file.text();
    if (pos > text.size() || text.size() - pos < keyword.size())
        return std::nullopt;
    if (text.substr(pos, keyword.size()) != keyword)
        return std::nullopt;
    const std::size_t end = pos + keyword.size();
    if (end < text.size() && isIdentChar(text[end]))
        return std::nullopt;
    if (pos > 0 && isIdentChar(text[pos - 1]))
        return std::nullopt;
    return file.span(pos, static_cast<std::uint32_t>(end));
}

std::optional<SourceSpan>
punctuationAt(const SourceFile &file, std::uint32_t pos, std::string_view token)
{
    const std::string_view text = file.text();
    if (pos > text.size() || text.size() - pos < token.size()
        || text.substr(pos, token.size()) != token)
        return std::nullopt;
    return file.span(pos, pos + static_cast<std::uint32_t>(token.size()));
}

std::optional<SourceSpan>
keywordBefore(const SourceFile &file, std::uint32_t pos, std::string_view keyword)
{
    const std::string_view text = file.text();
    std::size_t i = std::min<std::size_t>(pos, text.size());
    while (i > 0 && (isSpace(text[i - 1]) || text[i - 1] == '\\'))
        --i;
    if (i < keyword.size())
        return std::nullopt;
    return keywordAt(file, static_cast<std::uint32_t>(i - keyword.size()), keyword);
}

std::optional<SourceSpan>
keywordAfter(const SourceFile &file, std::uint32_t pos, std::string_view keyword)
{
    const std::string_view text = file.text();
    std::size_t i = pos;
    while (i < text.size()) {
        if (isSpace(text[i]) || text[i] == '\\') {
            ++i;
        } else if (text[i] == '#') {
            while (i < text.size() && text[i] != '\n')
                ++i;
        } else {
            break;
        }
    }
    if (i >= text.size())
        return std::nullopt;
    return keywordAt(file, static_cast<std::uint32_t>(i), keyword);
}

std::optional<SourceSpan>
operatorBetween(const SourceFile &file, std::uint32_t leftEnd, std::uint32_t rightBegin)
{
    const std::string_view text = file.text();
    std::size_t b = leftEnd, e = std::min<std::size_t>(rightBegin, text.size());
    if (b >= e)
        return std::nullopt;
    while (b < e && (isSpace(text[b]) || text[b] == ')' || text[b] == '\\'))
        ++b;
    while (e > b && (isSpace(text[e - 1]) || text[e - 1] == '(' || text[e - 1] == '\\'))
        --e;
    if (b >= e || text.substr(b, e - b).find('#') != std::string_view::npos)
        return std::nullopt;
    return file.span(static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(e));
}

} // namespace tsm::check
