#pragma once
// `tilesmith serve`: the runner process the studio starts (ARCHITECTURE.md, issue 6). It speaks
// JSON Lines on stdin / stdout (docs/serve.md, protocol version 1): one request per line in
// ({"id", "request": check | emit | devices | run | test | bench | cancel | shutdown, ...}), and
// out the same events as the command line's --json, each tagged with its request's id, ending
// with a "done" event carrying the exit code. Requests run one at a time, in order; cancel stops
// the running one at its next statement or launch, or drops a queued one. The GPU work happens
// in this process, so a kernel that brings it down takes no editor with it.

#include <iosfwd>

namespace tsm::cli {

/// Serves until "shutdown" or the end of `in`; returns 0.
int runServe(std::istream &in, std::ostream &out);

} // namespace tsm::cli
