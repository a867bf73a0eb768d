#include "app/cli/emit_cuda.h"

#include "core/cuda/cuda_build.h"
#include "core/cuda/driver.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <regex>
#include <unistd.h>

namespace tsm::cli {
namespace fs = std::filesystem;
namespace {

/// --arch, else GPU 0's architecture, else sm_90 (what CI and the golden tests use). Reads the
/// device list only: no context is created, so a compile-time measurement stays a compile's.
std::string chooseArch(const EmitOptions &opts)
{
    if (!opts.arch.empty())
        return opts.arch;
    std::string why;
    std::vector<cuda::DeviceInfo> devices = cuda::Driver::listDevices(&why);
    if (!devices.empty())
        return cuda::archForDevice(devices[0].ccMajor, devices[0].ccMinor);
    return "sm_90";
}

/// An executable called `name` on $PATH, else in $CUDA_HOME/bin (/usr/local/cuda/bin).
std::optional<fs::path> findTool(const std::string &name)
{
    std::vector<fs::path> dirs;
    if (const char *path = std::getenv("PATH")) {
        std::string p = path;
        for (std::size_t start = 0;;) {
            std::size_t colon = p.find(':', start);
            dirs.emplace_back(p.substr(start, colon - start));
            if (colon == std::string::npos)
                break;
            start = colon + 1;
        }
    }
    const char *home = std::getenv("CUDA_HOME");
    dirs.emplace_back(fs::path(home && *home ? home : "/usr/local/cuda") / "bin");
    for (const fs::path &d : dirs) {
        if (d.empty())
            continue;
        fs::path candidate = d / name;
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return std::nullopt;
}

std::string shellQuote(const std::string &s)
{
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

/// Runs `command`, returning its standard output; false when it could not run or failed.
bool capture(const std::string &command, std::string *output)
{
    FILE *pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (!pipe)
        return false;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0)
        output->append(buf, n);
    return ::pclose(pipe) == 0;
}

struct Disassembler
{
    std::optional<fs::path> nvdisasm, cuobjdump;
    bool found() const { return nvdisasm || cuobjdump; }
};

Disassembler findDisassembler()
{
    Disassembler d;
    d.nvdisasm = findTool("nvdisasm");
    if (!d.nvdisasm)
        d.cuobjdump = findTool("cuobjdump");
    return d;
}

bool runDisassembler(const cuda::CudaBuild &build,
                     const Disassembler &tools,
                     std::string *text,
                     std::string *error)
{
    const std::optional<fs::path> &nvdisasm = tools.nvdisasm, &cuobjdump = tools.cuobjdump;
    std::error_code ec;
    fs::path tmp
        = fs::temp_directory_path(ec)
          / ("tilesmith-" + std::to_string(::getpid()) + "-" + build.source.kernelName + ".cubin");
    {
        std::ofstream f(tmp, std::ios::binary);
        f.write(build.compiled.cubin.data(), std::streamsize(build.compiled.cubin.size()));
        if (!f) {
            *error = "cannot write a temporary cubin at " + tmp.string();
            return false;
        }
    }
    std::string out;
    // nvdisasm -c: code sections only; -gi: the #line locations (file.py:N) as comments, with
    // each inlined device-header function's chain down to the Python line that called it
    // (tests/data/studio/swish_kernel_h200_gi.sass: nvdisasm 13.0 on the H200).
    const std::string command
        = nvdisasm ? shellQuote(nvdisasm->string()) + " -c -gi " + shellQuote(tmp.string())
                   : shellQuote(cuobjdump->string()) + " -sass " + shellQuote(tmp.string());
    const bool ok = capture(command, &out);
    fs::remove(tmp, ec);
    if (!ok) {
        *error = std::string(nvdisasm ? "nvdisasm" : "cuobjdump") + " failed:\n" + out;
        return false;
    }
    *text = std::move(out);
    return true;
}

const char *const kNoDisassembler
    = "neither nvdisasm nor cuobjdump was found on PATH or in $CUDA_HOME/bin; install the CUDA "
      "toolkit's binary utilities (cuda-nvdisasm) or write the cubin with --cubin PATH and "
      "disassemble it elsewhere";

int printSass(const cuda::CudaBuild &build,
              const Disassembler &tools,
              std::ostream &out,
              std::ostream &err)
{
    std::string text, error;
    if (!runDisassembler(build, tools, &text, &error)) {
        err << "tilesmith emit --sass: " << error;
        return 1;
    }
    out << text;
    return 0;
}

void printTimings(const cuda::CudaBuild &build,
                  const FrontEndTimes &frontEnd,
                  bool compiled,
                  const std::string &arch,
                  std::ostream &err)
{
    auto line = [&](const std::string &name, double ms, const std::string &extra = {}) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "  %-22s %10.3f ms", name.c_str(), ms);
        err << buf << extra << "\n";
    };
    const cuda::CudaBuildTimes &t = build.times;
    err << "timings: " << build.source.kernelName << " for " << arch << "\n";
    line("parse", frontEnd.parseMs);
    line("sema", frontEnd.semaMs);
    line("lower", t.lowerMs);
    for (const passes::PassTiming &p : t.passes)
        line("  " + p.pass, p.ms);
    line("emit", t.emitMs);
    double total = frontEnd.parseMs + frontEnd.semaMs + t.lowerMs + t.emitMs;
    if (compiled) {
        line("nvrtc", t.nvrtcMs, t.cacheHit ? " (cache hit)" : " (cache miss)");
        for (const cuda::StageTime &s : t.nvrtcStages)
            line("  " + s.stage, s.ms);
        total += t.nvrtcMs;
    }
    line("total", total);
    for (const codegen::DotInfo &d : build.source.dots)
        err << "tl.dot" << (d.line ? " at line " + std::to_string(d.line) : std::string()) << ": "
            << d.path << " (" << d.detail << ")\n";
}

} // namespace

bool disassembleSass(const cuda::CudaBuild &build, std::string *text, std::string *error)
{
    const Disassembler tools = findDisassembler();
    if (!tools.found()) {
        *error = kNoDisassembler;
        return false;
    }
    return runDisassembler(build, tools, text, error);
}

int emitCudaStages(const EmitOptions &opts,
                   std::shared_ptr<const ir::Kernel> kernel,
                   const SourceFile &file,
                   const FrontEndTimes &frontEnd,
                   DiagnosticSink &sink,
                   std::ostream &out,
                   std::ostream &err)
{
    const std::string &what = opts.what;
    if (opts.standalone && what != "cuda") {
        err << "tilesmith emit: --standalone goes with --cuda\n";
        return 2;
    }
    if (opts.standalone && opts.timings) {
        err << "tilesmith emit: --timings measures the kernel as Tilesmith builds it, not the "
               "--standalone file; drop one of them\n";
        return 2;
    }
    std::vector<std::string> passNames = passes::cudaPassNames();
    if (!opts.dumpAfter.empty() && opts.dumpAfter != "all"
        && std::find(passNames.begin(), passNames.end(), opts.dumpAfter) == passNames.end()) {
        std::string list;
        for (const std::string &p : passNames)
            list += (list.empty() ? "" : ", ") + p;
        err << "tilesmith emit: --dump-after=" << opts.dumpAfter
            << " names no pass; use all or one of: " << list << "\n";
        return 2;
    }
    const std::string arch = chooseArch(opts);
    if (!std::regex_match(arch, std::regex("(sm|compute)_[0-9]+[af]?"))) {
        err << "tilesmith emit: --arch " << arch << ": expected sm_XY (e.g. sm_90) or compute_XY\n";
        return 2;
    }
    const bool needsCubin = what == "sass" || what == "cubin";
    if (needsCubin && arch.rfind("sm_", 0) != 0) {
        err << "tilesmith emit --" << what << ": " << arch
            << " gives PTX only; pass --arch sm_XY for a cubin\n";
        return 2;
    }

    // Before compiling: a missing disassembler is the user's to fix, not a compile error.
    Disassembler tools;
    if (what == "sass") {
        tools = findDisassembler();
        if (!tools.found()) {
            err << "tilesmith emit --sass: " << kNoDisassembler << "\n";
            return 2;
        }
    }

    cuda::CudaBuildOptions options;
    options.arch = arch;
    options.emit.standalone = opts.standalone;
    options.compile = what == "ptx" || needsCubin || opts.timings;
    if (!opts.dumpAfter.empty()) {
        options.pipeline.dumpAfter = [&](std::string_view pass, const codegen::LoweredKernel &lk) {
            if (opts.dumpAfter != "all" && pass != opts.dumpAfter)
                return;
            out << "// -----// IR Dump After " << pass << " //----- //\n"
                << passes::printLowered(lk, &file) << "\n";
        };
    }
    std::optional<cuda::CudaBuild> build = cuda::buildCuda(kernel, &file, options, sink);
    if (!build)
        return 1;
    if (!opts.dumpAfter.empty() && !opts.timings) {
        out << "// per-stage times:";
        for (const passes::PassTiming &p : build->times.passes) {
            char buf[64];
            std::snprintf(buf, sizeof buf, " %s %.3f ms;", p.pass.c_str(), p.ms);
            out << buf;
        }
        char buf[96];
        std::snprintf(buf,
                      sizeof buf,
                      " lower %.3f ms; emit %.3f ms\n",
                      build->times.lowerMs,
                      build->times.emitMs);
        out << buf;
    }
    int rc = 0;
    if (what == "cuda") {
        out << build->source.code;
    } else if (what == "ptx") {
        out << build->compiled.ptx;
    } else if (what == "sass") {
        rc = printSass(*build, tools, out, err);
    } else if (what == "cubin") {
        std::ofstream f(opts.cubinPath, std::ios::binary);
        f.write(build->compiled.cubin.data(), std::streamsize(build->compiled.cubin.size()));
        f.close();
        if (!f) {
            err << "tilesmith emit --cubin: cannot write '" << opts.cubinPath << "'\n";
            rc = 2;
        }
    }
    out.flush();
    if (opts.timings)
        printTimings(*build, frontEnd, options.compile, arch, err);
    return rc;
}

} // namespace tsm::cli
