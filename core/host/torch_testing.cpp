// torch.testing.assert_close, torch.allclose (both emit a Validation event every time) and
// torch.cuda (a nominal device: tensors on "cuda" live in host memory on the interpreter).

#include "core/host/host_context.h"
#include "core/host/py_exception.h"
#include "core/host/torch_args.h"
#include "core/host/torch_module.h"
#include "core/host/torch_objects.h"
#include "core/tensor/compare.h"
#include "core/tensor/tensor_factory.h"

#include <chrono>

namespace tsm::host {

using tensor::Tensor;
namespace T = tsm::tensor;

/// A compared value as a tensor: tensors as they are, numbers and lists as torch.tensor would.
Tensor comparedTensor(const Value &v, std::string_view what)
{
    if (const Tensor *t = tensorOf(v))
        return *t;
    if (v.isFloat())
        return T::fromNested(T::Nested::of(toScalar(v)), DType::F64);
    if (v.isBool())
        return T::fromNested(T::Nested::of(toScalar(v)), DType::I1);
    if (v.isInt())
        return T::fromNested(T::Nested::of(toScalar(v)), DType::I64);
    return guardTensor([&] { return T::fromNested(toNested(v)); });
}

/// Emits the report and raises AssertionError with its message when it failed.
void reportValidation(CallArgs &args, const run::ValidationReport &report)
{
    HostContext::of(args.interp).emitValidation(report);
    if (!report.passed)
        throwPy("AssertionError", report.message);
}

namespace {

Value assertCloseFn(CallArgs &args)
{
    auto v = args.bind("assert_close",
                       {{"actual"},
                        {"expected"},
                        {"allow_subclasses", Value::boolean(true), true},
                        {"rtol", Value(), true},
                        {"atol", Value(), true},
                        {"equal_nan", Value::boolean(false), true},
                        {"check_device", Value::boolean(true), true},
                        {"check_dtype", Value::boolean(true), true},
                        {"check_layout", Value::boolean(true), true},
                        {"check_stride", Value::boolean(false), true},
                        {"msg", Value(), true}});
    Tensor actual = comparedTensor(v[0], "actual"), expected = comparedTensor(v[1], "expected");
    T::CloseOptions o;
    if (!v[3].isNone())
        o.rtol = toDouble(v[3]);
    if (!v[4].isNone())
        o.atol = toDouble(v[4]);
    o.equalNan = truthy(v[5]);
    o.checkDevice = truthy(v[6]);
    o.checkDtype = truthy(v[7]);
    if (v[10].isStr())
        o.msg = v[10].asStr();
    run::ValidationReport r = guardTensor([&] { return T::assertClose(actual, expected, o); });
    reportValidation(args, r);
    return Value();
}

Value allcloseFn(CallArgs &args)
{
    auto v = args.bind("allclose",
                       {{"input"},
                        {"other"},
                        {"rtol", Value::real(1e-5)},
                        {"atol", Value::real(1e-8)},
                        {"equal_nan", Value::boolean(false)}});
    Tensor a = toTensor(v[0]), b = toTensor(v[1], "other");
    run::ValidationReport r = guardTensor(
        [&] { return T::allcloseReport(a, b, toDouble(v[2]), toDouble(v[3]), truthy(v[4])); });
    HostContext::of(args.interp).emitValidation(r);
    return Value::boolean(r.passed);
}

/// torch.cuda.Stream: the interpreter runs everything in order, so streams only keep the API.
class StreamObject final : public Object
{
public:
    std::string_view typeName() const override { return "Stream"; }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "synchronize" || name == "wait_stream" || name == "wait_event"
            || name == "record_event")
            return makeMethod(*this, std::string(name), [](CallArgs &) { return Value(); });
        if (name == "cuda_stream")
            return Value::integer(0);
        return std::nullopt;
    }
    Value enter() override { return self(); }
    bool exit(const PyException *) override { return false; }
};

/// torch.cuda.Event(enable_timing=True): record() takes the host clock; elapsed_time in ms.
class EventObject final : public Object
{
public:
    std::string_view typeName() const override { return "Event"; }
    std::optional<Value> getAttr(std::string_view name) override
    {
        if (name == "record") {
            auto me = std::static_pointer_cast<EventObject>(shared_from_this());
            return makeMethod(*this, "record", [me](CallArgs &) {
                me->at = std::chrono::steady_clock::now();
                me->recorded = true;
                return Value();
            });
        }
        if (name == "synchronize" || name == "wait")
            return makeMethod(*this, std::string(name), [](CallArgs &) { return Value(); });
        if (name == "elapsed_time") {
            auto me = std::static_pointer_cast<EventObject>(shared_from_this());
            return makeMethod(*this, "elapsed_time", [me](CallArgs &a) {
                a.expectPositional("elapsed_time", 1, 1);
                auto *end = a[0].as<EventObject>();
                if (!end || !end->recorded || !me->recorded)
                    throwPy("RuntimeError",
                            "Both events must be recorded before calculating elapsed time.");
                return Value::real(
                    std::chrono::duration<double, std::milli>(end->at - me->at).count());
            });
        }
        return std::nullopt;
    }
    std::chrono::steady_clock::time_point at;
    bool recorded = false;
};

/// torch.cuda.get_device_properties(device): the GPU's on a GPU backend; on the interpreter an
/// H200's figures (named as nominal) keep property-driven code running.
Value devicePropertiesFn(CallArgs &args)
{
    const DeviceProperties d = hostDeviceProperties(args.interp);
    auto p = std::make_shared<RecordObject>("_CudaDeviceProperties");
    p->set("name", Value::str(d.name));
    p->set("major", Value::integer(d.ccMajor));
    p->set("minor", Value::integer(d.ccMinor));
    p->set("total_memory", Value::integer(d.totalMemory));
    p->set("multi_processor_count", Value::integer(d.multiprocessorCount));
    p->set("warp_size", Value::integer(d.warpSize));
    p->set("L2_cache_size", Value::integer(d.l2Bytes));
    p->set("max_threads_per_multi_processor", Value::integer(d.maxThreadsPerSm));
    p->set("regs_per_multiprocessor", Value::integer(d.registersPerSm));
    p->set("shared_memory_per_block_optin", Value::integer(d.maxSharedMemPerBlock));
    return Value::fromObject(p);
}

} // namespace

void addTorchTestingModules(LibraryModule &torch)
{
    auto testing = makeLibraryModule("torch.testing");
    testing->def("assert_close", assertCloseFn);
    torch.set("testing", Value::fromObject(testing));
    torch.def("allclose", allcloseFn);

    auto cuda = makeLibraryModule("torch.cuda");
    cuda->def("is_available", [](CallArgs &) { return Value::boolean(true); });
    cuda->def("synchronize", [](CallArgs &) { return Value(); });
    cuda->def("empty_cache", [](CallArgs &) { return Value(); });
    cuda->def("device_count", [](CallArgs &) { return Value::integer(1); });
    cuda->def("current_device", [](CallArgs &) { return Value::integer(0); });
    cuda->def("set_device", [](CallArgs &) { return Value(); });
    // The GPU's on a GPU backend; on the interpreter a nominal H200's, named as such.
    cuda->def("get_device_name", [](CallArgs &a) { return Value::str(hostDeviceProperties(a.interp).name); });
    cuda->def("get_device_capability", [](CallArgs &a) {
        const DeviceProperties d = hostDeviceProperties(a.interp);
        return Value::tuple({Value::integer(d.ccMajor), Value::integer(d.ccMinor)});
    });
    cuda->def("manual_seed", [](CallArgs &a) {
        a.expectPositional("manual_seed", 1, 1);
        T::manualSeed(std::uint64_t(toIndex(a[0])));
        return Value();
    });
    cuda->def("manual_seed_all", [](CallArgs &a) {
        a.expectPositional("manual_seed_all", 1, 1);
        T::manualSeed(std::uint64_t(toIndex(a[0])));
        return Value();
    });
    for (const char *n :
         {"memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved"})
        cuda->def(n, [](CallArgs &) { return Value::integer(0); });
    cuda->def("reset_peak_memory_stats", [](CallArgs &) { return Value(); });
    cuda->set("Stream",
              makeLibraryType("Stream", [](CallArgs &) { return Value::make<StreamObject>(); }));
    cuda->set("Event",
              makeLibraryType("Event", [](CallArgs &) { return Value::make<EventObject>(); }));
    for (const char *n : {"current_stream", "default_stream"})
        cuda->def(n, [](CallArgs &) { return Value::make<StreamObject>(); });
    cuda->def("set_stream", [](CallArgs &) { return Value(); });
    cuda->def("stream", [](CallArgs &a) {
        a.expectPositional("stream", 1, 1);
        return a[0].isNone() ? Value::make<StreamObject>() : a[0];
    });
    cuda->def("get_device_properties", devicePropertiesFn);
    torch.set("cuda", Value::fromObject(cuda));
}

} // namespace tsm::host
