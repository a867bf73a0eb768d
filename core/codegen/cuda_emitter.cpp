// emitCuda: the kernel's signature, its prologue (thread indices per layout, the shared
// buffer of layout conversions) and the body op by op, with #line directives. The topics live
// in emit_types / emit_layout / emit_memory / emit_arith / emit_control.

#include "core/codegen/cuda_emitter.h"

#include "core/codegen/emit_context.h"
#include "core/codegen/shared_memory.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

namespace tsm::codegen {
namespace {

/// Names a Python variable cannot take in the generated C: keywords, CUDA built-ins, the math
/// functions the code calls, and the emitter's own variables.
const std::set<std::string> &reservedNames()
{
    static const std::set<std::string> names = [] {
        std::set<std::string> s = {
            "alignas", "alignof", "asm", "auto", "bool", "break", "case", "catch", "char",
            "class", "const", "constexpr", "const_cast", "continue", "decltype", "default",
            "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export",
            "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long",
            "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private",
            "protected", "public", "register", "reinterpret_cast", "restrict", "return",
            "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
            "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef",
            "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
            "wchar_t", "while", "and", "or", "not", "xor", "bitand", "bitor", "compl",
            "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "printf", "dim3",
            "lane", "warp", "r", "flat", "smem", "tsm", "tsm_smem", "min", "max", "abs",
            "fminf", "fmaxf", "fmin", "fmax", "fmaf", "fma", "fabsf", "fabs", "assert",
            "uint4", "uint2", "float4", "float2", "half", "signed", "main"};
        for (int f = 0;; ++f) {
            const std::string_view n = ir::mathFnName(ir::MathFn(f));
            s.insert(std::string(n));
            s.insert(std::string(n) + "f");
            if (ir::MathFn(f) == ir::MathFn::Clz)
                break;
        }
        return s;
    }();
    return names;
}

std::string sanitize(const std::string &n)
{
    std::string s;
    for (char c : n)
        s += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
        s = "v" + s;
    return s;
}

std::string stripPragmaOnce(std::string_view text)
{
    std::string s(text);
    const std::string once = "#pragma once\n";
    if (auto p = s.find(once); p != std::string::npos)
        s.erase(p, once.size());
    return s;
}

} // namespace

Emitter::Emitter(const LoweredKernel &lk_, const SourceFile *file_, const EmitOptions &options_,
                 DiagnosticSink &diags_)
    : lk(lk_)
    , k(lk_.kernel)
    , file(file_)
    , options(options_)
    , diags(diags_)
{
    m_names.resize(k.values.size());
}

std::string Emitter::fresh(const std::string &base)
{
    std::string b = sanitize(base);
    static const std::regex internal("(tp|owner)[0-9]+");
    if (reservedNames().count(b) || std::regex_match(b, internal))
        b += "_";
    std::string n = b;
    for (int i = 1; m_used.count(n); ++i)
        n = b + "_" + std::to_string(i);
    m_used.insert(n);
    return n;
}

const std::string &Emitter::define(ir::ValueId v)
{
    const std::string &py = k.values[v].name;
    m_names[v] = fresh(py.empty() ? "v" + std::to_string(v) : py);
    return m_names[v];
}

void Emitter::raw(const std::string &text)
{
    m_body << std::string(std::size_t(4 * m_indent), ' ') << text << "\n";
    ++m_nextPhysical;
}

void Emitter::line(const std::string &text)
{
    const bool noCode = text.empty() || text.starts_with("//") || text.starts_with("#")
                        || text == "{" || text.starts_with("}") || text.starts_with("for (int r")
                        || (text.ends_with("];") && text.find('=') == std::string::npos);
    if (!noCode && m_lastLine && m_nextPhysical != m_lastLine) {
        raw(m_lineDirective);
        m_nextPhysical = m_lastLine;
    }
    raw(text);
}

void Emitter::sourceLine(const ir::Op &op)
{
    if (!file || op.span.file != file->id() || op.span.end == 0)
        return;
    const std::uint32_t n = file->lineCol(op.span.begin).line;
    if (n == m_lastLine)
        return;
    std::string text(file->lineText(n));
    const auto b = text.find_first_not_of(" \t");
    text = b == std::string::npos ? "" : text.substr(b);
    if (!text.empty())
        line("// " + text);
    setLineDirective(n);
}

void Emitter::restoreSourceLine(const ir::Op &op)
{
    if (!file || op.span.file != file->id() || op.span.end == 0) {
        m_lastLine = 0;
        return;
    }
    setLineDirective(file->lineCol(op.span.begin).line);
}

void Emitter::setLineDirective(std::uint32_t n)
{
    m_lastLine = n;
    std::string fname = options.lineFileName.empty() ? file->path() : options.lineFileName;
    std::string escaped;
    for (char c : fname)
        escaped += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    // The directive itself is written before the first line of code (declarations, loop
    // headers and pragmas generate no code of their own).
    m_lineDirective = "#line " + std::to_string(n) + " \"" + escaped + "\"";
    m_nextPhysical = 0;
}

void Emitter::unrolledLoop(int n, const std::string &stmt, int step)
{
    line("#pragma unroll");
    line("for (int r = 0; r < " + std::to_string(n) + "; "
         + (step == 1 ? std::string("++r") : "r += " + std::to_string(step)) + ")");
    ++m_indent;
    line(stmt);
    --m_indent;
}

void Emitter::declare(ir::ValueId v)
{
    const ir::Type &t = k.type(v);
    const std::string &n = define(v);
    line(cValueType(t.scalar()) + " " + n + "[" + std::to_string(layout(v).numRegs()) + "];");
}

std::string Emitter::at(ir::ValueId v, const std::string &arrayName) const
{
    if (!isBlock(v))
        return name(v);
    if (arrayName.empty() && isUniform(v))
        return uniform(v);
    return (arrayName.empty() ? name(v) : arrayName) + "[r]";
}

void Emitter::unsupported(const ir::Op &op, const std::string &what)
{
    diags.report(DiagKind::UnsupportedOnBackend, op.span,
                 {what, "CUDA", "; run it with --backend interp"});
    failed = true;
}

void Emitter::emitRegion(const ir::Region &region)
{
    for (std::size_t i = 0; i < region.ops.size(); ++i) {
        const ir::Op &op = region.ops[i];
        if (failed)
            return;
        if (op.code == ir::OpCode::Yield || op.code == ir::OpCode::Condition || unemitted.count(&op))
            continue; // the parent op assigns its region's results; no one reads an unemitted op's
        if (fusableElementwise(op)) {
            // A run of elementwise ops on the same layout: one loop (emitElementwiseGroup). The
            // constants, splats and scalar arithmetic between them, which read nothing the run
            // computes, are emitted before it.
            std::vector<const ir::Op *> group{&op}, hoisted, pending;
            std::set<ir::ValueId> computed{op.result()};
            std::size_t last = i;
            for (std::size_t j = i + 1; j < region.ops.size(); ++j) {
                const ir::Op &next = region.ops[j];
                if (unemitted.count(&next))
                    continue;
                if (fusableElementwise(next) && layout(next.result()).sameAs(layout(op.result()))) {
                    hoisted.insert(hoisted.end(), pending.begin(), pending.end());
                    pending.clear();
                    group.push_back(&next);
                    computed.insert(next.result());
                    last = j;
                    continue;
                }
                const bool readsRun = std::any_of(next.operands.begin(), next.operands.end(),
                                                  [&](ir::ValueId v) { return computed.count(v) != 0; });
                if (readsRun || !hoistableBeforeRun(next))
                    break;
                pending.push_back(&next);
            }
            if (group.size() > 1) {
                const std::uint32_t before = m_lastLine;
                for (const ir::Op *h : hoisted) {
                    restoreSourceLine(*h); // its #line, but no comment out of the source's order
                    emitOp(*h);
                }
                if (before)
                    setLineDirective(before);
                else
                    m_lastLine = 0;
                emitElementwiseGroup(group);
                i = last;
                continue;
            }
        }
        sourceLine(op);
        emitOp(op);
    }
}

void Emitter::emitOp(const ir::Op &op)
{
    using ir::OpCode;
    if (emitsElementwise(op.code))
        return emitElementwise(op);
    switch (op.code) {
    case OpCode::Constant:
    case OpCode::MakeRange:
    case OpCode::Splat:
    case OpCode::Broadcast:
    case OpCode::ExpandDims:
    case OpCode::Reshape:
    case OpCode::Permute:
    case OpCode::ConvertLayout:
    case OpCode::Hint: return emitShape(op);
    case OpCode::Join:
    case OpCode::Split: return emitJoinSplit(op);
    case OpCode::ProgramId:
    case OpCode::NumPrograms: {
        static const char *const kAxis[] = {"x", "y", "z"};
        const char *axis = kAxis[op.i >= 0 && op.i < 3 ? op.i : 0];
        const std::string src = op.code == OpCode::ProgramId ? "blockIdx." : "gridDim.";
        line("int " + define(op.result()) + " = " + src + axis + ";");
        return;
    }
    case OpCode::Load:
    case OpCode::Store: return emitMemory(op);
    case OpCode::Reduce: return emitReduce(op);
    case OpCode::Scan: return emitScan(op);
    case OpCode::If:
    case OpCode::For:
    case OpCode::While:
    case OpCode::Return: return emitControl(op);
    case OpCode::Assume:
    case OpCode::DebugBarrier:
    case OpCode::Print:
    case OpCode::DeviceAssert: return emitDebug(op);
    case OpCode::Dot: return emitDot(op);
    case OpCode::Rand:
    case OpCode::Randn:
    case OpCode::Randint:
    case OpCode::Randint4x: return emitRandom(op);
    case OpCode::AtomicRMW:
    case OpCode::AtomicCAS: return emitAtomic(op);
    default: return unsupported(op, std::string(ir::opName(op.code)));
    }
}

std::string Emitter::signature(std::vector<CudaParam> &params)
{
    std::string s;
    for (std::size_t i = 0; i < k.params.size(); ++i) {
        const ir::Param &p = k.params[i];
        if (p.isConstexpr || p.value == ir::kNoValue)
            continue; // constexprs and parameters specialized to 1 are folded into the code
        const ir::Type &t = k.type(p.value);
        CudaParam cp;
        cp.name = fresh(p.name);
        cp.index = i;
        cp.dtype = t.dtype;
        cp.pointer = t.pointer;
        m_names[p.value] = cp.name;
        s += (s.empty() ? "" : ", ") + cValueType(t) + " " + cp.name;
        params.push_back(std::move(cp));
    }
    return s;
}

std::optional<CudaSource> Emitter::run()
{
    CudaSource out;
    out.threadsPerBlock = lk.threadsPerProgram();
    out.kernelName = sanitize(k.name);
    m_used.insert(out.kernelName);
    std::string params = signature(out.params);
    planAsyncCopies();
    emitRegion(k.body);
    if (ringBytes > 0) {
        // Dot rings of their own go after the scratch every other user shares, 1024-aligned
        // (wgmma's swizzle).
        const std::int64_t base = (sharedBytes + 1023) / 1024 * 1024;
        m_prologue.insert(m_prologue.begin(), "constexpr int tsm_dot_rings = " + std::to_string(base)
                                                  + "; // tl.dot staging rings of their own start here");
        sharedBytes = base + ringBytes;
    }
    finishTma(params, out.params);
    if (failed || !checkSharedLimit())
        return std::nullopt;
    out.sharedBytes = sharedBytes;
    out.dynamicSharedBytes = sharedBytes > kStaticSharedLimit ? sharedBytes : 0;
    out.usesPrintf = usesPrintf;
    out.dots = dots;
    out.archSpecific = archSpecific;

    const std::string T = std::to_string(out.threadsPerBlock);
    std::ostringstream code;
    code << "// Generated by Tilesmith from kernel '" << k.name << "'";
    if (file)
        code << " in " << (options.lineFileName.empty() ? file->path() : options.lineFileName);
    code << ".\n// One program = one thread block of " << T << " threads (num_warps="
         << lk.numWarps() << ").\n";
    const bool wgmma = std::any_of(dots.begin(), dots.end(), [](const DotInfo &d) { return d.path == "wgmma"; });
    if (archSpecific && wgmma)
        code << "// Its tl.dot uses wgmma, an sm_90a instruction: build it for sm_90a only\n"
                "// (nvcc -gencode arch=compute_90a,code=sm_90a; -arch=sm_90a adds compute_90 PTX, which has no wgmma).\n";
    else if (archSpecific)
        code << "// It stores through the TMA copy engine (sm_90): build it for the device's architecture, sm_90a\n"
                "// on an H100 / H200 (nvcc -gencode arch=compute_90a,code=sm_90a).\n";
    // The fp16 / bf16 headers cost NVRTC more than the rest of a small kernel: include them
    // only when the body uses those types or intrinsics (__half, __hfma, __float2bfloat16_rn...).
    const std::string body = m_body.str();
    const bool half = params.find("half") != std::string::npos
                      || body.find("half") != std::string::npos
                      || body.find("__hfma") != std::string::npos;
    const bool bf16 = params.find("bfloat16") != std::string::npos
                      || body.find("bfloat16") != std::string::npos;
    if (half)
        code << "#include <cuda_fp16.h>\n";
    if (bf16)
        code << "#include <cuda_bf16.h>\n";
    if (options.standalone) {
        code << "\n// ---- tilesmith_device.cuh ----\n"
             << stripPragmaOnce(deviceHeader()) << "// ---- end of tilesmith_device.cuh ----\n\n";
    } else {
        code << "#include \"" << kDeviceHeaderName << "\"\n\n";
    }
    // Triton's maxnreg is a register cap; CUDA's __maxnreg__ cannot be combined with
    // __launch_bounds__, so it replaces it.
    code << "extern \"C\" __global__ void ";
    if (k.maxnreg > 0)
        code << "__maxnreg__(" << k.maxnreg << ") ";
    else
        code << "__launch_bounds__(" << T << ") ";
    code << out.kernelName << "(" << params << ")\n{\n";
    std::string prologue;
    for (const std::string &l : m_prologue)
        prologue += "    " + l + "\n";
    // Reductions and scans use lane / warp in the body too.
    if (prologue.find("lane") != std::string::npos || body.find("lane") != std::string::npos)
        code << "    const int lane = threadIdx.x & 31;\n";
    if (prologue.find("warp") != std::string::npos || body.find("warp") != std::string::npos)
        code << "    const int warp = threadIdx.x >> 5;\n";
    // wgmma's and TMA's 128-byte swizzle repeats every 1024 bytes, counted from a 1024-byte
    // boundary.
    const int align = archSpecific || !tmaMaps.empty() ? 1024 : 16;
    if (out.dynamicSharedBytes > 0)
        code << "    // layout conversions and tl.dot operands go through this buffer: "
             << sharedBytes << " bytes,\n    // more than a static declaration allows, so the "
             << "launch passes it as dynamic shared memory\n"
             << "    extern __shared__ __align__(" << align << ") unsigned char tsm_smem[];\n";
    else if (sharedBytes > 0)
        code << "    // layout conversions exchange registers through this buffer\n"
             << "    __shared__ __align__(" << align << ") unsigned char tsm_smem[" << sharedBytes << "];\n";
    code << prologue << body << "}\n";
    if (options.standalone) {
        std::string args, decl;
        for (const CudaParam &p : out.params) {
            args += (args.empty() ? "" : ", ") + p.name;
            decl += ", "
                    + (p.tensorMap ? std::string("const tsm::TmaMap &")
                       : p.pointer ? cMemType(p.dtype) + "* "
                                   : cType(p.dtype) + " ")
                    + p.name;
        }
        const std::string dyn = std::to_string(out.dynamicSharedBytes);
        code << "\n// Launch: one block of " << T << " threads per program, grid = the number of "
             << "programs\n// along x, y, z (Triton's grid), "
             << (out.dynamicSharedBytes ? dyn + " bytes of dynamic shared memory.\n"
                                        : std::string("no dynamic shared memory.\n"))
             << "#if !defined(__CUDACC_RTC__)\n"
             << "inline void launch_" << out.kernelName << "(dim3 grid, cudaStream_t stream" << decl
             << ")\n{\n";
        if (out.dynamicSharedBytes)
            code << "    cudaFuncSetAttribute(" << out.kernelName
                 << ", cudaFuncAttributeMaxDynamicSharedMemorySize, " << dyn << ");\n";
        code << "    " << out.kernelName << "<<<grid, " << T << ", " << dyn << ", stream>>>("
             << args << ");\n}\n#endif\n";
    }
    out.code = code.str();
    return out;
}

bool Emitter::checkSharedLimit()
{
    const std::int64_t limit
        = options.sharedLimitBytes > 0 ? options.sharedLimitBytes : sharedLimitForArch("sm_90");
    if (sharedBytes <= limit)
        return true;
    const std::string target = !options.sharedLimitTarget.empty() ? options.sharedLimitTarget
                               : options.sharedLimitBytes > 0     ? std::string("this GPU")
                                                                  : std::string("sm_90");
    const bool named = !m_sharedWhat.empty();
    diags.report(DiagKind::SharedMemoryExceeded,
                 named && m_sharedSpan.end != 0 ? m_sharedSpan : k.span,
                 {named ? m_sharedWhat : "kernel '" + k.name + "'",
                  sharedSizeText(sharedBytes),
                  target,
                  sharedSizeText(limit),
                  "; use smaller block sizes"});
    failed = true;
    return false;
}

std::optional<CudaSource> emitCuda(const LoweredKernel &kernel,
                                   const SourceFile *file,
                                   const EmitOptions &options,
                                   DiagnosticSink &diags)
{
    // Dot rings of their own (several shared-memory users in a loop) and TMA stores (a block
    // in the scratch) cost shared memory; when the kernel does not fit, it is emitted again
    // without the stores' staging, then with the dots staging through the scratch as before.
    bool tmaStores = true, ownRings = true;
    for (;;) {
        DiagnosticSink attempt;
        Emitter e(kernel, file, options, attempt);
        e.tmaStoresOn = tmaStores;
        e.ownRings = ownRings;
        std::optional<CudaSource> out = e.run();
        const bool tooBig = !out
                            && std::all_of(attempt.diagnostics().begin(), attempt.diagnostics().end(),
                                           [](const Diagnostic &d) { return d.kind == DiagKind::SharedMemoryExceeded; });
        if (tooBig && !e.tmaStores.empty()) {
            tmaStores = false;
            continue;
        }
        if (tooBig && e.ringBytes > 0 && ownRings) {
            ownRings = false;
            continue;
        }
        for (const Diagnostic &d : attempt.diagnostics())
            diags.add(d);
        return out;
    }
}

} // namespace tsm::codegen
