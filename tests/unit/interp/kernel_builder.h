#pragma once
// A small IR builder for the interpreter's tests and benchmarks: kernels written op by op the
// way sema would produce them (splats and casts explicit), with nested regions.

#include "core/interp/interp_backend.h"
#include "core/ir/ir.h"
#include "core/tensor/storage.h"

#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tsm::interp::test {

using ir::OpCode;
using ir::Type;
using ir::ValueId;
using Shape = std::vector<std::int64_t>;

inline Type scalarT(DType d)
{
    return Type{d, false, {}};
}
inline Type blockT(DType d, Shape s)
{
    return Type{d, false, std::move(s)};
}
inline Type ptrT(DType d, Shape s = {})
{
    return Type{d, true, std::move(s)};
}

class KernelBuilder
{
public:
    explicit KernelBuilder(std::string name = "kernel")
    {
        m_kernel = std::make_shared<ir::Kernel>();
        m_kernel->name = std::move(name);
        m_regions.push_back(&m_kernel->body);
    }

    ir::Kernel &kernel() { return *m_kernel; }
    std::shared_ptr<const ir::Kernel> finish() { return m_kernel; }
    const Type &type(ValueId v) const { return m_kernel->type(v); }

    ValueId param(std::string name, Type t)
    {
        const ValueId v = m_kernel->newValue(t, name);
        m_kernel->params.push_back({name, {}, v, false});
        return v;
    }
    void constexprParam(std::string name)
    {
        m_kernel->params.push_back({name, {}, ir::kNoValue, true});
    }

    /// Appends an op with one result of type `t` (none when t is nullopt-like: use emit0).
    ValueId emit(OpCode code,
                 std::vector<ValueId> in,
                 Type t,
                 std::function<void(ir::Op &)> attrs = {},
                 SourceSpan span = {})
    {
        ir::Op &o = ir::appendOp(*m_regions.back(), code, span);
        o.operands = std::move(in);
        if (attrs)
            attrs(o);
        const ValueId v = m_kernel->newValue(std::move(t));
        m_regions.back()->ops.back().results = {v};
        return v;
    }
    void emit0(OpCode code,
               std::vector<ValueId> in,
               std::function<void(ir::Op &)> attrs = {},
               SourceSpan span = {})
    {
        ir::Op &o = ir::appendOp(*m_regions.back(), code, span);
        o.operands = std::move(in);
        if (attrs)
            attrs(o);
    }

    // ---- common ops ----
    ValueId constI(std::int64_t v, DType d = DType::I32, Shape s = {})
    {
        return emit(
            OpCode::Constant, {}, Type{d, false, std::move(s)}, [v](ir::Op &o) { o.i = v; });
    }
    ValueId constF(double v, DType d = DType::F32, Shape s = {})
    {
        return emit(
            OpCode::Constant, {}, Type{d, false, std::move(s)}, [v](ir::Op &o) { o.f = v; });
    }
    ValueId pid(int axis = 0)
    {
        return emit(OpCode::ProgramId, {}, scalarT(DType::I32), [axis](ir::Op &o) { o.i = axis; });
    }
    ValueId range(std::int64_t start, std::int64_t end)
    {
        return emit(OpCode::MakeRange, {}, blockT(DType::I32, {end - start}), [=](ir::Op &o) {
            o.ints = {start, end};
        });
    }
    ValueId splat(ValueId v, Shape s)
    {
        Type t = type(v);
        t.shape = std::move(s);
        return emit(OpCode::Splat, {v}, t);
    }
    ValueId broadcast(ValueId v, Shape s)
    {
        Type t = type(v);
        t.shape = std::move(s);
        return emit(OpCode::Broadcast, {v}, t);
    }
    ValueId expandDims(ValueId v, int axis)
    {
        Type t = type(v);
        t.shape.insert(t.shape.begin() + axis, 1);
        return emit(OpCode::ExpandDims, {v}, t, [axis](ir::Op &o) { o.i = axis; });
    }
    ValueId permute(ValueId v, std::vector<std::int64_t> order)
    {
        Type t = type(v);
        Shape s;
        for (std::int64_t k : order)
            s.push_back(t.shape[std::size_t(k)]);
        t.shape = s;
        return emit(OpCode::Permute, {v}, t, [order](ir::Op &o) { o.ints = order; });
    }
    ValueId bin(OpCode c, ValueId a, ValueId b, std::int64_t attr = 0)
    {
        return emit(c, {a, b}, type(a), [attr](ir::Op &o) { o.i = attr; });
    }
    ValueId un(OpCode c, ValueId a) { return emit(c, {a}, type(a)); }
    ValueId cmp(int pred, ValueId a, ValueId b)
    {
        Type t = type(a);
        t.dtype = DType::I1;
        t.pointer = false;
        return emit(OpCode::Cmp, {a, b}, t, [pred](ir::Op &o) { o.i = pred; });
    }
    ValueId select(ValueId c, ValueId a, ValueId b)
    {
        return emit(OpCode::Select, {c, a, b}, type(a));
    }
    ValueId math(const char *fn, std::vector<ValueId> in)
    {
        Type t = type(in[0]);
        return emit(OpCode::Math, std::move(in), t, [fn](ir::Op &o) { o.str = fn; });
    }
    ValueId cast(ValueId v, DType d, int rounding = 0)
    {
        Type t = type(v);
        t.dtype = d;
        return emit(OpCode::Cast, {v}, t, [rounding](ir::Op &o) { o.i = rounding; });
    }
    ValueId bitcast(ValueId v, DType d)
    {
        Type t = type(v);
        t.dtype = d;
        return emit(OpCode::Bitcast, {v}, t);
    }
    ValueId addptr(ValueId p, ValueId off) { return emit(OpCode::AddPtr, {p, off}, type(p)); }
    ValueId
    load(ValueId p, ValueId mask = ir::kNoValue, ValueId other = ir::kNoValue, SourceSpan span = {})
    {
        std::vector<ValueId> in{p};
        if (mask != ir::kNoValue)
            in.push_back(mask);
        if (other != ir::kNoValue)
            in.push_back(other);
        return emit(OpCode::Load, in, type(p).pointee(), {}, span);
    }
    void store(ValueId p, ValueId v, ValueId mask = ir::kNoValue, SourceSpan span = {})
    {
        std::vector<ValueId> in{p, v};
        if (mask != ir::kNoValue)
            in.push_back(mask);
        emit0(OpCode::Store, in, {}, span);
    }
    /// `ptrScalar + offsets` as a block of pointers.
    ValueId ptrs(ValueId ptrScalar, ValueId offsets)
    {
        return addptr(splat(ptrScalar, type(offsets).shape), offsets);
    }

    /// Reduce / Scan of one operand whose combine region is `combine(acc, x)` (scalars).
    ValueId reduceLike(OpCode code,
                       ValueId x,
                       int axis,
                       std::function<ValueId(ValueId, ValueId)> combine,
                       std::uint32_t flags = 0)
    {
        Type t = type(x);
        Type rt = t;
        if (code == OpCode::Reduce)
            rt.shape.erase(rt.shape.begin() + axis);
        ir::Op &o = ir::appendOp(*m_regions.back(), code);
        o.operands = {x};
        o.i = axis;
        o.flags = flags;
        o.regions.resize(1);
        const ValueId res = m_kernel->newValue(rt);
        o.results = {res};
        ir::Region *region = &o.regions[0];
        const ValueId acc = m_kernel->newValue(t.scalar());
        const ValueId xv = m_kernel->newValue(t.scalar());
        region->args = {acc, xv};
        m_regions.push_back(region);
        const ValueId r = combine(acc, xv);
        emit0(OpCode::Yield, {r});
        m_regions.pop_back();
        return res;
    }
    ValueId reduce(ValueId x, int axis, OpCode c, std::int64_t attr = 0)
    {
        return reduceLike(
            OpCode::Reduce, x, axis, [&](ValueId a, ValueId b) { return bin(c, a, b, attr); });
    }

    /// Appends an op with regions; `body(k)` fills region k, whose args are given.
    ir::Op &regionOp(OpCode code,
                     std::vector<ValueId> in,
                     std::vector<Type> results,
                     std::vector<std::vector<Type>> regionArgs,
                     std::function<void(std::size_t, const std::vector<ValueId> &)> body)
    {
        ir::Region &parent = *m_regions.back();
        const std::size_t index = parent.ops.size();
        {
            ir::Op &o = ir::appendOp(parent, code);
            o.operands = std::move(in);
            for (Type &t : results)
                o.results.push_back(m_kernel->newValue(t));
            o.regions.resize(regionArgs.size());
        }
        for (std::size_t k = 0; k < regionArgs.size(); ++k) {
            std::vector<ValueId> args;
            for (Type &t : regionArgs[k])
                args.push_back(m_kernel->newValue(t));
            parent.ops[index].regions[k].args = args;
            m_regions.push_back(&parent.ops[index].regions[k]);
            body(k, args);
            m_regions.pop_back();
        }
        return parent.ops[index];
    }

private:
    std::shared_ptr<ir::Kernel> m_kernel;
    std::vector<ir::Region *> m_regions;
};

// ---- launching ----

inline tensor::StoragePtr storageOf(const void *data, std::size_t bytes, std::string label)
{
    auto s = std::make_shared<tensor::Storage>(bytes);
    if (data)
        std::memcpy(s->data(), data, bytes);
    s->setLabel(std::move(label));
    return s;
}

template <class T> tensor::StoragePtr storageOf(const std::vector<T> &v, std::string label)
{
    return storageOf(v.data(), v.size() * sizeof(T), std::move(label));
}

template <class T> std::vector<T> contents(const tensor::StoragePtr &s)
{
    std::vector<T> v(s->size() / sizeof(T));
    std::memcpy(v.data(), s->data(), v.size() * sizeof(T));
    return v;
}

inline LaunchArg ptrArg(tensor::StoragePtr s, std::int64_t byteOffset = 0)
{
    LaunchArg a;
    a.kind = LaunchArg::Kind::Pointer;
    a.storage = std::move(s);
    a.byteOffset = byteOffset;
    return a;
}
inline LaunchArg intArg(std::int64_t v)
{
    LaunchArg a;
    a.kind = LaunchArg::Kind::Int;
    a.i = v;
    return a;
}
inline LaunchArg floatArg(double v)
{
    LaunchArg a;
    a.kind = LaunchArg::Kind::Float;
    a.f = v;
    return a;
}
inline LaunchArg constexprArg()
{
    return LaunchArg{};
}

/// Compiles and launches; returns false (diagnostics in `diags`) on failure.
struct LaunchResult
{
    bool ok = false;
    DiagnosticSink diags;
    std::vector<std::string> prints;
    std::vector<std::array<std::int64_t, 3>> printPids;
};

inline LaunchResult runKernel(std::shared_ptr<const ir::Kernel> k,
                              Grid grid,
                              std::vector<LaunchArg> args,
                              InterpOptions options = {},
                              const std::atomic<bool> *cancel = nullptr)
{
    LaunchResult r;
    InterpBackend backend(options);
    std::shared_ptr<CompiledKernel> compiled = backend.compile(k, r.diags);
    if (!compiled)
        return r;
    LaunchContext ctx{r.diags, {}, cancel};
    ctx.devicePrint = [&](std::int64_t x, std::int64_t y, std::int64_t z, std::string_view text) {
        r.prints.emplace_back(text);
        r.printPids.push_back({x, y, z});
    };
    r.ok = backend.launch(*compiled, grid, args, ctx);
    return r;
}

} // namespace tsm::interp::test
