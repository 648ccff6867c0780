// The reference interpreter (reference/interpreter.h): control flow, structural ops, the check ops, and
// its errors. Each module is parsed from a string and one function is evaluated.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;
using test::bitsAt;
using test::evaluate;
using test::Evaluation;
using test::scalarArg;

// Signed integer value of element `i` (results here are small integers).
int64_t intAt(const ref::RtValue& v, int64_t i) {
  return decodeSignedInteger(v.tensor.elementType(), bitsAt(v, i));
}

// --- Control flow --------------------------------------------------------------------------------------

const char kWhileSum[] = R"(
func.func @main() -> (tensor<i64>, tensor<i64>) {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %w:2 = stablehlo.while(%i = %zero, %s = %zero) : tensor<i64>, tensor<i64>
  cond {
    %p = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s2 = stablehlo.add %s, %i : tensor<i64>
    %i2 = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %i2, %s2 : tensor<i64>, tensor<i64>
  }
  func.return %w#0, %w#1 : tensor<i64>, tensor<i64>
}
)";

TEST(InterpreterControlFlow, WhileComputesASum) {
  // for (i = 0; i < 10; ++i) s += i: the loop ends with i = 10 and s = 0 + 1 + ... + 9 = 45. The regions
  // also read %one and %ten from the enclosing function (captured values).
  Evaluation e = evaluate(kWhileSum);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 2u);
  EXPECT_EQ(intAt(e.results[0], 0), 10);
  EXPECT_EQ(intAt(e.results[1], 0), 45);
}

// Found by the eval fuzzer: a `module` nested in a function body reached the kernel call with no kernel
// (a null call, SIGSEGV). It is an error at the nested module's location.
TEST(InterpreterControlFlow, AModuleNestedInAFunctionIsAnErrorNotACrash) {
  const char* text = R"(
func.func @main() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  module {
    func.func @inner() {
      func.return
    }
  }
  func.return %zero : tensor<i64>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_FALSE(e.status.ok());
  EXPECT_THAT(e.status.message(), HasSubstr("structural op nested inside a function body"));
  EXPECT_THAT(e.status.message(), HasSubstr("test.mlir:4:"));
}

TEST(InterpreterControlFlow, WhileIterationLimit) {
  // A loop whose condition is always true stops with an error once the limit is reached.
  const char* text = R"(
func.func @main() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %w = stablehlo.while(%i = %zero) : tensor<i64>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i64>
  }
  func.return %w : tensor<i64>
}
)";
  ref::EvalOptions options;
  options.max_while_iterations = 5;
  Evaluation e = evaluate(text, "main", {}, options);
  ASSERT_FALSE(e.status.ok());
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.while"));
  EXPECT_THAT(e.status.message(), HasSubstr("stopped after 5 iterations"));
  EXPECT_THAT(e.status.message(), HasSubstr("test.mlir:4:"));  // the while op's line
}

TEST(InterpreterControlFlow, WhileIterationLimitAllowsExactlyThatManyIterations) {
  // The sum loop runs its body exactly 10 times: a limit of 9 stops it, a limit of 10 does not (the option
  // stops a `while` "that runs longer than this").
  // (Regression: the limit used to be checked before the cond that ends the loop, an off-by-one.)
  ref::EvalOptions nine;
  nine.max_while_iterations = 9;
  EXPECT_FALSE(evaluate(kWhileSum, "main", {}, nine).status.ok());
  ref::EvalOptions ten;
  ten.max_while_iterations = 10;
  Evaluation e = evaluate(kWhileSum, "main", {}, ten);
  EXPECT_TRUE(e.status.ok()) << e.status.message();
}

const char kIf[] = R"(
func.func @main(%p: tensor<i1>) -> tensor<i32> {
  %x = stablehlo.constant dense<7> : tensor<i32>
  %y = stablehlo.constant dense<-3> : tensor<i32>
  %r = "stablehlo.if"(%p) ({
    %d = stablehlo.add %x, %x : tensor<i32>
    stablehlo.return %d : tensor<i32>
  }, {
    stablehlo.return %y : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  func.return %r : tensor<i32>
}
)";

TEST(InterpreterControlFlow, IfTakesTheBranchOfThePredicateAndSeesOuterValues) {
  // true: the first branch doubles the outer %x = 7 -> 14; false: the second returns the outer %y = -3.
  Evaluation t = evaluate(kIf, "main", {scalarArg(ElementType::kI1, 1)});
  ASSERT_TRUE(t.status.ok()) << t.status.message();
  EXPECT_EQ(intAt(t.results[0], 0), 14);
  Evaluation f = evaluate(kIf, "main", {scalarArg(ElementType::kI1, 0)});
  ASSERT_TRUE(f.status.ok()) << f.status.message();
  EXPECT_EQ(intAt(f.results[0], 0), -3);
}

TEST(InterpreterControlFlow, CaseSelectsByIndexAndClampsToTheLastBranch) {
  const char* text = R"(
func.func @main(%index: tensor<i32>) -> tensor<i32> {
  %r = "stablehlo.case"(%index) ({
    %a = stablehlo.constant dense<100> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }, {
    %b = stablehlo.constant dense<200> : tensor<i32>
    stablehlo.return %b : tensor<i32>
  }, {
    %c = stablehlo.constant dense<300> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}
)";
  auto run = [&](int32_t index) {
    Evaluation e = evaluate(text, "main", {scalarArg(ElementType::kSI32, static_cast<uint32_t>(index))});
    EXPECT_TRUE(e.status.ok()) << e.status.message();
    return e.results.empty() ? -1 : intAt(e.results[0], 0);
  };
  EXPECT_EQ(run(0), 100);
  EXPECT_EQ(run(1), 200);
  EXPECT_EQ(run(2), 300);
  // Spec (case): an index outside [0, N) selects the last branch, for negative indices too.
  EXPECT_EQ(run(3), 300);
  EXPECT_EQ(run(-1), 300);
  EXPECT_EQ(run(1000000), 300);
}

// --- Implementation-defined marks through control flow (docs/semantics.md, "Control flow") --------------

// A predicate computed from an integer division by zero (1 / 0 = -1, marked implementation-defined):
// %p = (1 / 0 == -1) is true and marked; %u = (1 / 1 == 1) is true and not marked.
const char kMarkedPredicates[] = R"(
  %one = stablehlo.constant dense<1> : tensor<i32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %minus_one = stablehlo.constant dense<-1> : tensor<i32>
  %q = stablehlo.divide %one, %zero : tensor<i32>
  %p = stablehlo.compare EQ, %q, %minus_one : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %q1 = stablehlo.divide %one, %one : tensor<i32>
  %u = stablehlo.compare EQ, %q1, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
)";

// Whether every element of each result is marked (true) or none is (false).
std::vector<bool> allMarked(const Evaluation& e) {
  std::vector<bool> all;
  for (const ref::RtValue& r : e.results) {
    all.push_back(r.isTensor() && r.tensor.numElements() > 0 && r.implDefinedCount() == r.tensor.numElements());
    if (!all.back()) {
      EXPECT_EQ(r.implDefinedCount(), 0) << ref::toString(r);
    }
  }
  return all;
}

TEST(InterpreterImplDefined, IfOnAMarkedPredicateMarksEveryResult) {
  // The branch's values are constants (unmarked), but another implementation could have taken the other
  // branch: every element of every result is marked. With the unmarked %u nothing is.
  for (const char* pred : {"%p", "%u"}) {
    const std::string text = strCat("func.func @main() -> (tensor<2xi32>, tensor<f32>) {", kMarkedPredicates,
                                    "  %r:2 = \"stablehlo.if\"(", pred, R"() ({
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %b = stablehlo.constant dense<5.0> : tensor<f32>
    stablehlo.return %a, %b : tensor<2xi32>, tensor<f32>
  }, {
    %a = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
    %b = stablehlo.constant dense<6.0> : tensor<f32>
    stablehlo.return %a, %b : tensor<2xi32>, tensor<f32>
  }) : (tensor<i1>) -> (tensor<2xi32>, tensor<f32>)
  func.return %r#0, %r#1 : tensor<2xi32>, tensor<f32>
}
)");
    Evaluation e = evaluate(text);
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    ASSERT_EQ(e.results.size(), 2u);
    EXPECT_EQ(intAt(e.results[0], 0), 1);  // both predicates are true
    const bool marked = std::string_view(pred) == "%p";
    EXPECT_EQ(allMarked(e), (std::vector<bool>{marked, marked})) << pred;
  }
}

TEST(InterpreterImplDefined, CaseOnAMarkedIndexMarksEveryResult) {
  // Index 1 / 0 = -1 (marked) selects the last branch (spec: an index out of range); index 1 / 1 = 1 is
  // not marked.
  for (const char* index : {"%q", "%q1"}) {
    const std::string text = strCat("func.func @main() -> tensor<2xi32> {", kMarkedPredicates, "  %r = \"stablehlo.case\"(", index, R"() ({
    %a = stablehlo.constant dense<[10, 11]> : tensor<2xi32>
    stablehlo.return %a : tensor<2xi32>
  }, {
    %a = stablehlo.constant dense<[20, 21]> : tensor<2xi32>
    stablehlo.return %a : tensor<2xi32>
  }) : (tensor<i32>) -> tensor<2xi32>
  func.return %r : tensor<2xi32>
}
)");
    Evaluation e = evaluate(text);
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    ASSERT_EQ(e.results.size(), 1u);
    EXPECT_EQ(intAt(e.results[0], 1), 21);
    const bool marked = std::string_view(index) == "%q";
    EXPECT_EQ(allMarked(e), (std::vector<bool>{marked})) << index;
  }
}

TEST(InterpreterImplDefined, WhileWhoseCondWasMarkedAtAnyIterationMarksEveryResult) {
  // cond: i < 3 and 1 / (i - 1) <= 1. At i = 1 the division is by zero (-1, marked), so that iteration's
  // (true) decision is marked; the final decision (i = 3: 1 / 2 = 0 <= 1, 3 < 3 false) is not. The loop
  // still runs to i = 3, s = 0 + 1 + 2 = 3, and every result element is marked. The same loop with the
  // divisor i + 1 (never 0) marks nothing.
  for (const char* divisor_op : {"stablehlo.subtract", "stablehlo.add"}) {
    const std::string text = strCat(R"(func.func @main() -> (tensor<i32>, tensor<2xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %v = stablehlo.constant dense<[0, 0]> : tensor<2xi32>
  %w:3 = stablehlo.while(%i = %zero, %s = %zero, %t = %v) : tensor<i32>, tensor<i32>, tensor<2xi32>
  cond {
    %lt = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %d = )", divisor_op, R"( %i, %one : tensor<i32>
    %q = stablehlo.divide %one, %d : tensor<i32>
    %le = stablehlo.compare LE, %q, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c = stablehlo.and %lt, %le : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s2 = stablehlo.add %s, %i : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %s2, %t : tensor<i32>, tensor<i32>, tensor<2xi32>
  }
  func.return %w#1, %w#2 : tensor<i32>, tensor<2xi32>
}
)");
    Evaluation e = evaluate(text);
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    ASSERT_EQ(e.results.size(), 2u);
    EXPECT_EQ(intAt(e.results[0], 0), 3);
    const bool marked = std::string_view(divisor_op) == "stablehlo.subtract";
    EXPECT_EQ(allMarked(e), (std::vector<bool>{marked, marked})) << divisor_op;
  }
}

TEST(InterpreterImplDefined, SelectMarksTheElementsOfMarkedPredicateElements) {
  // pred = ([1, 1] / [0, 1] == [-1, -1]) = [true (marked: 1 / 0), false]: the first result element is
  // marked, the second is not.
  const char* text = R"(func.func @main() -> tensor<2xi32> {
  %n = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  %d = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %m = stablehlo.constant dense<[-1, -1]> : tensor<2xi32>
  %q = stablehlo.divide %n, %d : tensor<2xi32>
  %p = stablehlo.compare EQ, %q, %m : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %a = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %b = stablehlo.constant dense<[30, 40]> : tensor<2xi32>
  %r = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xi32>
  func.return %r : tensor<2xi32>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 1u);
  EXPECT_EQ(intAt(e.results[0], 0), 10);
  EXPECT_EQ(intAt(e.results[0], 1), 40);
  EXPECT_EQ(test::marks(e.results[0]), (std::vector<bool>{true, false}));
}

TEST(InterpreterImplDefined, SelectIgnoresTheMarksOfTheOperandItLeaves) {
  // on_true = [1, 1] / [0, 1] = [-1 (marked), 1]; pred = [false, true]: element 0 takes on_false (30),
  // so on_true's mark does not reach it; element 1 takes the unmarked 1.
  const char* text = R"(func.func @main() -> (tensor<2xi32>, tensor<2xi32>) {
  %n = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  %d = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %a = stablehlo.divide %n, %d : tensor<2xi32>
  %b = stablehlo.constant dense<[30, 40]> : tensor<2xi32>
  %p = stablehlo.constant dense<[false, true]> : tensor<2xi1>
  %r = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xi32>
  %s = stablehlo.select %p, %b, %a : tensor<2xi1>, tensor<2xi32>
  func.return %r, %s : tensor<2xi32>, tensor<2xi32>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 2u);
  EXPECT_EQ(intAt(e.results[0], 0), 30);
  EXPECT_EQ(test::marks(e.results[0]), (std::vector<bool>{false, false}));
  EXPECT_EQ(intAt(e.results[1], 0), -1);  // takes the marked quotient
  EXPECT_EQ(test::marks(e.results[1]), (std::vector<bool>{true, false}));
}

TEST(InterpreterImplDefined, IfAndCaseRejectBadDecisionOperands) {
  // An `if` predicate that is not i1 and a `case` index that is not an integer are errors, not crashes.
  const char* bad_if = R"(func.func @main() -> tensor<i32> {
  %p = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }, {
    %a = stablehlo.constant dense<2> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}
)";
  Evaluation e = evaluate(bad_if);
  ASSERT_FALSE(e.status.ok());
  // The schema check reports it before the kernel runs (if (I1): a 0-dimensional tensor of type i1).
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.if: operand 0 (pred) has type tensor<i32>; the spec allows boolean"));
  const char* bad_case = R"(func.func @main() -> tensor<i32> {
  %p = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.case"(%p) ({
    %a = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }) : (tensor<f32>) -> tensor<i32>
  func.return %r : tensor<i32>
}
)";
  Evaluation c = evaluate(bad_case);
  ASSERT_FALSE(c.status.ok());
  EXPECT_THAT(c.status.message(), HasSubstr("stablehlo.case: operand 0 (index) has type tensor<f32>; the spec allows signed integer"));
}

TEST(InterpreterControlFlow, FuncCallAndComposite) {
  const char* text = R"(
func.func @main(%a: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %c = func.call @triple(%a) : (tensor<2xi32>) -> tensor<2xi32>
  %d = stablehlo.composite "test.add_one" %a {
    composite_attributes = { n = 1 : i64 },
    decomposition = @add_one.impl
  } : (tensor<2xi32>) -> tensor<2xi32>
  func.return %c, %d : tensor<2xi32>, tensor<2xi32>
}
func.func private @triple(%x: tensor<2xi32>) -> tensor<2xi32> {
  %y = stablehlo.add %x, %x : tensor<2xi32>
  %z = stablehlo.add %y, %x : tensor<2xi32>
  func.return %z : tensor<2xi32>
}
func.func private @add_one.impl(%x: tensor<2xi32>) -> tensor<2xi32> {
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %y = stablehlo.add %x, %one : tensor<2xi32>
  func.return %y : tensor<2xi32>
}
)";
  Evaluation e = evaluate(text, "main", {test::tensorArg({2}, ElementType::kSI32, {5, 0xFFFFFFFE})});  // [5, -2]
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 2u);
  EXPECT_EQ(intAt(e.results[0], 0), 15);  // 3 * 5
  EXPECT_EQ(intAt(e.results[0], 1), -6);  // 3 * -2
  EXPECT_EQ(intAt(e.results[1], 0), 6);   // the composite evaluates its decomposition: 5 + 1
  EXPECT_EQ(intAt(e.results[1], 1), -1);
}

TEST(InterpreterControlFlow, CallPassesArgumentsInOrder) {
  // subtract is not symmetric: @two(9, 9) = 0 through the call, @two(9, 2) = 7 when evaluated directly.
  const char* text = R"(
func.func @main(%a: tensor<i32>) -> tensor<i32> {
  %r = func.call @two(%a, %a) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}
func.func private @two(%x: tensor<i32>, %y: tensor<i32>) -> tensor<i32> {
  %s = stablehlo.subtract %x, %y : tensor<i32>
  func.return %s : tensor<i32>
}
)";
  Evaluation ok = evaluate(text, "main", {scalarArg(ElementType::kSI32, 9)});
  ASSERT_TRUE(ok.status.ok()) << ok.status.message();
  EXPECT_EQ(intAt(ok.results[0], 0), 0);
  Evaluation direct = evaluate(text, "two", {scalarArg(ElementType::kSI32, 9), scalarArg(ElementType::kSI32, 2)});
  ASSERT_TRUE(direct.status.ok()) << direct.status.message();
  EXPECT_EQ(intAt(direct.results[0], 0), 7);
}

// --- Structural ops ------------------------------------------------------------------------------------

TEST(InterpreterStructure, OptimizationBarrierPassesValuesThrough) {
  const char* text = R"(
func.func @main() -> (tensor<2xf64>, !stablehlo.token) {
  %a = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf64>
  %t = stablehlo.create_token : !stablehlo.token
  %b:2 = stablehlo.optimization_barrier %a, %t : tensor<2xf64>, !stablehlo.token
  func.return %b#0, %b#1 : tensor<2xf64>, !stablehlo.token
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 2u);
  EXPECT_EQ(bitsAt(e.results[0], 0), test::f64Bits(1.5));
  EXPECT_EQ(bitsAt(e.results[0], 1), test::f64Bits(-2.0));
  EXPECT_EQ(e.results[1].kind, ref::RtValue::Kind::kToken);
}

TEST(InterpreterStructure, TupleAndGetTupleElement) {
  const char* text = R"(
func.func @main() -> (tuple<tensor<2xf64>, tensor<i64>>, tensor<i64>, tensor<2xf64>) {
  %a = stablehlo.constant dense<[0.25, 4.0]> : tensor<2xf64>
  %b = stablehlo.constant dense<-9> : tensor<i64>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf64>, tensor<i64>>
  %g1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tensor<i64>>) -> tensor<i64>
  %g0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf64>, tensor<i64>>) -> tensor<2xf64>
  func.return %t, %g1, %g0 : tuple<tensor<2xf64>, tensor<i64>>, tensor<i64>, tensor<2xf64>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 3u);
  ASSERT_EQ(e.results[0].kind, ref::RtValue::Kind::kTuple);
  ASSERT_EQ(e.results[0].elements.size(), 2u);
  EXPECT_EQ(bitsAt(e.results[0].elements[0], 1), test::f64Bits(4.0));
  EXPECT_EQ(intAt(e.results[1], 0), -9);
  EXPECT_EQ(bitsAt(e.results[2], 0), test::f64Bits(0.25));
  EXPECT_EQ(bitsAt(e.results[2], 1), test::f64Bits(4.0));
}

TEST(InterpreterStructure, AfterAllGivesAToken) {
  const char* text = R"(
func.func @main(%t: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
  %u = stablehlo.create_token : !stablehlo.token
  %a = stablehlo.after_all %t, %u : !stablehlo.token
  %b = stablehlo.after_all : !stablehlo.token
  func.return %a, %b : !stablehlo.token, !stablehlo.token
}
)";
  Evaluation e = evaluate(text, "main", {ref::RtValue::token()});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 2u);
  EXPECT_EQ(e.results[0].kind, ref::RtValue::Kind::kToken);
  EXPECT_EQ(e.results[1].kind, ref::RtValue::Kind::kToken);
}

TEST(InterpreterStructure, MapAppliesItsComputationPerElement) {
  const char* text = R"(
func.func @main() -> tensor<3xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0, -3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[4.0, 0.5, 2.0]> : tensor<3xf32>
  %off = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %s = stablehlo.add %m, %off : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
)";
  // x * y + 1 per element (the computation also captures %off): 5, 2, -5.
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(bitsAt(e.results[0], 0), test::f32Bits(5.0f));
  EXPECT_EQ(bitsAt(e.results[0], 1), test::f32Bits(2.0f));
  EXPECT_EQ(bitsAt(e.results[0], 2), test::f32Bits(-5.0f));
}

TEST(InterpreterStructure, IotaOnEachDimension) {
  const char* text = R"(
func.func @main() -> (tensor<2x3x4xi32>, tensor<2x3x4xi32>, tensor<2x3x4xi32>, tensor<3xf32>) {
  %d0 = stablehlo.iota dim = 0 : tensor<2x3x4xi32>
  %d1 = stablehlo.iota dim = 1 : tensor<2x3x4xi32>
  %d2 = stablehlo.iota dim = 2 : tensor<2x3x4xi32>
  %f = stablehlo.iota dim = 0 : tensor<3xf32>
  func.return %d0, %d1, %d2, %f : tensor<2x3x4xi32>, tensor<2x3x4xi32>, tensor<2x3x4xi32>, tensor<3xf32>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 4u);
  // Row-major element n of a 2x3x4 tensor has index (n / 12, n / 4 % 3, n % 4); iota along d is that
  // coordinate.
  for (int64_t n = 0; n < 24; ++n) {
    EXPECT_EQ(intAt(e.results[0], n), n / 12) << n;
    EXPECT_EQ(intAt(e.results[1], n), n / 4 % 3) << n;
    EXPECT_EQ(intAt(e.results[2], n), n % 4) << n;
  }
  EXPECT_EQ(bitsAt(e.results[3], 0), test::f32Bits(0.0f));
  EXPECT_EQ(bitsAt(e.results[3], 1), test::f32Bits(1.0f));
  EXPECT_EQ(bitsAt(e.results[3], 2), test::f32Bits(2.0f));
}

TEST(InterpreterStructure, QuantizedIota) {
  // Spec (iota): output[i] = quantize(output_index[iota_dimension], element_type(output)), i.e.
  // round_nearest_even(clamp(storage_min, index / scale + zero_point, storage_max)).
  //  - scale 0.5, zero point -1: 2i - 1 = [-1, 1, 3, 5].
  //  - scale 0.4 (the f32 nearest 0.4): i / 0.4 rounds in f32 to 0, 2.5, 5, 7.5, and ties go to even:
  //    [0, 2, 5, 8].
  //  - storage range [-2, 4]: 2i - 1 clamps at 4: [-1, 1, 3, 4] (the clamp is the spec's, not marked).
  // A per-axis quantized output is outside the spec (iota's (O1): per-tensor quantized tensors only): the
  // schema check rejects it before the kernel runs.
  const char* text = R"(
func.func @main() -> (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<4x!quant.uniform<i8:f32, 0.4>>,
                      tensor<4x!quant.uniform<i8<-2:4>:f32, 0.5:-1>>) {
  %a = stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %b = stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 0.4>>
  %c = stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8<-2:4>:f32, 0.5:-1>>
  func.return %a, %b, %c : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<4x!quant.uniform<i8:f32, 0.4>>,
                           tensor<4x!quant.uniform<i8<-2:4>:f32, 0.5:-1>>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 3u);
  auto values = [](const ref::RtValue& v) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < v.tensor.numElements(); ++i) out.push_back(intAt(v, i));
    return out;
  };
  EXPECT_EQ(values(e.results[0]), (std::vector<int64_t>{-1, 1, 3, 5}));
  EXPECT_EQ(values(e.results[1]), (std::vector<int64_t>{0, 2, 5, 8}));
  EXPECT_EQ(values(e.results[2]), (std::vector<int64_t>{-1, 1, 3, 4}));
  for (const ref::RtValue& r : e.results) {
    EXPECT_TRUE(r.tensor.type().isQuantized()) << ref::toString(r);
    EXPECT_EQ(r.implDefinedCount(), 0) << ref::toString(r);
  }
  const char* per_axis = R"(
func.func @main() -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 1.0:1}>> {
  %d = stablehlo.iota dim = 1 : tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 1.0:1}>>
  func.return %d : tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0, 1.0:1}>>
}
)";
  Evaluation p = evaluate(per_axis);
  ASSERT_FALSE(p.status.ok());
  EXPECT_THAT(p.status.message(), HasSubstr("stablehlo.iota: result 0 (output) has type"));
  EXPECT_THAT(p.status.message(), HasSubstr("the spec allows signed integer, unsigned integer, floating-point, complex or per-tensor quantized"));
}

TEST(InterpreterStructure, QuantizedIotaMarksWhatQuantizeMarks) {
  // i16 storage, f16 expressed, scale 1: the clamp bound storage_max = 32767 rounds to 32768 in f16, so
  // indices that round to 32768 or more in f16 (from 32760, a tie that goes to the even 32768) clamp to
  // 32768, outside the storage range: quantize saturates them to 32767 and marks them (docs/quantization.md).
  // 32759 rounds to 32752 (f16 spacing 16 there) and is not marked.
  const char* text = R"(
func.func @main() -> tensor<40000x!quant.uniform<i16:f16, 1.0>> {
  %r = stablehlo.iota dim = 0 : tensor<40000x!quant.uniform<i16:f16, 1.0>>
  func.return %r : tensor<40000x!quant.uniform<i16:f16, 1.0>>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  const ref::RtValue& r = e.results[0];
  EXPECT_EQ(intAt(r, 100), 100);
  EXPECT_FALSE(r.isImplDefined(100));
  EXPECT_EQ(intAt(r, 32759), 32752);
  EXPECT_FALSE(r.isImplDefined(32759));
  EXPECT_EQ(intAt(r, 32760), 32767);
  EXPECT_TRUE(r.isImplDefined(32760));
  EXPECT_EQ(intAt(r, 39999), 32767);
  EXPECT_TRUE(r.isImplDefined(39999));
  EXPECT_EQ(r.implDefinedCount(), 40000 - 32760);
}

TEST(InterpreterStructure, QuantizedIotaWithAnInvalidTypeIsAnError) {
  // Zero point 200 is outside the i8 storage range: an error, not a value.
  const char* text = R"(
func.func @main() -> tensor<4x!quant.uniform<i8:f32, 0.5:200>> {
  %r = stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 0.5:200>>
  func.return %r : tensor<4x!quant.uniform<i8:f32, 0.5:200>>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_FALSE(e.status.ok());
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.iota"));
  EXPECT_THAT(e.status.message(), HasSubstr("zero points must lie in [storage_min, storage_max]"));
}

// --- Checks --------------------------------------------------------------------------------------------

// A module that runs one check line on %a and %b of `type`.
std::string checkModule(const std::string& a, const std::string& b, const std::string& type, const std::string& check_line) {
  return strCat("func.func @main() {\n  %a = stablehlo.constant ", a, " : ", type, "\n  %b = stablehlo.constant ", b,
                " : ", type, "\n  ", check_line, "\n  func.return\n}\n");
}

TEST(InterpreterChecks, ExpectEqPassesAndFailsWithIndexAndValues) {
  Evaluation pass = evaluate(checkModule("dense<[1, 2, 3]>", "dense<[1, 2, 3]>", "tensor<3xi32>", "check.expect_eq %a, %b : tensor<3xi32>"));
  ASSERT_TRUE(pass.status.ok()) << pass.status.message();
  ASSERT_EQ(pass.checks.size(), 1u);
  EXPECT_TRUE(pass.checks[0].passed);
  EXPECT_EQ(pass.failed_checks, 0);

  Evaluation fail = evaluate(checkModule("dense<[1, 2, 3]>", "dense<[1, 5, 3]>", "tensor<3xi32>", "check.expect_eq %a, %b : tensor<3xi32>"));
  ASSERT_TRUE(fail.status.ok()) << fail.status.message();  // a failed check is recorded, not an error
  ASSERT_EQ(fail.checks.size(), 1u);
  EXPECT_FALSE(fail.checks[0].passed);
  EXPECT_EQ(fail.failed_checks, 1);
  EXPECT_EQ(fail.checks[0].op, "check.expect_eq");
  EXPECT_EQ(fail.checks[0].location, "test.mlir:4:3");
  EXPECT_THAT(fail.checks[0].message, HasSubstr("[1]"));
  EXPECT_THAT(fail.checks[0].message, HasSubstr("actual 2"));
  EXPECT_THAT(fail.checks[0].message, HasSubstr("expected 5"));
}

TEST(InterpreterChecks, ExpectEqConstAndNaN) {
  // Any NaN equals any NaN (payloads are implementation-defined); +0 and -0 differ bitwise.
  Evaluation nan = evaluate(checkModule("dense<[0x7FC00000, 1.0]>", "dense<[0xFFC00001, 1.0]>", "tensor<2xf32>",
                                        "check.expect_eq %a, %b : tensor<2xf32>"));
  ASSERT_EQ(nan.checks.size(), 1u);
  EXPECT_TRUE(nan.checks[0].passed) << nan.checks[0].message;
  Evaluation zero = evaluate(checkModule("dense<0.0>", "dense<-0.0>", "tensor<f32>", "check.expect_eq %a, %b : tensor<f32>"));
  ASSERT_EQ(zero.checks.size(), 1u);
  EXPECT_FALSE(zero.checks[0].passed);
  Evaluation c = evaluate(checkModule("dense<[1.0, 2.0]>", "dense<[1.0, 2.0]>", "tensor<2xf32>",
                                      "check.expect_eq_const %a, dense<[1.0, 2.5]> : tensor<2xf32>"));
  ASSERT_EQ(c.checks.size(), 1u);
  EXPECT_FALSE(c.checks[0].passed);
  EXPECT_THAT(c.checks[0].message, HasSubstr("[1]"));
}

TEST(InterpreterChecks, ExpectCloseMaxUlpDifference) {
  // 0x3F800001 is the f32 right after 1.0: one ULP apart.
  const std::string a = "dense<1.0>", b = "dense<0x3F800001>";
  Evaluation one = evaluate(checkModule(a, b, "tensor<f32>", "check.expect_close %a, %b, max_ulp_difference = 1 : tensor<f32>, tensor<f32>"));
  ASSERT_EQ(one.checks.size(), 1u);
  EXPECT_TRUE(one.checks[0].passed) << one.checks[0].message;
  Evaluation zero = evaluate(checkModule(a, b, "tensor<f32>", "check.expect_close %a, %b, max_ulp_difference = 0 : tensor<f32>, tensor<f32>"));
  ASSERT_EQ(zero.checks.size(), 1u);
  EXPECT_FALSE(zero.checks[0].passed);
  EXPECT_THAT(zero.checks[0].message, HasSubstr("1 ULP apart"));
}

TEST(InterpreterChecks, ExpectAlmostEqTolerance) {
  // |1.0 - 1.05| = 0.05 (up to f32 rounding of 1.05): within 0.1, not within 0.01.
  const std::string a = "dense<1.0>", b = "dense<1.05>";
  Evaluation loose = evaluate(checkModule(a, b, "tensor<f32>", "check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<f32>"));
  ASSERT_EQ(loose.checks.size(), 1u);
  EXPECT_TRUE(loose.checks[0].passed) << loose.checks[0].message;
  Evaluation tight = evaluate(checkModule(a, b, "tensor<f32>", "check.expect_almost_eq %a, %b, tolerance = 0.01 : tensor<f32>"));
  ASSERT_EQ(tight.checks.size(), 1u);
  EXPECT_FALSE(tight.checks[0].passed);
  // The default tolerance is 0.001: a difference of 0.0005 passes, 0.002 fails.
  Evaluation d1 = evaluate(checkModule("dense<1.0>", "dense<1.0005>", "tensor<f64>", "check.expect_almost_eq %a, %b : tensor<f64>"));
  Evaluation d2 = evaluate(checkModule("dense<1.0>", "dense<1.002>", "tensor<f64>", "check.expect_almost_eq %a, %b : tensor<f64>"));
  ASSERT_EQ(d1.checks.size(), 1u);
  ASSERT_EQ(d2.checks.size(), 1u);
  EXPECT_TRUE(d1.checks[0].passed) << d1.checks[0].message;
  EXPECT_FALSE(d2.checks[0].passed);
}

TEST(InterpreterChecks, CustomCallCheckTargets) {
  // custom_call @check.expect_close allows 3 ULPs by default: 1.0 vs 1.0 + 3 ulp passes, + 4 ulp fails.
  const char* call = "stablehlo.custom_call @check.expect_close(%a, %b) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()";
  Evaluation three = evaluate(checkModule("dense<1.0>", "dense<0x3F800003>", "tensor<f32>", call));
  ASSERT_TRUE(three.status.ok()) << three.status.message();
  ASSERT_EQ(three.checks.size(), 1u);
  EXPECT_TRUE(three.checks[0].passed) << three.checks[0].message;
  EXPECT_EQ(three.checks[0].op, "check.expect_close");
  Evaluation four = evaluate(checkModule("dense<1.0>", "dense<0x3F800004>", "tensor<f32>", call));
  ASSERT_EQ(four.checks.size(), 1u);
  EXPECT_FALSE(four.checks[0].passed);
  EXPECT_THAT(four.checks[0].message, HasSubstr("4 ULP apart"));
  // custom_call @check.eq returns whether the check passed as a tensor<i1>.
  const char* eq = R"(
func.func @main() -> (tensor<i1>, tensor<i1>) {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %b = stablehlo.constant dense<[1, 3]> : tensor<2xi8>
  %p = stablehlo.custom_call @check.eq(%a, %a) : (tensor<2xi8>, tensor<2xi8>) -> tensor<i1>
  %q = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xi8>, tensor<2xi8>) -> tensor<i1>
  func.return %p, %q : tensor<i1>, tensor<i1>
}
)";
  Evaluation e = evaluate(eq);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 2u);
  EXPECT_EQ(bitsAt(e.results[0], 0), 1u);
  EXPECT_EQ(bitsAt(e.results[1], 0), 0u);
}

// --- Errors --------------------------------------------------------------------------------------------

TEST(InterpreterErrors, UnknownOpIsUnsupported) {
  const char* text = R"(
func.func @main() -> tensor<f32> {
  %r = "test.frobnicate"() : () -> tensor<f32>
  func.return %r : tensor<f32>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_FALSE(e.status.ok());
  EXPECT_EQ(e.status.code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(e.status.message(), HasSubstr("unsupported: test.frobnicate"));
  EXPECT_THAT(e.status.message(), HasSubstr("test.mlir:3:"));
}

TEST(InterpreterErrors, UnknownCustomCallTargetIsUnsupported) {
  const char* text = R"(
func.func @main() -> tensor<f32> {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = stablehlo.custom_call @my_library.fn(%a) : (tensor<f32>) -> tensor<f32>
  func.return %r : tensor<f32>
}
)";
  Evaluation e = evaluate(text);
  ASSERT_FALSE(e.status.ok());
  EXPECT_EQ(e.status.code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(e.status.message(), HasSubstr("unsupported: "));
  EXPECT_THAT(e.status.message(), HasSubstr("my_library.fn"));
}

TEST(InterpreterErrors, WrongArgumentCountOrType) {
  const char* text = R"(
func.func @main(%a: tensor<i32>) -> tensor<i32> {
  func.return %a : tensor<i32>
}
)";
  Evaluation none = evaluate(text);
  ASSERT_FALSE(none.status.ok());
  EXPECT_NE(none.status.code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(none.status.message(), HasSubstr("takes 1 argument(s), but 0 were given"));
  Evaluation two = evaluate(text, "main", {scalarArg(ElementType::kSI32, 1), scalarArg(ElementType::kSI32, 2)});
  ASSERT_FALSE(two.status.ok());
  EXPECT_THAT(two.status.message(), HasSubstr("but 2 were given"));
  Evaluation wrong_type = evaluate(text, "main", {scalarArg(ElementType::kF32, 0)});
  ASSERT_FALSE(wrong_type.status.ok());
  EXPECT_THAT(wrong_type.status.message(), HasSubstr("argument 0"));
  Evaluation ok = evaluate(text, "main", {scalarArg(ElementType::kSI32, 42)});
  ASSERT_TRUE(ok.status.ok()) << ok.status.message();
  EXPECT_EQ(intAt(ok.results[0], 0), 42);
}

TEST(InterpreterErrors, UnboundedRecursionStops) {
  const char* text = R"(
func.func @main(%a: tensor<i32>) -> tensor<i32> {
  %r = func.call @main(%a) : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}
)";
  ref::EvalOptions options;
  options.max_call_depth = 20;
  Evaluation e = evaluate(text, "main", {scalarArg(ElementType::kSI32, 1)}, options);
  ASSERT_FALSE(e.status.ok());
  EXPECT_THAT(e.status.message(), HasSubstr("call depth exceeds 20"));
}

}  // namespace
TEST(InterpreterProbes, SerializedEqComparesTheRecordedIteration) {
  // The probe runs twice in the loop (sums 1 and 2); iteration 1 holds 2, so comparing 2 with iter = 1
  // passes and comparing 1 with iter = 1 fails; an iteration never recorded fails with a message.
  const std::string text = R"(func.func @main() {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %two = stablehlo.constant dense<2> : tensor<i64>
  %i, %s = stablehlo.while(%a = %zero, %b = %zero) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %a, %two : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = stablehlo.add %b, %one : tensor<i64>
    %p = interpreter.probe %n, probe_id = "sum" : tensor<i64>
    %m = stablehlo.add %a, %one : tensor<i64>
    stablehlo.return %m, %p : tensor<i64>, tensor<i64>
  }
  check.expect_serialized_eq %two, probe_id = "sum", iter = 1 : tensor<i64>
  check.expect_serialized_eq %one, probe_id = "sum", iter = 1 : tensor<i64>
  check.expect_serialized_eq %one, probe_id = "sum", iter = 5 : tensor<i64>
  func.return
}
)";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.checks.size(), 3u);
  EXPECT_TRUE(e.checks[0].passed) << e.checks[0].message;
  EXPECT_FALSE(e.checks[1].passed);
  EXPECT_FALSE(e.checks[2].passed);
  EXPECT_NE(e.checks[2].message.find("no value of probe \"sum\" was recorded for iteration 5"), std::string::npos) << e.checks[2].message;
}

}  // namespace hloconf

namespace hloconf {
namespace {

// The observer hook reports every binding: function arguments, op results, and the bindings of regions
// that kernels run. A reduce whose body is not a recognised monoid runs it as a left fold over the init
// value and 4 elements (4 runs), then as the right-nested (4 runs) and a balanced tree (2 + 1 + 1 runs)
// to test order dependence: 12 runs, each binding 2 arguments and 1 result.
TEST(InterpreterObserver, ReportsArgumentsResultsAndKernelRegions) {
  const std::string text =
      "func.func @main(%x: tensor<4xf32>) -> tensor<f32> {\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n"
      "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
      "    %d = stablehlo.subtract %a, %b : tensor<f32>\n"
      "    stablehlo.return %d : tensor<f32>\n"
      "  }\n"
      "  func.return %r : tensor<f32>\n"
      "}\n";
  auto module = parseModule(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  ref::Interpreter interp(*module, text);
  std::vector<std::string> seen;
  interp.setObserver([&](const Value*, const ref::RtValue& value) { seen.push_back(value.type().toString()); });
  Tensor x(Type::tensor({4}, Type::element(ElementType::kF32)));
  auto results = interp.callFunction(*module->findFunction("main"), {ref::RtValue::ofTensor(std::move(x))});
  ASSERT_TRUE(results.ok()) << results.status().message();
  ASSERT_EQ(seen.size(), 1u + 1 + 12 * 3 + 1);  // %x, %z, 12 x (%a, %b, %d), %r
  EXPECT_EQ(seen.front(), "tensor<4xf32>");
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "tensor<f32>"), 38);
}

// --- Values: moved to their last reader, freed after it (reference/interpreter.cc, BlockPlan) -------------

// A value passed in, through an op that returns its operands and out again is moved all the way: the
// result owns the very buffer the argument had (a copy anywhere on the way would allocate another).
TEST(InterpreterValues, OperandsAreMovedToTheirLastReader) {
  const std::string text =
      "func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> {\n"
      "  %b = stablehlo.optimization_barrier %x : tensor<1024xf32>\n"
      "  func.return %b : tensor<1024xf32>\n"
      "}\n";
  auto module = parseModule(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  ref::Interpreter interp(*module, text);
  Tensor x(Type::tensor({1024}, Type::element(ElementType::kF32)));
  const uint8_t* buffer = x.bytes().data();
  std::vector<ref::RtValue> args;
  args.push_back(ref::RtValue::ofTensor(std::move(x)));
  auto results = interp.callFunction(*module->findFunction("main"), std::move(args));
  ASSERT_TRUE(results.ok()) << results.status().message();
  EXPECT_EQ((*results)[0].tensor.bytes().data(), buffer);
}

// A chain of 20 ops, each reading only the previous result: a value is freed after its last reader, so
// the function holds at most two values at a time (before: all 21).
TEST(InterpreterValues, DeadValuesAreFreedAfterTheirLastReader) {
  std::string text = "func.func @main(%v0: tensor<4xi32>) -> tensor<4xi32> {\n";
  for (int i = 1; i <= 20; ++i) strAppend(&text, "  %v", i, " = stablehlo.add %v", i - 1, ", %v", i - 1, " : tensor<4xi32>\n");
  text += "  func.return %v20 : tensor<4xi32>\n}\n";
  auto module = parseModule(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  ref::Interpreter interp(*module, text);
  auto results = interp.callFunction(*module->findFunction("main"), {test::tensorArg({4}, ElementType::kSI32, {0, 0, 3, 0})});
  ASSERT_TRUE(results.ok()) << results.status().message();
  // 3 doubled 20 times; element 0 stays 0.
  EXPECT_EQ(intAt((*results)[0], 2), 3 << 20);
  EXPECT_EQ(intAt((*results)[0], 0), 0);
  EXPECT_LE(interp.peakLiveValues(), 2u);
  EXPECT_EQ(interp.liveValues(), 0u);
}

// Values that regions read (captures) stay until the op whose region reads them last has run, even
// when the same op also takes them as operands; a value listed twice by its last reader is copied for
// the first place and moved for the second; a captured value returned by a region is copied (the
// enclosing block still has it); one value returned twice comes back twice.
TEST(InterpreterValues, CapturedAndRepeatedValuesSurviveUntilTheirLastReader) {
  const char* text = R"(
func.func @main(%p: tensor<i1>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %five = stablehlo.constant dense<5> : tensor<i64>
  %w:2 = stablehlo.while(%i = %zero, %s = %five) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %five : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s2 = stablehlo.add %s, %five : tensor<i64>
    %i2 = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %i2, %s2 : tensor<i64>, tensor<i64>
  }
  %d = stablehlo.add %w#1, %w#1 : tensor<i64>
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %one : tensor<i64>
  }, {
    %n = stablehlo.negate %one : tensor<i64>
    stablehlo.return %n : tensor<i64>
  }) : (tensor<i1>) -> tensor<i64>
  %e = stablehlo.add %one, %r : tensor<i64>
  func.return %w#0, %d, %e, %d, %one : tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>
}
)";
  // The loop runs 5 times: %w = (5, 5 + 5 * 5 = 30), %d = 60; %r = 1 (true) or -1 (false).
  for (int p : {1, 0}) {
    Evaluation e = evaluate(text, "main", {scalarArg(ElementType::kI1, static_cast<uint64_t>(p))});
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    ASSERT_EQ(e.results.size(), 5u);
    EXPECT_EQ(intAt(e.results[0], 0), 5);
    EXPECT_EQ(intAt(e.results[1], 0), 60);
    EXPECT_EQ(intAt(e.results[2], 0), p ? 2 : 0);
    EXPECT_EQ(intAt(e.results[3], 0), 60);
    EXPECT_EQ(intAt(e.results[4], 0), 1);
  }
}

// A region two levels down reads a value of the function, and the op holding it is that value's last
// reader: the value lives until that op is done, however often the inner region runs.
TEST(InterpreterValues, ValuesReadByNestedRegionsLiveUntilTheOuterOpIsDone) {
  const char* text = R"(
func.func @main() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %w:2 = stablehlo.while(%i = %zero, %s = %zero) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %t = stablehlo.constant dense<true> : tensor<i1>
    %r = "stablehlo.if"(%t) ({
      %a = stablehlo.add %s, %three : tensor<i64>
      stablehlo.return %a : tensor<i64>
    }, {
      stablehlo.return %s : tensor<i64>
    }) : (tensor<i1>) -> tensor<i64>
    %one = stablehlo.constant dense<1> : tensor<i64>
    %i2 = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %i2, %r : tensor<i64>, tensor<i64>
  }
  func.return %w#1 : tensor<i64>
}
)";
  // Three iterations, each adding 3: 9.
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(intAt(e.results[0], 0), 9);
}

}  // namespace
}  // namespace hloconf
