#pragma once
// Completion and call tips for the Triton API (issue 6): the dotted name before the caret
// ("tl", "triton.testing", "libdevice") resolved through the file's imports to a registry module
// (core/sema/builtin_registry.h), its names offered after a '.', and a function's signature and
// one-line doc shown after its '('; torch and its submodules likewise, their names from the
// harness's torch module and their tips from editor/torch_signatures.h. Pure functions of the
// text, so they are tested without a widget.

#include <QString>
#include <QStringList>

namespace tsm {

/// The registry module a dotted name means in a file with `source`'s imports ("tl" ->
/// "triton.language" after `import triton.language as tl`); empty when none.
QString resolveApiModule(const QString &dotted, const QString &source);

/// The names of that module, sorted, for a completion list; empty when `dotted` is no module.
/// `torch` and its submodules (through the file's imports) list the names the interpreter's
/// torch subset implements.
QStringList apiCompletions(const QString &dotted, const QString &source);

/// "load(pointer, mask=None, ...)\nLoads a block ..." for `dotted` = "tl.load"; the torch subset's
/// tips ("torch.softmax", "F.silu") from editor/torch_signatures.h; empty when it is neither.
QString apiCallTip(const QString &dotted, const QString &source);

/// The dotted name (identifiers joined by '.') that ends at byte `end` of `line` ("tl.math" in
/// "y = tl.math|"); empty when there is none.
QString dottedNameBefore(const QString &line, int end);

} // namespace tsm
