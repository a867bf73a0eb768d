#include "core/tensor/npy_io.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_ops.h"
#include "tensor_test_util.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace tsm;
using namespace tsm::tensor;
using namespace tsm::tensor::test;

namespace {

std::vector<std::byte> bytesOf(const std::string &s)
{
    std::vector<std::byte> b(s.size());
    std::memcpy(b.data(), s.data(), s.size());
    return b;
}

/// A .npy file with a hand-written header (version 1.0) and raw data.
std::vector<std::byte> npyWith(const std::string &dict, const std::vector<std::byte> &data)
{
    std::string header = dict;
    const std::size_t total = 10 + header.size() + 1;
    header += std::string((64 - total % 64) % 64, ' ') + "\n";
    std::string prefix = "\x93NUMPY";
    prefix += char(1);
    prefix += char(0);
    prefix += char(header.size() & 0xFF);
    prefix += char(header.size() >> 8);
    std::vector<std::byte> out = bytesOf(prefix + header);
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

std::filesystem::path tempPath(const std::string &name)
{
    return std::filesystem::temp_directory_path()
           / ("tsm_npy_test_" + std::to_string(::getpid()) + "_" + name);
}

} // namespace

TEST(Npy, HeaderIsByteExactWithNumpy)
{
    // np.save of np.zeros(3, np.float32): a 128-byte header with numpy's growth padding.
    const auto bytes = encodeNpy(zeros({3}));
    ASSERT_TRUE(bytes);
    ASSERT_EQ(bytes->size(), 128u + 12u);
    const std::string header(reinterpret_cast<const char *>(bytes->data()), 128);
    std::string expected = std::string("\x93NUMPY\x01\x00\x76\x00", 10)
                           + "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }";
    expected += std::string(127 - expected.size(), ' ') + "\n";
    EXPECT_EQ(header, expected);
    const auto scalar = encodeNpy(zeros({}, DType::I64));
    ASSERT_EQ(scalar->size(), 128u + 8u);
    const std::string dict = "{'descr': '<i8', 'fortran_order': False, 'shape': (), }";
    const std::string h2(reinterpret_cast<const char *>(scalar->data()) + 10, 118);
    EXPECT_EQ(h2, dict + std::string(117 - dict.size(), ' ') + "\n"); // 0-d: no growth padding
}

TEST(Npy, RoundTripEveryNumpyDtype)
{
    for (DType dtype : {DType::I1,
                        DType::I8,
                        DType::I16,
                        DType::I32,
                        DType::I64,
                        DType::U8,
                        DType::U16,
                        DType::U32,
                        DType::U64,
                        DType::F16,
                        DType::F32,
                        DType::F64}) {
        SCOPED_TRACE(std::string(dtypeName(dtype)));
        const Tensor t = arange(Scalar::fromInt(0), Scalar::fromInt(6), Scalar::fromInt(1), dtype)
                             .reshape({2, 3})
                             .t(); // non-contiguous: saved in C order of the logical shape
        const auto bytes = encodeNpy(t);
        ASSERT_TRUE(bytes);
        const NpyResult r = parseNpy(*bytes);
        ASSERT_TRUE(r.tensor) << r.error;
        EXPECT_EQ(r.tensor->dtype(), dtype);
        EXPECT_EQ(r.tensor->shape(), (Shape{3, 2}));
        EXPECT_EQ(values(*r.tensor), values(t));
    }
    std::string error;
    EXPECT_FALSE(encodeNpy(zeros({1}, DType::BF16), &error));
    EXPECT_NE(error.find("bfloat16"), std::string::npos);
}

TEST(Npy, FortranOrderBigEndianAndVersion2)
{
    std::vector<std::byte> data;
    for (std::int32_t v : {1, 4, 2, 5, 3, 6}) // column-major of [[1,2,3],[4,5,6]]
        for (int i = 0; i < 4; ++i)
            data.push_back(std::byte((v >> (8 * i)) & 0xFF));
    const NpyResult f
        = parseNpy(npyWith("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }", data));
    ASSERT_TRUE(f.tensor) << f.error;
    EXPECT_EQ(values(*f.tensor), (std::vector<double>{1, 2, 3, 4, 5, 6}));
    std::vector<std::byte> be{std::byte(0x3F),
                              std::byte(0xF0),
                              std::byte(0),
                              std::byte(0),
                              std::byte(0),
                              std::byte(0),
                              std::byte(0),
                              std::byte(0)};
    const NpyResult b
        = parseNpy(npyWith("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }", be));
    ASSERT_TRUE(b.tensor) << b.error;
    EXPECT_EQ(b.tensor->flatDouble(0), 1.0);
}

TEST(Npy, ErrorsAreMessages)
{
    EXPECT_NE(parseNpy(bytesOf("hello world")).error.find("not a .npy file"), std::string::npos);
    const NpyResult s
        = parseNpy(npyWith("{'descr': '<U3', 'fortran_order': False, 'shape': (1,), }", {}));
    EXPECT_FALSE(s.tensor);
    EXPECT_NE(s.error.find("unsupported dtype '<U3'"), std::string::npos);
    const NpyResult t
        = parseNpy(npyWith("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", {}));
    EXPECT_NE(t.error.find("needs 16"), std::string::npos);
    EXPECT_NE(loadNpy("/nonexistent/x.npy").error.find("No such file"), std::string::npos);
}

TEST(Npy, SaveAndLoadFiles)
{
    const auto path = tempPath("a.npy");
    const Tensor t = vec({1.5, -2.0}, DType::F16);
    ASSERT_EQ(saveNpy(path, t), "");
    const NpyResult r = loadNpy(path);
    ASSERT_TRUE(r.tensor) << r.error;
    EXPECT_EQ(values(*r.tensor), values(t));
    std::filesystem::remove(path);
}

TEST(Npz, StoredAndCompressedRoundTrip)
{
    for (bool compressed : {false, true}) {
        SCOPED_TRACE(compressed ? "savez_compressed" : "savez");
        const auto path = tempPath(compressed ? "c.npz" : "s.npz");
        const std::vector<std::pair<std::string, Tensor>> arrays{
            {"x", arange(Scalar::fromInt(0), Scalar::fromInt(1000)).to(DType::F32)},
            {"mask", ivec({1, 0, 1}, DType::I1)},
        };
        ASSERT_EQ(saveNpz(path, arrays, compressed), "");
        const NpzResult r = loadNpz(path);
        ASSERT_EQ(r.error, "");
        ASSERT_EQ(r.arrays.size(), 2u);
        EXPECT_EQ(r.arrays[0].first, "x");
        EXPECT_EQ(r.arrays[1].first, "mask");
        EXPECT_EQ(values(r.arrays[0].second), values(arrays[0].second));
        EXPECT_EQ(r.arrays[1].second.dtype(), DType::I1);
        if (compressed) {
            EXPECT_LT(std::filesystem::file_size(path), 4000u); // deflate shrank 4000 bytes of data
        }
        std::filesystem::remove(path);
    }
}

TEST(Npz, CorruptArchivesAreReported)
{
    EXPECT_NE(parseNpz(bytesOf("PK\x03\x04 not really a zip")).error, "");
    const auto path = tempPath("bad.npz");
    const std::vector<std::pair<std::string, Tensor>> arrays{{"x", vec({1, 2, 3})}};
    ASSERT_EQ(saveNpz(path, arrays), "");
    NpzResult ok = loadNpz(path);
    ASSERT_EQ(ok.error, "");
    // Overwrite a data byte (local header 30 + name 5 + npy header 128 + 2): the CRC catches it.
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(30 + 5 + 130);
    f.put('\x7f');
    f.close();
    EXPECT_NE(loadNpz(path).error.find("CRC mismatch"), std::string::npos);
    std::filesystem::remove(path);
}
