#pragma once
// `tilesmith profile FILE [--kernel NAME] [--metrics fast|roofline|sol|LIST] [--json]`: runs the
// program on the GPU as `run` (or `test` / `bench` with --mode) with profiler/launch_profiler.h
// watching its launches, then prints the profile table (or a `profile` JSON event).

#include "app/cli/run_command.h"

#include <iosfwd>
#include <string>

namespace tsm::cli {

struct ProfileCommandOptions
{
    RunCommandOptions program;
    std::string kernel;
    std::string metrics = "fast";
    bool libraryKernels = false;
    bool stalls = false;
};

int runProfile(ProfileCommandOptions opts, std::ostream &out, std::ostream &err);

} // namespace tsm::cli
