// The shared registry of tensor-first torch functions and methods.

#include "core/host/torch_functions.h"

#include "core/host/py_exception.h"
#include "core/host/torch_args.h"

#include <algorithm>

#include <unordered_map>

namespace tsm::host {

namespace {

struct Registry
{
    std::vector<TensorFnEntry> entries;
    std::unordered_map<std::string_view, std::size_t> methods, functions;

    Registry()
    {
        addElementwiseFns(entries);
        addReductionFns(entries);
        addShapeFns(entries);
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (entries[i].exposure & TensorFnEntry::Method)
                methods.insert_or_assign(entries[i].name, i);
            if (entries[i].exposure & TensorFnEntry::Function)
                functions.insert_or_assign(entries[i].name, i);
        }
    }
};

const Registry &registry()
{
    static const Registry r;
    return r;
}

/// torch accepts numpy's `axis=` wherever it takes `dim=`.
void renameAxisKeyword(CallArgs &args)
{
    for (Kwarg &k : args.keywords)
        if (k.name == "axis")
            k.name = "dim";
}

} // namespace

const TensorFnEntry *findTensorMethod(std::string_view name)
{
    const Registry &r = registry();
    auto it = r.methods.find(name);
    return it == r.methods.end() ? nullptr : &r.entries[it->second];
}

const TensorFnEntry *findTorchFunction(std::string_view name)
{
    const Registry &r = registry();
    auto it = r.functions.find(name);
    return it == r.functions.end() ? nullptr : &r.entries[it->second];
}

std::vector<const TensorFnEntry *> torchFunctionEntries()
{
    std::vector<const TensorFnEntry *> out;
    for (const TensorFnEntry &e : registry().entries)
        if (e.exposure & TensorFnEntry::Function)
            out.push_back(&e);
    return out;
}

Value boundTensorMethod(const Object &owner, const tensor::Tensor &self, const TensorFnEntry &e)
{
    TensorFn fn = e.fn;
    return makeMethod(owner, std::string(e.name), [self, fn](CallArgs &args) {
        renameAxisKeyword(args);
        return guardTensor([&] { return fn(self, args); });
    });
}

Value torchFunctionValue(const TensorFnEntry &e)
{
    TensorFn fn = e.fn;
    std::string name(e.name);
    return makeBuiltin(name, [fn, name](CallArgs &args) {
        renameAxisKeyword(args);
        tensor::Tensor self;
        if (!args.positional.empty()) {
            self = toTensor(args.positional.front(), "input");
            args.positional.erase(args.positional.begin());
        } else {
            auto it = std::find_if(args.keywords.begin(), args.keywords.end(), [](const Kwarg &k) {
                return k.name == "input";
            });
            if (it == args.keywords.end())
                throwTypeError(name + "() missing 1 required positional argument: 'input'");
            self = toTensor(it->value, "input");
            args.keywords.erase(it);
        }
        return guardTensor([&] { return fn(self, args); });
    });
}

std::vector<Value>
bindArgs(CallArgs &args, std::string_view name, std::initializer_list<ParamSpec> params)
{
    return args.bind(name, params);
}

} // namespace tsm::host
