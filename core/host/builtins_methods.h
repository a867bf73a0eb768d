#pragma once
// Method tables of the built-in types (internal to the interpreter).

#include "core/host/interpreter_impl.h"

#include <string_view>
#include <unordered_map>

namespace tsm::host {

using Method = Value (*)(const Value &self, CallArgs &args);
using MethodTable = std::unordered_map<std::string_view, Method>;

const MethodTable &strMethods();
const MethodTable &listMethods();
const MethodTable &tupleMethods();
const MethodTable &dictMethods();
const MethodTable &setMethods();
const MethodTable &numberMethods();

} // namespace tsm::host
