#pragma once
// The `code` request of `tilesmith serve` (docs/serve.md): one specialization of one kernel
// built once and returned in every form the studio's Generated Code views show — typed block IR,
// CUDA C (and the standalone .cu that "Export CUDA…" writes), PTX, SASS when a disassembler is
// present — with ptxas's resource report, the theoretical occupancy and each stage's time.
// Stages that cannot be produced here (no NVRTC, no disassembler) say why instead.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tsm::cli {

struct CodeViewsRequest
{
    std::string file;                ///< the file's path (names it in #line and diagnostics)
    std::optional<std::string> text; ///< the editor's text; absent: read `file`
    std::string kernel;              ///< the @triton.jit function
    std::string signature;           ///< either form of core/sema/signature_parse.h
    std::string arch;                ///< sm_XY; empty: the device's, else sm_90
};

struct CodeViewsResult
{
    /// The `code` event (without "id"), or a null json when the kernel could not be built.
    nlohmann::json event;
    /// `diagnostic` events: why it could not be built, or warnings.
    std::vector<nlohmann::json> diagnostics;
    /// 0 built, 1 the program has errors, 2 unusable request (message in `error`).
    int exitCode = 0;
    std::string error;
};

CodeViewsResult buildCodeViews(const CodeViewsRequest &request);

} // namespace tsm::cli
