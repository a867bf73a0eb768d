#pragma once
// A harness session on the CUDA backend over the fake driver (fake_driver.h): NVRTC compiles
// for real, launches are recorded, not run. For tests of what a program makes the GPU do.

#include "core/cuda/cuda_backend.h"
#include "core/host/host_session.h"
#include "core/syntax/parser.h"
#include "tests/unit/cuda/fake_driver.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace tsm::cuda::test {

struct FakeGpuSession
{
    SourceManager sources;
    ParseResult parsed;
    std::shared_ptr<FakeDriver> driver = std::make_shared<FakeDriver>();
    std::unique_ptr<CudaBackend> backend;
    std::vector<run::RunEvent> events;

    bool run(const std::string &code)
    {
        // NVRTC runs for real; keep its disk cache out of the test.
        ::setenv("TILESMITH_CACHE_DIR", "-", 1);
        const SourceFile &file = sources.add("prog.py", code);
        DiagnosticSink sink;
        parsed = parseModule(file, sink);
        if (sink.errorCount())
            return false;
        backend = std::make_unique<CudaBackend>(driver, [this](FileId id) {
            return id < sources.fileCount() ? &sources.file(id) : nullptr;
        });
        host::HostOptions o;
        o.backend = backend.get();
        o.events = [this](const run::RunEvent &e) { events.push_back(e); };
        host::HostSession session(*parsed.module, std::move(o));
        return session.runModule(true);
    }
    std::string out() const
    {
        std::string s;
        for (const auto &e : events)
            if (e.kind == run::RunEvent::Kind::Stdout)
                s += e.text;
        return s;
    }
    std::string errors() const
    {
        std::string s;
        for (const auto &e : events)
            if (e.kind == run::RunEvent::Kind::Diagnostic && e.diagnostic)
                s += e.diagnostic->message + "\n";
        return s;
    }
};

} // namespace tsm::cuda::test
