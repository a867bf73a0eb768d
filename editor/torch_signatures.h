#pragma once
// Call tips for the torch subset the harness implements (issue 6): the signature the
// interpreter accepts for each torch function (core/host/torch_*.cpp, its `args.bind` lists in
// PyTorch's parameter names) and a one-line doc. Parameters before a `/` are positional only.

#include <QString>

#include <span>

namespace tsm {

struct TorchSignature
{
    const char *path; ///< "torch.nn.functional.silu"
    const char *tip;  ///< "silu(input, inplace=False)\nSiLU (swish): x * sigmoid(x)."
};

/// Every entry of the table, in the order written.
std::span<const TorchSignature> torchSignatures();

/// The tip for the full dotted path of a torch function ("torch.testing.assert_close"); empty
/// when the table has none.
QString torchCallTip(const QString &path);

} // namespace tsm
