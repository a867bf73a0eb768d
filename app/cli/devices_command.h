#pragma once
// `tilesmith devices [--json]`: every CUDA device with its compute capability, SM count,
// memory, L2 size and the copy bandwidth measured now; on a machine without a driver or GPU it
// says why and exits 0 (the interpreter still runs everything).

#include <iosfwd>

namespace tsm::cli {

struct DevicesOptions
{
    bool json = false;
};

int runDevices(const DevicesOptions &opts, std::ostream &out, std::ostream &err);

} // namespace tsm::cli
