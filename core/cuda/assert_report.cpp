#include "core/cuda/assert_report.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <set>

namespace tsm::cuda {
namespace {

/// The three integers of the "[x,y,z]" that starts at `at`; false when malformed.
bool readTriple(std::string_view line, std::size_t at, std::array<std::int64_t, 3> &out)
{
    const auto close = line.find(']', at);
    if (at >= line.size() || line[at] != '[' || close == std::string_view::npos)
        return false;
    const std::string inner(line.substr(at + 1, close - at - 1));
    const char *p = inner.c_str();
    for (std::int64_t &v : out) {
        while (*p == ' ' || *p == ',')
            ++p;
        char *end = nullptr;
        v = std::strtoll(p, &end, 10);
        if (end == p)
            return false;
        p = end;
    }
    return true;
}

/// "k.py:12: kernel:" -> file "k.py", line 12, function "kernel". The last ":<digits>:" splits
/// file from function, so that file names with colons ("C:\x.py") still read.
void readLocation(std::string_view prefix, AssertFailure &f)
{
    while (!prefix.empty() && prefix.back() == ' ')
        prefix.remove_suffix(1);
    for (std::size_t i = prefix.size(); i-- > 0;) {
        if (prefix[i] != ':')
            continue;
        std::size_t j = i + 1;
        while (j < prefix.size() && std::isdigit(static_cast<unsigned char>(prefix[j])))
            ++j;
        if (j == i + 1 || j >= prefix.size() || prefix[j] != ':')
            continue;
        f.file = std::string(prefix.substr(0, i));
        f.line = unsigned(
            std::strtoul(std::string(prefix.substr(i + 1, j - i - 1)).c_str(), nullptr, 10));
        std::string_view fn = prefix.substr(j + 1);
        while (!fn.empty() && fn.front() == ' ')
            fn.remove_prefix(1);
        if (!fn.empty() && fn.back() == ':')
            fn.remove_suffix(1);
        f.function = std::string(fn);
        return;
    }
}

std::optional<AssertFailure> parseLine(std::string_view line)
{
    const auto block = line.find("block: [");
    if (block == std::string_view::npos)
        return std::nullopt;
    const auto thread = line.find("thread: [", block);
    const auto assertion
        = line.find("Assertion `", thread == std::string_view::npos ? block : thread);
    const auto failed = line.rfind("` failed.");
    if (thread == std::string_view::npos || assertion == std::string_view::npos
        || failed == std::string_view::npos || failed < assertion)
        return std::nullopt;
    AssertFailure f;
    if (!readTriple(line, block + 7, f.block) || !readTriple(line, thread + 8, f.thread))
        return std::nullopt;
    const std::size_t msg = assertion + 11;
    f.message = std::string(line.substr(msg, failed - msg));
    readLocation(line.substr(0, block), f);
    return f;
}

void collectAsserts(const ir::Region &region, std::vector<const ir::Op *> &out)
{
    for (const ir::Op &op : region.ops) {
        if (op.code == ir::OpCode::DeviceAssert)
            out.push_back(&op);
        for (const ir::Region &r : op.regions)
            collectAsserts(r, out);
    }
}

std::string messageOf(const ir::Op &op)
{
    return op.str.empty() ? "assertion failed" : op.str;
}

std::string triple(const std::array<std::int64_t, 3> &v)
{
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2])
           + ")";
}

std::string threadString(const std::array<std::int64_t, 3> &t)
{
    // Generated kernels use one-dimensional thread blocks.
    return t[1] == 0 && t[2] == 0 ? std::to_string(t[0]) : triple(t);
}

/// The assert op `f` came from: the one with its message on its line; failing that, the only
/// one with its message; failing that, the kernel's only assert. Null when none fits.
const ir::Op *
assertOf(const std::vector<const ir::Op *> &asserts, const SourceFile *file, const AssertFailure *f)
{
    if (f) {
        std::vector<const ir::Op *> sameMessage;
        for (const ir::Op *op : asserts) {
            if (messageOf(*op) != f->message)
                continue;
            sameMessage.push_back(op);
            if (file && op->span.file == file->id() && f->line != 0
                && file->lineCol(op->span.begin).line == f->line)
                return op;
        }
        if (sameMessage.size() == 1)
            return sameMessage.front();
    }
    return asserts.size() == 1 ? asserts.front() : nullptr;
}

} // namespace

std::vector<AssertFailure> parseAssertFailures(std::string_view text, std::string *rest)
{
    std::vector<AssertFailure> out;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        std::string_view trimmed = line;
        if (!trimmed.empty() && trimmed.back() == '\r')
            trimmed.remove_suffix(1);
        if (auto f = parseLine(trimmed))
            out.push_back(std::move(*f));
        else if (rest)
            *rest += std::string(line) + (nl == std::string_view::npos ? "" : "\n");
    }
    return out;
}

const ir::Op *firstDeviceAssert(const ir::Kernel &kernel)
{
    std::vector<const ir::Op *> asserts;
    collectAsserts(kernel.body, asserts);
    return asserts.empty() ? nullptr : asserts.front();
}

bool isAssertError(std::string_view driverMessage)
{
    return driverMessage.find("CUDA_ERROR_ASSERT") != std::string_view::npos
           || driverMessage.find("device-side assert") != std::string_view::npos;
}

void reportAssertFailure(const ir::Kernel &kernel,
                         const SourceFile *file,
                         const std::vector<AssertFailure> &failures,
                         std::string_view driverMessage,
                         DiagnosticSink &diags)
{
    std::vector<const ir::Op *> asserts;
    collectAsserts(kernel.body, asserts);
    // The first failure in the interpreter's program order (z, y, x), then by thread.
    const AssertFailure *first = nullptr;
    auto order = [](const AssertFailure &f) {
        return std::array<std::int64_t, 6>{
            f.block[2], f.block[1], f.block[0], f.thread[2], f.thread[1], f.thread[0]};
    };
    for (const AssertFailure &f : failures)
        if (!first || order(f) < order(*first))
            first = &f;
    const ir::Op *op = assertOf(asserts, file, first);

    const std::string program = first ? triple(first->block) : "(unknown: the GPU did not say)";
    const std::string element
        = first ? "held by GPU thread " + threadString(first->thread) : "(unknown)";
    const std::string message = first ? first->message : op ? messageOf(*op) : "assertion failed";
    Diagnostic &d = diags.report(
        DiagKind::DeviceAssertFailed, op ? op->span : kernel.span, {program, element, message});
    d.origin = DiagOrigin::Driver;
    auto note = [&d](std::string text) { d.notes.push_back({{}, false, std::move(text)}); };
    std::set<std::array<std::int64_t, 3>> programs;
    std::set<std::array<std::int64_t, 6>> threads; // a thread may fail on several elements
    for (const AssertFailure &f : failures) {
        programs.insert(f.block);
        threads.insert(order(f));
    }
    if (threads.size() > 1)
        note(std::to_string(threads.size()) + " GPU threads in " + std::to_string(programs.size())
             + " program" + (programs.size() == 1 ? "" : "s") + " failed an assert");
    if (!first)
        note("the CUDA runtime's assert report could not be read");
    note("kernel '" + kernel.name + "' stopped on the GPU: "
         + (driverMessage.empty() ? std::string("device-side assert triggered")
                                  : std::string(driverMessage))
         + "; the CUDA context is lost: restart the process to use the GPU again (run the "
           "program with --backend interp: it names the failing element)");
}

} // namespace tsm::cuda
