#pragma once
// Which pointer parameters a kernel may write through: after a launch the CUDA backend marks
// only those storages as newer on the device, so that reading an input back on the host costs
// no download.

#include "core/ir/ir.h"

#include <vector>

namespace tsm::cuda {

/// One entry per ir::Kernel::params: true when a store or atomic's pointer may derive from that
/// (pointer) parameter. Conservative: a store through a pointer of unknown origin (loaded from
/// memory, made from an integer of no known parameter) counts as a write to every pointer
/// parameter.
std::vector<bool> writtenPointerParams(const ir::Kernel &kernel);
/// The same for loads and atomics: whether a launch may read through each pointer parameter.
std::vector<bool> readPointerParams(const ir::Kernel &kernel);

} // namespace tsm::cuda
