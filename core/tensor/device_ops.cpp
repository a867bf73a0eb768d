#include "core/tensor/device_ops.h"

namespace tsm::tensor {
namespace {
thread_local DeviceOps *t_active = nullptr;
} // namespace

DeviceOps *activeDeviceOps()
{
    return t_active;
}

DeviceOpsScope::DeviceOpsScope(DeviceOps *ops)
    : m_previous(t_active)
{
    t_active = ops;
}

DeviceOpsScope::~DeviceOpsScope()
{
    t_active = m_previous;
}

DeviceOps *deviceOpsFor(std::initializer_list<const Tensor *> operands)
{
    if (!t_active)
        return nullptr;
    for (const Tensor *t : operands)
        if (t->device().isCuda())
            return t_active;
    return nullptr;
}

bool reducesLastDimOnly(const Tensor &x, const std::optional<std::vector<std::int64_t>> &dims)
{
    const std::int64_t rank = std::int64_t(x.shape().size());
    if (!dims || dims->empty())
        return rank == 1;
    return dims->size() == 1 && rank >= 1 && ((*dims)[0] == -1 || (*dims)[0] == rank - 1);
}

} // namespace tsm::tensor
