#pragma once
// `tilesmith emit FILE --tokens | --ast | --ir | --cuda | --ptx | --sass | --cubin PATH`: the
// front end's view of a file, and one kernel specialized for a launch signature (`--kernel K
// --signature '...'`, core/sema/signature_parse.h) as typed block IR, CUDA C, PTX, SASS or a
// cubin. `--dump-after=all|PASS` prints the IR with layouts after the CUDA passes; `--timings`
// prints each compile stage's time on stderr.

#include <iosfwd>
#include <optional>
#include <string>

namespace tsm::cli {

struct EmitOptions
{
    std::string file;
    /// The file's source, used under its name instead of reading it (serve's `text`).
    std::optional<std::string> text;
    std::string what; ///< "tokens", "ast", "ir", "cuda", "ptx", "sass", "cubin"; may be empty with
                      ///< dumpAfter / timings
    std::string kernel;      ///< --kernel: the @triton.jit function
    std::string signature;   ///< --signature: "x_ptr=*fp32:16, n=i32, BLOCK=1024"
    bool standalone = false; ///< --standalone (with --cuda): compiles alone with nvcc
    std::string arch;        ///< --arch sm_XY; empty: the device's, else sm_90
    std::string cubinPath;   ///< --cubin PATH
    std::string dumpAfter;   ///< --dump-after=all|PASS
    bool timings = false;    ///< --timings
};

int runEmit(const EmitOptions &opts, std::ostream &out, std::ostream &err);

} // namespace tsm::cli
