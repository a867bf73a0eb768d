// LibraryModule and RecordObject.

#include "core/host/library_module.h"

#include "core/host/py_exception.h"
#include "core/host/py_format.h"

namespace tsm::host {

std::optional<Value> LibraryModule::getAttr(std::string_view name)
{
    if (const Value *v = find(name))
        return *v;
    if (name == "__name__")
        return Value::str(m_name);
    // Names that newer releases have and feature probes test with hasattr(): a plain
    // AttributeError, as an older torch would give, so `hasattr(torch, "float8_e5m2")` is False.
    if (name.rfind("float8", 0) == 0 || name.rfind("_", 0) == 0)
        return std::nullopt;
    throwUnsupported(m_name + "." + std::string(name));
}

bool LibraryModule::setAttr(std::string_view name, const Value &value)
{
    set(name, value);
    return true;
}

void LibraryModule::set(std::string_view name, Value value)
{
    auto it = m_index.find(std::string(name));
    if (it != m_index.end()) {
        m_attrs[it->second].second = std::move(value);
        return;
    }
    m_index.emplace(std::string(name), m_attrs.size());
    m_attrs.emplace_back(std::string(name), std::move(value));
}

void LibraryModule::def(std::string_view name, BuiltinFn fn)
{
    set(name, makeBuiltin(std::string(name), std::move(fn)));
}

std::vector<std::string> LibraryModule::attributeNames() const
{
    std::vector<std::string> names;
    names.reserve(m_attrs.size());
    for (const auto &a : m_attrs)
        names.push_back(a.first);
    return names;
}

const Value *LibraryModule::find(std::string_view name) const
{
    auto it = m_index.find(std::string(name));
    return it == m_index.end() ? nullptr : &m_attrs[it->second].second;
}

std::shared_ptr<LibraryModule> makeLibraryModule(std::string name)
{
    return std::make_shared<LibraryModule>(std::move(name));
}

std::optional<Value> RecordObject::getAttr(std::string_view name)
{
    for (const auto &[k, v] : m_attrs)
        if (k == name)
            return v;
    return std::nullopt;
}

bool RecordObject::setAttr(std::string_view name, const Value &value)
{
    set(name, value);
    return true;
}

void RecordObject::set(std::string_view name, Value value)
{
    for (auto &[k, v] : m_attrs)
        if (k == name) {
            v = std::move(value);
            return;
        }
    m_attrs.emplace_back(std::string(name), std::move(value));
}

std::string RecordObject::repr() const
{
    std::string out = m_typeName + "(";
    for (std::size_t i = 0; i < m_attrs.size(); ++i) {
        if (i)
            out += ", ";
        out += m_attrs[i].first + "=" + pyRepr(m_attrs[i].second);
    }
    return out + ")";
}

} // namespace tsm::host
