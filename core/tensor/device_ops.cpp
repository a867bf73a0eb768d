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

} // namespace tsm::tensor
