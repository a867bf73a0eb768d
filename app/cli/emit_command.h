#pragma once
// `tilesmith emit FILE --tokens | --ast`: the front end's view of a file. The compiled forms
// (--ir, --cuda, --ptx, --sass) arrive with the CUDA backend and say so until then.

#include <iosfwd>
#include <string>

namespace tsm::cli {

struct EmitOptions
{
    std::string file;
    std::string what; ///< "tokens", "ast", "ir", "cuda", "ptx", "sass"
};

int runEmit(const EmitOptions &opts, std::ostream &out, std::ostream &err);

} // namespace tsm::cli
