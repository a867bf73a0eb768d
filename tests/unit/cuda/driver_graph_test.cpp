// DriverImpl's CUDA graph capture over a fake driver API: where launches, fills and copies go
// while capturing, what ends a capture (a host read, a synchronize, an event) and how it is
// reported, replays on the default stream, and the pool holding releases back for the graph.

#include "core/cuda/driver_impl.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace tsm::cuda;

namespace {

struct Fake
{
    CUstream created = reinterpret_cast<CUstream>(std::uintptr_t(0x500));
    unsigned streamFlags = 0;
    CUstreamCaptureMode captureMode = CU_STREAM_CAPTURE_MODE_GLOBAL;
    CUresult endCaptureResult = CUDA_SUCCESS;
    bool capturing = false;
    int beginCaptures = 0, endCaptures = 0, graphDestroys = 0, execDestroys = 0;
    int streamDestroys = 0, instantiates = 0;
    unsigned long long instantiateFlags = 99;
    std::vector<CUstream> launchStreams, memsetStreams, graphStreams;
    int launches = 0, syncMemsets = 0, uploads = 0, downloads = 0, syncs = 0, records = 0;
    int allocs = 0, frees = 0;
    CUdeviceptr next = 0x10000;
};
Fake fake;

CUresult CUDAAPI errorName(CUresult r, const char **s)
{
    *s = r == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED ? "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"
                                                    : "CUDA_ERROR_UNKNOWN";
    return CUDA_SUCCESS;
}
CUresult CUDAAPI errorString(CUresult r, const char **s)
{
    *s = r == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED ? "operation failed due to a previous error "
                                                      "during capture"
                                                    : "some error";
    return CUDA_SUCCESS;
}
CUresult CUDAAPI setCurrent(CUcontext)
{
    return CUDA_SUCCESS;
}
CUresult CUDAAPI ctxRelease(CUdevice)
{
    return CUDA_SUCCESS;
}
CUresult CUDAAPI ctxSync()
{
    return ++fake.syncs, CUDA_SUCCESS;
}
CUresult CUDAAPI memAlloc(CUdeviceptr *p, std::size_t n)
{
    ++fake.allocs;
    *p = fake.next;
    fake.next += n;
    return CUDA_SUCCESS;
}
CUresult CUDAAPI memFree(CUdeviceptr)
{
    return ++fake.frees, CUDA_SUCCESS;
}
CUresult CUDAAPI memcpyHtoD(CUdeviceptr, const void *, std::size_t)
{
    return ++fake.uploads, CUDA_SUCCESS;
}
CUresult CUDAAPI memcpyDtoH(void *, CUdeviceptr, std::size_t)
{
    return ++fake.downloads, CUDA_SUCCESS;
}
CUresult CUDAAPI memsetD8(CUdeviceptr, unsigned char, std::size_t)
{
    return ++fake.syncMemsets, CUDA_SUCCESS;
}
CUresult CUDAAPI memsetD8Async(CUdeviceptr, unsigned char, std::size_t, CUstream s)
{
    fake.memsetStreams.push_back(s);
    return CUDA_SUCCESS;
}
CUresult CUDAAPI launchKernel(CUfunction,
                              unsigned,
                              unsigned,
                              unsigned,
                              unsigned,
                              unsigned,
                              unsigned,
                              unsigned,
                              CUstream s,
                              void **,
                              void **)
{
    ++fake.launches;
    fake.launchStreams.push_back(s);
    return CUDA_SUCCESS;
}
CUresult CUDAAPI loadModule(CUmodule *m, const void *, unsigned, CUjit_option *, void **)
{
    *m = reinterpret_cast<CUmodule>(std::uintptr_t(0x200));
    return CUDA_SUCCESS;
}
CUresult CUDAAPI unloadModule(CUmodule)
{
    return CUDA_SUCCESS;
}
CUresult CUDAAPI getFunction(CUfunction *f, CUmodule, const char *)
{
    *f = reinterpret_cast<CUfunction>(std::uintptr_t(0x300));
    return CUDA_SUCCESS;
}
CUresult CUDAAPI getAttribute(int *v, CUfunction_attribute, CUfunction)
{
    *v = 0;
    return CUDA_SUCCESS;
}
CUresult CUDAAPI eventRecord(CUevent, CUstream)
{
    return ++fake.records, CUDA_SUCCESS;
}
CUresult CUDAAPI eventSynchronize(CUevent)
{
    return ++fake.syncs, CUDA_SUCCESS;
}
CUresult CUDAAPI streamCreate(CUstream *s, unsigned flags)
{
    fake.streamFlags = flags;
    *s = fake.created;
    return CUDA_SUCCESS;
}
CUresult CUDAAPI streamDestroy(CUstream)
{
    return ++fake.streamDestroys, CUDA_SUCCESS;
}
CUresult CUDAAPI beginCapture(CUstream s, CUstreamCaptureMode mode)
{
    EXPECT_EQ(s, fake.created);
    fake.captureMode = mode;
    fake.capturing = true;
    ++fake.beginCaptures;
    return CUDA_SUCCESS;
}
CUresult CUDAAPI endCapture(CUstream s, CUgraph *g)
{
    EXPECT_EQ(s, fake.created);
    EXPECT_TRUE(fake.capturing);
    fake.capturing = false;
    ++fake.endCaptures;
    *g = fake.endCaptureResult == CUDA_SUCCESS ? reinterpret_cast<CUgraph>(std::uintptr_t(0x700))
                                               : nullptr;
    return fake.endCaptureResult;
}
CUresult CUDAAPI instantiate(CUgraphExec *e, CUgraph, unsigned long long flags)
{
    ++fake.instantiates;
    fake.instantiateFlags = flags;
    *e = reinterpret_cast<CUgraphExec>(std::uintptr_t(0x800 + fake.instantiates));
    return CUDA_SUCCESS;
}
CUresult CUDAAPI graphDestroy(CUgraph)
{
    return ++fake.graphDestroys, CUDA_SUCCESS;
}
CUresult CUDAAPI graphLaunch(CUgraphExec, CUstream s)
{
    fake.graphStreams.push_back(s);
    return CUDA_SUCCESS;
}
CUresult CUDAAPI execDestroy(CUgraphExec)
{
    return ++fake.execDestroys, CUDA_SUCCESS;
}

DriverApi fakeApi()
{
    DriverApi a;
    a.driverVersion = 13000;
    a.getErrorName = errorName;
    a.getErrorString = errorString;
    a.ctxSetCurrent = setCurrent;
    a.primaryCtxRelease = ctxRelease;
    a.ctxSynchronize = ctxSync;
    a.memAlloc = memAlloc;
    a.memFree = memFree;
    a.memcpyHtoD = memcpyHtoD;
    a.memcpyDtoH = memcpyDtoH;
    a.memsetD8 = memsetD8;
    a.memsetD8Async = memsetD8Async;
    a.launchKernel = launchKernel;
    a.moduleLoadDataEx = loadModule;
    a.moduleUnload = unloadModule;
    a.moduleGetFunction = getFunction;
    a.funcGetAttribute = getAttribute;
    a.eventRecord = eventRecord;
    a.eventSynchronize = eventSynchronize;
    a.streamCreate = streamCreate;
    a.streamDestroy = streamDestroy;
    a.streamBeginCapture = beginCapture;
    a.streamEndCapture = endCapture;
    a.graphInstantiate = instantiate;
    a.graphDestroy = graphDestroy;
    a.graphLaunch = graphLaunch;
    a.graphExecDestroy = execDestroy;
    return a;
}

class CudaDriverGraph : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fake = Fake();
        api = fakeApi();
        driver = std::make_shared<DriverImpl>(
            api, 0, reinterpret_cast<CUcontext>(std::uintptr_t(0x100)), DeviceInfo{});
        const std::string ptx = ".version 9.0\n";
        DriverStatus s;
        module = driver->loadModule(std::span<const char>(ptx.data(), ptx.size()), &s);
        fn = module ? module->function("k", &s) : nullptr;
        ASSERT_TRUE(fn) << s.message;
    }
    DriverStatus launch() { return driver->launch(*fn, 4, 1, 1, 128, 0, nullptr); }

    DriverApi api;
    std::shared_ptr<DriverImpl> driver;
    std::shared_ptr<Module> module;
    std::shared_ptr<Function> fn;
};

} // namespace

TEST_F(CudaDriverGraph, CaptureRecordsOnItsOwnStreamAndReplaysOnTheDefaultStream)
{
    const DevicePtr buffer = driver->allocate(1024, nullptr);
    ASSERT_TRUE(driver->beginCapture());
    EXPECT_TRUE(driver->capturing());
    EXPECT_EQ(fake.streamFlags, unsigned(CU_STREAM_NON_BLOCKING));
    EXPECT_EQ(fake.captureMode, CU_STREAM_CAPTURE_MODE_RELAXED);
    EXPECT_TRUE(launch());
    EXPECT_TRUE(launch());
    EXPECT_TRUE(driver->fill(buffer, 0, 1024)); // a zeros tensor: recorded, not run now
    const char host[16] = {};
    EXPECT_TRUE(driver->copyToDevice(buffer, host, sizeof host)); // runs now, once
    EXPECT_EQ(fake.launchStreams, (std::vector<CUstream>{fake.created, fake.created}));
    EXPECT_EQ(fake.memsetStreams, std::vector<CUstream>{fake.created});
    EXPECT_EQ(fake.syncMemsets, 0);
    EXPECT_EQ(fake.uploads, 1);
    EXPECT_EQ(fake.syncs, 0);

    DriverStatus s;
    const CapturedGraph g = driver->endCapture(&s);
    ASSERT_TRUE(s) << s.message;
    ASSERT_NE(g.graph, 0u);
    EXPECT_EQ(g.launches, 2);
    EXPECT_EQ(g.fills, 1);
    EXPECT_EQ(g.uploads, 1);
    EXPECT_FALSE(driver->capturing());
    EXPECT_EQ(fake.instantiateFlags, 0u);
    EXPECT_EQ(fake.graphDestroys, 1); // the CUgraph, once instantiated

    EXPECT_TRUE(launch()); // after the capture: the legacy stream again
    EXPECT_EQ(fake.launchStreams.back(), nullptr);
    EXPECT_TRUE(driver->launchGraph(g.graph));
    EXPECT_TRUE(driver->launchGraph(g.graph));
    EXPECT_EQ(fake.graphStreams, (std::vector<CUstream>{nullptr, nullptr}));
    driver->destroyGraph(g.graph);
    EXPECT_EQ(fake.execDestroys, 1);
    const DriverStatus gone = driver->launchGraph(g.graph);
    EXPECT_FALSE(gone);
    EXPECT_EQ(fake.graphStreams.size(), 2u);

    // The stream is made once and reused by the next capture.
    ASSERT_TRUE(driver->beginCapture());
    EXPECT_EQ(driver->abandonCapture(), "");
    EXPECT_EQ(fake.beginCaptures, 2);
    EXPECT_EQ(fake.endCaptures, 2);
}

TEST_F(CudaDriverGraph, AHostReadEndsTheCaptureAndSaysWhy)
{
    ASSERT_TRUE(driver->beginCapture());
    EXPECT_TRUE(launch());
    float out[4];
    const DriverStatus read = driver->copyToHost(out, 0x10000, sizeof out);
    EXPECT_FALSE(read);
    EXPECT_FALSE(read.sticky);
    EXPECT_EQ(read.message,
              "the captured code read GPU memory on the host (a device-to-host copy of 16 "
              "bytes), which cannot happen while a CUDA graph is being captured (nothing runs "
              "during a capture); the capture was ended");
    EXPECT_EQ(fake.downloads, 0);
    EXPECT_FALSE(fake.capturing); // ended on the stream at once, its partial graph dropped
    EXPECT_EQ(fake.graphDestroys, 1);
    EXPECT_TRUE(driver->lostContext().empty());
    EXPECT_TRUE(driver->capturing()); // until the capture is ended or abandoned

    // What the captured code does next fails too, instead of running uncaptured.
    const DriverStatus later = launch();
    EXPECT_FALSE(later);
    EXPECT_NE(later.message.find("launching kernel 'k': the CUDA graph capture had already "
                                 "ended: the captured code read GPU memory on the host"),
              std::string::npos)
        << later.message;
    EXPECT_EQ(fake.launches, 1);

    DriverStatus s;
    const CapturedGraph g = driver->endCapture(&s);
    EXPECT_EQ(g.graph, 0u);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find("read GPU memory on the host (a device-to-host copy of 16 bytes)"),
              std::string::npos)
        << s.message;
    EXPECT_EQ(fake.instantiates, 0);
    EXPECT_FALSE(driver->capturing());
    // The device works as before.
    EXPECT_TRUE(launch());
    EXPECT_TRUE(driver->copyToHost(out, 0x10000, sizeof out));
    EXPECT_TRUE(driver->synchronize());
    EXPECT_EQ(fake.downloads, 1);
}

TEST_F(CudaDriverGraph, SynchronizeAndEventsCannotBeCaptured)
{
    ASSERT_TRUE(driver->beginCapture());
    const DriverStatus sync = driver->synchronize();
    EXPECT_FALSE(sync);
    EXPECT_EQ(fake.syncs, 0);
    EXPECT_EQ(driver->abandonCapture(), "waited for the GPU (a synchronize)");
    EXPECT_FALSE(driver->capturing());

    const std::uintptr_t event = 0x900;
    ASSERT_TRUE(driver->beginCapture());
    EXPECT_FALSE(driver->recordEvent(event));
    EXPECT_EQ(fake.records, 0);
    EXPECT_EQ(driver->abandonCapture(), "recorded a CUDA event (timing inside the captured code)");

    ASSERT_TRUE(driver->beginCapture());
    DriverStatus s;
    driver->elapsedMs(event, event, &s);
    EXPECT_FALSE(s);
    EXPECT_EQ(fake.syncs, 0);
    EXPECT_EQ(driver->abandonCapture(), "waited for a CUDA event");

    ASSERT_TRUE(driver->beginCapture());
    EXPECT_FALSE(driver->beginCapture());    // no nested capture
    EXPECT_EQ(driver->abandonCapture(), ""); // ended cleanly, nothing went wrong
    EXPECT_FALSE(fake.capturing);
}

TEST_F(CudaDriverGraph, AnInvalidatedCaptureIsReportedWithTheDriversError)
{
    ASSERT_TRUE(driver->beginCapture());
    EXPECT_TRUE(launch());
    fake.endCaptureResult = CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
    DriverStatus s;
    EXPECT_EQ(driver->endCapture(&s).graph, 0u);
    EXPECT_FALSE(s);
    EXPECT_FALSE(s.sticky);
    EXPECT_NE(s.message.find("ending the CUDA graph capture: operation failed due to a previous "
                             "error during capture (CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)"),
              std::string::npos)
        << s.message;
    EXPECT_TRUE(driver->lostContext().empty());
    EXPECT_FALSE(driver->capturing());
}

TEST_F(CudaDriverGraph, ReleasesWaitUntilTheGraphIsDestroyed)
{
    DriverStatus s;
    const DevicePtr a = driver->allocate(1000, &s);
    ASSERT_TRUE(driver->beginCapture());
    driver->release(a, 1000); // the graph may write it on every replay
    const DevicePtr b = driver->allocate(1000, &s);
    EXPECT_NE(b, a);
    driver->release(b, 1000);
    const CapturedGraph g = driver->endCapture(&s);
    ASSERT_NE(g.graph, 0u);
    EXPECT_EQ(driver->heldBytes(), 2u * 1024u);
    const DevicePtr c = driver->allocate(1000, &s);
    EXPECT_NE(c, a);
    EXPECT_NE(c, b);
    EXPECT_EQ(fake.allocs, 3);
    driver->destroyGraph(g.graph);
    EXPECT_EQ(driver->heldBytes(), 0u);
    const DevicePtr d = driver->allocate(1000, &s);
    EXPECT_TRUE(d == a || d == b);
    EXPECT_EQ(fake.allocs, 3);
    EXPECT_EQ(fake.frees, 0);
}

TEST_F(CudaDriverGraph, OtherThreadsAreNotCaptured)
{
    ASSERT_TRUE(driver->beginCapture());
    bool otherCapturing = true;
    DriverStatus otherLaunch, otherBegin;
    std::thread t([&] {
        otherCapturing = driver->capturing();
        otherLaunch = launch();
        otherBegin = driver->beginCapture();
    });
    t.join();
    EXPECT_FALSE(otherCapturing);
    EXPECT_TRUE(otherLaunch);
    EXPECT_EQ(fake.launchStreams, std::vector<CUstream>{nullptr});
    EXPECT_EQ(otherBegin.message, "another thread is capturing a CUDA graph on this GPU");
    EXPECT_TRUE(driver->capturing());
    EXPECT_EQ(driver->abandonCapture(), "");
}

TEST_F(CudaDriverGraph, DestructionDestroysGraphsAndTheStream)
{
    ASSERT_TRUE(driver->beginCapture());
    DriverStatus s;
    const CapturedGraph g = driver->endCapture(&s);
    ASSERT_NE(g.graph, 0u);
    ASSERT_TRUE(driver->beginCapture()); // left open
    fn.reset();
    module.reset();
    driver.reset();
    EXPECT_EQ(fake.execDestroys, 1);
    EXPECT_EQ(fake.streamDestroys, 1);
    EXPECT_FALSE(fake.capturing);
}
