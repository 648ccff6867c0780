// The whole-module verifier (ir/verifier.h): each module and function rule has a program that breaks it,
// with the diagnostic it gives (line:col included); every violation of a module is reported, in ops never
// evaluated too; valid programs give none.
#include "ir/verifier.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/parser.h"

namespace hloconf {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// The diagnostics of `module`, parsed from `text`, as the command prints them.
std::vector<std::string> formatted(const Module& module, const std::string& text) {
  std::vector<std::string> lines;
  for (const VerifierDiagnostic& d : verifyModule(module).diagnostics) lines.push_back(formatVerifierDiagnostic(module, text, d));
  return lines;
}

Module parsed(const std::string& text) {
  auto module = parseModule(text, "test.mlir");
  EXPECT_TRUE(module.ok()) << module.status().message();
  return module.ok() ? std::move(*module) : Module{};
}

std::vector<std::string> verifyText(const std::string& text) { return formatted(parsed(text), text); }

Operation& opAt(Module& module, std::string_view function, size_t index) {
  return *module.findFunction(function)->body().operations[index];
}

TEST(Verifier, ValidProgramHasNoDiagnosticsAndCountsWhatItChecked) {
  const std::string text =
      "func.func @main(%a: tensor<4xf32>) -> tensor<f32> {\n"
      "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %sum = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n"
      "  %r = func.call @twice(%sum) : (tensor<f32>) -> tensor<f32>\n"
      "  return %r : tensor<f32>\n"
      "}\n"
      "func.func private @twice(%x: tensor<f32>) -> tensor<f32> {\n"
      "  %y = stablehlo.add %x, %x : tensor<f32>\n"
      "  return %y : tensor<f32>\n"
      "}\n"
      "func.func private @declared(tensor<f32>) -> tensor<f32>\n";
  const Module module = parsed(text);
  const ModuleVerification verification = verifyModule(module);
  EXPECT_THAT(formatted(module, text), IsEmpty());
  EXPECT_EQ(verification.functions, 3u);
  // constant, reduce, the add and return of its body, call, return; add, return.
  EXPECT_EQ(verification.ops, 8u);
}

// An invalid op is reported wherever it is: in a branch never taken, in a function never called, and every
// one of them, not only the first.
TEST(Verifier, ReportsEveryInvalidOpEvenWhereNothingRuns) {
  const std::string text =
      "func.func @main(%p: tensor<i1>, %a: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "  %r = \"stablehlo.if\"(%p) ({\n"
      "    stablehlo.return %a : tensor<2x3xf32>\n"
      "  }, {\n"
      "    %t = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
      "    %b = stablehlo.transpose %t, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>\n"
      "    stablehlo.return %b : tensor<2x3xf32>\n"
      "  }) : (tensor<i1>) -> tensor<2x3xf32>\n"
      "  return %r : tensor<2x3xf32>\n"
      "}\n"
      "func.func private @never_called(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
      "  %t = stablehlo.transpose %a, dims = [0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
      "  return %t : tensor<3x2xf32>\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:5:10: error: stablehlo.transpose (C2): permutation [1, 1] repeats 1",
                          "test.mlir:12:8: error: stablehlo.transpose (C2): permutation [0] must have one entry per operand dimension (2)"));
}

// A schema violation without a spec label names the op.
TEST(Verifier, SchemaViolationsWithoutALabelNameTheOp) {
  const std::string text =
      "func.func @main(%a: tensor<2xi1>) -> tensor<2xi1> {\n"
      "  %r = \"stablehlo.exponential\"(%a) : (tensor<2xi1>) -> tensor<2xi1>\n"
      "  return %r : tensor<2xi1>\n"
      "}\n";
  EXPECT_THAT(verifyText(text), ElementsAre(HasSubstr("test.mlir:2:8: error: stablehlo.exponential: operand 0 (operand) has type tensor<2xi1>")));
}

// --- Functions and calls ---------------------------------------------------------------------------------

TEST(Verifier, CallToAnUndefinedFunction) {
  const std::string text =
      "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %r = func.call @nowhere(%a) : (tensor<f32>) -> tensor<f32>\n"
      "  return %r : tensor<f32>\n"
      "}\n";
  EXPECT_THAT(verifyText(text), ElementsAre("test.mlir:2:8: error: func.call: the callee @nowhere is not a function of this module"));
}

TEST(Verifier, CallWhoseTypesAreNotTheCalleesSignature) {
  const std::string text =
      "func.func @main(%a: tensor<f32>, %b: tensor<2xf32>) -> tensor<i32> {\n"
      "  %r = func.call @f(%b) : (tensor<2xf32>) -> tensor<i32>\n"
      "  %s = func.call @f(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
      "  return %r : tensor<i32>\n"
      "}\n"
      "func.func private @f(%x: tensor<f32>) -> tensor<f32> {\n"
      "  return %x : tensor<f32>\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:2:8: error: func.call: passes (tensor<2xf32>) to @f, which takes (tensor<f32>)",
                          "test.mlir:2:8: error: func.call: has results (tensor<i32>), but @f returns (tensor<f32>)",
                          "test.mlir:3:8: error: func.call: passes (tensor<f32>, tensor<f32>) to @f, which takes (tensor<f32>)"));
}

TEST(Verifier, ReturnThatDoesNotMatchTheFunctionType) {
  const std::string text =
      "func.func @main(%a: tensor<f32>) -> tensor<i32> {\n"
      "  return %a : tensor<f32>\n"
      "}\n"
      "func.func @two(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {\n"
      "  return %a : tensor<f32>\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:2:3: error: func.return: returns (tensor<f32>), but @main returns (tensor<i32>) (value 0 differs)",
                          "test.mlir:5:3: error: func.return: returns (tensor<f32>), but @two returns (tensor<f32>, tensor<f32>) (1 values for 2 results)"));
}

// The generic form states function_type and the entry block's arguments separately.
TEST(Verifier, EntryBlockArgumentsThatAreNotTheFunctionTypesInputs) {
  const std::string text =
      "\"func.func\"() <{function_type = (tensor<f32>) -> (), sym_name = \"main\"}> ({\n"
      "^bb0(%a: tensor<i32>):\n"
      "  \"func.return\"() : () -> ()\n"
      "}) : () -> ()\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:1:1: error: func.func: the entry block of @main takes (tensor<i32>), but its function_type's inputs are (tensor<f32>) (argument 0 differs)"));
}

// The parser rejects a second definition in text; a module built in code is checked too.
TEST(Verifier, SymbolDefinedTwice) {
  const std::string text =
      "func.func @f() {\n"
      "  return\n"
      "}\n"
      "func.func @g() {\n"
      "  return\n"
      "}\n";
  Module module = parsed(text);
  Operation& g = *module.functions()[1];
  for (NamedAttr& a : g.properties) {
    if (a.name == "sym_name") a.value = Attribute::string("f");
  }
  EXPECT_THAT(formatted(module, text),
              ElementsAre("test.mlir:4:1: error: func.func: the symbol @f is defined twice in this module; a module's functions have distinct names"));
}

// A program is one module of functions (spec: Programs): a module or a function inside a function body or an
// op's region is rejected where it stands (the eval fuzzer found a module inside @main reaching the evaluator).
TEST(Verifier, ModulesAndFunctionsNestedInABody) {
  const std::string text =
      "func.func @main() -> tensor<i64> {\n"
      "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
      "  module {\n"
      "    func.func @inner() {\n"
      "      func.return\n"
      "    }\n"
      "  }\n"
      "  func.func @local() {\n"
      "    func.return\n"
      "  }\n"
      "  func.return %zero : tensor<i64>\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre(HasSubstr("test.mlir:3:3: error: builtin.module: a module appears inside func.func"),
                          HasSubstr("test.mlir:8:3: error: func.func: a function appears inside func.func")));
}

TEST(Verifier, AnExplicitModuleOfFunctionsIsAProgram) {
  const std::string text =
      "module @m {\n"
      "  func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
      "    func.return %a : tensor<f32>\n"
      "  }\n"
      "}\n";
  EXPECT_THAT(verifyText(text), IsEmpty());
}

// --- Regions and terminators -----------------------------------------------------------------------------

TEST(Verifier, FunctionWithoutATerminator) {
  const std::string text =
      "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %r = stablehlo.abs %a : tensor<f32>\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:1:1: error: func.func: region 0 does not end in func.return (its last op is stablehlo.abs)"));
}

TEST(Verifier, RegionEndingInTheWrongTerminator) {
  const std::string text =
      "func.func @main(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {\n"
      "  %r = \"stablehlo.if\"(%p) ({\n"
      "    \"func.return\"(%a) : (tensor<f32>) -> ()\n"
      "  }, {\n"
      "    \"stablehlo.return\"(%a) : (tensor<f32>) -> ()\n"
      "  }) : (tensor<i1>) -> tensor<f32>\n"
      "  \"stablehlo.return\"(%r) : (tensor<f32>) -> ()\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:3:5: error: func.return: region 0 of stablehlo.if ends in stablehlo.return, not func.return",
                          "test.mlir:7:3: error: stablehlo.return: region 0 of func.func ends in func.return, not stablehlo.return"));
}

// The parser refuses an op after a terminator in text (parser_test.cc, ParserMalformed); a module built
// in code can still have one.
TEST(Verifier, OpAfterATerminator) {
  const std::string text =
      "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %r = stablehlo.abs %a : tensor<f32>\n"
      "  return %a : tensor<f32>\n"
      "  ^bb1:\n"
      "  return %a : tensor<f32>\n"
      "}\n";
  Module module = parsed(text);
  auto& blocks = module.findFunction("main")->regions[0].blocks;
  // The second block's return moves after the first's: return, abs, return... in one block.
  auto& operations = blocks[0]->operations;
  std::swap(operations[0], operations[1]);
  operations.push_back(std::move(blocks[1]->operations[0]));
  blocks.pop_back();
  EXPECT_THAT(
      formatted(module, text),
      ElementsAre("test.mlir:2:8: error: stablehlo.abs: follows func.return, which ends the region; nothing may come after a terminator"));
}

TEST(Verifier, OpRegionWithoutABody) {
  const std::string text =
      "func.func @main(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {\n"
      "  %r = \"stablehlo.if\"(%p) ({\n"
      "    stablehlo.return %a : tensor<f32>\n"
      "  }, {\n"
      "    stablehlo.return %a : tensor<f32>\n"
      "  }) : (tensor<i1>) -> tensor<f32>\n"
      "  return %r : tensor<f32>\n"
      "}\n";
  Module module = parsed(text);
  opAt(module, "main", 0).regions[1].blocks.clear();
  EXPECT_THAT(formatted(module, text),
              ElementsAre(HasSubstr("test.mlir:2:8: error: stablehlo.if: region 1 has no block; it needs a body ending in stablehlo.return")));
}

TEST(Verifier, RegionOfTwoBlocks) {
  const std::string text =
      "func.func @main() {\n"
      "  return\n"
      "}\n";
  Module module = parsed(text);
  Region& body = module.findFunction("main")->regions[0];
  auto second = std::make_unique<Block>();
  second->operations.push_back(std::make_unique<Operation>("func.return"));
  body.blocks.push_back(std::move(second));
  EXPECT_THAT(formatted(module, text),
              ElementsAre("test.mlir:1:1: error: func.func: region 0 has 2 blocks; StableHLO regions have one (StableHLO has no jump ops)"));
}

// --- Values in scope -------------------------------------------------------------------------------------

// Text cannot say it (the parser rejects an undefined name); modules built in code can.
TEST(Verifier, ValueUsedBeforeItsDefinition) {
  const std::string text =
      "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %b = stablehlo.abs %a : tensor<f32>\n"
      "  %c = stablehlo.negate %b : tensor<f32>\n"
      "  return %c : tensor<f32>\n"
      "}\n";
  Module module = parsed(text);
  opAt(module, "main", 0).operands[0] = opAt(module, "main", 1).results[0].get();
  EXPECT_THAT(formatted(module, text),
              ElementsAre("test.mlir:2:8: error: stablehlo.abs: operand 0 (tensor<f32>) is used before it is defined, or outside the region that defines it"));
}

TEST(Verifier, ValueOfAnotherFunctionOrOfAClosedRegion) {
  const std::string text =
      "func.func @main(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {\n"
      "  %r = \"stablehlo.if\"(%p) ({\n"
      "    %inner = stablehlo.abs %a : tensor<f32>\n"
      "    stablehlo.return %inner : tensor<f32>\n"
      "  }, {\n"
      "    stablehlo.return %a : tensor<f32>\n"
      "  }) : (tensor<i1>) -> tensor<f32>\n"
      "  %s = stablehlo.negate %r : tensor<f32>\n"
      "  return %s : tensor<f32>\n"
      "}\n"
      "func.func @other(%x: tensor<f32>) -> tensor<f32> {\n"
      "  %y = stablehlo.abs %x : tensor<f32>\n"
      "  return %y : tensor<f32>\n"
      "}\n";
  Module module = parsed(text);
  Operation& if_op = opAt(module, "main", 0);
  // %s reads a value of the if's region, which ends before it; @other reads @main's argument.
  opAt(module, "main", 1).operands[0] = if_op.body(0).operations[0]->results[0].get();
  opAt(module, "other", 0).operands[0] = module.findFunction("main")->body().arguments[1].get();
  EXPECT_THAT(formatted(module, text),
              ElementsAre("test.mlir:8:8: error: stablehlo.negate: operand 0 (tensor<f32>) is used before it is defined, or outside the region that defines it",
                          "test.mlir:12:8: error: stablehlo.abs: operand 0 (tensor<f32>) is used before it is defined, or outside the region that defines it"));
}

// --- Symbols other ops name ------------------------------------------------------------------------------

TEST(Verifier, CompositeDecompositionAndItsTypes) {
  const std::string text =
      "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %r = stablehlo.composite \"my.op\" %a {decomposition = @nowhere} : (tensor<f32>) -> tensor<f32>\n"
      "  %s = stablehlo.composite \"unnamespaced\" %a {decomposition = @impl} : (tensor<f32>) -> tensor<f32>\n"
      "  %t = stablehlo.composite \"my.op\" %a {decomposition = @impl} : (tensor<f32>) -> tensor<i32>\n"
      "  return %r : tensor<f32>\n"
      "}\n"
      "func.func private @impl(%x: tensor<f32>) -> tensor<f32> {\n"
      "  return %x : tensor<f32>\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:2:8: error: stablehlo.composite (C2): the decomposition @nowhere is not a function of this module",
                          "test.mlir:3:8: error: stablehlo.composite (C1): name \"unnamespaced\" is not a namespaced op name (dialect.op)",
                          "test.mlir:4:8: error: stablehlo.composite (C4): has results (tensor<i32>), but @impl returns (tensor<f32>)"));
}

TEST(Verifier, RunParallelProgramsNameFunctions) {
  const std::string text =
      "func.func @main() {\n"
      "  %results:2 = \"interpreter.run_parallel\"() {programs = [[@worker], [@missing]]} : () -> (tensor<f32>, tensor<f32>)\n"
      "  func.return\n"
      "}\n"
      "func.func @worker() -> tensor<f32> {\n"
      "  %c = stablehlo.constant dense<1.0> : tensor<f32>\n"
      "  return %c : tensor<f32>\n"
      "}\n";
  EXPECT_THAT(verifyText(text),
              ElementsAre("test.mlir:2:16: error: interpreter.run_parallel: programs names @missing, which is not a function of this module"));
}

// --- Locations in `// -----` split files -----------------------------------------------------------------

TEST(Verifier, LocationsInASplitFileCountTheWholeFilesLines) {
  const std::string text =
      "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
      "  return %a : tensor<f32>\n"
      "}\n"
      "// -----\n"
      "func.func @f(%a: tensor<f32>) -> tensor<i32> {\n"
      "  return %a : tensor<f32>\n"
      "}\n";
  const std::vector<SourceChunk> chunks = splitInputFile(text);
  ASSERT_EQ(chunks.size(), 2u);
  auto second = parseModule(text, "split.mlir", chunks[1]);
  ASSERT_TRUE(second.ok()) << second.status().message();
  EXPECT_THAT(formatted(*second, text), ElementsAre(HasSubstr("split.mlir:6:3: error: func.return: returns (tensor<f32>)")));
}

}  // namespace
}  // namespace hloconf
