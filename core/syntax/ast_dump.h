#pragma once
// Indented S-expression dump of an AST, one node per line with its line:col range, for golden
// tests and `tilesmith emit --ast`.

#include "core/syntax/ast.h"

#include <string>

namespace tsm::ast {

/// Dumps the whole module.
std::string dumpModule(const Module &m);
/// Dumps one subtree starting at indentation `depth`.
std::string dumpNode(const Node &n, const SourceFile &file, int depth = 0);

} // namespace tsm::ast
