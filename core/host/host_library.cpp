// Registers the harness library modules with an interpreter under every dotted import name.

#include "core/host/interpreter.h"
#include "core/host/torch_module.h"

namespace tsm::host {

namespace {

void registerTree(Interpreter &interp, const std::shared_ptr<LibraryModule> &module)
{
    interp.registerModule(module->name(), Value::fromObject(module));
    // Submodules are the attributes that are library modules named "<this>.<attr>".
    for (const char *attr : {"nn",
                             "functional",
                             "testing",
                             "cuda",
                             "backends",
                             "language",
                             "runtime",
                             "driver",
                             "active",
                             "utils",
                             "extra",
                             "libdevice",
                             "math",
                             "core",
                             "standard",
                             "random",
                             "matmul",
                             "cudnn",
                             "tools",
                             "tensor_descriptor"}) {
        const Value *v = module->find(attr);
        if (!v)
            continue;
        auto sub = v->asShared<LibraryModule>();
        if (sub && sub->name() == module->name() + "." + attr)
            registerTree(interp, sub);
    }
}

} // namespace

void registerHostLibrary(Interpreter &interp)
{
    registerTree(interp, makeTorchModule());
    registerTree(interp, makeTritonModule());
    registerTree(interp, makeMathModule());
    auto np = makeNumpyModule();
    registerTree(interp, np);
    registerTree(interp, makePytestModule());
}

} // namespace tsm::host
