#pragma once
// Inline expectations of a golden test file (tests/golden/README.md): `# CHECK-ERROR: Kind`
// lines and the trailing `# ---- DUMP ----` block.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::golden {

struct Expectation
{
    std::string severity; ///< "error", "warning" or "note"
    std::string kind;     ///< diagnostic kind name
    std::string text;     ///< message substring, may be empty
    unsigned line = 0;    ///< 1-based target line
    unsigned sourceLine = 0; ///< where the CHECK comment is
};

inline constexpr std::string_view kDumpMarker = "\n# ---- DUMP ----\n";

struct GoldenFile
{
    std::string input;                   ///< the text the phase runs on (before the DUMP block)
    std::optional<std::string> dump;     ///< the expected dump, prefixes removed
    std::vector<Expectation> expectations;
    std::vector<std::string> problems;   ///< malformed CHECK lines
};

/// Splits a golden file into its input, expected dump and expectations.
GoldenFile parseGoldenFile(std::string_view text);

/// The file text with its DUMP block replaced by `dump`.
std::string withDump(std::string_view input, std::string_view dump);

} // namespace tsm::golden
