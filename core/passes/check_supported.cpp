#include "core/passes/passes.h"

namespace tsm::passes {

using ir::Op;
using ir::OpCode;

namespace {

/// The Triton spelling of an op the CUDA backend rejects, or empty when it is supported.
std::string unsupportedName(const Op &op)
{
    switch (op.code) {
    case OpCode::Reduce:
        return "tl.sum / tl.reduce (reduce)";
    case OpCode::Scan:
        return "tl.cumsum / tl.associative_scan (scan)";
    case OpCode::Dot:
        return "tl.dot (dot)";
    case OpCode::Rand:
        return "tl.rand (rand)";
    case OpCode::Randn:
        return "tl.randn (randn)";
    case OpCode::Randint:
        return "tl.randint (randint)";
    case OpCode::Randint4x:
        return "tl.randint4x (randint4x)";
    case OpCode::AtomicRMW: {
        static const char *const kinds[] = {"add", "max", "min", "and", "or", "xor", "xchg"};
        const char *k = op.i >= 0 && op.i < 7 ? kinds[op.i] : "rmw";
        return std::string("tl.atomic_") + k + " (atomic_rmw)";
    }
    case OpCode::AtomicCAS:
        return "tl.atomic_cas (atomic_cas)";
    default:
        return {};
    }
}

void check(const ir::Region &r, DiagnosticSink &diags, bool &ok)
{
    for (const Op &op : r.ops) {
        if (std::string name = unsupportedName(op); !name.empty()) {
            diags.report(DiagKind::UnsupportedOnBackend,
                         op.span,
                         {name,
                          "cuda",
                          "; it runs with --backend interp, the CUDA backend gets it in a later "
                          "version"});
            ok = false;
            continue; // a rejected op's combine region says nothing more
        }
        for (const ir::Region &inner : op.regions)
            check(inner, diags, ok);
    }
}

} // namespace

bool checkSupported(const ir::Kernel &kernel, DiagnosticSink &diags)
{
    bool ok = true;
    check(kernel.body, diags, ok);
    return ok;
}

} // namespace tsm::passes
