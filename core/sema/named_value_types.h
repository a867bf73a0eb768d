#pragma once
// What the Specializer inferred for each named value of a kernel, by source span: parameters,
// assignment targets and uses of a name. Opt-in (SpecializeOptions::namedTypes): the studio's
// hover reads it; the normal compile path does not record anything.

#include "core/ir/ir.h"
#include "core/source/source_file.h"

#include <string>
#include <vector>

namespace tsm::sema {

struct NamedValueType
{
    SourceSpan span;  ///< the name as written: a parameter, an assignment target or a use
    std::string name; ///< "offsets"
    std::string type; ///< "fp32[1024]", "i32", "pointer<fp32>", "constexpr 1024"
};

/// Records, in the order the Specializer binds and reads them, the type of every named value.
/// Inlined helpers and unrolled loops may record one span several times; the last one wins.
using NamedValueTypes = std::vector<NamedValueType>;

/// A value's type as the hover shows it: "fp32[1024]", "i1[32, 64]", "i32",
/// "pointer<fp16>", "pointer<fp32>[128]".
std::string namedTypeText(const ir::Type &t);

} // namespace tsm::sema
