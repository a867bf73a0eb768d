// Event-timed launches of the same kernel from different cubins, in one plain CUDA program: does
// a Tilesmith cubin cost more between the start and end events than Triton's for the same
// kernel time (issue 4's 2^20 gap, bench/results/2026-12-02-small-kernel-durations-051b6a6.txt)?
// Each timed call is preceded by a 256 MB zero fill (do_bench's L2 clear), as in do_bench.
//
//   nvcc -O2 -arch=sm_90 scripts/gpu/launch_overhead.cu -lcuda -o /tmp/launch_overhead
//   /tmp/launch_overhead N LABEL=FILE.cubin:KERNEL:BLOCK:THREADS ...
//
// Kernels take (x, y, out, n) or (x, out, n, beta), then any trailing pointers (Triton's scratch
// arguments: passed as null). Prints per cubin the median event time, and of an empty event pair.
// With TSM_ROUNDS=R the cubins alternate instead: R rounds (4 more untimed first), each timing
// one call of every cubin in turn, so that the GPU's clock and temperature drift evenly over all
// of them (for differences of a few tenths of a percent, as scripts/gpu/cache_variants.sh reads).
#include <cuda.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

__global__ void __launch_bounds__(128) zero_fill(int4 *p, unsigned long long n)
{
    const int4 z = make_int4(0, 0, 0, 0);
    const unsigned long long base = blockIdx.x * 512ull + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        if (base + k * 128 < n)
            p[base + k * 128] = z;
}

// PyTorch's vectorized elementwise fill as its profiler shows it (block 128, each thread
// `per` 16-byte stores, strided by the block's width): TSM_CLEAR=torch:PER picks it.
__global__ void __launch_bounds__(128) torch_like_fill(int4 *p, unsigned long long n, int per)
{
    const int4 z = make_int4(0, 0, 0, 0);
    const unsigned long long base = blockIdx.x * 128ull * per + threadIdx.x;
    for (int k = 0; k < per; ++k)
        if (base + k * 128 < n)
            p[base + k * 128] = z;
}

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        CUresult r_ = (x);                                                                         \
        if (r_ != CUDA_SUCCESS) {                                                                  \
            const char *s_ = nullptr;                                                              \
            cuGetErrorString(r_, &s_);                                                             \
            std::fprintf(stderr, "%s: %s\n", #x, s_ ? s_ : "?");                                   \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s N LABEL=FILE:KERNEL:BLOCK:THREADS ...\n", argv[0]);
        return 2;
    }
    const long long n = std::atoll(argv[1]);
    cudaFree(nullptr); // the runtime's primary context, current for the driver calls too
    const unsigned long long clearN = (256ull << 20) / 16;
    int4 *clear = nullptr;
    cudaMalloc(&clear, clearN * 16);
    CUdeviceptr x, y, out;
    CHECK(cuMemAlloc(&x, n * 4));
    CHECK(cuMemAlloc(&y, n * 4));
    CHECK(cuMemAlloc(&out, n * 4));
    cuMemsetD32(x, 0x3f800000, n);
    cuMemsetD32(y, 0x3f800000, n);
    const int reps = 300;
    const char *mode = std::getenv("TSM_CLEAR");
    const int torchPer = mode && std::strncmp(mode, "torch:", 6) == 0 ? std::atoi(mode + 6) : 0;
    std::printf("L2 clear: %s\n", torchPer ? mode : "Tilesmith's zero fill (4 x 16 B per thread, 8 KB per block)");
    auto clearL2 = [&] {
        if (torchPer > 0)
            torch_like_fill<<<unsigned((clearN + 128 * torchPer - 1) / (128 * torchPer)), 128>>>(clear, clearN,
                                                                                              torchPer);
        else
            zero_fill<<<unsigned((clearN + 511) / 512), 128>>>(clear, clearN);
    };
    const char *roundsText = std::getenv("TSM_ROUNDS");
    const int rounds = roundsText ? std::atoi(roundsText) : 0;
    struct Kernel
    {
        std::string label;
        CUfunction f;
        unsigned grid, threads;
        std::vector<std::vector<char>> storage;
        std::vector<void *> params; ///< into storage
    };
    std::vector<Kernel> kernels;
    auto timeCalls = [&](CUfunction f, unsigned grid, unsigned threads, void **params) {
        std::vector<CUevent> a(reps), b(reps);
        for (int i = 0; i < reps; ++i) {
            CHECK(cuEventCreate(&a[i], CU_EVENT_DEFAULT));
            CHECK(cuEventCreate(&b[i], CU_EVENT_DEFAULT));
        }
        for (int i = -20; i < reps; ++i) {
            clearL2();
            if (i >= 0)
                CHECK(cuEventRecord(a[i], 0));
            if (f)
                CHECK(cuLaunchKernel(f, grid, 1, 1, threads, 1, 1, 0, 0, params, nullptr));
            if (i >= 0)
                CHECK(cuEventRecord(b[i], 0));
        }
        CHECK(cuCtxSynchronize());
        std::vector<float> ms(reps);
        for (int i = 0; i < reps; ++i) {
            CHECK(cuEventElapsedTime(&ms[i], a[i], b[i]));
            cuEventDestroy(a[i]);
            cuEventDestroy(b[i]);
        }
        std::sort(ms.begin(), ms.end());
        return ms;
    };
    auto report = [&](const char *label, const std::vector<float> &ms) {
        std::printf("%-28s median %.2f us  p20 %.2f  p80 %.2f  min %.2f\n", label, ms[ms.size() / 2] * 1e3,
                    ms[ms.size() / 5] * 1e3, ms[ms.size() * 4 / 5] * 1e3, ms[0] * 1e3);
    };
    if (rounds <= 0)
        report("empty event pair", timeCalls(nullptr, 0, 0, nullptr));
    for (int k = 2; k < argc; ++k) {
        std::string spec = argv[k];
        const std::string label = spec.substr(0, spec.find('='));
        spec = spec.substr(spec.find('=') + 1);
        char file[512], kernel[256];
        unsigned block = 0, threads = 0;
        std::string s = spec;
        std::replace(s.begin(), s.end(), ':', ' ');
        if (std::sscanf(s.c_str(), "%511s %255s %u %u", file, kernel, &block, &threads) != 4) {
            std::fprintf(stderr, "bad spec %s\n", argv[k]);
            return 2;
        }
        CUmodule m;
        CUfunction f;
        CHECK(cuModuleLoad(&m, file));
        CHECK(cuModuleGetFunction(&f, m, kernel));
        // Parameters by the function's own layout: pointers first (x, y, out or x, out), the int
        // n, a float beta for swish, null for trailing scratch pointers.
        std::vector<std::vector<char>> storage;
        std::vector<void *> params;
        const bool swish = std::strstr(kernel, "swish") != nullptr;
        CUdeviceptr ptrs[3] = {x, swish ? out : y, out};
        int nPtr = swish ? 2 : 3, index = 0;
        size_t offset = 0, size = 0;
        while (cuFuncGetParamInfo(f, index, &offset, &size) == CUDA_SUCCESS) {
            std::vector<char> v(size, 0);
            if (index < nPtr)
                std::memcpy(v.data(), &ptrs[index], 8);
            else if (index == nPtr) {
                const int ni = int(n);
                std::memcpy(v.data(), &ni, 4);
            } else if (index == nPtr + 1 && swish && size == 4) {
                const float beta = 1.0f;
                std::memcpy(v.data(), &beta, 4);
            }
            storage.push_back(std::move(v));
            ++index;
        }
        for (auto &v : storage)
            params.push_back(v.data());
        int regs = 0;
        cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f);
        char line[128];
        std::snprintf(line, sizeof line, "%s (%d params, %d regs)", label.c_str(), index, regs);
        const unsigned grid = unsigned((n + block - 1) / block);
        if (rounds > 0) {
            kernels.push_back({line, f, grid, threads, std::move(storage), params}); // params stay valid: the buffers move
            continue;
        }
        for (int round = 0; round < 2; ++round)
            report(line, timeCalls(f, grid, threads, params.data()));
    }
    if (rounds > 0) {
        std::vector<std::vector<float>> ms(kernels.size());
        CUevent a, b;
        CHECK(cuEventCreate(&a, CU_EVENT_DEFAULT));
        CHECK(cuEventCreate(&b, CU_EVENT_DEFAULT));
        for (int round = -4; round < rounds; ++round)
            for (std::size_t k = 0; k < kernels.size(); ++k) {
                Kernel &kn = kernels[k];
                clearL2();
                CHECK(cuEventRecord(a, 0));
                CHECK(cuLaunchKernel(kn.f, kn.grid, 1, 1, kn.threads, 1, 1, 0, 0, kn.params.data(), nullptr));
                CHECK(cuEventRecord(b, 0));
                CHECK(cuEventSynchronize(b));
                float t = 0;
                CHECK(cuEventElapsedTime(&t, a, b));
                if (round >= 0)
                    ms[k].push_back(t);
            }
        for (std::size_t k = 0; k < kernels.size(); ++k) {
            std::sort(ms[k].begin(), ms[k].end());
            report(kernels[k].label.c_str(), ms[k]);
        }
    }
    return 0;
}
