#pragma once
// The textual launch signature used by `tilesmith emit --signature` and the golden tests:
//   x_ptr=*fp32:16, n=i32, BLOCK=1024
// Entries are `name=spec` (or bare specs, in parameter order). A spec is `*dtype[:16]` for a
// pointer, a scalar type `i32[:16]` / `i64` / `u64` / `fp32` / `i1`, or a literal: for
// tl.constexpr parameters the constexpr value (1024, 0.5, True, None, 'str', tl.float16); for
// other parameters a Python int / float / bool argument, typed as Triton types it (an int of 1
// is specialized to the constant 1, a multiple of 16 is marked divisible). `num_warps=N` and
// `num_stages=N` set the launch options. Parameters left out take their literal defaults.
// The cache-key form of Signature::key() ("*fp32:16, i32, constexpr 1024 | warps=4 stages=3",
// the `kernel_compiled` event's signature) reads the same way.

#include "core/sema/signature.h"
#include "core/syntax/ast.h"

#include <optional>
#include <string>
#include <string_view>

namespace tsm::sema {

/// Parses `text` against `fn`'s parameters; nullopt with a message in `error` when malformed.
std::optional<Signature>
parseSignature(std::string_view text, const ast::FunctionDef &fn, std::string *error);

/// The ArgSpec Triton would use for a Python int argument of `value`.
ArgSpec intArgSpec(std::int64_t value);

} // namespace tsm::sema
