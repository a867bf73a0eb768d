#include "core/cuda/sha256.h"

#include <gtest/gtest.h>

using namespace tsm::cuda;

namespace {
std::string hashOf(std::string_view s)
{
    Sha256 h;
    h.update(s);
    return Sha256::hex(h.finish());
}
} // namespace

TEST(CudaSha256, MatchesTheFipsTestVectors)
{
    EXPECT_EQ(hashOf(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(hashOf("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(hashOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(hashOf(std::string(1000000, 'a')),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(CudaSha256, SplitUpdatesGiveTheSameDigest)
{
    const std::string text(200, 'x');
    Sha256 h;
    for (std::size_t i = 0; i < text.size(); i += 7)
        h.update(std::string_view(text).substr(i, 7));
    EXPECT_EQ(Sha256::hex(h.finish()), hashOf(text));
}

TEST(CudaSha256, FieldsAreLengthPrefixed)
{
    Sha256 a, b;
    a.updateField("ab");
    a.updateField("c");
    b.updateField("a");
    b.updateField("bc");
    EXPECT_NE(Sha256::hex(a.finish()), Sha256::hex(b.finish()));
}
