#pragma once
// What a -lineinfo cubin says about one kernel's code, read from its ELF64 image directly (no
// library): the size of `.text.<function>`, and per instruction the source location with the
// calls it was inlined through, from `.debug_line`. NVIDIA's line program marks inlined code
// with the DW_LNE_NVIDIA_inlined_call extension (0x90, as elfutils' dwarf.h names it): the
// row of the call site is named by its 1-based index within the kernel's sequence, so
// device-header code (tsm::load, exp_approx, div_full) leads back to the `#line` Python
// statement that called it. CUPTI's own cuptiGetSassToSourceCorrelation reports only the
// innermost location (sass_lines.h).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tsm::profiler {

/// SASS instructions are 16 bytes on sm_70 and newer.
inline constexpr std::uint32_t kSassInstructionBytes = 16;

struct SourceLocation
{
    std::string file; ///< the path as the line table names it ("/x/swish.py")
    int line = 0;
    bool operator==(const SourceLocation &) const = default;
};

/// Bytes of `function`'s code (the `.text.<function>` section); nullopt with the reason when
/// the image is not an ELF64 cubin, is truncated, or has no such kernel.
std::optional<std::uint64_t>
kernelCodeSize(std::span<const char> cubin, const std::string &function, std::string *why);

/// The scheduling control bits of one sm_70+ SASS instruction: bits 105-125 of its 128-bit
/// encoding, as ptxas sets them (stall count, yield, the scoreboard barrier a variable-latency
/// instruction such as a global load sets when its result arrives, the one it sets when its
/// operands have been read, and the barriers it waits on before issuing).
struct SassControl
{
    int stall = 0;
    bool yield = false;
    int writeBarrier = 7; ///< 0-5; 7: none
    int readBarrier = 7;  ///< 0-5; 7: none
    unsigned waitMask = 0; ///< bit b: waits for barrier b
};

/// The control bits of each instruction of `function` (index = PC / 16); nullopt with the
/// reason when the cubin has no such kernel.
std::optional<std::vector<SassControl>>
sassControls(std::span<const char> cubin, const std::string &function, std::string *why);

/// Whether the cubin carries a line table (.debug_line): NVRTC writes one with -lineinfo or -G.
bool hasLineTable(std::span<const char> cubin);

/// For each instruction of `function` (index = PC / 16), its location followed by the call
/// sites it was inlined through, innermost first; empty where the line table has no row.
/// Nullopt with the reason when the cubin has no usable `.debug_line` (built without
/// -lineinfo, a DWARF version this reader does not know, a malformed table).
std::optional<std::vector<std::vector<SourceLocation>>>
inlineChains(std::span<const char> cubin, const std::string &function, std::string *why);

} // namespace tsm::profiler
