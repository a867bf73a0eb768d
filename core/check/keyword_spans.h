#pragma once
// Finds the span of a keyword or operator in the source text near a node, for diagnostics that
// point at `try`, `else`, `for` or `in` rather than at a whole statement (the AST keeps spans of
// nodes, not of every token). Each helper checks the text and returns nothing on a mismatch.

#include "core/source/source_file.h"

#include <optional>
#include <string_view>

namespace tsm::check {

/// `keyword` if the text at `pos` starts with it (as a whole word).
std::optional<SourceSpan>
keywordAt(const SourceFile &file, std::uint32_t pos, std::string_view keyword);

/// `token` (punctuation such as "{") if the text at `pos` starts with it.
std::optional<SourceSpan>
punctuationAt(const SourceFile &file, std::uint32_t pos, std::string_view token);

/// `keyword` ending just before `pos`, skipping whitespace and line continuations.
std::optional<SourceSpan>
keywordBefore(const SourceFile &file, std::uint32_t pos, std::string_view keyword);

/// `keyword` after `pos`, skipping whitespace, line continuations and comments.
std::optional<SourceSpan>
keywordAfter(const SourceFile &file, std::uint32_t pos, std::string_view keyword);

/// The text between two operands with whitespace and parentheses trimmed ("not in", "<").
std::optional<SourceSpan>
operatorBetween(const SourceFile &file, std::uint32_t leftEnd, std::uint32_t rightBegin);

} // namespace tsm::check
