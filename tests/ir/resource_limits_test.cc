// The limits a program's sizes meet (ir/resource_limits.h): the checked allocation path and the
// process-grid bound (the byte counts --memory-limit takes: byte_size_test.cc).
#include "ir/resource_limits.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>

namespace hloconf {
namespace {

using ::testing::HasSubstr;

TEST(ResourceLimits, AllocationsPastTheLimitNameBothNumbers) {
  setMemoryLimit(uint64_t{1} << 20);
  EXPECT_TRUE(checkAllocation("a small tensor", 1024, 4).ok());
  absl::Status status = checkAllocation("result type tensor<1048577xi8>", 1048577, 1);
  EXPECT_EQ(status.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(status.message(), "result type tensor<1048577xi8> needs 1048577 bytes, limit 1048576 (--memory-limit)");
  // A count whose byte size overflows 64 bits is refused, not wrapped to a small one.
  status = checkAllocation("scratch", uint64_t{1} << 62, 8);
  EXPECT_THAT(status.message(), HasSubstr("scratch needs 4611686018427387904 x 8 bytes, limit 1048576"));
  EXPECT_EQ(checkTensorAllocation("a result of", Type::tensor({int64_t{1} << 40, int64_t{1} << 40}, Type::element(ElementType::kF32))).message(),
            "a result of tensor<1099511627776x1099511627776xf32> needs 18446744073709551615 x 4 bytes, limit 1048576 (--memory-limit)");
  setMemoryLimit(0);
  EXPECT_EQ(memoryLimit(), defaultMemoryLimit());
  EXPECT_GT(memoryLimit(), uint64_t{0});
}

TEST(ResourceLimits, ProcessGridsAreBoundedWithoutOverflow) {
  EXPECT_TRUE(checkProcessGrid(1, 1).ok());
  EXPECT_TRUE(checkProcessGrid(32, 32).ok());
  EXPECT_FALSE(checkProcessGrid(1025, 1).ok());
  EXPECT_FALSE(checkProcessGrid(0, 4).ok());
  EXPECT_FALSE(checkProcessGrid(uint64_t{1} << 32, uint64_t{1} << 32).ok());  // 2^64 wraps to 0
  EXPECT_EQ(checkProcessGrid(65537, 1).message(),
            "a process grid of 65537 replicas x 1 partitions: hloconf runs 1 to 1024 processes (one thread each)");
}

}  // namespace
}  // namespace hloconf
