#pragma once
// fp32 math as compiled Triton computes it on an NVIDIA GPU, so the interpreter and the GPU
// agree on tl.log / tl.log2 / tl.sin / tl.cos / tl.erf / libdevice.tanh and on tl.randn
// (Box-Muller through log and cos). Triton lowers these to libdevice's __nv_logf, __nv_log2f,
// __nv_sinf, __nv_cosf, __nv_erff, __nv_tanhf and links libdevice with nvvm-reflect-ftz = 1, so
// their fused multiply-adds flush denormal inputs and results to zero (fma.rn.ftz.f32), while
// the kernel's own fp32 arithmetic keeps denormals. These are C++ re-implementations of those
// algorithms: same constants, same fma and rounding order. log, log2, sin and cos are bit-exact
// everywhere; erf and tanh are bit-exact except where libdevice calls the hardware's
// ex2.approx.ftz (and rcp.approx.ftz), which follow no published formula and are stood in for
// by the correctly rounded 2^x and 1/x: there erf is within 1 ULP of the GPU, tanh within 2.

namespace tsm::interp {

/// __nv_logf with __CUDA_FTZ = 1: a degree-9 polynomial in m - 1 after splitting off the
/// exponent; denormal inputs are scaled by 2^23 first (the scaling compare and multiply are not
/// flushed), so log of a denormal is finite. log(+0) = -inf, log(x < 0) = NaN.
float gpuLogf(float x);
/// __nv_log2f with __CUDA_FTZ = 1: as gpuLogf, with the split at sqrt(2) and the polynomial in
/// log2 units. log2(+0) = -inf, log2(x < 0) = NaN, denormals scaled.
float gpuLog2f(float x);
/// Triton's __nv_erff with __CUDA_FTZ = 1: below |x| = 1.00295, x + x p(x^2) (bit-exact,
/// denormals flush to a signed zero); above, 1 - 2^(-|x| - |x| q(|x|)) with the sign of x,
/// through the ex2.approx stand-in (within 1 ULP). erf(+-inf) = +-1, erf(NaN) = NaN.
float gpuErff(float x);
/// __nv_tanhf with __CUDA_FTZ = 1: below |x| = 0.6, x + x^3 p(x^2) (bit-exact, denormals flush
/// to a signed zero); above, 1 - 2 / (1 + 2^(2 |x| log2 e)) with the sign of x, through the
/// ex2.approx and rcp.approx stand-ins (within 2 ULPs); +-1 from |x| = 9.0109 on.
float gpuTanhf(float x);
/// __nv_sinf with __CUDA_FTZ = 1: Cody-Waite reduction by pi/2 below |x| = 105615, Payne-Hanek
/// (96 bits of 2/pi) above, then the minimax sine or cosine polynomial of the quadrant.
float gpuSinf(float x);
/// __nv_cosf: as gpuSinf, one quadrant further.
float gpuCosf(float x);

} // namespace tsm::interp
