#include "core/host/eager_gpu_ops.h"

#include "core/host/host_context.h"
#include "core/host/interpreter.h"
#include "core/host/kernel_function.h"
#include "core/host/py_exception.h"
#include "core/sema/specializer.h"
#include "core/syntax/parser.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

/// The parsed library: its file must outlive the AST, which points into it.
struct EagerGpuOps::Library
{
    SourceFile file{0xEA6E0000u, "<tilesmith>/lib/torch_eager.py", std::string(torchEagerSource())};
    ParseResult parsed;
    std::map<std::string, const ast::FunctionDef *, std::less<>> functions;
};

namespace {

constexpr std::int64_t kElementwiseBlock = 1024;
constexpr int kMaxRank = 4;

sema::ArgSpec constexprSpec(sema::ConstValue v)
{
    sema::ArgSpec a;
    a.kind = sema::ArgSpec::Kind::Constexpr;
    a.value = std::move(v);
    return a;
}


/// The library's name of a unary op, or "" for one it has no kernel for.
std::string unaryName(T::UnaryOp op)
{
    switch (op) {
    case T::UnaryOp::Neg: return "neg";
    case T::UnaryOp::Abs: return "abs";
    case T::UnaryOp::Relu: return "relu";
    case T::UnaryOp::Sign: return "sign";
    case T::UnaryOp::Exp: return "exp";
    case T::UnaryOp::Exp2: return "exp2";
    case T::UnaryOp::Log: return "log";
    case T::UnaryOp::Log2: return "log2";
    case T::UnaryOp::Sqrt: return "sqrt";
    case T::UnaryOp::Rsqrt: return "rsqrt";
    case T::UnaryOp::Reciprocal: return "reciprocal";
    case T::UnaryOp::Sigmoid: return "sigmoid";
    case T::UnaryOp::Silu: return "silu";
    case T::UnaryOp::Tanh: return "tanh";
    case T::UnaryOp::Sin: return "sin";
    case T::UnaryOp::Cos: return "cos";
    case T::UnaryOp::Erf: return "erf";
    case T::UnaryOp::GeluErf: return "gelu";
    case T::UnaryOp::GeluTanh: return "gelu_tanh";
    case T::UnaryOp::Floor: return "floor";
    case T::UnaryOp::Ceil: return "ceil";
    case T::UnaryOp::Trunc: return "trunc";
    case T::UnaryOp::Round: return "round";
    case T::UnaryOp::Expm1: return "expm1";
    case T::UnaryOp::Log1p: return "log1p";
    case T::UnaryOp::Log10: return "log10";
    case T::UnaryOp::Tan: return "tan";
    case T::UnaryOp::BitwiseNot: return "bitwise_not";
    case T::UnaryOp::LogicalNot: return "logical_not";
    case T::UnaryOp::IsNan: return "isnan";
    case T::UnaryOp::IsInf: return "isinf";
    case T::UnaryOp::IsFinite: return "isfinite";
    default: return {};
    }
}

std::string binaryName(T::BinaryOp op)
{
    switch (op) {
    case T::BinaryOp::Add: return "add";
    case T::BinaryOp::Sub: return "sub";
    case T::BinaryOp::Mul: return "mul";
    case T::BinaryOp::Div: return "div";
    case T::BinaryOp::Eq: return "eq";
    case T::BinaryOp::Ne: return "ne";
    case T::BinaryOp::Lt: return "lt";
    case T::BinaryOp::Le: return "le";
    case T::BinaryOp::Gt: return "gt";
    case T::BinaryOp::Ge: return "ge";
    case T::BinaryOp::Pow: return "pow";
    case T::BinaryOp::Remainder: return "remainder";
    case T::BinaryOp::FloorDiv: return "floor_divide";
    case T::BinaryOp::Fmod: return "fmod";
    case T::BinaryOp::Atan2: return "atan2";
    case T::BinaryOp::Shl: return "lshift";
    case T::BinaryOp::Shr: return "rshift";
    case T::BinaryOp::Maximum: return "maximum";
    case T::BinaryOp::Minimum: return "minimum";
    case T::BinaryOp::BitAnd: return "bitwise_and";
    case T::BinaryOp::BitOr: return "bitwise_or";
    case T::BinaryOp::BitXor: return "bitwise_xor";
    case T::BinaryOp::LogicalAnd: return "logical_and";
    case T::BinaryOp::LogicalOr: return "logical_or";
    case T::BinaryOp::LogicalXor: return "logical_xor";
    default: return {};
    }
}

/// The type the kernels compute a dtype's values in, as PyTorch's opmath type: fp32 for fp16 /
/// bf16 / fp32, fp64 for fp64, int64 for the integers and bool (results wrap to the stored
/// width); nullopt for the dtypes the kernels do not load or store (fp8, wide unsigned).
std::optional<DType> computeOf(DType d)
{
    switch (d) {
    case DType::F16:
    case DType::BF16:
    case DType::F32: return DType::F32;
    case DType::F64: return DType::F64;
    case DType::I1:
    case DType::I8:
    case DType::I16:
    case DType::I32:
    case DType::I64:
    case DType::U8: return DType::I64;
    default: return std::nullopt;
    }
}

bool storable(DType d)
{
    return computeOf(d).has_value();
}

bool isFloating(DType d)
{
    return d == DType::F16 || d == DType::BF16 || d == DType::F32 || d == DType::F64;
}

/// The compute type of a conversion from `from` to `to`: the wider of the two's, so every
/// value converts once (int64 when both are integers, a float type when either is).
std::optional<DType> conversionCompute(DType from, DType to)
{
    const std::optional<DType> a = computeOf(from), b = computeOf(to);
    if (!a || !b)
        return std::nullopt;
    if (*a == DType::F64 || *b == DType::F64)
        return DType::F64;
    return *a == DType::I64 && *b == DType::I64 ? DType::I64 : DType::F32;
}

/// x's strides against `shape` (x broadcast to it), padded in front to kMaxRank dims.
std::array<std::int64_t, kMaxRank> broadcastStrides(const Tensor &x, const T::Shape &shape)
{
    std::array<std::int64_t, kMaxRank> st{};
    const std::size_t r = shape.size(), xr = x.shape().size();
    for (std::size_t k = 0; k < xr; ++k) {
        const std::size_t d = r - xr + k;
        st[kMaxRank - r + d] = x.shape()[k] == 1 ? 0 : x.strides()[k];
    }
    return st;
}

std::array<std::int64_t, kMaxRank> paddedSizes(const T::Shape &shape)
{
    std::array<std::int64_t, kMaxRank> s{1, 1, 1, 1};
    for (std::size_t k = 0; k < shape.size(); ++k)
        s[kMaxRank - shape.size() + k] = shape[k];
    return s;
}

/// Rows of up to 32768 elements go in one block (Triton's softmax tutorial), with its warps.
constexpr std::int64_t kMaxRow = 32768;
/// Elements each program of a pass over longer rows reduces (partial_reduce_kernel).
constexpr std::int64_t kPartBlock = 8192;

/// A contiguous float tensor on the GPU whose dimension `dim` (the last by default; in range)
/// fits one block.
bool rowwise(const Tensor &x, std::int64_t dim = -1)
{
    if (x.shape().empty())
        return false;
    const std::int64_t n = dim < 0 ? x.shape().back() : x.shape()[std::size_t(dim)];
    return isFloating(x.dtype()) && x.isContiguous() && x.device().isCuda() && n > 0 && n <= kMaxRow;
}

std::int64_t rowBlock(std::int64_t cols)
{
    return std::int64_t(std::bit_ceil(std::uint64_t(cols)));
}

int rowWarps(std::int64_t block)
{
    return block >= 4096 ? 16 : block >= 2048 ? 8 : 4;
}

/// A Python number or a CPU scalar next to a cuda tensor: passed as a kernel argument.
bool isHostScalar(const Tensor &t)
{
    return !t.device().isCuda() && t.shape().empty();
}

} // namespace

/// One launch's signature and arguments, built parameter by parameter.
struct EagerGpuOps::Call
{
    sema::Signature sig;
    std::vector<LaunchArg> args;

    void pointer(const Tensor &t, const char *label)
    {
        sema::ArgSpec a;
        a.kind = sema::ArgSpec::Kind::Pointer;
        a.dtype = t.dtype();
        LaunchArg l = pointerLaunchArg(t, label);
        a.divisibleBy16 = l.byteOffset % 16 == 0;
        sig.args.push_back(a);
        args.push_back(std::move(l));
    }
    /// `specialize`: as Triton specializes an int (1, multiples of 16); the kernels' Python-number
    /// operands are not (the library's do_not_specialize), so `a_scalar.to(...)` always works.
    void integer(std::int64_t v, bool specialize = true)
    {
        sema::ArgSpec a = sema::ArgSpec::ofInt(v);
        if (!specialize)
            a.equalsOne = a.divisibleBy16 = false;
        sig.args.push_back(a);
        LaunchArg l;
        l.kind = LaunchArg::Kind::Int;
        l.i = v;
        args.push_back(l);
    }
    /// A Python float, as an fp32 kernel argument (fp64 when `dtype` says so).
    void real(double v, DType dtype = DType::F32)
    {
        sema::ArgSpec a;
        a.kind = sema::ArgSpec::Kind::Float;
        a.dtype = dtype;
        sig.args.push_back(a);
        LaunchArg l;
        l.kind = LaunchArg::Kind::Float;
        l.f = v;
        args.push_back(l);
    }
    /// A number as an argument of the compute type: int64 computes take it as an integer.
    void number(const T::Scalar &v, DType compute)
    {
        if (compute == DType::I64)
            integer(v.toInt(), false);
        else
            real(v.toDouble(), compute);
    }
    void constant(sema::ConstValue v)
    {
        sig.args.push_back(constexprSpec(std::move(v)));
        args.push_back(LaunchArg{});
    }
};

EagerGpuOps::EagerGpuOps(HostContext &ctx)
    : m_ctx(ctx)
{
}

EagerGpuOps::~EagerGpuOps() = default;

void EagerGpuOps::launch(const std::string &name, const sema::Signature &sig, std::vector<LaunchArg> args, Grid grid)
{
    if (!m_ctx.backend)
        throwPy("RuntimeError", "no backend to launch kernels on");
    if (!m_library) {
        m_library = std::make_unique<Library>();
        DiagnosticSink parseDiags;
        m_library->parsed = parseModule(m_library->file, parseDiags);
        for (const ast::Stmt *s : m_library->parsed.module->body)
            if (const auto *f = dynCast<ast::FunctionDef>(s))
                m_library->functions.emplace(std::string(f->name), f);
    }
    auto fn = m_library->functions.find(name);
    if (fn == m_library->functions.end())
        throwPy("RuntimeError", "Tilesmith's eager GPU library has no kernel '" + name + "'");
    const std::string key = name + "|" + sig.key();
    std::shared_ptr<CompiledKernel> &compiled = m_compiled[key];
    DiagnosticSink diags;
    if (!compiled) {
        diags.setOrigin(DiagOrigin::Sema);
        sema::KernelSource source{m_library->file, *m_library->parsed.module, *fn->second,
                                  [](std::string_view) { return std::optional<sema::ConstValue>(); }};
        std::shared_ptr<const ir::Kernel> kernel = sema::specialize(source, sig, diags);
        if (kernel && diags.errorCount() == 0)
            compiled = m_ctx.backend->compile(kernel, diags);
        std::optional<Diagnostic> error = m_ctx.emitAllButFirstError(diags);
        if (!compiled || error) {
            m_compiled.erase(key);
            throwPy("RuntimeError", "Tilesmith's eager GPU kernel '" + name + "' (" + sig.key()
                                        + ") did not compile: "
                                        + (error ? error->message : std::string("no kernel")));
        }
    }
    diags.setOrigin(DiagOrigin::Interp);
    LaunchContext lc{diags, nullptr, m_ctx.cancel};
    ++m_ctx.launches;
    const bool ok = m_ctx.backend->launch(*compiled, grid, args, lc);
    std::optional<Diagnostic> error = m_ctx.emitAllButFirstError(diags);
    if (!ok || error) {
        PyException e("RuntimeError", error ? error->message : "launch of " + name + " failed");
        if (error)
            e.diagnostic = std::move(error);
        throw e;
    }
}

void EagerGpuOps::launchFlat(const std::string &name, Call c, std::int64_t n)
{
    c.constant(sema::ConstValue::ofInt(kElementwiseBlock));
    launch(name, c.sig, std::move(c.args), Grid{(n + kElementwiseBlock - 1) / kElementwiseBlock, 1, 1});
}

void EagerGpuOps::launchRows(const std::string &name, Call c, DType compute, std::int64_t cols, std::int64_t rows)
{
    const std::int64_t block = rowBlock(cols);
    c.sig.numWarps = rowWarps(block);
    c.constant(sema::ConstValue::ofDType(compute));
    c.constant(sema::ConstValue::ofInt(block));
    launch(name, c.sig, std::move(c.args), Grid{rows, 1, 1});
}

std::optional<Tensor> EagerGpuOps::unary(T::UnaryOp op, const Tensor &x, DType out)
{
    std::string name = unaryName(op);
    const std::optional<DType> in = computeOf(x.dtype());
    if (name.empty() || !in || !storable(out))
        return std::nullopt;
    DType compute = *in;
    if (compute == DType::I64) {
        // Integers: rounding is the identity, bitwise_not of a bool is logical, and float math
        // (exp of an int tensor, isnan) reads them as fp32 as torch does.
        if (name == "floor" || name == "ceil" || name == "trunc" || name == "round")
            name = "copy";
        else if (name == "bitwise_not" && x.dtype() == DType::I1)
            name = "logical_not";
        else if (name != "neg" && name != "abs" && name != "relu" && name != "sign" && name != "bitwise_not"
                 && name != "logical_not")
            compute = out == DType::F64 ? DType::F64 : DType::F32;
    } else if (name == "bitwise_not") {
        return std::nullopt; // the host raises torch's error for floats
    }
    return unaryKernel(name, x, compute, out);
}

std::optional<Tensor>
EagerGpuOps::unaryKernel(const std::string &name, const Tensor &x, DType compute, DType out)
{
    if (x.shape().size() > kMaxRank)
        return std::nullopt;
    Tensor result = Tensor::allocate(x.shape(), out, x.device(), tensor::Storage::Init::Undefined);
    if (x.numel() > 0)
        unaryInto(name, x, compute, result);
    return result;
}

void EagerGpuOps::unaryInto(const std::string &name, const Tensor &x, DType compute, const Tensor &out)
{
    const auto sizes = paddedSizes(x.shape());
    const auto st = broadcastStrides(x, x.shape());
    Call c;
    c.pointer(x, "x");
    c.pointer(out, "out");
    c.integer(x.numel());
    for (int k = 1; k < kMaxRank; ++k)
        c.integer(sizes[std::size_t(k)]);
    for (std::int64_t s : st)
        c.integer(s);
    // A cast to bool is `x != 0`, spelled out rather than left to the store's conversion.
    const bool toBool = name == "copy" && out.dtype() == DType::I1 && x.dtype() != DType::I1;
    c.constant(sema::ConstValue::ofString(toBool ? "nonzero" : name));
    c.constant(sema::ConstValue::ofDType(compute));
    c.constant(sema::ConstValue::ofBool(x.isContiguous()));
    launchFlat("unary_kernel", std::move(c), x.numel());
}

std::optional<Tensor> EagerGpuOps::contiguous(const Tensor &x)
{
    if (x.isContiguous())
        return x;
    const std::optional<DType> compute = computeOf(x.dtype());
    if (!compute)
        return std::nullopt;
    return unaryKernel("copy", x, *compute, x.dtype());
}

bool EagerGpuOps::fill(const Tensor &x, const T::Scalar &value)
{
    const std::optional<DType> compute = computeOf(x.dtype());
    if (!x.device().isCuda() || !compute || !x.isContiguous() || x.numel() == 0)
        return false;
    Call c;
    c.pointer(x, "out");
    c.integer(x.numel());
    // A float value into an integer tensor truncates, as torch's fill_ does.
    c.number(*compute == DType::I64 && value.isFloat() ? T::Scalar::fromInt(std::int64_t(value.f)) : value,
             *compute);
    c.constant(sema::ConstValue::ofDType(*compute));
    launchFlat("fill_kernel", std::move(c), x.numel());
    return true;
}

bool EagerGpuOps::copyInto(const Tensor &dst, const Tensor &src)
{
    const std::optional<DType> compute = conversionCompute(src.dtype(), dst.dtype());
    if (!dst.device().isCuda() || !src.device().isCuda() || !compute || !dst.isContiguous()
        || dst.shape() != src.shape() || src.shape().size() > kMaxRank || dst.numel() == 0)
        return false;
    unaryInto("copy", src, *compute, dst);
    return true;
}

std::optional<Tensor>
EagerGpuOps::binary(T::BinaryOp op, const Tensor &a, const Tensor &b, DType compute, DType out)
{
    std::string name = binaryName(op);
    std::optional<DType> kernelCompute = computeOf(compute);
    // True division of integers (and atan2 of them) is fp32 arithmetic, as PyTorch's.
    if (kernelCompute == DType::I64 && isFloating(out))
        kernelCompute = DType::F32;
    if (name.empty() || !kernelCompute || !storable(out))
        return std::nullopt;
    // Integer division, remainders and powers have their own kernels: Triton's // and % round
    // toward zero, torch's floor. Division by zero and negative powers never get here: the
    // host raised torch's error first.
    if (*kernelCompute == DType::I64
        && (name == "floor_divide" || name == "remainder" || name == "fmod" || name == "pow"))
        name = "int_" + name;
    // Shifts are of integers only (the host raises torch's error for bool and floats).
    if ((name == "lshift" || name == "rshift") && (*kernelCompute != DType::I64 || compute == DType::I1))
        return std::nullopt;
    const bool aScalar = isHostScalar(a), bScalar = isHostScalar(b);
    // Tensors on different devices are the host path's error to raise, as torch does.
    if ((!aScalar && !a.device().isCuda()) || (!bScalar && !b.device().isCuda()) || (aScalar && bScalar))
        return std::nullopt;
    const T::Shape shape = T::broadcastShapes(a.shape(), b.shape());
    if (shape.size() > kMaxRank || (!aScalar && !storable(a.dtype())) || (!bScalar && !storable(b.dtype())))
        return std::nullopt;
    const Tensor &cuda = aScalar ? b : a;
    Tensor result = Tensor::allocate(shape, out, cuda.device(), tensor::Storage::Init::Undefined);
    std::int64_t n = 1;
    for (std::int64_t s : shape)
        n *= s;
    if (n == 0)
        return result;
    auto flat = [&](const Tensor &t, bool scalar) { return scalar || (t.shape() == shape && t.isContiguous()); };
    const bool contiguous = flat(a, aScalar) && flat(b, bScalar);
    const auto sizes = paddedSizes(shape);
    Call c;
    c.pointer(aScalar ? result : a, "a");
    c.pointer(bScalar ? result : b, "b");
    c.pointer(result, "out");
    c.integer(n);
    for (int k = 1; k < kMaxRank; ++k)
        c.integer(sizes[std::size_t(k)]);
    for (const Tensor *t : {&a, &b}) {
        const bool scalar = isHostScalar(*t);
        const auto st = scalar ? std::array<std::int64_t, kMaxRank>{} : broadcastStrides(*t, shape);
        for (std::int64_t s : st)
            c.integer(s);
    }
    c.number(aScalar ? a.item() : T::Scalar{}, *kernelCompute);
    c.number(bScalar ? b.item() : T::Scalar{}, *kernelCompute);
    c.constant(sema::ConstValue::ofString(name));
    c.constant(sema::ConstValue::ofDType(*kernelCompute));
    c.constant(sema::ConstValue::ofBool(aScalar));
    c.constant(sema::ConstValue::ofBool(bScalar));
    c.constant(sema::ConstValue::ofBool(contiguous));
    launchFlat("binary_kernel", std::move(c), n);
    return result;
}

std::optional<Tensor>
EagerGpuOps::where(const Tensor &cond, const Tensor &a, const Tensor &b, DType out)
{
    const std::optional<DType> compute = computeOf(out);
    if (!compute || cond.dtype() != DType::I1 || !cond.device().isCuda())
        return std::nullopt;
    const bool aScalar = isHostScalar(a), bScalar = isHostScalar(b);
    for (const Tensor *t : {&a, &b})
        if (!isHostScalar(*t) && (!t->device().isCuda() || !storable(t->dtype())))
            return std::nullopt;
    const T::Shape shape
        = T::broadcastShapes(cond.shape(), T::broadcastShapes(a.shape(), b.shape()));
    if (shape.size() > kMaxRank)
        return std::nullopt;
    Tensor result = Tensor::allocate(shape, out, cond.device(), tensor::Storage::Init::Undefined);
    const std::int64_t n = result.numel();
    if (n == 0)
        return result;
    auto flat = [&](const Tensor &t) {
        return isHostScalar(t) || (t.shape() == shape && t.isContiguous());
    };
    const auto sizes = paddedSizes(shape);
    Call c;
    c.pointer(cond, "condition");
    c.pointer(aScalar ? result : a, "input");
    c.pointer(bScalar ? result : b, "other");
    c.pointer(result, "out");
    c.integer(n);
    for (int k = 1; k < kMaxRank; ++k)
        c.integer(sizes[std::size_t(k)]);
    for (const Tensor *t : {&cond, &a, &b}) {
        const auto st
            = isHostScalar(*t) ? std::array<std::int64_t, kMaxRank>{} : broadcastStrides(*t, shape);
        for (std::int64_t s : st)
            c.integer(s);
    }
    c.number(aScalar ? a.item() : T::Scalar{}, *compute);
    c.number(bScalar ? b.item() : T::Scalar{}, *compute);
    c.constant(sema::ConstValue::ofDType(*compute));
    c.constant(sema::ConstValue::ofBool(aScalar));
    c.constant(sema::ConstValue::ofBool(bScalar));
    c.constant(sema::ConstValue::ofBool(flat(cond) && flat(a) && flat(b)));
    launchFlat("where_kernel", std::move(c), n);
    return result;
}

std::optional<Tensor> EagerGpuOps::softmax(const Tensor &x, std::int64_t dim, bool logarithm)
{
    // Any dimension of a contiguous tensor: a row is the elements along it, `inner` apart.
    const std::int64_t rank = std::int64_t(x.shape().size());
    if (dim < 0)
        dim += rank;
    if (dim < 0 || dim >= rank || !rowwise(x, dim))
        return std::nullopt;
    const std::int64_t cols = x.shape()[std::size_t(dim)];
    std::int64_t inner = 1;
    for (std::int64_t d = dim + 1; d < rank; ++d)
        inner *= x.shape()[std::size_t(d)];
    Tensor result = Tensor::allocate(x.shape(), x.dtype(), x.device(), tensor::Storage::Init::Undefined);
    const std::int64_t rows = x.numel() / cols;
    if (rows == 0)
        return result;
    Call c;
    c.pointer(result, "out");
    c.pointer(x, "x");
    c.integer(cols);
    c.integer(inner);
    c.constant(sema::ConstValue::ofBool(logarithm));
    launchRows("softmax_kernel", std::move(c), *computeOf(x.dtype()), cols, rows);
    return result;
}

std::optional<Tensor> EagerGpuOps::reduce(
    std::string_view op, const Tensor &x, const std::vector<bool> &reduced, bool keepdim, DType out)
{
    // A mean of integers is torch's error, which the host raises.
    const std::optional<DType> compute = computeOf(out);
    if (!storable(x.dtype()) || !compute || (op == "mean" && *compute == DType::I64)
        || !x.device().isCuda() || x.numel() == 0)
        return std::nullopt;
    // Kept dimensions first, reduced ones last: each output element then owns a contiguous row.
    std::vector<std::int64_t> order, last;
    T::Shape shape;
    std::int64_t groups = 1, cols = 1;
    for (std::size_t d = 0; d < reduced.size(); ++d) {
        const std::int64_t size = x.shape()[d];
        if (reduced[d]) {
            last.push_back(std::int64_t(d));
            cols *= size;
            if (keepdim)
                shape.push_back(1);
        } else {
            order.push_back(std::int64_t(d));
            groups *= size;
            shape.push_back(size);
        }
    }
    order.insert(order.end(), last.begin(), last.end());
    const std::optional<Tensor> rows = contiguous(x.permute(order));
    if (!rows)
        return std::nullopt;
    Tensor result = Tensor::allocate(shape, out, x.device(), tensor::Storage::Init::Undefined);
    reduceRows(op, *rows, groups, cols, result, *compute);
    return result;
}

void EagerGpuOps::reduceRows(std::string_view op,
                             Tensor rows,
                             std::int64_t groups,
                             std::int64_t cols,
                             const Tensor &result,
                             DType compute)
{
    // Rows longer than one block: each pass reduces blocks of kPartBlock into partial results
    // of the compute type, until the rows of partial results fit one block.
    const std::int64_t count = cols;
    while (cols > kMaxRow) {
        const std::int64_t parts = (cols + kPartBlock - 1) / kPartBlock;
        Tensor partial = Tensor::allocate(
            {groups, parts}, compute, rows.device(), tensor::Storage::Init::Undefined);
        Call c;
        c.pointer(rows, "x");
        c.pointer(partial, "partials");
        c.integer(cols);
        c.integer(parts);
        c.constant(sema::ConstValue::ofString(op == "mean" ? "sum" : std::string(op)));
        c.constant(sema::ConstValue::ofDType(compute));
        c.constant(sema::ConstValue::ofInt(kPartBlock));
        c.sig.numWarps = rowWarps(kPartBlock);
        launch("partial_reduce_kernel", c.sig, std::move(c.args), Grid{groups * parts, 1, 1});
        rows = partial;
        cols = parts;
    }
    Call c;
    c.pointer(rows, "x");
    c.pointer(result, "out");
    c.integer(cols);
    c.real(double(count), compute == DType::F64 ? DType::F64 : DType::F32);
    c.constant(sema::ConstValue::ofString(std::string(op)));
    launchRows("row_reduce_kernel", std::move(c), compute, cols, groups);
}

std::optional<Tensor> EagerGpuOps::norm(const Tensor &x,
                                        const std::optional<Tensor> &weight,
                                        const std::optional<Tensor> &bias,
                                        double eps,
                                        bool rms)
{
    if (!rowwise(x))
        return std::nullopt;
    const std::int64_t cols = x.shape().back();
    for (const std::optional<Tensor> *p : {&weight, &bias})
        if (*p && (!(*p)->device().isCuda() || !(*p)->isContiguous() || (*p)->shape() != T::Shape{cols}
                   || !isFloating((*p)->dtype())))
            return std::nullopt;
    Tensor result = Tensor::allocate(x.shape(), x.dtype(), x.device(), tensor::Storage::Init::Undefined);
    const std::int64_t rows = x.numel() / cols;
    if (rows == 0)
        return result;
    Call c;
    c.pointer(x, "x");
    c.pointer(weight ? *weight : x, "weight");
    c.pointer(bias ? *bias : x, "bias");
    c.pointer(result, "out");
    const DType compute = *computeOf(x.dtype());
    c.integer(cols);
    c.real(eps, compute);
    c.constant(sema::ConstValue::ofBool(rms));
    c.constant(sema::ConstValue::ofBool(bool(weight)));
    c.constant(sema::ConstValue::ofBool(bool(bias)));
    launchRows("norm_kernel", std::move(c), compute, cols, rows);
    return result;
}

std::optional<Tensor> EagerGpuOps::crossEntropy(const Tensor &input,
                                                const Tensor &target,
                                                std::string_view reduction,
                                                std::int64_t ignoreIndex,
                                                double labelSmoothing)
{
    // (N, C) logits with (N) class indices or (N, C) probabilities, or one row: (C) with a 0-d
    // index or (C) probabilities.
    const bool oneRow = input.dim() == 1;
    const bool probs = isFloating(target.dtype());
    if (!isFloating(input.dtype()) || !input.device().isCuda() || !target.device().isCuda()
        || (target.dtype() != DType::I64 && !probs) || (input.dim() != 2 && !oneRow)
        || input.numel() == 0)
        return std::nullopt;
    if (probs ? target.shape() != input.shape()
              : target.dim() != (oneRow ? 0 : 1) || (!oneRow && target.shape()[0] != input.shape()[0]))
        return std::nullopt; // the host raises torch's error
    // A class index out of range would read past the row: the host raises torch's IndexError.
    if (!probs) {
        const std::int64_t classes = input.shape().back();
        for (std::int64_t t : T::detail::toInts(target))
            if (t != ignoreIndex && (t < 0 || t >= classes))
                return std::nullopt;
    }
    const std::optional<Tensor> logits = contiguous(oneRow ? input.unsqueeze(0) : input);
    const std::optional<Tensor> targets = contiguous(target);
    if (!logits || !targets)
        return std::nullopt;
    const DType compute = *computeOf(input.dtype());
    const std::int64_t rows = logits->shape()[0], cols = logits->shape()[1];
    const bool none = reduction == "none";
    Tensor losses = Tensor::allocate(
        {rows}, none ? input.dtype() : compute, input.device(), tensor::Storage::Init::Undefined);
    Call c;
    c.pointer(*logits, "input");
    c.pointer(*targets, "target");
    c.pointer(losses, "losses");
    c.integer(cols);
    c.integer(ignoreIndex);
    c.real(labelSmoothing, compute);
    c.constant(sema::ConstValue::ofBool(probs));
    c.constant(sema::ConstValue::ofBool(labelSmoothing != 0));
    // Rows longer than a block are looped over in blocks of kMaxRow.
    launchRows("cross_entropy_kernel", std::move(c), compute, std::min(cols, kMaxRow), rows);
    if (none)
        return oneRow ? losses.reshape({}) : losses;
    Tensor result
        = Tensor::allocate({}, input.dtype(), input.device(), tensor::Storage::Init::Undefined);
    Call r;
    r.pointer(losses, "losses");
    r.pointer(*targets, "target");
    r.pointer(result, "out");
    r.integer(rows);
    r.integer(ignoreIndex);
    r.constant(sema::ConstValue::ofBool(reduction == "mean"));
    r.constant(sema::ConstValue::ofBool(probs));
    r.constant(sema::ConstValue::ofInt(kElementwiseBlock));
    launch("cross_entropy_reduce_kernel", r.sig, std::move(r.args), Grid{1, 1, 1});
    return result;
}

std::optional<Tensor> EagerGpuOps::dropout(const Tensor &x, double p)
{
    // tl.rand's offsets are int32, as in Triton's dropout tutorial.
    if (!isFloating(x.dtype()) || !x.device().isCuda()
        || x.numel() > std::numeric_limits<std::int32_t>::max())
        return std::nullopt;
    if (p == 0)
        return copy(x, x.dtype());
    const std::optional<Tensor> src = contiguous(x);
    if (!src)
        return std::nullopt;
    const DType compute = *computeOf(x.dtype());
    Tensor result
        = Tensor::allocate(x.shape(), x.dtype(), x.device(), tensor::Storage::Init::Undefined);
    const std::int64_t n = x.numel();
    if (n == 0)
        return result;
    Call c;
    c.pointer(*src, "input");
    c.pointer(result, "out");
    c.integer(n);
    c.real(p);
    c.real(p < 1 ? 1.0 / (1.0 - p) : 0.0, compute);
    // 31 bits of torch's generator: an int32 seed, as Triton's dropout tutorial passes.
    c.integer(std::int64_t(T::nextRandomBits() >> 33));
    c.constant(sema::ConstValue::ofDType(compute));
    launchFlat("dropout_kernel", std::move(c), n);
    return result;
}

std::optional<Tensor> EagerGpuOps::copy(const Tensor &x, DType out)
{
    const std::optional<DType> compute = conversionCompute(x.dtype(), out);
    if (!compute || !x.device().isCuda() || x.isWrappedNumber())
        return std::nullopt;
    return unaryKernel("copy", x, *compute, out);
}

std::optional<Tensor>
EagerGpuOps::matmul(const Tensor &a, const Tensor &b, std::int64_t n, std::int64_t k, std::int64_t p)
{
    // One batch dimension at most (mm, bmm, matmul of 2-D / 3-D operands); a broadcast batch
    // has stride 0.
    if (a.dtype() != b.dtype() || !isFloating(a.dtype()) || a.shape().size() != b.shape().size()
        || a.shape().size() > 3 || !a.device().isCuda() || !b.device().isCuda() || !m_ctx.backend)
        return std::nullopt;
    const bool batched = a.shape().size() == 3;
    T::Shape shape = batched ? T::Shape{a.shape()[0], n, p} : T::Shape{n, p};
    Tensor result = Tensor::allocate(shape, a.dtype(), a.device(), tensor::Storage::Init::Undefined);
    if (result.numel() == 0)
        return result;
    auto operand = [&](const Tensor &t, const char *label) {
        MatmulArgs::Operand o;
        o.tensor = pointerLaunchArg(t, label);
        const std::size_t r = t.shape().size();
        o.rowStride = t.strides()[r - 2];
        o.colStride = t.strides()[r - 1];
        o.batchStride = batched ? t.strides()[0] : 0;
        return o;
    };
    MatmulArgs g;
    g.a = operand(a, "a");
    g.b = operand(b, "b");
    g.c = operand(result, "out");
    g.dtype = a.dtype();
    g.batch = batched ? a.shape()[0] : 1;
    g.m = n;
    g.n = p;
    g.k = k;
    // As PyTorch: fp32 on tf32 tensor cores once the program allows it
    // (torch.backends.cuda.matmul.allow_tf32, torch.set_float32_matmul_precision).
    if (m_ctx.interp)
        if (const std::optional<Value> mm = m_ctx.interp->module("torch.backends.cuda.matmul"); mm && mm->object())
            if (const std::optional<Value> allow = mm->object()->getAttr("allow_tf32"))
                g.allowTf32 = truthy(*allow);
    std::string why;
    ++m_ctx.launches;
    if (m_ctx.backend->matmul(g, &why))
        return result;
    --m_ctx.launches;
    warnOnHost("matmul", why); // the host path's hostFallback("matmul") then says nothing more
    return std::nullopt;
}

void EagerGpuOps::hostFallback(std::string_view op, std::string_view why)
{
    warnOnHost(op, why.empty() ? std::string("Tilesmith has no GPU kernel for it") : std::string(why));
}

void EagerGpuOps::warnOnHost(std::string_view op, const std::string &why)
{
    if (!m_warned.insert(std::string(op)).second)
        return;
    DiagnosticSink diags;
    diags.setOrigin(DiagOrigin::Interp);
    diags.report(DiagKind::EagerOpOnHost,
                 m_ctx.interp ? m_ctx.interp->currentSpan() : SourceSpan{},
                 {std::string(op), std::string("do_bench"), why});
    m_ctx.emitAllButFirstError(diags);
}

} // namespace tsm::host
