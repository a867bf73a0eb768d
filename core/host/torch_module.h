#pragma once
// Builders of the harness library modules. Each returns the module object registered under its
// dotted name; submodules are reachable as attributes too (`torch.nn.functional`).

#include "core/host/library_module.h"

#include <memory>

namespace tsm::host {

class Interpreter;
struct HostContext;

/// torch, torch.nn, torch.nn.functional, torch.testing, torch.cuda, torch.backends.
std::shared_ptr<LibraryModule> makeTorchModule();
/// Adds torch.nn / torch.nn.functional (torch_nn.cpp).
void addTorchNnModules(LibraryModule &torch);
/// Adds torch.testing, torch.allclose and torch.cuda (torch_testing.cpp).
void addTorchTestingModules(LibraryModule &torch);
/// triton, triton.language, triton.runtime ... (triton_module.cpp)
std::shared_ptr<LibraryModule> makeTritonModule();
/// triton.testing (triton_testing.cpp).
std::shared_ptr<LibraryModule> makeTritonTestingModule();
/// math (math_module.cpp).
std::shared_ptr<LibraryModule> makeMathModule();
/// numpy (numpy_module.cpp).
std::shared_ptr<LibraryModule> makeNumpyModule();
/// pytest (pytest_module.cpp).
std::shared_ptr<LibraryModule> makePytestModule();

/// Registers every library module with `interp` under its import names ("torch",
/// "torch.nn.functional", "triton.language", "numpy", ...).
void registerHostLibrary(Interpreter &interp);

} // namespace tsm::host
