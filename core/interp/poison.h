#pragma once
// Integer division by zero on lanes nobody looks at. `x // 0` gives garbage on the GPU, and
// kernels routinely divide on lanes that a mask discards later (`y = 100 // tl.load(p, mask=m,
// other=0)` then `tl.store(q, y, mask=m)`). The interpreter reports a division by zero only
// when one of its garbage lanes is observed: by an active lane of a store, load, atomic, print,
// assert or assume, by a control-flow condition or loop bound, or as any lane of a reduction,
// scan or dot input. Until then the lanes are "poisoned": every instruction after the
// division propagates poison lane by lane (elementwise ops, shape ops, tl.where by the chosen
// side, a load's `other` on masked-off lanes). Programs that never divide by zero pay nothing:
// the division sets Stop::Poisoned and only then does runBlock switch to the tracking loop.
// Internal to core/interp.

#include "core/interp/frame.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tsm::interp {

/// Which lanes of which slots hold garbage from a division by zero, in the running program.
struct PoisonState
{
    /// Per slot: empty when clean, else one code per element (0 = clean lane). A code is
    /// (origin index + 1) << kElementBits | the division's element index.
    std::vector<std::vector<std::uint64_t>> lanes;
    /// The division instructions that produced poison.
    std::vector<const Instr *> origins;
    /// Counts divisions by zero, to see whether a combine region produced one.
    std::uint64_t created = 0;
    /// The code of the first lane of the most recent division by zero.
    std::uint64_t lastCode = 0;

    static constexpr int kElementBits = 40;
};

/// Called by IDiv / IRem with the lanes whose divisor is zero (the result there is 0): marks
/// them poisoned in the result slot and puts the program in Stop::Poisoned.
void poisonDivisionByZero(const Instr &ins, Frame &f, std::span<const std::int64_t> zeroLanes);

/// passValues under Stop::Poisoned: block arguments and results take their sources' poison.
void passPoison(Frame &f, std::span<const SlotId> from, std::span<const SlotId> targets);

/// Reports the division behind a poisoned lane of `slot` used by `user` (a while loop's
/// condition); false when the slot is clean.
bool reportIfPoisoned(const Instr &user, Frame &f, SlotId slot);

} // namespace tsm::interp
