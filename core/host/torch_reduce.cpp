// Reductions, scans, sorting, linear algebra and selection as torch functions and Tensor
// methods: sum / mean / max(dim) / var / cumsum / sort / matmul / softmax / bincount ...

#include "core/host/host_context.h"
#include "core/host/py_exception.h"
#include "core/host/py_format.h"
#include "core/host/torch_args.h"
#include "core/host/torch_functions.h"
#include "core/host/torch_objects.h"
#include "core/tensor/compare.h"
#include "core/tensor/tensor_ops.h"

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

namespace {

Value pair(std::string kind, T::ValuesIndices vi)
{
    return Value::make<ValuesIndicesObject>(
        std::move(kind), tensorValue(std::move(vi.values)), tensorValue(std::move(vi.indices)));
}

template <Tensor (*Fn)(const Tensor &, const T::DimList &, bool, std::optional<DType>)>
Value sumLike(const Tensor &self, CallArgs &args)
{
    auto v = args.bind(
        "sum", {{"dim", Value()}, {"keepdim", Value::boolean(false)}, {"dtype", Value(), true}});
    return tensorValue(Fn(self, toDims(v[0]), truthy(v[1]), toDType(v[2])));
}

template <Tensor (*Fn)(const Tensor &, const T::DimList &, bool)>
Value amaxLike(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("amax", {{"dim", Value()}, {"keepdim", Value::boolean(false)}});
    return tensorValue(Fn(self, toDims(v[0]), truthy(v[1])));
}

template <bool IsMax> Value maxFn(const Tensor &self, CallArgs &args)
{
    const char *name = IsMax ? "max" : "min";
    if (args.positional.empty() && args.keywords.empty())
        return tensorValue(IsMax ? T::max(self) : T::min(self));
    if (!args.positional.empty() && tensorOf(args.positional[0])) {
        auto v = args.bind(name, {{"other"}});
        return tensorValue(
            T::binary(IsMax ? T::BinaryOp::Maximum : T::BinaryOp::Minimum, self, *tensorOf(v[0])));
    }
    auto v = args.bind(name, {{"dim"}, {"keepdim", Value::boolean(false)}});
    std::int64_t dim = toIndex(v[0]);
    return pair(name, IsMax ? T::max(self, dim, truthy(v[1])) : T::min(self, dim, truthy(v[1])));
}

template <bool IsMax> Value argmaxFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind(IsMax ? "argmax" : "argmin",
                       {{"dim", Value()}, {"keepdim", Value::boolean(false)}});
    std::optional<std::int64_t> dim;
    if (!v[0].isNone())
        dim = toIndex(v[0]);
    return tensorValue(IsMax ? T::argmax(self, dim, truthy(v[1]))
                             : T::argmin(self, dim, truthy(v[1])));
}

template <bool IsStd> Value varFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind(IsStd ? "std" : "var",
                       {{"dim", Value()},
                        {"unbiased", Value()},
                        {"keepdim", Value::boolean(false)},
                        {"correction", Value(), true}});
    Value dimArg = v[0];
    double correction = 1;
    if (dimArg.isBool()) { // var(x, False): the old `unbiased` positional
        correction = dimArg.asBool() ? 1 : 0;
        dimArg = Value();
    }
    if (!v[1].isNone())
        correction = truthy(v[1]) ? 1 : 0;
    if (!v[3].isNone())
        correction = toDouble(v[3]);
    auto dims = toDims(dimArg);
    return tensorValue(IsStd ? T::std(self, dims, correction, truthy(v[2]))
                             : T::var(self, dims, correction, truthy(v[2])));
}

Value logsumexpFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("logsumexp", {{"dim"}, {"keepdim", Value::boolean(false)}});
    return tensorValue(T::logsumexp(self, toDims(v[0]), truthy(v[1])));
}

template <bool IsAll> Value allFn(const Tensor &self, CallArgs &args)
{
    auto v
        = args.bind(IsAll ? "all" : "any", {{"dim", Value()}, {"keepdim", Value::boolean(false)}});
    return tensorValue(IsAll ? T::all(self, toDims(v[0]), truthy(v[1]))
                             : T::any(self, toDims(v[0]), truthy(v[1])));
}

template <bool IsSum> Value cumFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind(IsSum ? "cumsum" : "cumprod", {{"dim"}, {"dtype", Value(), true}});
    return tensorValue(IsSum ? T::cumsum(self, toIndex(v[0]), toDType(v[1]))
                             : T::cumprod(self, toIndex(v[0]), toDType(v[1])));
}

Value sortFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("sort",
                       {{"dim", Value::integer(-1)},
                        {"descending", Value::boolean(false)},
                        {"stable", Value::boolean(false), true}});
    return pair("sort", T::sort(self, toIndex(v[0]), truthy(v[1])));
}

Value argsortFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("argsort",
                       {{"dim", Value::integer(-1)},
                        {"descending", Value::boolean(false)},
                        {"stable", Value::boolean(false), true}});
    return tensorValue(T::sort(self, toIndex(v[0]), truthy(v[1])).indices);
}

Value topkFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("topk",
                       {{"k"},
                        {"dim", Value::integer(-1)},
                        {"largest", Value::boolean(true)},
                        {"sorted", Value::boolean(true)}});
    return pair("topk", T::topk(self, toIndex(v[0]), toIndex(v[1]), truthy(v[2])));
}

template <Tensor (*Fn)(const Tensor &, const Tensor &)>
Value linalgFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("matmul", {{"other"}});
    return tensorValue(Fn(self, toTensor(v[0], "other")));
}

template <bool Log> Value softmaxFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind(Log ? "log_softmax" : "softmax", {{"dim"}, {"dtype", Value()}});
    std::int64_t dim = toIndex(v[0]);
    return tensorValue(Log ? T::logSoftmax(self, dim, toDType(v[1]))
                           : T::softmax(self, dim, toDType(v[1])));
}

Value normFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("norm",
                       {{"p", Value::str("fro")},
                        {"dim", Value()},
                        {"keepdim", Value::boolean(false)},
                        {"dtype", Value(), true}});
    bool two = v[0].isStr() ? v[0].asStr() == "fro" : toDouble(v[0]) == 2.0;
    if (!two)
        throwUnsupported("torch.norm with p=" + pyRepr(v[0]));
    Tensor x = isFloat(self.dtype()) ? self : self.to(DType::F32);
    Tensor sq = T::sum(T::binary(T::BinaryOp::Mul, x, x), toDims(v[1]), truthy(v[2]));
    return tensorValue(T::unary(T::UnaryOp::Sqrt, sq));
}

Value bincountFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("bincount", {{"weights", Value()}, {"minlength", Value::integer(0)}});
    std::optional<Tensor> w;
    if (!v[0].isNone())
        w = toTensor(v[0], "weights");
    return tensorValue(T::bincount(self, w, toIndex(v[1])));
}

Value nonzeroFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("nonzero", {{"as_tuple", Value::boolean(false), true}});
    Tensor nz = T::nonzero(self);
    if (!truthy(v[0]))
        return tensorValue(nz);
    std::vector<Value> cols;
    for (std::int64_t d = 0; d < self.dim(); ++d)
        cols.push_back(tensorValue(nz.select(1, d).contiguous()));
    return Value::tuple(std::move(cols));
}

Value indexSelectFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("index_select", {{"dim"}, {"index"}});
    return tensorValue(T::indexSelect(self, toIndex(v[0]), toTensor(v[1], "index")));
}

Value gatherFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("gather", {{"dim"}, {"index"}});
    return tensorValue(T::gather(self, toIndex(v[0]), toTensor(v[1], "index")));
}

template <bool Upper> Value triFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind(Upper ? "triu" : "tril", {{"diagonal", Value::integer(0)}});
    return tensorValue(Upper ? T::triu(self, toIndex(v[0])) : T::tril(self, toIndex(v[0])));
}

Value maskedSelectFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("masked_select", {{"mask"}});
    return tensorValue(T::maskedSelect(self, toTensor(v[0], "mask")));
}

Value flipFn(const Tensor &self, CallArgs &args)
{
    std::vector<std::int64_t> dims;
    if (args.positional.size() == 1 && !args.positional[0].isIntLike())
        dims = *toDims(args.positional[0]);
    else if (const Value *d = args.keyword("dims"))
        dims = *toDims(*d);
    else
        for (const Value &d : args.positional)
            dims.push_back(toIndex(d));
    return tensorValue(T::flip(self, dims));
}

Value allcloseFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("allclose",
                       {{"other"},
                        {"rtol", Value::real(1e-5)},
                        {"atol", Value::real(1e-8)},
                        {"equal_nan", Value::boolean(false)}});
    run::ValidationReport r = T::allcloseReport(
        self, toTensor(v[0], "other"), toDouble(v[1]), toDouble(v[2]), truthy(v[3]));
    HostContext::of(args.interp).emitValidation(r);
    return Value::boolean(r.passed);
}

Value countNonzeroFn(const Tensor &self, CallArgs &args)
{
    auto v = args.bind("count_nonzero", {{"dim", Value()}});
    Tensor nz = T::binary(T::BinaryOp::Ne, self, Tensor::fromScalar(tensor::Scalar::fromInt(0)));
    return tensorValue(T::sum(nz, toDims(v[0])));
}

} // namespace

void addReductionFns(std::vector<TensorFnEntry> &out)
{
    using E = TensorFnEntry;
    out.insert(out.end(),
               {
                   {"sum", &sumLike<&T::sum>},
                   {"mean", &sumLike<&T::mean>},
                   {"prod", &sumLike<&T::prod>},
                   {"amax", &amaxLike<&T::amax>},
                   {"amin", &amaxLike<&T::amin>},
                   {"max", &maxFn<true>},
                   {"min", &maxFn<false>},
                   {"argmax", &argmaxFn<true>},
                   {"argmin", &argmaxFn<false>},
                   {"var", &varFn<false>},
                   {"std", &varFn<true>},
                   {"logsumexp", &logsumexpFn},
                   {"all", &allFn<true>},
                   {"any", &allFn<false>},
                   {"cumsum", &cumFn<true>},
                   {"cumprod", &cumFn<false>},
                   {"sort", &sortFn},
                   {"argsort", &argsortFn},
                   {"topk", &topkFn},
                   {"matmul", &linalgFn<&T::matmul>},
                   {"mm", &linalgFn<&T::mm>},
                   {"bmm", &linalgFn<&T::bmm>},
                   {"dot", &linalgFn<&T::dot>},
                   {"outer", &linalgFn<&T::outer>},
                   {"ger", &linalgFn<&T::outer>},
                   {"softmax", &softmaxFn<false>},
                   {"log_softmax", &softmaxFn<true>},
                   {"norm", &normFn},
                   {"bincount", &bincountFn},
                   {"nonzero", &nonzeroFn},
                   {"index_select", &indexSelectFn},
                   {"gather", &gatherFn},
                   {"triu", &triFn<true>},
                   {"tril", &triFn<false>},
                   {"masked_select", &maskedSelectFn},
                   {"flip", &flipFn},
                   {"allclose", &allcloseFn, E::Method},
                   {"count_nonzero", &countNonzeroFn},
               });
}

} // namespace tsm::host
