#include "core/cuda/cublas_library.h"

#include "core/cuda/nvrtc_library.h"

#include <dlfcn.h>

#include <mutex>

namespace tsm::cuda {
namespace {

// cublas_api.h / library_types.h values, so that no cuBLAS header is needed at build time.
constexpr int kOpN = 0, kOpT = 1;
constexpr int kR16F = 2, kR32F = 0, kR16BF = 14, kR64F = 1;
constexpr int kCompute32F = 68, kCompute32FFastTf32 = 77, kCompute64F = 70;
constexpr int kGemmDefault = -1;

using CreateFn = int (*)(void **);
using DestroyFn = int (*)(void *);
using GemmFn = int (*)(void *, int, int, int, int, int, const void *, const void *, int, int, long long,
                       const void *, int, int, long long, const void *, void *, int, int, long long, int,
                       int, int);

struct Api
{
    CreateFn create = nullptr;
    DestroyFn destroy = nullptr;
    GemmFn gemm = nullptr;
    std::string why;
};

const Api &api()
{
    static Api a;
    static std::once_flag once;
    std::call_once(once, [] {
        void *lib = nullptr;
        for (const auto &dir : cudaLibraryDirs())
            if ((lib = dlopen((dir / "libcublas.so.13").c_str(), RTLD_NOW | RTLD_LOCAL)))
                break;
        if (!lib)
            lib = dlopen("libcublas.so.13", RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            a.why = "libcublas.so.13 could not be loaded (install the CUDA 13 toolkit's cuBLAS or set CUDA_HOME)";
            return;
        }
        a.create = reinterpret_cast<CreateFn>(dlsym(lib, "cublasCreate_v2"));
        a.destroy = reinterpret_cast<DestroyFn>(dlsym(lib, "cublasDestroy_v2"));
        a.gemm = reinterpret_cast<GemmFn>(dlsym(lib, "cublasGemmStridedBatchedEx"));
        if (!a.create || !a.destroy || !a.gemm)
            a.why = "libcublas.so.13 lacks cublasCreate_v2 / cublasGemmStridedBatchedEx";
    });
    return a;
}

int dataType(DType d)
{
    switch (d) {
    case DType::F16: return kR16F;
    case DType::BF16: return kR16BF;
    case DType::F32: return kR32F;
    case DType::F64: return kR64F;
    default: return -1;
    }
}

/// A row-major operand as cuBLAS's column-major view of its transpose: the op and leading
/// dimension, or false when neither dimension has unit stride.
bool columnMajorView(const MatmulArgs::Operand &o, int *op, long long *ld)
{
    if (o.colStride == 1) {
        *op = kOpN;
        *ld = o.rowStride;
        return true;
    }
    if (o.rowStride == 1) {
        *op = kOpT;
        *ld = o.colStride;
        return true;
    }
    return false;
}

} // namespace

Cublas::~Cublas()
{
    if (m_handle && api().destroy)
        api().destroy(m_handle);
}

bool Cublas::gemm(const MatmulArgs &g, std::uint64_t a, std::uint64_t b, std::uint64_t c, std::string *why)
{
    const Api &f = api();
    if (!f.gemm) {
        *why = f.why;
        return false;
    }
    const int type = dataType(g.dtype);
    int opA = 0, opB = 0, opC = 0;
    long long lda = 0, ldb = 0, ldc = 0;
    if (type < 0 || !columnMajorView(g.a, &opA, &lda) || !columnMajorView(g.b, &opB, &ldb)
        || !columnMajorView(g.c, &opC, &ldc) || opC != kOpN) {
        *why = "cuBLAS needs fp16 / bf16 / fp32 / fp64 operands with unit stride along a dimension";
        return false;
    }
    if (!m_handle && f.create(&m_handle) != 0) {
        m_handle = nullptr;
        *why = "cublasCreate failed (no CUDA context?)";
        return false;
    }
    // Row-major C = A B is column-major C^T = B^T A^T: cuBLAS's (m, n, k) = (n, m, k), B first.
    // lda/ldb must be at least the rows of the column-major view.
    lda = std::max<long long>(lda, opA == kOpN ? g.k : g.m);
    ldb = std::max<long long>(ldb, opB == kOpN ? g.n : g.k);
    ldc = std::max<long long>(ldc, g.n);
    const bool f64 = g.dtype == DType::F64;
    const double one64 = 1.0, zero64 = 0.0;
    const float one32 = 1.0f, zero32 = 0.0f;
    const void *alpha = f64 ? static_cast<const void *>(&one64) : &one32;
    const void *beta = f64 ? static_cast<const void *>(&zero64) : &zero32;
    const int status = f.gemm(m_handle, opB, opA, int(g.n), int(g.m), int(g.k), alpha,
                              reinterpret_cast<const void *>(b), type, int(ldb), g.b.batchStride,
                              reinterpret_cast<const void *>(a), type, int(lda), g.a.batchStride, beta,
                              reinterpret_cast<void *>(c), type, int(ldc), g.c.batchStride, int(g.batch),
                              f64                                              ? kCompute64F
                              : g.allowTf32 && g.dtype == DType::F32 ? kCompute32FFastTf32
                                                                     : kCompute32F,
                              kGemmDefault);
    if (status != 0) {
        *why = "cublasGemmStridedBatchedEx failed with status " + std::to_string(status);
        return false;
    }
    return true;
}

} // namespace tsm::cuda
