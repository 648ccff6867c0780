// Generators for the chlo ops the reference evaluates (docs/design/chlo.md): `gen:chlo.<op>`, e.g.
// `gen:chlo.lgamma/f32/special`, `gen:chlo.*`. Each op is written through the OpBuilder (generators/builder.h),
// so its result type is the rule's in ir/infer.cc. The `special` strategy draws, besides the formats' own
// special values (zeros, infinities, NaN, subnormals, the largest and smallest values: the huge and tiny
// arguments), each function's own points and their neighbours (ValueHints::thresholds): the poles of lgamma
// and digamma at 0 and the negative integers, erf_inv at +-1, zeta at x = 1, the branch points of the inverse
// functions, the overflow thresholds of cosh and sinh.
#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "generators/builder.h"
#include "generators/gen.h"
#include "generators/program_util.h"
#include "ir/attribute.h"
#include "ir/chlo_broadcast.h"
#include "ir/element_type.h"

namespace hloconf::gen {
namespace {

using S = Strategy;

constexpr std::string_view kFloat[] = {"f32", "f16", "bf16", "f64"};
// The inverse trigonometric and hyperbolic functions, cosh, sinh, tan and square also take complex operands
// (chlo.md's operand types; MPC evaluates them).
constexpr std::string_view kFloatComplex[] = {"f32", "f16", "bf16", "f64", "complex<f32>", "complex<f64>"};
constexpr std::string_view kComplex[] = {"complex<f32>", "complex<f64>"};
constexpr std::string_view kInteger[] = {"i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"};
constexpr std::string_view kReal[] = {"f32", "f16", "bf16", "f64", "i8", "i32", "i64", "ui8", "ui32"};
constexpr std::string_view kNumeric[] = {"f32", "f16", "bf16", "f64", "complex<f32>", "complex<f64>", "i8", "i32", "i64", "ui8", "ui32"};
constexpr std::string_view kIntegerBool[] = {"i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "i1"};
constexpr std::string_view kComplexParts[] = {"f32", "f64"};
constexpr std::string_view kData[] = {"f32", "f16", "bf16", "f64", "complex<f32>", "complex<f64>", "i1", "i8", "i32", "i64", "ui8", "ui32"};
constexpr std::string_view kScalarData[] = {"f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64", "ui8", "ui32"};
constexpr Strategy kBasic[] = {S::kUniform, S::kSpecial, S::kLogUniform};

// The points where `op`'s value is special in format `t` (doubles; `special` rounds them to the format and
// adds their neighbours).
std::vector<double> chloThresholds(OpId op, ElementType t) {
  if (isComplex(t)) t = complexPartType(t);
  if (!isFloat(t)) return {};
  const double max = floatToDouble(t, largestFinite(t));
  switch (op) {
    case OpId::kChloLgamma:  // poles at 0 and the negative integers, zeros at 1 and 2, overflow near max / log(max)
      return {0.0, -1.0, -2.0, -3.0, -20.0, 1.0, 2.0, -0.5, max / std::log(max)};
    case OpId::kChloDigamma:  // poles at 0 and the negative integers; its one positive zero 1.4616321...
      return {0.0, -1.0, -2.0, -3.0, -20.0, 1.4616321449683622, -0.5};
    case OpId::kChloErfInv:  // +-inf at +-1, NaN beyond
      return {1.0, -1.0, 0.5, -0.5};
    case OpId::kChloErf:
    case OpId::kChloErfc:  // erf saturates to 1 near 4 (f32) or 6 (f64); erfc underflows near 10 (f32) or 27 (f64)
      return {3.9, 5.9, 10.0, 26.5, -1.0};
    case OpId::kChloAsin:
    case OpId::kChloAcos:
    case OpId::kChloAtanh:  // the ends of [-1, 1]
      return {1.0, -1.0};
    case OpId::kChloAcosh:  // the branch point 1
      return {1.0};
    case OpId::kChloCosh:
    case OpId::kChloSinh:  // overflow: cosh(x) > max beyond log(2 max)
      return {std::log(max) + std::log(2.0), -(std::log(max) + std::log(2.0))};
    case OpId::kChloTan:
      return {1.5707963267948966, -1.5707963267948966};
    case OpId::kChloBesselI1e:  // where the reference switches from the power series to the asymptotic expansion
      return {4096.0, -4096.0, 4097.0};
    case OpId::kChloZeta:  // the pole x = 1; q at 0 and the negative integers
    case OpId::kChloPolygamma:
      return {1.0, 0.0, -1.0, -2.0};
    default:
      return {};
  }
}

// The magnitude beyond which the reference reports `unsupported` (docs/design/chlo.md's corners), or 0.
double supportedMagnitude(OpId op) {
  switch (op) {
    // zeta and polygamma: a negative base with an odd exponent cancels to about x log2(2|q| + 2) bits, and
    // above 4,096 the reference says unsupported (docs/design/chlo.md); 256 keeps both operands' worst
    // case at 2,300 bits (half a second an element).
    case OpId::kChloZeta: return 256.0;
    case OpId::kChloPolygamma: return 256.0;
    default: return 0;
  }
}

// The hints for the inputs of chlo op `op` (for chlo.broadcast_<op>, the op it applies).
ValueHints chloHints(GenContext& ctx, OpId op) {
  if (const std::optional<OpId> applied = chloBroadcastApplied(op)) op = *applied;
  ValueHints h;
  h.thresholds = chloThresholds(op, ctx.type());
  h.max_magnitude = supportedMagnitude(op);
  return h;
}
ValueHints chloHints(GenContext& ctx) { return chloHints(ctx, ctx.opId()); }

// polygamma's orders: 0-4 (an order that is not a non-negative integer is NaN: the caller draws that too).
std::string polygammaOrders(GenContext& ctx, const std::vector<int64_t>& shape) {
  Tensor orders(Type::tensor(shape, Type::element(ctx.type())));
  for (int64_t i = 0; i < orders.numElements(); ++i) {
    orders.setBits(i, floatFromDouble(ctx.type(), static_cast<double>(ctx.rng().range(0, 4))));
  }
  return ctx.input(orders);
}

// `chlo.<op> %x : T -> R`, the result type the rule's (is_inf and its signed forms: i1).
void buildChloUnary(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 3, 32);
  const std::string type = ctx.tensorType(shape);
  OpBuilder(ctx.opId()).operand(ctx.input(type, chloHints(ctx)), type).emitOutputs(ctx);
}

// Two operands of one type: next_after(x, y), zeta(x, q). polygamma(n, x) draws n from the orders 0-4
// (an order that is not a non-negative integer is NaN, one draw in eight covers that).
void buildChloBinary(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 3, 32);
  const std::string type = ctx.tensorType(shape);
  std::string first;
  if (ctx.opId() == OpId::kChloPolygamma && !ctx.rng().chance(1, 8)) {
    first = polygammaOrders(ctx, shape);
  } else {
    first = ctx.input(type, chloHints(ctx));
  }
  OpBuilder(ctx.opId()).operand(first, type).operand(ctx.input(type, chloHints(ctx)), type).emitOutputs(ctx);
}

// mulhi on integers: any values (the high half of the double-width product).
void buildMulhi(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 3, 32);
  const std::string type = ctx.tensorType(shape);
  OpBuilder(OpId::kChloMulhi).operand(ctx.input(type), type).operand(ctx.input(type), type).emitOutputs(ctx);
}

// --- The structural ops ---------------------------------------------------------------------------------------

// chlo.broadcast_<op>: a result shape, then each operand either its trailing dimensions (numpy's rule) or,
// for the lower-rank of two operands (one time in three), any distinct result dimensions through
// broadcast_dimensions; each operand dimension is 1 now and then, so that it stretches. The element types:
// the table's for the op; select's predicate is i1, compare draws a direction.
void buildChloBroadcast(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const OpId applied = chloBroadcastApplied(ctx.opId()).value_or(OpId::kAdd);
  const int n = applied == OpId::kSelect ? 3 : 2;
  const std::vector<int64_t> result = ctx.shape(0, 4, 64);
  const int64_t rank = static_cast<int64_t>(result.size());
  auto stretched = [&](std::vector<int64_t> shape) {
    for (int64_t& d : shape) d = rng.chance(1, 3) ? 1 : d;
    return shape;
  };
  std::vector<std::vector<int64_t>> shapes;
  std::string attributes;
  if (n == 2 && rank > 0 && rng.chance(1, 3)) {  // broadcast_dimensions: operand `low` of rank r < rank
    const int64_t r = rng.range(0, rank - 1);
    std::vector<int64_t> dims = permutation(rng, rank);
    dims.resize(static_cast<size_t>(r));
    if (rng.chance(1, 2)) std::sort(dims.begin(), dims.end());
    std::vector<int64_t> low;
    for (int64_t d : dims) low.push_back(result[static_cast<size_t>(d)]);
    const size_t which = rng.range(0, 1);
    shapes.resize(2);
    shapes[which] = stretched(low);
    shapes[1 - which] = rng.chance(1, 2) ? result : stretched(result);
    attributes = strCat("broadcast_dimensions = ", i64Array(dims));
  } else {
    for (int i = 0; i < n; ++i) {
      const int64_t r = rng.chance(1, 2) ? rank : rng.range(0, rank);
      shapes.push_back(stretched(std::vector<int64_t>(result.end() - r, result.end())));
    }
  }
  if (applied == OpId::kCompare) {
    static constexpr std::string_view kDirections[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
    attributes = strCat(attributes, attributes.empty() ? "" : ", ", "comparison_direction = #chlo<comparison_direction ",
                        rng.pick(std::span<const std::string_view>(kDirections)), ">");
  }
  OpBuilder builder(ctx.opId());
  for (int i = 0; i < n; ++i) {
    if (applied == OpId::kSelect && i == 0) {
      const std::string type = GenContext::tensorType(shapes[0], "i1");
      builder.operand(ctx.input(type), type);
    } else if (applied == OpId::kChloPolygamma && i == 0 && !rng.chance(1, 8)) {
      builder.operand(polygammaOrders(ctx, shapes[0]), ctx.tensorType(shapes[0]));
    } else {
      const std::string type = ctx.tensorType(shapes[static_cast<size_t>(i)]);
      builder.operand(ctx.input(type, chloHints(ctx)), type);
    }
  }
  builder.attributes(attributes).emitOutputs(ctx);
}

// top_k: the largest k along the last dimension, k from 0 to its size. The uniform strategy on narrow
// integers and the special one on floats (both zeros, NaNs) give ties, which go by index.
void buildTopK(GenContext& ctx) {
  std::vector<int64_t> shape = ctx.shape(0, 2, 6);
  shape.push_back(ctx.rng().range(0, 12));  // the dimension top_k works along: most often a few values
  const std::string type = ctx.tensorType(shape);
  const int64_t k = ctx.rng().range(0, shape.back());
  OpBuilder(OpId::kChloTopK).operand(ctx.input(type), type).attributes(strCat("k = ", k, " : i64")).emitOutputs(ctx);
}

// chlo.constant: a literal of the drawn values (as stablehlo.constant's, which it equals).
void buildChloConstant(GenContext& ctx) {
  const std::vector<int64_t> shape = ctx.shape(0, 4, 64);
  Tensor value(Type::tensor(shape, Type::element(ctx.type())));
  fillTensor(value, ctx.strategy(), ctx.rng());
  const std::string type = ctx.tensorType(shape);
  ctx.output(ctx.op(strCat("chlo.constant ", denseLiteral(value), " : ", type)), type);
}

// constant_like: a drawn scalar of the type under test at the shape of an operand of another type now and
// then (only the operand's shape is read).
void buildConstantLike(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::vector<int64_t> shape = ctx.shape(0, 4, 64);
  const std::string operand_type = rng.chance(1, 3) ? GenContext::tensorType(shape, "f32") : ctx.tensorType(shape);
  Tensor value(Type::tensor({}, Type::element(ctx.type())));
  fillTensor(value, ctx.strategy(), rng);
  const std::string literal = elementLiteral(ctx.type(), value.bits(0, 0));
  const std::string attribute = isBoolean(ctx.type()) ? literal : strCat(literal, " : ", elementTypeName(ctx.type()));
  OpBuilder(OpId::kChloConstantLike).operand(ctx.input(operand_type), operand_type).attributes(strCat("value = ", attribute)).emitOutputs(ctx);
}

// ragged_dot in its three modes (chlo.md), with group_sizes of shape [g] (1 to 4 groups) that cover the
// ragged dimension, stop short of it, or run past it; a group may be empty.
//   mode 1, ragged m: [b?, m, k] x [b?, g, k, n] -> [b?, m, n];  mode 2, ragged k: [b?, m, k] x [b?, k, n] -> [g, b?, m, n];
//   mode 3, ragged b: [b, m, k] x [b, k, n] -> [b, m, n].
void buildRaggedDot(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const int64_t mode = rng.range(1, 3);
  const bool batched = mode == 3 || rng.chance(1, 3);
  const int64_t g = rng.range(1, 4), b = batched ? rng.range(1, 3) : 0, m = rng.range(1, 5), k = rng.range(1, 5), n = rng.range(1, 4);
  std::vector<int64_t> lhs, rhs;
  if (batched) lhs.push_back(b), rhs.push_back(b);
  lhs.push_back(m), lhs.push_back(k);
  if (mode == 1) rhs.push_back(g);
  rhs.push_back(k), rhs.push_back(n);
  const int64_t o = batched ? 1 : 0;  // the offset of m and k in lhs
  const int64_t ragged = mode == 1 ? o : mode == 2 ? o + 1 : 0;
  const int64_t extent = lhs[static_cast<size_t>(ragged)];
  // Sizes that sum to extent (half the time), to less, or to more.
  std::vector<int64_t> sizes(static_cast<size_t>(g), 0);
  const int64_t total = rng.chance(1, 2) ? extent : rng.range(0, extent + 2);
  for (int64_t i = 0; i < total; ++i) ++sizes[static_cast<size_t>(rng.range(0, g - 1))];
  const std::string batching = batched ? "[0]" : "[]";
  const std::string numbers = strCat(
      "ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = ", batching, ", rhs_batching_dimensions = ", batching,
      ", lhs_contracting_dimensions = [", o + 1, "], rhs_contracting_dimensions = [", mode == 1 ? o + 1 : o, "], lhs_ragged_dimensions = [", ragged,
      "], rhs_group_dimensions = ", mode == 1 ? strCat("[", o, "]") : std::string("[]"), ">");
  const std::string ltype = ctx.tensorType(lhs), rtype = ctx.tensorType(rhs), stype = GenContext::tensorType({g}, "i64");
  OpBuilder(OpId::kChloRaggedDot)
      .operand(ctx.input(ltype), ltype)
      .operand(ctx.input(rtype), rtype)
      .operand(ctx.input(integerTensor(ElementType::kSI64, {g}, sizes)), stype)
      .attributes(numbers)
      .emitOutputs(ctx);
}

// scan: a running add, multiply, maximum or minimum along one dimension, forwards or reversed, its output
// the carry after each step (inclusive) or before it (exclusive); the last carry is the second result.
void buildScan(GenContext& ctx) {
  Rng& rng = ctx.rng();
  const std::vector<int64_t> shape = ctx.shape(1, 3, 48);
  const int64_t dimension = rng.range(0, static_cast<int64_t>(shape.size()) - 1);
  std::vector<int64_t> carry_shape = shape;
  carry_shape.erase(carry_shape.begin() + dimension);
  const std::string type = ctx.tensorType(shape), carry = ctx.tensorType(carry_shape);
  static constexpr std::string_view kOps[] = {"add", "multiply", "maximum", "minimum"};
  const std::string_view body_op = rng.pick(std::span<const std::string_view>(kOps));
  const bool reverse = rng.chance(1, 2), inclusive = rng.chance(2, 3);
  const std::string input = ctx.input(type), init = ctx.input(carry);
  const std::string x = ctx.fresh(), c = ctx.fresh(), next = ctx.fresh();
  const std::string r = ctx.op(strCat(
      "\"chlo.scan\"(", input, ", ", init, ") <{dimension = ", dimension, " : i64", reverse ? ", is_reverse = true" : "",
      ", operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({\n^bb0(", x, ": ", carry, ", ", c, ": ", carry, "):\n  ",
      next, " = \"stablehlo.", body_op, "\"(", c, ", ", x, ") : (", carry, ", ", carry, ") -> ", carry, "\n  \"stablehlo.return\"(",
      inclusive ? next : c, ", ", next, ") : (", carry, ", ", carry, ") -> ()\n}) : (", type, ", ", carry, ") -> (", type, ", ", carry, ")"), 2);
  ctx.output(GenContext::result(r, 0), type);
  ctx.output(GenContext::result(r, 1), carry);
}

constexpr OpGenerator kGenerators[] = {
    {"chlo._asin_acos_kernel", kComplex, kBasic, buildChloUnary},
    {"chlo.acos", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.acosh", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.asin", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.asinh", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.atan", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.atanh", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.bessel_i1e", kFloat, kBasic, buildChloUnary},
    {"chlo.conj", kComplex, kBasic, buildChloUnary},
    {"chlo.cosh", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.digamma", kFloat, kBasic, buildChloUnary},
    {"chlo.erf", kFloat, kBasic, buildChloUnary},
    {"chlo.erf_inv", kFloat, kBasic, buildChloUnary},
    {"chlo.erfc", kFloat, kBasic, buildChloUnary},
    {"chlo.is_inf", kFloat, kBasic, buildChloUnary},
    {"chlo.is_neg_inf", kFloat, kBasic, buildChloUnary},
    {"chlo.is_pos_inf", kFloat, kBasic, buildChloUnary},
    {"chlo.lgamma", kFloat, kBasic, buildChloUnary},
    {"chlo.sinh", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.square", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.tan", kFloatComplex, kBasic, buildChloUnary},
    {"chlo.mulhi", kInteger, kBasic, buildMulhi},
    {"chlo.next_after", kFloat, kBasic, buildChloBinary},
    {"chlo.polygamma", kFloat, kBasic, buildChloBinary},
    {"chlo.zeta", kFloat, kBasic, buildChloBinary},
    {"chlo.broadcast_add", kNumeric, kBasic, buildChloBroadcast},
    {"chlo.broadcast_and", kIntegerBool, kBasic, buildChloBroadcast},
    {"chlo.broadcast_atan2", kFloatComplex, kBasic, buildChloBroadcast},
    {"chlo.broadcast_compare", kReal, kBasic, buildChloBroadcast},
    {"chlo.broadcast_complex", kComplexParts, kBasic, buildChloBroadcast},
    {"chlo.broadcast_divide", kNumeric, kBasic, buildChloBroadcast},
    {"chlo.broadcast_maximum", kReal, kBasic, buildChloBroadcast},
    {"chlo.broadcast_minimum", kReal, kBasic, buildChloBroadcast},
    {"chlo.broadcast_multiply", kNumeric, kBasic, buildChloBroadcast},
    {"chlo.broadcast_next_after", kFloat, kBasic, buildChloBroadcast},
    {"chlo.broadcast_or", kIntegerBool, kBasic, buildChloBroadcast},
    {"chlo.broadcast_polygamma", kFloat, kBasic, buildChloBroadcast},
    {"chlo.broadcast_power", kNumeric, kBasic, buildChloBroadcast},
    {"chlo.broadcast_remainder", kReal, kBasic, buildChloBroadcast},
    {"chlo.broadcast_select", kData, kBasic, buildChloBroadcast},
    {"chlo.broadcast_shift_left", kInteger, kBasic, buildChloBroadcast},
    {"chlo.broadcast_shift_right_arithmetic", kInteger, kBasic, buildChloBroadcast},
    {"chlo.broadcast_shift_right_logical", kInteger, kBasic, buildChloBroadcast},
    {"chlo.broadcast_subtract", kNumeric, kBasic, buildChloBroadcast},
    {"chlo.broadcast_xor", kIntegerBool, kBasic, buildChloBroadcast},
    {"chlo.broadcast_zeta", kFloat, kBasic, buildChloBroadcast},
    {"chlo.constant", kData, kBasic, buildChloConstant},
    {"chlo.constant_like", kScalarData, kBasic, buildConstantLike},
    {"chlo.ragged_dot", kReal, kBasic, buildRaggedDot},
    {"chlo.scan", kReal, kBasic, buildScan},
    {"chlo.top_k", kReal, kBasic, buildTopK},
};

}  // namespace

std::span<const OpGenerator> chloGenerators() { return kGenerators; }

}  // namespace hloconf::gen
