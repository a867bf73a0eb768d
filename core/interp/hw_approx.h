#pragma once
// The GPU's table-driven fp32 approximations, bit for bit: Triton lowers fp32 tl.sqrt to
// sqrt.approx.ftz.f32 and tl.rsqrt to rsqrt.approx.ftz.f32 (MUFU on the SM), whose results are
// within 1 ULP (rsqrt: 2) of the correctly rounded ones but follow no published formula.
//
// They were recorded on our H200 by scripts/gpu/sqrt_approx_probe.cu: for the 2^24 inputs of
// [1, 4) (one exponent parity each), the result's difference from the correctly rounded result,
// in units in the last place. The same run checked over all 2^32 fp32 bit patterns that the
// instruction's result depends only on the mantissa and the exponent's parity and is otherwise
// scaled exactly (0 mismatches), and recorded the special cases modelled below. The tables ship
// zlib-compressed in resources/numerics/ and are compiled into the binary.

namespace tsm::interp {

/// sqrt.approx.ftz.f32: denormals flush to a signed zero, sqrt(+inf) = +inf, negative or NaN
/// arguments give the canonical NaN.
float sqrtApproxFtz(float x);
/// rsqrt.approx.ftz.f32: a zero or denormal gives an infinity of its sign, rsqrt(+inf) = +0,
/// negative or NaN arguments give the canonical NaN.
float rsqrtApproxFtz(float x);

} // namespace tsm::interp
