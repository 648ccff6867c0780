#include "generators/exhaustive.h"

#include <algorithm>

#include "generators/gen.h"
#include "ir/infer.h"
#include "ir/op_id.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "ir/type.h"

namespace hloconf::gen {
namespace {

constexpr std::string_view kUnary[] = {
    "abs", "cbrt", "ceil", "cosine", "exponential", "exponential_minus_one", "floor", "is_finite", "log",
    "log_plus_one", "logistic", "negate", "round_nearest_afz", "round_nearest_even", "rsqrt", "sign", "sine",
    "sqrt", "tan", "tanh",
    // chlo's unary functions on real floats (issue 20): f32 sweeps of lgamma, digamma and erf_inv are fast
    // (the reference's proven f32 paths, docs/design/chlo.md); the others take MPFR's time per element.
    "chlo.acos", "chlo.acosh", "chlo.asin", "chlo.asinh", "chlo.atan", "chlo.atanh", "chlo.bessel_i1e", "chlo.cosh",
    "chlo.digamma", "chlo.erf", "chlo.erf_inv", "chlo.erfc", "chlo.is_inf", "chlo.is_neg_inf", "chlo.is_pos_inf",
    "chlo.lgamma", "chlo.sinh", "chlo.square", "chlo.tan"};
constexpr std::string_view kBinary[] = {"add", "atan2", "divide", "maximum", "minimum", "multiply", "power",
                                        "remainder", "subtract"};

bool listed(std::span<const std::string_view> ops, std::string_view op) {
  return std::find(ops.begin(), ops.end(), op) != ops.end();
}

// The op's full name: chlo ops are listed with their dialect, stablehlo ops without it.
std::string fullOpName(std::string_view op) { return op.starts_with("chlo.") ? std::string(op) : strCat("stablehlo.", op); }

std::string joined(std::span<const std::string_view> ops) {
  std::string s;
  for (size_t i = 0; i < ops.size(); ++i) strAppend(&s, i ? ", " : "", ops[i]);
  return s;
}

}  // namespace

std::vector<std::string_view> sweepUnaryOps() { return {std::begin(kUnary), std::end(kUnary)}; }
std::vector<std::string_view> sweepBinaryOps() { return {std::begin(kBinary), std::end(kBinary)}; }

absl::StatusOr<SweepSpec> sweepSpec(std::string_view op, std::string_view dtype) {
  SweepSpec s;
  s.op = std::string(op);
  s.dtype = std::string(dtype);
  const std::optional<ElementType> t = parseElementTypeName(dtype);
  if (!t || !isFloat(*t)) return absl::InvalidArgumentError(strCat("sweeps are over float formats; `", dtype, "` is not one"));
  s.type = *t;
  const int bits = floatFormat(*t).total_bits;
  if (listed(kUnary, op)) {
    if (bits > 32) return absl::InvalidArgumentError(strCat("`", dtype, "` has ", bits, " bits: unary sweeps go up to 32 bits"));
    s.arity = 1;
    s.total = uint64_t{1} << bits;
  } else if (listed(kBinary, op)) {
    if (bits > 8) return absl::InvalidArgumentError(strCat("`", dtype, "` has ", bits, " bits: binary sweeps (every pair) are for 8-bit formats"));
    s.arity = 2;
    s.total = uint64_t{1} << (2 * bits);
  } else {
    return absl::InvalidArgumentError(strCat("op `", op, "` has no exhaustive sweep (unary: ", joined(kUnary),
                                             "; binary: ", joined(kBinary), ")"));
  }
  s.chunks = (s.total + kSweepChunkInputs - 1) / kSweepChunkInputs;
  // The result's element type is the op's result rule's (ir/infer.cc): the operand's, or i1 for is_finite
  // and chlo's is_inf family.
  const std::vector<Type> operands(static_cast<size_t>(s.arity), Type::tensor({1}, Type::element(s.type)));
  ASSIGN_OR_RETURN(const std::vector<InferredType> results, inferResultTypes(opIdOf(fullOpName(op)), operands, NamedAttrList{}));
  s.result_element = std::string(elementTypeName(results.at(0).type.elementType()));
  return s;
}

std::vector<Tensor> sweepInputs(const SweepSpec& spec, uint64_t chunk) {
  const uint64_t first = chunk * kSweepChunkInputs;
  const uint64_t n = std::min(kSweepChunkInputs, spec.total - std::min(spec.total, first));
  const Type type = Type::tensor({static_cast<int64_t>(n)}, Type::element(spec.type));
  std::vector<Tensor> inputs;
  for (int k = 0; k < spec.arity; ++k) inputs.emplace_back(type);
  const int bits = floatFormat(spec.type).total_bits;
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t x = first + i;
    if (spec.arity == 1) {
      inputs[0].setBits(static_cast<int64_t>(i), x);
    } else {
      inputs[0].setBits(static_cast<int64_t>(i), x >> bits);
      inputs[1].setBits(static_cast<int64_t>(i), x & ((uint64_t{1} << bits) - 1));
    }
  }
  return inputs;
}

std::string sweepProgram(const SweepSpec& spec, uint64_t n) {
  const std::string in = strCat("tensor<", n, "x", spec.dtype, ">");
  const std::string out = strCat("tensor<", n, "x", spec.result_element, ">");
  std::string args = strCat("%x: ", in), operands = "%x", types = in;
  if (spec.arity == 2) {
    args += strCat(", %y: ", in);
    operands += ", %y";
    types += strCat(", ", in);
  }
  return strCat("module {\n  func.func @main(", args, ") -> ", out, " {\n    %r = \"", fullOpName(spec.op), "\"(", operands,
                ") : (", types, ") -> ", out, "\n    func.return %r : ", out, "\n  }\n}\n");
}

}  // namespace hloconf::gen
