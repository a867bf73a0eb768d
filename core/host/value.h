#pragma once
// The harness interpreter's values. A Value is a small tagged handle: None, bool, int and float
// live inline; everything else is a reference-counted Object (object.h) shared on copy, as
// Python shares objects. Library modules (torch, triton, numpy) add their own Object kinds.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::host {

class Object;
class StrObject;
class TupleObject;
class ListObject;
class DictObject;
class SetObject;
class RangeObject;
class SliceObject;
class FunctionObject;
class BuiltinObject;
class ModuleObject;
class TypeObject;
class ExceptionObject;
class CallArgs;

/// The built-in Python types the interpreter knows; library objects are `Object`.
enum class ValueKind : std::uint8_t {
    None,
    Bool,
    Int, ///< int64; arithmetic that leaves the range raises OverflowError
    Float,
    Str,
    Tuple,
    List,
    Dict, ///< insertion-ordered
    Set,
    Range,
    Slice,
    Function, ///< a user `def` or `lambda` with its closure
    Builtin,  ///< a C++ callable (builtins, methods of built-in types, library functions)
    Module,
    Type,      ///< int, str, list, ValueError, torch.Tensor ... (usable in isinstance / except)
    Exception, ///< an exception instance (`except E as e`)
    Iterator,  ///< zip, enumerate, map, iter(), generator expressions (evaluated eagerly)
    Ellipsis,
    Object ///< a library object (tensor, dtype, kernel, Config ...)
};

class Value
{
public:
    /// None.
    Value() = default;

    static Value none() { return Value(); }
    static Value boolean(bool b);
    static Value integer(std::int64_t i);
    static Value real(double d);
    static Value str(std::string s);
    static Value tuple(std::vector<Value> items);
    static Value list(std::vector<Value> items);
    /// An empty dict / set; fill them through asDict() / asSet().
    static Value dict();
    static Value set();
    static Value ellipsis();
    /// Wraps a heap object; the kind comes from the object (library objects: ValueKind::Object).
    static Value fromObject(std::shared_ptr<Object> object);
    /// Convenience for library objects: `Value::make<TensorObject>(args...)`.
    template <class T, class... A> static Value make(A &&...args)
    {
        return fromObject(std::make_shared<T>(std::forward<A>(args)...));
    }

    ValueKind kind() const { return m_kind; }
    bool isNone() const { return m_kind == ValueKind::None; }
    bool isBool() const { return m_kind == ValueKind::Bool; }
    /// int proper (not bool).
    bool isInt() const { return m_kind == ValueKind::Int; }
    /// bool or int (Python's bool is an int).
    bool isIntLike() const { return m_kind == ValueKind::Int || m_kind == ValueKind::Bool; }
    bool isFloat() const { return m_kind == ValueKind::Float; }
    /// bool, int or float.
    bool isNumber() const { return isIntLike() || isFloat(); }
    bool isStr() const { return m_kind == ValueKind::Str; }
    bool isObject() const { return m_kind == ValueKind::Object; }

    /// Unchecked accessors: call only after testing the kind.
    bool asBool() const { return m_int != 0; }
    /// bool or int as int64.
    std::int64_t asInt() const { return m_int; }
    double asFloat() const { return m_float; }
    /// bool / int / float as a double.
    double asNumber() const { return isFloat() ? m_float : double(m_int); }
    const std::string &asStr() const;
    TupleObject &asTuple() const;
    ListObject &asList() const;
    DictObject &asDict() const;
    SetObject &asSet() const;
    RangeObject &asRange() const;
    SliceObject &asSlice() const;
    FunctionObject &asFunction() const;
    BuiltinObject &asBuiltin() const;
    ModuleObject &asModule() const;
    TypeObject &asType() const;
    ExceptionObject &asException() const;

    /// The heap object, or null for None / bool / int / float.
    Object *object() const { return m_obj.get(); }
    const std::shared_ptr<Object> &objectPtr() const { return m_obj; }
    /// Moves the heap object out, leaving None (iterative destruction of deep containers).
    std::shared_ptr<Object> takeObject()
    {
        m_kind = ValueKind::None;
        m_int = 0;
        return std::move(m_obj);
    }
    /// The heap object as T (a library class), or null if it is something else.
    template <class T> T *as() const { return dynamic_cast<T *>(m_obj.get()); }
    template <class T> std::shared_ptr<T> asShared() const
    {
        return std::dynamic_pointer_cast<T>(m_obj);
    }

    /// Python's type name: "int", "str", "NoneType", "function", "Tensor" ...
    std::string_view typeName() const;
    /// `a is b`: same object, or equal inline scalars of the same kind.
    bool is(const Value &other) const;

private:
    ValueKind m_kind = ValueKind::None;
    union
    {
        std::int64_t m_int = 0;
        double m_float;
    };
    std::shared_ptr<Object> m_obj;
};

/// A keyword argument of a call.
struct Kwarg
{
    std::string name;
    Value value;
};

// ---- Python protocols on any value (raise PyException on misuse, with CPython's messages) ----

/// bool(v).
bool truthy(const Value &v);
/// v == w (numbers across kinds, containers element-wise, objects through their hooks).
bool valuesEqual(const Value &v, const Value &w);
/// hash(v); raises TypeError "unhashable type: 'list'".
std::size_t hashValue(const Value &v);
/// `operator.index(v)`: bool / int / an object with an integer scalar; else TypeError
/// "'float' object cannot be interpreted as an integer".
std::int64_t toIndex(const Value &v);
/// A real number as a double (bool / int / float / an object with a scalar); else TypeError
/// "must be real number, not str".
double toDouble(const Value &v);
/// Every element of an iterable (list, tuple, str, dict keys, set, range, iterator, object).
std::vector<Value> iterateToVector(const Value &iterable);
/// len(v); raises TypeError "object of type 'int' has no len()".
std::int64_t lengthOf(const Value &v);

/// Raises MemoryError if a container of `n` elements (or a string of `n` bytes) exceeds the
/// interpreter's limit (InterpreterOptions::maxContainerSize).
void checkContainerSize(std::int64_t n);
/// The current limit (set by the running Interpreter).
std::int64_t containerLimit();
void setContainerLimit(std::int64_t n);

/// Hash and equality functors for unordered containers keyed by Value (Python's rules).
struct ValueHash
{
    std::size_t operator()(const Value &v) const { return hashValue(v); }
};
struct ValueEq
{
    bool operator()(const Value &a, const Value &b) const { return a.is(b) || valuesEqual(a, b); }
};

} // namespace tsm::host
