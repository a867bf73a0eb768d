// matmul and its strict forms, and the torch.nn.functional subset (softmax, log_softmax, gelu,
// silu, relu, layer_norm, rms_norm, dropout, cross_entropy). float64 accumulation throughout.

#include "core/tensor/device_ops.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"

#include <cmath>
#include <limits>

namespace tsm::tensor {

using namespace detail;

namespace {

void requireSameDtype(const Tensor &a, const Tensor &b)
{
    if (a.dtype() != b.dtype())
        runtimeError("expected m1 and m2 to have the same dtype, but got: "
                     + std::string(dtypeTorchName(a.dtype()))
                     + " != " + std::string(dtypeTorchName(b.dtype())));
}

/// (batch, n, k) x (batch, k, p) with both already expanded to the same batch shape.
Tensor batchedMatmul(const Tensor &a,
                     const Tensor &b,
                     const Shape &batch,
                     std::int64_t n,
                     std::int64_t k,
                     std::int64_t p)
{
    if (isFp8(a.dtype()))
        runtimeError("\"addmm_impl_cpu_\" not implemented for '" + scalarTypeName(a.dtype())
                     + "'; cast to float16 or float32 first (torch multiplies fp8 only through "
                       "torch._scaled_mm)");
    Shape as = batch, bs = batch, os = batch;
    as.insert(as.end(), {n, k});
    bs.insert(bs.end(), {k, p});
    os.insert(os.end(), {n, p});
    if (DeviceOps *device = deviceOpsFor({&a, &b})) {
        if (auto r = device->matmul(a.expand(as), b.expand(bs), n, k, p))
            return *r;
        device->hostFallback("matmul");
    }
    const std::vector<double> va = toDoubles(a.expand(as)), vb = toDoubles(b.expand(bs));
    const std::int64_t batches = shapeNumel(batch);
    std::vector<double> out(std::size_t(batches * n * p), 0.0);
    for (std::int64_t bi = 0; bi < batches; ++bi) {
        const double *pa = va.data() + bi * n * k, *pb = vb.data() + bi * k * p;
        double *po = out.data() + bi * n * p;
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t kk = 0; kk < k; ++kk) {
                const double x = pa[i * k + kk];
                const double *row = pb + kk * p;
                double *orow = po + i * p;
                for (std::int64_t j = 0; j < p; ++j)
                    orow[j] += x * row[j];
            }
    }
    return fromDoubles(os, a.dtype(), out, a.device());
}

[[noreturn]] void
shapesCannotMultiply(std::int64_t n, std::int64_t k1, std::int64_t k2, std::int64_t p)
{
    runtimeError("mat1 and mat2 shapes cannot be multiplied (" + std::to_string(n) + "x"
                 + std::to_string(k1) + " and " + std::to_string(k2) + "x" + std::to_string(p)
                 + ")");
}

} // namespace

Tensor dot(const Tensor &a, const Tensor &b)
{
    if (a.dim() != 1 || b.dim() != 1)
        runtimeError("1D tensors expected, but got " + std::to_string(a.dim()) + "D and "
                     + std::to_string(b.dim()) + "D tensors");
    requireSameDtype(a, b);
    if (a.numel() != b.numel())
        runtimeError("inconsistent tensor size, expected tensor [" + std::to_string(a.numel())
                     + "] and src [" + std::to_string(b.numel())
                     + "] to have the same number of elements, but got " + std::to_string(a.numel())
                     + " and " + std::to_string(b.numel()) + " elements respectively");
    return batchedMatmul(a.unsqueeze(0), b.unsqueeze(1), {}, 1, a.numel(), 1).reshape({});
}

Tensor mm(const Tensor &a, const Tensor &b)
{
    if (a.dim() != 2)
        runtimeError("self must be a matrix");
    if (b.dim() != 2)
        runtimeError("mat2 must be a matrix");
    requireSameDtype(a, b);
    if (a.shape()[1] != b.shape()[0])
        shapesCannotMultiply(a.shape()[0], a.shape()[1], b.shape()[0], b.shape()[1]);
    return batchedMatmul(a, b, {}, a.shape()[0], a.shape()[1], b.shape()[1]);
}

Tensor bmm(const Tensor &a, const Tensor &b)
{
    if (a.dim() != 3)
        runtimeError("batch1 must be a 3D tensor");
    if (b.dim() != 3)
        runtimeError("batch2 must be a 3D tensor");
    requireSameDtype(a, b);
    if (a.shape()[0] != b.shape()[0] || a.shape()[2] != b.shape()[1])
        runtimeError("Expected size for first two dimensions of batch2 tensor to be: ["
                     + std::to_string(a.shape()[0]) + ", " + std::to_string(a.shape()[2])
                     + "] but got: [" + std::to_string(b.shape()[0]) + ", "
                     + std::to_string(b.shape()[1]) + "].");
    return batchedMatmul(a, b, {a.shape()[0]}, a.shape()[1], a.shape()[2], b.shape()[2]);
}

Tensor outer(const Tensor &a, const Tensor &b)
{
    if (a.dim() != 1 || b.dim() != 1)
        runtimeError("outer: expected 1-D tensors");
    return binary(BinaryOp::Mul, a.unsqueeze(1), b.unsqueeze(0));
}

Tensor matmul(const Tensor &a, const Tensor &b)
{
    if (a.dim() == 0 || b.dim() == 0)
        runtimeError("both arguments to matmul need to be at least 1D, but they are "
                     + std::to_string(a.dim()) + "D and " + std::to_string(b.dim()) + "D");
    if (a.dim() == 1 && b.dim() == 1)
        return dot(a, b);
    requireSameDtype(a, b);
    const Tensor a2 = a.dim() == 1 ? a.unsqueeze(0) : a;
    const Tensor b2 = b.dim() == 1 ? b.unsqueeze(1) : b;
    const std::int64_t n = a2.shape()[a2.shape().size() - 2], k1 = a2.shape().back();
    const std::int64_t k2 = b2.shape()[b2.shape().size() - 2], p = b2.shape().back();
    if (k1 != k2)
        shapesCannotMultiply(n, k1, k2, p);
    const Shape batchA(a2.shape().begin(), a2.shape().end() - 2);
    const Shape batchB(b2.shape().begin(), b2.shape().end() - 2);
    const Shape batch = broadcastShapes(batchA, batchB);
    Tensor r = batchedMatmul(a2, b2, batch, n, k1, p);
    if (a.dim() == 1)
        r = r.squeeze(-2);
    if (b.dim() == 1)
        r = r.squeeze(-1);
    return r.contiguous();
}

// ---- nn.functional ----

namespace {

/// out-run = f(in-run) for every run along `dim`; out has x's shape and `out` dtype.
template <class F> Tensor mapAlongDim(const Tensor &x, std::int64_t dim, DType out, F f)
{
    const std::int64_t d = x.wrapDim(dim);
    const Tensor moved = x.dim() == 0 ? x.reshape({1}) : x.transpose(d, x.dim() - 1);
    const std::int64_t n = moved.shape().back();
    const std::vector<double> v = toDoubles(moved);
    std::vector<double> r(v.size());
    for (std::int64_t g = 0; n > 0 && g < std::int64_t(v.size()) / n; ++g)
        f(v.data() + g * n, r.data() + g * n, n);
    const Tensor t = fromDoubles(moved.shape(), out, r, x.device());
    if (x.dim() == 0)
        return t.reshape({});
    return t.transpose(d, x.dim() - 1).contiguous();
}

void softmaxRun(const double *in, double *out, std::int64_t n, bool logarithm)
{
    double m = -std::numeric_limits<double>::infinity();
    for (std::int64_t i = 0; i < n; ++i)
        m = std::isnan(in[i]) ? in[i] : std::max(m, in[i]);
    double s = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        out[i] = std::exp(in[i] - m);
        s += out[i];
    }
    const double logS = std::log(s);
    for (std::int64_t i = 0; i < n; ++i)
        out[i] = logarithm ? in[i] - m - logS : out[i] / s;
}

Tensor softmaxImpl(const Tensor &x, std::int64_t dim, std::optional<DType> dtype, bool logarithm)
{
    const Tensor in = dtype ? x.to(*dtype) : x;
    if (!isFloat(in.dtype()))
        runtimeError(std::string(logarithm ? "\"log_softmax_lastdim_kernel_impl\""
                                           : "\"softmax_lastdim_kernel_impl\"")
                     + " not implemented for '" + scalarTypeName(in.dtype()) + "'");
    if (DeviceOps *device = deviceOpsFor({&in})) {
        if (auto r = device->softmax(in, dim, logarithm))
            return *r;
        device->hostFallback(logarithm ? "log_softmax" : "softmax");
    }
    return mapAlongDim(
        in, dim, in.dtype(), [logarithm](const double *a, double *b, std::int64_t n) {
            softmaxRun(a, b, n, logarithm);
        });
}

/// Checks normalized_shape against x's trailing dims; returns the number of normalized elements.
std::int64_t normalizedCount(const Tensor &x, const Shape &normalizedShape)
{
    bool ok = normalizedShape.size() <= x.shape().size() && !normalizedShape.empty();
    const std::size_t lead = ok ? x.shape().size() - normalizedShape.size() : 0;
    for (std::size_t i = 0; ok && i < normalizedShape.size(); ++i)
        ok = x.shape()[lead + i] == normalizedShape[i];
    if (!ok) {
        std::string star = "[*";
        for (std::int64_t s : normalizedShape)
            star += ", " + std::to_string(s);
        runtimeError("Given normalized_shape=" + formatShapeList(normalizedShape)
                     + ", expected input with shape " + star + "], but got input of size"
                     + formatShapeList(x.shape()));
    }
    return shapeNumel(normalizedShape);
}

std::vector<double>
affineParam(const std::optional<Tensor> &p, const Shape &normalizedShape, const char *name)
{
    if (!p)
        return {};
    if (p->shape() != normalizedShape)
        runtimeError(std::string("Expected ") + name
                     + " to be of same shape as normalized_shape, but got " + name + " of shape "
                     + formatShapeList(p->shape())
                     + " and normalized_shape = " + formatShapeList(normalizedShape));
    return toDoubles(*p);
}

double finfoEps(DType t)
{
    switch (t) {
    case DType::F16:
        return 0.0009765625;
    case DType::BF16:
        return 0.0078125;
    case DType::F8E4:
        return 0.125;
    case DType::F8E5:
        return 0.25;
    case DType::F64:
        return 2.220446049250313e-16;
    default:
        return 1.1920928955078125e-07;
    }
}

} // namespace

Tensor softmax(const Tensor &x, std::int64_t dim, std::optional<DType> dtype)
{
    return softmaxImpl(x, dim, dtype, false);
}

Tensor logSoftmax(const Tensor &x, std::int64_t dim, std::optional<DType> dtype)
{
    return softmaxImpl(x, dim, dtype, true);
}

Tensor gelu(const Tensor &x, std::string_view approximate)
{
    if (approximate == "none")
        return unary(UnaryOp::GeluErf, x);
    if (approximate == "tanh")
        return unary(UnaryOp::GeluTanh, x);
    runtimeError("approximate argument must be either none or tanh.");
}

Tensor silu(const Tensor &x)
{
    return unary(UnaryOp::Silu, x);
}
Tensor relu(const Tensor &x)
{
    return unary(UnaryOp::Relu, x);
}

Tensor layerNorm(const Tensor &x,
                 const Shape &normalizedShape,
                 const std::optional<Tensor> &weight,
                 const std::optional<Tensor> &bias,
                 double eps)
{
    const std::int64_t n = normalizedCount(x, normalizedShape);
    if (DeviceOps *device = deviceOpsFor({&x})) {
        if (normalizedShape.size() == 1)
            if (auto r = device->norm(x, weight, bias, eps, false))
                return *r;
        device->hostFallback("layer_norm");
    }
    const std::vector<double> w = affineParam(weight, normalizedShape, "weight");
    const std::vector<double> b = affineParam(bias, normalizedShape, "bias");
    std::vector<double> v = toDoubles(x);
    for (std::size_t row = 0; n > 0 && row < v.size() / std::size_t(n); ++row) {
        double *p = v.data() + row * std::size_t(n);
        double mean = 0, var = 0;
        for (std::int64_t i = 0; i < n; ++i)
            mean += p[i];
        mean /= double(n);
        for (std::int64_t i = 0; i < n; ++i)
            var += (p[i] - mean) * (p[i] - mean);
        var /= double(n);
        const double rstd = 1.0 / std::sqrt(var + eps);
        for (std::int64_t i = 0; i < n; ++i) {
            double y = (p[i] - mean) * rstd;
            if (!w.empty())
                y *= w[std::size_t(i)];
            if (!b.empty())
                y += b[std::size_t(i)];
            p[i] = y;
        }
    }
    return fromDoubles(x.shape(), x.dtype(), v, x.device());
}

Tensor rmsNorm(const Tensor &x,
               const Shape &normalizedShape,
               const std::optional<Tensor> &weight,
               std::optional<double> eps)
{
    const std::int64_t n = normalizedCount(x, normalizedShape);
    const double e = eps.value_or(finfoEps(x.dtype()));
    if (DeviceOps *device = deviceOpsFor({&x})) {
        if (normalizedShape.size() == 1)
            if (auto r = device->norm(x, weight, std::nullopt, e, true))
                return *r;
        device->hostFallback("rms_norm");
    }
    const std::vector<double> w = affineParam(weight, normalizedShape, "weight");
    std::vector<double> v = toDoubles(x);
    for (std::size_t row = 0; n > 0 && row < v.size() / std::size_t(n); ++row) {
        double *p = v.data() + row * std::size_t(n);
        double ms = 0;
        for (std::int64_t i = 0; i < n; ++i)
            ms += p[i] * p[i];
        const double r = 1.0 / std::sqrt(ms / double(n) + e);
        for (std::int64_t i = 0; i < n; ++i)
            p[i] = p[i] * r * (w.empty() ? 1.0 : w[std::size_t(i)]);
    }
    return fromDoubles(x.shape(), x.dtype(), v, x.device());
}

Tensor dropout(const Tensor &x, double p, bool training)
{
    if (p < 0 || p > 1)
        valueError("dropout probability has to be between 0 and 1, but got " + std::to_string(p));
    if (!training)
        return x;
    if (DeviceOps *device = deviceOpsFor({&x})) {
        if (auto r = device->dropout(x, p))
            return *r;
        device->hostFallback("dropout");
    }
    std::vector<double> v = toDoubles(x);
    const double scale = p < 1 ? 1.0 / (1.0 - p) : 0.0;
    for (double &e : v)
        e = nextUniform() < p ? 0.0 : e * scale;
    return fromDoubles(x.shape(), x.dtype(), v, x.device());
}

Tensor crossEntropy(const Tensor &input,
                    const Tensor &target,
                    std::string_view reduction,
                    std::int64_t ignoreIndex,
                    double labelSmoothing,
                    const std::optional<Tensor> &weight)
{
    if (reduction != "mean" && reduction != "sum" && reduction != "none")
        valueError(std::string(reduction) + " is not a valid value for reduction");
    if (input.dim() != 1 && input.dim() != 2)
        fail(TensorError::Kind::NotImplemented,
             "cross_entropy supports (N, C) or (C) inputs here, got " + std::to_string(input.dim())
                 + "-D input");
    if (!isFloat(input.dtype()))
        runtimeError("\"log_softmax_lastdim_kernel_impl\" not implemented for '"
                     + scalarTypeName(input.dtype()) + "'");
    const std::int64_t classes = input.shape().back();
    if (weight && (weight->dim() != 1 || weight->shape()[0] != classes))
        runtimeError("weight tensor should be defined either for all " + std::to_string(classes)
                     + " classes or no classes but got weight tensor of shape: "
                     + formatShapeList(weight->shape()));
    if (DeviceOps *device = deviceOpsFor({&input, &target})) {
        if (weight) {
            device->hostFallback("cross_entropy", "Tilesmith's GPU kernel takes no class weights");
        } else {
            if (auto r = device->crossEntropy(input, target, reduction, ignoreIndex, labelSmoothing))
                return *r;
            device->hostFallback("cross_entropy");
        }
    }
    const Tensor logits = input.dim() == 1 ? input.unsqueeze(0) : input;
    const std::int64_t rows = logits.shape()[0];
    const std::vector<double> logp = toDoubles(logSoftmax(logits.to(DType::F64), 1));
    // A weight per class (all 1 without `weight`).
    const std::vector<double> w = weight ? toDoubles(*weight) : std::vector<double>(std::size_t(classes), 1.0);
    std::vector<double> losses(std::size_t(rows), 0.0);
    double weightSum = 0;
    if (isFloat(target.dtype())) {
        // Class probabilities.
        const Tensor t = input.dim() == 1 ? target.unsqueeze(0) : target;
        if (t.shape() != logits.shape())
            runtimeError("Expected input batch_size (" + std::to_string(rows)
                         + ") to match target batch_size (" + std::to_string(t.shape()[0]) + ").");
        const std::vector<double> prob = toDoubles(t);
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < classes; ++c) {
                const double q = prob[std::size_t(r * classes + c)] * (1 - labelSmoothing)
                                 + labelSmoothing / double(classes);
                losses[std::size_t(r)] -= w[std::size_t(c)] * q * logp[std::size_t(r * classes + c)];
            }
        weightSum = double(rows);
    } else {
        const Tensor t = target.dim() == 0 ? target.unsqueeze(0) : target;
        if (t.dim() != 1 || t.shape()[0] != rows)
            valueError("Expected input batch_size (" + std::to_string(rows)
                       + ") to match target batch_size (" + std::to_string(t.numel()) + ").");
        const std::vector<std::int64_t> cls = toInts(t);
        for (std::int64_t r = 0; r < rows; ++r) {
            const std::int64_t c = cls[std::size_t(r)];
            if (c == ignoreIndex)
                continue;
            if (c < 0 || c >= classes)
                indexError("Target " + std::to_string(c) + " is out of bounds.");
            double smooth = 0;
            for (std::int64_t k = 0; k < classes; ++k)
                smooth -= w[std::size_t(k)] * logp[std::size_t(r * classes + k)];
            losses[std::size_t(r)] = -(1 - labelSmoothing) * w[std::size_t(c)] * logp[std::size_t(r * classes + c)]
                                     + labelSmoothing * smooth / double(classes);
            weightSum += w[std::size_t(c)];
        }
    }
    if (reduction == "none") {
        Tensor r = fromDoubles({rows}, input.dtype(), losses, input.device());
        return input.dim() == 1 ? r.reshape({}) : r;
    }
    double total = 0;
    for (double l : losses)
        total += l;
    if (reduction == "mean")
        total = weightSum > 0 ? total / weightSum : std::numeric_limits<double>::quiet_NaN();
    return fromDoubles({}, input.dtype(), {total}, input.device());
}

} // namespace tsm::tensor
