#pragma once
// The contract between the layout passes and the CUDA emitter (pipeline.h states it in full):
// how each block operand's layout must relate to its op's result layout, and a checker for a
// whole LoweredKernel. The passes use the rules to decide where a convert_layout is needed; the
// final verify pass and the tests run the checker.

#include "core/codegen/lowered_kernel.h"
#include "core/codegen/reduce_layout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsm::passes {

/// How operand `k` of `op` must relate to the layout of `op`'s result (for ops with no result
/// — store, print, device_assert, assume — to the layout of the op's first block operand).
enum class OperandRule {
    None,      ///< scalar operand, or any layout (convert_layout, ops the CUDA backend rejects)
    Same,      ///< the very same distribution (Layout::sameAs)
    Broadcast, ///< registerMapVia(operand, result, broadcastBits) has a value
    Identity,  ///< expand_dims / reshape: registerMapVia with identity bits
    Permute,   ///< registerMapVia with permuteBits
    Join,      ///< tl.join's operands: registerMapVia with sliceBits of the new last dimension
    Split,     ///< tl.split's operand: each pair in one thread (splitHalfLayout) and
               ///< registerMapVia(operand, result, splitBits)
};

OperandRule operandRule(const ir::Kernel &kernel, const ir::Op &op, std::size_t k);

/// The bit map registerMapVia uses for a Broadcast / Identity / Permute / Join / Split operand.
std::vector<std::int64_t> ruleBits(const ir::Kernel &kernel, const ir::Op &op, std::size_t k);

/// Whether operand `k` in layout `operand` satisfies its rule against `result`.
bool satisfiesRule(const ir::Kernel &kernel,
                   const ir::Op &op,
                   std::size_t k,
                   const codegen::Layout &operand,
                   const codegen::Layout &result);

/// The layout operand `k` needs so that it satisfies its rule against `result` with no data
/// movement (e.g. broadcastSourceLayout for a broadcast's source).
codegen::Layout requiredOperandLayout(const ir::Kernel &kernel,
                                      const ir::Op &op,
                                      std::size_t k,
                                      const codegen::Layout &result);

/// A string that is equal for two layouts exactly when they are sameAs (map keys).
std::string layoutKey(const codegen::Layout &layout);

/// Empty when `lk` keeps the contract; otherwise the first violation, naming the op.
std::string checkLayoutContract(const codegen::LoweredKernel &lk);

} // namespace tsm::passes
