#pragma once
// What a Python expression denotes while the Specializer walks a kernel: a compile-time value
// (constexpr number, string, dtype, None), a runtime IR value (scalar or block), a tuple of
// values, or a reference to a @triton.jit function, a Triton builtin or a module.

#include "core/ir/ir.h"
#include "core/sema/signature.h"
#include "core/syntax/ast.h"

#include <memory>
#include <string>
#include <vector>

namespace tsm::sema {

struct KValue
{
    enum class Kind : std::uint8_t {
        Invalid, ///< an error was already reported for it; uses stay silent
        Const,   ///< `c` (a dtype when c.kind == DType; `pointerType` marks pointer_type(c.dtype))
        Tensor,  ///< the IR value `v`
        Tuple,   ///< `elts` (tuples and lists)
        JitFunction, ///< the module-level @triton.jit function `fn`
        Builtin,     ///< the builtin `name` ("tl.load", "py.range", "tl.PropagateNan")
        Module,      ///< the module with dotted path `name`
        Method,      ///< `self.name` bound to the receiver `self`
        BlockPtr,    ///< tl.make_block_ptr: elts = {base, (shape..), (strides..), (offsets..),
                     ///< (block_shape..), (order..)}; lowered to pointer blocks at each use
        TensorDesc,  ///< tl.make_tensor_descriptor: elts = {base, (shape i32..), (strides i64..),
                     ///< (block_shape..), padding string}; lowered to masked pointer blocks
    };
    Kind kind = Kind::Invalid;
    ConstValue c;
    bool pointerType = false;
    ir::ValueId v = ir::kNoValue;
    std::vector<KValue> elts;
    const ast::FunctionDef *fn = nullptr;
    std::string name;
    std::shared_ptr<const KValue> self;

    static KValue invalid() { return {}; }
    static KValue constant(ConstValue c)
    {
        KValue k;
        k.kind = Kind::Const;
        k.c = std::move(c);
        return k;
    }
    static KValue tensor(ir::ValueId v)
    {
        KValue k;
        k.kind = Kind::Tensor;
        k.v = v;
        return k;
    }
    static KValue tuple(std::vector<KValue> elts)
    {
        KValue k;
        k.kind = Kind::Tuple;
        k.elts = std::move(elts);
        return k;
    }
    static KValue jit(const ast::FunctionDef *fn)
    {
        KValue k;
        k.kind = Kind::JitFunction;
        k.fn = fn;
        return k;
    }
    static KValue builtin(std::string name)
    {
        KValue k;
        k.kind = Kind::Builtin;
        k.name = std::move(name);
        return k;
    }
    static KValue module(std::string path)
    {
        KValue k;
        k.kind = Kind::Module;
        k.name = std::move(path);
        return k;
    }
    static KValue method(KValue self, std::string name)
    {
        KValue k;
        k.kind = Kind::Method;
        k.name = std::move(name);
        k.self = std::make_shared<const KValue>(std::move(self));
        return k;
    }

    bool isInvalid() const { return kind == Kind::Invalid; }
    bool isConst() const { return kind == Kind::Const; }
    bool isTensor() const { return kind == Kind::Tensor; }
    bool isNone() const { return kind == Kind::Const && c.kind == ConstValue::Kind::None; }
    bool isDType() const { return kind == Kind::Const && c.kind == ConstValue::Kind::DType; }
    /// Same value (same IR value, equal constants, element-wise for tuples).
    bool sameAs(const KValue &o) const
    {
        if (kind != o.kind)
            return false;
        switch (kind) {
        case Kind::Const:
            return c == o.c && pointerType == o.pointerType;
        case Kind::Tensor:
            return v == o.v;
        case Kind::Tuple:
            if (elts.size() != o.elts.size())
                return false;
            for (std::size_t i = 0; i < elts.size(); ++i)
                if (!elts[i].sameAs(o.elts[i]))
                    return false;
            return true;
        case Kind::JitFunction:
            return fn == o.fn;
        case Kind::Builtin:
        case Kind::Module:
            return name == o.name;
        default:
            return false;
        }
    }
};

} // namespace tsm::sema
