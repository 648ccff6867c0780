// The op schema (ir/op_schema.h): every OpId has one entry, the stablehlo entries are the spec's ops, real
// programs (cases/ and, when ../shared is present, the peer corpora) satisfy their ops' entries, and the
// traits agree with the operand and result definitions.
#include "ir/op_schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ir/operation.h"
#include "ir/parser.h"
#include "tests/ir/corpus_files.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;

std::vector<const OpSchema*> tableEntries() {
  std::vector<const OpSchema*> entries;
  for (auto family : {coreOps(), stablehloOps(), regionOps(), dialectOps()}) {
    for (const OpSchema& entry : family) entries.push_back(&entry);
  }
  return entries;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

// --- The tables ------------------------------------------------------------------------------------------

TEST(SchemaTest, EveryOpIdHasOneEntry) {
  std::vector<int> count(kNumOpIds, 0);
  std::vector<std::string> out_of_range;
  for (const OpSchema* entry : tableEntries()) {
    const size_t i = static_cast<size_t>(entry->id);
    if (i == 0 || i >= kNumOpIds) {
      out_of_range.push_back(std::to_string(i));
      continue;
    }
    ++count[i];
  }
  std::vector<std::string> missing, duplicated;
  for (size_t i = 1; i < kNumOpIds; ++i) {
    if (count[i] == 0) missing.emplace_back(opName(static_cast<OpId>(i)));
    if (count[i] > 1) duplicated.emplace_back(opName(static_cast<OpId>(i)));
  }
  EXPECT_TRUE(missing.empty()) << "ops without an entry: " << joined(missing);
  EXPECT_TRUE(duplicated.empty()) << "ops with more than one entry: " << joined(duplicated);
  EXPECT_TRUE(out_of_range.empty()) << "entries with an OpId outside 1..kCount-1: " << joined(out_of_range);
}

// The op sections of the spec: a line with the bare op name, an empty line, then "Semantics".
std::set<std::string> specOps(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  std::set<std::string> ops;
  for (size_t i = 0; i + 2 < lines.size(); ++i) {
    const std::string& name = lines[i];
    if (name.empty() || !lines[i + 1].empty() || lines[i + 2].rfind("Semantics", 0) != 0) continue;
    if (std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; })) {
      ops.insert(name);
    }
  }
  return ops;
}

TEST(SchemaTest, SpecOpsAreTheNonLegacyStablehloOps) {
  const std::string path = std::string(HLOCONF_SHARED_DIR) + "/spec/stablehlo-spec.txt";
  if (!fs::is_regular_file(path)) GTEST_SKIP() << path << " is absent";
  const std::set<std::string> spec = specOps(path);
  ASSERT_GT(spec.size(), 90u) << "the op sections of " << path << " were not found";
  std::set<std::string> ours;
  for (const OpSchema& entry : allOps()) {
    if (entry.dialect() != "stablehlo" || entry.has(traits::kLegacy) || entry.has(traits::kTerminator)) continue;
    ours.emplace(entry.shortName());
  }
  std::vector<std::string> only_spec, only_ours;
  std::set_difference(spec.begin(), spec.end(), ours.begin(), ours.end(), std::back_inserter(only_spec));
  std::set_difference(ours.begin(), ours.end(), spec.begin(), spec.end(), std::back_inserter(only_ours));
  EXPECT_TRUE(only_spec.empty()) << "spec ops without a non-legacy stablehlo entry: " << joined(only_spec);
  EXPECT_TRUE(only_ours.empty()) << "non-legacy stablehlo entries the spec does not have (mark them kLegacy?): "
                                 << joined(only_ours);
}

// --- Traits against operand and result definitions ---------------------------------------------------------

TEST(SchemaTest, CommutativeOpsAreBinaryWithOneType) {
  for (const OpSchema& entry : allOps()) {
    if (!entry.has(traits::kCommutative)) continue;
    EXPECT_EQ(entry.operands.size(), 2u) << entry.name;
    if (entry.operands.size() == 2) {
      EXPECT_EQ(entry.operands[0].types, entry.operands[1].types) << entry.name;
      EXPECT_EQ(entry.operands[0].arity, Arity::kOne) << entry.name;
      EXPECT_EQ(entry.operands[1].arity, Arity::kOne) << entry.name;
    }
  }
}

TEST(SchemaTest, ElementwiseOpsHaveFixedTensorOperandsAndOneResult) {
  for (const OpSchema& entry : allOps()) {
    if (!entry.has(traits::kElementwise)) continue;
    EXPECT_FALSE(entry.operands.empty()) << entry.name;
    EXPECT_EQ(entry.results.size(), 1u) << entry.name;
    EXPECT_TRUE(entry.regions.empty()) << entry.name;
    for (const ValueDef& v : entry.operands) {
      EXPECT_EQ(v.arity, Arity::kOne) << entry.name << " " << v.name;
      EXPECT_EQ(v.types & (types::kToken | types::kTuple | types::kOther), 0u) << entry.name << " " << v.name;
    }
  }
}

TEST(SchemaTest, SameTypeOpsHaveOneTypeSet) {
  for (const OpSchema& entry : allOps()) {
    if (!entry.has(traits::kSameOperandsAndResultType)) continue;
    ASSERT_FALSE(entry.results.empty()) << entry.name;
    for (const ValueDef& v : entry.operands) EXPECT_EQ(v.types, entry.results[0].types) << entry.name << " " << v.name;
    for (const ValueDef& v : entry.results) EXPECT_EQ(v.types, entry.results[0].types) << entry.name << " " << v.name;
  }
}

TEST(SchemaTest, DequantizeOpQuantizeOpsArePerTensorQuantized) {
  // The ops the reference evaluates by dequantize_op_quantize (usesDequantizeOpQuantize reads this trait): the
  // list the reference had before the trait, so the trait changed nothing.
  const std::set<std::string> expected = {
      "abs", "add", "atan2", "cbrt", "ceil", "clamp", "compare", "cosine", "divide", "exponential",
      "exponential_minus_one", "floor", "log", "log_plus_one", "logistic", "maximum", "minimum", "multiply",
      "negate", "power", "remainder", "round_nearest_afz", "round_nearest_even", "rsqrt", "select", "sign", "sine",
      "sqrt", "subtract", "tan", "tanh", "batch_norm_grad", "batch_norm_inference", "batch_norm_training",
      "cholesky", "reduce_precision", "triangular_solve"};
  std::set<std::string> ours;
  for (const OpSchema& entry : allOps()) {
    if (!entry.has(traits::kDequantizeOpQuantize)) continue;
    EXPECT_EQ(entry.dialect(), "stablehlo") << entry.name;
    ours.emplace(entry.shortName());
    EXPECT_TRUE(entry.operandsAccept(types::kPerTensorQuant)) << entry.name;
  }
  EXPECT_EQ(ours, expected);
}

TEST(SchemaTest, ShapeOperandsTraitMatchesShapeOperands) {
  for (const OpSchema& entry : allOps()) {
    bool any = false;
    for (const ValueDef& v : entry.operands) {
      if (!v.shape_operand) continue;
      any = true;
      EXPECT_NE(v.types & types::kInteger, 0u) << entry.name << " " << v.name << ": a shape operand has integers";
    }
    EXPECT_EQ(any, entry.has(traits::kShapeOperands)) << entry.name;
  }
}

TEST(SchemaTest, AttributeDefinitionsAreConsistent) {
  for (const OpSchema& entry : allOps()) {
    std::set<std::string_view> names;
    for (const AttrDef& a : entry.attributes) {
      EXPECT_TRUE(names.insert(a.name).second) << entry.name << ": attribute " << a.name << " appears twice";
      if (a.presence == Presence::kRequired) {
        EXPECT_TRUE(a.default_text.empty()) << entry.name << " " << a.name;
      }
      if (!a.allowed.empty()) {
        EXPECT_TRUE(a.kind == AttrKind::kEnum || a.kind == AttrKind::kEnumArray) << entry.name << " " << a.name;
      }
      if (entry.dialect() == "stablehlo" && (a.kind == AttrKind::kEnum || a.kind == AttrKind::kEnumArray)) {
        EXPECT_FALSE(a.allowed.empty()) << entry.name << " " << a.name << ": list the values the spec allows";
      }
    }
  }
}

TEST(SchemaTest, TestOnlyOpsAreTheCheckAndInterpreterOps) {
  for (const OpSchema& entry : allOps()) {
    const bool test_dialect = entry.dialect() == "check" || entry.dialect() == "interpreter";
    EXPECT_EQ(entry.has(traits::kTestOnly), test_dialect) << entry.name;
  }
}

// Visits `op` and every op nested in its regions.
void walk(const Operation& op, const std::function<void(const Operation&)>& visit) {
  visit(op);
  for (const Region& region : op.regions) {
    for (const auto& block : region.blocks) {
      for (const auto& inner : block->operations) walk(*inner, visit);
    }
  }
}

// --- The generic check ------------------------------------------------------------------------------------

std::string_view defName(const std::vector<ValueDef>& defs, size_t i, size_t count) {
  const ValueDef* d = valueDefAt(defs, i, count);
  return d ? d->name : "(none)";
}

TEST(SchemaTest, ValueDefinitionsCoverVariadicGroups) {
  // One variadic definition: those before it by position, those after it from the end.
  const auto& update = schemaOf(OpId::kDynamicUpdateSlice).operands;
  EXPECT_EQ(defName(update, 1, 4), "update");
  EXPECT_EQ(defName(update, 3, 4), "start_indices");
  const auto& send = schemaOf(OpId::kSend).operands;
  EXPECT_EQ(defName(send, 1, 3), "inputs");
  EXPECT_EQ(defName(send, 2, 3), "token");
  EXPECT_EQ(defName(send, 3, 3), "(none)");
  // Several: they share the values equally (reduce: inputs, init_values; scatter: inputs, updates).
  const auto& reduce = schemaOf(OpId::kReduce).operands;
  EXPECT_EQ(defName(reduce, 1, 4), "inputs");
  EXPECT_EQ(defName(reduce, 2, 4), "init_values");
  const auto& scatter = schemaOf(OpId::kScatter).operands;
  EXPECT_EQ(defName(scatter, 1, 5), "inputs");
  EXPECT_EQ(defName(scatter, 2, 5), "scatter_indices");
  EXPECT_EQ(defName(scatter, 3, 5), "updates");
  EXPECT_EQ(defName(scatter, 4, 5), "updates");
  // An optional result (interpreter.print's): present or not, never two.
  const auto& print = schemaOf(OpId::kInterpreterPrint).results;
  EXPECT_EQ(defName(print, 0, 1), "result");
  EXPECT_EQ(defName(print, 1, 2), "(none)");
}

// The messages verifyAgainstSchema gives for the ops of `body` (generic form), in order.
std::vector<std::string> violations(const std::string& body) {
  const std::string text = "func.func @f(%u: tensor<2xui32>, %x: tensor<2xf32>) {\n" + body + "\n  func.return\n}\n";
  auto module = parseModule(text, "schema.mlir");
  EXPECT_TRUE(module.ok()) << module.status().message();
  std::vector<std::string> messages;
  if (!module.ok()) return messages;
  walk(*module->op, [&](const Operation& op) {
    if (op.id == OpId::kBuiltinModule || op.id == OpId::kFuncFunc || op.id == OpId::kFuncReturn) return;
    absl::Status status = verifyAgainstSchema(op);
    messages.push_back(status.ok() ? "ok" : std::string(status.message()));
  });
  return messages;
}

TEST(SchemaTest, VerifyNamesTheViolation) {
  std::vector<std::string> messages = violations(R"(
  %0 = "stablehlo.abs"(%u) : (tensor<2xui32>) -> tensor<2xui32>
  %1 = "stablehlo.transpose"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "stablehlo.compare"(%x, %x) {comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type NOTYPE>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %3 = "stablehlo.add"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %4 = "stablehlo.reverse"(%x) {dimensions = "0"} : (tensor<2xf32>) -> tensor<2xf32>
  %5 = "stablehlo.compare"(%x, %x) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %6 = "stablehlo.transpose"(%x) {permutation = dense<0> : tensor<1xi64>} : (tensor<2xf32>) -> tensor<2xf32>)");
  ASSERT_EQ(messages.size(), 7u);
  EXPECT_EQ(messages[0], "operand 0 (operand) has type tensor<2xui32>; the spec allows signed integer, floating-point, "
                         "complex or per-tensor quantized");
  EXPECT_EQ(messages[1], "needs the attribute 'permutation' (a list of integers)");
  EXPECT_EQ(messages[2], "attribute 'compare_type' has the value NOTYPE; the spec allows FLOAT, TOTALORDER, SIGNED, UNSIGNED");
  EXPECT_EQ(messages[3], "takes 2 operand(s), but has 1");
  EXPECT_EQ(messages[4], "attribute 'dimensions' must be a list of integers, not \"0\"");
  EXPECT_EQ(messages[5], "ok");
  EXPECT_EQ(messages[6], "ok");  // a rank-1 dense<...> is a list of integers (older text)
}

// Issue 19, item 12: forms the parser keeps (a #stablehlo.name<key = value> struct of another name, a 2-D
// tensor of any integer type) that decode but are not what the spec's attribute is. (An unknown name,
// #stablehlo.bogus<...>, is refused by the parser: parser_test.cc.)
TEST(SchemaTest, StructAttributesAreTheirOwnStructAndMatricesAreSi64) {
  std::vector<std::string> messages = violations(R"(
  %0 = "stablehlo.dot_general"(%x, %x) {dot_dimension_numbers = #stablehlo.gather<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  %1 = "stablehlo.dot_general"(%x, %x) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  %2 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<0> : tensor<1x1xi32>} : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>} : (tensor<2xf32>) -> tensor<2xf32>)");
  ASSERT_EQ(messages.size(), 4u);
  EXPECT_EQ(messages[0],
            "attribute 'dot_dimension_numbers' must be #stablehlo.dot<...>, not #stablehlo.gather<lhs_contracting_dimensions = [0], "
            "rhs_contracting_dimensions = [0]>");
  EXPECT_EQ(messages[1], "ok");
  EXPECT_EQ(messages[2], "attribute 'replica_groups' must be a 2-dimensional si64 tensor constant (dense<...> : tensor<NxMxi64>), not "
                         "dense<0> : tensor<1x1xi32>");
  EXPECT_EQ(messages[3], "ok");
}

// --- Real programs -----------------------------------------------------------------------------------------

struct CorpusResult {
  std::string folder;
  int files = 0;
  int unparsed = 0;           // files the parser rejects (or one of their chunks): not this test's concern
  int expected_unparsed = 0;  // today's count
  int ops = 0;
  std::vector<std::string> failures;  // "file: op: message"
  std::set<std::string> undeclared;   // "op: attribute" for attributes the op's entry does not name
};

// A (file, op) pair that violates the spec on purpose (a negative test), with the reason. Today none: the
// corpora have no expected-error tests, and the peer tests' extensions the reference supports (e.g.
// collective_broadcast's has_dynamic_root) are in the schema, since verifyAgainstSchema will run on them.
struct Allowed {
  std::string_view file;  // relative to its corpus folder
  std::string_view op;    // full op name
  std::string_view reason;
};
const std::vector<Allowed> kAllowed = {};

bool allowed(const std::string& file, std::string_view op) {
  for (const Allowed& a : kAllowed) {
    if (a.file == file && a.op == op) return true;
  }
  return false;
}

// Discardable attributes of other dialects (mhlo.sharding, jax.uses_shape_polymorphism) are not the op's.
bool isDialectAttribute(std::string_view name) { return name.find('.') != std::string_view::npos; }

void checkFile(const fs::path& path, const std::string& relative, bool split, CorpusResult& result) {
  ++result.files;
  auto text = readFile(path.string());
  if (!text.ok()) {
    ++result.unparsed;
    return;
  }
  std::vector<SourceChunk> chunks = split ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size()}};
  bool parsed = true;
  for (const SourceChunk& chunk : chunks) {
    auto module = parseModule(*text, path.string(), chunk.begin, chunk.end);
    if (!module.ok()) {
      parsed = false;
      continue;
    }
    walk(*module->op, [&](const Operation& op) {
      ++result.ops;
      const OpSchema& schema = schemaOf(op.id);
      for (const NamedAttrList* list : {&op.properties, &op.attributes}) {
        for (const NamedAttr& a : *list) {
          if (op.id != OpId::kUnknown && !isDialectAttribute(a.name) && !schema.attribute(a.name)) {
            result.undeclared.insert(op.name + ": " + a.name);
          }
        }
      }
      absl::Status status = verifyAgainstSchema(op);
      if (status.ok() || allowed(relative, op.name)) return;
      result.failures.push_back(relative + ": " + op.name + ": " + std::string(status.message()));
    });
  }
  if (!parsed) ++result.unparsed;
}

std::vector<fs::path> mlirFiles(const fs::path& folder, bool recursive) { return testing::corpusFiles(folder, recursive); }

CorpusResult checkCorpus(const fs::path& folder, bool recursive, bool split, int expected_unparsed) {
  CorpusResult result;
  result.folder = folder.string();
  result.expected_unparsed = expected_unparsed;
  for (const fs::path& path : mlirFiles(folder, recursive)) {
    checkFile(path, fs::relative(path, folder).string(), split, result);
  }
  std::printf("[ schema   ] %s: %d files (%d not parsed), %d ops, %zu schema failures\n", result.folder.c_str(),
              result.files, result.unparsed, result.ops, result.failures.size());
  return result;
}

// Every .mlir under cases/ (split at `// -----`) and, when ../shared/peer is present, the peer corpora: the
// top-level stablehlo-testdata files whole, its quantized/ and stablehlo-interpret-tests split. Checked once.
const std::vector<CorpusResult>& realPrograms() {
  static const auto* results = [] {
    auto* out = new std::vector<CorpusResult>();
    out->push_back(checkCorpus(fs::path(HLOCONF_SOURCE_DIR) / "cases", /*recursive=*/true, /*split=*/true, 0));
    const fs::path peer = fs::path(HLOCONF_SHARED_DIR) / "peer";
    if (!fs::is_directory(peer)) {
      std::printf("[ schema   ] %s is absent: checking cases/ only\n", peer.string().c_str());
      return out;
    }
    out->push_back(checkCorpus(peer / "stablehlo-testdata", false, /*split=*/false, 0));
    out->push_back(checkCorpus(peer / "stablehlo-testdata" / "quantized", false, /*split=*/true, 0));
    out->push_back(checkCorpus(peer / "stablehlo-interpret-tests", false, /*split=*/true, 0));
    return out;
  }();
  return *results;
}

// A failure of a valid program is a mistake in the schema, to fix there (not here).
TEST(SchemaTest, RealProgramsSatisfyTheSchema) {
  for (const CorpusResult& result : realPrograms()) {
    SCOPED_TRACE(result.folder);
    EXPECT_GT(result.files, 0);
    EXPECT_EQ(result.unparsed, result.expected_unparsed);
    std::string text;
    for (size_t i = 0; i < result.failures.size() && i < 60; ++i) text += "\n  " + result.failures[i];
    EXPECT_TRUE(result.failures.empty()) << result.failures.size() << " failures:" << text;
  }
}

// Every attribute real programs give an op is one its entry declares (other dialects' attributes aside).
TEST(SchemaTest, RealProgramsUseOnlyDeclaredAttributes) {
  for (const CorpusResult& result : realPrograms()) {
    SCOPED_TRACE(result.folder);
    std::vector<std::string> undeclared(result.undeclared.begin(), result.undeclared.end());
    EXPECT_TRUE(undeclared.empty()) << "attributes no entry declares: " << joined(undeclared);
  }
}

}  // namespace
}  // namespace hloconf
