// Byte counts (ir/byte_size.h): the sizes --memory-limit, `cache prune --max-size` and
// HLOCONF_CACHE_MAX_SIZE take, and the size of a value's data; both refuse what overflows.
#include "ir/byte_size.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace hloconf {
namespace {

TEST(ByteSize, DigitsWithABinarySuffix) {
  EXPECT_EQ(parseByteSize("1000"), 1000u);
  EXPECT_EQ(parseByteSize("0"), 0u);  // a size; --memory-limit refuses it itself
  EXPECT_EQ(parseByteSize("64k"), uint64_t{64} << 10);
  EXPECT_EQ(parseByteSize("500m"), uint64_t{500} << 20);
  EXPECT_EQ(parseByteSize("512M"), uint64_t{512} << 20);
  EXPECT_EQ(parseByteSize("8g"), uint64_t{8} << 30);
  EXPECT_EQ(parseByteSize("2T"), uint64_t{2} << 40);
  // More than the 12 digits the cache's parser used to cap at.
  EXPECT_EQ(parseByteSize("1000000000000000"), uint64_t{1000000000000000});
  for (const char* bad : {"", "G", "1.5G", "-1", "+1", "1GB", "8 G", " 8G", "8G ", "1P", "0x10"})
    EXPECT_EQ(parseByteSize(bad), std::nullopt) << bad;
}

TEST(ByteSize, ACountPastTwoToThe63IsRefusedNotWrapped) {
  // 16777216T is 2^24 * 2^40 = 2^64: the unchecked product was 0 ("no cap").
  EXPECT_EQ(parseByteSize("16777216T"), std::nullopt);
  EXPECT_EQ(parseByteSize("8388608T"), kMaxByteSize);  // 2^23 * 2^40 = 2^63, the largest
  EXPECT_EQ(parseByteSize("8388609T"), std::nullopt);
  EXPECT_EQ(parseByteSize("9223372036854775808"), kMaxByteSize);
  EXPECT_EQ(parseByteSize("9223372036854775809"), std::nullopt);
  // Past 2^64 in the digits themselves: 2^64 = 18446744073709551616.
  EXPECT_EQ(parseByteSize("18446744073709551616"), std::nullopt);
  EXPECT_EQ(parseByteSize("99999999999999999999"), std::nullopt);
}

TEST(ByteSize, DataOfATensorIsElementsTimesStorageBytes) {
  EXPECT_EQ(dataByteSize(Type::tensor({2, 3}, Type::element(ElementType::kF32))), 24);
  EXPECT_EQ(dataByteSize(Type::tensor({}, Type::element(ElementType::kC128))), 16);
  EXPECT_EQ(dataByteSize(Type::tensor({5}, Type::element(ElementType::kSI4))), 5);  // one byte per element
  EXPECT_EQ(dataByteSize(Type::tensor({0, 7}, Type::element(ElementType::kF64))), 0);
  EXPECT_EQ(dataByteSize(Type::token()), 0);
}

TEST(ByteSize, DataPastInt64MaxOrOfNoStaticSizeIsNullopt) {
  // 2^31 x 2^31 elements of 4 bytes is 2^64 bytes; 2^31 x 2^30 x 4 bytes = 2^63, one past INT64_MAX.
  EXPECT_EQ(dataByteSize(Type::tensor({int64_t{1} << 31, int64_t{1} << 31}, Type::element(ElementType::kF32))), std::nullopt);
  EXPECT_EQ(dataByteSize(Type::tensor({int64_t{1} << 31, int64_t{1} << 30}, Type::element(ElementType::kF32))), std::nullopt);
  EXPECT_EQ(dataByteSize(Type::tensor({int64_t{1} << 31, int64_t{1} << 29}, Type::element(ElementType::kF32))),
            std::numeric_limits<int64_t>::max() / 2 + 1);
  // Each dimension fits, the element count wraps to 0 in 64 bits: refused, not 0 bytes.
  EXPECT_EQ(dataByteSize(Type::tensor({int64_t{1} << 32, int64_t{1} << 32}, Type::element(ElementType::kI1))), std::nullopt);
  EXPECT_EQ(dataByteSize(Type::tensor({kDynamicSize, 2}, Type::element(ElementType::kF32))), std::nullopt);
  EXPECT_EQ(dataByteSize(Type::tuple({})), std::nullopt);
}

}  // namespace
}  // namespace hloconf
