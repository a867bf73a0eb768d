#pragma once
// The harness side of kernel launches (LANGUAGE.md "Launch"): a @triton.jit function object
// that `kernel[grid](*args, META=..., num_warps=, num_stages=)` binds, specializes (one
// compiled kernel per Signature::key()), compiles and launches on the session's Backend, and
// the launchable wrappers that triton.autotune and triton.heuristics put around it.

#include "core/host/object.h"
#include "core/host/py_exception.h"
#include "core/run/backend.h"
#include "core/sema/signature.h"
#include "core/tensor/tensor.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tsm::host {

class JitFunctionObject;

/// Anything `kernel[grid](...)` works on: a JIT function, an Autotuner, a Heuristics wrapper.
class LaunchableObject : public Object
{
public:
    /// kernel[grid]: a callable that launches.
    Value getItem(const Value &grid) override;
    std::optional<Value> getAttr(std::string_view name) override;
    bool callable() const override { return true; }
    /// Calling a kernel like a Python function is an error in Triton too.
    Value call(CallArgs &args) override;

    /// Launches over `grid` with the call's arguments (launch options among `kwargs`).
    virtual void launch(Interpreter &interp,
                        const Value &grid,
                        std::vector<Value> args,
                        std::vector<Kwarg> kwargs,
                        SourceSpan span)
        = 0;
    /// The @triton.jit function underneath.
    virtual JitFunctionObject &jit() = 0;
    /// Adds to `kwargs` what this wrapper and those below it would add before the @triton.jit
    /// function sees the call (triton.heuristics' values); nothing by default.
    virtual void prepare(Interpreter &interp, const std::vector<Value> &args, std::vector<Kwarg> &kwargs)
    {
        (void) interp;
        (void) args;
        (void) kwargs;
    }
};

/// Kernel launch options that are not kernel parameters (num_warps, num_stages, ...).
struct LaunchOptions
{
    int numWarps = 4;
    int numStages = 3;
    int maxnreg = 0; ///< 0: none
};

/// One parameter of the kernel's Python signature.
struct KernelParam
{
    std::string name;
    bool isConstexpr = false;
    bool hasDefault = false;
    Value defaultValue;
};

class JitFunctionObject final : public LaunchableObject
{
public:
    /// `fn` is the decorated FunctionObject.
    explicit JitFunctionObject(Value fn);
    std::string_view typeName() const override { return "JITFunction"; }
    std::string repr() const override;
    std::optional<Value> getAttr(std::string_view name) override;

    void launch(Interpreter &interp,
                const Value &grid,
                std::vector<Value> args,
                std::vector<Kwarg> kwargs,
                SourceSpan span) override;
    JitFunctionObject &jit() override { return *this; }

    const std::string &name() const { return m_name; }
    const std::vector<KernelParam> &params() const { return m_params; }
    /// Binds a call to one value per parameter (defaults applied) and the launch options;
    /// raises a KernelArgumentMismatch-backed TypeError on a count or name mismatch.
    std::vector<Value> bind(std::vector<Value> args,
                            std::vector<Kwarg> kwargs,
                            SourceSpan span,
                            LaunchOptions &options) const;
    /// The launch signature of bound arguments (raises for arguments a kernel cannot take).
    sema::Signature signatureOf(const std::vector<Value> &bound,
                                const LaunchOptions &options,
                                SourceSpan span) const;
    /// Specializes and compiles (cached by signature key); raises with the sema diagnostic.
    std::shared_ptr<CompiledKernel>
    compile(Interpreter &interp, const sema::Signature &sig, SourceSpan span);
    /// What compiling one signature gave: the kernel, or the CompilationError to raise.
    struct CompileOutcome
    {
        std::shared_ptr<CompiledKernel> kernel;
        std::optional<PyException> error;
        bool built = false; ///< built now (not from kernel.cache)
    };
    /// compile() for several signatures at once (an autotuner's configs): specialized one by
    /// one, then built by the backend on several threads. Errors are returned, not raised.
    std::vector<CompileOutcome>
    compileAll(Interpreter &interp, const std::vector<sema::Signature> &sigs);
    /// Number of compiled specializations (kernel.cache size).
    std::size_t cacheSize() const { return m_cache.size(); }
    /// @triton.jit(debug=True): check tl.device_assert on the GPU too (as TRITON_DEBUG=1).
    void setDebug(bool debug) { m_debug = debug; }
    bool debug() const { return m_debug; }
    /// @triton.jit(launch_metadata=fn): fn(grid, kernel, args) -> {"bytes", "flops", ...}, called
    /// at launches while a profiler watches (as Triton calls it for proton).
    void setLaunchMetadata(Value fn) { m_launchMetadata = std::move(fn); }
    /// @triton.jit(do_not_specialize=[...], do_not_specialize_on_alignment=[...]): parameters
    /// (names or indices) whose ints are not compiled as 1 / multiples of 16, or whose pointers
    /// and ints are not assumed 16-aligned. Raises for a name that is no parameter.
    void setUnspecialized(const Value &values, const Value &alignmentOnly);
    /// Calls the launch_metadata function for one launch; raises when it fails or returns no
    /// dict.
    AnalyticCost launchMetadata(Interpreter &interp,
                                const Grid &grid,
                                const std::vector<Value> &bound,
                                const LaunchOptions &options) const;

private:
    Value m_fn;
    const ast::FunctionDef *m_def = nullptr;
    std::string m_name;
    std::vector<KernelParam> m_params;
    std::map<std::string, std::shared_ptr<CompiledKernel>> m_cache;
    bool m_debug = false;
    Value m_launchMetadata;
    std::vector<bool> m_noSpecialize;  ///< by parameter: do_not_specialize
    std::vector<bool> m_noAlignment;   ///< by parameter: either list
};

/// A tensor as a kernel's pointer argument: its storage and the byte offset of element 0.
LaunchArg pointerLaunchArg(const tensor::Tensor &t, std::string label);

/// Whether TRITON_DEBUG asks for debug builds ("1", "true", "on", "yes"; any case).
bool tritonDebugFromEnvironment();

/// Evaluates a launch grid: a tuple/list of 1-3 ints, an int, or a callable over the meta dict.
Grid evaluateGrid(Interpreter &interp, const Value &grid, const Value &metaDict);
/// A dict of the bound arguments by parameter name (the grid lambda's `meta`).
Value metaDict(const JitFunctionObject &jit, const std::vector<Value> &bound);

/// triton.jit / triton.autotune / triton.heuristics / triton.Config values (kernel_tuning.cpp).
Value makeJitDecorator();
Value makeAutotuneDecorator();
Value makeHeuristicsDecorator();
Value makeConfigType();

} // namespace tsm::host
