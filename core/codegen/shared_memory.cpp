#include "core/codegen/shared_memory.h"

#include <bit>
#include <string>

namespace tsm::codegen {

int computeCapabilityOfArch(std::string_view arch)
{
    const auto us = arch.find('_');
    int cc = 0;
    for (std::size_t i = us == std::string_view::npos ? 0 : us + 1; i < arch.size(); ++i) {
        if (arch[i] < '0' || arch[i] > '9')
            break;
        cc = cc * 10 + (arch[i] - '0');
    }
    return cc;
}

std::int64_t sharedLimitForArch(std::string_view arch)
{
    const int cc = computeCapabilityOfArch(arch);
    // cudaDevAttrMaxSharedMemoryPerBlockOptin per compute capability (CUDA C Programming
    // Guide, "Technical Specifications per Compute Capability").
    switch (cc) {
    case 70:
    case 72: return 96 * 1024;
    case 75: return 64 * 1024;
    case 80:
    case 87: return 163 * 1024;
    case 86:
    case 89:
    case 120:
    case 121: return 99 * 1024;
    case 90:
    case 100:
    case 101:
    case 103:
    case 110: return 227 * 1024;
    default: return kStaticSharedLimit;
    }
}

std::int64_t largestSharedLimit()
{
    return 227 * 1024;
}

DotStaging dotStaging(const ir::Type &a, const ir::Type &b)
{
    DotStaging s;
    const std::size_t r = a.shape.size();
    if (r < 2 || b.shape.size() != r)
        return s;
    s.B = r == 3 ? a.shape[0] : 1;
    s.M = a.shape[r - 2];
    s.K = a.shape[r - 1];
    s.N = b.shape[r - 1];
    s.strideA = s.K + 1;
    s.strideB = s.N + 1;
    const std::int64_t eb = dtypeBytes(a.dtype);
    auto round16 = [](std::int64_t v) { return (v + 15) / 16 * 16; };
    s.offsetB = round16(s.B * s.M * s.strideA * eb);
    s.bytes = s.offsetB + round16(s.B * s.K * s.strideB * eb);
    return s;
}

bool fmaDotLayoutOk(const Layout &l)
{
    std::int64_t seen = 0;
    for (const auto *bases : {&l.regBases, &l.laneBases, &l.warpBases})
        for (std::int64_t b : *bases) {
            if (b == 0 && bases == &l.regBases)
                return false;
            if (b == 0)
                continue;
            if (!std::has_single_bit(std::uint64_t(b)) || (seen & b))
                return false;
            seen |= b;
        }
    return true;
}

int fmaDotReadsPerStep(const Layout &l)
{
    // A batch bit (3-D) selects both a row of a and a column of b.
    const std::int64_t n = l.rank() >= 2 ? l.shape.back() : 1;
    const std::int64_t mn = l.rank() == 3 ? l.shape[1] * n : l.numElements();
    int rowBits = 0, colBits = 0;
    for (std::int64_t b : l.regBases) {
        if (b >= mn)
            ++rowBits, ++colBits;
        else
            ++(b >= n ? rowBits : colBits);
    }
    return (1 << rowBits) + (1 << colBits);
}

Layout dotResultLayout(const std::vector<std::int64_t> &shape, int numWarps)
{
    // Four consecutive columns per thread, threads along the columns first: a thread's
    // registers cover several rows and columns, so each step along K reads rows + columns
    // values from shared memory for rows x columns FMAs.
    return blockedLayout(shape, defaultBlockedParams(shape, numWarps, 4));
}

std::string dotDescription(const ir::Type &a, const ir::Type &b)
{
    const DotStaging s = dotStaging(a, b);
    return "tl.dot with BLOCK " + (s.B > 1 || a.shape.size() == 3 ? std::to_string(s.B) + "x" : std::string())
           + std::to_string(s.M) + "x" + std::to_string(s.N) + "x" + std::to_string(s.K) + " "
           + std::string(dtypeShortName(a.dtype));
}

std::string sharedSizeText(std::int64_t bytes)
{
    if (bytes < 1024)
        return std::to_string(bytes) + " bytes";
    return std::to_string((bytes + 1023) / 1024) + " KiB";
}

} // namespace tsm::codegen
