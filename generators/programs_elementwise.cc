// Generators for elementwise ops (see generators/gen.h): unary and binary arithmetic and math, logical
// and bitwise ops, shifts, compare, select, clamp, convert. The near-ties strategy lives here: it asks
// the reference for the op's results in f64 on many candidate inputs and keeps the inputs whose exact
// results lie nearest a rounding boundary of the case's type.
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "generators/builder.h"
#include "generators/gen.h"
#include "generators/program_util.h"
#include "ir/parser.h"
#include "reference/evaluate.h"

namespace hloconf::gen {
namespace {

using S = Strategy;

// --- Type and strategy lists ------------------------------------------------------------------------------

constexpr std::string_view kFloat[] = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2"};
constexpr std::string_view kFloatComplex[] = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2", "complex<f32>", "complex<f64>"};
constexpr std::string_view kNumeric[] = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2", "complex<f32>", "complex<f64>",
                                         "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"};
constexpr std::string_view kNumericBool[] = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2", "complex<f32>", "complex<f64>",
                                             "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "i1"};
constexpr std::string_view kRealNumeric[] = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2",
                                             "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"};
constexpr std::string_view kSignedNumeric[] = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2", "complex<f32>", "complex<f64>",
                                               "i8", "i16", "i32", "i64"};
constexpr std::string_view kInteger[] = {"i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"};
constexpr std::string_view kIntegerBool[] = {"i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "i1"};
constexpr std::string_view kComplexParts[] = {"f32", "f64"};
constexpr std::string_view kAllTypes[] = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2", "complex<f32>", "complex<f64>",
                                          "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "i1"};

constexpr Strategy kBasic[] = {S::kUniform, S::kSpecial, S::kLogUniform};
constexpr Strategy kWithTies[] = {S::kUniform, S::kSpecial, S::kLogUniform, S::kNearTies};

// --- Helpers -------------------------------------------------------------------------------------------------

// The overflow and underflow thresholds of `op` for float format `t` (special values draw near them).
std::vector<double> thresholds(OpId op, ElementType t) {
  if (isComplex(t)) t = complexPartType(t);
  if (!isFloat(t)) return {};
  const double max = floatToDouble(t, largestFinite(t));
  const double min_normal = floatToDouble(t, smallestNormal(t));
  const double min_sub = floatToDouble(t, smallestSubnormal(t));
  switch (op) {
    case OpId::kExponential:
    case OpId::kExponentialMinusOne:
    case OpId::kLogistic:
      return {std::log(max), std::log(min_normal), std::log(min_sub), -std::log(max)};
    case OpId::kLog:
    case OpId::kLogPlusOne:
      return {1.0, -1.0, min_sub, max};
    case OpId::kTanh:
      return {std::atanh(1.0 - std::ldexp(1.0, -(floatFormat(t).mantissa_bits + 1))), min_normal};
    case OpId::kMultiply:
    case OpId::kPower:
    case OpId::kDivide:
      return {std::sqrt(max), std::sqrt(min_normal), 1.0};
    case OpId::kSqrt:
    case OpId::kRsqrt:
    case OpId::kCbrt:
      return {min_sub, min_normal, max};
    case OpId::kSine:
    case OpId::kCosine:
    case OpId::kTan:
      return {3.14159265358979323846, 1.57079632679489661923, 1e6};
    case OpId::kAdd:
    case OpId::kSubtract:
      return {max / 2, min_normal};
    default:
      return {};
  }
}

ValueHints hintsFor(GenContext& ctx) {
  ValueHints h;
  h.thresholds = thresholds(ctx.opId(), ctx.type());
  return h;
}

// Op `id` on `operands` of `types` with `attributes`, its result type the op's rule (ir/infer.h: abs (C2),
// compare's i1, complex (C3), ...), as @main's output.
void emitElementwise(GenContext& ctx, OpId id, const std::vector<std::string>& operands, const std::vector<std::string>& types,
                     std::string attributes = "") {
  OpBuilder builder(id);
  for (size_t i = 0; i < operands.size(); ++i) builder.operand(operands[i], types[i]);
  builder.attributes(std::move(attributes)).emitOutputs(ctx);
}

// --- near-ties -----------------------------------------------------------------------------------------------

// |x - q| / ulp(q) distance of f64 value `r` from the midpoint between the two values of format `t` around
// it: 0 at a tie, 0.5 on a representable value. Infinity when `r` is not finite or beyond the format.
double tieDistance(ElementType t, double r) {
  if (!std::isfinite(r)) return std::numeric_limits<double>::infinity();
  mpfr_t x, q, n, d;
  mpfr_inits2(256, x, q, n, d, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(x, r, MPFR_RNDN);
  const uint64_t qb = encodeFloat(t, x);
  double result = std::numeric_limits<double>::infinity();
  decodeFloat(t, qb, q);
  if (mpfr_number_p(q)) {
    mpfr_sub(d, x, q, MPFR_RNDN);  // exact at 256 bits
    // The neighbour on x's side: one encoding step away from q, in the direction of x.
    const bool up = mpfr_cmp(x, q) > 0;
    const bool negative = mpfr_signbit(q);
    const uint64_t step = (up != negative) ? qb + 1 : (qb == 0 ? 0 : qb - 1);
    if (mpfr_zero_p(q) || step == qb) {
      decodeFloat(t, smallestSubnormal(t), n);
      if (!up) mpfr_neg(n, n, MPFR_RNDN);
    } else {
      decodeFloat(t, step, n);
    }
    if (mpfr_number_p(n) && !mpfr_equal_p(n, q)) {
      mpfr_sub(n, n, q, MPFR_RNDN);
      mpfr_div(d, d, n, MPFR_RNDN);
      result = std::fabs(0.5 - std::fabs(mpfr_get_d(d, MPFR_RNDN)));
    }
  }
  mpfr_clears(x, q, n, d, static_cast<mpfr_ptr>(nullptr));
  return result;
}

// Inputs of `arity` tensors of `n` elements whose exact results (computed by the reference in f64) lie
// near a rounding boundary of ctx.type(). Falls back to uniform inputs when the search fails.
std::vector<Tensor> nearTieInputs(GenContext& ctx, int arity, const std::vector<int64_t>& shape) {
  const ElementType t = ctx.type();
  const int64_t n = numElements(shape);
  const Type type = Type::tensor(shape, Type::element(t));
  std::vector<Tensor> out(static_cast<size_t>(arity), Tensor(type));
  if (n == 0) return out;
  const int64_t m = std::max<int64_t>(8 * n, 64);
  std::vector<std::vector<uint64_t>> cand(static_cast<size_t>(arity), std::vector<uint64_t>(static_cast<size_t>(m)));
  ValueHints finite;
  finite.finite_only = true;
  for (auto& c : cand)
    for (uint64_t& bits : c) bits = drawFloat(t, ctx.rng().chance(1, 2) ? S::kUniform : S::kLogUniform, ctx.rng(), finite);
  // The op in f64 on the candidates (every format of at most 32 bits is exactly representable in f64).
  const std::string f64 = strCat("tensor<", m, "xf64>");
  std::string args, operands, types;
  std::vector<ref::RtValue> values;
  for (int k = 0; k < arity; ++k) {
    strAppend(&args, k ? ", " : "", "%a", k, ": ", f64);
    strAppend(&operands, k ? ", " : "", "%a", k);
    strAppend(&types, k ? ", " : "", f64);
    Tensor v(Type::tensor({m}, Type::element(ElementType::kF64)));
    for (int64_t i = 0; i < m; ++i) v.setBits(i, doubleToBits(floatToDouble(t, cand[static_cast<size_t>(k)][static_cast<size_t>(i)])));
    values.push_back(ref::RtValue::ofTensor(std::move(v)));
  }
  const std::string text = strCat("module {\n func.func @main(", args, ") -> ", f64, " {\n  %r = \"stablehlo.", ctx.op(), "\"(",
                                  operands, ") : (", types, ") -> ", f64, "\n  func.return %r : ", f64, "\n }\n}\n");
  auto module = parseModule(text, "<near-ties search>");
  std::vector<std::pair<double, int64_t>> scored;
  if (module.ok()) {
    ref::FunctionRun run = ref::evaluateFunction(*module, text, *module->findFunction("main"), values);
    if (run.status.ok() && !run.per_process.empty() && !run.per_process[0].empty()) {
      const Tensor& r = run.per_process[0][0].tensor;
      for (int64_t i = 0; i < m; ++i) scored.emplace_back(tieDistance(t, bitsToDouble(r.bits(i))), i);
    }
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (int64_t i = 0; i < n; ++i) {
    const int64_t pick = i < static_cast<int64_t>(scored.size()) ? scored[static_cast<size_t>(i)].second : i;
    for (int k = 0; k < arity; ++k) out[static_cast<size_t>(k)].setBits(i, cand[static_cast<size_t>(k)][static_cast<size_t>(pick)]);
  }
  return out;
}

// `arity` data inputs of `type`, by the context's strategy.
std::vector<std::string> dataInputs(GenContext& ctx, int arity, const std::vector<int64_t>& shape, const ValueHints& hints) {
  std::vector<std::string> names;
  if (ctx.strategy() == S::kNearTies && isFloat(ctx.type())) {
    for (const Tensor& t : nearTieInputs(ctx, arity, shape)) names.push_back(ctx.input(t));
    return names;
  }
  const std::string type = ctx.tensorType(shape);
  for (int k = 0; k < arity; ++k) names.push_back(ctx.input(type, hints));
  return names;
}

// --- Builders --------------------------------------------------------------------------------------------------

void buildUnary(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 6, 48);
  const std::string type = ctx.tensorType(shape);
  const std::vector<std::string> in = dataInputs(ctx, 1, shape, hintsFor(ctx));
  emitElementwise(ctx, ctx.opId(), in, {type});
}

void buildBinary(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 6, 48);
  const std::string type = ctx.tensorType(shape);
  ValueHints hints = hintsFor(ctx);
  std::vector<std::string> in;
  const bool shift = ctx.op().rfind("shift_", 0) == 0;
  if (shift && ctx.strategy() != S::kSpecial && ctx.rng().chance(3, 4)) {
    // Mostly amounts within the width (the interesting ones); the rest cover any value.
    in.push_back(ctx.input(type, hints));
    ValueHints amount;
    amount.int_lo = 0;
    amount.int_hi = bitWidth(ctx.type()) + 1;
    in.push_back(ctx.input(type, amount));
  } else {
    in = dataInputs(ctx, 2, shape, hints);
  }
  emitElementwise(ctx, ctx.opId(), in, {type, type});
}

void buildComplex(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 6, 48);
  const std::string type = ctx.tensorType(shape);
  const std::vector<std::string> in = dataInputs(ctx, 2, shape, hintsFor(ctx));
  emitElementwise(ctx, OpId::kComplex, in, {type, type});
}

void buildCompare(GenContext& ctx) {
  const ElementType t = ctx.type();
  const std::vector<int64_t> shape = ctx.shape(0, 6, 48);
  const std::string type = ctx.tensorType(shape);
  std::vector<std::string> in = dataInputs(ctx, 2, shape, hintsFor(ctx));
  if (ctx.rng().chance(1, 4)) in[1] = in[0];  // equal operands: NaN != NaN, -0 == +0
  std::string_view direction;
  if (isComplex(t)) {
    direction = ctx.rng().pick({std::string_view("EQ"), std::string_view("NE")});
  } else {
    direction = ctx.rng().pick({std::string_view("EQ"), std::string_view("NE"), std::string_view("LT"), std::string_view("LE"),
                                std::string_view("GT"), std::string_view("GE")});
  }
  std::string_view compare_type;
  if (isFloat(t) || isComplex(t)) {
    compare_type = isComplex(t) ? std::string_view("FLOAT") : ctx.rng().pick({std::string_view("FLOAT"), std::string_view("TOTALORDER")});
  } else if (isUnsignedInteger(t) || t == ElementType::kI1) {
    compare_type = "UNSIGNED";
  } else {
    compare_type = "SIGNED";
  }
  const std::string attrs = strCat("comparison_direction = #stablehlo<comparison_direction ", direction,
                                   ">, compare_type = #stablehlo<comparison_type ", compare_type, ">");
  emitElementwise(ctx, OpId::kCompare, in, {type, type}, attrs);
}

void buildSelect(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 6, 48);
  const std::string type = ctx.tensorType(shape);
  const bool scalar_pred = ctx.rng().chance(1, 3);
  const std::string pred_type = GenContext::tensorType(scalar_pred ? std::vector<int64_t>{} : shape, "i1");
  Tensor pred(Type::tensor(scalar_pred ? std::vector<int64_t>{} : shape, Type::element(ElementType::kI1)));
  fillTensor(pred, S::kUniform, ctx.rng());
  const std::string p = ctx.input(pred);
  const std::vector<std::string> in = dataInputs(ctx, 2, shape, {});
  emitElementwise(ctx, OpId::kSelect, {p, in[0], in[1]}, {pred_type, type, type});
}

void buildClamp(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 6, 48);
  const std::string type = ctx.tensorType(shape);
  auto boundShape = [&]() { return ctx.rng().chance(1, 2) ? std::vector<int64_t>{} : shape; };
  const std::vector<int64_t> min_shape = boundShape(), max_shape = boundShape();
  const std::string min_type = ctx.tensorType(min_shape), max_type = ctx.tensorType(max_shape);
  const std::string lo = ctx.input(min_type), x = ctx.input(type), hi = ctx.input(max_type);
  emitElementwise(ctx, OpId::kClamp, {lo, x, hi}, {min_type, type, max_type});
}

void buildConvert(GenContext& ctx) {
  const ElementType t = ctx.type();
  const std::vector<int64_t> shape = ctx.shape(0, 6, 48);
  const std::string type = ctx.tensorType(shape);
  // Complex operands convert to complex results only; every other pair is legal.
  std::vector<std::string_view> targets;
  for (std::string_view target : kAllTypes) {
    const bool complex_target = target.rfind("complex", 0) == 0;
    if (isComplex(t) && !complex_target) continue;
    targets.push_back(target);
  }
  const std::string result = GenContext::tensorType(shape, ctx.rng().pick(targets));
  const std::string x = ctx.input(type, hintsFor(ctx));
  // Not through the builder: convert's result element type is the op's choice, not a rule's.
  ctx.output(ctx.op(strCat("\"stablehlo.convert\"(", x, ") : (", type, ") -> ", result)), result);
}

constexpr OpGenerator kGenerators[] = {
    // Unary.
    {"abs", kSignedNumeric, kBasic, buildUnary},
    {"cbrt", kFloatComplex, kWithTies, buildUnary},
    {"ceil", kFloat, kBasic, buildUnary},
    {"cosine", kFloatComplex, kWithTies, buildUnary},
    {"count_leading_zeros", kInteger, kBasic, buildUnary},
    {"exponential", kFloatComplex, kWithTies, buildUnary},
    {"exponential_minus_one", kFloatComplex, kWithTies, buildUnary},
    {"floor", kFloat, kBasic, buildUnary},
    {"imag", kFloatComplex, kBasic, buildUnary},
    {"is_finite", kFloat, kBasic, buildUnary},
    {"log", kFloatComplex, kWithTies, buildUnary},
    {"log_plus_one", kFloatComplex, kWithTies, buildUnary},
    {"logistic", kFloatComplex, kWithTies, buildUnary},
    {"negate", kSignedNumeric, kBasic, buildUnary},
    {"not", kIntegerBool, kBasic, buildUnary},
    {"popcnt", kInteger, kBasic, buildUnary},
    {"real", kFloatComplex, kBasic, buildUnary},
    {"round_nearest_afz", kFloat, kBasic, buildUnary},
    {"round_nearest_even", kFloat, kBasic, buildUnary},
    {"rsqrt", kFloatComplex, kWithTies, buildUnary},
    {"sign", kSignedNumeric, kBasic, buildUnary},
    {"sine", kFloatComplex, kWithTies, buildUnary},
    {"sqrt", kFloatComplex, kWithTies, buildUnary},
    {"tan", kFloatComplex, kWithTies, buildUnary},
    {"tanh", kFloatComplex, kWithTies, buildUnary},
    // Binary.
    {"add", kNumericBool, kWithTies, buildBinary},
    {"and", kIntegerBool, kBasic, buildBinary},
    {"atan2", kFloatComplex, kWithTies, buildBinary},
    {"complex", kComplexParts, kBasic, buildComplex},
    {"divide", kNumeric, kWithTies, buildBinary},
    {"maximum", kNumericBool, kBasic, buildBinary},
    {"minimum", kNumericBool, kBasic, buildBinary},
    {"multiply", kNumericBool, kWithTies, buildBinary},
    {"or", kIntegerBool, kBasic, buildBinary},
    {"power", kNumeric, kWithTies, buildBinary},
    {"remainder", kRealNumeric, kBasic, buildBinary},
    {"shift_left", kInteger, kBasic, buildBinary},
    {"shift_right_arithmetic", kInteger, kBasic, buildBinary},
    {"shift_right_logical", kInteger, kBasic, buildBinary},
    {"subtract", kNumeric, kWithTies, buildBinary},
    {"xor", kIntegerBool, kBasic, buildBinary},
    // Other elementwise ops.
    {"clamp", kRealNumeric, kBasic, buildClamp},
    {"compare", kNumericBool, kBasic, buildCompare},
    {"convert", kAllTypes, kBasic, buildConvert},
    {"select", kNumericBool, kBasic, buildSelect},
};

}  // namespace

std::span<const OpGenerator> elementwiseGenerators() { return kGenerators; }

}  // namespace hloconf::gen
