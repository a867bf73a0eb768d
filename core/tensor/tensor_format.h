#pragma once
// print(tensor) / str / repr exactly as PyTorch formats them (torch/_tensor_str.py): fixed or
// scientific notation chosen over all printed values, precision 4, summarization with "..."
// past `threshold` elements (edgeitems 3), line wrapping at 80 columns, and the suffixes
// (device='cuda:0', dtype=torch.float16, size=(0, 3)).

#include "core/tensor/tensor.h"

#include <optional>
#include <string>

namespace tsm::tensor {

/// torch.set_printoptions.
struct PrintOptions
{
    int precision = 4;
    std::int64_t threshold = 1000;
    std::int64_t edgeitems = 3;
    std::int64_t linewidth = 80;
    /// nullopt: torch's automatic choice.
    std::optional<bool> sciMode;
};

/// The process-wide options (the harness's torch.set_printoptions writes them).
PrintOptions &printOptions();
/// torch.set_printoptions(profile="default").
void resetPrintOptions();

/// repr(t) == str(t): "tensor([1., 2., 3.], device='cuda:0')"
std::string formatTensor(const Tensor &t);
std::string formatTensor(const Tensor &t, const PrintOptions &options);

/// How Python prints the float `v` (repr: shortest round-trip, "1e-05", "inf", "nan").
std::string formatPythonFloat(double v);

} // namespace tsm::tensor
