#pragma once
// The `pytest` subset a Triton test file reaches for: mark.parametrize (stacked decorators give
// the cartesian product, ids as pytest writes them: "test_add[1000-float16]"), mark.skip /
// skipif, param, raises, approx, skip and fail.

#include "core/host/object.h"

#include <string>
#include <vector>

namespace tsm::host {

/// One runnable case of a test function.
struct TestVariant
{
    std::string id;            ///< "1000-float16", empty without parametrize
    std::vector<Kwarg> kwargs; ///< the parametrized arguments
    bool skip = false;
    std::string skipReason;
};

/// The function a (possibly marked) test value calls, or None if it is not callable as a test.
Value testFunction(const Value &test);
/// Every case of a test value in pytest's order (one empty-id case for a plain function).
std::vector<TestVariant> expandTest(const Value &test);

/// The exception type names pytest.skip and pytest.fail raise.
inline constexpr std::string_view kSkippedException = "Skipped";
inline constexpr std::string_view kFailedException = "Failed";

/// Raises a library exception class `name` deriving from `base` ("Exception", "BaseException").
[[noreturn]] void
throwLibraryException(std::string_view name, std::string_view base, std::string message);

} // namespace tsm::host
