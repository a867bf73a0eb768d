#pragma once
// Python's text forms of values, exactly as CPython prints them: repr() / str() (shortest
// round-trip floats, `1e+16`, `inf`, containers), format() with the format-spec mini-language
// (`.3f`, `>8`, `,`, `.1%`, `#x`, `08.2e` ...), `%`-formatting and str.format.

#include "core/host/value.h"

#include <string>
#include <string_view>
#include <vector>

namespace tsm::host {

class Interpreter;

/// repr(v): "'a'", "[1, 2.5]", "{'k': None}", "0.30000000000000004".
std::string pyRepr(const Value &v);
/// str(v): strings unquoted, everything else as repr (library objects: Object::str()).
std::string pyStr(const Value &v);
/// repr of a float: shortest round-trip, CPython's switch to exponent form (1e+16, 1e-05).
std::string floatRepr(double d);
/// repr of a str with CPython's quote choice and escapes.
std::string strRepr(std::string_view s);
/// format(v, spec). Raises ValueError for a bad spec ("Unknown format code 'd' for object of
/// type 'float'").
std::string pyFormat(const Value &v, std::string_view spec);
/// `fmt % args` for strings (args: a tuple, a dict for %(name)s, or a single value).
std::string percentFormat(std::string_view fmt, const Value &args);
/// `fmt.format(*args, **kwargs)`; field values may be indexed (`{0[1]}`, `{p.name}` is not
/// supported and says so).
std::string
strFormat(std::string_view fmt, const std::vector<Value> &args, const std::vector<Kwarg> &kwargs);

} // namespace tsm::host
