#pragma once
// torch.allclose and torch.testing.assert_close on host tensors, producing the validation
// report of LANGUAGE.md (core/run/run_event.h) with PyTorch's default tolerances and wording.

#include "core/run/run_event.h"
#include "core/tensor/tensor.h"

#include <optional>
#include <utility>

namespace tsm::tensor {

/// PyTorch's default (rtol, atol) for a dtype: float16 (1e-3, 1e-5), bfloat16 (1.6e-2, 1e-5),
/// float32 (1.3e-6, 1e-5), float64 (1e-7, 1e-7), integers and bool (0, 0).
std::pair<double, double> defaultTolerances(DType dtype);

/// torch.isclose / allclose: |a - b| <= atol + rtol * |b| with broadcasting; a and b must
/// have the same dtype (RuntimeError "Float did not match Double", as torch).
Tensor isclose(const Tensor &a,
               const Tensor &b,
               double rtol = 1e-5,
               double atol = 1e-8,
               bool equalNan = false);
bool allclose(const Tensor &a,
              const Tensor &b,
              double rtol = 1e-5,
              double atol = 1e-8,
              bool equalNan = false);
/// The report of an allclose call (function "torch.allclose"), for the Validation event.
run::ValidationReport allcloseReport(const Tensor &a,
                                     const Tensor &b,
                                     double rtol = 1e-5,
                                     double atol = 1e-8,
                                     bool equalNan = false);

struct CloseOptions
{
    /// Both or neither (ValueError otherwise, worded as torch's); absent: per-dtype defaults.
    std::optional<double> rtol, atol;
    bool equalNan = false;
    bool checkDtype = true;
    bool checkDevice = true;
    /// Prefix of the message, as assert_close's `msg` (replaces the whole message in torch when
    /// a string; kept as torch does).
    std::optional<std::string> msg;
    /// "torch.testing.assert_close" or "triton.testing.assert_close".
    std::string function = "torch.testing.assert_close";
};

/// torch.testing.assert_close(actual, expected): passed, or the mismatch report with torch's
/// message ("Tensor-likes are not close!\n\nMismatched elements: ..."). Shape, dtype and device
/// mismatches fail with torch's attribute messages and no element statistics.
run::ValidationReport
assertClose(const Tensor &actual, const Tensor &expected, const CloseOptions &options = {});

} // namespace tsm::tensor
