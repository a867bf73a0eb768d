#pragma once
// Triton's counter-based Philox generator (python/triton/language/random.py), bit for bit:
// philox_impl's rounds, the 64-bit seed split into two 32-bit key words, uint_to_uniform_float
// and randn's Box-Muller transform (log and cos as libdevice computes them; the square root is
// correctly rounded where the GPU's sqrt.approx may differ by 1 ULP).

#include <array>
#include <cstdint>

namespace tsm::interp {

inline constexpr int kPhiloxDefaultRounds = 10;

/// Philox 4x32: counter (c0..c3), key (k0, k1).
std::array<std::uint32_t, 4> philox4x32(std::array<std::uint32_t, 4> c,
                                        std::uint32_t k0,
                                        std::uint32_t k1,
                                        int rounds = kPhiloxDefaultRounds);
/// Philox 4x64 (Triton's path for 64-bit offsets).
std::array<std::uint64_t, 4> philox4x64(std::array<std::uint64_t, 4> c,
                                        std::uint64_t k0,
                                        std::uint64_t k1,
                                        int rounds = kPhiloxDefaultRounds);

/// tl.randint4x(seed, offset) for a 32-bit offset: the seed (already widened to 64 bits as
/// Triton's `seed.to(tl.uint64)` does) keys the generator, the offset is c0.
std::array<std::uint32_t, 4>
randint4x32(std::uint64_t seed, std::uint32_t offset, int rounds = kPhiloxDefaultRounds);
/// For a 64-bit offset: key (seed, 0).
std::array<std::uint64_t, 4>
randint4x64(std::uint64_t seed, std::uint64_t offset, int rounds = kPhiloxDefaultRounds);

/// uint_to_uniform_float: a random word -> fp32 in [0, 1).
float uniformFromBits32(std::uint32_t x);
float uniformFromBits64(std::uint64_t x);

/// pair_uniform_to_normal's first output: sqrt(-2 log(max(1e-7, u1))) * cos(2 pi u2), in fp32.
float normalFromUniform(float u1, float u2);

} // namespace tsm::interp
