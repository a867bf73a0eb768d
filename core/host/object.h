#pragma once
// Heap objects of the harness interpreter. `Object` is the base of every non-inline value: the
// built-in types below (str, tuple, list, dict, set, range, slice, function, builtin, module,
// type, exception) and the library objects hostlib defines (torch.Tensor, dtypes, devices,
// triton kernels, Config, Benchmark ...). A library object overrides the hooks it supports; the
// defaults raise the TypeError / AttributeError CPython would.

#include "core/host/value.h"
#include "core/source/source_file.h"
#include "core/syntax/ast.h"

#include <deque>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tsm::host {

class Interpreter;
class PyException;

/// One parameter of a C++ builtin, for CallArgs::bind.
struct ParamSpec
{
    /// A required parameter: `{"input"}`.
    ParamSpec(std::string_view name)
        : name(name)
    {
    }
    /// A parameter with a default: `{"dtype", Value()}`; keyword-only: `{"k", Value(), true}`.
    ParamSpec(std::string_view name, Value defaultValue, bool keywordOnly = false)
        : name(name)
        , defaultValue(std::move(defaultValue))
        , keywordOnly(keywordOnly)
    {
    }
    std::string_view name;
    /// Unset: required. Set: the default (Value() is None).
    std::optional<Value> defaultValue;
    bool keywordOnly = false;
};

/// The arguments of a call into C++ (a builtin or Object::call).
class CallArgs
{
public:
    CallArgs(Interpreter &interp, std::vector<Value> positional, std::vector<Kwarg> keywords)
        : interp(interp)
        , positional(std::move(positional))
        , keywords(std::move(keywords))
    {
    }

    /// To call back into Python (a grid lambda, a do_bench body, a sort key).
    Interpreter &interp;
    std::vector<Value> positional;
    std::vector<Kwarg> keywords; ///< in call order, `**d` expanded
    SourceSpan span;             ///< the call expression

    std::size_t size() const { return positional.size(); }
    const Value &operator[](std::size_t i) const { return positional[i]; }
    /// The keyword argument `name`, or null.
    const Value *keyword(std::string_view name) const;

    /// Binds the arguments to `params` like a Python def: positional in order, then keywords by
    /// name, then defaults. Raises TypeError with CPython's wording ("f() missing 1 required
    /// positional argument: 'x'", "f() got an unexpected keyword argument 'y'", "f() takes 2
    /// positional arguments but 3 were given"). Returns one value per parameter.
    std::vector<Value> bind(std::string_view function,
                            std::initializer_list<ParamSpec> params) const;
    /// Raises TypeError unless min <= positional count <= max and no keywords were passed.
    void expectPositional(std::string_view function, std::size_t min, std::size_t max) const;
};

/// A C++ callable exposed to Python code.
using BuiltinFn = std::function<Value(CallArgs &)>;

/// Base of every heap value. Library objects derive from it and override what they support.
class Object : public std::enable_shared_from_this<Object>
{
public:
    virtual ~Object() = default;

    /// Python's type name in messages: "Tensor", "dtype", "JITFunction".
    virtual std::string_view typeName() const = 0;
    /// The built-in kind (library objects keep the default).
    virtual ValueKind valueKind() const { return ValueKind::Object; }
    /// isinstance(obj, T) for a library TypeObject T named `name` (default: typeName() == name).
    virtual bool isInstanceOf(std::string_view name) const { return typeName() == name; }
    /// This object as a Value (shares ownership).
    Value self() { return Value::fromObject(shared_from_this()); }

    /// obj.name, or nullopt for AttributeError "'T' object has no attribute 'name'".
    /// Methods are returned as builtins bound to self (see makeMethod).
    virtual std::optional<Value> getAttr(std::string_view name);
    /// obj.name = v; false for AttributeError.
    virtual bool setAttr(std::string_view name, const Value &value);
    /// obj(...); default TypeError "'T' object is not callable".
    virtual bool callable() const { return false; }
    virtual Value call(CallArgs &args);
    /// obj[key]; default TypeError "'T' object is not subscriptable".
    virtual Value getItem(const Value &key);
    /// obj[key] = value; default TypeError "'T' object does not support item assignment".
    virtual void setItem(const Value &key, const Value &value);
    /// `self op other` (reflected: `other op self`), or nullopt (NotImplemented).
    virtual std::optional<Value> binaryOp(ast::BinaryOp op, const Value &other, bool reflected);
    /// `-self`, `+self`, `~self` (not `not`: that uses truthy()), or nullopt for TypeError.
    virtual std::optional<Value> unaryOp(ast::UnaryOpKind op);
    /// `self op other` for ==, !=, <, <=, >, >= (reflected when self was on the right), or
    /// nullopt: == and != then fall back to identity, orderings raise TypeError.
    virtual std::optional<Value> compare(ast::CmpOp op, const Value &other, bool reflected);
    /// `item in self`, or nullopt to fall back to iteration.
    virtual std::optional<bool> contains(const Value &item);
    /// repr(obj) / str(obj) / format(obj, spec).
    virtual std::string repr() const;
    virtual std::string str() const { return repr(); }
    /// Default: str() for an empty spec, else TypeError "unsupported format string passed to
    /// T.__format__".
    virtual std::string format(std::string_view spec) const;
    /// iter(obj): an iterator value (see makeIterator), or nullopt for TypeError
    /// "'T' object is not iterable".
    virtual std::optional<Value> iter();
    /// next(it) for iterator objects: the next value, or nullopt when exhausted.
    virtual std::optional<Value> next();
    /// len(obj), or nullopt for TypeError.
    virtual std::optional<std::int64_t> len() const { return std::nullopt; }
    /// bool(obj), or nullopt to use len() (and true without it). May raise (a many-element
    /// tensor's truth value is ambiguous).
    virtual std::optional<bool> truthy() const { return std::nullopt; }
    /// hash(obj) (default: identity), or nullopt for TypeError "unhashable type: 'T'".
    virtual std::optional<std::size_t> hash() const;
    /// == for dict keys and `in` (default: identity).
    virtual bool equals(const Object &other) const { return this == &other; }
    /// int(obj) / float(obj) / operator.index(obj): a bool, int or float Value, or nullopt.
    virtual std::optional<Value> toScalar() const { return std::nullopt; }
    /// `self op= other` (`x += y` on a tensor updates it in place), or nullopt to fall back to
    /// binaryOp (then the name is rebound to the result, as Python does).
    virtual std::optional<Value> inplaceOp(ast::BinaryOp op, const Value &other);
    /// `with obj as x:` enter (the value bound to x) and exit (after the body; `error` is the
    /// exception the body raised, or null). Return true from exit to swallow that exception
    /// (pytest.raises). Default enter: TypeError "'T' object does not support the context
    /// manager protocol".
    virtual Value enter();
    virtual bool exit(const PyException *error);
};

// ---------------------------------------------------------------- built-in heap types

class StrObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Str; }
    explicit StrObject(std::string s)
        : value(std::move(s))
    {
    }
    std::string_view typeName() const override { return "str"; }
    std::string value;
};

class TupleObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Tuple; }
    explicit TupleObject(std::vector<Value> v)
        : items(std::move(v))
    {
    }
    ~TupleObject() override;
    std::string_view typeName() const override { return "tuple"; }
    std::vector<Value> items;
};

class ListObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::List; }
    explicit ListObject(std::vector<Value> v)
        : items(std::move(v))
    {
    }
    ~ListObject() override;
    std::string_view typeName() const override { return "list"; }
    std::vector<Value> items;
};

/// Insertion-ordered dict keyed by hashable Values (Python's equality: 1 == 1.0 == True).
class DictObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Dict; }
    DictObject() = default;
    ~DictObject() override;
    std::string_view typeName() const override { return "dict"; }

    /// The value for `key`, or null. Raises TypeError for an unhashable key.
    Value *find(const Value &key);
    const Value *find(const Value &key) const;
    /// d[key] = value (keeps the original position of an existing key).
    void set(const Value &key, Value value);
    /// Convenience for string keys.
    void set(std::string_view key, Value value)
    {
        set(Value::str(std::string(key)), std::move(value));
    }
    const Value *find(std::string_view key) const;
    /// Removes `key`; false if absent.
    bool erase(const Value &key);
    std::size_t size() const { return m_live; }
    void clear();
    /// Live entries in insertion order.
    std::vector<std::pair<Value, Value>> items() const;
    std::vector<Value> keys() const;
    /// Calls fn(key, value) for every live entry in order (no mutation during the walk).
    template <class F> void forEach(F &&fn) const
    {
        for (const Entry &e : m_entries)
            if (e.alive)
                fn(e.key, e.value);
    }

private:
    struct Entry
    {
        Value key, value;
        bool alive = true;
    };
    void compact();
    std::vector<Entry> m_entries;
    std::unordered_map<Value, std::size_t, ValueHash, ValueEq> m_index;
    std::size_t m_live = 0;
};

/// A set of hashable Values; iterates in insertion order.
class SetObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Set; }
    std::string_view typeName() const override { return "set"; }
    bool contains(const Value &v) const;
    /// False if already present.
    bool add(const Value &v);
    bool erase(const Value &v);
    std::size_t size() const { return m_dict.size(); }
    std::vector<Value> items() const { return m_dict.keys(); }
    void clear() { m_dict.clear(); }

private:
    DictObject m_dict;
};

class RangeObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Range; }
    RangeObject(std::int64_t start, std::int64_t stop, std::int64_t step)
        : start(start)
        , stop(stop)
        , step(step)
    {
    }
    std::string_view typeName() const override { return "range"; }
    std::int64_t size() const;
    std::int64_t at(std::int64_t i) const { return start + i * step; }
    std::int64_t start, stop, step;
};

class SliceObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Slice; }
    std::string_view typeName() const override { return "slice"; }
    Value lower, upper, step; ///< each may be None
    /// Python's slice.indices(length): start, stop, step clamped; raises ValueError on step 0.
    void
    indices(std::int64_t length, std::int64_t &start, std::int64_t &stop, std::int64_t &step) const;
    /// Number of elements selected from a sequence of `length`.
    static std::int64_t sliceLength(std::int64_t start, std::int64_t stop, std::int64_t step);
};

struct FunctionInfo;

/// A user `def` or `lambda`: its code, defaults and closure cells. Library decorators
/// (`triton.jit`) read `def()` and look up names the body uses with `lookupGlobal`.
class FunctionObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Function; }
    std::string_view typeName() const override { return "function"; }
    std::string repr() const override;
    bool callable() const override { return true; }
    /// The function's name ("<lambda>" for lambdas).
    std::string name;
    /// The FunctionDef, or null for a lambda.
    const ast::FunctionDef *def() const { return m_def; }
    const ast::Lambda *lambda() const { return m_lambda; }
    /// The span of the `def` header (name) or the lambda.
    SourceSpan span() const;
    /// A module-level name as the function body sees it (globals, then builtins), or nullopt.
    std::optional<Value> lookupGlobal(std::string_view name) const;

    // Interpreter-owned state.
    const ast::FunctionDef *m_def = nullptr;
    const ast::Lambda *m_lambda = nullptr;
    const FunctionInfo *m_info = nullptr;
    std::vector<Value> m_defaults; ///< one per parameter (None where absent)
    std::vector<bool> m_hasDefault;
    std::vector<std::shared_ptr<Value>> m_closure; ///< free-variable cells
    std::shared_ptr<ModuleObject> m_globals;
    Interpreter *m_interp = nullptr;
};

/// A C++ function, optionally bound to a receiver (then it prints as a method).
class BuiltinObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Builtin; }
    BuiltinObject(std::string name, BuiltinFn fn)
        : name(std::move(name))
        , fn(std::move(fn))
    {
    }
    std::string_view typeName() const override { return "builtin_function_or_method"; }
    std::string repr() const override;
    bool callable() const override { return true; }
    std::string name;
    BuiltinFn fn;
    /// Set for methods: the receiver's type name, for messages ("list.append").
    std::string ownerType;
};

/// A module object (`torch`, `triton.language`, the running program's own globals): an
/// insertion-ordered attribute table.
class ModuleObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Module; }
    explicit ModuleObject(std::string name)
        : name(std::move(name))
    {
    }
    std::string_view typeName() const override { return "module"; }
    std::string repr() const override { return "<module '" + name + "'>"; }
    std::optional<Value> getAttr(std::string_view attr) override;
    bool setAttr(std::string_view attr, const Value &value) override;
    /// The attribute, or null.
    const Value *find(std::string_view attr) const;
    void set(std::string_view attr, Value value);
    bool erase(std::string_view attr);
    /// Attributes in definition order (test discovery walks the globals this way).
    std::vector<std::pair<std::string, Value>> entries() const;
    /// Stable slot of an attribute (for cached global lookups); -1 if absent.
    std::ptrdiff_t slotOf(std::string_view attr) const;
    const Value *slot(std::size_t i) const { return m_alive[i] ? &m_values[i] : nullptr; }

    std::string name;

private:
    std::deque<std::string> m_names;
    std::vector<Value> m_values;
    std::vector<bool> m_alive;
    std::unordered_map<std::string_view, std::size_t> m_index;
};

/// A type usable with isinstance / type() / except: a built-in type (int, str, list ...), an
/// exception class, or a library class (torch.Tensor: matches objects whose isInstanceOf(name)).
class TypeObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Type; }
    std::string_view typeName() const override { return "type"; }
    std::string repr() const override;
    bool callable() const override { return bool(construct); }
    Value call(CallArgs &args) override;
    std::optional<Value> getAttr(std::string_view attr) override;

    std::string name;
    /// The built-in kind this type stands for (ValueKind::Object for library classes and
    /// exception classes).
    ValueKind kind = ValueKind::Object;
    /// Exception classes: the base class (Exception for ValueError), null at BaseException.
    const TypeObject *base = nullptr;
    bool isException = false;
    /// Calling the type (int("3"), ValueError("msg"), torch.Tensor is not callable: empty).
    BuiltinFn construct;
    /// Class attributes of library classes (static methods: TensorDescriptor.from_tensor).
    std::unordered_map<std::string, Value> classAttrs;
    /// True if `sub` is this type or derives from it (exception classes).
    bool isSuperclassOf(const TypeObject &sub) const;
};

/// An exception instance: its class and constructor arguments.
class ExceptionObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Exception; }
    std::string_view typeName() const override { return type->name; }
    std::string repr() const override;
    /// str(e): the message (args[0] alone, or the args tuple).
    std::string str() const override;
    std::optional<Value> getAttr(std::string_view attr) override;
    ~ExceptionObject() override;
    std::shared_ptr<TypeObject> type;
    std::vector<Value> args;
};

/// An iterator over a precomputed sequence or a generating function.
class IteratorObject final : public Object
{
public:
    ValueKind valueKind() const override { return ValueKind::Iterator; }
    using NextFn = std::function<std::optional<Value>()>;
    explicit IteratorObject(NextFn next, std::string typeName = "iterator")
        : m_next(std::move(next))
        , m_typeName(std::move(typeName))
    {
    }
    std::string_view typeName() const override { return m_typeName; }
    std::optional<Value> iter() override { return self(); }
    std::optional<Value> next() override { return m_next ? m_next() : std::nullopt; }

private:
    NextFn m_next;
    std::string m_typeName;
};

/// Streams the elements of any iterable without copying it: lists by index (appends during
/// the loop are seen, as in Python), tuples, str (by code point), ranges, dict keys and sets
/// (a snapshot), iterators and library iterables. Raises TypeError "'int' object is not
/// iterable".
class ValueCursor
{
public:
    explicit ValueCursor(const Value &iterable);
    /// The next element into `out`; false when exhausted.
    bool next(Value &out);

private:
    enum class Mode : std::uint8_t { List, Tuple, Str, Range, Snapshot, Iterator };
    Mode m_mode = Mode::Snapshot;
    Value m_source;
    std::vector<Value> m_snapshot;
    std::int64_t m_index = 0;
    std::int64_t m_count = 0;
};

// ---------------------------------------------------------------- helpers for library code

/// Releases the values of a container being destroyed without recursing: deeply nested
/// containers (a list nested 10^6 times) are freed iteratively, not on the C++ stack. Library
/// containers of Values call it from their destructors too.
void releaseValues(std::vector<Value> &values);

/// A builtin function value.
Value makeBuiltin(std::string name, BuiltinFn fn);
/// A method bound to `self`: prints as "<built-in method name of T object>"; `fn` receives the
/// call's arguments (self is not among them; capture it).
Value makeMethod(const Object &self, std::string name, BuiltinFn fn);
/// An iterator value over `items` (typeName: "list_iterator", "generator", ...).
Value makeIterator(std::vector<Value> items, std::string typeName = "iterator");
/// A library class usable with isinstance(x, T): matches objects whose isInstanceOf(name).
Value makeLibraryType(std::string name, BuiltinFn construct = {});
/// A module object.
std::shared_ptr<ModuleObject> makeModule(std::string name);
/// A Value for an int64 that was computed in a wider type: raises OverflowError if it does not
/// fit.
Value checkedInt(long double v);

} // namespace tsm::host
