// Custom forms of the stablehlo ops without regions, and their registry table.
#include "ir/op_registry.h"
#include "ir/op_syntax.h"
#include "ir/strings.h"

namespace hloconf::syntax {

}  // namespace hloconf::syntax

namespace hloconf {

std::span<const OpDef> stablehloOps() {
  using namespace syntax;
  static constexpr OpDef kOps[] = {
    {"stablehlo.constant", parseConstant},
    {"stablehlo.return", parseReturnLike},
    {"stablehlo.abs", parseSameTypeOp},
    {"stablehlo.add", parseSameTypeOp},
    {"stablehlo.and", parseSameTypeOp},
    {"stablehlo.atan2", parseSameTypeOp},
    {"stablehlo.cbrt", parseSameTypeOp},
    {"stablehlo.ceil", parseSameTypeOp},
    {"stablehlo.cosine", parseSameTypeOp},
    {"stablehlo.count_leading_zeros", parseSameTypeOp},
    {"stablehlo.divide", parseSameTypeOp},
    {"stablehlo.exponential", parseSameTypeOp},
    {"stablehlo.exponential_minus_one", parseSameTypeOp},
    {"stablehlo.floor", parseSameTypeOp},
    {"stablehlo.log", parseSameTypeOp},
    {"stablehlo.log_plus_one", parseSameTypeOp},
    {"stablehlo.logistic", parseSameTypeOp},
    {"stablehlo.maximum", parseSameTypeOp},
    {"stablehlo.minimum", parseSameTypeOp},
    {"stablehlo.multiply", parseSameTypeOp},
    {"stablehlo.negate", parseSameTypeOp},
    {"stablehlo.not", parseSameTypeOp},
    {"stablehlo.or", parseSameTypeOp},
    {"stablehlo.popcnt", parseSameTypeOp},
    {"stablehlo.power", parseSameTypeOp},
    {"stablehlo.remainder", parseSameTypeOp},
    {"stablehlo.round_nearest_afz", parseSameTypeOp},
    {"stablehlo.round_nearest_even", parseSameTypeOp},
    {"stablehlo.rsqrt", parseSameTypeOp},
    {"stablehlo.shift_left", parseSameTypeOp},
    {"stablehlo.shift_right_arithmetic", parseSameTypeOp},
    {"stablehlo.shift_right_logical", parseSameTypeOp},
    {"stablehlo.sign", parseSameTypeOp},
    {"stablehlo.sine", parseSameTypeOp},
    {"stablehlo.sqrt", parseSameTypeOp},
    {"stablehlo.subtract", parseSameTypeOp},
    {"stablehlo.tan", parseSameTypeOp},
    {"stablehlo.tanh", parseSameTypeOp},
    {"stablehlo.xor", parseSameTypeOp},
  };
  return kOps;
}

}  // namespace hloconf
