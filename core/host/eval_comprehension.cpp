// List / set / dict comprehensions and generator expressions. Each runs in its own scope (a
// Frame for its unit, closure cells from the enclosing frame). List, set and dict
// comprehensions are built at once; a generator expression yields lazily, one element per
// next(), so sum(x for x in range(10**9)) streams instead of materializing.

#include "core/host/interpreter_impl.h"

namespace tsm::host {

using namespace ast;

namespace {

const std::vector<Comprehension> &generatorsOf(const Expr *e)
{
    switch (e->kind) {
    case NodeKind::ListComp:
        return cast<ListComp>(e)->generators;
    case NodeKind::SetComp:
        return cast<SetComp>(e)->generators;
    case NodeKind::DictComp:
        return cast<DictComp>(e)->generators;
    default:
        return cast<GeneratorExp>(e)->generators;
    }
}

/// The running state of one comprehension: a cursor per active `for` clause.
class ComprehensionRun
{
public:
    ComprehensionRun(Interpreter::Impl &im,
                     std::shared_ptr<Frame> frame,
                     const Expr *node,
                     Value firstIterable)
        : m_im(im)
        , m_frame(std::move(frame))
        , m_node(node)
        , m_gens(generatorsOf(node))
        , m_first(std::move(firstIterable))
    {
    }

    /// The next element (a (key, value) tuple for dict comprehensions), or nullopt.
    std::optional<Value> next()
    {
        Frame &f = *m_frame;
        while (true) {
            if (m_cursors.empty()) {
                if (m_started)
                    return std::nullopt;
                m_started = true;
                m_cursors.emplace_back(m_first);
            }
            Value item;
            if (!m_cursors.back().next(item)) {
                m_cursors.pop_back();
                if (m_cursors.empty())
                    return std::nullopt;
                continue;
            }
            std::size_t level = m_cursors.size() - 1;
            const Comprehension &gen = m_gens[level];
            m_im.step();
            m_im.assign(f, gen.target, item);
            bool keep = true;
            for (const Expr *cond : gen.ifs)
                if (!truthy(m_im.eval(f, cond))) {
                    keep = false;
                    break;
                }
            if (!keep)
                continue;
            if (level + 1 < m_gens.size()) {
                Value inner = m_im.eval(f, m_gens[level + 1].iter);
                m_cursors.emplace_back(inner);
                continue;
            }
            return produce();
        }
    }

private:
    Value produce()
    {
        Frame &f = *m_frame;
        switch (m_node->kind) {
        case NodeKind::ListComp:
            return m_im.eval(f, cast<ListComp>(m_node)->elt);
        case NodeKind::SetComp:
            return m_im.eval(f, cast<SetComp>(m_node)->elt);
        case NodeKind::DictComp: {
            const auto *d = cast<DictComp>(m_node);
            Value k = m_im.eval(f, d->key);
            Value v = m_im.eval(f, d->value);
            return Value::tuple({std::move(k), std::move(v)});
        }
        default:
            return m_im.eval(f, cast<GeneratorExp>(m_node)->elt);
        }
    }

    Interpreter::Impl &m_im;
    std::shared_ptr<Frame> m_frame;
    const Expr *m_node;
    const std::vector<Comprehension> &m_gens;
    Value m_first;
    std::vector<ValueCursor> m_cursors;
    bool m_started = false;
};

} // namespace

Value Interpreter::Impl::evalComprehension(Frame &f, const Expr *e)
{
    const std::vector<Comprehension> &gens = generatorsOf(e);
    for (const Comprehension &g : gens)
        if (g.isAsync)
            throwUnsupported("asynchronous comprehensions", e->span);
    const FunctionInfo &info = unitFor(e);
    if (info.isGenerator)
        throwUnsupported("'yield' inside a comprehension", info.yieldSpan);
    Value first = eval(f, gens[0].iter);

    auto frame = std::make_shared<Frame>();
    frame->info = &info;
    frame->function = f.function;
    frame->span = e->span;
    frame->fast.assign(info.fastCount, detail::unboundValue());
    for (std::uint32_t i = 0; i < info.ownCells; ++i)
        frame->cells.push_back(std::make_shared<Value>(detail::unboundValue()));
    for (std::size_t i = info.ownCells; i < info.cellNames.size(); ++i) {
        NameRef r = f.info->refFor(info.cellNames[i]);
        if (r.kind != NameRef::Kind::Cell)
            throwPy("SystemError", "internal error: free variable without a cell");
        frame->cells.push_back(f.cells[r.index]);
    }

    auto run = std::make_shared<ComprehensionRun>(*this, frame, e, first);
    if (e->kind == NodeKind::GeneratorExp) {
        return Value::fromObject(
            std::make_shared<IteratorObject>([run]() { return run->next(); }, "generator"));
    }
    switch (e->kind) {
    case NodeKind::ListComp: {
        std::vector<Value> out;
        while (std::optional<Value> x = run->next()) {
            out.push_back(std::move(*x));
            if (std::int64_t(out.size()) > containerLimit())
                checkContainerSize(std::int64_t(out.size()));
        }
        return Value::list(std::move(out));
    }
    case NodeKind::SetComp: {
        Value s = Value::set();
        while (std::optional<Value> x = run->next())
            s.asSet().add(*x);
        return s;
    }
    default: {
        Value d = Value::dict();
        while (std::optional<Value> x = run->next()) {
            const auto &kv = x->asTuple().items;
            d.asDict().set(kv[0], kv[1]);
        }
        return d;
    }
    }
}

} // namespace tsm::host
