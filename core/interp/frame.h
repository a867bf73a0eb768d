#pragma once
// What one interpreter thread runs programs on: the slot buffers of a ProgramPlan, the current
// program id, the first error, and the launch's argument memory. Internal to core/interp.

#include "core/diag/diagnostic.h"
#include "core/interp/program_plan.h"
#include "core/sema/dtype.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

/// Aborts with file:line for IR that violates ops.def (a compiler bug, never a user error).
#define TSM_INTERP_ASSERT(cond)                                                                    \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ::tsm::interp::internalError(__FILE__, __LINE__, #cond);                               \
    } while (0)

namespace tsm::interp {

[[noreturn]] void internalError(const char *file, int line, const char *what);

/// One kernel argument: a pointer's allocation, or a scalar's value.
struct ArgMemory
{
    /// Pointers: the whole Storage the tensor lives in (views share it).
    const std::byte *base = nullptr;
    std::int64_t size = 0;
    std::string label;
    bool isPointer = false;
    /// Ints and bools: the value; pointers: the tensor's byte offset into the storage.
    std::int64_t scalarBits = 0;
    double scalarFloat = 0.0;
};

/// Shared by every thread of one launch.
struct LaunchState
{
    const ProgramPlan *plan = nullptr;
    std::vector<ArgMemory> args; ///< one per kernel parameter
    std::int64_t grid[3] = {1, 1, 1};
    const std::atomic<bool> *cancel = nullptr;
    /// Serializes atomics when programs run on several threads.
    std::mutex *atomicMutex = nullptr;
};

/// Why runBlock stopped. Poisoned does not stop: an integer division by zero left garbage
/// lanes, and the program goes on tracking where they flow (poison.h).
enum class Stop : std::uint8_t { None, Return, Error, Poisoned };

struct PoisonState;

struct Frame
{
    explicit Frame(const ProgramPlan &plan);

    const ProgramPlan &plan;
    const LaunchState *launch = nullptr;
    std::vector<std::byte *> slot;
    std::int64_t pid[3] = {0, 0, 0};
    Stop stop = Stop::None;
    std::optional<Diagnostic> error;
    std::string printed;
    /// Garbage lanes of divisions by zero, while stop == Stop::Poisoned (poison.h).
    std::shared_ptr<PoisonState> poison;

    template <class T> T *ptr(SlotId s) const { return reinterpret_cast<T *>(slot[s]); }
    std::int64_t bytes(SlotId s) const { return plan.slots[s].elements * plan.slots[s].elemBytes; }
    void copySlot(SlotId dst, SlotId src) { std::memcpy(slot[dst], slot[src], bytes(dst)); }

    /// Records the first error of this program and stops it.
    void fail(DiagKind kind, SourceSpan span, std::vector<std::string> args);
    /// "(3, 0, 0)"
    std::string programString() const;
    bool cancelled() const
    {
        return launch->cancel && launch->cancel->load(std::memory_order_relaxed);
    }

private:
    std::vector<std::byte> m_arena;
};

/// runBlock from instruction `from` on with poison tracking; `after` is the instruction that
/// just poisoned the program, or null (poison.cpp).
bool runBlockTracked(const Block &block, std::size_t from, Frame &frame, const Instr *after);

/// Runs a block's instructions until one stops the program; false when stopped.
inline bool runBlock(const Block &block, Frame &frame)
{
    if (frame.stop == Stop::Poisoned) [[unlikely]]
        return runBlockTracked(block, 0, frame, nullptr);
    const std::size_t n = block.instrs.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Instr &ins = block.instrs[i];
        ins.fn(ins, frame);
        if (frame.stop != Stop::None) [[unlikely]]
            return frame.stop == Stop::Poisoned && runBlockTracked(block, i + 1, frame, &ins);
    }
    return true;
}

/// "[17]", "[3, 5]": the coordinates of flat element `flat` in `shape`.
std::string elementString(const std::vector<std::int64_t> &shape, std::int64_t flat);

// ---- element representation ----

/// The C++ type a slot holds elements of `D` as.
template <DType D> struct Rep;
template <> struct Rep<DType::I1>
{
    using T = std::uint8_t;
};
template <> struct Rep<DType::I8>
{
    using T = std::int8_t;
};
template <> struct Rep<DType::I16>
{
    using T = std::int16_t;
};
template <> struct Rep<DType::I32>
{
    using T = std::int32_t;
};
template <> struct Rep<DType::I64>
{
    using T = std::int64_t;
};
template <> struct Rep<DType::U8>
{
    using T = std::uint8_t;
};
template <> struct Rep<DType::U16>
{
    using T = std::uint16_t;
};
template <> struct Rep<DType::U32>
{
    using T = std::uint32_t;
};
template <> struct Rep<DType::U64>
{
    using T = std::uint64_t;
};
template <> struct Rep<DType::F16>
{
    using T = float;
};
template <> struct Rep<DType::BF16>
{
    using T = float;
};
template <> struct Rep<DType::F32>
{
    using T = float;
};
template <> struct Rep<DType::F64>
{
    using T = double;
};
template <> struct Rep<DType::F8E4>
{
    using T = float;
};
template <> struct Rep<DType::F8E5>
{
    using T = float;
};
template <DType D> using RepT = typename Rep<D>::T;

/// Bytes a slot element of `d` takes (pointers: 8).
int slotElemBytes(DType d, bool pointer);

/// Calls `f.template operator()<D>()` with the DType as a template argument.
template <class F> decltype(auto) dispatchDType(DType d, F &&f)
{
    switch (d) {
#define DTYPE(Enum, TritonName, ShortName, TorchName, Bits, Kind)                                  \
    case DType::Enum:                                                                              \
        return f.template operator()<DType::Enum>();
#include "core/sema/dtypes.def"
    }
    std::abort();
}

/// Reads element `k` of a scalar-or-block slot of dtype `d` as int64 (ints) / double (floats).
std::int64_t readInt(const Frame &f, SlotId s, DType d, std::int64_t k = 0);
double readFloat(const Frame &f, SlotId s, DType d, std::int64_t k = 0);

} // namespace tsm::interp
