#pragma once
// `tilesmith check FILE...`: diagnostics as text (file:line:col: error: message [Kind], the
// source line, a caret) or as JSON Lines. Exit 0 clean, 1 errors, 2 unusable input.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tsm::cli {

struct CheckOptions
{
    std::vector<std::string> files;
    bool json = false;
    /// The source of the one file in `files`, checked under its name instead of reading it
    /// (serve's `text`, docs/serve.md).
    std::optional<std::string> text;
};

int runCheck(const CheckOptions &opts, std::ostream &out, std::ostream &err);

} // namespace tsm::cli
