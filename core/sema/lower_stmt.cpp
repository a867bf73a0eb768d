// Statements: assignment, constexpr and runtime `if`, `for` over range / tl.range (For op with
// loop-carried values) and tl.static_range (unrolled), `while`, `return`, `assert`.

#include "core/sema/const_eval.h"
#include "core/sema/lowerer.h"

#include <set>

namespace tsm::sema {

using ir::kNoValue;
using ir::OpCode;
using ir::Type;
using ir::ValueId;

namespace {

void collectTargets(const ast::Expr *t, std::set<std::string> &out)
{
    if (const auto *n = ast::dynCast<ast::Name>(t))
        out.insert(std::string(n->id));
    else if (const auto *tu = ast::dynCast<ast::Tuple>(t))
        for (const ast::Expr *e : tu->elts)
            collectTargets(e, out);
    else if (const auto *l = ast::dynCast<ast::List>(t))
        for (const ast::Expr *e : l->elts)
            collectTargets(e, out);
}

/// Names a block of statements assigns (nested control flow included).
void collectAssigned(const ast::StmtList &body, std::set<std::string> &out)
{
    for (const ast::Stmt *s : body) {
        if (const auto *a = ast::dynCast<ast::Assign>(s)) {
            for (const ast::Expr *t : a->targets)
                collectTargets(t, out);
        } else if (const auto *au = ast::dynCast<ast::AugAssign>(s)) {
            collectTargets(au->target, out);
        } else if (const auto *an = ast::dynCast<ast::AnnAssign>(s)) {
            if (an->value)
                collectTargets(an->target, out);
        } else if (const auto *i = ast::dynCast<ast::If>(s)) {
            collectAssigned(i->body, out);
            collectAssigned(i->orelse, out);
        } else if (const auto *f = ast::dynCast<ast::For>(s)) {
            collectTargets(f->target, out);
            collectAssigned(f->body, out);
        } else if (const auto *w = ast::dynCast<ast::While>(s)) {
            collectAssigned(w->body, out);
        }
    }
}

bool carriable(const KValue &k)
{
    return k.isTensor() || (k.isConst() && isNumber(k.c));
}

/// Values that live before a runtime loop, are reassigned in its body, but cannot be carried
/// (tuples, strings, dtypes, functions): the name must end the body with the same value.
std::vector<std::pair<std::string, KValue>>
uncarried(const std::set<std::string> &assigned,
          const std::map<std::string, KValue, std::less<>> &vars)
{
    std::vector<std::pair<std::string, KValue>> out;
    for (const std::string &n : assigned) {
        auto it = vars.find(n);
        if (it != vars.end() && !carriable(it->second) && !it->second.isInvalid())
            out.emplace_back(n, it->second);
    }
    return out;
}

} // namespace

void Lowerer::lowerBlock(const ast::StmtList &body)
{
    for (const ast::Stmt *s : body) {
        if (frame().returned)
            break;
        lowerStmt(s);
    }
}

void Lowerer::assign(const ast::Expr *target, const KValue &value)
{
    if (const auto *n = ast::dynCast<ast::Name>(target)) {
        if (value.isTensor()) {
            ir::ValueInfo &info = m_kernel->values[value.v];
            if (info.name.empty())
                info.name = std::string(n->id);
        }
        frame().vars[std::string(n->id)] = value;
        recordName(n->span, n->id, value);
        return;
    }
    const ast::ExprList *elts = nullptr;
    if (const auto *t = ast::dynCast<ast::Tuple>(target))
        elts = &t->elts;
    else if (const auto *l = ast::dynCast<ast::List>(target))
        elts = &l->elts;
    if (elts) {
        if (value.isInvalid()) {
            for (const ast::Expr *e : *elts)
                assign(e, value);
            return;
        }
        if (value.kind != KValue::Kind::Tuple || value.elts.size() != elts->size()) {
            error(DiagKind::KernelTypeError,
                  target->span,
                  {"cannot unpack " + describe(value) + " into " + std::to_string(elts->size())
                   + " names"});
            for (const ast::Expr *e : *elts)
                assign(e, KValue::invalid());
            return;
        }
        for (std::size_t i = 0; i < elts->size(); ++i)
            assign((*elts)[i], value.elts[i]);
        return;
    }
    error(DiagKind::UnsupportedKernelFeature,
          target->span,
          {"assigning to an element or attribute (Triton blocks are immutable; build a new block "
           "instead)"});
}

void Lowerer::lowerStmt(const ast::Stmt *s)
{
    SpanScope scope(*this, s->span);
    switch (s->kind) {
    case ast::NodeKind::ExprStmt:
        lowerExpr(ast::cast<ast::ExprStmt>(s)->value);
        return;
    case ast::NodeKind::Assign: {
        const auto *a = ast::cast<ast::Assign>(s);
        KValue v = lowerExpr(a->value);
        for (const ast::Expr *t : a->targets)
            assign(t, v);
        return;
    }
    case ast::NodeKind::AugAssign: {
        const auto *a = ast::cast<ast::AugAssign>(s);
        if (!ast::isa<ast::Name>(a->target)) {
            error(DiagKind::UnsupportedKernelFeature,
                  a->target->span,
                  {"augmented assignment to an element or attribute"});
            return;
        }
        KValue cur = lookupName(ast::cast<ast::Name>(a->target)->id, a->target->span);
        KValue rhs = lowerExpr(a->value);
        assign(a->target, binary(a->op, cur, rhs, s->span));
        return;
    }
    case ast::NodeKind::AnnAssign: {
        const auto *a = ast::cast<ast::AnnAssign>(s);
        if (!a->value)
            return;
        KValue v = lowerExpr(a->value);
        assign(a->target, v);
        return;
    }
    case ast::NodeKind::If:
        lowerIf(ast::cast<ast::If>(s));
        return;
    case ast::NodeKind::For:
        lowerFor(ast::cast<ast::For>(s));
        return;
    case ast::NodeKind::While:
        lowerWhile(ast::cast<ast::While>(s));
        return;
    case ast::NodeKind::Pass:
    case ast::NodeKind::ErrorStmt:
        return;
    case ast::NodeKind::Return: {
        const auto *r = ast::cast<ast::Return>(s);
        KValue v = r->value ? lowerExpr(r->value) : KValue::constant(ConstValue::none());
        Frame &f = frame();
        if (f.isKernel) {
            if (!v.isNone() && !v.isInvalid()) {
                error(DiagKind::KernelTypeError,
                      r->value->span,
                      {"a kernel cannot return a value; store results through a pointer"});
                return;
            }
            emitOp(OpCode::Return);
        } else if (f.runtimeControlDepth > 0) {
            error(DiagKind::UnsupportedKernelFeature,
                  s->span,
                  {"`return` inside a runtime `if`, `for` or `while` of a helper function"});
            return;
        }
        f.returnValue = v;
        f.returned = true;
        return;
    }
    case ast::NodeKind::Assert: {
        const auto *a = ast::cast<ast::Assert>(s);
        KValue test = lowerExpr(a->test);
        std::string msg;
        if (a->msg) {
            KValue m = lowerExpr(a->msg);
            if (m.isConst())
                msg = constStr(m.c);
        }
        if (test.isInvalid())
            return;
        if (test.isConst()) {
            if (!constTruthy(test.c))
                error(DiagKind::StaticAssertFailed, s->span, {msg.empty() ? "" : ": " + msg});
            return;
        }
        ValueId c = toTensor(test, a->test->span, "the asserted condition");
        if (c == kNoValue)
            return;
        ir::Op &op = emitOp(OpCode::DeviceAssert, {toBool(c)});
        op.str = msg.empty() ? std::string(m_source.file.slice(a->test->span)) : msg;
        return;
    }
    case ast::NodeKind::Break:
    case ast::NodeKind::Continue:
        error(
            DiagKind::UnsupportedKernelFeature,
            s->span,
            {std::string(s->kind == ast::NodeKind::Break ? "'break'" : "'continue'")
             + " in a kernel loop (Triton loops run to the end; use a mask or a while condition)"});
        return;
    default:
        error(DiagKind::UnsupportedKernelFeature,
              s->span,
              {"the statement '" + std::string(ast::nodeKindName(s->kind)) + "' in a kernel"});
        return;
    }
}

void Lowerer::checkUncarried(const std::vector<std::pair<std::string, KValue>> &fixed,
                             SourceSpan span)
{
    for (const auto &[name, before] : fixed) {
        auto it = frame().vars.find(name);
        if (it == frame().vars.end() || it->second.isInvalid() || it->second.sameAs(before))
            continue;
        error(DiagKind::UnsupportedKernelFeature,
              span,
              {"changing '" + name + "' (" + describe(before)
               + ") inside a runtime loop; only numbers and blocks can be loop-carried"});
        it->second = KValue::invalid();
    }
}

ValueId Lowerer::yieldValue(const KValue &k, const Type &t, SourceSpan span)
{
    if (k.isTensor())
        return k.v;
    if (k.isConst() && isNumber(k.c))
        return constantOf(k.c, t.dtype, t.shape);
    (void)span;
    return isFloat(t.dtype) ? constantFloat(t.dtype, 0.0, t.shape)
                            : constantInt(t.dtype, 0, t.shape);
}

void Lowerer::lowerIf(const ast::If *s)
{
    KValue cond = lowerExpr(s->test);
    if (cond.isInvalid())
        return;
    if (cond.isConst()) {
        lowerBlock(constTruthy(cond.c) ? s->body : s->orelse);
        return;
    }
    ValueId c = toTensor(cond, s->test->span, "an `if` condition");
    if (c == kNoValue)
        return;
    if (typeOf(c).isBlock()) {
        error(DiagKind::KernelTypeError,
              s->test->span,
              {"an `if` condition must be a scalar, but this is " + ir::typeToString(typeOf(c))
               + "; use tl.where or a mask for per-element choices"});
        return;
    }
    c = toBool(c);
    ir::Region *parent = m_region;
    const auto saved = frame().vars;
    ir::Region thenR, elseR;
    ++frame().runtimeControlDepth;
    m_region = &thenR;
    lowerBlock(s->body);
    const auto thenVars = frame().vars;
    const bool thenRet = frame().returned;
    frame().vars = saved;
    frame().returned = false;
    m_region = &elseR;
    lowerBlock(s->orelse);
    const auto elseVars = frame().vars;
    const bool elseRet = frame().returned;
    frame().returned = false;
    --frame().runtimeControlDepth;
    m_region = parent;

    struct Result
    {
        std::string name;
        KValue thenV, elseV;
        Type type;
    };
    std::vector<Result> results;
    // Block pointers leave the `if` as their scalar leaves: results[first .. first + count).
    struct BlockPtrResult
    {
        std::string name;
        KValue templ;
        std::size_t first = 0, count = 0;
    };
    std::vector<BlockPtrResult> blockPtrResults;
    auto merged = saved;
    std::set<std::string> names;
    for (const auto &[n, v] : thenVars)
        names.insert(n);
    for (const auto &[n, v] : elseVars)
        names.insert(n);
    bool failed = false;
    for (const std::string &n : names) {
        auto t = thenVars.find(n);
        auto e = elseVars.find(n);
        const bool inThen = t != thenVars.end() && !thenRet;
        const bool inElse = e != elseVars.end() && !elseRet;
        if (!inThen && !inElse) {
            merged.erase(n);
            continue;
        }
        if (inThen && inElse && t->second.sameAs(e->second)) {
            merged[n] = t->second;
            continue;
        }
        if (!(inThen && inElse) && !(thenRet || elseRet)) {
            merged.erase(n); // defined in one branch only: not visible after the `if`
            continue;
        }
        const KValue &tb = inThen ? t->second : e->second, &eb = inElse ? e->second : t->second;
        if (tb.kind == KValue::Kind::BlockPtr || eb.kind == KValue::Kind::BlockPtr) {
            const std::vector<ValueId> lt = sameBlockPtrKind(tb, eb) ? blockPtrLeaves(tb) : std::vector<ValueId>{};
            const std::vector<ValueId> le = lt.empty() ? lt : blockPtrLeaves(eb);
            bool same = !lt.empty();
            for (std::size_t i = 0; same && i < lt.size(); ++i)
                same = typeOf(lt[i]) == typeOf(le[i]);
            if (!same) {
                if (!tb.isInvalid() && !eb.isInvalid())
                    error(DiagKind::KernelTypeError,
                          s->span,
                          {"variable '" + n + "' is " + describe(tb) + " after the then-branch but "
                           + describe(eb)
                           + " after the else-branch of this `if`; a block pointer must keep its block "
                             "shape, order and element type"});
                merged[n] = KValue::invalid();
                continue;
            }
            blockPtrResults.push_back({n, tb, results.size(), lt.size()});
            for (std::size_t i = 0; i < lt.size(); ++i)
                results.push_back({n + "." + std::to_string(i),
                                   inThen ? KValue::tensor(lt[i]) : KValue::invalid(),
                                   inElse ? KValue::tensor(le[i]) : KValue::invalid(),
                                   typeOf(lt[i])});
            continue;
        }
        if (!(inThen && inElse)) {
            // The other branch returned: the live branch's value flows on; only blocks made
            // inside the branch need to leave it through the `if`'s results.
            const KValue &live = inThen ? t->second : e->second;
            auto before = saved.find(n);
            if (!live.isTensor() || (before != saved.end() && before->second.sameAs(live))) {
                merged[n] = live;
                continue;
            }
        }
        const KValue &tv = inThen ? t->second : e->second;
        const KValue &ev = inElse ? e->second : t->second;
        if ((inThen && !carriable(tv)) || (inElse && !carriable(ev)) || tv.isInvalid()
            || ev.isInvalid()) {
            if (!tv.isInvalid() && !ev.isInvalid())
                error(DiagKind::KernelTypeError,
                      s->span,
                      {"variable '" + n
                       + "' is assigned different compile-time values in the two "
                         "branches of a runtime `if`"});
            merged[n] = KValue::invalid();
            continue;
        }
        auto typeOfK = [&](const KValue &k) {
            if (k.isTensor())
                return typeOf(k.v);
            return Type{k.c.kind == ConstValue::Kind::Float  ? pyFloatDType(k.c.f)
                        : k.c.kind == ConstValue::Kind::Bool ? DType::I1
                                                             : pyIntDType(k.c.i),
                        false,
                        {}};
        };
        const Type tt = typeOfK(tv), et = typeOfK(ev);
        if (tt != et) {
            error(DiagKind::KernelTypeError,
                  s->span,
                  {"variable '" + n + "' is " + ir::typeToString(tt) + " after the then-branch but "
                   + ir::typeToString(et)
                   + " after the else-branch of this `if`; Triton needs one type"});
            merged[n] = KValue::invalid();
            failed = true;
            continue;
        }
        results.push_back(
            {n, inThen ? tv : KValue::invalid(), inElse ? ev : KValue::invalid(), tt});
    }
    (void)failed;
    m_region = &thenR;
    std::vector<ValueId> ty, ey;
    for (const Result &r : results)
        ty.push_back(yieldValue(r.thenV, r.type, s->span));
    emitOp(OpCode::Yield, ty);
    m_region = &elseR;
    for (const Result &r : results)
        ey.push_back(yieldValue(r.elseV, r.type, s->span));
    emitOp(OpCode::Yield, ey);
    m_region = parent;
    ir::Op &op = emitOp(OpCode::If, {c});
    op.regions.push_back(std::move(thenR));
    op.regions.push_back(std::move(elseR));
    std::vector<ValueId> outs;
    for (const Result &r : results)
        outs.push_back(addResult(op, r.type));
    for (std::size_t i = 0; i < results.size(); ++i) {
        m_kernel->values[outs[i]].name = results[i].name;
        merged[results[i].name] = KValue::tensor(outs[i]);
    }
    for (const BlockPtrResult &b : blockPtrResults)
        merged[b.name] = blockPtrFromLeaves(
            b.templ, std::vector<ValueId>(outs.begin() + std::ptrdiff_t(b.first),
                                          outs.begin() + std::ptrdiff_t(b.first + b.count)));
    frame().vars = std::move(merged);
    frame().returned = thenRet && elseRet;
}

void Lowerer::lowerStaticFor(const ast::For *s, const std::vector<std::int64_t> &range)
{
    const std::int64_t start = range[0], stop = range[1], step = range[2];
    std::int64_t count = 0;
    for (std::int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
        if (++count > 65536) {
            error(DiagKind::KernelTypeError,
                  s->iter->span,
                  {"tl.static_range unrolls more than 65536 iterations"});
            return;
        }
        assign(s->target, KValue::constant(ConstValue::ofInt(i)));
        lowerBlock(s->body);
        if (frame().returned)
            return;
    }
}

void Lowerer::lowerFor(const ast::For *s)
{
    if (!s->orelse.empty()) {
        error(DiagKind::UnsupportedKernelFeature,
              s->orelse.front()->span,
              {"a `for ... else` clause in a kernel"});
        return;
    }
    const auto *call = ast::dynCast<ast::Call>(s->iter);
    KValue callee = call ? lowerExpr(call->func) : KValue::invalid();
    const bool isStatic = callee.kind == KValue::Kind::Builtin && callee.name == "tl.static_range";
    const bool isRange = callee.kind == KValue::Kind::Builtin
                         && (callee.name == "py.range" || callee.name == "tl.range");
    if (!call || (!isStatic && !isRange)) {
        if (!callee.isInvalid())
            error(DiagKind::UnsupportedKernelFeature,
                  s->iter->span,
                  {"iterating over anything but range(), tl.range() or tl.static_range()"});
        return;
    }
    std::vector<KValue> bounds;
    for (const ast::Expr *a : call->args)
        bounds.push_back(lowerExpr(a));
    std::int64_t numStages = 0; // tl.range(num_stages=N): the loop's own pipelining depth
    for (const ast::Keyword &k : call->keywords) {
        KValue v = lowerExpr(k.value);
        if (k.name == "num_stages" && v.isConst() && v.c.kind == ConstValue::Kind::Int) {
            if (v.c.i < 1) {
                error(DiagKind::KernelTypeError, k.span, {"tl.range(num_stages=) must be at least 1"});
                return;
            }
            numStages = v.c.i;
        }
        if ((k.name == "warp_specialize" || k.name == "flatten") && v.isConst()
            && constTruthy(v.c)) {
            error(DiagKind::UnsupportedKernelFeature,
                  k.span,
                  {"tl.range(" + std::string(k.name) + "=True)"});
            return;
        }
        if (k.name == "arg1" || k.name == "arg2" || k.name == "step") {
            error(DiagKind::UnsupportedKernelFeature, k.span, {"range bounds given by keyword"});
            return;
        }
    }
    if (bounds.empty() || bounds.size() > 3) {
        error(DiagKind::KernelTypeError, s->iter->span, {"range() takes 1 to 3 arguments"});
        return;
    }
    for (const KValue &b : bounds)
        if (b.isInvalid())
            return;
    if (bounds.size() == 1)
        bounds.insert(bounds.begin(), KValue::constant(ConstValue::ofInt(0)));
    if (bounds.size() == 2)
        bounds.push_back(KValue::constant(ConstValue::ofInt(1)));

    if (isStatic) {
        std::vector<std::int64_t> r;
        for (std::size_t i = 0; i < 3; ++i) {
            auto v = constInt(bounds[i],
                              call->args[std::min(i, call->args.size() - 1)]->span,
                              "a tl.static_range bound");
            if (!v)
                return;
            r.push_back(*v);
        }
        if (r[2] == 0) {
            error(DiagKind::KernelTypeError,
                  s->iter->span,
                  {"tl.static_range step must not be zero"});
            return;
        }
        lowerStaticFor(s, r);
        return;
    }
    if (bounds[2].isConst() && isNumber(bounds[2].c) && asDouble(bounds[2].c) == 0) {
        error(DiagKind::KernelTypeError, s->iter->span, {"range() step must not be zero"});
        return;
    }
    std::vector<ValueId> b;
    for (const KValue &k : bounds) {
        ValueId v = toTensor(k, s->iter->span, "a range bound");
        if (v == kNoValue)
            return;
        if (typeOf(v).isBlock() || typeOf(v).pointer || isFloat(typeOf(v).dtype)) {
            error(DiagKind::KernelTypeError,
                  s->iter->span,
                  {"range bounds must be integer scalars, not " + ir::typeToString(typeOf(v))});
            return;
        }
        b.push_back(v);
    }
    DType ivType = integerPromote(integerPromote(typeOf(b[0]).dtype, typeOf(b[1]).dtype),
                                  typeOf(b[2]).dtype);
    if (ivType == DType::I1 || dtypeBits(ivType) < 32)
        ivType = DType::I32;
    for (ValueId &v : b)
        v = cast(v, ivType);

    std::set<std::string> assigned;
    collectAssigned(s->body, assigned);
    const std::vector<CarriedBlockPtr> blockPtrs = expandCarriedBlockPtrs(assigned);
    std::set<std::string> targetNames;
    collectTargets(s->target, targetNames);
    std::vector<std::string> carried;
    std::vector<ValueId> inits;
    for (const std::string &n : assigned) {
        if (targetNames.count(n))
            continue;
        auto it = frame().vars.find(n);
        if (it == frame().vars.end() || !carriable(it->second))
            continue;
        ValueId v = toTensor(it->second, s->span, "a loop-carried variable");
        if (v == kNoValue)
            continue;
        carried.push_back(n);
        inits.push_back(v);
    }
    ir::Region body;
    const ValueId iv = newValue(Type{ivType, false, {}});
    body.args.push_back(iv);
    const auto saved = frame().vars;
    assign(s->target, KValue::tensor(iv));
    for (std::size_t i = 0; i < carried.size(); ++i) {
        const ValueId arg = newValue(typeOf(inits[i]));
        m_kernel->values[arg].name = carried[i];
        body.args.push_back(arg);
        frame().vars[carried[i]] = KValue::tensor(arg);
    }
    bindCarriedBlockPtrs(blockPtrs);
    ir::Region *parent = m_region;
    m_region = &body;
    const auto fixed = uncarried(assigned, saved);
    ++frame().runtimeControlDepth;
    lowerBlock(s->body);
    --frame().runtimeControlDepth;
    frame().returned = false;
    checkUncarried(fixed, s->span);
    flattenCarriedBlockPtrs(blockPtrs, s->span);
    std::vector<ValueId> yields;
    for (std::size_t i = 0; i < carried.size(); ++i) {
        const KValue cur = frame().vars[carried[i]];
        const Type want = typeOf(inits[i]);
        if (cur.isInvalid()) {
            yields.push_back(yieldValue(cur, want, s->span));
            continue;
        }
        ValueId y = cur.isTensor() ? cur.v : kNoValue;
        if (!cur.isTensor() && carriable(cur))
            y = toTensor(cur, s->span, "a loop-carried variable");
        if (y == kNoValue || typeOf(y) != want) {
            error(
                DiagKind::KernelTypeError,
                s->span,
                {"loop-carried variable '" + carried[i] + "' is " + ir::typeToString(want)
                 + " before the loop but "
                 + (y == kNoValue ? describe(cur) : ir::typeToString(typeOf(y)))
                 + " at the end of its body; Triton needs it to keep one type (initialize it with "
                   "that type before the loop, e.g. tl.zeros(...) or .to(...))"});
            y = yieldValue(KValue::invalid(), want, s->span);
        }
        yields.push_back(y);
    }
    emitOp(OpCode::Yield, yields);
    m_region = parent;
    std::vector<ValueId> operands = b;
    operands.insert(operands.end(), inits.begin(), inits.end());
    ir::Op &op = emitOp(OpCode::For, operands);
    op.i = numStages;
    op.regions.push_back(std::move(body));
    std::vector<ValueId> outs;
    for (std::size_t i = 0; i < carried.size(); ++i)
        outs.push_back(addResult(op, typeOf(inits[i])));
    frame().vars = saved;
    for (std::size_t i = 0; i < carried.size(); ++i) {
        m_kernel->values[outs[i]].name = carried[i];
        frame().vars[carried[i]] = KValue::tensor(outs[i]);
    }
    bindCarriedBlockPtrs(blockPtrs);
}

void Lowerer::lowerWhile(const ast::While *s)
{
    if (!s->orelse.empty()) {
        error(DiagKind::UnsupportedKernelFeature,
              s->orelse.front()->span,
              {"a `while ... else` clause in a kernel"});
        return;
    }
    std::set<std::string> assigned;
    collectAssigned(s->body, assigned);
    const std::vector<CarriedBlockPtr> blockPtrs = expandCarriedBlockPtrs(assigned);
    std::vector<std::string> carried;
    std::vector<ValueId> inits;
    for (const std::string &n : assigned) {
        auto it = frame().vars.find(n);
        if (it == frame().vars.end() || !carriable(it->second))
            continue;
        ValueId v = toTensor(it->second, s->span, "a loop-carried variable");
        if (v == kNoValue)
            continue;
        carried.push_back(n);
        inits.push_back(v);
    }
    const auto saved = frame().vars;
    ir::Region *parent = m_region;
    auto bindArgs = [&](ir::Region &r) {
        for (std::size_t i = 0; i < carried.size(); ++i) {
            const ValueId arg = newValue(typeOf(inits[i]));
            m_kernel->values[arg].name = carried[i];
            r.args.push_back(arg);
            frame().vars[carried[i]] = KValue::tensor(arg);
        }
        bindCarriedBlockPtrs(blockPtrs);
    };
    ir::Region before, after;
    bindArgs(before);
    m_region = &before;
    KValue cond = lowerExpr(s->test);
    ValueId c = kNoValue;
    if (cond.isConst()) {
        error(DiagKind::UnsupportedKernelFeature,
              s->test->span,
              {"a `while` loop with a compile-time condition (Triton has no `break`; loop on a "
               "runtime condition)"});
    } else if (!cond.isInvalid()) {
        c = toTensor(cond, s->test->span, "a `while` condition");
        if (c != kNoValue && typeOf(c).isBlock()) {
            error(DiagKind::KernelTypeError,
                  s->test->span,
                  {"a `while` condition must be a scalar, not " + ir::typeToString(typeOf(c))});
            c = kNoValue;
        }
    }
    if (c == kNoValue) {
        m_region = parent;
        frame().vars = saved;
        return;
    }
    std::vector<ValueId> condOps{toBool(c)};
    condOps.insert(condOps.end(), before.args.begin(), before.args.end());
    emitOp(OpCode::Condition, condOps);
    bindArgs(after);
    m_region = &after;
    const auto fixed = uncarried(assigned, saved);
    ++frame().runtimeControlDepth;
    lowerBlock(s->body);
    --frame().runtimeControlDepth;
    frame().returned = false;
    checkUncarried(fixed, s->span);
    flattenCarriedBlockPtrs(blockPtrs, s->span);
    std::vector<ValueId> yields;
    for (std::size_t i = 0; i < carried.size(); ++i) {
        const KValue cur = frame().vars[carried[i]];
        const Type want = typeOf(inits[i]);
        ValueId y = cur.isTensor() ? cur.v : kNoValue;
        if (!cur.isTensor() && carriable(cur))
            y = toTensor(cur, s->span, "a loop-carried variable");
        if (!cur.isInvalid() && (y == kNoValue || typeOf(y) != want)) {
            error(DiagKind::KernelTypeError,
                  s->span,
                  {"loop-carried variable '" + carried[i] + "' is " + ir::typeToString(want)
                   + " before the loop but "
                   + (y == kNoValue ? describe(cur) : ir::typeToString(typeOf(y)))
                   + " at the end of its body; Triton needs it to keep one type"});
        }
        if (y == kNoValue || typeOf(y) != want)
            y = yieldValue(KValue::invalid(), want, s->span);
        yields.push_back(y);
    }
    emitOp(OpCode::Yield, yields);
    m_region = parent;
    ir::Op &op = emitOp(OpCode::While, inits);
    op.regions.push_back(std::move(before));
    op.regions.push_back(std::move(after));
    std::vector<ValueId> outs;
    for (std::size_t i = 0; i < carried.size(); ++i)
        outs.push_back(addResult(op, typeOf(inits[i])));
    frame().vars = saved;
    for (std::size_t i = 0; i < carried.size(); ++i) {
        m_kernel->values[outs[i]].name = carried[i];
        frame().vars[carried[i]] = KValue::tensor(outs[i]);
    }
    bindCarriedBlockPtrs(blockPtrs);
}

} // namespace tsm::sema
