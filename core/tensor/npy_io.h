#pragma once
// NumPy .npy (format 1.0 / 2.0 / 3.0 headers, little-endian, C or Fortran order) and .npz (zip of
// .npy members, stored or deflated) for every host dtype, bool and float16 included (bfloat16
// is written as numpy cannot read it: an error). Errors come back as messages, never thrown.

#include "core/tensor/tensor.h"

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tsm::tensor {

/// A loaded array, or why not.
struct NpyResult
{
    std::optional<Tensor> tensor;
    std::string error;
};
struct NpzResult
{
    /// Members in archive order, names without ".npy".
    std::vector<std::pair<std::string, Tensor>> arrays;
    std::string error; ///< empty on success
};

/// Parses the bytes of a .npy file.
NpyResult parseNpy(std::span<const std::byte> bytes);
/// The bytes np.save writes for `t` (format 1.0 unless the header needs 2.0), C order.
/// Empty optional and `error` set for a dtype numpy has no spelling for (bfloat16).
std::optional<std::vector<std::byte>> encodeNpy(const Tensor &t, std::string *error = nullptr);

NpyResult loadNpy(const std::filesystem::path &path);
/// Returns an error message, empty on success.
std::string saveNpy(const std::filesystem::path &path, const Tensor &t);

NpzResult parseNpz(std::span<const std::byte> bytes);
NpzResult loadNpz(const std::filesystem::path &path);
/// np.savez (stored) or np.savez_compressed (deflate). Returns an error message or empty.
std::string saveNpz(const std::filesystem::path &path,
                    const std::vector<std::pair<std::string, Tensor>> &arrays,
                    bool compressed = false);

/// True when the file starts with the zip magic (np.load's choice between .npy and .npz).
bool looksLikeNpz(std::span<const std::byte> bytes);

} // namespace tsm::tensor
