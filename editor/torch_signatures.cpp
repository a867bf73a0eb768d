#include "editor/torch_signatures.h"

#include <algorithm>
#include <iterator>

namespace tsm {
namespace {

// Only names the harness's torch module defines (tst_api_completion checks each one against it,
// and the parameter names against the `args.bind` lists of core/host/torch_*.cpp).
constexpr TorchSignature kTable[] = {
    // Creation (torch_module.cpp).
    {"torch.empty",
     "empty(*size, dtype=None, device=None, requires_grad=False)\n"
     "A tensor of the given shape, uninitialised."},
    {"torch.zeros",
     "zeros(*size, dtype=None, device=None, requires_grad=False)\n"
     "A tensor of the given shape filled with 0."},
    {"torch.ones",
     "ones(*size, dtype=None, device=None, requires_grad=False)\n"
     "A tensor of the given shape filled with 1."},
    {"torch.full",
     "full(size, fill_value, *, dtype=None, device=None, requires_grad=False)\n"
     "A tensor of the given shape filled with fill_value."},
    {"torch.rand",
     "rand(*size, dtype=None, device=None, requires_grad=False)\n"
     "Uniform random numbers on [0, 1)."},
    {"torch.randn",
     "randn(*size, dtype=None, device=None, requires_grad=False)\n"
     "Random numbers from the standard normal distribution."},
    {"torch.randint",
     "randint(low=0, high, size, *, dtype=None, device=None, requires_grad=False)\n"
     "Random integers on [low, high) (int64 unless dtype says otherwise)."},
    {"torch.arange",
     "arange(start=0, end, step=1, *, dtype=None, device=None, requires_grad=False)\n"
     "The values start, start + step, ... below end, as a 1-D tensor."},
    {"torch.linspace",
     "linspace(start, end, steps, /, *, dtype=None, device=None)\n"
     "steps evenly spaced values from start to end inclusive."},
    {"torch.tensor",
     "tensor(data, /, *, dtype=None, device=None, requires_grad=False)\n"
     "A tensor copied from data (a number, nested lists, a tensor)."},
    {"torch.empty_like",
     "empty_like(input, /, *, dtype=None, device=None)\n"
     "An uninitialised tensor of input's shape (and dtype, device)."},
    {"torch.zeros_like",
     "zeros_like(input, /, *, dtype=None, device=None)\n"
     "Zeros of input's shape (and dtype, device)."},
    {"torch.ones_like",
     "ones_like(input, /, *, dtype=None, device=None)\n"
     "Ones of input's shape (and dtype, device)."},
    {"torch.full_like",
     "full_like(input, fill_value, /, *, dtype=None, device=None)\n"
     "fill_value in input's shape (and dtype, device)."},
    {"torch.rand_like",
     "rand_like(input, /, *, dtype=None, device=None)\n"
     "Uniform random numbers on [0, 1) in input's shape."},
    {"torch.randn_like",
     "randn_like(input, /, *, dtype=None, device=None)\n"
     "Standard normal random numbers in input's shape."},
    {"torch.manual_seed", "manual_seed(seed, /)\nSeeds the random number generator."},
    // Elementwise (torch_elementwise.cpp; the ops of core/tensor/tensor_ops.def).
    {"torch.where",
     "where(condition, input, other)\n"
     "input where condition is true, other elsewhere (broadcast)."},
    {"torch.maximum", "maximum(input, other)\nThe elementwise maximum (NaN propagates)."},
    {"torch.minimum", "minimum(input, other)\nThe elementwise minimum (NaN propagates)."},
    {"torch.add", "add(input, other, *, alpha=1)\ninput + alpha * other."},
    {"torch.sub", "sub(input, other, *, alpha=1)\ninput - alpha * other."},
    {"torch.mul", "mul(input, other)\ninput * other, elementwise."},
    {"torch.div",
     "div(input, other, *, rounding_mode=None)\n"
     "input / other; rounding_mode 'trunc' or 'floor' rounds the quotient."},
    {"torch.clamp", "clamp(input, min=None, max=None)\nClamps every element into [min, max]."},
    {"torch.abs", "abs(input)\nThe absolute value of each element."},
    {"torch.exp", "exp(input)\ne to the power of each element."},
    {"torch.exp2", "exp2(input)\n2 to the power of each element."},
    {"torch.log", "log(input)\nThe natural logarithm of each element."},
    {"torch.log2", "log2(input)\nThe base-2 logarithm of each element."},
    {"torch.sqrt", "sqrt(input)\nThe square root of each element."},
    {"torch.rsqrt", "rsqrt(input)\nThe reciprocal of the square root of each element."},
    {"torch.sigmoid", "sigmoid(input)\n1 / (1 + exp(-x)) of each element."},
    {"torch.tanh", "tanh(input)\nThe hyperbolic tangent of each element."},
    {"torch.relu", "relu(input)\nmax(x, 0) of each element."},
    {"torch.isclose",
     "isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)\n"
     "Elementwise |input - other| <= atol + rtol * |other|, as booleans."},
    // Reductions, scans, linear algebra (torch_reduce.cpp).
    {"torch.sum",
     "sum(input, dim=None, keepdim=False, *, dtype=None)\n"
     "The sum of all elements, or along dim."},
    {"torch.mean",
     "mean(input, dim=None, keepdim=False, *, dtype=None)\n"
     "The mean of all elements, or along dim."},
    {"torch.prod",
     "prod(input, dim=None, keepdim=False, *, dtype=None)\n"
     "The product of all elements, or along dim."},
    {"torch.max",
     "max(input, dim, keepdim=False)\n"
     "The largest element; with dim, (values, indices) along it; max(input, other) "
     "is maximum."},
    {"torch.min",
     "min(input, dim, keepdim=False)\n"
     "The smallest element; with dim, (values, indices) along it; min(input, other) "
     "is minimum."},
    {"torch.amax", "amax(input, dim=None, keepdim=False)\nThe maximum along dim (no indices)."},
    {"torch.amin", "amin(input, dim=None, keepdim=False)\nThe minimum along dim (no indices)."},
    {"torch.argmax",
     "argmax(input, dim=None, keepdim=False)\n"
     "The index of the largest element (of the flattened input without dim)."},
    {"torch.argmin",
     "argmin(input, dim=None, keepdim=False)\n"
     "The index of the smallest element (of the flattened input without dim)."},
    {"torch.cumsum", "cumsum(input, dim, *, dtype=None)\nThe running sum along dim."},
    {"torch.cumprod", "cumprod(input, dim, *, dtype=None)\nThe running product along dim."},
    {"torch.softmax",
     "softmax(input, dim, dtype=None)\n"
     "exp(x) / sum(exp(x)) along dim (computed in dtype if given)."},
    {"torch.log_softmax", "log_softmax(input, dim, dtype=None)\nlog(softmax(x)) along dim."},
    {"torch.matmul",
     "matmul(input, other)\n"
     "The matrix product, with batch dimensions broadcast (the @ operator)."},
    {"torch.mm", "mm(input, other)\nThe product of two 2-D matrices."},
    {"torch.bmm", "bmm(input, other)\nThe product of two batches of matrices (3-D)."},
    {"torch.allclose",
     "allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)\n"
     "True when |input - other| <= atol + rtol * |other| everywhere."},
    // Joins (torch_module.cpp).
    {"torch.cat", "cat(tensors, dim=0)\nJoins the tensors along an existing dim."},
    {"torch.stack", "stack(tensors, dim=0)\nJoins the tensors along a new dim."},
    // torch.nn.functional (torch_nn.cpp).
    {"torch.nn.functional.silu", "silu(input, inplace=False)\nSiLU (swish): x * sigmoid(x)."},
    {"torch.nn.functional.relu", "relu(input, inplace=False)\nmax(x, 0)."},
    {"torch.nn.functional.sigmoid", "sigmoid(input)\n1 / (1 + exp(-x))."},
    {"torch.nn.functional.tanh", "tanh(input)\nThe hyperbolic tangent."},
    {"torch.nn.functional.gelu",
     "gelu(input, *, approximate='none')\n"
     "GELU: x * Phi(x); approximate='tanh' uses the tanh formula."},
    {"torch.nn.functional.softmax",
     "softmax(input, dim=None, _stacklevel=3, dtype=None)\n"
     "exp(x) / sum(exp(x)) along dim."},
    {"torch.nn.functional.log_softmax",
     "log_softmax(input, dim=None, _stacklevel=3, dtype=None)\n"
     "log(softmax(x)) along dim."},
    {"torch.nn.functional.layer_norm",
     "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)\n"
     "Normalises the last dims to mean 0, variance 1, then scales by weight and adds bias."},
    {"torch.nn.functional.rms_norm",
     "rms_norm(input, normalized_shape, weight=None, eps=None)\n"
     "Divides the last dims by their root mean square, then scales by weight."},
    {"torch.nn.functional.dropout",
     "dropout(input, p=0.5, training=True, inplace=False)\n"
     "Zeroes elements with probability p and scales the rest by "
     "1 / (1 - p) when training."},
    {"torch.nn.functional.cross_entropy",
     "cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, "
     "reduce=None, reduction='mean', label_smoothing=0.0)\n"
     "The cross-entropy loss of logits input against class indices target."},
    {"torch.nn.functional.linear", "linear(input, weight, bias=None)\ninput @ weight.T + bias."},
    {"torch.nn.functional.leaky_relu",
     "leaky_relu(input, negative_slope=0.01, inplace=False)\n"
     "x where positive, negative_slope * x elsewhere."},
    {"torch.nn.functional.normalize",
     "normalize(input, p=2.0, dim=1, eps=1e-12)\n"
     "Divides by the L2 norm along dim (at least eps)."},
    // torch.testing and torch.cuda (torch_testing.cpp).
    {"torch.testing.assert_close",
     "assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, "
     "equal_nan=False, check_device=True, check_dtype=True, check_layout=True, "
     "check_stride=False, msg=None)\n"
     "Raises AssertionError unless actual and expected are close (rtol/atol by dtype)."},
    {"torch.cuda.synchronize",
     "synchronize(device=None)\n"
     "Waits for the device's work to finish."},
    {"torch.cuda.get_device_properties",
     "get_device_properties(device=None)\n"
     "The GPU's name, compute capability, memory and SM count (nominal H200 on the "
     "interpreter)."},
    {"torch.cuda.is_available",
     "is_available()\nTrue: a device (or the interpreter) runs kernels."},
    {"torch.cuda.device_count", "device_count()\nThe number of devices."},
    {"torch.cuda.manual_seed", "manual_seed(seed, /)\nSeeds the random number generator."},
};

} // namespace

std::span<const TorchSignature> torchSignatures()
{
    return kTable;
}

QString torchCallTip(const QString &path)
{
    const QByteArray key = path.toUtf8();
    const auto it = std::find_if(std::begin(kTable),
                                 std::end(kTable),
                                 [&](const TorchSignature &s) { return key == s.path; });
    return it == std::end(kTable) ? QString() : QString::fromUtf8(it->tip);
}

} // namespace tsm
