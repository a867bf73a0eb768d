// The `triton` module's host side: jit / autotune / heuristics / Config, cdiv,
// next_power_of_2, set_allocator, triton.tools.tensor_descriptor, triton.runtime.driver.active
// (the active torch device and the device's properties), and the host names of triton.language
// (dtypes, constexpr).

#include "core/host/host_context.h"
#include "core/host/kernel_function.h"
#include "core/host/py_exception.h"
#include "core/host/tensor_descriptor.h"
#include "core/host/torch_args.h"
#include "core/host/torch_module.h"
#include "core/host/torch_objects.h"

#include <cmath>

namespace tsm::host {

namespace {

Value cdivFn(CallArgs &args)
{
    auto v = args.bind("cdiv", {{"x"}, {"y"}});
    if (v[0].isFloat() || v[1].isFloat()) {
        double x = toDouble(v[0]), y = toDouble(v[1]);
        return Value::real(std::floor((x + y - 1) / y));
    }
    std::int64_t x = toIndex(v[0]), y = toIndex(v[1]);
    if (y == 0)
        throwPy("ZeroDivisionError", "integer division or modulo by zero");
    std::int64_t n = x + y - 1;
    std::int64_t q = n / y;
    if ((n % y != 0) && ((n < 0) != (y < 0)))
        --q; // Python's floor division
    return Value::integer(q);
}

Value nextPowerOf2Fn(CallArgs &args)
{
    auto v = args.bind("next_power_of_2", {{"n"}});
    std::int64_t n = toIndex(v[0]);
    // Triton's bit-smearing loop, including its answer of 0 for n = 0.
    std::uint64_t x = std::uint64_t(n - 1);
    for (int s : {1, 2, 4, 8, 16, 32})
        x |= x >> s;
    return Value::integer(std::int64_t(x + 1));
}

/// triton.runtime.driver.active.utils.get_device_properties(device): the GPU's, on a GPU
/// backend. On the interpreter there is no GPU: an H200's published figures, so that programs
/// sizing persistent grids or roofline numbers from them still run.
Value devicePropertiesFn(CallArgs &args)
{
    const DeviceProperties p = hostDeviceProperties(args.interp);
    Value d = Value::dict();
    DictObject &o = d.asDict();
    o.set("max_shared_mem", Value::integer(p.maxSharedMemPerBlock));
    o.set("max_num_regs", Value::integer(p.registersPerSm));
    o.set("multiprocessor_count", Value::integer(p.multiprocessorCount));
    o.set("warpSize", Value::integer(p.warpSize));
    o.set("sm_clock_rate", Value::integer(p.clockKHz));
    o.set("mem_clock_rate", Value::integer(p.memoryClockKHz));
    o.set("mem_bus_width", Value::integer(p.memoryBusWidthBits));
    return d;
}

std::shared_ptr<LibraryModule> makeLanguageModule()
{
    auto tl = makeLibraryModule("triton.language");
    using F = DTypeObject::Flavor;
#define DTYPE(Enum, TritonName, ShortName, TorchName, Bits, Kind)                                  \
    tl->set(TritonName, dtypeValue(DType::Enum, F::Triton));
#include "core/sema/dtypes.def"
    // tl.constexpr(v) on the host is v itself; as an annotation it marks constexpr parameters.
    tl->set("constexpr", makeLibraryType("constexpr", [](CallArgs &a) {
                a.expectPositional("constexpr", 1, 1);
                return a[0];
            }));
    tl->set("dtype", makeLibraryType("dtype"));
    tl->set("tensor", makeLibraryType("tensor"));
    tl->set("pointer_type", makeLibraryType("pointer_type"));
    tl->set("block_type", makeLibraryType("block_type"));
    // Kernel-only submodules: importable, used by kernels (sema resolves them), not the host.
    for (const char *sub : {"math", "core", "standard", "random"})
        tl->set(sub, Value::fromObject(makeLibraryModule(std::string("triton.language.") + sub)));
    auto extra = makeLibraryModule("triton.language.extra");
    auto cuda = makeLibraryModule("triton.language.extra.cuda");
    cuda->set("libdevice",
              Value::fromObject(makeLibraryModule("triton.language.extra.cuda.libdevice")));
    extra->set("cuda", Value::fromObject(cuda));
    extra->set("libdevice",
               Value::fromObject(makeLibraryModule("triton.language.extra.libdevice")));
    tl->set("extra", Value::fromObject(extra));
    return tl;
}

} // namespace

std::shared_ptr<LibraryModule> makeTritonModule()
{
    auto triton = makeLibraryModule("triton");
    triton->set("jit", makeJitDecorator());
    triton->set("autotune", makeAutotuneDecorator());
    triton->set("heuristics", makeHeuristicsDecorator());
    triton->set("Config", makeConfigType());
    triton->def("cdiv", cdivFn);
    triton->def("next_power_of_2", nextPowerOf2Fn);
    // Triton needs the allocator for the global scratch of tensor descriptors made inside a
    // kernel; Tilesmith's descriptors need none (core/sema/lower_tensor_desc.cpp), so it is
    // accepted and unused.
    triton->def("set_allocator", [](CallArgs &args) {
        args.bind("set_allocator", {{"allocator"}});
        return Value::none();
    });
    triton->set("language", Value::fromObject(makeLanguageModule()));
    triton->set("testing", Value::fromObject(makeTritonTestingModule()));
    auto tools = makeLibraryModule("triton.tools");
    auto descriptors = makeLibraryModule("triton.tools.tensor_descriptor");
    descriptors->set("TensorDescriptor", makeTensorDescriptorType());
    tools->set("tensor_descriptor", Value::fromObject(descriptors));
    triton->set("tools", Value::fromObject(tools));

    auto utils = makeLibraryModule("triton.runtime.driver.active.utils");
    utils->def("get_device_properties", devicePropertiesFn);
    auto active = makeLibraryModule("triton.runtime.driver.active");
    active->def("get_active_torch_device", [](CallArgs &) {
        return deviceValue({tensor::Device::Kind::Cuda, 0});
    });
    active->def("get_current_device", [](CallArgs &) { return Value::integer(0); });
    active->def("get_current_stream", [](CallArgs &) { return Value::integer(0); });
    active->def("get_current_target", [](CallArgs &) {
        auto t = std::make_shared<RecordObject>("GPUTarget");
        t->set("backend", Value::str("cuda"));
        t->set("arch", Value::integer(90));
        t->set("warp_size", Value::integer(32));
        return Value::fromObject(t);
    });
    active->set("utils", Value::fromObject(utils));
    auto driver = makeLibraryModule("triton.runtime.driver");
    driver->set("active", Value::fromObject(active));
    auto runtime = makeLibraryModule("triton.runtime");
    runtime->set("driver", Value::fromObject(driver));
    triton->set("runtime", Value::fromObject(runtime));
    return triton;
}

} // namespace tsm::host
