#pragma once
// Tensor creation (torch.empty, zeros, ones, full, arange, linspace, eye, tensor) and the seeded
// random generator behind rand / randn / randint / dropout. Streams are deterministic after
// manualSeed but not bit-identical to PyTorch's (LANGUAGE.md).

#include "core/tensor/tensor.h"

#include <cstdint>
#include <optional>

namespace tsm::tensor {

/// Default dtype for floats (torch.get_default_dtype()): float32.
inline constexpr DType kDefaultFloat = DType::F32;

Tensor empty(const Shape &shape, DType dtype = kDefaultFloat, Device device = {});
Tensor zeros(const Shape &shape, DType dtype = kDefaultFloat, Device device = {});
Tensor ones(const Shape &shape, DType dtype = kDefaultFloat, Device device = {});
/// torch.full: dtype, when not given, is inferred from `value` (bool -> bool, int -> int64,
/// float -> float32).
Tensor full(const Shape &shape, Scalar value, std::optional<DType> dtype = {}, Device device = {});

/// *_like: same shape, dtype and device as `like` unless given; always contiguous.
Tensor
emptyLike(const Tensor &like, std::optional<DType> dtype = {}, std::optional<Device> device = {});
Tensor
zerosLike(const Tensor &like, std::optional<DType> dtype = {}, std::optional<Device> device = {});
Tensor
onesLike(const Tensor &like, std::optional<DType> dtype = {}, std::optional<Device> device = {});
Tensor fullLike(const Tensor &like,
                Scalar value,
                std::optional<DType> dtype = {},
                std::optional<Device> device = {});

/// torch.arange(start, end, step): int64 when all three are ints, else float32, unless given.
/// Size is ceil((end - start) / step); errors worded as torch's.
Tensor arange(Scalar start,
              Scalar end,
              Scalar step = Scalar::fromInt(1),
              std::optional<DType> dtype = {},
              Device device = {});
/// torch.linspace(start, end, steps), float32 unless given.
Tensor linspace(double start,
                double end,
                std::int64_t steps,
                std::optional<DType> dtype = {},
                Device device = {});
/// torch.eye(n, m).
Tensor eye(std::int64_t n,
           std::optional<std::int64_t> m = {},
           DType dtype = kDefaultFloat,
           Device device = {});

/// torch.tensor(data): dtype inferred as torch does (all bools -> bool, any float -> float32,
/// else int64) unless given; ragged lists are a ValueError worded as torch's.
Tensor fromNested(const Nested &data, std::optional<DType> dtype = {}, Device device = {});

/// The global generator (torch.manual_seed / torch.initial_seed).
void manualSeed(std::uint64_t seed);
std::uint64_t initialSeed();
/// Next 64 random bits from the global generator.
std::uint64_t nextRandomBits();
/// Uniform in [0, 1) with 53 random bits.
double nextUniform();

/// Uniform [0, 1); float dtypes only.
Tensor rand(const Shape &shape, DType dtype = kDefaultFloat, Device device = {});
/// Standard normal; float dtypes only.
Tensor randn(const Shape &shape, DType dtype = kDefaultFloat, Device device = {});
/// Integers uniform in [low, high); int64 unless given.
Tensor randint(std::int64_t low,
               std::int64_t high,
               const Shape &shape,
               DType dtype = DType::I64,
               Device device = {});
Tensor randLike(const Tensor &like, std::optional<DType> dtype = {});
Tensor randnLike(const Tensor &like, std::optional<DType> dtype = {});
Tensor randintLike(const Tensor &like,
                   std::int64_t low,
                   std::int64_t high,
                   std::optional<DType> dtype = {});
/// torch.randperm(n), int64.
Tensor randperm(std::int64_t n, DType dtype = DType::I64, Device device = {});

} // namespace tsm::tensor
