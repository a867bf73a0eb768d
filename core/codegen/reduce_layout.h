#pragma once
// Which distributed layouts a reduction or scan along an axis can run in (the layout pass picks
// them, the layout contract checks them, the emitter relies on them).

#include "core/codegen/layout.h"

namespace tsm::codegen {

/// Whether every basis of `l` lies entirely along dimension `axis` or entirely off it: a
/// reduction along `axis` then combines registers, lanes and warps separately, and its result
/// is sliceLayout(l, axis). Blocked layouts are.
bool axisSeparable(const Layout &l, int axis);

/// Whether a scan along `axis` can run in `l`: axisSeparable, the axis coordinate's low bits
/// are registers (in register-bit order), the next ones lanes 0, 1, ... (so shuffles run in
/// segments of consecutive lanes), the highest ones warps; every axis basis is one bit.
bool scanFriendly(const Layout &l, int axis);

/// The #blocked layout a scan along `axis` uses when its operand's layout is not scanFriendly:
/// each thread a contiguous run along `axis`, lanes then warps along it.
Layout scanLayout(const std::vector<std::int64_t> &shape, int axis, int numWarps);

} // namespace tsm::codegen
