// Elementwise ops on the thread pool (reference/elementwise.h, mapElements over reference/parallel.h): a
// tensor large enough to be split into many ranges gives the same bits and implementation-defined marks
// with one thread and with two, and the same as the op evaluated piece by piece on tensors small enough
// to stay on the calling thread (so a range written to the wrong elements fails even when every thread
// count goes wrong the same way). Ops of every element type class: float transcendental ops (f32 and f64
// fast paths, MPFR-only formats, complex), integer arithmetic whose overflow, division by zero and
// oversized shifts are marked, compare, select, convert, bitcast_convert, reduce_precision, clamp with
// scalar bounds, and a quantized add (dequantize_op_quantize). Operand elements carry marks too, which
// must taint their result elements.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ir/strings.h"
#include "reference/elementwise.h"
#include "reference/parallel.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

// Restores the thread limit however a test ends.
class ParallelElementwise : public ::testing::Test {
 protected:
  void TearDown() override { ref::setEvaluatorThreads(0); }
};

struct Operand {
  std::string element;  // MLIR element type, e.g. "f32", "complex<f64>", "i1"
  int kind = 0;         // kRaw, kModerate or kSmallInt: what random values to draw
};

enum { kRaw, kModerate, kSmallInt };

// One program: @main(%a, %b, ...) applies `op_line` (which defines %r) to operands of `n` elements.
struct Case {
  std::string name;
  std::vector<Operand> operands;
  std::string op_line;  // with $T0, $T1, ... for the operand types and $R for the result type
  std::string result;   // result element type
  int64_t n;
  std::vector<int64_t> scalar_operands = {};  // indices of rank-0 operands (broadcast by the driver)
};

std::string tensorOf(int64_t n, const std::string& element) { return n < 0 ? "tensor<" + element + ">" : strCat("tensor<", n, "x", element, ">"); }

std::string program(const Case& c, int64_t n) {
  std::vector<std::string> types;
  std::string params, line = c.op_line;
  for (size_t k = 0; k < c.operands.size(); ++k) {
    const bool scalar = std::find(c.scalar_operands.begin(), c.scalar_operands.end(), static_cast<int64_t>(k)) != c.scalar_operands.end();
    types.push_back(tensorOf(scalar ? -1 : n, c.operands[k].element));
    strAppend(&params, k ? ", " : "", "%", std::string(1, static_cast<char>('a' + k)), ": ", types.back());
  }
  const std::string result = tensorOf(n, c.result);
  for (size_t k = 0; k < types.size(); ++k) {
    const std::string key = strCat("$T", k);
    for (size_t at; (at = line.find(key)) != std::string::npos;) line.replace(at, key.size(), types[k]);
  }
  for (size_t at; (at = line.find("$R")) != std::string::npos;) line.replace(at, 2, result);
  return strCat("func.func @main(", params, ") -> ", result, " {\n  ", line, "\n  func.return %r : ", result, "\n}\n");
}

// Random bits for element type `element`: any pattern (NaNs, infinities, subnormals), values of
// moderate size (floats in [-8, 8], so complex functions stay cheap), or small integers.
uint64_t draw(std::mt19937_64& rng, ElementType t, int kind) {
  const int width = isComplex(t) ? bitWidth(t) / 2 : bitWidth(t);
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  if (kind == kRaw || isBoolean(t)) return rng() & mask;
  if (kind == kSmallInt) return static_cast<uint64_t>(static_cast<int64_t>(rng() % 9) - 4) & mask;
  const double v = std::uniform_real_distribution<double>(-8.0, 8.0)(rng);
  const ElementType part = isComplex(t) ? complexPartType(t) : t;
  if (part == ElementType::kF32) {
    const float f = static_cast<float>(v);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  if (part == ElementType::kF64) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  return rng() & mask;  // other formats: raw bits
}

// Random operands for `c` at `n` elements; about one element in 16 is marked implementation-defined.
std::vector<ref::RtValue> operandsFor(const Case& c, const std::vector<ElementType>& types, int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ref::RtValue> values;
  for (size_t k = 0; k < c.operands.size(); ++k) {
    const bool scalar = std::find(c.scalar_operands.begin(), c.scalar_operands.end(), static_cast<int64_t>(k)) != c.scalar_operands.end();
    const std::vector<int64_t> shape = scalar ? std::vector<int64_t>{} : std::vector<int64_t>{n};
    Tensor t(Type::tensor(shape, Type::element(types[k])));
    std::vector<uint8_t> marks(t.numElements());
    for (int64_t i = 0; i < t.numElements(); ++i) {
      t.setBits(i, draw(rng, types[k], c.operands[k].kind), 0);
      if (isComplex(types[k])) t.setBits(i, draw(rng, types[k], c.operands[k].kind), 1);
      marks[i] = rng() % 16 == 0;
    }
    values.push_back(ref::RtValue::ofTensor(std::move(t), std::move(marks)));
  }
  return values;
}

// Elements [begin, end) of a rank-1 value (a rank-0 value is kept whole).
ref::RtValue slice(const ref::RtValue& v, int64_t begin, int64_t end) {
  if (v.tensor.type().shape().empty()) return v;
  Tensor t(Type::tensor({end - begin}, v.tensor.type().tensorElement()));
  const int bytes = v.tensor.elementBytes();
  std::memcpy(t.mutableBytes().data(), v.tensor.bytes().data() + begin * bytes, static_cast<size_t>((end - begin) * bytes));
  std::vector<uint8_t> marks(v.impl_defined.begin() + begin, v.impl_defined.begin() + end);
  return ref::RtValue::ofTensor(std::move(t), std::move(marks));
}

struct Outcome {
  std::vector<uint8_t> bytes;
  std::vector<uint8_t> marks;  // one per element (0 or 1)
};

Outcome outcome(const ref::RtValue& v) {
  Outcome o{v.tensor.bytes(), {}};
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) o.marks.push_back(v.isImplDefined(i) ? 1 : 0);
  return o;
}

// The first element whose bytes or mark differ, or -1.
int64_t firstDifference(const Outcome& x, const Outcome& y, int element_bytes) {
  if (x.marks.size() != y.marks.size() || x.bytes.size() != y.bytes.size()) return 0;
  for (size_t i = 0; i < x.marks.size(); ++i) {
    if (x.marks[i] != y.marks[i] || std::memcmp(&x.bytes[i * element_bytes], &y.bytes[i * element_bytes], element_bytes) != 0) {
      return static_cast<int64_t>(i);
    }
  }
  return -1;
}

// Runs `c` on one thread, on two, and piece by piece (pieces of `piece` elements, each at most the
// driver's grain, so each runs on the calling thread in one range); all three must agree.
void expectSameEverywhere(const Case& c, int64_t piece) {
  SCOPED_TRACE(c.name);
  const std::string text = program(c, c.n);
  auto module = parseModule(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message() << "\n" << text;
  std::vector<ElementType> types;
  const Operation* func = module->findFunction("main");
  for (const auto& arg : func->regions[0].blocks.front()->arguments) types.push_back(arg->type.elementType());
  const std::vector<ref::RtValue> args = operandsFor(c, types, c.n, std::hash<std::string>{}(c.name));

  std::vector<Outcome> runs;
  for (int threads : {1, 2}) {
    ref::setEvaluatorThreads(threads);
    test::Evaluation e = test::evaluate(text, "main", args);
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    ASSERT_EQ(e.results.size(), 1u);
    runs.push_back(outcome(e.results[0]));
  }
  ref::setEvaluatorThreads(1);
  Outcome pieces;
  int element_bytes = 0;
  for (int64_t begin = 0; begin < c.n; begin += piece) {
    const int64_t end = std::min(c.n, begin + piece);
    std::vector<ref::RtValue> part;
    for (const ref::RtValue& a : args) part.push_back(slice(a, begin, end));
    test::Evaluation e = test::evaluate(program(c, end - begin), "main", std::move(part));
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    ASSERT_EQ(e.results.size(), 1u);
    const Outcome o = outcome(e.results[0]);
    element_bytes = e.results[0].tensor.elementBytes();
    pieces.bytes.insert(pieces.bytes.end(), o.bytes.begin(), o.bytes.end());
    pieces.marks.insert(pieces.marks.end(), o.marks.begin(), o.marks.end());
  }
  EXPECT_EQ(firstDifference(runs[0], runs[1], element_bytes), -1) << "1 thread against 2";
  EXPECT_EQ(firstDifference(runs[0], pieces, element_bytes), -1) << "1 thread against the pieces";
  // The cases are chosen to produce marks: a case without any would not test their propagation.
  int64_t marked = 0;
  for (uint8_t m : runs[0].marks) marked += m;
  EXPECT_GT(marked, 0);
}

// The driver's grain is 1,024 elements (kElementwiseGrain): 8,192 elements can be split into 8 ranges, and
// pieces of 1,000 stay whole on the calling thread. Integer ops are cheap enough for more elements.
constexpr int64_t kFloatN = 8192, kFloatPiece = 1000;
constexpr int64_t kIntN = 40000, kIntPiece = 1000;
static_assert(kFloatPiece <= ref::kElementwiseGrain && kIntPiece <= ref::kElementwiseGrain);
static_assert(kFloatN >= 8 * ref::kElementwiseGrain && kIntN >= 8 * ref::kElementwiseGrain);

TEST_F(ParallelElementwise, MpfrIsThreadSafe) {
  // Per-thread exponent ranges, flags and constant caches (reference/numerics.h relies on them).
  EXPECT_TRUE(mpfr_buildopt_tls_p());
}

TEST_F(ParallelElementwise, FloatTranscendental) {
  const std::vector<Case> cases = {
      {"exponential f32", {{"f32", kRaw}}, "%r = stablehlo.exponential %a : $R", "f32", kFloatN},
      {"exponential f64", {{"f64", kRaw}}, "%r = stablehlo.exponential %a : $R", "f64", kFloatN},
      {"cosine f64", {{"f64", kModerate}}, "%r = stablehlo.cosine %a : $R", "f64", kFloatN},
      {"tanh bf16", {{"bf16", kRaw}}, "%r = stablehlo.tanh %a : $R", "bf16", kFloatN},
      {"log f16", {{"f16", kRaw}}, "%r = stablehlo.log %a : $R", "f16", kFloatN},
      {"logistic f32", {{"f32", kModerate}}, "%r = stablehlo.logistic %a : $R", "f32", kFloatN},
      {"power f64", {{"f64", kModerate}, {"f64", kModerate}}, "%r = stablehlo.power %a, %b : $R", "f64", kFloatN},
      {"atan2 f32", {{"f32", kRaw}, {"f32", kRaw}}, "%r = stablehlo.atan2 %a, %b : $R", "f32", kFloatN},
      {"add f8E4M3FN", {{"f8E4M3FN", kRaw}, {"f8E4M3FN", kRaw}}, "%r = stablehlo.add %a, %b : $R", "f8E4M3FN", kFloatN},
      {"exponential complex<f32>", {{"complex<f32>", kModerate}}, "%r = stablehlo.exponential %a : $R", "complex<f32>", kFloatN},
      {"sine complex<f64>", {{"complex<f64>", kModerate}}, "%r = stablehlo.sine %a : $R", "complex<f64>", kFloatN},
      {"divide complex<f64>", {{"complex<f64>", kRaw}, {"complex<f64>", kModerate}}, "%r = stablehlo.divide %a, %b : $R", "complex<f64>", kFloatN},
      {"abs complex<f32>", {{"complex<f32>", kRaw}}, "%r = stablehlo.abs %a : ($T0) -> $R", "f32", kFloatN},
  };
  for (const Case& c : cases) expectSameEverywhere(c, kFloatPiece);
}

TEST_F(ParallelElementwise, IntegerArithmeticWithMarks) {
  const std::vector<Case> cases = {
      {"add i8", {{"i8", kRaw}, {"i8", kRaw}}, "%r = stablehlo.add %a, %b : $R", "i8", kIntN},  // overflow marks
      {"multiply i64", {{"i64", kRaw}, {"i64", kRaw}}, "%r = stablehlo.multiply %a, %b : $R", "i64", kIntN},
      {"divide i16", {{"i16", kRaw}, {"i16", kSmallInt}}, "%r = stablehlo.divide %a, %b : $R", "i16", kIntN},  // by zero
      {"power ui8", {{"ui8", kRaw}, {"ui8", kSmallInt}}, "%r = stablehlo.power %a, %b : $R", "ui8", kIntN},
      {"shift_left i32", {{"i32", kRaw}, {"i32", kRaw}}, "%r = stablehlo.shift_left %a, %b : $R", "i32", kIntN},  // >= width
      {"negate i4", {{"i4", kRaw}}, "%r = stablehlo.negate %a : $R", "i4", kIntN},
      {"and i1", {{"i1", kRaw}, {"i1", kRaw}}, "%r = stablehlo.and %a, %b : $R", "i1", kIntN},
      {"popcnt ui64", {{"ui64", kRaw}}, "%r = stablehlo.popcnt %a : $R", "ui64", kIntN},
  };
  for (const Case& c : cases) expectSameEverywhere(c, kIntPiece);
}

TEST_F(ParallelElementwise, CompareSelectConvert) {
  expectSameEverywhere({"compare f32", {{"f32", kRaw}, {"f32", kRaw}},
                        "%r = stablehlo.compare LT, %a, %b, FLOAT : ($T0, $T1) -> $R", "i1", kFloatN}, kFloatPiece);
  expectSameEverywhere({"compare complex<f64>", {{"complex<f64>", kSmallInt}, {"complex<f64>", kRaw}},
                        "%r = stablehlo.compare NE, %a, %b : ($T0, $T1) -> $R", "i1", kFloatN}, kFloatPiece);
  expectSameEverywhere({"compare i32", {{"i32", kSmallInt}, {"i32", kSmallInt}},
                        "%r = stablehlo.compare GE, %a, %b, SIGNED : ($T0, $T1) -> $R", "i1", kIntN}, kIntPiece);
  expectSameEverywhere({"select f64", {{"i1", kRaw}, {"f64", kRaw}, {"f64", kRaw}},
                        "%r = stablehlo.select %a, %b, %c : ($T0, $T1, $T2) -> $R", "f64", kFloatN}, kFloatPiece);
  expectSameEverywhere({"convert f64 to i32", {{"f64", kRaw}}, "%r = stablehlo.convert %a : ($T0) -> $R", "i32", kFloatN},
                       kFloatPiece);  // NaN and saturation marks
  expectSameEverywhere({"convert i64 to i8", {{"i64", kRaw}}, "%r = stablehlo.convert %a : ($T0) -> $R", "i8", kIntN}, kIntPiece);
  expectSameEverywhere({"convert complex<f32> to f16", {{"complex<f32>", kRaw}}, "%r = stablehlo.convert %a : ($T0) -> $R", "f16", kFloatN},
                       kFloatPiece);
  expectSameEverywhere({"bitcast_convert f32 to i32", {{"f32", kRaw}}, "%r = stablehlo.bitcast_convert %a : ($T0) -> $R", "i32", kFloatN},
                       kFloatPiece);
  expectSameEverywhere({"reduce_precision f64", {{"f64", kRaw}},
                        "%r = stablehlo.reduce_precision %a, format = e5m10 : $R", "f64", kFloatN}, kFloatPiece);
  expectSameEverywhere({"clamp f32 scalar bounds", {{"f32", kModerate}, {"f32", kRaw}, {"f32", kModerate}},
                        "%r = stablehlo.clamp %a, %b, %c : ($T0, $T1, $T2) -> $R", "f32", kFloatN, {0, 2}}, kFloatPiece);
}

TEST_F(ParallelElementwise, QuantizedAdd) {
  // dequantize_op_quantize: the add runs on the expressed type (f32) through the driver, then quantizes.
  const std::string q = "!quant.uniform<i8:f32, 0.0625:-3>";
  expectSameEverywhere({"add quantized", {{"f32", kModerate}, {"f32", kModerate}},
                        strCat("%qa = stablehlo.uniform_quantize %a : ($T0) -> $R\n  %qb = stablehlo.uniform_quantize %b : ($T1) -> $R\n",
                               "  %r = stablehlo.add %qa, %qb : $R"),
                        q, kFloatN}, kFloatPiece);
}

}  // namespace
}  // namespace hloconf
