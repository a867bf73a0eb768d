#pragma once
// SHA-256 (FIPS 180-4), for the compile cache: its keys must not collide across sources,
// options and toolkit versions, and its entries carry a digest so that a truncated or corrupt
// file reads as a miss.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tsm::cuda {

class Sha256
{
public:
    Sha256();
    void update(const void *data, std::size_t size);
    void update(std::string_view text) { update(text.data(), text.size()); }
    /// Adds the length first, so that ("ab","c") and ("a","bc") hash differently.
    void updateField(std::string_view text);
    std::array<std::uint8_t, 32> finish();

    /// Lower-case hex of a digest.
    static std::string hex(const std::array<std::uint8_t, 32> &digest);

private:
    void block(const std::uint8_t *p);

    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_total = 0;
};

} // namespace tsm::cuda
