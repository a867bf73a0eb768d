#pragma once
// The torch subset's functions that take a tensor first, written once and exposed twice:
// `torch.exp(x)` and `x.exp()`. Each family (elementwise, reductions, shape) adds its entries;
// the torch module and TensorObject::getAttr look them up here.

#include "core/host/object.h"
#include "core/tensor/tensor.h"

#include <string_view>
#include <vector>

namespace tsm::host {

/// `self` is the tensor (the receiver, or torch.f's first argument); `args` holds the rest.
using TensorFn = Value (*)(const tensor::Tensor &self, CallArgs &args);

struct TensorFnEntry
{
    enum Exposure : std::uint8_t { Method = 1, Function = 2, Both = 3 };
    std::string_view name;
    TensorFn fn;
    Exposure exposure = Both;
};

/// `x.name` (a Tensor method), or null.
const TensorFnEntry *findTensorMethod(std::string_view name);
/// `torch.name` taking a tensor first, or null.
const TensorFnEntry *findTorchFunction(std::string_view name);
/// Every entry exposed as a torch function.
std::vector<const TensorFnEntry *> torchFunctionEntries();

/// The method value `x.name` bound to `self`.
Value boundTensorMethod(const Object &owner, const tensor::Tensor &self, const TensorFnEntry &e);
/// The function value `torch.name`.
Value torchFunctionValue(const TensorFnEntry &e);

// The families (one .cpp each).
void addElementwiseFns(std::vector<TensorFnEntry> &out); ///< torch_elementwise.cpp
void addReductionFns(std::vector<TensorFnEntry> &out);   ///< torch_reduce.cpp
void addShapeFns(std::vector<TensorFnEntry> &out);       ///< torch_shape.cpp

/// Binds `args` like a def with `params` (CallArgs::bind), naming the function `name`.
std::vector<Value>
bindArgs(CallArgs &args, std::string_view name, std::initializer_list<ParamSpec> params);

} // namespace tsm::host
