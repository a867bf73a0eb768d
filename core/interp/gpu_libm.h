#pragma once
// fp32 math as compiled Triton computes it on an NVIDIA GPU, bit for bit, so the interpreter
// and the GPU agree on tl.log / tl.sin / tl.cos and on tl.randn (Box-Muller through log and cos).
// Triton lowers these to libdevice's __nv_logf / __nv_sinf / __nv_cosf and links libdevice with
// nvvm-reflect-ftz = 1, so their fused multiply-adds flush denormal inputs and results to zero
// (fma.rn.ftz.f32), while the kernel's own fp32 arithmetic keeps denormals. These are C++
// re-implementations of those algorithms: same constants, same fma and rounding order.

namespace tsm::interp {

/// __nv_logf with __CUDA_FTZ = 1: a degree-9 polynomial in m - 1 after splitting off the
/// exponent; denormal inputs are scaled by 2^23 first (the scaling compare and multiply are not
/// flushed), so log of a denormal is finite. log(+0) = -inf, log(x < 0) = NaN.
float gpuLogf(float x);
/// __nv_sinf with __CUDA_FTZ = 1: Cody-Waite reduction by pi/2 below |x| = 105615, Payne-Hanek
/// (96 bits of 2/pi) above, then the minimax sine or cosine polynomial of the quadrant.
float gpuSinf(float x);
/// __nv_cosf: as gpuSinf, one quadrant further.
float gpuCosf(float x);

} // namespace tsm::interp
