#pragma once
// `tilesmith emit FILE --tokens | --ast | --ir`: the front end's view of a file, and the typed
// block IR of one kernel specialized for a launch signature (`--kernel K --signature '...'`,
// core/sema/signature_parse.h). --cuda, --ptx and --sass arrive with the CUDA backend.

#include <iosfwd>
#include <string>

namespace tsm::cli {

struct EmitOptions
{
    std::string file;
    std::string what;      ///< "tokens", "ast", "ir", "cuda", "ptx", "sass"
    std::string kernel;    ///< --kernel: the @triton.jit function (--ir)
    std::string signature; ///< --signature: "x_ptr=*fp32:16, n=i32, BLOCK=1024" (--ir)
};

int runEmit(const EmitOptions &opts, std::ostream &out, std::ostream &err);

} // namespace tsm::cli
