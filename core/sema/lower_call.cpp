// Names, attributes and calls: module imports and globals, @triton.jit inlining, builtin
// dispatch with arguments bound to builtins.def signatures, tensor and dtype methods.

#include "core/sema/builtin_registry.h"
#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

#include <algorithm>

namespace tsm::sema {

using ir::kNoValue;
using ir::ValueId;

namespace {

bool isJitDecorated(const ast::FunctionDef *fn)
{
    for (const ast::Expr *d : fn->decorators) {
        const ast::Expr *e = d;
        if (const auto *c = ast::dynCast<ast::Call>(e))
            e = c->func;
        if (const auto *n = ast::dynCast<ast::Name>(e); n && n->id == "jit")
            return true;
        if (const auto *a = ast::dynCast<ast::Attribute>(e); a && a->attr == "jit")
            return true;
    }
    return false;
}

bool isConstexprAnnotation(const ast::Expr *ann)
{
    if (!ann)
        return false;
    if (const auto *a = ast::dynCast<ast::Attribute>(ann))
        return a->attr == "constexpr";
    if (const auto *n = ast::dynCast<ast::Name>(ann))
        return n->id == "constexpr";
    if (const auto *c = ast::dynCast<ast::Constant>(ann))
        return c->str.find("constexpr") != std::string::npos;
    return false;
}

const char *const kPythonBuiltins[]
    = {"range", "min", "max", "len", "int", "float", "bool", "print", "abs", "isinstance"};

} // namespace

void Lowerer::collectModule()
{
    std::function<void(const ast::StmtList &)> walk = [&](const ast::StmtList &body) {
        for (const ast::Stmt *s : body) {
            if (const auto *imp = ast::dynCast<ast::Import>(s)) {
                for (const ast::Alias &a : imp->names) {
                    if (!a.asname.name.empty())
                        m_imports.emplace(std::string(a.asname.name), a.name);
                    else
                        m_imports.emplace(a.name.substr(0, a.name.find('.')),
                                          a.name.substr(0, a.name.find('.')));
                }
            } else if (const auto *from = ast::dynCast<ast::ImportFrom>(s)) {
                for (const ast::Alias &a : from->names) {
                    if (a.name == "*")
                        continue;
                    const std::string bound
                        = a.asname.name.empty() ? a.name : std::string(a.asname.name);
                    m_imports.emplace(bound, from->module + "." + a.name);
                }
            } else if (const auto *fn = ast::dynCast<ast::FunctionDef>(s)) {
                m_functions.emplace(std::string(fn->name), fn);
            } else if (const auto *i = ast::dynCast<ast::If>(s)) {
                walk(i->body);
                walk(i->orelse);
            } else if (const auto *t = ast::dynCast<ast::Try>(s)) {
                walk(t->body);
                for (const auto &h : t->handlers)
                    walk(h.body);
            }
        }
    };
    walk(m_source.module.body);
}

KValue Lowerer::evalModuleExpr(const ast::Expr *e)
{
    Frame f;
    f.isModule = true;
    m_frames.push_back(std::move(f));
    KValue v = lowerExpr(e);
    m_frames.pop_back();
    return v;
}

namespace {

KValue resolveModulePath(Lowerer &l, const std::string &path, SourceSpan span)
{
    if (auto m = builtinModuleFromPath(path))
        return KValue::module(std::string(builtinModulePath(*m)));
    const auto dot = path.rfind('.');
    if (dot != std::string::npos) {
        KValue parent = resolveModulePath(l, path.substr(0, dot), span);
        if (parent.kind == KValue::Kind::Module && builtinModuleFromPath(parent.name))
            return l.attribute(parent, path.substr(dot + 1), span);
    }
    return KValue::module(path);
}

} // namespace

KValue Lowerer::lookupName(std::string_view name, SourceSpan span)
{
    for (auto it = m_frames.rbegin(); it != m_frames.rend(); ++it) {
        if (auto v = it->vars.find(name); v != it->vars.end())
            return v->second;
        if (it->fn || it->isModule)
            break; // a function's locals end its scope chain (no closures in kernels)
    }
    if (auto f = m_functions.find(name); f != m_functions.end()) {
        if (isJitDecorated(f->second))
            return KValue::jit(f->second);
        error(DiagKind::KernelTypeError,
              span,
              {"'" + std::string(name)
               + "' is not a @triton.jit function; kernels can only call "
                 "@triton.jit functions and Triton builtins"});
        return KValue::invalid();
    }
    if (auto i = m_imports.find(name); i != m_imports.end())
        return resolveModulePath(*this, i->second, span);
    if (m_source.globalValue) {
        if (auto g = m_source.globalValue(name))
            return KValue::constant(*g);
    }
    // A module-level constant the harness did not evaluate: `BLOCK = 128`, `X: tl.constexpr = 4`.
    for (const ast::Stmt *s : m_source.module.body) {
        const ast::Expr *value = nullptr;
        if (const auto *a = ast::dynCast<ast::Assign>(s); a && a->targets.size() == 1) {
            if (const auto *n = ast::dynCast<ast::Name>(a->targets[0]); n && n->id == name)
                value = a->value;
        } else if (const auto *an = ast::dynCast<ast::AnnAssign>(s)) {
            if (const auto *n = ast::dynCast<ast::Name>(an->target); n && n->id == name)
                value = an->value;
        }
        if (value && m_frames.size() < 48) {
            KValue v = evalModuleExpr(value);
            if (v.isConst() || v.isDType())
                return v;
        }
    }
    for (const char *b : kPythonBuiltins)
        if (name == b)
            return KValue::builtin("py." + std::string(name));
    error(DiagKind::UndefinedName, span, {std::string(name)});
    return KValue::invalid();
}

KValue Lowerer::attribute(const KValue &base, std::string_view attr, SourceSpan span)
{
    const std::string a(attr);
    switch (base.kind) {
    case KValue::Kind::Module: {
        if (auto child = builtinModuleFromPath(base.name + "." + a))
            return KValue::module(std::string(builtinModulePath(*child)));
        auto mod = builtinModuleFromPath(base.name);
        if (!mod) {
            error(DiagKind::UnsupportedKernelFeature,
                  span,
                  {"module '" + base.name + "' inside a kernel"});
            return KValue::invalid();
        }
        const BuiltinInfo *info = findBuiltin(*mod, a);
        if (*mod == BuiltinModule::Triton) {
            if (a == "cdiv")
                return KValue::builtin("tl.cdiv");
            return KValue::builtin("triton." + a);
        }
        if (*mod == BuiltinModule::TritonLanguage) {
            if (info && info->kind == BuiltinKind::Dtype) {
                if (auto d = parseDType(a); d && a != "void")
                    return KValue::constant(ConstValue::ofDType(*d));
                error(DiagKind::UnsupportedKernelFeature, span, {"the dtype tl." + a});
                return KValue::invalid();
            }
            if (!info && !a.starts_with("_")) {
                error(DiagKind::KernelTypeError,
                      span,
                      {"module 'triton.language' has no attribute '" + a + "'"});
                return KValue::invalid();
            }
            return KValue::builtin("tl." + a);
        }
        if (*mod == BuiltinModule::TritonLanguageMath)
            return KValue::builtin("math." + a);
        if (*mod == BuiltinModule::Libdevice)
            return KValue::builtin("libdevice." + a);
        error(DiagKind::UnsupportedKernelFeature, span, {base.name + "." + a + " inside a kernel"});
        return KValue::invalid();
    }
    case KValue::Kind::TensorDesc:
        return tensorDescAttribute(*this, base, std::string(a), span);
    case KValue::Kind::Builtin:
        if (base.name == "tl.PropagateNan" && (a == "ALL" || a == "NONE"))
            return KValue::constant(ConstValue::ofInt(a == "ALL" ? 1 : 0));
        break;
    case KValue::Kind::Tensor: {
        const ir::Type t = typeOf(base.v);
        // A scalar's .type is its dtype (Out.type.element_ty on a pointer argument, as
        // Triton's tutorials write it); a block's is a block type, not modelled.
        if (a == "dtype" || (a == "type" && t.isScalar())) {
            KValue d = KValue::constant(ConstValue::ofDType(t.dtype));
            d.pointerType = t.pointer;
            return d;
        }
        if (a == "type") {
            error(DiagKind::UnsupportedKernelFeature, span, {"the .type of a block (use .dtype)"});
            return KValue::invalid();
        }
        if (a == "shape") {
            std::vector<KValue> dims;
            for (std::int64_t d : t.shape)
                dims.push_back(KValue::constant(ConstValue::ofInt(d)));
            return KValue::tuple(std::move(dims));
        }
        if (a == "numel")
            return KValue::constant(ConstValue::ofInt(t.numElements()));
        if (a == "T")
            return callBuiltin("tl.trans", {base}, {span}, {}, {}, span);
        return KValue::method(base, a);
    }
    case KValue::Kind::Const:
        if (base.isDType()) {
            const DType d = base.c.dtype;
            if (a == "element_ty" && base.pointerType)
                return KValue::constant(ConstValue::ofDType(d));
            if (a == "primitive_bitwidth" && !base.pointerType)
                return KValue::constant(ConstValue::ofInt(dtypeBits(d)));
            if (a == "int_bitwidth" && !base.pointerType && !isFloat(d))
                return KValue::constant(ConstValue::ofInt(dtypeBits(d)));
            if (a == "name")
                return KValue::constant(ConstValue::ofString(std::string(dtypeName(d))));
            return KValue::method(base, a);
        }
        break;
    default:
        break;
    }
    error(DiagKind::KernelTypeError, span, {describe(base) + " has no attribute '" + a + "'"});
    return KValue::invalid();
}

KValue Lowerer::call(const KValue &callee,
                     std::vector<KValue> pos,
                     std::vector<SourceSpan> posSpans,
                     std::vector<std::pair<std::string, KValue>> kw,
                     std::vector<SourceSpan> kwSpans,
                     SourceSpan span)
{
    switch (callee.kind) {
    case KValue::Kind::Invalid:
        return callee;
    case KValue::Kind::JitFunction:
        return inlineJit(callee.fn, std::move(pos), std::move(kw), span);
    case KValue::Kind::Builtin:
        return callBuiltin(callee.name,
                           std::move(pos),
                           std::move(posSpans),
                           std::move(kw),
                           std::move(kwSpans),
                           span);
    case KValue::Kind::Method: {
        const KValue &self = *callee.self;
        if (self.isDType()) {
            const DType d = self.c.dtype;
            const bool ptr = self.pointerType;
            const std::string &m = callee.name;
            std::optional<bool> r;
            if (m == "is_ptr")
                r = ptr;
            else if (ptr)
                r = false;
            else if (m == "is_floating")
                r = isFloat(d);
            else if (m == "is_int")
                r = !isFloat(d);
            else if (m == "is_int_signed")
                r = isSigned(d);
            else if (m == "is_int_unsigned")
                r = isUnsigned(d) || d == DType::I1;
            else if (m == "is_bool" || m == "is_int1")
                r = d == DType::I1;
            else if (m == "is_fp16")
                r = d == DType::F16;
            else if (m == "is_bf16")
                r = d == DType::BF16;
            else if (m == "is_fp32")
                r = d == DType::F32;
            else if (m == "is_fp64")
                r = d == DType::F64;
            else if (m == "is_fp8")
                r = isFp8(d);
            else if (m == "is_fp8e4nv")
                r = d == DType::F8E4;
            else if (m == "is_fp8e5")
                r = d == DType::F8E5;
            if (r)
                return KValue::constant(ConstValue::ofBool(*r));
            error(DiagKind::UnsupportedKernelFeature, span, {"the dtype method '" + m + "'"});
            return KValue::invalid();
        }
        std::string name = self.kind == KValue::Kind::TensorDesc ? "desc." + callee.name
                           : callee.name == "to"                  ? "tl.cast"
                                                                  : "tl." + callee.name;
        if (!m_builtins.count(name)) {
            error(DiagKind::KernelTypeError, span, {"blocks have no method '" + callee.name + "'"});
            return KValue::invalid();
        }
        pos.insert(pos.begin(), self);
        posSpans.insert(posSpans.begin(), span);
        return callBuiltin(
            name, std::move(pos), std::move(posSpans), std::move(kw), std::move(kwSpans), span);
    }
    default:
        error(DiagKind::KernelTypeError, span, {describe(callee) + " is not callable"});
        return KValue::invalid();
    }
}

KValue Lowerer::callBuiltin(const std::string &name,
                            std::vector<KValue> pos,
                            std::vector<SourceSpan> posSpans,
                            std::vector<std::pair<std::string, KValue>> kw,
                            std::vector<SourceSpan> kwSpans,
                            SourceSpan span)
{
    auto handler = m_builtins.find(name);
    if (handler == m_builtins.end()) {
        std::string shown = name.starts_with("py.") ? name.substr(3) + "()" : name;
        error(DiagKind::UnsupportedKernelFeature, span, {shown});
        return KValue::invalid();
    }
    for (const KValue &k : pos)
        if (k.isInvalid())
            return k;
    for (const auto &k : kw)
        if (k.second.isInvalid())
            return k.second;

    BuiltinArgs args;
    args.fname = name;
    args.span = span;
    const BuiltinInfo *info = nullptr;
    if (name.starts_with("tl."))
        info = findBuiltin(BuiltinModule::TritonLanguage, std::string_view(name).substr(3));
    else if (name.starts_with("math."))
        info = findBuiltin(BuiltinModule::TritonLanguageMath, std::string_view(name).substr(5));
    else if (name.starts_with("libdevice."))
        info = findBuiltin(BuiltinModule::Libdevice, std::string_view(name).substr(10));
    std::span<const BuiltinParam> params;
    if (info)
        params = builtinParams(*info);
    if (!info) {
        // No usable signature: everything positional goes to `rest`, keywords by name.
        args.rest = std::move(pos);
        args.restSpans = std::move(posSpans);
        for (std::size_t i = 0; i < kw.size(); ++i) {
            args.names.push_back(kw[i].first);
            args.vals.emplace_back(kw[i].second);
            args.spans.push_back(kwSpans[i]);
        }
        return handler->second(*this, args);
    }
    for (const BuiltinParam &p : params) {
        if (p.varKeyword)
            continue;
        args.names.emplace_back(p.name);
        args.vals.emplace_back(std::nullopt);
        args.spans.push_back(span);
    }
    std::size_t next = 0;
    std::size_t idx = 0;
    for (const BuiltinParam &p : params) {
        if (p.varKeyword)
            continue;
        if (p.varPositional) {
            for (; next < pos.size(); ++next) {
                args.rest.push_back(pos[next]);
                args.restSpans.push_back(posSpans[next]);
            }
            ++idx;
            continue;
        }
        if (!p.keywordOnly && next < pos.size()) {
            args.vals[idx] = pos[next];
            args.spans[idx] = posSpans[next];
            ++next;
        }
        ++idx;
    }
    const std::string shown = name.substr(name.find('.') + 1);
    if (next < pos.size()) {
        error(DiagKind::KernelTypeError,
              posSpans[next],
              {shown + "() takes at most " + std::to_string(next) + " positional arguments"});
        return KValue::invalid();
    }
    for (std::size_t k = 0; k < kw.size(); ++k) {
        auto it = std::find(args.names.begin(), args.names.end(), kw[k].first);
        if (it == args.names.end()) {
            error(DiagKind::KernelTypeError,
                  kwSpans[k],
                  {shown + "() got an unexpected keyword argument '" + kw[k].first + "'"});
            return KValue::invalid();
        }
        const std::size_t i = static_cast<std::size_t>(it - args.names.begin());
        if (args.vals[i]) {
            error(DiagKind::KernelTypeError,
                  kwSpans[k],
                  {shown + "() got multiple values for argument '" + kw[k].first + "'"});
            return KValue::invalid();
        }
        args.vals[i] = kw[k].second;
        args.spans[i] = kwSpans[k];
    }
    idx = 0;
    for (const BuiltinParam &p : params) {
        if (p.varKeyword || p.varPositional) {
            idx += p.varPositional ? 1 : 0;
            continue;
        }
        if (!p.hasDefault && !args.vals[idx]) {
            error(DiagKind::KernelTypeError,
                  span,
                  {shown + "() is missing its argument '" + std::string(p.name) + "'"});
            return KValue::invalid();
        }
        ++idx;
    }
    return handler->second(*this, args);
}

KValue Lowerer::inlineJit(const ast::FunctionDef *fn,
                          std::vector<KValue> pos,
                          std::vector<std::pair<std::string, KValue>> kw,
                          SourceSpan span)
{
    for (const Frame &f : m_frames) {
        if (f.fn == fn) {
            Diagnostic &d = error(DiagKind::RecursiveJitCall, span, {std::string(fn->name)});
            note(d, fn->nameSpan, "'" + std::string(fn->name) + "' is defined here");
            return KValue::invalid();
        }
    }
    Frame f;
    f.fn = fn;
    std::size_t next = 0;
    std::vector<bool> used(kw.size(), false);
    for (const ast::Param &p : fn->params.params) {
        const std::string pname(p.name);
        std::optional<KValue> v;
        if (p.kind == ast::ParamKind::VarPositional || p.kind == ast::ParamKind::VarKeyword) {
            error(DiagKind::UnsupportedKernelFeature,
                  p.span,
                  {"*args / **kwargs in a @triton.jit function"});
            return KValue::invalid();
        }
        if (p.kind != ast::ParamKind::KeywordOnly && next < pos.size())
            v = pos[next++];
        for (std::size_t k = 0; k < kw.size(); ++k) {
            if (kw[k].first == pname) {
                if (v) {
                    error(DiagKind::KernelTypeError,
                          span,
                          {std::string(fn->name) + "() got multiple values for argument '" + pname
                           + "'"});
                    return KValue::invalid();
                }
                v = kw[k].second;
                used[k] = true;
            }
        }
        if (!v && p.defaultValue)
            v = evalModuleExpr(p.defaultValue);
        if (!v) {
            error(DiagKind::KernelTypeError,
                  span,
                  {std::string(fn->name) + "() is missing its argument '" + pname + "'"});
            return KValue::invalid();
        }
        if (isConstexprAnnotation(p.annotation) && v->isTensor()) {
            Diagnostic &d
                = error(DiagKind::NotConstexpr,
                        span,
                        {"argument '" + pname + "' of " + std::string(fn->name) + "()",
                         " (the parameter is a tl.constexpr), but it is a runtime value"});
            note(d, p.span, "declared tl.constexpr here");
            return KValue::invalid();
        }
        f.vars[pname] = *v;
        recordName(p.nameSpan, p.name, *v);
    }
    if (next < pos.size()) {
        error(DiagKind::KernelTypeError,
              span,
              {std::string(fn->name) + "() takes " + std::to_string(next)
               + " positional arguments but " + std::to_string(pos.size()) + " were given"});
        return KValue::invalid();
    }
    for (std::size_t k = 0; k < kw.size(); ++k) {
        if (!used[k]) {
            error(DiagKind::KernelTypeError,
                  span,
                  {std::string(fn->name) + "() got an unexpected keyword argument '" + kw[k].first
                   + "'"});
            return KValue::invalid();
        }
    }
    if (m_frames.size() > 64) {
        error(DiagKind::KernelTypeError, span, {"@triton.jit calls nest too deeply"});
        return KValue::invalid();
    }
    m_frames.push_back(std::move(f));
    lowerBlock(fn->body);
    KValue ret = m_frames.back().returned ? m_frames.back().returnValue
                                          : KValue::constant(ConstValue::none());
    m_frames.pop_back();
    return ret;
}

std::optional<std::vector<ValueId>>
Lowerer::callCombine(const KValue &fn, std::vector<KValue> args, SourceSpan span)
{
    std::vector<SourceSpan> spans(args.size(), span);
    KValue r = call(fn, std::move(args), std::move(spans), {}, {}, span);
    if (r.isInvalid())
        return std::nullopt;
    std::vector<KValue> flat = r.kind == KValue::Kind::Tuple ? r.elts : std::vector<KValue>{r};
    std::vector<ValueId> out;
    for (const KValue &k : flat) {
        const ValueId v = toTensor(k, span, "a combine function's result");
        if (v == kNoValue)
            return std::nullopt;
        out.push_back(v);
    }
    return out;
}

KValue Lowerer::bindTensorDescParam(ir::Param base, const ArgSpec &a, SourceSpan span)
{
    // A host TensorDescriptor is passed as several kernel parameters: its base pointer (16-byte
    // aligned, which TensorDescriptor checks), its shape (int32, as Triton passes it), and each
    // leading stride in units of 16 bytes (TensorDescriptor checks that strides are multiples
    // of 16 bytes; the unit lets axis analysis see aligned rows). The last stride is 1.
    const std::string name = base.name;
    const std::int64_t unit = 16 / std::max(1, dtypeBits(a.dtype) / 8);
    base.value = m_kernel->newValue(ir::Type{a.dtype, true, {}}, name, span);
    base.divisibleBy16 = true;
    base.tensorDescRank = int(a.blockShape.size());
    const KValue baseValue = KValue::tensor(base.value);
    m_kernel->params.push_back(std::move(base));
    auto scalarParam = [&](const std::string &pname, DType dtype, bool divisibleBy16) {
        ir::Param ip;
        ip.name = pname;
        ip.span = span;
        ip.divisibleBy16 = divisibleBy16;
        ip.value = m_kernel->newValue(ir::Type{dtype, false, {}}, pname, span);
        m_kernel->params.push_back(ip);
        return ip.value;
    };
    const std::size_t rank = a.blockShape.size();
    std::vector<KValue> shape, strides;
    for (std::size_t d = 0; d < rank; ++d)
        shape.push_back(KValue::tensor(
            scalarParam(name + "_shape" + std::to_string(d), DType::I32, (a.shapeDivisibleBy16 >> d & 1) != 0)));
    for (std::size_t d = 0; d + 1 < rank; ++d) {
        const ValueId units = scalarParam(name + "_stride" + std::to_string(d) + "_16B", DType::I64, false);
        strides.push_back(binary(ast::BinaryOp::Mult, KValue::tensor(units),
                                 KValue::constant(ConstValue::ofInt(unit)), span));
    }
    strides.push_back(KValue::tensor(constantInt(DType::I64, 1)));
    return tensorDescOf(baseValue, shape, strides, a.blockShape, a.value.s.empty() ? "zero" : a.value.s);
}

bool Lowerer::bindParams()
{
    const ast::FunctionDef &fn = m_source.function;
    const auto &params = fn.params.params;
    if (params.size() != m_signature.args.size()) {
        error(DiagKind::KernelArgumentMismatch,
              fn.nameSpan,
              {"kernel '" + std::string(fn.name) + "' has " + std::to_string(params.size())
               + " parameters but the launch signature gives "
               + std::to_string(m_signature.args.size())});
        return false;
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
        const ast::Param &p = params[i];
        const ArgSpec &a = m_signature.args[i];
        ir::Param ip;
        ip.name = std::string(p.name);
        ip.span = p.span;
        ip.divisibleBy16 = a.divisibleBy16;
        KValue v;
        const bool annotatedConstexpr = isConstexprAnnotation(p.annotation);
        if (annotatedConstexpr && a.kind != ArgSpec::Kind::Constexpr) {
            error(DiagKind::KernelArgumentMismatch,
                  p.span,
                  {"parameter '" + ip.name
                   + "' is a tl.constexpr, but the launch passes a runtime "
                     "argument for it"});
            return false;
        }
        switch (a.kind) {
        case ArgSpec::Kind::Constexpr:
            ip.isConstexpr = true;
            v = KValue::constant(a.value);
            break;
        case ArgSpec::Kind::Pointer:
            ip.value = m_kernel->newValue(ir::Type{a.dtype, true, {}}, ip.name, p.span);
            v = KValue::tensor(ip.value);
            break;
        case ArgSpec::Kind::Int:
            if (a.equalsOne) {
                v = KValue::constant(ConstValue::ofInt(1));
                break;
            }
            [[fallthrough]];
        case ArgSpec::Kind::Float:
        case ArgSpec::Kind::Bool:
            ip.value = m_kernel->newValue(ir::Type{a.dtype, false, {}}, ip.name, p.span);
            v = KValue::tensor(ip.value);
            break;
        case ArgSpec::Kind::TensorDesc:
            v = bindTensorDescParam(ip, a, p.span);
            frame().vars[std::string(p.name)] = v;
            recordName(p.nameSpan, p.name, v);
            continue;
        }
        frame().vars[ip.name] = v;
        recordName(p.nameSpan, p.name, v);
        m_kernel->params.push_back(std::move(ip));
    }
    return true;
}

Lowerer::Lowerer(const KernelSource &source,
                 const Signature &signature,
                 DiagnosticSink &diags,
                 NamedValueTypes *namedTypes)
    : m_source(source)
    , m_signature(signature)
    , m_diags(diags)
    , m_namedTypes(namedTypes)
{
    registerShapeBuiltins(m_builtins);
    registerMemoryBuiltins(m_builtins);
    registerMathBuiltins(m_builtins);
    registerReduceBuiltins(m_builtins);
    registerTensorDescBuiltins(m_builtins);
}

std::unique_ptr<ir::Kernel> Lowerer::run()
{
    const std::size_t errorsBefore = m_diags.errorCount();
    m_diags.setOrigin(DiagOrigin::Sema);
    m_kernel = std::make_unique<ir::Kernel>();
    const ast::FunctionDef &fn = m_source.function;
    m_kernel->name = std::string(fn.name);
    m_kernel->file = m_source.file.id();
    m_kernel->span = fn.span;
    m_kernel->numWarps = m_signature.numWarps;
    m_kernel->numStages = m_signature.numStages;
    m_kernel->maxnreg = m_signature.maxnreg;
    m_region = &m_kernel->body;
    m_span = fn.nameSpan;
    collectModule();
    Frame top;
    top.fn = &fn;
    top.isKernel = true;
    m_frames.push_back(std::move(top));
    if (bindParams())
        lowerBlock(fn.body);
    m_frames.clear();
    if (m_diags.errorCount() > errorsBefore)
        return nullptr;
    return std::move(m_kernel);
}

std::unique_ptr<ir::Kernel> specialize(const KernelSource &source,
                                       const Signature &signature,
                                       DiagnosticSink &diags,
                                       const SpecializeOptions &options)
{
    Lowerer lowerer(source, signature, diags, options.namedTypes);
    return lowerer.run();
}

} // namespace tsm::sema
