#include "app/cli/serve_command.h"

#include "app/cli/check_command.h"
#include "app/cli/code_views.h"
#include "app/cli/devices_command.h"
#include "app/cli/emit_command.h"

#include "core/run/event_json.h"
#include "core/run/runner.h"
#include "profiler/launch_profiler.h"
#include "profiler/metric_sets.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>

namespace tsm::cli {
namespace {

using nlohmann::json;

constexpr int kProtocolVersion = 1;
constexpr const char *kRequests[] = {"check", "emit", "code", "devices", "run", "test", "bench", "profile", "cancel", "shutdown"};

class Server
{
public:
    explicit Server(std::ostream &out)
        : m_out(out)
    {
        // Test hook (docs/serve.md): crash after this many events of a run, as a faulting
        // kernel would, so the studio's recovery can be tested.
        if (const char *n = std::getenv("TILESMITH_SERVE_TEST_ABORT_AFTER_EVENTS"))
            m_abortAfterEvents = std::atol(n);
    }

    int serve(std::istream &in)
    {
        send(json{{"event", "hello"},
                  {"protocol", "tilesmith-serve"},
                  {"version", kProtocolVersion},
                  {"requests", kRequests}});
        std::thread worker([this] { work(); });
        std::string line;
        json shutdownId;
        bool shutdown = false;
        while (!shutdown && std::getline(in, line)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            shutdown = !accept(line, &shutdownId);
        }
        {
            // shutdown: what is queued still runs, then the runner exits. The end of the input
            // (the studio went away): stop what runs, drop what waits.
            std::lock_guard lock(m_mutex);
            m_stopping = true;
            if (!shutdown) {
                m_cancel = true;
                for (const json &r : m_queue)
                    done(r["id"], 130, "the runner's input ended");
                m_queue.clear();
            }
        }
        m_wake.notify_all();
        worker.join();
        if (shutdown)
            done(shutdownId, 0);
        return 0;
    }

private:
    /// One line of input; false on shutdown (its id in `shutdownId`).
    bool accept(const std::string &line, json *shutdownId)
    {
        json r = json::parse(line, nullptr, false);
        if (r.is_discarded() || !r.is_object()) {
            send(json{{"event", "error"}, {"message", "not a JSON object: " + line.substr(0, 200)}});
            return true;
        }
        const json id = r.contains("id") ? r["id"] : json();
        const std::string what = r.value("request", std::string());
        if (what == "shutdown") {
            *shutdownId = id;
            return false;
        }
        if (what == "cancel") {
            cancel(id, r.contains("target") ? r["target"] : json());
            return true;
        }
        bool known = false;
        for (const char *k : kRequests)
            known = known || what == k;
        if (!known) {
            send(json{{"id", id}, {"event", "error"}, {"message", "unknown request '" + what + "'"}});
            done(id, 2);
            return true;
        }
        {
            std::lock_guard lock(m_mutex);
            m_queue.push_back(std::move(r));
        }
        m_wake.notify_all();
        return true;
    }

    void cancel(const json &id, const json &target)
    {
        std::unique_lock lock(m_mutex);
        bool found = false;
        if (!target.is_null() && target == m_current) {
            m_cancel = true;
            found = true;
        }
        for (auto it = m_queue.begin(); it != m_queue.end(); ++it)
            if ((*it)["id"] == target) {
                m_queue.erase(it);
                lock.unlock();
                done(target, 130, "cancelled before it started");
                lock.lock();
                found = true;
                break;
            }
        lock.unlock();
        send(json{{"id", id}, {"event", "cancel"}, {"target", target}, {"found", found}});
        done(id, found ? 0 : 1);
    }

    void work()
    {
        for (;;) {
            json r;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, [&] { return m_stopping || !m_queue.empty(); });
                if (m_queue.empty())
                    return;
                r = std::move(m_queue.front());
                m_queue.pop_front();
                m_current = r["id"];
                m_cancel = false;
            }
            const int code = handle(r);
            {
                std::lock_guard lock(m_mutex);
                m_current = json();
            }
            done(r["id"], code, m_cancel ? "cancelled" : "");
        }
    }

    int handle(const json &r)
    {
        const json id = r["id"];
        const std::string what = r["request"];
        const std::string file = r.value("file", std::string());
        std::optional<std::string> text;
        if (what != "devices" && !takeSource(id, r, &text))
            return 2;
        try {
            if (what == "run" || what == "test" || what == "bench" || what == "profile")
                return runProgram(id, what, file, text, r);
            if (what == "code")
                return codeViews(id, file, text, r);
            std::ostringstream out, err;
            int code = 0;
            if (what == "check") {
                CheckOptions o;
                o.files = {file};
                o.json = true;
                o.text = text;
                code = runCheck(o, out, err);
            } else if (what == "devices") {
                DevicesOptions o;
                o.json = true;
                code = runDevices(o, out, err);
            } else { // emit
                EmitOptions o;
                o.file = file;
                o.text = text;
                o.what = r.value("what", std::string("ir"));
                o.kernel = r.value("kernel", std::string());
                o.signature = r.value("signature", std::string());
                o.arch = r.value("arch", std::string());
                code = runEmit(o, out, err);
                send(json{{"id", id}, {"event", "emit"}, {"what", o.what}, {"text", out.str()}});
                out.str("");
            }
            forwardLines(id, out.str());
            if (!err.str().empty())
                send(json{{"id", id}, {"event", "stderr"}, {"text", err.str()}});
            return code;
        } catch (const std::exception &e) {
            send(json{{"id", id}, {"event", "error"}, {"message", e.what()}});
            return 2;
        }
    }

    /// The program a request names: its `text` (run under `file`'s name), or nothing when the
    /// runner reads `file`. False, said in an error event, when there is neither.
    bool takeSource(const json &id, const json &r, std::optional<std::string> *text)
    {
        if (r.contains("text")) {
            if (r["text"].is_string()) {
                *text = r["text"].get<std::string>();
                return true;
            }
            send(json{{"id", id}, {"event", "error"},
                      {"message", "'text' must be the program's source as a string"}});
            return false;
        }
        const std::string file = r.value("file", std::string());
        std::error_code ec;
        if (std::filesystem::exists(file, ec) || ec)
            return true; // there (or unreadable: the command says why)
        // The usual cause: a client on another machine that sent its path, not its text.
        send(json{{"id", id}, {"event", "error"},
                  {"message", "cannot read '" + file + "' on the runner's machine: no such file, "
                              "and the request has no \"text\" (a runner on another machine "
                              "needs the program's source in \"text\", docs/serve.md)"}});
        return false;
    }

    int codeViews(const json &id, const std::string &file, const std::optional<std::string> &text,
                  const json &r)
    {
        CodeViewsRequest c;
        c.file = file;
        c.text = text;
        c.kernel = r.value("kernel", std::string());
        c.signature = r.value("signature", std::string());
        c.arch = r.value("arch", std::string());
        CodeViewsResult result = buildCodeViews(c);
        for (json &d : result.diagnostics) {
            d["id"] = id;
            send(d);
        }
        if (!result.error.empty())
            send(json{{"id", id}, {"event", "error"}, {"message", result.error}});
        if (!result.event.is_null()) {
            result.event["id"] = id;
            send(result.event);
        }
        return result.exitCode;
    }

    int runProgram(const json &id, const std::string &what, const std::string &file,
                   const std::optional<std::string> &text, const json &r)
    {
        run::RunOptions o;
        o.text = text;
        // A profile runs the program as its `mode` says, on the GPU, watched by the profiler.
        const std::string mode = what == "profile" ? r.value("mode", std::string("run")) : what;
        o.mode = mode == "test" ? run::Mode::Test : mode == "bench" ? run::Mode::Bench : run::Mode::Run;
        o.backend = r.value("backend", std::string());
        std::unique_ptr<profiler::LaunchProfiler> launchProfiler;
        if (what == "profile") {
            profiler::ProfileOptions po;
            po.metrics = r.value("metrics", std::string("fast"));
            po.kernel = r.value("kernel", std::string());
            po.libraryKernels = r.value("library_kernels", false);
            po.stallSamples = r.value("stalls", false);
            std::string why;
            if (!profiler::metricSet(po.metrics, &why)) {
                send(json{{"id", id}, {"event", "error"}, {"message", why}});
                return 2;
            }
            launchProfiler = std::make_unique<profiler::LaunchProfiler>(po);
            o.profiler = launchProfiler.get();
            o.backend = "cuda";
        }
        if (r.contains("device")) {
            const json &d = r["device"];
            if (!d.is_number_integer() || d.get<int>() < 0) {
                send(json{{"id", id}, {"event", "error"},
                          {"message", "'device' must be a GPU ordinal (0, 1, ...) as the devices "
                                      "request lists them, not " + d.dump()}});
                return 2;
            }
            o.device = d.get<int>();
        }
        o.testFilter = r.value("k", std::string());
        o.debug = r.value("debug", false);
        if (!r.value("autotune_cache", true))
            o.autotuneCacheDir = "-"; // tune afresh, keep nothing (--no-autotune-cache)
        o.cancel = &m_cancel;
        run::Runner runner(o);
        long sent = 0;
        return runner.run(file, [&](const run::RunEvent &e) {
            json j = run::eventToJson(e, runner.sources());
            j["id"] = id;
            send(j);
            if (m_abortAfterEvents > 0 && ++sent == m_abortAfterEvents)
                std::abort(); // the test hook: a runner that crashes mid-run
        });
    }

    /// The command's JSON Lines output, each line tagged with the request's id.
    void forwardLines(const json &id, const std::string &text)
    {
        std::istringstream lines(text);
        std::string line;
        while (std::getline(lines, line)) {
            json j = json::parse(line, nullptr, false);
            if (j.is_discarded() || !j.is_object())
                j = json{{"event", "stdout"}, {"text", line + "\n"}};
            j["id"] = id;
            send(j);
        }
    }

    void done(const json &id, int code, const std::string &why = "")
    {
        json j{{"id", id}, {"event", "done"}, {"exit_code", code}};
        if (!why.empty())
            j["reason"] = why;
        send(j);
    }

    void send(const json &j)
    {
        std::lock_guard lock(m_writeMutex);
        m_out << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
        m_out.flush();
    }

    std::ostream &m_out;
    std::mutex m_writeMutex;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<json> m_queue;
    json m_current;
    bool m_stopping = false;
    std::atomic<bool> m_cancel{false};
    long m_abortAfterEvents = 0;
};

} // namespace

int runServe(std::istream &in, std::ostream &out)
{
    Server server(out);
    return server.serve(in);
}

} // namespace tsm::cli
