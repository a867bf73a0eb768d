#include "core/cuda/cuda_backend.h"

#include "core/cuda/assert_report.h"
#include "core/cuda/cublas_library.h"
#include "core/cuda/device_mirror.h"
#include "core/cuda/device_timer.h"
#include "core/cuda/launch_args.h"
#include "core/cuda/printf_capture.h"
#include "core/cuda/written_params.h"

#include <cuda.h> // CUtensorMap enums (types only: the driver is loaded at run time)

#include <chrono>
#include <cstdio>
#include <optional>
#include <thread>

namespace tsm::cuda {

CudaKernel::CudaKernel(std::shared_ptr<const ir::Kernel> kernel,
                       CudaBuild build,
                       std::shared_ptr<Module> module,
                       std::shared_ptr<Function> function,
                       double loadMs,
                       int maxWarpsPerSm)
    : m_kernel(std::move(kernel))
    , m_build(std::move(build))
    , m_module(std::move(module))
    , m_function(std::move(function))
    , m_loadMs(loadMs)
    , m_attributes(m_function->attributes())
    , m_activeBlocksPerSm(m_function->activeBlocksPerSm(
          m_build.source.threadsPerBlock, int(m_build.source.dynamicSharedBytes)))
    , m_maxWarpsPerSm(std::max(1, maxWarpsPerSm))
    , m_written(writtenPointerParams(*m_kernel))
{
}

std::optional<KernelResources> CudaKernel::usage() const
{
    KernelResources r;
    r.registers = m_attributes.registers;
    r.spillBytes = resources().spillStoreBytes;
    r.sharedBytes = m_attributes.staticSharedBytes + int(m_build.source.dynamicSharedBytes);
    r.blocksPerSm = m_activeBlocksPerSm;
    r.occupancy = double(m_activeBlocksPerSm * (m_build.source.threadsPerBlock / 32))
                  / m_maxWarpsPerSm;
    return r;
}

CudaBackend::CudaBackend(std::shared_ptr<Driver> driver, SourceLookup sources)
    : m_driver(std::move(driver))
    , m_sources(std::move(sources))
    , m_arch(archForDevice(m_driver->device().ccMajor, m_driver->device().ccMinor))
{
}

std::shared_ptr<CompiledKernel> CudaBackend::compile(std::shared_ptr<const ir::Kernel> kernel,
                                                     DiagnosticSink &diags)
{
    return compile(std::move(kernel), diags, CompileFlags{});
}

CudaBuildOptions CudaBackend::buildOptions(const CompileFlags &flags) const
{
    CudaBuildOptions options;
    options.arch = m_arch;
    // Shared memory beyond the device's opt-in limit is refused before the launch.
    const DeviceInfo &dev = m_driver->device();
    if (dev.sharedPerBlockOptin > 0) {
        options.emit.sharedLimitBytes = dev.sharedPerBlockOptin;
        options.emit.sharedLimitTarget = "the " + dev.name + " (" + dev.arch() + ")";
    }
    options.emit.deviceAsserts = flags.debug;
    return options;
}

std::shared_ptr<CompiledKernel> CudaBackend::compile(std::shared_ptr<const ir::Kernel> kernel,
                                                     DiagnosticSink &diags,
                                                     const CompileFlags &flags)
{
    const SourceFile *file = m_sources ? m_sources(kernel->file) : nullptr;
    std::optional<CudaBuild> build = buildCuda(kernel, file, buildOptions(flags), diags);
    return load(std::move(kernel), std::move(build), diags, flags);
}

std::vector<std::shared_ptr<CompiledKernel>>
CudaBackend::compileAll(const std::vector<std::shared_ptr<const ir::Kernel>> &kernels,
                        std::vector<DiagnosticSink> &diags,
                        const CompileFlags &flags)
{
    const CudaBuildOptions options = buildOptions(flags);
    std::vector<std::optional<CudaBuild>> builds(kernels.size());
    std::vector<const SourceFile *> files;
    for (const auto &k : kernels)
        files.push_back(m_sources ? m_sources(k->file) : nullptr);
    // Lowering, emission and NVRTC touch nothing shared but the compile cache, whose entries
    // are written whole and renamed into place: they run on worker threads. Loading modules
    // stays on this thread, where the context is current.
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next++; i < kernels.size(); i = next++)
            builds[i] = buildCuda(kernels[i], files[i], options, diags[i]);
    };
    const int threads = std::min<int>(compileThreads(), int(kernels.size()));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread &t : pool)
        t.join();
    std::vector<std::shared_ptr<CompiledKernel>> out;
    for (std::size_t i = 0; i < kernels.size(); ++i)
        out.push_back(load(kernels[i], std::move(builds[i]), diags[i], flags));
    return out;
}

int CudaBackend::compileThreads() const
{
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

std::optional<DeviceProperties> CudaBackend::deviceProperties() const
{
    const DeviceInfo &d = m_driver->device();
    DeviceProperties p;
    p.name = d.name;
    p.ccMajor = d.ccMajor;
    p.ccMinor = d.ccMinor;
    p.multiprocessorCount = d.smCount;
    p.maxSharedMemPerBlock = d.sharedPerBlockOptin > 0 ? d.sharedPerBlockOptin : d.sharedPerBlock;
    p.registersPerSm = d.registersPerSm;
    p.maxThreadsPerSm = d.maxThreadsPerSm;
    p.clockKHz = d.clockKHz;
    p.memoryClockKHz = d.memoryClockKHz;
    p.memoryBusWidthBits = d.memoryBusWidthBits;
    p.totalMemory = std::int64_t(d.totalMemory);
    p.l2Bytes = d.l2Bytes;
    return p;
}

std::shared_ptr<CompiledKernel> CudaBackend::load(std::shared_ptr<const ir::Kernel> kernel,
                                                  std::optional<CudaBuild> build,
                                                  DiagnosticSink &diags,
                                                  const CompileFlags &flags)
{
    if (!build)
        return nullptr;
    // As Triton: asserts cost nothing unless the kernel is built with debug. Say so once per
    // kernel, so that a passing GPU run is not mistaken for checked asserts.
    if (const ir::Op *assert = flags.debug ? nullptr : firstDeviceAssert(*kernel)) {
        std::lock_guard lock(m_notedMutex);
        if (m_uncheckedAssertsNoted.insert(kernel->name).second)
            diags.report(DiagKind::DeviceAssertUnchecked, assert->span, {kernel->name});
    }

    auto t0 = std::chrono::steady_clock::now();
    DriverStatus status;
    // A cubin when NVRTC knew the architecture, else PTX for the driver's JIT (NUL-terminated).
    std::span<const char> image(build->compiled.cubin);
    if (image.empty())
        image = std::span<const char>(build->compiled.ptx.c_str(), build->compiled.ptx.size() + 1);
    std::shared_ptr<Module> module = m_driver->loadModule(image, &status);
    std::shared_ptr<Function> fn;
    if (module)
        fn = module->function(build->source.kernelName, &status);
    const double loadMs
        = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!module || !fn || !status) {
        Diagnostic &d = diags.report(
            DiagKind::CudaLaunchFailed,
            kernel->span,
            {"cannot load kernel '" + kernel->name + "' on the GPU: "
             + (status.message.empty() ? "the driver gave no reason" : status.message)});
        d.origin = DiagOrigin::Driver;
        return nullptr;
    }
    return std::make_shared<CudaKernel>(std::move(kernel),
                                        std::move(*build),
                                        std::move(module),
                                        std::move(fn),
                                        loadMs,
                                        m_driver->device().maxThreadsPerSm / 32);
}

void CudaBackend::reportLaunchFailure(const CudaKernel &kernel,
                                      const std::string &what,
                                      const DriverStatus &status,
                                      DiagnosticSink &diags) const
{
    std::string message = "kernel '" + kernel.kernel().name + "' failed on the GPU (" + what
                          + "): "
                          + (status.message.empty() ? "the driver gave no reason" : status.message);
    // The real driver's message already says the context is lost; add what to do about it.
    if (status.sticky || !m_driver->lostContext().empty()) {
        if (message.find("restart") == std::string::npos)
            message += "; the CUDA context is lost: restart the process to use the GPU again";
        message += " (run the program with --backend interp: it reports the faulting access "
                   "with its line, program id and element)";
    }
    Diagnostic &d = diags.report(DiagKind::CudaLaunchFailed, kernel.kernel().span, {message});
    d.origin = DiagOrigin::Driver;
}

std::string CudaBackend::encodeTensorMap(const codegen::TensorMapSpec &spec,
                                         std::span<const LaunchArg> args,
                                         std::size_t base,
                                         KernelArgs &marshaled) const
{
    // A host TensorDescriptor's arguments: its base, one int per dimension of its shape, then
    // each leading stride in units of 16 bytes (lower_call.cpp). A descriptor made in the
    // kernel: its base pointer's argument, and where its shape and strides (in elements) come
    // from (TensorMapSpec::shapeFrom / strideFrom).
    const std::size_t rank = std::size_t(spec.rank);
    const bool host = spec.shapeFrom.empty();
    if (base >= args.size() || (host && base + 2 * rank > args.size()))
        return "a TMA tensor map names launch argument " + std::to_string(base) + " of " + std::to_string(args.size());
    const LaunchArg &a = args[base];
    if (a.kind != LaunchArg::Kind::Pointer || !a.storage)
        return "the TMA tensor map of argument '" + a.label + "' has no tensor to describe";
    std::string bad;
    auto from = [&](std::int64_t src) -> std::int64_t {
        if (src < 0)
            return -1 - src;
        if (std::size_t(src) >= args.size() || args[std::size_t(src)].kind != LaunchArg::Kind::Int) {
            bad = "a TMA tensor map's shape or stride names launch argument " + std::to_string(src)
                  + ", which is not an integer";
            return 0;
        }
        return args[std::size_t(src)].i;
    };
    std::vector<std::int64_t> shape(rank), strideBytes(rank - 1);
    const std::int64_t elem = std::int64_t(dtypeBits(spec.dtype) / 8);
    for (std::size_t d = 0; d < rank; ++d)
        shape[d] = host ? args[base + 1 + d].i : from(spec.shapeFrom[d]);
    for (std::size_t d = 0; d + 1 < rank; ++d)
        strideBytes[d] = host ? args[base + 1 + rank + d].i * 16 : from(spec.strideFrom[d]) * elem;
    if (!bad.empty())
        return bad;
    DriverStatus s;
    const DevicePtr address = CudaDeviceMirror::synchronizeForLaunch(m_driver, *a.storage, &s);
    if (!address)
        return "copying argument '" + a.label + "' to the GPU: " + s.message;
    TensorMapRequest r;
    r.address = address + DevicePtr(a.byteOffset);
    for (std::size_t d = rank; d-- > 0;) {
        if (shape[d] <= 0)
            return "the tensor descriptor '" + a.label + "' has an empty dimension (shape[" + std::to_string(d)
                   + "] = " + std::to_string(shape[d]) + "), which a TMA copy cannot take";
        r.dims.push_back(std::uint64_t(shape[d]));
    }
    for (std::size_t d = rank - 1; d-- > 0;) {
        if (strideBytes[d] <= 0 || strideBytes[d] % 16 != 0)
            return "the tensor descriptor '" + a.label + "' has stride[" + std::to_string(d) + "] of "
                   + std::to_string(strideBytes[d]) + " bytes; TMA needs a positive multiple of 16";
        r.strides.push_back(std::uint64_t(strideBytes[d]));
    }
    r.box = spec.box;
    r.swizzle = spec.swizzle == 128 ? CU_TENSOR_MAP_SWIZZLE_128B
                : spec.swizzle == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                : spec.swizzle == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                     : CU_TENSOR_MAP_SWIZZLE_NONE;
    r.nanFill = spec.nanFill;
    switch (spec.dtype) {
    case DType::F16: r.dataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16; break;
    case DType::BF16: r.dataType = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16; break;
    case DType::F32: r.dataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT32; break;
    case DType::F64: r.dataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT64; break;
    case DType::I32: r.dataType = CU_TENSOR_MAP_DATA_TYPE_INT32; break;
    case DType::I64: r.dataType = CU_TENSOR_MAP_DATA_TYPE_INT64; break;
    // The copy engine moves these as bytes (zero fill is all-zero bits in any of them).
    case DType::F8E4:
    case DType::F8E5:
    case DType::I8:
    case DType::U8: r.dataType = CU_TENSOR_MAP_DATA_TYPE_UINT8; break;
    case DType::I16:
    case DType::U16: r.dataType = CU_TENSOR_MAP_DATA_TYPE_UINT16; break;
    case DType::U32: r.dataType = CU_TENSOR_MAP_DATA_TYPE_UINT32; break;
    case DType::U64: r.dataType = CU_TENSOR_MAP_DATA_TYPE_UINT64; break;
    default:
        return "the tensor descriptor '" + a.label + "' holds " + std::string(dtypeName(spec.dtype))
               + ", which Tilesmith's TMA copies do not take";
    }
    if (s = m_driver->encodeTensorMap(r, marshaled.addTensorMap()); !s)
        return "the tensor descriptor '" + a.label + "': " + s.message;
    return {};
}

bool CudaBackend::launch(CompiledKernel &compiled,
                         Grid grid,
                         std::span<const LaunchArg> args,
                         LaunchContext &context)
{
    auto *kernel = dynamic_cast<CudaKernel *>(&compiled);
    DiagnosticSink &diags = context.diags;
    if (!kernel) {
        diags.report(
            DiagKind::CudaLaunchFailed,
            compiled.kernel().span,
            {"kernel '" + compiled.kernel().name + "' was not compiled by the CUDA backend"});
        return false;
    }
    const ir::Kernel &ir = kernel->kernel();
    auto fail = [&](const std::string &message) {
        Diagnostic &d = diags.report(DiagKind::CudaLaunchFailed, ir.span, {message});
        d.origin = DiagOrigin::Driver;
        return false;
    };
    if (!m_driver->lostContext().empty())
        return fail("cannot launch kernel '" + ir.name + "': " + m_driver->lostContext()
                    + "; an earlier fault lost the CUDA context, so no more kernels can run in "
                      "this process: restart it");
    if (std::string why = checkGridLimits(grid); !why.empty())
        return fail("cannot launch kernel '" + ir.name + "': " + why);
    if (args.size() != ir.params.size())
        return fail("kernel '" + ir.name + "' takes " + std::to_string(ir.params.size())
                    + " arguments, the launch passed " + std::to_string(args.size()));

    KernelArgs marshaled;
    for (const codegen::CudaParam &p : kernel->source().params) {
        if (p.index >= args.size())
            return fail("kernel '" + ir.name + "': generated parameter '" + p.name
                        + "' has no launch argument");
        const LaunchArg &a = args[p.index];
        if (p.tensorMap) {
            if (std::string why = encodeTensorMap(*p.tensorMap, args, p.index, marshaled); !why.empty())
                return fail("kernel '" + ir.name + "': " + why);
        } else if (p.pointer) {
            if (a.kind != LaunchArg::Kind::Pointer || !a.storage)
                return fail("kernel '" + ir.name + "': argument '" + a.label
                            + "' must be a tensor (the kernel takes a pointer there)");
            DriverStatus s;
            DevicePtr base = CudaDeviceMirror::synchronizeForLaunch(m_driver, *a.storage, &s);
            if (!base) {
                reportLaunchFailure(
                    *kernel, "copying argument '" + a.label + "' to the GPU", s, diags);
                return false;
            }
            marshaled.addPointer(base + DevicePtr(a.byteOffset));
        } else {
            std::string why;
            if (!marshaled.addScalar(p.dtype, a, &why))
                return fail("kernel '" + ir.name + "': " + why);
        }
    }

    if (m_observer)
        m_observer->beforeLaunch(*kernel, grid, context);
    DriverStatus s = m_driver->launch(kernel->function(),
                                      grid.x,
                                      grid.y,
                                      grid.z,
                                      kernel->source().threadsPerBlock,
                                      int(kernel->source().dynamicSharedBytes),
                                      marshaled.pointers());
    if (m_observer)
        m_observer->afterLaunch(*kernel, grid, bool(s));
    if (!s) {
        reportLaunchFailure(*kernel, "the launch", s, diags);
        return false;
    }
    // The kernel is queued: the device copies of the tensors it may write are the ones to
    // trust from now on (a host read downloads them).
    const std::vector<bool> &written = kernel->writtenParams();
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i].kind == LaunchArg::Kind::Pointer && args[i].storage
            && (i >= written.size() || written[i]))
            args[i].storage->markDeviceNewer();
    // Outside do_bench, wait for each kernel so that a fault is reported at the launch that
    // caused it; inside, launches queue back to back as in Triton and faults surface when the
    // timer collects. While a CUDA graph is being captured nothing runs: nothing to wait for.
    if (m_activeTimers.load() == 0 && !m_driver->capturing()) {
        // device_print output reaches fd 1 at this synchronization: capture it for the launch's
        // callback (grouped by program, as the interpreter does) instead of letting it mix with
        // Tilesmith's own output. A failed device assert (debug builds) is reported there too,
        // by the CUDA runtime on fd 2 (looked for on fd 1 as well): read it to report the
        // assert's line, program and thread.
        const bool prints = kernel->source().usesPrintf && context.devicePrint;
        std::optional<OutputCapture> out, err;
        if (prints || kernel->checksAsserts())
            out.emplace(1);
        if (kernel->checksAsserts())
            err.emplace(2);
        DriverStatus sync = m_driver->synchronize();
        std::string printed = out ? out->finish() : std::string();
        std::vector<AssertFailure> failures;
        if (err) {
            std::string rest, other;
            failures = parseAssertFailures(printed, &rest);
            printed = std::move(rest);
            for (AssertFailure &f : parseAssertFailures(err->finish(), &other))
                failures.push_back(std::move(f));
            std::fwrite(other.data(), 1, other.size(), stderr); // not the runtime's: pass it on
        }
        if (prints)
            for (const auto &[pid, text] : groupByProgram(printed))
                context.devicePrint(pid[0], pid[1], pid[2], text);
        else
            std::fwrite(printed.data(), 1, printed.size(), stdout);
        if (!sync && kernel->checksAsserts()
            && (isAssertError(sync.message) || !failures.empty())) {
            reportAssertFailure(
                ir, m_sources ? m_sources(ir.file) : nullptr, failures, sync.message, diags);
            return false;
        }
        if (!sync) {
            reportLaunchFailure(*kernel, "running", sync, diags);
            return false;
        }
    }
    return true;
}

CudaBackend::~CudaBackend() = default;

bool CudaBackend::matmul(const MatmulArgs &args, std::string *why)
{
    if (m_driver->capturing()) {
        *why = "cuBLAS is not called while do_bench_cudagraph captures";
        return false;
    }
    DevicePtr base[3] = {};
    const MatmulArgs::Operand *ops[3] = {&args.a, &args.b, &args.c};
    for (int i = 0; i < 3; ++i) {
        DriverStatus s;
        base[i] = CudaDeviceMirror::synchronizeForLaunch(m_driver, *ops[i]->tensor.storage, &s);
        if (!base[i]) {
            *why = "copying '" + ops[i]->tensor.label + "' to the GPU failed: " + s.message;
            return false;
        }
        base[i] += DevicePtr(ops[i]->tensor.byteOffset);
    }
    if (!m_cublas)
        m_cublas = std::make_unique<Cublas>();
    if (!m_cublas->gemm(args, base[0], base[1], base[2], why))
        return false;
    args.c.tensor.storage->markDeviceNewer();
    return true;
}

std::unique_ptr<DeviceTimer> CudaBackend::deviceTimer()
{
    return std::make_unique<CudaDeviceTimer>(m_driver, &m_activeTimers);
}

} // namespace tsm::cuda
