// ir/glob.h: the one glob syntax of profiles and command-line filters.
#include "ir/glob.h"

#include <gtest/gtest.h>

namespace hloconf {
namespace {

TEST(Glob, StarQuestionAndLiterals) {
  EXPECT_TRUE(globMatch("dot_*", "dot_general"));
  EXPECT_TRUE(globMatch("*", ""));
  EXPECT_TRUE(globMatch("spec/*/edge-*", "spec/exponential/edge-large"));  // `*` crosses `/`
  EXPECT_TRUE(globMatch("f?6", "f16"));
  EXPECT_FALSE(globMatch("f?6", "f6"));
  EXPECT_FALSE(globMatch("add", "Add"));
}

TEST(Glob, CharacterClasses) {
  EXPECT_TRUE(globMatch("f[13][62]", "f32"));
  EXPECT_TRUE(globMatch("f[0-9]*", "f64"));
  EXPECT_FALSE(globMatch("f[!0-9]*", "f64"));
  EXPECT_TRUE(globMatch("[^a]dd", "odd"));
  EXPECT_TRUE(globMatch("a[b", "a[b"));  // no closing bracket: a literal '['
}

TEST(Glob, BracesNestAndHoldGlobs) {
  EXPECT_TRUE(globMatch("{f8E*,{bf,tf}*}", "tf32"));
  EXPECT_TRUE(globMatch("{f8E*,{bf,tf}*}", "f8E4M3FN"));
  EXPECT_FALSE(globMatch("{f8E*,{bf,tf}*}", "f32"));
}

TEST(Glob, CommaSeparatedListsSplitOutsideBraces) {
  EXPECT_TRUE(globMatchAny("add,dot_*", "dot_general"));
  EXPECT_TRUE(globMatchAny("{sine,cosine},tan", "cosine"));
  EXPECT_FALSE(globMatchAny("{sine,cosine},tan", "tanh"));
  EXPECT_FALSE(globMatchAny("", "add"));
  EXPECT_FALSE(globMatchAny(",", "add"));
}

TEST(Glob, CheckReportsUnbalancedBracesAndEmptyPatterns) {
  EXPECT_TRUE(checkGlob("{a,b}").ok());
  EXPECT_FALSE(checkGlob("{a,b").ok());
  EXPECT_FALSE(checkGlob("a}").ok());
  EXPECT_FALSE(checkGlob("").ok());
}

}  // namespace
}  // namespace hloconf
