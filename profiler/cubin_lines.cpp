#include "profiler/cubin_lines.h"

#include <cstring>
#include <map>
#include <string_view>

namespace tsm::profiler {
namespace {

// ---- ELF64, little-endian (every cubin) ----

constexpr std::uint32_t kShtNobits = 8;
constexpr std::uint32_t kShtRela = 4;
constexpr std::uint16_t kShnXindex = 0xffff;

struct Section
{
    std::string name;
    std::uint32_t type = 0;
    std::uint64_t offset = 0, size = 0;
    std::uint32_t link = 0, info = 0;
};

/// Bounds-checked little-endian reads; every read past the end sets `failed` and yields 0.
class Reader
{
public:
    explicit Reader(std::span<const char> bytes, std::size_t pos = 0)
        : m_bytes(bytes)
    {
        seek(pos);
    }
    bool failed() const { return m_failed; }
    bool atEnd() const { return m_pos >= m_bytes.size(); }
    std::size_t pos() const { return m_pos; }
    void seek(std::size_t pos)
    {
        if (pos > m_bytes.size())
            m_failed = true;
        else
            m_pos = pos;
    }

    std::uint64_t fixed(int bytes)
    {
        if (m_failed || bytes > 8 || m_bytes.size() - m_pos < std::size_t(bytes)) {
            m_failed = true;
            return 0;
        }
        std::uint64_t v = 0;
        for (int i = 0; i < bytes; ++i)
            v |= std::uint64_t(std::uint8_t(m_bytes[m_pos + i])) << (8 * i);
        m_pos += bytes;
        return v;
    }
    std::uint8_t u8() { return std::uint8_t(fixed(1)); }
    std::uint16_t u16() { return std::uint16_t(fixed(2)); }
    std::uint32_t u32() { return std::uint32_t(fixed(4)); }
    std::uint64_t u64() { return fixed(8); }

    std::uint64_t uleb()
    {
        std::uint64_t v = 0;
        for (int shift = 0; !m_failed; shift += 7) {
            const std::uint8_t b = u8();
            if (shift < 64)
                v |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80))
                break;
        }
        return v;
    }
    std::int64_t sleb()
    {
        std::int64_t v = 0;
        int shift = 0;
        std::uint8_t b = 0;
        do {
            b = u8();
            if (shift < 64)
                v |= std::int64_t(b & 0x7f) << shift;
            shift += 7;
        } while ((b & 0x80) && !m_failed);
        if (shift < 64 && (b & 0x40))
            v |= -(std::int64_t(1) << shift);
        return v;
    }
    std::string cstr()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_bytes.size() && m_bytes[m_pos] != '\0')
            ++m_pos;
        if (m_pos >= m_bytes.size()) {
            m_failed = true;
            return {};
        }
        return std::string(m_bytes.data() + start, m_bytes.data() + m_pos++);
    }

private:
    std::span<const char> m_bytes;
    std::size_t m_pos = 0;
    bool m_failed = false;
};

struct Elf
{
    std::span<const char> image;
    std::vector<Section> sections;

    int find(std::string_view name) const
    {
        for (std::size_t i = 0; i < sections.size(); ++i)
            if (sections[i].name == name)
                return int(i);
        return -1;
    }
    std::span<const char> data(int index) const
    {
        const Section &s = sections[std::size_t(index)];
        return s.type == kShtNobits ? std::span<const char>() : image.subspan(s.offset, s.size);
    }
};

std::optional<Elf> readElf(std::span<const char> image, std::string *why)
{
    auto fail = [&](const std::string &what) -> std::optional<Elf> {
        if (why)
            *why = "not a usable cubin: " + what;
        return std::nullopt;
    };
    if (image.size() < 64
        || std::memcmp(image.data(),
                       "\x7f"
                       "ELF",
                       4)
               != 0)
        return fail("no ELF header");
    if (image[4] != 2 || image[5] != 1)
        return fail("not a 64-bit little-endian ELF image");
    Reader h(image, 0x28);
    const std::uint64_t shoff = h.u64();
    h.seek(0x3a);
    const std::uint16_t shentsize = h.u16();
    std::uint64_t shnum = h.u16();
    std::uint32_t shstrndx = h.u16();
    if (shoff == 0 || shentsize < 64 || shoff >= image.size())
        return fail("no section header table");
    Reader first(image, shoff);
    first.seek(shoff + 32);
    const std::uint64_t size0 = first.u64();
    const std::uint32_t link0 = first.u32();
    if (shnum == 0) // more than 0xff00 sections: the count is in section 0
        shnum = size0;
    if (shstrndx == kShnXindex)
        shstrndx = link0;
    if (first.failed() || shnum > (image.size() - shoff) / shentsize)
        return fail("the section header table runs past the end of the image (truncated?)");
    if (shstrndx >= shnum)
        return fail("no section name table");

    Elf elf{image, {}};
    std::vector<std::uint32_t> nameOffsets;
    for (std::uint64_t i = 0; i < shnum; ++i) {
        Reader r(image, shoff + i * shentsize);
        Section s;
        nameOffsets.push_back(r.u32());
        s.type = r.u32();
        r.u64(); // flags
        r.u64(); // addr
        s.offset = r.u64();
        s.size = r.u64();
        s.link = r.u32();
        s.info = r.u32();
        if (r.failed())
            return fail("truncated section header");
        if (s.type != kShtNobits && (s.offset > image.size() || s.size > image.size() - s.offset))
            return fail("section " + std::to_string(i)
                        + " lies past the end of the image (truncated?)");
        elf.sections.push_back(s);
    }
    const std::span<const char> names = elf.data(int(shstrndx));
    for (std::size_t i = 0; i < elf.sections.size(); ++i) {
        Reader r(names, nameOffsets[i]);
        elf.sections[i].name = r.cstr();
        if (r.failed())
            return fail("a section name lies outside the section name table");
    }
    return elf;
}

std::optional<std::pair<Elf, int>>
kernelText(std::span<const char> cubin, const std::string &function, std::string *why)
{
    std::optional<Elf> elf = readElf(cubin, why);
    if (!elf)
        return std::nullopt;
    const int text = elf->find(".text." + function);
    if (text < 0) {
        if (why)
            *why = "the cubin has no code for kernel " + function + " (no .text." + function
                   + " section)";
        return std::nullopt;
    }
    return std::make_pair(std::move(*elf), text);
}

// ---- .debug_line (DWARF 2-4, as ptxas writes it) ----

constexpr std::uint8_t kLneEndSequence = 1, kLneSetAddress = 2, kLneDefineFile = 3;
constexpr std::uint8_t kLneNvidiaInlinedCall = 0x90, kLneNvidiaSetFunctionName = 0x91;

struct Row
{
    std::uint64_t address = 0;
    std::uint32_t file = 0;
    int line = 0;
    std::uint64_t context = 0; ///< the call site's row, 1-based within the sequence; 0: none
    int section = -1;          ///< the ELF section the sequence's address is relocated against
    bool endSequence = false;
};

struct LineProgram
{
    std::vector<std::string> files; ///< [0] unused; file k = full path
    std::vector<Row> rows;
};

/// set_address operands in .debug_line are 0 plus a relocation against the kernel's section
/// (cubins are relocatable per kernel): operand offset -> (section index, address).
std::map<std::uint64_t, std::pair<int, std::uint64_t>> addressRelocations(const Elf &elf,
                                                                          int debugLine)
{
    std::map<std::uint64_t, std::pair<int, std::uint64_t>> out;
    for (std::size_t i = 0; i < elf.sections.size(); ++i) {
        const Section &rela = elf.sections[i];
        if (rela.type != kShtRela || int(rela.info) != debugLine
            || rela.link >= elf.sections.size())
            continue;
        const std::span<const char> symtab = elf.data(int(rela.link));
        const std::span<const char> entries = elf.data(int(i));
        for (std::size_t at = 0; at + 24 <= entries.size(); at += 24) {
            Reader r(entries, at);
            const std::uint64_t offset = r.u64();
            const std::uint64_t info = r.u64();
            const std::int64_t addend = std::int64_t(r.u64());
            Reader sym(symtab, std::size_t(info >> 32) * 24);
            sym.u32(); // st_name
            sym.u8();  // st_info
            sym.u8();  // st_other
            const std::uint16_t shndx = sym.u16();
            const std::uint64_t value = sym.u64();
            if (!sym.failed())
                out[offset] = {int(shndx), value + std::uint64_t(addend)};
        }
    }
    return out;
}

/// Decodes the line programs of `.debug_line`; nullopt with the reason on a malformed table.
std::optional<std::vector<LineProgram>>
readLinePrograms(const Elf &elf, int debugLine, std::string *why)
{
    auto fail = [&](const std::string &what) -> std::optional<std::vector<LineProgram>> {
        if (why)
            *why = "the cubin's line table (.debug_line) " + what;
        return std::nullopt;
    };
    const std::span<const char> bytes = elf.data(debugLine);
    const auto relocations = addressRelocations(elf, debugLine);
    std::vector<LineProgram> programs;
    Reader r(bytes);
    while (!r.atEnd()) {
        std::uint64_t length = r.u32();
        int offsetSize = 4;
        if (length == 0xffffffff) {
            length = r.u64();
            offsetSize = 8;
        }
        const std::size_t unitEnd = r.pos() + length;
        if (r.failed() || length > bytes.size() - r.pos())
            return fail("is truncated");
        const std::uint16_t version = r.u16();
        if (version < 2 || version > 4)
            return fail("is DWARF version " + std::to_string(version)
                        + ", which this reader does not decode (2 to 4)");
        const std::uint64_t headerLength = r.fixed(offsetSize);
        const std::size_t programStart = r.pos() + headerLength;
        const std::uint8_t minInstruction = r.u8();
        if (version >= 4)
            r.u8(); // maximum_operations_per_instruction (VLIW only)
        r.u8();     // default_is_stmt
        const int lineBase = std::int8_t(r.u8());
        const std::uint8_t lineRange = r.u8();
        const std::uint8_t opcodeBase = r.u8();
        if (lineRange == 0 || opcodeBase == 0)
            return fail("has a malformed header");
        std::vector<std::uint8_t> standardLengths(opcodeBase);
        for (int i = 1; i < opcodeBase; ++i)
            standardLengths[std::size_t(i)] = r.u8();
        std::vector<std::string> dirs{""}; // 0: the compilation directory, not recorded
        for (std::string d = r.cstr(); !d.empty() && !r.failed(); d = r.cstr())
            dirs.push_back(d);
        LineProgram program;
        program.files.push_back("");
        auto addFile = [&](const std::string &name, std::uint64_t dir) {
            const bool absolute = !name.empty() && name[0] == '/';
            program.files.push_back(absolute || dir >= dirs.size() || dirs[dir].empty()
                                        ? name
                                        : dirs[dir] + "/" + name);
        };
        for (std::string f = r.cstr(); !f.empty() && !r.failed(); f = r.cstr()) {
            const std::uint64_t dir = r.uleb();
            r.uleb(); // modification time
            r.uleb(); // length
            addFile(f, dir);
        }
        if (r.failed() || programStart > unitEnd)
            return fail("has a malformed header");
        r.seek(programStart);

        Row state;
        state.file = 1;
        state.line = 1;
        auto emit = [&] { program.rows.push_back(state); };
        auto reset = [&] { state = Row{0, 1, 1, 0, -1, false}; };
        while (r.pos() < unitEnd && !r.failed()) {
            const std::uint8_t op = r.u8();
            if (op >= opcodeBase) { // special opcode: advance address and line, add a row
                const int adjusted = op - opcodeBase;
                state.address += std::uint64_t(adjusted / lineRange) * minInstruction;
                state.line += lineBase + adjusted % lineRange;
                emit();
                continue;
            }
            switch (op) {
            case 0: { // extended
                const std::uint64_t len = r.uleb();
                const std::size_t end = r.pos() + len;
                if (len == 0 || end > unitEnd)
                    return fail("has a malformed extended opcode");
                const std::uint8_t sub = r.u8();
                if (sub == kLneEndSequence) {
                    state.endSequence = true;
                    emit();
                    reset();
                } else if (sub == kLneSetAddress) {
                    const std::size_t at = r.pos();
                    state.address = r.fixed(int(len - 1));
                    if (auto it = relocations.find(at); it != relocations.end()) {
                        state.section = it->second.first;
                        state.address = it->second.second;
                    }
                } else if (sub == kLneDefineFile) {
                    const std::string name = r.cstr();
                    const std::uint64_t dir = r.uleb();
                    addFile(name, dir);
                } else if (sub == kLneNvidiaInlinedCall) {
                    state.context = r.uleb();
                    r.uleb(); // function name (.debug_str offset)
                } else if (sub == kLneNvidiaSetFunctionName) {
                    r.uleb();
                }
                r.seek(end);
                break;
            }
            case 1: // copy
                emit();
                break;
            case 2: // advance_pc
                state.address += r.uleb() * minInstruction;
                break;
            case 3: // advance_line
                state.line += int(r.sleb());
                break;
            case 4: // set_file
                state.file = std::uint32_t(r.uleb());
                break;
            case 8: // const_add_pc
                state.address += std::uint64_t((255 - opcodeBase) / lineRange) * minInstruction;
                break;
            case 9: // fixed_advance_pc
                state.address += r.u16();
                break;
            default: // set_column, negate_stmt, ...: operands skipped by the header's counts
                for (int i = 0; i < standardLengths[op]; ++i)
                    r.uleb();
                break;
            }
        }
        if (r.failed())
            return fail("is truncated");
        r.seek(unitEnd);
        programs.push_back(std::move(program));
    }
    return programs;
}

SourceLocation locationOf(const LineProgram &program, const Row &row)
{
    return {row.file < program.files.size() ? program.files[row.file] : std::string(), row.line};
}

} // namespace

std::optional<std::uint64_t>
kernelCodeSize(std::span<const char> cubin, const std::string &function, std::string *why)
{
    auto found = kernelText(cubin, function, why);
    if (!found)
        return std::nullopt;
    return found->first.sections[std::size_t(found->second)].size;
}

std::optional<std::vector<SassControl>>
sassControls(std::span<const char> cubin, const std::string &function, std::string *why)
{
    auto found = kernelText(cubin, function, why);
    if (!found)
        return std::nullopt;
    const Section &text = found->first.sections[std::size_t(found->second)];
    if (text.offset + text.size > cubin.size()) {
        if (why)
            *why = "the cubin is truncated inside .text." + function;
        return std::nullopt;
    }
    std::vector<SassControl> out;
    for (std::uint64_t at = 0; at + kSassInstructionBytes <= text.size; at += kSassInstructionBytes) {
        std::uint64_t hi = 0; // bits 64-127, little-endian
        for (int b = 0; b < 8; ++b)
            hi |= std::uint64_t(std::uint8_t(cubin[std::size_t(text.offset + at + 8 + b)])) << (8 * b);
        SassControl c;
        c.stall = int((hi >> 41) & 0xf);
        c.yield = ((hi >> 45) & 1) != 0;
        c.writeBarrier = int((hi >> 46) & 7);
        c.readBarrier = int((hi >> 49) & 7);
        c.waitMask = unsigned((hi >> 52) & 0x3f);
        out.push_back(c);
    }
    return out;
}

bool hasLineTable(std::span<const char> cubin)
{
    const std::optional<Elf> elf = readElf(cubin, nullptr);
    return elf && elf->find(".debug_line") >= 0;
}

std::optional<std::vector<std::vector<SourceLocation>>>
inlineChains(std::span<const char> cubin, const std::string &function, std::string *why)
{
    auto found = kernelText(cubin, function, why);
    if (!found)
        return std::nullopt;
    const Elf &elf = found->first;
    const int text = found->second;
    const int debugLine = elf.find(".debug_line");
    if (debugLine < 0) {
        if (why)
            *why = "the cubin has no line table (.debug_line): it was built without -lineinfo";
        return std::nullopt;
    }
    auto programs = readLinePrograms(elf, debugLine, why);
    if (!programs)
        return std::nullopt;

    const std::uint64_t count = elf.sections[std::size_t(text)].size / kSassInstructionBytes;
    int textSections = 0; // a sequence without a relocation can only be matched when alone
    for (const Section &s : elf.sections)
        textSections += s.name.rfind(".text.", 0) == 0;
    std::vector<std::vector<SourceLocation>> chains(count);
    for (const LineProgram &program : *programs) {
        const std::vector<Row> &rows = program.rows;
        // Each sequence covers one section; a row holds from its address to the next row's
        // (rows at one address: the last one holds).
        std::size_t begin = 0;
        while (begin < rows.size()) {
            std::size_t end = begin;
            while (end < rows.size() && !rows[end].endSequence)
                ++end;
            const int section = rows[begin].section;
            const bool ours = section == text || (section < 0 && textSections == 1);
            for (std::size_t i = begin; ours && i < end; ++i) {
                const std::uint64_t from = rows[i].address;
                const std::uint64_t to = i + 1 < rows.size() ? rows[i + 1].address : from;
                for (std::uint64_t pc = from; pc < to; pc += kSassInstructionBytes) {
                    const std::uint64_t index = pc / kSassInstructionBytes;
                    if (index >= count)
                        break;
                    std::vector<SourceLocation> chain{locationOf(program, rows[i])};
                    // The call site's row, then its call site's, ... A context counts rows
                    // from 1 at the start of the sequence (each kernel's sequence restarts
                    // it); bounded, as a malformed table could make a cycle.
                    std::uint64_t context = rows[i].context;
                    for (int depth = 0; context && context <= end - begin && depth < 64; ++depth) {
                        const Row &caller = rows[begin + std::size_t(context - 1)];
                        chain.push_back(locationOf(program, caller));
                        context = caller.context;
                    }
                    chains[std::size_t(index)] = std::move(chain);
                }
            }
            begin = end + 1;
        }
    }
    return chains;
}

} // namespace tsm::profiler
