// The `numpy` subset: np.load / np.save / np.savez(_compressed) relative to the program's folder
// (absolute paths and `..` escapes are ForbiddenHostAccess), arrays only as a bridge to tensors
// (torch.from_numpy, Tensor.numpy(), np.asarray/array of lists), np.allclose and
// np.testing.assert_allclose.

#include "core/host/host_context.h"
#include "core/host/library_module.h"
#include "core/host/py_exception.h"
#include "core/host/py_format.h"
#include "core/host/torch_args.h"
#include "core/host/torch_module.h"
#include "core/host/torch_objects.h"
#include "core/tensor/compare.h"
#include "core/tensor/npy_io.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_format.h"

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

void reportValidation(CallArgs &args, const run::ValidationReport &report); // torch_testing.cpp

namespace {

/// numpy.ndarray: a cpu tensor that prints and indexes like an array (kept minimal: it is a
/// bridge to tensors).
class NdArrayObject final : public Object
{
public:
    explicit NdArrayObject(Tensor t)
        : tensor(std::move(t))
    {
    }
    std::string_view typeName() const override { return "ndarray"; }
    std::string repr() const override
    {
        std::string s = guardTensor([&] { return T::formatTensor(tensor); });
        // "tensor([...])" -> "array([...])", dropping torch's dtype suffix wording.
        if (s.rfind("tensor(", 0) == 0)
            s = "array(" + s.substr(7);
        return s;
    }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "shape") {
            std::vector<Value> dims;
            for (auto d : tensor.shape())
                dims.push_back(Value::integer(d));
            return Value::tuple(std::move(dims));
        }
        if (name == "dtype")
            return dtypeValue(tensor.dtype(), DTypeObject::Flavor::Numpy);
        if (name == "ndim")
            return Value::integer(tensor.dim());
        if (name == "size")
            return Value::integer(tensor.numel());
        if (name == "T")
            return Value::make<NdArrayObject>(tensor.T());
        Tensor t = tensor;
        if (name == "tolist")
            return makeMethod(*this, "tolist", [t](CallArgs &) {
                return nestedValue(guardTensor([&] { return t.tolist(); }));
            });
        if (name == "item")
            return makeMethod(*this, "item", [t](CallArgs &) {
                return scalarValue(guardTensor([&] { return t.item(); }));
            });
        if (name == "astype")
            return makeMethod(*this, "astype", [t](CallArgs &a) {
                a.expectPositional("astype", 1, 1);
                return Value::make<NdArrayObject>(
                    guardTensor([&] { return t.to(*toDType(a[0]), true); }));
            });
        if (name == "copy")
            return makeMethod(
                *this, "copy", [t](CallArgs &) { return Value::make<NdArrayObject>(t.clone()); });
        if (name == "reshape")
            return makeMethod(*this, "reshape", [t](CallArgs &a) {
                return Value::make<NdArrayObject>(
                    guardTensor([&] { return t.reshape(toShape(a.positional)); }));
            });
        throwUnsupported("numpy.ndarray." + std::string(name));
    }
    Value getItem(const Value &key) override
    {
        Value asTensor = tensorValue(tensor);
        Value r = asTensor.object()->getItem(key);
        if (const Tensor *t = tensorOf(r))
            return t->dim() == 0 ? scalarValue(guardTensor([&] { return t->item(); }))
                                 : Value::make<NdArrayObject>(*t);
        return r;
    }
    std::optional<std::int64_t> len() const override
    {
        if (tensor.dim() == 0)
            throwTypeError("len() of unsized object");
        return tensor.size(0);
    }
    Tensor tensor;
};

/// The NpzFile np.load returns for an .npz archive: arrays by name.
class NpzFileObject final : public Object
{
public:
    std::string_view typeName() const override { return "NpzFile"; }
    Value getItem(const Value &key) override
    {
        std::string k = key.isStr() ? key.asStr() : pyStr(key);
        for (auto &[name, t] : arrays)
            if (name == k)
                return Value::make<NdArrayObject>(t);
        throwPy("KeyError", k + " is not a file in the archive");
    }
    std::optional<Value> getAttr(std::string_view name) override
    {
        std::vector<Value> names;
        for (auto &[n, _] : arrays)
            names.push_back(Value::str(n));
        if (name == "files")
            return Value::list(names);
        if (name == "keys")
            return makeMethod(*this, "keys", [names](CallArgs &) { return Value::list(names); });
        if (name == "close")
            return makeMethod(*this, "close", [](CallArgs &) { return Value(); });
        return std::nullopt;
    }
    std::optional<bool> contains(const Value &item) override
    {
        for (auto &[n, _] : arrays)
            if (item.isStr() && item.asStr() == n)
                return true;
        return false;
    }
    std::optional<Value> iter() override
    {
        std::vector<Value> names;
        for (auto &[n, _] : arrays)
            names.push_back(Value::str(n));
        return makeIterator(std::move(names));
    }
    Value enter() override { return self(); }
    bool exit(const PyException *) override { return false; }
    std::vector<std::pair<std::string, Tensor>> arrays;
};

/// An array argument: ndarray, tensor (numpy converts cpu tensors), or nested numbers.
Tensor arrayArg(const Value &v, std::string_view what)
{
    if (auto *a = v.as<NdArrayObject>())
        return a->tensor;
    if (const Tensor *t = tensorOf(v)) {
        if (t->device().isCuda())
            throwTypeError("can't convert " + t->device().str()
                           + " device type tensor to numpy. Use Tensor.cpu() to copy the tensor "
                             "to host memory first.");
        return *t;
    }
    if (v.isNumber() || v.kind() == ValueKind::List || v.kind() == ValueKind::Tuple) {
        T::Nested n = toNested(v);
        // numpy's defaults: float64 for floats, int64 for ints.
        bool anyFloat = false;
        std::function<void(const T::Nested &)> scan = [&](const T::Nested &x) {
            if (x.kind == T::Nested::Kind::Scalar)
                anyFloat |= x.scalar.isFloat();
            for (const auto &i : x.items)
                scan(i);
        };
        scan(n);
        return guardTensor(
            [&] { return T::fromNested(n, anyFloat ? std::optional(DType::F64) : std::nullopt); });
    }
    throwTypeError(std::string(what) + ": expected an array, not " + std::string(v.typeName()));
}

std::string pathArg(const Value &v, std::string_view fn)
{
    if (!v.isStr())
        throwUnsupported(std::string(fn) + " with a file object (pass a file name)");
    return v.asStr();
}

Value loadFn(CallArgs &args)
{
    auto v = args.bind("load",
                       {{"file"},
                        {"mmap_mode", Value()},
                        {"allow_pickle", Value::boolean(false)},
                        {"fix_imports", Value::boolean(true)},
                        {"encoding", Value::str("ASCII")}});
    std::string name = pathArg(v[0], "np.load");
    auto path = HostContext::of(args.interp).resolvePath("np.load", name, "read files");
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throwPy("FileNotFoundError", "[Errno 2] No such file or directory: '" + name + "'");
    // Decide .npy vs .npz by content, as numpy does.
    T::NpzResult z = T::loadNpz(path);
    if (z.error.empty()) {
        auto f = std::make_shared<NpzFileObject>();
        f->arrays = std::move(z.arrays);
        return Value::fromObject(f);
    }
    T::NpyResult r = T::loadNpy(path);
    if (!r.tensor)
        throwValueError(r.error.empty() ? z.error : r.error);
    return Value::make<NdArrayObject>(*r.tensor);
}

Value saveFn(CallArgs &args)
{
    auto v = args.bind("save",
                       {{"file"},
                        {"arr"},
                        {"allow_pickle", Value::boolean(true)},
                        {"fix_imports", Value::boolean(true)}});
    std::string name = pathArg(v[0], "np.save");
    if (name.size() < 4 || name.substr(name.size() - 4) != ".npy")
        name += ".npy";
    auto path = HostContext::of(args.interp).resolvePath("np.save", name, "write files");
    Tensor t = arrayArg(v[1], "np.save");
    std::string err = T::saveNpy(path, t);
    if (!err.empty())
        throwPy("OSError", err);
    return Value();
}

template <bool Compressed> Value savezFn(CallArgs &args)
{
    const char *fn = Compressed ? "np.savez_compressed" : "np.savez";
    if (args.positional.empty())
        throwTypeError(std::string(fn) + "() missing 1 required positional argument: 'file'");
    std::string name = pathArg(args[0], fn);
    if (name.size() < 4 || name.substr(name.size() - 4) != ".npz")
        name += ".npz";
    auto path = HostContext::of(args.interp).resolvePath(fn, name, "write files");
    std::vector<std::pair<std::string, Tensor>> arrays;
    for (std::size_t i = 1; i < args.size(); ++i)
        arrays.emplace_back("arr_" + std::to_string(i - 1), arrayArg(args[i], fn));
    for (const Kwarg &k : args.keywords)
        arrays.emplace_back(k.name, arrayArg(k.value, fn));
    std::string err = T::saveNpz(path, arrays, Compressed);
    if (!err.empty())
        throwPy("OSError", err);
    return Value();
}

Value asarrayFn(CallArgs &args)
{
    if (args.size() < 1 || args.size() > 2)
        throwTypeError("array() takes 1 or 2 positional arguments");
    Tensor t = arrayArg(args[0], "np.array");
    std::optional<DType> dtype;
    if (args.size() == 2)
        dtype = toDType(args[1]);
    if (const Value *d = args.keyword("dtype"))
        dtype = toDType(*d);
    if (dtype)
        t = guardTensor([&] { return t.to(*dtype, true); });
    return Value::make<NdArrayObject>(t);
}

Value allcloseFn(CallArgs &args)
{
    auto v = args.bind("allclose",
                       {{"a"},
                        {"b"},
                        {"rtol", Value::real(1e-5)},
                        {"atol", Value::real(1e-8)},
                        {"equal_nan", Value::boolean(false)}});
    Tensor a = arrayArg(v[0], "np.allclose").to(DType::F64),
           b = arrayArg(v[1], "np.allclose").to(DType::F64);
    run::ValidationReport r = guardTensor(
        [&] { return T::allcloseReport(a, b, toDouble(v[2]), toDouble(v[3]), truthy(v[4])); });
    r.function = "numpy.allclose";
    HostContext::of(args.interp).emitValidation(r);
    return Value::boolean(r.passed);
}

Value assertAllcloseFn(CallArgs &args)
{
    auto v = args.bind("assert_allclose",
                       {{"actual"},
                        {"desired"},
                        {"rtol", Value::real(1e-7)},
                        {"atol", Value::real(0.0)},
                        {"equal_nan", Value::boolean(true)},
                        {"err_msg", Value::str("")},
                        {"verbose", Value::boolean(true)}});
    Tensor a = arrayArg(v[0], "assert_allclose"), b = arrayArg(v[1], "assert_allclose");
    T::CloseOptions o;
    o.rtol = toDouble(v[2]);
    o.atol = toDouble(v[3]);
    o.equalNan = truthy(v[4]);
    o.checkDtype = false;
    o.checkDevice = false;
    o.function = "numpy.testing.assert_allclose";
    if (v[5].isStr() && !v[5].asStr().empty())
        o.msg = v[5].asStr();
    run::ValidationReport r = guardTensor([&] { return T::assertClose(a, b, o); });
    reportValidation(args, r);
    return Value();
}

} // namespace

Value numpyArrayValue(tensor::Tensor t)
{
    return Value::make<NdArrayObject>(std::move(t));
}

const tensor::Tensor *numpyArrayTensor(const Value &v)
{
    if (auto *a = v.as<NdArrayObject>())
        return &a->tensor;
    return nullptr;
}

std::shared_ptr<LibraryModule> makeNumpyModule()
{
    auto np = makeLibraryModule("numpy");
    np->def("load", loadFn);
    np->def("save", saveFn);
    np->def("savez", savezFn<false>);
    np->def("savez_compressed", savezFn<true>);
    np->def("array", asarrayFn);
    np->def("asarray", asarrayFn);
    np->def("allclose", allcloseFn);
    using F = DTypeObject::Flavor;
    // numpy has no fp8 types.
#define DTYPE(Enum, TritonName, ShortName, TorchName, Bits, Kind)                                  \
    if (!isFp8(DType::Enum))                                                                       \
        np->set(DType::Enum == DType::I1 ? "bool_" : TritonName, dtypeValue(DType::Enum, F::Numpy));
#include "core/sema/dtypes.def"
    np->set("ndarray", makeLibraryType("ndarray"));
    auto testing = makeLibraryModule("numpy.testing");
    testing->def("assert_allclose", assertAllcloseFn);
    np->set("testing", Value::fromObject(testing));
    return np;
}

} // namespace tsm::host
