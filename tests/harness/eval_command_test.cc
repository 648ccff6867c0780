// `hloconf eval` end to end: the binary's output lines and exit status on small temporary files.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ir/element_type.h"
#include "ir/parser.h"
#include "ir/type.h"
#include "tests/harness/run_hloconf.h"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using hloconf::test::RunResult;
using hloconf::test::runHloconf;

class EvalCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("hloconf_eval_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  std::filesystem::path dir_;
};

// A NumPy .npy file (format 1.0) written by hand, independent of ir/npy.cc: `descr` like "<i4", the shape
// as NumPy prints it ("(2,)"), and the little-endian element bytes.
std::string npyBytes(const std::string& descr, const std::string& shape, const std::string& data) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>(header.size() >> 8);
  return out + header + data;
}

template <typename T>
std::string leBytes(const std::vector<T>& values) {
  std::string out(values.size() * sizeof(T), '\0');
  std::memcpy(out.data(), values.data(), out.size());  // the test hosts are little-endian (x86-64, aarch64)
  return out;
}

std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

const char kPassing[] =
    "func.func @main() -> tensor<2xf32> {\n"
    "  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
    "  %r = stablehlo.add %a, %a : tensor<2xf32>\n"
    "  check.expect_eq_const %r, dense<[2.0, 4.0]> : tensor<2xf32>\n"
    "  func.return %r : tensor<2xf32>\n"
    "}\n";

TEST_F(EvalCommand, PassingFileExitsZeroAndPrintsResults) {
  std::string path = write("pass.mlir", kPassing);
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("== " + path + " @main\n"));
  EXPECT_THAT(r.output, HasSubstr("result 0: dense<[2.0, 4.0]> : tensor<2xf32>"));
  EXPECT_THAT(r.output, HasSubstr("checks: 1 passed, 0 failed"));
  EXPECT_THAT(r.output, Not(HasSubstr("check failed")));
}

// A negative case (cases/<op>/invalid-*) is never evaluated: it passes when the verifier rejects it for the
// constraint its expect-invalid line names, and is an error when it names another one.
TEST_F(EvalCommand, NegativeCasesPassWhenRejectedForWhatTheyName) {
  const std::string program =
      "func.func @main(%a: tensor<2xf32>) -> tensor<2xf64> {\n"
      "  %r = \"stablehlo.add\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>\n"
      "  func.return %r : tensor<2xf64>\n"
      "}\n";
  std::string right = write("invalid-c1-right.mlir", "// expect-invalid: add C1\n" + program);
  RunResult r = runHloconf("eval " + right);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("1 negative case(s) rejected as they say"));
  std::string wrong = write("invalid-c2-wrong.mlir", "// expect-invalid: add C2\n" + program);
  r = runHloconf("eval " + wrong);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("a negative case: hloconf's verifier rejects this program, but not for add C2 as the case says"));
}

// An upstream lit test whose @main takes arguments gives them on its RUN line: without --arg, eval uses
// the first `--interpret --args=...` RUN line that does not expect a failure (`not ...` lines are skipped).
TEST_F(EvalCommand, ArgumentsComeFromTheRunLineWhenNoneAreGiven) {
  std::string path = write("run_line.mlir",
                           "// RUN: not stablehlo-translate %s --interpret --args=\"[4.0 : f32]\" 2>&1 | FileCheck %s\n"
                           "// RUN: stablehlo-translate %s --interpret --args=\"[dense<1> : tensor<2xi32>, dense<2> : tensor<2xi32>]\" | FileCheck %s\n"
                           "func.func @main(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {\n"
                           "  %r = stablehlo.add %a, %b : tensor<2xi32>\n"
                           "  func.return %r : tensor<2xi32>\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("(arguments from the file's RUN line: [dense<1> : tensor<2xi32>, dense<2> : tensor<2xi32>])"));
  EXPECT_THAT(r.output, HasSubstr("result 0: dense<3> : tensor<2xi32>"));
  // Explicit arguments win over the RUN line.
  RunResult e = runHloconf("eval " + path + " --args '[dense<5> : tensor<2xi32>, dense<5> : tensor<2xi32>]'");
  EXPECT_EQ(e.status, 0) << e.output;
  EXPECT_THAT(e.output, HasSubstr("result 0: dense<10> : tensor<2xi32>"));
}

// --bounds prints each result's accumulation error bound and its implementation-defined elements. The
// sum 1e8 + 1 - 1e8 in f32 is exactly 1; its bound is gamma_3 * (2e8 + 1) + ulp(1)/2, about 35.76.
TEST_F(EvalCommand, BoundsOptionPrintsBoundsAndMarks) {
  std::string path = write("bounds.mlir",
                           "func.func @main() -> (tensor<f32>, tensor<2xi32>) {\n"
                           "  %x = stablehlo.constant dense<[1.0e8, 1.0, -1.0e8]> : tensor<3xf32>\n"
                           "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                           "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n"
                           "  %n = stablehlo.constant dense<[1, 1]> : tensor<2xi32>\n"
                           "  %d = stablehlo.constant dense<[1, 0]> : tensor<2xi32>\n"
                           "  %q = stablehlo.divide %n, %d : tensor<2xi32>\n"
                           "  func.return %r, %q : tensor<f32>, tensor<2xi32>\n"
                           "}\n");
  RunResult r = runHloconf("eval --bounds " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("result 0: dense<1.0> : tensor<f32>\nbound 0: [35.76"));
  EXPECT_THAT(r.output, HasSubstr("implementation-defined 1: elements [1] (row-major)"));
  RunResult plain = runHloconf("eval " + path);
  EXPECT_THAT(plain.output, Not(HasSubstr("bound 0:")));
}

TEST_F(EvalCommand, FailingCheckExitsOne) {
  std::string path = write("fail.mlir",
                           "func.func @main() {\n"
                           "  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
                           "  %r = stablehlo.add %a, %a : tensor<2xf32>\n"
                           "  check.expect_eq_const %r, dense<[2.0, 5.0]> : tensor<2xf32>\n"
                           "  func.return\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 1) << r.output;
  // PATH:LINE:COL of the check op, then the first differing index with both values.
  EXPECT_THAT(r.output, HasSubstr(path + ":4:3: check failed: check.expect_eq_const: "));
  EXPECT_THAT(r.output, HasSubstr("[1]"));
  EXPECT_THAT(r.output, HasSubstr("checks: 0 passed, 1 failed"));
}

TEST_F(EvalCommand, FailingCheckOnAGridNamesTheProcess) {
  // Every process checks its replica id against 0: only replica 1 fails, and the message says so.
  std::string path = write("grid.mlir",
                           "module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {\n"
                           "  func.func @main() {\n"
                           "    %id = stablehlo.replica_id : tensor<ui32>\n"
                           "    check.expect_eq_const %id, dense<0> : tensor<ui32>\n"
                           "    func.return\n"
                           "  }\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr(path + ":4:5: check failed in process (1, 0): check.expect_eq_const: "));
  EXPECT_THAT(r.output, Not(HasSubstr("in process (0, 0)")));
  EXPECT_THAT(r.output, HasSubstr("checks: 1 passed, 1 failed"));
}

TEST_F(EvalCommand, ParseErrorExitsTwoWithLocation) {
  std::string path = write("bad.mlir",
                           "func.func @main() {\n"
                           "  %0 = stablehlo.abs %nope : tensor<f32>\n"
                           "  func.return\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr(path + ":2:22: error: "));
}

TEST_F(EvalCommand, UnsupportedOpExitsTwo) {
  std::string path = write("unsupported.mlir",
                           "func.func @main() -> tensor<f32> {\n"
                           "  %r = \"test.frobnicate\"() : () -> tensor<f32>\n"
                           "  func.return %r : tensor<f32>\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("unsupported: test.frobnicate"));
  EXPECT_THAT(r.output, HasSubstr("1 unsupported"));
}

const char kTwoFunctions[] =
    "func.func @main() -> tensor<i32> {\n"
    "  %a = stablehlo.constant dense<1> : tensor<i32>\n"
    "  func.return %a : tensor<i32>\n"
    "}\n"
    "func.func @negate(%x: tensor<2xi32>) -> tensor<2xi32> {\n"
    "  %r = stablehlo.negate %x : tensor<2xi32>\n"
    "  func.return %r : tensor<2xi32>\n"
    "}\n";

TEST_F(EvalCommand, FunctionAndArgSelectWhatRuns) {
  std::string path = write("two.mlir", kTwoFunctions);
  // Without --function, @main runs.
  RunResult main = runHloconf("eval " + path);
  EXPECT_EQ(main.status, 0) << main.output;
  EXPECT_THAT(main.output, HasSubstr("@main\nresult 0: dense<1> : tensor<i32>"));
  EXPECT_THAT(main.output, Not(HasSubstr("@negate")));
  // --function negate with --arg: -[3, -4] = [-3, 4].
  RunResult neg = runHloconf("eval --function negate --arg 'dense<[3, -4]> : tensor<2xi32>' " + path);
  EXPECT_EQ(neg.status, 0) << neg.output;
  EXPECT_THAT(neg.output, HasSubstr("== " + path + " @negate\n"));
  EXPECT_THAT(neg.output, HasSubstr("result 0: dense<[-3, 4]> : tensor<2xi32>"));
  // A missing argument is an error of that function (exit 2); an unknown function too.
  RunResult missing = runHloconf("eval --function negate " + path);
  EXPECT_EQ(missing.status, 2) << missing.output;
  EXPECT_THAT(missing.output, HasSubstr("takes 1 argument(s), but 0 were given"));
  RunResult unknown = runHloconf("eval --function nothere " + path);
  EXPECT_EQ(unknown.status, 2) << unknown.output;
  EXPECT_THAT(unknown.output, HasSubstr("no function @nothere"));
  // A malformed --arg is a usage error.
  EXPECT_EQ(runHloconf("eval --function negate --arg 'not a literal' " + path).status, 2);
  // The upstream interpreter's array form of --args gives the same argument.
  RunResult array = runHloconf("eval --function negate --args '[dense<[3, -4]> : tensor<2xi32>]' " + path);
  EXPECT_EQ(array.status, 0) << array.output;
  EXPECT_THAT(array.output, HasSubstr("result 0: dense<[-3, 4]> : tensor<2xi32>"));
}

TEST_F(EvalCommand, SplitInputFileEvaluatesEachChunk) {
  std::string path = write("split.mlir",
                           "func.func @main() -> tensor<i32> {\n"
                           "  %a = stablehlo.constant dense<7> : tensor<i32>\n"
                           "  func.return %a : tensor<i32>\n"
                           "}\n"
                           "// -----\n"
                           "func.func @main() -> tensor<i32> {\n"
                           "  %a = stablehlo.constant dense<8> : tensor<i32>\n"
                           "  func.return %a : tensor<i32>\n"
                           "}\n");
  RunResult r = runHloconf("eval --split-input-file " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("== " + path + "#1 @main\nresult 0: dense<7> : tensor<i32>"));
  EXPECT_THAT(r.output, HasSubstr("== " + path + "#2 @main\nresult 0: dense<8> : tensor<i32>"));
  EXPECT_THAT(r.output, HasSubstr("evaluated 2/2 functions"));
  // Without the flag the file is one module, which then defines @main twice: an error at the second.
  RunResult whole = runHloconf("eval " + path);
  EXPECT_EQ(whole.status, 2) << whole.output;
  EXPECT_THAT(whole.output, HasSubstr(path + ":6:1: error: redefinition of symbol @main"));
  EXPECT_THAT(whole.output, Not(HasSubstr("#1")));
}

TEST_F(EvalCommand, SplitInputFileLocationsCountLinesOfTheWholeFile) {
  // Each chunk counts lines from its own start (ir/diagnostic.h LineAnchor), so that a file of many
  // chunks is evaluated in linear time; the line numbers printed are still those of the whole file.
  const std::string chunk =
      "func.func @main() -> tensor<i32> {\n"
      "  %a = stablehlo.constant dense<7> : tensor<i32>\n"
      "  func.return %a : tensor<i32>\n"
      "}\n";
  std::string path = write("split3.mlir",
                           chunk + "// -----\n" + chunk + "// -----\n"  // lines 1-4, 5, 6-9, 10
                           "func.func @main() -> tensor<i32> {\n"     // line 11
                           "  %a = stablehlo.constant dense<7> : tensor<i32>\n"
                           "  %b = stablehlo.constant dense<8> : tensor<i32>\n"
                           "    check.expect_eq %a, %b : tensor<i32>\n"  // line 14, column 5
                           "  func.return %a : tensor<i32>\n"
                           "}\n"
                           "// -----\n"                                 // line 17
                           "func.func @main() -> tensor<i32> {\n"
                           "  %a = stablehlo.constant dense<7> : tensor<i32>\n"
                           "   %b = stablehlo.frobnicate %a : tensor<i32>\n"  // line 20, the op name at column 9
                           "  func.return %b : tensor<i32>\n"
                           "}\n");
  RunResult r = runHloconf("eval --split-input-file " + path);
  // The interpreter's location of the failed check in chunk 3, and the parser's error in chunk 4.
  EXPECT_THAT(r.output, HasSubstr(path + ":14:5: check failed: check.expect_eq")) << r.output;
  EXPECT_THAT(r.output, HasSubstr(path + ":20:9: error: unknown operation 'stablehlo.frobnicate'")) << r.output;
}

TEST_F(EvalCommand, HexPrintsLittleEndianBits) {
  std::string path = write("pass.mlir", kPassing);
  RunResult r = runHloconf("eval --hex " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  // 2.0f = 0x40000000 and 4.0f = 0x40800000, each written low byte first.
  EXPECT_THAT(r.output, HasSubstr("result 0: dense<\"0x0000004000008040\"> : tensor<2xf32>"));
}

// `eval --hex` prints MLIR's raw layout, which the parser reads: each part little-endian in its bit width
// rounded up to whole bytes (tf32: three bytes, where our storage has four). For every element type, the
// module returns a constant written in that layout (by this test, byte by byte), and the printed blob must
// be the same text and parse back to the same bits. tf32 used to print four bytes and not read back.
TEST_F(EvalCommand, HexOutputParsesBackForEveryElementType) {
  std::string module = "func.func @main() -> (";
  std::string body, results, result_types;
  std::vector<std::string> blobs, types;
  for (int k = 0; k < hloconf::kNumElementTypes; ++k) {
    const hloconf::ElementType t = static_cast<hloconf::ElementType>(k);
    if (t == hloconf::ElementType::kIndex) continue;  // attributes only
    const bool complex = hloconf::isComplex(t);
    const int width = hloconf::bitWidth(complex ? hloconf::complexPartType(t) : t);
    const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    const std::vector<uint64_t> patterns = {1, mask, uint64_t{1} << (width - 1), 0x0123456789ABCDEFu & mask};
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string blob = "0x";
    for (size_t i = 0; i < patterns.size(); ++i) {
      for (int part = 0; part < (complex ? 2 : 1); ++part) {
        const uint64_t bits = part == 0 ? patterns[i] : patterns[patterns.size() - 1 - i];
        for (int b = 0; b < (width + 7) / 8; ++b) {
          const uint8_t byte = static_cast<uint8_t>(bits >> (8 * b));
          blob += kHex[byte >> 4];
          blob += kHex[byte & 15];
        }
      }
    }
    const std::string type = hloconf::Type::tensor({4}, hloconf::Type::element(t)).toString();
    const std::string name = "%c" + std::to_string(blobs.size());
    body += "  " + name + " = stablehlo.constant dense<\"" + blob + "\"> : " + type + "\n";
    results += (blobs.empty() ? "" : ", ") + name;
    result_types += (blobs.empty() ? "" : ", ") + type;
    blobs.push_back(blob);
    types.push_back(type);
  }
  module += result_types + ") {\n" + body + "  func.return " + results + " : " + result_types + "\n}\n";
  RunResult r = runHloconf("eval --hex " + write("types.mlir", module));
  ASSERT_EQ(r.status, 0) << r.output;
  for (size_t k = 0; k < blobs.size(); ++k) {
    const std::string line = "result " + std::to_string(k) + ": dense<\"" + blobs[k] + "\"> : " + types[k];
    EXPECT_THAT(r.output, HasSubstr(line)) << types[k];
    // And the printed text parses back to the constant's bits.
    const size_t at = r.output.find("result " + std::to_string(k) + ": ");
    ASSERT_NE(at, std::string::npos);
    const size_t start = r.output.find("dense<", at), end = r.output.find('\n', at);
    const std::string printed = r.output.substr(start, end - start);
    auto reparsed = hloconf::parseModule("func.func @f() -> " + types[k] + " {\n  %0 = stablehlo.constant " + printed +
                                             "\n  func.return %0 : " + types[k] + "\n}\n",
                                         "printed.mlir");
    ASSERT_TRUE(reparsed.ok()) << types[k] << ": " << reparsed.status().message();
    auto original = hloconf::parseModule("func.func @f() -> " + types[k] + " {\n  %0 = stablehlo.constant dense<\"" + blobs[k] +
                                             "\"> : " + types[k] + "\n  func.return %0 : " + types[k] + "\n}\n",
                                         "original.mlir");
    ASSERT_TRUE(original.ok()) << types[k] << ": " << original.status().message();
    auto value = [](const hloconf::Module& m) {
      return (*m.functions()[0]->body().operations[0]->attr("value"))->denseElements();
    };
    EXPECT_EQ(value(*reparsed), value(*original)) << types[k];
  }
}

TEST_F(EvalCommand, UsageErrors) {
  EXPECT_EQ(runHloconf("eval").status, 2);
  EXPECT_EQ(runHloconf("eval --frobnicate x.mlir").status, 2);
  RunResult missing = runHloconf("eval " + (dir_ / "none.mlir").string());
  EXPECT_EQ(missing.status, 2);
  EXPECT_THAT(missing.output, HasSubstr("none.mlir: error: no such file or folder"));
}

TEST_F(EvalCommand, ProcessGridFromTheModuleOrTheCommandLine) {
  // Two replicas (declared by the module): each adds the replica ids 0 + 1 with all_reduce.
  std::string path = write("grid.mlir", R"(module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() -> tensor<ui32> {
    %r = stablehlo.replica_id : tensor<ui32>
    %s = "stablehlo.all_reduce"(%r) ({
    ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
      %t = stablehlo.add %a, %b : tensor<ui32>
      stablehlo.return %t : tensor<ui32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<ui32>) -> tensor<ui32>
    return %s : tensor<ui32>
  }
}
)");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("process (0, 0) result 0: dense<1> : tensor<ui32>"));
  EXPECT_THAT(r.output, HasSubstr("process (1, 0) result 0: dense<1> : tensor<ui32>"));
  // Three replicas from the command line: replica 2 is in no group of the op, an error (exit 2).
  RunResult three = runHloconf("eval --replicas 3 " + path);
  EXPECT_EQ(three.status, 2) << three.output;
  EXPECT_THAT(three.output, HasSubstr("is in no process group"));
  EXPECT_EQ(runHloconf("eval --replicas 0 " + path).status, 2);
}

// --- infeed and outfeed from the command line ------------------------------------------------------------

// Reads two infeed entries (an si32 pair, then an f32 pair with an i1) and outfeeds the first two values.
const char kInfeedProgram[] =
    "func.func @main() -> (tensor<2xi32>, tensor<2xf32>, tensor<i1>) {\n"
    "  %t = stablehlo.after_all : !stablehlo.token\n"
    "  %a, %t1 = \"stablehlo.infeed\"(%t) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)\n"
    "  %b, %c, %t2 = \"stablehlo.infeed\"(%t1) : (!stablehlo.token) -> (tensor<2xf32>, tensor<i1>, !stablehlo.token)\n"
    "  %t3 = \"stablehlo.outfeed\"(%a, %b, %t2) : (tensor<2xi32>, tensor<2xf32>, !stablehlo.token) -> !stablehlo.token\n"
    "  func.return %a, %b, %c : tensor<2xi32>, tensor<2xf32>, tensor<i1>\n"
    "}\n";

TEST_F(EvalCommand, InfeedFromNpyAndLiteralFiles) {
  std::string program = write("infeed.mlir", kInfeedProgram);
  std::string npy = write("ints.npy", npyBytes("<i4", "(2,)", leBytes<int32_t>({7, -8})));
  // One entry of two values, given as literals on two lines (a comment and ';' are allowed).
  std::string literals = write("pair.txt", "// the second entry\ndense<[1.5, -2.0]> : tensor<2xf32>;\n  dense<true> : tensor<i1>\n");
  RunResult r = runHloconf("eval --infeed " + npy + " --infeed " + literals + " " + program);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("result 0: dense<[7, -8]> : tensor<2xi32>"));
  EXPECT_THAT(r.output, HasSubstr("result 1: dense<[1.5, -2.0]> : tensor<2xf32>"));
  EXPECT_THAT(r.output, HasSubstr("result 2: dense<true> : tensor<i1>"));
  // The outfeed is printed even without --outfeed-dir.
  EXPECT_THAT(r.output, HasSubstr("outfeed 0 (replica 0, partition 0) value 1: dense<[1.5, -2.0]> : tensor<2xf32>"));
}

TEST_F(EvalCommand, InfeedNpyWithAGivenType) {
  // bf16 travels as raw bits in '<u2': 0x3F80 = 1.0, 0xC000 = -2.0. Without ':TYPE' the file reads as ui16.
  std::string path = write("bf16.mlir",
                           "func.func @main() -> tensor<2xbf16> {\n"
                           "  %t = stablehlo.after_all : !stablehlo.token\n"
                           "  %a, %t1 = \"stablehlo.infeed\"(%t) : (!stablehlo.token) -> (tensor<2xbf16>, !stablehlo.token)\n"
                           "  func.return %a : tensor<2xbf16>\n"
                           "}\n");
  std::string npy = write("bits.npy", npyBytes("<u2", "(2,)", leBytes<uint16_t>({0x3F80, 0xC000})));
  RunResult typed = runHloconf("eval --infeed '" + npy + ":tensor<2xbf16>' " + path);
  EXPECT_EQ(typed.status, 0) << typed.output;
  EXPECT_THAT(typed.output, HasSubstr("result 0: dense<[1.0, -2.0]> : tensor<2xbf16>"));
  RunResult inferred = runHloconf("eval --infeed " + npy + " " + path);
  EXPECT_EQ(inferred.status, 2) << inferred.output;
  EXPECT_THAT(inferred.output, HasSubstr("infeed entry 0 (" + npy + "): value 0 has type tensor<2xui16>, but result 0 of the op "
                                         "has type tensor<2xbf16>"));
  // A ':TYPE' whose shape does not fit the file is a usage error naming the file.
  RunResult shape = runHloconf("eval --infeed '" + npy + ":tensor<3xbf16>' " + path);
  EXPECT_EQ(shape.status, 2) << shape.output;
  EXPECT_THAT(shape.output, HasSubstr(npy));
}

TEST_F(EvalCommand, OutfeedDirHoldsOneNpyFilePerValue) {
  std::string program = write("infeed.mlir", kInfeedProgram);
  std::string npy = write("ints.npy", npyBytes("<i4", "(2,)", leBytes<int32_t>({7, -8})));
  std::string literals = write("pair.txt", "dense<[1.5, -2.0]> : tensor<2xf32>; dense<false> : tensor<i1>");
  const std::filesystem::path out = dir_ / "out";  // created by the command
  RunResult r = runHloconf("eval --infeed " + npy + " --infeed " + literals + " --outfeed-dir " + out.string() + " " + program);
  EXPECT_EQ(r.status, 0) << r.output;
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(out)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"outfeed-0-r0p0-0.npy", "outfeed-0-r0p0-1.npy"}));
  EXPECT_THAT(r.output, HasSubstr("-> " + (out / "outfeed-0-r0p0-0.npy").string()));
  // Each file is a .npy file of the value: dtype and shape in the header, the data at the end.
  const std::string ints = readAll(out / "outfeed-0-r0p0-0.npy");
  EXPECT_EQ(ints.substr(0, 6), "\x93NUMPY");
  EXPECT_THAT(ints, HasSubstr("'descr': '<i4'"));
  EXPECT_THAT(ints, HasSubstr("'shape': (2,)"));
  EXPECT_EQ(ints.substr(ints.size() - 8), leBytes<int32_t>({7, -8}));
  const std::string floats = readAll(out / "outfeed-0-r0p0-1.npy");
  EXPECT_THAT(floats, HasSubstr("'descr': '<f4'"));
  EXPECT_EQ(floats.substr(floats.size() - 8), leBytes<float>({1.5f, -2.0f}));
}

TEST_F(EvalCommand, InfeedQueueIsSharedByTheProcessesAndOutfeedNamesThem) {
  // Two replicas each read one entry and write it to the outfeed; between them they read both entries.
  std::string program = write("two.mlir", R"(module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() -> tensor<1xi64> {
    %t = stablehlo.after_all : !stablehlo.token
    %a, %t1 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<1xi64>, !stablehlo.token)
    %t2 = "stablehlo.outfeed"(%a, %t1) : (tensor<1xi64>, !stablehlo.token) -> !stablehlo.token
    func.return %a : tensor<1xi64>
  }
}
)");
  std::string one = write("one.txt", "dense<[1]> : tensor<1xi64>\n");
  std::string two = write("two.txt", "dense<[2]> : tensor<1xi64>\n");
  const std::filesystem::path out = dir_ / "out";
  RunResult r = runHloconf("eval --infeed " + one + " --infeed " + two + " --outfeed-dir " + out.string() + " " + program);
  EXPECT_EQ(r.status, 0) << r.output;
  const bool first_to_0 = r.output.find("process (0, 0) result 0: dense<1>") != std::string::npos;
  EXPECT_THAT(r.output, HasSubstr(first_to_0 ? "process (1, 0) result 0: dense<2>" : "process (1, 0) result 0: dense<1>"));
  // Records are numbered in process order: replica 0's is record 0.
  EXPECT_TRUE(std::filesystem::exists(out / "outfeed-0-r0p0-0.npy")) << r.output;
  EXPECT_TRUE(std::filesystem::exists(out / "outfeed-1-r1p0-0.npy")) << r.output;
  EXPECT_EQ(readAll(out / "outfeed-0-r0p0-0.npy").substr(readAll(out / "outfeed-0-r0p0-0.npy").size() - 8),
            leBytes<int64_t>({first_to_0 ? 1 : 2}));
}

TEST_F(EvalCommand, InfeedErrors) {
  std::string program = write("infeed.mlir", kInfeedProgram);
  std::string npy = write("ints.npy", npyBytes("<i4", "(2,)", leBytes<int32_t>({7, -8})));
  std::string floats = write("floats.npy", npyBytes("<f4", "(2,)", leBytes<float>({1.0f, 2.0f})));
  std::string literals = write("pair.txt", "dense<[1.5, -2.0]> : tensor<2xf32>\ndense<true> : tensor<i1>\n");
  // A missing file is a usage error that names it.
  const std::string missing = (dir_ / "absent.npy").string();
  RunResult absent = runHloconf("eval --infeed " + missing + " " + program);
  EXPECT_EQ(absent.status, 2) << absent.output;
  EXPECT_THAT(absent.output, HasSubstr(missing + ": error: cannot open file"));
  // A literal file that does not parse names the file and the position.
  std::string bad = write("bad.txt", "dense<[1, 2]> : tensor<2xi32>\nnot a literal\n");
  RunResult unparsable = runHloconf("eval --infeed " + bad + " " + program);
  EXPECT_EQ(unparsable.status, 2) << unparsable.output;
  EXPECT_THAT(unparsable.output, HasSubstr(bad + ":2:1: error:"));
  // An entry whose type differs from the infeed op's result: the evaluation fails and names the file.
  RunResult wrong = runHloconf("eval --infeed " + floats + " --infeed " + literals + " " + program);
  EXPECT_EQ(wrong.status, 2) << wrong.output;
  EXPECT_THAT(wrong.output, HasSubstr("infeed entry 0 (" + floats + "): value 0 has type tensor<2xf32>, but result 0 of the op has type "
                                      "tensor<2xi32>"));
  // An entry with the wrong number of values.
  RunResult count = runHloconf("eval --infeed " + literals + " --infeed " + literals + " " + program);
  EXPECT_EQ(count.status, 2) << count.output;
  EXPECT_THAT(count.output, HasSubstr("infeed entry 0 (" + literals + ") has 2 value(s), but the op has 1 payload result(s)"));
  // The second infeed op finds the queue exhausted.
  RunResult exhausted = runHloconf("eval --infeed " + npy + " " + program);
  EXPECT_EQ(exhausted.status, 2) << exhausted.output;
  EXPECT_THAT(exhausted.output, HasSubstr("infeed.mlir:4:17: error: stablehlo.infeed: the infeed queue is empty: all 1 of its entries "
                                          "have been read"));
  // Without --infeed the message says how to give one.
  RunResult none = runHloconf("eval " + program);
  EXPECT_EQ(none.status, 2) << none.output;
  EXPECT_THAT(none.output, HasSubstr("--infeed FILE"));
  // A type after a file that is not .npy, and a flag without its value, are usage errors.
  EXPECT_EQ(runHloconf("eval --infeed '" + literals + ":tensor<2xf32>' " + program).status, 2);
  EXPECT_EQ(runHloconf("eval " + program + " --infeed").status, 2);
}

}  // namespace

namespace {

// Acceptance: every function of the upstream interpreter tests evaluates and passes its checks
// with --split-input-file, except those that need a chlo op (docs/interpret-tests.md). Skipped when
// ../shared/peer is absent.
TEST(EvalAcceptance, UpstreamInterpreterTestsPassExceptChlo) {
  const std::filesystem::path folder = std::filesystem::path(HLOCONF_SHARED_DIR) / "peer" / "stablehlo-interpret-tests";
  if (!std::filesystem::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  hloconf::test::RunResult r = hloconf::test::runHloconf("eval -q --split-input-file " + folder.string());
  std::istringstream lines(r.output);
  std::string line, summary;
  int unsupported_chlo = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("evaluated ", 0) == 0) summary = line;
    if (line.find(": unsupported: ") != std::string::npos) {
      EXPECT_NE(line.find("unsupported: chlo."), std::string::npos) << line;
      ++unsupported_chlo;
    }
    EXPECT_EQ(line.find(": error:"), std::string::npos) << line;
    EXPECT_EQ(line.find("check failed"), std::string::npos) << line;
  }
  int evaluated = 0, total = 0, unsupported = 0, errors = 0;
  long long passed = 0, failed = 0;
  ASSERT_EQ(std::sscanf(summary.c_str(), "evaluated %d/%d functions (%d unsupported, %d errors); checks: %lld passed, %lld failed", &evaluated,
                        &total, &unsupported, &errors, &passed, &failed),
            6)
      << r.output;
  std::printf("[ PEER     ] stablehlo-interpret-tests: %d/%d functions evaluate, %d need chlo, %lld checks pass\n", evaluated, total,
              unsupported, passed);
  EXPECT_EQ(errors, 0);
  EXPECT_EQ(failed, 0);
  EXPECT_EQ(unsupported, unsupported_chlo);
  EXPECT_EQ(evaluated + unsupported, total);
  EXPECT_GT(passed, 0);
}

}  // namespace
