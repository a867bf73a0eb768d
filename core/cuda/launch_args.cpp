#include "core/cuda/launch_args.h"

#include "core/tensor/float16.h"
#include "core/tensor/float8.h"

#include <cstring>

namespace tsm::cuda {
namespace {

template <std::size_t N, class T> void put(std::array<std::byte, N> &slot, std::size_t *size, T value)
{
    static_assert(sizeof(T) <= 8);
    std::memcpy(slot.data(), &value, sizeof(T));
    *size = sizeof(T);
}

} // namespace

void KernelArgs::addPointer(DevicePtr address)
{
    Slot s;
    put(s.data, &s.size, static_cast<std::uint64_t>(address));
    m_slots.push_back(s);
}

bool KernelArgs::addScalar(DType dtype, const LaunchArg &arg, std::string *why)
{
    if (arg.kind == LaunchArg::Kind::Pointer || arg.kind == LaunchArg::Kind::Constexpr) {
        if (why)
            *why = "argument '" + arg.label + "' is a "
                   + (arg.kind == LaunchArg::Kind::Pointer ? "tensor" : "constexpr")
                   + " but the compiled kernel takes a scalar " + std::string(dtypeName(dtype))
                   + " there";
        return false;
    }
    const bool isFloatArg = arg.kind == LaunchArg::Kind::Float;
    const double f = isFloatArg ? arg.f : double(arg.i);
    const std::int64_t i = isFloatArg ? std::int64_t(arg.f) : arg.i;
    Slot s;
    switch (dtype) {
    case DType::I1:
        put(s.data, &s.size, static_cast<std::uint8_t>(isFloatArg ? f != 0 : i != 0));
        break;
    case DType::I8:
        put(s.data, &s.size, static_cast<std::int8_t>(i));
        break;
    case DType::I16:
        put(s.data, &s.size, static_cast<std::int16_t>(i));
        break;
    case DType::I32:
        put(s.data, &s.size, static_cast<std::int32_t>(i));
        break;
    case DType::I64:
        put(s.data, &s.size, i);
        break;
    case DType::U8:
        put(s.data, &s.size, static_cast<std::uint8_t>(i));
        break;
    case DType::U16:
        put(s.data, &s.size, static_cast<std::uint16_t>(i));
        break;
    case DType::U32:
        put(s.data, &s.size, static_cast<std::uint32_t>(i));
        break;
    case DType::U64:
        put(s.data, &s.size, static_cast<std::uint64_t>(i));
        break;
    case DType::F16:
        put(s.data, &s.size, floatToHalf(float(f)));
        break;
    case DType::BF16:
        put(s.data, &s.size, floatToBfloat16(float(f)));
        break;
    case DType::F32:
        put(s.data, &s.size, static_cast<float>(f));
        break;
    case DType::F64:
        put(s.data, &s.size, f);
        break;
    case DType::F8E4:
        put(s.data, &s.size, floatToFp8(float(f), Fp8Format::E4M3FN, Fp8Overflow::Saturate));
        break;
    case DType::F8E5:
        put(s.data, &s.size, floatToFp8(float(f), Fp8Format::E5M2, Fp8Overflow::Saturate));
        break;
    }
    m_slots.push_back(s);
    return true;
}

void *KernelArgs::addTensorMap()
{
    Slot &s = m_slots.emplace_back();
    s.size = s.data.size();
    return s.data.data();
}

void **KernelArgs::pointers()
{
    // Built on demand: m_slots may have grown (and moved) since the last call.
    m_pointers.clear();
    for (Slot &s : m_slots)
        m_pointers.push_back(s.data.data());
    return m_pointers.data();
}

std::span<const std::byte> KernelArgs::bytes(std::size_t k) const
{
    return {m_slots[k].data.data(), m_slots[k].size};
}

std::string checkGridLimits(const Grid &grid)
{
    auto shape = [&] {
        return "(" + std::to_string(grid.x) + ", " + std::to_string(grid.y) + ", "
               + std::to_string(grid.z) + ")";
    };
    if (grid.x >= (std::int64_t(1) << 31))
        return "the launch grid " + shape() + " has " + std::to_string(grid.x)
               + " programs along axis 0; CUDA allows at most 2147483647 (2^31 - 1): use larger "
                 "blocks";
    if (grid.y > 65535 || grid.z > 65535)
        return "the launch grid " + shape() + " has more than 65535 programs along axis "
               + (grid.y > 65535 ? "1" : "2")
               + "; CUDA allows at most 65535 on axes 1 and 2: put the largest dimension on "
                 "axis 0";
    return {};
}

} // namespace tsm::cuda
