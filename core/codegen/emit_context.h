#pragma once
// The state of one CUDA C emission (core/codegen/cuda_emitter.cpp drives it): C names of the
// IR values, the per-layout thread index variables hoisted to the top of the kernel, the shared
// memory the layout conversions need, and the body text with its #line bookkeeping. The emit_*
// files each add one topic (types and literals, layouts, memory, arithmetic, control flow).

#include "core/codegen/cuda_emitter.h"
#include "core/codegen/mma_layout.h"
#include "core/codegen/tma_box.h"

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
/// An fp16 / bf16 / fp8 element `e` as a float (exact); other types unchanged.
std::string narrowFloatToF32(DType t, const std::string &e);
/// A float `e` as fp16 / bf16 (round to nearest even, or toward zero with `rtz`) or fp8 (nearest
/// even, saturating: cvt.rn.satfinite); other types unchanged.
std::string f32ToNarrowFloat(DType t, const std::string &e, bool rtz = false);

/// Which bits of a layout's register / lane / warp indices have bases along `axis` (a reduction
/// or scan combines over those) and which do not (reductions, scans: emit_reduce.cpp).
struct AxisBits
{
    std::vector<int> regAxis, regOther, laneAxis, warpAxis;
};
AxisBits axisBits(const Layout &l, int axis);
/// A C expression that puts bit k of `var` at bit positions[k] ("0" when positions is empty).
std::string depositExpr(const std::string &var, const std::vector<int> &positions);

/// A C expression of `var` (an index 0 .. 2^bits-1) mapped linearly by `images` (bit k of var
/// contributes images[k], combined with XOR): "((lane & 7) << 2 | warp << 7)". Runs of bits that
/// move together are one shift-and-mask. Empty string when the result is always 0.
std::string linearExpr(const std::string &var, int bits, const std::vector<std::int64_t> &images);

/// A combine function's call on scalars, as reductions and scans emit it:
/// "fn(a0, .., an, b0, .., bn, o0, .., on);" (the results go to o by reference).
inline std::string combineCall(const std::string &fn,
                               const std::vector<std::string> &a,
                               const std::vector<std::string> &b,
                               const std::vector<std::string> &o)
{
    std::string s = fn + "(";
    for (const std::string &x : a)
        s += x + ", ";
    for (const std::string &x : b)
        s += x + ", ";
    for (std::size_t j = 0; j < o.size(); ++j)
        s += o[j] + (j + 1 < o.size() ? ", " : ");");
    return s;
}

/// {arrays[k] + "[index]"}: element `index` of each of several register arrays.
inline std::vector<std::string> indexedElements(const std::vector<std::string> &arrays,
                                                const std::string &index)
{
    std::vector<std::string> r;
    for (const std::string &a : arrays)
        r.push_back(a + "[" + index + "]");
    return r;
}

/// Ops emitElementwise computes element by element: the elementwise ones, casts, bitcasts and
/// pointer <-> integer conversions (emit_arith.cpp).
bool emitsElementwise(ir::OpCode code);

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
    /// After a nested region (a loop body, a branch, a combine function): the code that
    /// follows is `op`'s again, so its next line of code gets `op`'s #line.
    void restoreSourceLine(const ir::Op &op);
    void setLineDirective(std::uint32_t line);

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
    /// An integer block known as `base + reg(r)`: a per-thread scalar expression plus a part
    /// that depends on the register only (a constant once the loop is unrolled) - make_range,
    /// and adds of uniforms to one. An add of a uniform folds into the base (computed once), so
    /// the compiler sees `(s + tp) + c` and folds c into each access's immediate offset, where
    /// `s + (c + tp)` made it compute every register's address separately.
    struct Affine
    {
        std::string base; ///< a scalar expression (a variable or a sum of them)
        std::string reg;  ///< in `r`, parenthesized; "" when 0
        Layout layout;
    };
    void setAffine(ir::ValueId v, Affine a) { m_affine[v] = std::move(a); }
    const Affine *affine(ir::ValueId v) const
    {
        auto it = m_affine.find(v);
        return it == m_affine.end() ? nullptr : &it->second;
    }
    /// Emits `dst[r] = src[...]` for a dst in `dstLayout` reading `src` (in `srcLayout`) through
    /// the bit map `dstToSrc` (flat index of dst -> flat index of src); dst is declared.
    void emitGather(const std::string &dst, const Layout &dstLayout, const std::string &src,
                    const Layout &srcLayout, const ir::Type &elemType,
                    const std::vector<std::int64_t> &dstToSrc);
    /// emitGather's conversion through shared memory when both sides can move vectors: `read`
    /// is dst's layout with its bases mapped into src's flat index. False (nothing emitted)
    /// when the layouts do not allow it.
    bool emitGatherVectorized(const std::string &dst, const Layout &read, const std::string &src,
                              const Layout &srcLayout, const ir::Type &elemType);
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
    /// An integer add of a uniform to an Affine block, as `(s + base) + reg(r)`; false when
    /// `op` is not one (emit_arith.cpp).
    bool emitAffineAdd(const ir::Op &op, const Layout &l);
    /// Which operand of `op` is the uniform of an affine add emitAffineAdd would take, or -1.
    int affineAddUniform(const ir::Op &op, const Layout &l) const;
    /// An elementwise op whose result emitElementwise computes with one loop over the result's
    /// registers (no uniform, affine or equal-run shortcut): one emitElementwiseGroup may share it.
    bool fusableElementwise(const ir::Op &op) const;
    /// A constant, a splat of a scalar, pointer arithmetic or scalar arithmetic: emitted before a run of fusable
    /// ops it sits among (when it reads none of the run's results).
    bool hoistableBeforeRun(const ir::Op &op) const;
    /// Consecutive fusable ops with one result layout, emitted as one loop (emit_arith.cpp).
    void emitElementwiseGroup(const std::vector<const ir::Op *> &group);
    /// How many consecutive registers of `v` in layout `l` axis analysis proves equal (1 if none).
    int equalRun(ir::ValueId v, const Layout &l) const; // emit_arith.cpp
    void emitShape(const ir::Op &op);    // emit_layout.cpp
    void emitJoinSplit(const ir::Op &op); // emit_layout.cpp
    void emitControl(const ir::Op &op);  // emit_control.cpp
    void emitDebug(const ir::Op &op);    // emit_control.cpp
    void emitReduce(const ir::Op &op);   // emit_reduce.cpp
    void emitScan(const ir::Op &op);     // emit_scan.cpp
    /// The combine region of a reduce / scan as a local lambda `fn(a..., x..., out&...)` that
    /// sets out = combine(a, x) (emit_reduce.cpp); returns its name.
    std::string combineFunction(const ir::Op &op);
    /// Shared-memory views for a reduce / scan: one `T *name` per operand over `count`
    /// elements each, laid out one after another in the kernel's buffer; returns the names.
    std::vector<std::string> sharedViews(const ir::Op &op, std::int64_t count);

    /// Static shared memory needed by conversions so far, in bytes.
    std::int64_t sharedBytes = 0;
    /// Records that an op needs `bytes` of tsm_smem (the buffer is reused: the kernel needs the
    /// largest); `what` names the op and its block sizes for the error when it does not fit
    /// ("tl.dot with BLOCK 64x64x32 fp32").
    void needShared(std::int64_t bytes, const SourceSpan &span, const std::string &what)
    {
        if (bytes > sharedBytes) {
            sharedBytes = bytes;
            m_sharedSpan = span;
            m_sharedWhat = what;
        }
    }
    /// SharedMemoryExceeded at the largest user when the kernel's buffer exceeds the limit.
    bool checkSharedLimit();
    void emitDot(const ir::Op &op);    // emit_dot.cpp
    void emitMmaDot(const ir::Op &op); // emit_mma.cpp
    std::vector<DotInfo> dots;
    /// Tensor-core dots in a loop whose operands come from loads pipelined one iteration ahead
    /// (pipeline-dot-loads): those loads copy global memory straight into the dot's shared
    /// memory with cp.async, into a ring of three (four) staging buffers (emit_mma.cpp).
    struct AsyncDot
    {
        std::string slot;         ///< the ring index variable (0 .. slots - 1)
        bool async[2] = {false, false};
        int slots = 3;            ///< buffers in the ring
        /// cp.async groups that may still be in flight when this dot's tiles must have landed:
        /// the loop's later copies (its other dots' and the next iteration's).
        int pendingGroups = 0;
        /// wgmma only: the dot's tensor-core work stays in flight into the next iteration
        /// (wgmma.wait_group 1), which a fourth buffer keeps from being overwritten; the
        /// accumulator is carried in loop slot `accSlot` and waited for after the loop.
        bool overlap = false;
        int accSlot = -1;
        int accRegs = 0;
        /// Bytes into the dot rings' area (tsm_dot_rings, after the shared scratch), or -1: the
        /// ring starts at the scratch (the loop's only shared-memory user).
        std::int64_t region = -1;
        /// Operands the bulk tensor copy engine (TMA) moves instead of cp.async (emit_tma.cpp):
        /// their copies complete on mbarrier `barrier + slot` of tsm_tma_bar, whose parity for
        /// each slot is bit `slot` of `phase`.
        bool tma[2] = {false, false};
        int barrier = -1;
        std::string phase;
        /// Operands copied by cp.async (waited for with cp.async.wait_group).
        bool copies() const { return (async[0] && !tma[0]) || (async[1] && !tma[1]); }
        std::string base() const
        {
            return region < 0 ? "tsm_smem" : "(tsm_smem + tsm_dot_rings + " + std::to_string(region) + ")";
        }
        /// "(slot == slots - 1 ? 0 : slot + 1)": the buffer after the current one.
        std::string next() const
        {
            return "(" + slot + " == " + std::to_string(slots - 1) + " ? 0 : " + slot + " + 1)";
        }
    };
    /// What one TMA-copied operand moves (emit_tma.cpp, tma_box.h).
    using TmaBox = codegen::TmaBox;
    struct AsyncLoad
    {
        const ir::Op *dot = nullptr;
        int operand = 0;  ///< 0: a, 1: b
        bool ahead = false; ///< in the loop (the next iteration's tile) or before it (the first)
        bool tma = false;   ///< copied by the bulk tensor copy engine (emit_tma.cpp), not cp.async
        TmaBox box;         ///< tma: the boxes the copy asks for
    };
    std::map<const ir::Op *, AsyncDot> asyncDots;
    std::map<const ir::Op *, AsyncLoad> asyncLoads;
    std::map<const ir::Op *, std::vector<const ir::Op *>> asyncLoops; ///< loop -> its dots: copies (and overlapped wgmma) waited for after it
    /// Bytes of the dot rings with regions of their own (AsyncDot::region).
    std::int64_t ringBytes = 0;
    /// Whether dots in loops with other shared-memory users may ring in regions of their own
    /// (emitCuda turns it off when those do not fit).
    bool ownRings = true;
    /// Where a tensor-core dot stages its operands in one buffer of tsm_smem: padded rows for
    /// mma.sync (codegen::mmaStaging), swizzled panels for wgmma (codegen::wgmmaStaging).
    /// Where a tensor-core dot in a loop reads an operand from (planAsyncCopies): staged in its
    /// buffer each iteration; staged once before the loop into an area of its own (the operand
    /// is loop-invariant: attention's q); or, wgmma's a only, straight from the registers it
    /// arrives in (it is in the accumulator layout of an earlier dot: attention's p).
    enum class OperandHome { Buffer, Hoisted, Registers };
    struct DotHomes
    {
        OperandHome home[2] = {OperandHome::Buffer, OperandHome::Buffer};
        std::int64_t region[2] = {-1, -1}; ///< Hoisted: bytes into the rings' area (tsm_dot_rings)
    };
    std::map<const ir::Op *, DotHomes> dotHomes;
    /// loop -> the (dot, operand) pairs staged once before it
    std::map<const ir::Op *, std::vector<std::pair<const ir::Op *, int>>> hoistedOperands;
    /// Stages operand `o` of `dot` into its area of its own, before the loop that holds the dot.
    void emitHoistedOperand(const ir::Op &dot, int o); // emit_mma.cpp
    struct DotStagingPlan
    {
        DotPath path = DotPath::MmaSync;
        bool aKMajor = true, bKMajor = false;
        std::int64_t bytes = 0;          ///< one buffer (the operands whose home is the buffer)
        std::int64_t offset[2] = {0, 0}; ///< of a's and b's areas in it, in bytes
        std::int64_t areaBytes[2] = {0, 0}; ///< of a's and b's areas (a multiple of 1024 for wgmma)
        OperandHome home[2] = {OperandHome::Buffer, OperandHome::Buffer};
        std::string index[2];            ///< element f's index in a's / b's area (C, elements)
        bool rowsAlongDim0[2] = {true, true}; ///< the operand's dimension 1 is the staged rows' contiguous one
        SwizzledOperand swizzled[2];     ///< wgmma: how a's and b's areas are swizzled (wgmmaStaging)
    };
    /// Writes the elements of operand `o` of a dot, in registers `src` of layout `l`, to its
    /// area `dst` (vector stores of up to 16 bytes along the staged rows).
    void stageOperand(const DotStagingPlan &plan, int o, DType in, const std::string &dst, const std::string &src,
                      const Layout &l);
    DotStagingPlan stagingPlan(const ir::Op &dot); // emit_mma.cpp
    /// The staging of a tensor-core dot's operands up to the barrier after which they can be
    /// read: picks this iteration's buffer (one, two alternating, or the cp.async ring),
    /// writes the operands that arrive in registers, waits for the copies. Opens no scope.
    struct StagedDot
    {
        std::string a, b;      ///< pointers to the areas (the operand's C element type)
        std::string buffering; ///< for the resource report: ", double-buffered", ...
        const AsyncDot *async = nullptr;
    };
    StagedDot stageDotOperands(const ir::Op &dot, const DotStagingPlan &plan, bool fenceForAsyncProxy);
    void emitWgmmaDot(const ir::Op &op); // emit_wgmma.cpp
    /// Set when the kernel uses sm_90a-only instructions (wgmma) or TMA stores (sm_90 on): it
    /// is compiled for sm_90a on a 9.0 device, never for sm_80.
    bool archSpecific = false;
    void planAsyncCopies();           // emit_mma.cpp
    void emitAsyncLoad(const ir::Op &op); // emit_mma.cpp
    // ---- TMA (emit_tma.cpp) ----
    /// Whether operand `o` of `dot`, loaded by `first` before its loop and `ahead` in it, can
    /// be copied by the bulk tensor copy engine: both are blocks of one host TensorDescriptor
    /// (Load's tensor_desc), the dot is on wgmma and the block lands in its staging as the
    /// hardware's swizzle writes it. Registers the descriptor's tensor map when so.
    /// `def`: each value's defining op (planAsyncCopies's index). Sets `box` when it can.
    bool claimTma(const ir::Op &dot, int o, const DotStagingPlan &plan, const ir::Op &first, const ir::Op &ahead,
                  const std::map<ir::ValueId, const ir::Op *> &def, TmaBox &box);
    /// One elected thread copies the block into the ring buffer (the load's AsyncLoad).
    void emitTmaLoad(const ir::Op &op);
    /// Descriptor stores the copy engine writes (planAsyncCopies claims them with
    /// claimTmaStore): the block goes from registers into shared memory in the box's layout,
    /// then one thread asks for the boxes to be written to global memory.
    std::map<const ir::Op *, TmaBox> tmaStores;
    /// Stores tmaStoreBox accepts (a superset of tmaStores): users of the shared scratch.
    std::set<const ir::Op *> storeCandidates;
    /// Whether descriptor stores may be TMA stores (emitCuda turns it off when their staging
    /// does not fit in shared memory).
    bool tmaStoresOn = true;
    bool claimTmaStore(const ir::Op &store, TmaBox &box);
    /// The tensor map of the descriptor `access` (a Load's or Store's tensor_desc) reads or
    /// writes with `box`: registered on first use; false when an earlier access registered
    /// it with another box, dtype or fill (one map per descriptor).
    bool useTmaMap(const ir::Op &access, DType dtype, const TmaBox &box, bool nanFill);
    void emitTmaStore(const ir::Op &op);
    /// What a copy into a dot's ring (cp.async or TMA) starts with: the load's registers, which
    /// stay unused, zeroed; `comment`; before the loop, the ring starting over (`fenceAsyncProxy`:
    /// earlier shared-memory writes are ordered before the copy engine's). Returns the slot
    /// expression the copy fills.
    std::string startRingCopy(const ir::Op &op, const AsyncLoad &al, const AsyncDot &ad, const std::string &comment,
                              bool fenceAsyncProxy);
    /// Every thread waits until the TMA copies into `ad`'s current buffer have landed.
    void waitTma(const AsyncDot &ad, const std::string &why);
    /// Appends the tensor maps to the kernel's parameters, declares the mbarriers and
    /// initializes them at the kernel's start.
    void finishTma(std::string &signature, std::vector<CudaParam> &params);
    struct TmaMapParam
    {
        std::string name; ///< the C parameter
        TensorMapSpec spec;
    };
    /// A load's tensor_desc with `transposed` cleared (one per descriptor) -> its tensor map.
    std::map<std::vector<std::int64_t>, TmaMapParam> tmaMaps;
    static std::vector<std::int64_t> tmaKey(const ir::Op &load)
    {
        std::vector<std::int64_t> key = load.ints;
        key[1] = 0;
        return key;
    }
    std::vector<int> tmaBarrierCounts;          ///< arrivals each mbarrier of tsm_tma_bar expects
    /// Ops whose values only TMA loads and stores read, as pointers, masks or padding (planAsyncCopies):
    /// emitRegion skips them.
    std::set<const ir::Op *> unemitted;
    /// Records the path `op` (a tl.dot) took, for the resource report.
    void noteDot(const ir::Op &op, std::string path, std::string detail);
    void emitRandom(const ir::Op &op); // emit_random.cpp
    void emitAtomic(const ir::Op &op); // emit_atomic.cpp
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
    std::map<ir::ValueId, Affine> m_affine;
    SourceSpan m_sharedSpan{};
    std::string m_sharedWhat;

    std::string signature(std::vector<CudaParam> &params);
};

} // namespace tsm::codegen
