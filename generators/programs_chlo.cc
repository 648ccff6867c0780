// Generators for the chlo ops the reference evaluates (docs/design/chlo.md): `gen:chlo.<op>`, e.g.
// `gen:chlo.lgamma/f32/special`, `gen:chlo.*`. Each op is written through the OpBuilder (generators/builder.h),
// so its result type is the rule's in ir/infer.cc. The `special` strategy draws, besides the formats' own
// special values (zeros, infinities, NaN, subnormals, the largest and smallest values: the huge and tiny
// arguments), each function's own points and their neighbours (ValueHints::thresholds): the poles of lgamma
// and digamma at 0 and the negative integers, erf_inv at +-1, zeta at x = 1, the branch points of the inverse
// functions, the overflow thresholds of cosh and sinh.
#include <cmath>
#include <string>
#include <vector>

#include "generators/builder.h"
#include "generators/gen.h"
#include "generators/program_util.h"
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

ValueHints chloHints(GenContext& ctx) {
  ValueHints h;
  h.thresholds = chloThresholds(ctx.opId(), ctx.type());
  h.max_magnitude = supportedMagnitude(ctx.opId());
  return h;
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
    Tensor orders(Type::tensor(shape, Type::element(ctx.type())));
    for (int64_t i = 0; i < orders.numElements(); ++i) {
      orders.setBits(i, floatFromDouble(ctx.type(), static_cast<double>(ctx.rng().range(0, 4))));
    }
    first = ctx.input(orders);
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

constexpr OpGenerator kGenerators[] = {
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
};

}  // namespace

std::span<const OpGenerator> chloGenerators() { return kGenerators; }

}  // namespace hloconf::gen
