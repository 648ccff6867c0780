// Every subcommand's options go through one library (harness/options.h, issue 18 item 10): the same
// spellings everywhere, `--timeout 0` as no limit, one-line usage errors with a hint, and "did you mean"
// for misspelled options, commands, ops and generator names.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_hloconf.h"
#include "ir/nearest_name.h"

namespace hloconf {
namespace {

using test::runHloconf;
using ::testing::HasSubstr;
using ::testing::Not;

std::string cases(const std::string& op) { return std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op; }

size_t lines(const std::string& text) {
  size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(Options, EveryCommandTakesNameEqualsValue) {
  // The same run, with the value after '=' and as the next word.
  auto spaced = runHloconf("eval -q --function main " + cases("add"));
  auto joined = runHloconf("eval -q --function=main " + cases("add"));
  EXPECT_EQ(spaced.status, 0) << spaced.output;
  EXPECT_EQ(joined.status, 0) << joined.output;
  EXPECT_EQ(spaced.output, joined.output);
  auto run = runHloconf("run -q --ops=add --backend=reference --jobs=2 --list spec");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("spec/add/"));
  EXPECT_THAT(run.output, Not(HasSubstr("spec/subtract/")));
  auto gen = runHloconf("gen --id=gen/add/f32/uniform/1/0");
  EXPECT_EQ(gen.status, 0) << gen.output;
  EXPECT_THAT(gen.output, HasSubstr("stablehlo.add"));
}

TEST(Options, AUsageErrorIsOneLineAndAHint) {
  for (const char* command : {"eval --replicas 0 x.mlir", "run --table wide spec", "exec --repeat 0 x.mlir", "gen --count x all",
                                     "merge --duplicates=some -o out a", "diff --limit -3 a b", "cache prune --older-than soon",
                                     "serve --executor gpu", "golden --format txt --out o spec", "verify --coverage a b"}) {
    auto r = runHloconf(std::string(command));
    EXPECT_EQ(r.status, 2) << command << ": " << r.output;
    EXPECT_EQ(lines(r.output), 2u) << command << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("--help' for its options")) << command;
  }
}

TEST(Options, MisspelledOptionsCommandsOpsAndGeneratorsGetDidYouMean) {
  auto option = runHloconf("run --backnd cpu spec");
  EXPECT_EQ(option.status, 2);
  EXPECT_THAT(option.output, HasSubstr("unknown option '--backnd' (did you mean --backend?)"));
  auto joined = runHloconf("eval --functon=main x.mlir");
  EXPECT_THAT(joined.output, HasSubstr("unknown option '--functon' (did you mean --function?)"));
  auto command = runHloconf("rn spec");
  EXPECT_EQ(command.status, 2);
  EXPECT_THAT(command.output, HasSubstr("unknown command 'rn'; did you mean 'run'?"));
  auto op = runHloconf("run --ops dot_genral spec");
  EXPECT_EQ(op.status, 2);
  EXPECT_THAT(op.output, HasSubstr("did you mean 'dot_general'?"));
  auto generator = runHloconf("run --list gen:exponentail");
  EXPECT_EQ(generator.status, 2);
  EXPECT_THAT(generator.output, HasSubstr("did you mean `exponential`?"));
  // Far from every name: no guess.
  auto far = runHloconf("run --zzzzzzzz spec");
  EXPECT_THAT(far.output, HasSubstr("unknown option '--zzzzzzzz'"));
  EXPECT_THAT(far.output, Not(HasSubstr("did you mean")));
}

TEST(Options, TimeoutZeroMeansNoLimit) {
  auto run = runHloconf("run -q --timeout 0 --ops=add --no-cache spec");
  EXPECT_EQ(run.status, 0) << run.output;
  auto negative = runHloconf("run --timeout -1 spec");
  EXPECT_EQ(negative.status, 2);
  EXPECT_THAT(negative.output, HasSubstr("needs a number of seconds (0: no limit)"));
}

TEST(Options, RepeatedArgumentsKeepTheirOrderAcrossArgAndArgs) {
  // @main(%a, %b) returns a - b: the order of --arg and --args decides the result.
  const std::string program = std::string(::testing::TempDir()) + "/options_subtract.mlir";
  std::FILE* f = std::fopen(program.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {\n"
             "  %0 = stablehlo.subtract %a, %b : tensor<f32>\n  return %0 : tensor<f32>\n}\n",
             f);
  std::fclose(f);
  auto r = runHloconf("eval --args 'dense<5.0> : tensor<f32>' --arg 'dense<2.0> : tensor<f32>' " + program);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("3.0"));
  EXPECT_THAT(r.output, Not(HasSubstr("-3.0")));  // 5 - 2, not 2 - 5
  auto swapped = runHloconf("eval --arg 'dense<2.0> : tensor<f32>' --args 'dense<5.0> : tensor<f32>' " + program);
  EXPECT_THAT(swapped.output, HasSubstr("-3.0"));
}

TEST(NearestName, LikelyMeantIsWithinAThirdOfTheWord) {
  const std::vector<std::string> names = {"add", "and", "atan2", "dot_general", "exponential"};
  EXPECT_EQ(likelyMeant("dot_genral", names), "dot_general");
  EXPECT_EQ(likelyMeant("exponentail", names), "exponential");
  EXPECT_EQ(likelyMeant("ad", names), "add");  // the first of equals (add, and)
  EXPECT_EQ(likelyMeant("convolution", names), "");
  EXPECT_EQ(nearestName("convolution", names), "exponential");
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
}

}  // namespace
}  // namespace hloconf
