// The PyTorch adapter (adapters/torch/): its handshake, bit-exact integer semantics against the reference
// (division and remainder by zero and INT_MIN / -1, which torch traps on; shift amounts outside the bit
// width; wrapping), UNSUPPORTED with reasons for what torch cannot express, and spec cases through
// `hloconf run --backend torch`. Every test skips when /usr/bin/python3 cannot import torch.
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <set>

#include "adapter_test_util.h"
#include "ir/op_schema.h"
#include "nlohmann/json.hpp"
#include "../harness/run_hloconf.h"

namespace hloconf::test {
namespace {

namespace fs = std::filesystem;
using adapters::Reply;

bool pythonWithTorch() {
  static const bool available = ::access("/usr/bin/python3", X_OK) == 0 &&
                                std::system("/usr/bin/python3 -c 'import torch, numpy' >/dev/null 2>&1") == 0;
  return available;
}

#define SKIP_WITHOUT_TORCH() \
  if (!pythonWithTorch()) GTEST_SKIP() << "/usr/bin/python3 cannot import torch (apt-get install python3-torch)"

std::string adaptersDir() { return std::string(HLOCONF_SOURCE_DIR) + "/adapters"; }

adapters::ExternalSpec torchSpec(const std::string& work_dir) {
  auto spec = adapters::findAdapter("torch", {adaptersDir()});
  EXPECT_TRUE(spec.ok()) << spec.status().message();
  adapters::ExternalSpec result = spec.ok() ? *spec : adapters::ExternalSpec();
  result.work_dir = work_dir;
  return result;
}

// A rank-1 tensor of an integer `element` type holding `values` (two's complement, masked to the width).
Tensor intVector(const std::string& element, const std::vector<int64_t>& values) {
  Tensor tensor = randomTensor(strCat("tensor<", values.size(), "x", element, ">"), 0);
  const int width = bitWidth(tensor.elementType());
  const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  for (size_t i = 0; i < values.size(); ++i) tensor.setBits(static_cast<int64_t>(i), static_cast<uint64_t>(values[i]) & mask);
  return tensor;
}

struct IntType {
  const char* name;
  int64_t min, max;
  int width;
};

constexpr IntType kIntTypes[] = {
    {"i8", -128, 127, 8},
    {"i16", -32768, 32767, 16},
    {"i32", std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), 32},
    {"i64", std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), 64},
    {"ui8", 0, 255, 8},
};

// Every (lhs, rhs) pair of `lhs` x `rhs` as two vectors.
void allPairs(const std::vector<int64_t>& lhs, const std::vector<int64_t>& rhs, std::vector<int64_t>& a,
              std::vector<int64_t>& b) {
  for (int64_t x : lhs)
    for (int64_t y : rhs) {
      a.push_back(x);
      b.push_back(y);
    }
}

// Runs `op` on (a, b) through the adapter and expects the reference's bits exactly.
void expectSameAsReference(adapters::Backend& backend, const std::string& op, const std::string& element,
                           const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  SCOPED_TRACE(strCat(op, " on ", element));
  const std::string type = strCat("tensor<", a.size(), "x", element, ">");
  auto request = makeRequest(binaryProgram(op, type), {intVector(element, a), intVector(element, b)}, strCat(op, "/", element));
  Reply expected = referenceReply(request);
  ASSERT_EQ(expected.kind, Reply::Kind::kOutputs) << expected.message;
  Reply reply = backend.run(request);
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << kindName(reply.kind) << ": " << reply.message;
  ASSERT_EQ(reply.outputs.size(), 1u);
  ASSERT_EQ(reply.outputs[0].type(), expected.outputs[0].type());
  for (int64_t i = 0; i < expected.outputs[0].numElements(); ++i) {
    EXPECT_EQ(reply.outputs[0].bits(i), expected.outputs[0].bits(i))
        << op << "(" << a[i] << ", " << b[i] << ") at element " << i;
  }
}

TEST(TorchAdapter, HandshakeDeclaresWhatTorchHas) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(torchSpec(dir.path()));
  auto info = backend->start();
  ASSERT_TRUE(info.ok()) << info.status().message();
  EXPECT_EQ(info->name, "torch");
  EXPECT_NE(info->version.find("torch"), std::string::npos) << info->version;
  const auto& caps = info->capabilities;
  for (const char* element : {"i1", "i8", "i16", "i32", "i64", "ui8", "f16", "bf16", "f32", "f64", "complex<f32>", "complex<f64>"})
    EXPECT_TRUE(caps.supportsElementType(element)) << element;
  for (const char* element : {"ui16", "ui32", "ui64", "f8E4M3FN", "f8E5M2", "tf32", "i4", "ui4", "quant<i8:f16>"})
    EXPECT_FALSE(caps.supportsElementType(element)) << element;
  for (const char* op : {"stablehlo.add", "stablehlo.dot_general", "stablehlo.convolution", "stablehlo.gather",
                         "stablehlo.scatter", "stablehlo.sort", "stablehlo.while", "stablehlo.fft", "stablehlo.reduce_window"})
    EXPECT_TRUE(caps.supportsOp(op)) << op;
  EXPECT_TRUE(caps.supportsElementType("quant<i8:f32>"));
  EXPECT_TRUE(caps.supportsOp("stablehlo.uniform_quantize"));
  EXPECT_FALSE(caps.ops.empty());  // the ops are declared, so the runner skips programs with others
  // The handshake's op names come from the adapter's own tables (UNARY, BINARY, its op_* methods): each
  // must be an op of the schema, or the runner could never match it.
  for (const std::string& op : caps.ops) {
    const OpSchema* schema = lookupOp(op);
    EXPECT_NE(schema, nullptr) << "the torch handshake declares " << op << ", which is not an op of the schema";
    if (schema) {
      EXPECT_FALSE(schema->has(traits::kTestOnly)) << op;
    }
  }
  backend->stop();
}

// Integer division and remainder truncate toward zero (the remainder takes the dividend's sign); by zero and
// INT_MIN / -1 (where torch raises or the process dies of SIGFPE) they give the reference's values.
TEST(TorchAdapter, IntegerDivisionAndRemainderAreBitExact) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(torchSpec(dir.path()));
  for (const IntType& t : kIntTypes) {
    std::vector<int64_t> values = {t.min, t.min + 1, 0, 1, 2, 7, t.max - 1, t.max};
    if (t.min < 0) values.insert(values.end(), {-1, -2, -7});
    std::vector<int64_t> a, b;
    allPairs(values, values, a, b);
    expectSameAsReference(*backend, "divide", t.name, a, b);
    expectSameAsReference(*backend, "remainder", t.name, a, b);
  }
  backend->stop();
}

// Shift amounts are read as unsigned: at or above the bit width, left and logical shifts give 0 and the
// arithmetic shift gives the sign fill. Logical right shifts of negative values bring in zeros.
TEST(TorchAdapter, ShiftsAreBitExact) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(torchSpec(dir.path()));
  for (const IntType& t : kIntTypes) {
    std::vector<int64_t> lhs = {t.min, t.min + 1, 0, 1, 5, t.max};
    if (t.min < 0) lhs.insert(lhs.end(), {-1, -6});
    std::vector<int64_t> amounts = {0, 1, t.width - 1, std::min<int64_t>(t.width, t.max), t.max};
    if (t.min < 0) amounts.insert(amounts.end(), {-1, t.min});
    if (t.width < 64 && t.width + 1 <= t.max) amounts.push_back(t.width + 1);
    std::vector<int64_t> a, b;
    allPairs(lhs, amounts, a, b);
    for (const char* op : {"shift_left", "shift_right_logical", "shift_right_arithmetic"})
      expectSameAsReference(*backend, op, t.name, a, b);
  }
  backend->stop();
}

// Integer add, subtract and multiply wrap (two's complement), as in the reference.
TEST(TorchAdapter, IntegerArithmeticWraps) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(torchSpec(dir.path()));
  for (const IntType& t : kIntTypes) {
    std::vector<int64_t> values = {t.min, t.min + 1, 0, 1, 3, t.max / 2 + 1, t.max - 1, t.max};
    std::vector<int64_t> a, b;
    allPairs(values, values, a, b);
    for (const char* op : {"add", "subtract", "multiply", "maximum", "minimum", "and", "or", "xor"})
      expectSameAsReference(*backend, op, t.name, a, b);
  }
  backend->stop();
}

// A program torch cannot run is UNSUPPORTED with a reason, never an error or an approximation: a type torch
// lacks (per the handshake), an op it lacks (cbrt), a complex op it has no kernel for, and a process grid.
TEST(TorchAdapter, WhatTorchCannotExpressIsUnsupportedWithAReason) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  auto backend = adapters::makeExternalBackend(torchSpec(dir.path()));
  auto info = backend->start();
  ASSERT_TRUE(info.ok()) << info.status().message();
  EXPECT_FALSE(info->capabilities.supportsElementType("ui32"));

  struct Expectation {
    std::string program, input_type, reason;
  };
  const std::vector<Expectation> cases = {
      {"func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {\n  %0 = stablehlo.cbrt %a : tensor<3xf32>\n"
       "  func.return %0 : tensor<3xf32>\n}\n",
       "tensor<3xf32>", "cbrt"},
      {binaryProgram("maximum", "tensor<3xcomplex<f32>>"), "tensor<3xcomplex<f32>>", "complex"},
      {binaryProgram("add", "tensor<3xui32>"), "tensor<3xui32>", "ui32"},
  };
  for (const Expectation& c : cases) {
    SCOPED_TRACE(c.program);
    std::vector<Tensor> inputs;
    for (int i = 0; i < (c.program.find("%b") != std::string::npos ? 2 : 1); ++i) inputs.push_back(randomTensor(c.input_type, 3 + i));
    Reply reply = backend->run(makeRequest(c.program, inputs));
    EXPECT_EQ(reply.kind, Reply::Kind::kUnsupported) << kindName(reply.kind) << ": " << reply.message;
    EXPECT_NE(reply.message.find(c.reason), std::string::npos) << reply.message;
  }
  auto grid = makeRequest(binaryProgram("add", "tensor<2xf32>"),
                          {randomTensor("tensor<2xf32>", 1), randomTensor("tensor<2xf32>", 2)});
  grid.num_replicas = 2;
  grid.result_types.push_back(grid.result_types[0]);
  Reply reply = backend->run(grid);
  EXPECT_EQ(reply.kind, Reply::Kind::kUnsupported) << kindName(reply.kind) << ": " << reply.message;
  EXPECT_NE(reply.message.find("multi-process"), std::string::npos) << reply.message;
  backend->stop();
}

// Spec cases through the runner: results.json has the statuses. Integer and movement cases pass exactly;
// a ui64 case is UNSUPPORTED from the handshake; nothing is ERROR, CRASH or TIMEOUT.
TEST(TorchAdapter, SpecCasesThroughTheRunner) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  const std::string cases = std::string(HLOCONF_SOURCE_DIR) + "/cases/";
  std::string sources;
  for (const char* op : {"add", "divide", "remainder", "shift_right_logical", "dot_general", "gather", "scatter", "sort",
                         "convolution", "reduce_window", "pad", "while"})
    strAppend(&sources, " ", cases, op);
  RunResult run = runHloconf(strCat("run --backend torch --adapters-dir ", adaptersDir(), " -j 2 -q --no-cache --report-dir ",
                                    dir.path(), "/report", sources));
  std::ifstream in(dir.path() + "/report/results.json");
  nlohmann::json results = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(results.is_discarded()) << run.output;
  std::map<std::string, std::string> status;
  for (const auto& c : results["cases"]) status[c["id"].get<std::string>()] = c["status"].get<std::string>();
  ASSERT_GE(status.size(), 100u) << run.output;
  int passed = 0;
  for (const auto& [id, s] : status) {
    EXPECT_TRUE(s != "ERROR" && s != "CRASH" && s != "TIMEOUT") << id << ": " << s << "\n" << run.output;
    passed += s == "PASS";
  }
  EXPECT_GE(passed, 100) << run.output;
  for (const char* id : {"spec/add/example-1", "spec/add/edge-int-wrap", "spec/add/edge-ui8-wrap", "spec/divide/edge-int-trunc",
                         "spec/divide/edge-int-extremes", "spec/remainder/example-1", "spec/dot_general/example-1",
                         "spec/dot_general/edge-batching-nonleading", "spec/gather/example-1", "spec/gather/edge-clamp",
                         "spec/scatter/example-1", "spec/scatter/edge-out-of-bounds", "spec/sort/edge-two-keys",
                         "spec/sort/edge-totalorder-float", "spec/convolution/edge-batch-group",
                         "spec/convolution/edge-negative-padding", "spec/reduce_window/edge-all-options-2d",
                         "spec/pad/example-1", "spec/while/example-1"}) {
    EXPECT_EQ(status[id], "PASS") << id << "\n" << run.output;
  }
  EXPECT_EQ(status["spec/add/edge-ui64"], "UNSUPPORTED");
  EXPECT_EQ(status["spec/while/edge-nested"], "PASS");
}

// chlo's special functions through torch.special and friends (issue 20): `gen:chlo.*` runs with no ERROR,
// CRASH or TIMEOUT, most of it PASSes, and the functions torch has are declared and answered.
TEST(TorchAdapter, ChloGeneratedCasesRunWithoutErrors) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  RunResult run = runHloconf(strCat("run --backend torch --adapters-dir ", adaptersDir(), " -j 2 -q --no-cache --count 1 --report-dir ",
                                    dir.path(), "/report 'gen:chlo.*'"));
  std::ifstream in(dir.path() + "/report/results.json");
  nlohmann::json results = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(results.is_discarded()) << run.output;
  std::map<std::string, int> passed_by_op;
  size_t cases = 0;
  for (const auto& c : results["cases"]) {
    const std::string id = c["id"].get<std::string>(), s = c["status"].get<std::string>();
    ++cases;
    EXPECT_TRUE(s != "ERROR" && s != "CRASH" && s != "TIMEOUT") << id << ": " << s << "\n" << run.output.substr(0, 4000);
    if (s == "PASS") ++passed_by_op[id.substr(4, id.find('/', 4) - 4)];  // gen/<op>/...
  }
  EXPECT_GE(cases, 300u);
  for (const char* op : {"chlo.lgamma", "chlo.digamma", "chlo.erf", "chlo.erf_inv", "chlo.zeta", "chlo.polygamma", "chlo.bessel_i1e",
                         "chlo.next_after", "chlo.is_inf", "chlo.top_k", "chlo.mulhi", "chlo.constant_like", "chlo.ragged_dot", "chlo.scan",
                         "chlo.broadcast_add", "chlo.broadcast_compare", "chlo.broadcast_select", "chlo.broadcast_zeta"})
    EXPECT_GT(passed_by_op[op], 0) << op << " never passed on torch\n" << run.output.substr(0, 4000);
}

// The structural chlo ops' spec cases (chlo.md's semantics worked by hand or by an independent script) on
// the adapter's compositions: every case passes, or is unsupported for a type torch lacks (ui32). top_k's
// ties-by-index case is left out: torch.topk promises no order among equal values.
TEST(TorchAdapter, StructuralChloSpecCasesPass) {
  SKIP_WITHOUT_TORCH();
  ScratchDir dir;
  std::string folders;
  for (const char* op : {"broadcast_add", "broadcast_compare", "broadcast_select", "constant", "constant_like", "mulhi", "ragged_dot", "scan"})
    folders += strCat(" ", HLOCONF_SOURCE_DIR, "/cases/chlo.", op);
  RunResult run = runHloconf(strCat("run --backend torch --adapters-dir ", adaptersDir(), " -q --no-cache --report-dir ", dir.path(),
                                    "/report", folders, " ", HLOCONF_SOURCE_DIR, "/cases/chlo.top_k/edge-float-total-order.mlir"));
  std::ifstream in(dir.path() + "/report/results.json");
  nlohmann::json results = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(results.is_discarded()) << run.output;
  size_t passed = 0;
  for (const auto& c : results["cases"]) {
    const std::string s = c["status"].get<std::string>();
    EXPECT_TRUE(s == "PASS" || s == "UNSUPPORTED") << c["id"].get<std::string>() << ": " << s << "\n" << run.output.substr(0, 4000);
    passed += s == "PASS";
  }
  EXPECT_GE(passed, 14u) << run.output.substr(0, 4000);
}

}  // namespace
}  // namespace hloconf::test
