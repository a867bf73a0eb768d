// tilesmith: the command line. Subcommands follow LANGUAGE.md's entry points.

#include "app/cli/check_command.h"
#include "app/cli/devices_command.h"
#include "app/cli/emit_command.h"
#include "app/cli/profile_command.h"
#include "app/cli/run_command.h"
#include "app/cli/serve_command.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace {
constexpr const char *kVersion = "0.1.0";
}

int main(int argc, char **argv)
{
    CLI::App app{"Tilesmith: check, compile, run and profile Triton kernel programs"};
    app.set_version_flag("--version", std::string("tilesmith ") + kVersion);
    app.require_subcommand(1);

    tsm::cli::CheckOptions check;
    auto *checkCmd = app.add_subcommand("check", "Parse and check files; report diagnostics");
    checkCmd->add_option("files", check.files, "Python files to check")->required();
    checkCmd->add_flag("--json", check.json, "Emit JSON Lines events instead of text");

    tsm::cli::EmitOptions emit;
    auto *emitCmd = app.add_subcommand("emit", "Print a compilation stage of a file");
    emitCmd->add_option("file", emit.file, "Python file")->required();
    auto *what = emitCmd->add_option_group("stage", "What to print (at most one)");
    for (const char *stage : {"tokens", "ast", "ir", "cuda", "ptx", "sass"}) {
        what->add_flag_callback(
            std::string("--") + stage,
            [&emit, stage] { emit.what = stage; },
            std::string("print the ") + stage);
    }
    what->add_option("--cubin", emit.cubinPath, "Write the kernel's cubin to PATH")
        ->type_name("PATH");
    what->require_option(0, 1);
    emitCmd->add_option("--kernel",
                        emit.kernel,
                        "The @triton.jit function to specialize (--ir, --cuda, --ptx, ...)");
    emitCmd->add_option("--signature",
                        emit.signature,
                        "Launch signature, e.g. 'x_ptr=*fp32:16, n=i32, BLOCK=1024'");
    emitCmd->add_flag("--standalone",
                      emit.standalone,
                      "With --cuda: inline the device header so the file compiles alone with "
                      "nvcc -arch=sm_90 -c");
    emitCmd->add_option("--arch",
                        emit.arch,
                        "Target architecture (sm_90, sm_80, compute_90); default: the GPU's, "
                        "else sm_90");
    emitCmd->add_option("--dump-after",
                        emit.dumpAfter,
                        "Print the IR with layouts after every CUDA pass (all) or one pass, "
                        "with per-stage times");
    emitCmd->add_flag("--timings",
                      emit.timings,
                      "Print each compile stage's time (parse, sema, lower, emit, nvrtc, cache) "
                      "on stderr; TILESMITH_CACHE_DIR=- disables the compile cache");

    tsm::cli::DevicesOptions devices;
    auto *devicesCmd = app.add_subcommand(
        "devices", "List CUDA devices with compute capability, SMs, memory, L2, copy bandwidth");
    devicesCmd->add_flag("--json", devices.json, "One JSON object instead of text");

    struct RunCmd
    {
        CLI::App *cmd;
        tsm::cli::RunCommandOptions opts;
    };
    std::vector<std::unique_ptr<RunCmd>> runCmds;
    const struct
    {
        const char *name, *help;
        tsm::run::Mode mode;
    } runModes[] = {
        {"run", "Run a program top to bottom (like `python f.py`)", tsm::run::Mode::Run},
        {"test", "Run every test_* function (like pytest)", tsm::run::Mode::Test},
        {"bench", "Run every perf_report benchmark", tsm::run::Mode::Bench},
    };
    for (const auto &m : runModes) {
        auto r = std::make_unique<RunCmd>();
        r->opts.run.mode = m.mode;
        r->cmd = app.add_subcommand(m.name, m.help);
        r->cmd->add_option("file", r->opts.file, "Python file")->required();
        r->cmd->add_option("--backend", r->opts.run.backend, "Where kernels run: interp or cuda")
            ->check(CLI::IsMember({"interp", "cuda"}));
        r->cmd->add_option("--device",
                           r->opts.run.device,
                           "The GPU that runs the kernels: an ordinal from `tilesmith devices` "
                           "(default 0; implies --backend cuda)")
            ->type_name("N")
            ->check(CLI::NonNegativeNumber);
        r->cmd->add_flag("--json", r->opts.json, "Emit JSON Lines events (docs/run-events.md)");
        r->cmd->add_flag("--autotune-report",
                         r->opts.autotuneReport,
                         "Print every @triton.autotune tuning as a table: each config's time, "
                         "registers, spills, shared memory, occupancy, or why it did not run");
        r->cmd->add_flag_callback(
            "--no-autotune-cache",
            [o = &r->opts] { o->run.autotuneCacheDir = "-"; },
            "Tune every @triton.autotune kernel afresh and keep no choice on disk (default: "
            "choices persist in ~/.cache/tilesmith/autotune, or $TILESMITH_AUTOTUNE_CACHE_DIR)");
        r->cmd->add_flag("--debug",
                         r->opts.run.debug,
                         "Build kernels with debug: tl.device_assert is checked on the GPU too "
                         "(as TRITON_DEBUG=1)");
        if (m.mode == tsm::run::Mode::Test)
            r->cmd->add_option("-k",
                               r->opts.run.testFilter,
                               "Only tests whose name matches (pytest -k: terms, and, or, not)");
        if (m.mode == tsm::run::Mode::Bench)
            r->cmd->add_option("--csv",
                               r->opts.run.csvDirectory,
                               "Write <plot_name>.csv for every benchmark into this folder");
        runCmds.push_back(std::move(r));
    }

    tsm::cli::ProfileCommandOptions profile;
    auto *profileCmd = app.add_subcommand(
        "profile",
        "Run a program on the GPU and profile its kernel launches: CUPTI timing, hardware "
        "counters of each kernel's first launch per grid, roofline, per-line costs");
    profileCmd->add_option("file", profile.program.file, "Python file")->required();
    profileCmd->add_option("--kernel", profile.kernel, "Only this @triton.jit kernel gets counters");
    profileCmd
        ->add_option("--metrics",
                     profile.metrics,
                     "fast (1 replay: time, DRAM/L2 bytes, warps, instructions), roofline (+ FLOP "
                     "counts, 2 replays), sol (+ Speed-of-Light %, about 9 replays) or a "
                     "comma-separated list of metric names")
        ->default_val("fast");
    profileCmd
        ->add_option_function<std::string>(
            "--mode",
            [&profile](const std::string &m) {
                profile.program.run.mode = m == "test"    ? tsm::run::Mode::Test
                                           : m == "bench" ? tsm::run::Mode::Bench
                                                          : tsm::run::Mode::Run;
            },
            "What to run: run (the file top to bottom, default), test, or bench")
        ->check(CLI::IsMember({"run", "test", "bench"}));
    profileCmd->add_option("-k", profile.program.run.testFilter, "With --mode test: pytest's -k");
    profileCmd->add_option("--device", profile.program.run.device, "The GPU (default 0)")
        ->type_name("N")
        ->check(CLI::NonNegativeNumber);
    profileCmd->add_flag("--library-kernels",
                         profile.libraryKernels,
                         "Also replay Tilesmith's own kernels (eager torch ops) for counters");
    profileCmd->add_flag("--stalls",
                         profile.stalls,
                         "Sample warp stalls per Python line (CUPTI PC sampling) instead of "
                         "reading counters: CUPTI cannot do both in one run");
    profileCmd->add_flag("--json", profile.program.json, "Emit JSON Lines events");

    CLI::App *serveCmd = app.add_subcommand(
        "serve", "Speak the JSON Lines runner protocol on stdin/stdout (docs/serve.md): the studio's runner");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : 2;
    }

    if (checkCmd->parsed())
        return tsm::cli::runCheck(check, std::cout, std::cerr);
    if (emitCmd->parsed()) {
        if (!emit.cubinPath.empty())
            emit.what = "cubin";
        return tsm::cli::runEmit(emit, std::cout, std::cerr);
    }
    if (devicesCmd->parsed())
        return tsm::cli::runDevices(devices, std::cout, std::cerr);
    if (serveCmd->parsed())
        return tsm::cli::runServe(std::cin, std::cout);
    for (const auto &r : runCmds)
        if (r->cmd->parsed())
            return tsm::cli::runProgram(r->opts, std::cout, std::cerr);
    if (profileCmd->parsed())
        return tsm::cli::runProfile(profile, std::cout, std::cerr);
    return 2;
}
