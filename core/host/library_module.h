#pragma once
// A harness library module (`torch`, `triton.testing`, `numpy` ...): an attribute table like a
// Python module, except that a name it does not have is a construct outside Tilesmith's subset
// and stops the program with UnsupportedHostFeature ("torch.fft is not supported by Tilesmith's
// harness") instead of an AttributeError the program might catch.

#include "core/host/object.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tsm::host {

class LibraryModule : public Object
{
public:
    explicit LibraryModule(std::string name)
        : m_name(std::move(name))
    {
    }
    std::string_view typeName() const override { return "module"; }
    std::string repr() const override { return "<module '" + m_name + "'>"; }
    std::optional<Value> getAttr(std::string_view name) override;
    /// Assignments are kept (`torch.backends.cuda.matmul.allow_tf32 = True`).
    bool setAttr(std::string_view name, const Value &value) override;

    const std::string &name() const { return m_name; }
    void set(std::string_view name, Value value);
    /// Adds a function `<module>.<name>`.
    void def(std::string_view name, BuiltinFn fn);
    /// The attribute, or null.
    const Value *find(std::string_view name) const;
    /// Every attribute's name, in definition order (the studio's completion lists).
    std::vector<std::string> attributeNames() const;

private:
    std::string m_name;
    std::vector<std::pair<std::string, Value>> m_attrs;
    std::unordered_map<std::string, std::size_t> m_index;
};

/// A fresh library module value and its object.
std::shared_ptr<LibraryModule> makeLibraryModule(std::string name);

/// A plain object with attributes and no behaviour (torch.finfo results, warmup metadata,
/// device properties' holders). Prints as `name(attr=value, ...)`.
class RecordObject : public Object
{
public:
    explicit RecordObject(std::string typeName)
        : m_typeName(std::move(typeName))
    {
    }
    std::string_view typeName() const override { return m_typeName; }
    std::optional<Value> getAttr(std::string_view name) override;
    bool setAttr(std::string_view name, const Value &value) override;
    std::string repr() const override;
    void set(std::string_view name, Value value);

private:
    std::string m_typeName;
    std::vector<std::pair<std::string, Value>> m_attrs;
};

} // namespace tsm::host
