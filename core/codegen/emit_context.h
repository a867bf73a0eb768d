#pragma once
// The state of one CUDA C emission (core/codegen/cuda_emitter.cpp drives it): C names of the
// IR values, the per-layout thread index variables hoisted to the top of the kernel, the shared
// memory the layout conversions need, and the body text with its #line bookkeeping. The emit_*
// files each add one topic (types and literals, layouts, memory, arithmetic, control flow).

#include "core/codegen/cuda_emitter.h"

#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace tsm::codegen {

// ---- types and literals (emit_types.cpp) ----

/// The C type of one element in registers: "float", "__half", "bool", "long long", ...
std::string cType(DType t);
/// The C type of one element in memory (int1 is one byte: "signed char").
std::string cMemType(DType t);
/// The C type of a value of `t` in registers (pointers: "float*").
std::string cValueType(const ir::Type &t);
/// A C literal of `t`'s dtype for an integer / float constant.
std::string intLiteral(DType t, std::int64_t v);
std::string floatLiteral(DType t, double v);

/// A C expression of `var` (an index 0 .. 2^bits-1) mapped linearly by `images` (bit k of var
/// contributes images[k], combined with XOR): "((lane & 7) << 2 | warp << 7)". Runs of bits that
/// move together are one shift-and-mask. Empty string when the result is always 0.
std::string linearExpr(const std::string &var, int bits, const std::vector<std::int64_t> &images);

class Emitter
{
public:
    Emitter(const LoweredKernel &lk, const SourceFile *file, const EmitOptions &options,
            DiagnosticSink &diags);

    std::optional<CudaSource> run();

    // ---- shared by the topic files ----
    const LoweredKernel &lk;
    const ir::Kernel &k;
    const SourceFile *file;
    const EmitOptions &options;
    DiagnosticSink &diags;
    bool failed = false;

    /// The C name of a value (assigned at its definition).
    const std::string &name(ir::ValueId v) const { return m_names[v]; }
    /// Gives `v` a fresh C name derived from its Python name ("x", "x_1") or "t<id>".
    const std::string &define(ir::ValueId v);
    /// Makes `v` another name for an existing C variable (loop results).
    void alias(ir::ValueId v, const std::string &cname) { m_names[v] = cname; }
    /// A fresh helper name ("base" -> "base_3").
    std::string fresh(const std::string &base);

    bool isBlock(ir::ValueId v) const { return k.type(v).isBlock(); }
    const Layout &layout(ir::ValueId v) const { return lk.layoutOf(v); }

    /// Writes one line of the body at the current indentation. A line of code (not a
    /// declaration, comment, brace or loop header) is preceded by `#line N` again when the
    /// physical lines since the last directive would number it past the Python line N, so every
    /// statement maps to its Python line (NVRTC errors, -lineinfo, Nsight Compute).
    void line(const std::string &text);
    void open(const std::string &text)
    {
        line(text.empty() ? "{" : text + " {");
        ++m_indent;
    }
    void close(const std::string &tail = "}") { --m_indent; line(tail); }
    /// `#line` and a comment naming the Python statement when `op` starts a new source line.
    void sourceLine(const ir::Op &op);
    /// Forces the next op to re-emit its #line (after a nested region).
    void resetSourceLine() { m_lastLine = 0; }

    /// The thread part of a flat index for lanes/warps with these bases (a variable computed
    /// once at the top of the kernel); "" when every basis is 0.
    std::string threadPart(const std::vector<std::int64_t> &laneBases,
                           const std::vector<std::int64_t> &warpBases);
    /// The flat element index register `regVar` of a thread holds in `l`.
    std::string flatIndexExpr(const Layout &l, const std::string &regVar);
    /// A bool variable that is true in exactly one of the threads holding each element of `l`
    /// (stores and prints skip the copies of replicated layouts); "" when nothing is replicated.
    std::string ownerPredicate(const Layout &l);

    /// The C name of an array holding block value `v` in layout `want`: v's own array when the
    /// layouts agree, else a register permutation or a conversion through shared memory (a
    /// uniform value is written out into an array).
    std::string operandIn(ir::ValueId v, const Layout &want);
    /// The expression of `v`'s element in register `r` of layout `want`: "x[r]", or for a
    /// uniform block (a splat or constant, which needs no registers) its scalar expression;
    /// a scalar's name.
    std::string elem(ir::ValueId v, const Layout &want);
    /// Block values with the same value in every element: splats and constant blocks are not
    /// materialized, their uses read the scalar ("x_ptr", "1.0f").
    bool isUniform(ir::ValueId v) const { return m_uniform.count(v) != 0; }
    void setUniform(ir::ValueId v, std::string expr) { m_uniform[v] = std::move(expr); }
    const std::string &uniform(ir::ValueId v) const { return m_uniform.at(v); }
    /// Emits `dst[r] = src[...]` for a dst in `dstLayout` reading `src` (in `srcLayout`) through
    /// the bit map `dstToSrc` (flat index of dst -> flat index of src); dst is declared.
    void emitGather(const std::string &dst, const Layout &dstLayout, const std::string &src,
                    const Layout &srcLayout, const ir::Type &elemType,
                    const std::vector<std::int64_t> &dstToSrc);
    /// The identity bit map of a shape with this many flat-index bits.
    static std::vector<std::int64_t> identityBits(const std::vector<std::int64_t> &shape);

    /// `for (int r = 0; r < n; ++r)` with #pragma unroll.
    void unrolledLoop(int n, const std::string &stmt, int step = 1);
    /// Declares a register array / scalar for result `v`: "float x[8];".
    void declare(ir::ValueId v);

    /// The expression of operand `v` in register `r` ("x[r]"), or the scalar name.
    std::string at(ir::ValueId v, const std::string &arrayName = {}) const;

    void unsupported(const ir::Op &op, const std::string &what);

    void emitRegion(const ir::Region &region);
    void emitOp(const ir::Op &op);

    // Topic entry points.
    void emitMemory(const ir::Op &op);   // emit_memory.cpp
    void emitElementwise(const ir::Op &op); // emit_arith.cpp
    void emitShape(const ir::Op &op);    // emit_layout.cpp
    void emitControl(const ir::Op &op);  // emit_control.cpp
    void emitDebug(const ir::Op &op);    // emit_control.cpp

    /// Static shared memory needed by conversions so far, in bytes.
    std::int64_t sharedBytes = 0;
    bool usesPrintf = false;

private:
    std::vector<std::string> m_names;
    std::set<std::string> m_used;
    std::ostringstream m_body;
    int m_indent = 1;
    std::uint32_t m_lastLine = 0;
    /// The current Python line's directive and the number the next physical line gets.
    std::string m_lineDirective;
    std::uint32_t m_nextPhysical = 0;
    void raw(const std::string &text);
    // Thread-part variables: key (bases) -> name, with their definitions in order.
    std::map<std::string, std::string> m_threadParts;
    std::vector<std::string> m_prologue;
    std::map<std::string, std::string> m_owners;
    std::map<ir::ValueId, std::string> m_uniform;

    std::string signature(std::vector<CudaParam> &params);
};

} // namespace tsm::codegen
