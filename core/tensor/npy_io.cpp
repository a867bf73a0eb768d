// .npy and .npz reading and writing, byte-compatible with numpy's np.save / np.savez /
// np.savez_compressed (numpy/lib/format.py: header dict, 64-byte alignment, growth padding).

#include "core/tensor/npy_io.h"

#include "core/tensor/tensor_impl.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <numeric>

namespace tsm::tensor {

using namespace detail;

namespace {

struct DescrRow
{
    DType dtype;
    const char *descr; ///< without the byte-order character
};
constexpr DescrRow kDescr[] = {
    {DType::I1, "b1"},
    {DType::I8, "i1"},
    {DType::I16, "i2"},
    {DType::I32, "i4"},
    {DType::I64, "i8"},
    {DType::U8, "u1"},
    {DType::U16, "u2"},
    {DType::U32, "u4"},
    {DType::U64, "u8"},
    {DType::F16, "f2"},
    {DType::F32, "f4"},
    {DType::F64, "f8"},
};

std::string shapeRepr(const Shape &shape)
{
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

void putLE(std::vector<std::byte> &out, std::uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(std::byte((v >> (8 * i)) & 0xFF));
}

std::uint64_t getLE(const std::byte *p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == ','))
        s.remove_suffix(1);
    return s;
}

/// The value text after 'key': in the header dict (up to the matching ',' at depth 0).
std::optional<std::string_view> dictValue(std::string_view header, std::string_view key)
{
    for (const char q : {'\'', '"'}) {
        const std::string needle = std::string(1, q) + std::string(key) + q;
        const std::size_t at = header.find(needle);
        if (at == std::string_view::npos)
            continue;
        std::size_t i = header.find(':', at + needle.size());
        if (i == std::string_view::npos)
            return std::nullopt;
        ++i;
        int depth = 0;
        std::size_t j = i;
        for (; j < header.size(); ++j) {
            const char c = header[j];
            if (c == '(' || c == '[')
                ++depth;
            else if (c == ')' || c == ']')
                --depth;
            else if ((c == ',' || c == '}') && depth == 0)
                break;
        }
        return trim(header.substr(i, j - i));
    }
    return std::nullopt;
}

std::vector<std::byte> readFile(const std::filesystem::path &path, std::string &error)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "No such file or directory: '" + path.string() + "'";
        return {};
    }
    std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(raw.size());
    std::memcpy(bytes.data(), raw.data(), raw.size());
    return bytes;
}

std::string writeFile(const std::filesystem::path &path, const std::vector<std::byte> &bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        return "cannot open '" + path.string() + "' for writing";
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
    out.close();
    if (!out)
        return "error while writing '" + path.string() + "'";
    return {};
}

} // namespace

// ---- .npy ----

NpyResult parseNpy(std::span<const std::byte> bytes)
{
    auto fail = [](std::string m) { return NpyResult{std::nullopt, std::move(m)}; };
    static const unsigned char kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    if (bytes.size() < 10 || std::memcmp(bytes.data(), kMagic, 6) != 0)
        return fail("not a .npy file (the magic string \\x93NUMPY is missing)");
    const int major = int(bytes[6]);
    if (major < 1 || major > 3)
        return fail("unsupported .npy format version " + std::to_string(major) + "."
                    + std::to_string(int(bytes[7])));
    const int lenBytes = major == 1 ? 2 : 4;
    if (bytes.size() < std::size_t(8 + lenBytes))
        return fail("truncated .npy header");
    const std::size_t headerLen = std::size_t(getLE(bytes.data() + 8, lenBytes));
    const std::size_t dataStart = 8 + std::size_t(lenBytes) + headerLen;
    if (bytes.size() < dataStart)
        return fail("truncated .npy header");
    const std::string header(reinterpret_cast<const char *>(bytes.data()) + 8 + lenBytes,
                             headerLen);

    const auto descrText = dictValue(header, "descr");
    const auto fortranText = dictValue(header, "fortran_order");
    const auto shapeText = dictValue(header, "shape");
    if (!descrText || !fortranText || !shapeText)
        return fail("malformed .npy header: " + header);
    std::string descr(trim(*descrText));
    if (descr.size() < 3 || (descr.front() != '\'' && descr.front() != '"'))
        return fail("unsupported dtype descr " + descr + " in .npy header");
    descr = descr.substr(1, descr.size() - 2);
    const char order = descr[0];
    const std::string code = descr.substr(1);
    std::optional<DType> dtype;
    for (const DescrRow &row : kDescr)
        if (code == row.descr)
            dtype = row.dtype;
    if (!dtype || (order != '<' && order != '>' && order != '|' && order != '='))
        return fail("unsupported dtype '" + descr
                    + "' in .npy file (structured, object, string and "
                      "complex arrays cannot become tensors)");
    const bool fortran = trim(*fortranText) == "True";

    Shape shape;
    std::string_view st = trim(*shapeText);
    if (st.size() < 2 || st.front() != '(' || st.back() != ')')
        return fail("malformed shape in .npy header: " + std::string(st));
    st = st.substr(1, st.size() - 2);
    while (!st.empty()) {
        const std::size_t comma = st.find(',');
        const std::string_view item = trim(st.substr(0, comma));
        if (!item.empty()) {
            std::int64_t v = 0;
            for (char c : item) {
                if (c < '0' || c > '9')
                    return fail("malformed shape in .npy header: " + std::string(*shapeText));
                v = v * 10 + (c - '0');
            }
            shape.push_back(v);
        }
        if (comma == std::string_view::npos)
            break;
        st.remove_prefix(comma + 1);
    }

    const std::int64_t numel = shapeNumel(shape);
    const std::size_t es = std::size_t(dtypeBytes(*dtype));
    if (bytes.size() - dataStart < std::size_t(numel) * es)
        return fail("the .npy file holds " + std::to_string(bytes.size() - dataStart)
                    + " bytes of data, but shape " + shapeRepr(shape) + " of " + descr + " needs "
                    + std::to_string(std::size_t(numel) * es));
    Shape storedShape = shape;
    if (fortran)
        std::reverse(storedShape.begin(), storedShape.end());
    Tensor t = Tensor::allocate(storedShape, *dtype);
    std::memcpy(t.data(), bytes.data() + dataStart, std::size_t(numel) * es);
    if (order == '>' && es > 1)
        for (std::int64_t i = 0; i < numel; ++i)
            std::reverse(t.data() + i * std::int64_t(es), t.data() + (i + 1) * std::int64_t(es));
    if (fortran) {
        std::vector<std::int64_t> dims(shape.size());
        std::iota(dims.rbegin(), dims.rend(), 0);
        t = t.permute(dims).contiguous();
    }
    return {t, {}};
}

std::optional<std::vector<std::byte>> encodeNpy(const Tensor &t, std::string *error)
{
    const char *code = nullptr;
    for (const DescrRow &row : kDescr)
        if (row.dtype == t.dtype())
            code = row.descr;
    if (!code) {
        if (error)
            *error = "numpy has no " + std::string(dtypeTorchName(t.dtype()))
                     + " dtype; convert the tensor first (for example .float())";
        return std::nullopt;
    }
    const char order = dtypeBytes(t.dtype()) == 1 ? '|' : '<';
    std::string header = "{'descr': '" + std::string(1, order) + code
                         + "', 'fortran_order': False, 'shape': " + shapeRepr(t.shape()) + ", }";
    if (!t.shape().empty())
        header += std::string(std::size_t(std::max<std::int64_t>(
                                  0, 21 - std::int64_t(std::to_string(t.shape()[0]).size()))),
                              ' ');
    int lenBytes = 2;
    std::size_t total = 8 + 2 + header.size() + 1;
    if ((total + 63) / 64 * 64 - 10 > 65535) {
        lenBytes = 4;
        total = 8 + 4 + header.size() + 1;
    }
    header += std::string((64 - total % 64) % 64, ' ') + "\n";
    std::vector<std::byte> out;
    for (unsigned char c :
         {0x93u, unsigned('N'), unsigned('U'), unsigned('M'), unsigned('P'), unsigned('Y')})
        out.push_back(std::byte(c));
    out.push_back(std::byte(lenBytes == 2 ? 1 : 2));
    out.push_back(std::byte(0));
    putLE(out, header.size(), lenBytes);
    for (char c : header)
        out.push_back(std::byte(c));
    const Tensor c = t.contiguous();
    const std::size_t n = std::size_t(c.numel()) * std::size_t(c.elementSize());
    out.insert(out.end(), c.data(), c.data() + n);
    return out;
}

NpyResult loadNpy(const std::filesystem::path &path)
{
    std::string error;
    const std::vector<std::byte> bytes = readFile(path, error);
    if (!error.empty())
        return {std::nullopt, error};
    NpyResult r = parseNpy(bytes);
    if (!r.error.empty())
        r.error = path.string() + ": " + r.error;
    return r;
}

std::string saveNpy(const std::filesystem::path &path, const Tensor &t)
{
    std::string error;
    const auto bytes = encodeNpy(t, &error);
    if (!bytes)
        return error;
    return writeFile(path, *bytes);
}

// ---- .npz (zip) ----

bool looksLikeNpz(std::span<const std::byte> bytes)
{
    return bytes.size() >= 4 && bytes[0] == std::byte('P') && bytes[1] == std::byte('K')
           && bytes[2] == std::byte(3) && bytes[3] == std::byte(4);
}

namespace {

bool inflateRaw(const std::byte *in, std::size_t inSize, std::vector<std::byte> &out)
{
    z_stream zs{};
    if (inflateInit2(&zs, -MAX_WBITS) != Z_OK)
        return false;
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<std::byte *>(in));
    zs.avail_in = uInt(inSize);
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    const int rc = inflate(&zs, Z_FINISH);
    const bool ok = rc == Z_STREAM_END && zs.total_out == out.size();
    inflateEnd(&zs);
    return ok;
}

std::vector<std::byte> deflateRaw(const std::vector<std::byte> &in)
{
    z_stream zs{};
    deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    std::vector<std::byte> out(deflateBound(&zs, uLong(in.size())));
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<std::byte *>(in.data()));
    zs.avail_in = uInt(in.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

std::uint32_t crcOf(const std::byte *p, std::size_t n)
{
    return std::uint32_t(crc32(0L, reinterpret_cast<const Bytef *>(p), uInt(n)));
}

} // namespace

NpzResult parseNpz(std::span<const std::byte> bytes)
{
    NpzResult result;
    auto fail = [&](std::string m) {
        result.arrays.clear();
        result.error = std::move(m);
        return result;
    };
    // End of central directory: the last "PK\5\6" within the final 64 KiB + 22 bytes.
    if (bytes.size() < 22)
        return fail("not a zip archive (too short)");
    std::size_t eocd = std::string::npos;
    for (std::size_t i = bytes.size() - 22 + 1; i-- > 0 && bytes.size() - i <= 65536 + 22;)
        if (getLE(bytes.data() + i, 4) == 0x06054b50) {
            eocd = i;
            break;
        }
    if (eocd == std::string::npos)
        return fail("not a zip archive (no end of central directory)");
    std::uint64_t entries = getLE(bytes.data() + eocd + 10, 2);
    std::uint64_t cdOffset = getLE(bytes.data() + eocd + 16, 4);
    if ((entries == 0xFFFF || cdOffset == 0xFFFFFFFF) && eocd >= 20
        && getLE(bytes.data() + eocd - 20, 4) == 0x07064b50) {
        const std::uint64_t z64 = getLE(bytes.data() + eocd - 20 + 8, 8);
        if (z64 + 56 > bytes.size() || getLE(bytes.data() + z64, 4) != 0x06064b50)
            return fail("corrupt zip64 end of central directory");
        entries = getLE(bytes.data() + z64 + 32, 8);
        cdOffset = getLE(bytes.data() + z64 + 48, 8);
    }
    std::size_t p = std::size_t(cdOffset);
    for (std::uint64_t e = 0; e < entries; ++e) {
        if (p + 46 > bytes.size() || getLE(bytes.data() + p, 4) != 0x02014b50)
            return fail("corrupt zip central directory");
        const int method = int(getLE(bytes.data() + p + 10, 2));
        const std::uint32_t crc = std::uint32_t(getLE(bytes.data() + p + 16, 4));
        std::uint64_t compSize = getLE(bytes.data() + p + 20, 4);
        std::uint64_t size = getLE(bytes.data() + p + 24, 4);
        const std::size_t nameLen = std::size_t(getLE(bytes.data() + p + 28, 2));
        const std::size_t extraLen = std::size_t(getLE(bytes.data() + p + 30, 2));
        const std::size_t commentLen = std::size_t(getLE(bytes.data() + p + 32, 2));
        std::uint64_t localOffset = getLE(bytes.data() + p + 42, 4);
        if (p + 46 + nameLen + extraLen > bytes.size())
            return fail("corrupt zip central directory");
        std::string name(reinterpret_cast<const char *>(bytes.data()) + p + 46, nameLen);
        // Zip64 extra field: the 0xFFFFFFFF fields follow in order.
        for (std::size_t x = p + 46 + nameLen; x + 4 <= p + 46 + nameLen + extraLen;) {
            const std::uint64_t id = getLE(bytes.data() + x, 2),
                                len = getLE(bytes.data() + x + 2, 2);
            if (id == 0x0001) {
                std::size_t f = x + 4;
                if (size == 0xFFFFFFFF) {
                    size = getLE(bytes.data() + f, 8);
                    f += 8;
                }
                if (compSize == 0xFFFFFFFF) {
                    compSize = getLE(bytes.data() + f, 8);
                    f += 8;
                }
                if (localOffset == 0xFFFFFFFF) {
                    localOffset = getLE(bytes.data() + f, 8);
                }
            }
            x += 4 + std::size_t(len);
        }
        p += 46 + nameLen + extraLen + commentLen;

        if (localOffset + 30 > bytes.size() || getLE(bytes.data() + localOffset, 4) != 0x04034b50)
            return fail("corrupt zip entry '" + name + "'");
        const std::size_t dataAt = std::size_t(localOffset) + 30
                                   + std::size_t(getLE(bytes.data() + localOffset + 26, 2))
                                   + std::size_t(getLE(bytes.data() + localOffset + 28, 2));
        if (dataAt + compSize > bytes.size())
            return fail("truncated zip entry '" + name + "'");
        std::vector<std::byte> member(static_cast<std::size_t>(size));
        if (method == 0) {
            if (compSize != size)
                return fail("corrupt stored zip entry '" + name + "'");
            std::memcpy(member.data(), bytes.data() + dataAt, std::size_t(size));
        } else if (method == 8) {
            if (!inflateRaw(bytes.data() + dataAt, std::size_t(compSize), member))
                return fail("cannot inflate zip entry '" + name + "'");
        } else {
            return fail("zip entry '" + name + "' uses compression method " + std::to_string(method)
                        + " (only stored and deflate are supported)");
        }
        if (crcOf(member.data(), member.size()) != crc)
            return fail("CRC mismatch in zip entry '" + name + "'");
        NpyResult array = parseNpy(member);
        if (!array.tensor)
            return fail(name + ": " + array.error);
        if (name.ends_with(".npy"))
            name.resize(name.size() - 4);
        result.arrays.emplace_back(name, *array.tensor);
    }
    return result;
}

NpzResult loadNpz(const std::filesystem::path &path)
{
    std::string error;
    const std::vector<std::byte> bytes = readFile(path, error);
    if (!error.empty())
        return {{}, error};
    NpzResult r = parseNpz(bytes);
    if (!r.error.empty())
        r.error = path.string() + ": " + r.error;
    return r;
}

std::string saveNpz(const std::filesystem::path &path,
                    const std::vector<std::pair<std::string, Tensor>> &arrays,
                    bool compressed)
{
    std::vector<std::byte> out, central;
    for (const auto &[name, tensor] : arrays) {
        std::string error;
        const auto npy = encodeNpy(tensor, &error);
        if (!npy)
            return name + ": " + error;
        const std::string file = name + ".npy";
        const std::vector<std::byte> data = compressed ? deflateRaw(*npy) : *npy;
        if (npy->size() >= 0xFFFFFFFFull || out.size() >= 0xFFFFFFFFull)
            return "arrays of 4 GiB and more are not supported in .npz files";
        const std::uint32_t crc = crcOf(npy->data(), npy->size());
        const std::uint64_t localOffset = out.size();
        const int method = compressed ? 8 : 0;
        // Local file header (version 2.0, no flags, DOS time 1980-01-01 00:00).
        putLE(out, 0x04034b50, 4);
        putLE(out, 20, 2);
        putLE(out, 0, 2);
        putLE(out, std::uint64_t(method), 2);
        putLE(out, 0, 2);
        putLE(out, 0x21, 2);
        putLE(out, crc, 4);
        putLE(out, data.size(), 4);
        putLE(out, npy->size(), 4);
        putLE(out, file.size(), 2);
        putLE(out, 0, 2);
        for (char c : file)
            out.push_back(std::byte(c));
        out.insert(out.end(), data.begin(), data.end());
        // Central directory entry.
        putLE(central, 0x02014b50, 4);
        putLE(central, 20, 2);
        putLE(central, 20, 2);
        putLE(central, 0, 2);
        putLE(central, std::uint64_t(method), 2);
        putLE(central, 0, 2);
        putLE(central, 0x21, 2);
        putLE(central, crc, 4);
        putLE(central, data.size(), 4);
        putLE(central, npy->size(), 4);
        putLE(central, file.size(), 2);
        putLE(central, 0, 2);
        putLE(central, 0, 2);
        putLE(central, 0, 2);
        putLE(central, 0, 2);
        putLE(central, 0x81A40000u, 4); // external attributes: a regular file, mode 0644
        putLE(central, localOffset, 4);
        for (char c : file)
            central.push_back(std::byte(c));
    }
    const std::uint64_t cdOffset = out.size();
    out.insert(out.end(), central.begin(), central.end());
    putLE(out, 0x06054b50, 4);
    putLE(out, 0, 2);
    putLE(out, 0, 2);
    putLE(out, arrays.size(), 2);
    putLE(out, arrays.size(), 2);
    putLE(out, central.size(), 4);
    putLE(out, cdOffset, 4);
    putLE(out, 0, 2);
    return writeFile(path, out);
}

} // namespace tsm::tensor
