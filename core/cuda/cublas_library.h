#pragma once
// cuBLAS, loaded with dlopen on first use (as NVRTC and the driver are): the eager GPU torch ops'
// matmul / mm / bmm / @ (issue 5) call its strided-batched GEMM, as PyTorch does. A machine
// without libcublas still runs everything; matmul inside do_bench then computes on the host and
// says why.

#include "core/run/backend.h"

#include <cstdint>
#include <string>

namespace tsm::cuda {

/// One handle on the current CUDA context, made on the first GEMM; stream 0 (the driver's
/// launches are there too, so the GEMM is ordered with them).
class Cublas
{
public:
    Cublas() = default;
    ~Cublas();
    Cublas(const Cublas &) = delete;
    Cublas &operator=(const Cublas &) = delete;

    /// C = A @ B for row-major batches at device addresses a, b, c (strides in elements, as in
    /// MatmulArgs). False with `why` set when cuBLAS cannot be loaded or refuses the call.
    bool gemm(const MatmulArgs &args,
              std::uint64_t a,
              std::uint64_t b,
              std::uint64_t c,
              std::string *why);

private:
    void *m_handle = nullptr;
};

} // namespace tsm::cuda
