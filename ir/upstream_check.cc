#include "ir/upstream_check.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <set>

#include "ir/attribute.h"
#include "ir/element_type.h"
#include "ir/op_views.h"
#include "absl/strings/str_format.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

// The peer: openxla/stablehlo at 840c41ce (July 2024), the last commit that builds against Debian's MLIR 19.
constexpr char kPeer[] = "upstream stablehlo-translate --interpret (openxla/stablehlo 840c41ce)";

Attr ulpCount(int64_t n) { return Attribute::integer(n, ElementType::kUI64); }

const char* checkOpName(UpstreamCheck::Kind kind) {
  switch (kind) {
    case UpstreamCheck::Kind::kEqual: return "check.expect_eq";
    case UpstreamCheck::Kind::kClose: return "check.expect_close";
    case UpstreamCheck::Kind::kAlmostEqual: return "check.expect_almost_eq";
    case UpstreamCheck::Kind::kNone: break;
  }
  return "";
}

NamedAttrList checkProperties(const UpstreamCheck& check) {
  if (check.kind == UpstreamCheck::Kind::kClose)
    return {{"max_ulp_difference", ulpCount(static_cast<int64_t>(check.max_ulp))}, {"min_ulp_difference", ulpCount(0)}};
  if (check.kind == UpstreamCheck::Kind::kAlmostEqual)
    return {{"tolerance", Attribute::floating(doubleToBits(check.tolerance), ElementType::kF64)}};
  return {};
}

std::string maskComment(const UpstreamCheck& check) {
  return check.kind == UpstreamCheck::Kind::kNone
             ? strCat("no check: every element is ", check.masked_why)
             : strCat("elements not checked (select of the expected value): ", check.masked_why);
}

}  // namespace

UpstreamCheck planUpstreamCheck(const Tensor& expected, const std::vector<uint8_t>& impl_defined,
                                const std::vector<double>& error_bound, const UpstreamTolerance& allowed) {
  UpstreamCheck check;
  const int64_t n = expected.numElements();
  std::vector<uint8_t> masked(n, 0);
  int64_t impl_count = 0, unbounded_count = 0;
  double tolerance = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (i < static_cast<int64_t>(impl_defined.size()) && impl_defined[i]) {
      masked[i] = 1;
      ++impl_count;
    } else if (i < static_cast<int64_t>(error_bound.size()) && !std::isfinite(error_bound[i])) {
      masked[i] = 1;
      ++unbounded_count;
    } else if (i < static_cast<int64_t>(error_bound.size())) {
      tolerance = std::max(tolerance, error_bound[i]);
    }
  }
  const ElementType t = expected.elementType();
  if (expected.type().isQuantized() || !(isFloat(t) || isComplex(t))) {
    check.kind = UpstreamCheck::Kind::kEqual;
  } else if (tolerance > 0) {
    check.kind = UpstreamCheck::Kind::kAlmostEqual;
    check.tolerance = tolerance;
    // stablehlo/reference/Element.cpp, areApproximatelyEqual: "if (f.isNegative() != g.isNegative()) return false".
    const ElementType part_type = isComplex(t) ? complexPartType(t) : t;
    mpfr_t v;
    mpfr_init2(v, 64);
    for (int64_t i = 0; i < n && check.may_fail.empty(); ++i) {
      if (masked[i]) continue;
      for (int part = 0; part < (isComplex(t) ? 2 : 1); ++part) {
        decodeFloat(part_type, expected.bits(i, part), v);
        if (mpfr_number_p(v) && std::fabs(mpfr_get_d(v, MPFR_RNDN)) <= tolerance)
          check.may_fail = strCat(kPeer, " may fail this file: its check.expect_almost_eq rejects values of opposite signs however close, and an expected "
                                  "value here is within the tolerance (", absl::StrFormat("%g", tolerance), ") of zero (an upstream bug)");
      }
    }
    mpfr_clear(v);
  } else {
    check.kind = UpstreamCheck::Kind::kClose;
    check.max_ulp = allowed.max_ulp;
  }
  if (allowed.subnormal_may_flush && isFloat(t) && !expected.type().isQuantized()) {
    Tensor flushable(Type::tensor(expected.type().shape(), Type::element(ElementType::kI1)));
    bool any = false;
    for (int64_t i = 0; i < n; ++i)
      if (!masked[i] && classifyFloat(t, expected.bits(i)) == FloatClass::kSubnormal) {
        flushable.setBits(i, 1);
        any = true;
      }
    if (any) check.flushable = std::move(flushable);
  }
  if (impl_count + unbounded_count == 0) return check;
  if (impl_count) check.masked_why = strCat(impl_count, " implementation-defined (docs/semantics.md)");
  if (unbounded_count)
    strAppend(&check.masked_why, impl_count ? "; " : "", unbounded_count,
              " with no finite accumulation bound (some order may overflow; docs/accumulation.md)");
  if (impl_count + unbounded_count == n) {
    check.kind = UpstreamCheck::Kind::kNone;
    return check;
  }
  Tensor mask(Type::tensor(expected.type().shape(), Type::element(ElementType::kI1)));
  for (int64_t i = 0; i < n; ++i) mask.setBits(i, masked[i]);
  check.mask = std::move(mask);
  return check;
}

void appendUpstreamCheck(Block& body, Value* actual, const Tensor& expected, const UpstreamCheck& check) {
  if (check.kind == UpstreamCheck::Kind::kNone) return;
  auto constant = [&](const Tensor& value) {
    auto op = std::make_unique<Operation>("stablehlo.constant");
    op->properties.push_back({"value", Attribute::denseElements(value)});
    Value* result = op->addResult(value.type());
    body.operations.push_back(std::move(op));
    return result;
  };
  Value* expected_value = constant(expected);
  Value* checked = actual;
  auto append = [&](std::string name, std::vector<Value*> operands, const Type& type, NamedAttrList properties = {}) {
    auto op = std::make_unique<Operation>(std::move(name));
    op->operands = std::move(operands);
    op->properties = std::move(properties);
    Value* result = op->addResult(type);
    body.operations.push_back(std::move(op));
    return result;
  };
  if (check.flushable) {
    const Type& mask_type = check.flushable->type();
    Value* flushable = constant(*check.flushable);
    Value* zero = constant(Tensor(expected.type()));
    Value* is_zero = append("stablehlo.compare", {actual, zero}, mask_type,
                            {{"comparison_direction", Attribute::enumValue("stablehlo", "comparison_direction", "EQ")}});
    Value* flushed = append("stablehlo.and", {flushable, is_zero}, mask_type);
    checked = append("stablehlo.select", {flushed, expected_value, actual}, actual->type);
  }
  if (check.mask) {
    Value* mask = constant(*check.mask);
    checked = append("stablehlo.select", {mask, expected_value, checked}, actual->type);
  }
  auto op = std::make_unique<Operation>(checkOpName(check.kind));
  op->operands = {checked, expected_value};
  op->properties = checkProperties(check);
  body.operations.push_back(std::move(op));
}

std::string upstreamCheckText(const UpstreamCheck& check, const std::string& actual, const std::string& expected,
                              const Type& type, const std::string& prefix, const std::string& indent) {
  std::string text;
  if (check.flushable) {
    const std::string flushable = strCat(prefix, "_flushable"), zero = strCat(prefix, "_zero"), is_zero = strCat(prefix, "_is_zero"),
                      flushed = strCat(prefix, "_flushed"), unflushed = strCat(prefix, "_unflushed");
    const std::string mask_type = check.flushable->type().toString(), value_type = type.toString();
    strAppend(&text, indent, flushable, " = \"stablehlo.constant\"() <{value = ", denseLiteral(*check.flushable), " : ", mask_type,
              "}> : () -> ", mask_type, "\n");
    strAppend(&text, indent, zero, " = \"stablehlo.constant\"() <{value = ", denseLiteral(Tensor(type)), " : ", value_type, "}> : () -> ",
              value_type, "\n");
    strAppend(&text, indent, is_zero, " = \"stablehlo.compare\"(", actual, ", ", zero,
              ") <{comparison_direction = #stablehlo<comparison_direction EQ>}> : (", value_type, ", ", value_type, ") -> ", mask_type, "\n");
    strAppend(&text, indent, flushed, " = \"stablehlo.and\"(", flushable, ", ", is_zero, ") : (", mask_type, ", ", mask_type, ") -> ",
              mask_type, "\n");
    strAppend(&text, indent, unflushed, " = \"stablehlo.select\"(", flushed, ", ", expected, ", ", actual, ") : (", mask_type, ", ",
              value_type, ", ", value_type, ") -> ", value_type, "\n");
    strAppend(&text, indent, "// a subnormal expected value may come back flushed to zero (the tolerance profile's ftz)\n");
    UpstreamCheck rest = check;
    rest.flushable.reset();
    return text + upstreamCheckText(rest, unflushed, expected, type, prefix, indent);
  }
  if (check.mask) {
    std::string checked = strCat(prefix, "_checked"), mask = strCat(prefix, "_mask");
    Type mask_type = check.mask->type();
    strAppend(&text, indent, mask, " = \"stablehlo.constant\"() <{value = ", denseLiteral(*check.mask), " : ",
              mask_type.toString(), "}> : () -> ", mask_type.toString(), "\n");
    strAppend(&text, indent, checked, " = \"stablehlo.select\"(", mask, ", ", expected, ", ", actual, ") : (",
              mask_type.toString(), ", ", type.toString(), ", ", type.toString(), ") -> ", type.toString(), "\n");
    strAppend(&text, indent, "// ", maskComment(check), "\n");
    if (check.kind == UpstreamCheck::Kind::kNone) return text;
    UpstreamCheck unmasked = check;
    unmasked.mask.reset();
    unmasked.masked_why.clear();
    return text + upstreamCheckText(unmasked, checked, expected, type, prefix, indent);
  }
  if (check.kind == UpstreamCheck::Kind::kNone) return strCat(indent, "// ", maskComment(check), "\n");
  NamedAttrList properties = checkProperties(check);
  strAppend(&text, indent, "\"", checkOpName(check.kind), "\"(", actual, ", ", expected, ")",
            properties.empty() ? "" : strCat(" <", Attribute::dictionary(std::move(properties))->toString(), ">"), " : (",
            type.toString(), ", ", type.toString(), ") -> ()\n");
  return text;
}

std::vector<std::string> upstreamInterpreterGaps(const Module& module) {
  // Each found by running our files under the peer (ci/upstream_interpret.sh; docs/design/upstream.md).
  struct Gap {
    const char* op;
    const char* reason;
  };
  static const Gap kGaps[] = {
      {"stablehlo.fft", "the interpreter does not implement fft"},
      {"stablehlo.rng", "the interpreter does not implement rng"},
      {"stablehlo.cholesky", "the interpreter does not implement cholesky"},
      {"stablehlo.triangular_solve", "the interpreter does not implement triangular_solve"},
      {"stablehlo.batch_norm_grad", "the interpreter does not implement batch_norm_grad"},
      {"stablehlo.batch_norm_inference", "the interpreter does not implement batch_norm_inference"},
      {"stablehlo.batch_norm_training", "the interpreter does not implement batch_norm_training"},
      {"stablehlo.send", "send crashes the tool (no channel to send on in a single process)"},
      {"stablehlo.recv", "recv crashes the tool (no channel to receive from in a single process)"},
      {"stablehlo.rng_bit_generator", "the interpreter does not implement rng_bit_generator (it asks for a decomposition)"},
      {"stablehlo.outfeed", "outfeed runs only under interpreter.run_parallel in this interpreter"},
      {"stablehlo.replica_id", "replica_id runs only under interpreter.run_parallel in this interpreter"},
      {"stablehlo.partition_id", "partition_id runs only under interpreter.run_parallel in this interpreter"},
      {"stablehlo.infeed", "infeed has no queue outside interpreter.run_parallel: the tool aborts ('InterpreterValue is not a Tensor')"},
  };
  auto anyType = [](const Operation& op, auto predicate) {
    for (const Value* v : op.operands)
      if (predicate(v->type)) return true;
    for (const auto& v : op.results)
      if (predicate(v->type)) return true;
    return false;
  };
  auto isQuantized = [](const Type& t) { return t.isTensor() && t.isQuantized(); };
  auto isUnsignedTensor = [](const Type& t) { return t.isTensor() && !t.isQuantized() && isUnsignedInteger(t.elementType()); };
  auto isComplexTensor = [](const Type& t) { return t.isTensor() && isComplex(t.elementType()); };
  // chlo ops that the peer's chlo dialect does not have yet (its stablehlo-opt rejects them as unregistered).
  static const std::set<std::string_view> kChloUnknown = {"chlo.square", "chlo.mulhi", "chlo.ragged_dot", "chlo.scan",
                                                          "chlo._asin_acos_kernel"};
  // chlo ops that the interpreter evaluates only through their legalization to stablehlo
  // (`stablehlo-opt --chlo-legalize-to-stablehlo`, as upstream's RUN lines do), a polynomial or series
  // approximation in the element type: measured up to hundreds of ULPs (cosh f64 458, lgamma f32 16) on the
  // spec suite's rounding cases. Whether a file fails depends on its inputs.
  static const std::set<std::string_view> kChloApproximated = {
      "chlo.acos",  "chlo.acosh", "chlo.asin",    "chlo.asinh",   "chlo.atan",      "chlo.atanh", "chlo.cosh",
      "chlo.sinh",  "chlo.tan",   "chlo.erf",     "chlo.erfc",    "chlo.erf_inv",   "chlo.lgamma", "chlo.digamma",
      "chlo.polygamma", "chlo.zeta", "chlo.bessel_i1e"};
  static constexpr char kUnsignedIndices[] =
      "unsigned start indices give wrong results for some values (spec/*/edge-unsigned-index; an upstream bug)";
  std::set<std::string> reasons;   // the file cannot pass
  std::set<std::string> possible;  // the file may fail, depending on its inputs
  std::function<void(const Operation&)> visit = [&](const Operation& op) {
    for (const Gap& gap : kGaps)
      if (op.name == gap.op) reasons.insert(gap.reason);
    if (kChloUnknown.count(op.name))
      reasons.insert(strCat(op.name, " is not known at this commit (its stablehlo-opt rejects it as an unregistered operation)"));
    if (kChloApproximated.count(op.name))
      possible.insert(strCat(op.name, " is evaluated only through its legalization to stablehlo (stablehlo-opt "
                                      "--chlo-legalize-to-stablehlo), an approximation in the element type, not the correctly "
                                      "rounded value"));
    if (op.name.starts_with("chlo.broadcast_") && !op.results.empty() &&
        std::any_of(op.operands.begin(), op.operands.end(),
                    [&](const Value* v) { return v->type.isTensor() && v->type.shape() != op.results[0]->type.shape(); }))
      reasons.insert(strCat(op.name, " with an operand of another shape legalizes to shape dialect ops (shape.shape_of, ...) "
                                     "that stablehlo-translate does not load"));
    if (anyType(op, isQuantized))
      reasons.insert("quantized element types are not interpreted at this commit ('Unsupported type: !quant.uniform<...>')");
    // An inherent attribute is a property or, as written in some files, in the attribute dictionary.
    auto inherentText = [&](std::string_view name) {
      const Attr* a = findAttr(op.properties, name);
      if (!a) a = findAttr(op.attributes, name);
      return a ? (*a)->toString() : std::string();
    };
    const std::string direction = inherentText("comparison_direction");
    const bool ordering = direction.find("EQ") == std::string::npos && direction.find("NE") == std::string::npos;
    if (op.name == "stablehlo.compare" && ordering && anyType(op, isComplexTensor))
      reasons.insert("compare of complex numbers by LT/LE/GT/GE aborts the tool ('Unsupported element type: complex<...>'; an upstream bug)");
    if (op.name == "stablehlo.compare" && inherentText("compare_type").find("TOTALORDER") != std::string::npos)
      possible.insert("compare with TOTALORDER gives wrong results on NaNs and signed zeros (spec/compare/edge-totalorder: false "
                      "where true; an upstream bug)");
    if (op.name == "chlo.top_k")
      possible.insert("chlo.top_k legalizes to a sort by the total order, which gives wrong results on NaNs and signed zeros "
                      "(spec/sort/edge-totalorder-float; an upstream bug)");
    if ((op.name == "stablehlo.gather" || op.name == "stablehlo.dynamic_gather" || op.name == "stablehlo.dynamic_slice" ||
         op.name == "stablehlo.dynamic_update_slice") &&
        op.operands.size() > 1 && isUnsignedTensor(op.operands[op.name == "stablehlo.dynamic_update_slice" ? op.operands.size() - 1 : 1]->type))
      possible.insert(kUnsignedIndices);
    // scatter(inputs..., scatter_indices, updates...): N inputs, then the indices.
    if (op.name == "stablehlo.scatter" && op.operands.size() >= 3 && isUnsignedTensor(op.operands[(op.operands.size() - 1) / 2]->type))
      possible.insert(kUnsignedIndices);
    // A product over an empty dimension whose result is not empty (all zeros): the tool aborts.
    auto isEmpty = [](const Type& t) { return t.isTensor() && t.hasStaticShape() && t.numElements() == 0; };
    const bool empty_operand_full_result =  // lhs or rhs (dynamic_conv's padding operand is empty without spatial dimensions)
        op.operands.size() >= 2 && (isEmpty(op.operands[0]->type) || isEmpty(op.operands[1]->type)) && !op.results.empty() &&
        op.results[0]->type.isTensor() && op.results[0]->type.hasStaticShape() && !isEmpty(op.results[0]->type);
    const bool convolution = op.id == OpId::kConvolution || op.id == OpId::kDynamicConv;
    if (op.id == OpId::kDotGeneral && empty_operand_full_result)
      reasons.insert("dot_general over an empty operand with a result that is not empty aborts the tool ('Incompatible index and "
                     "shape found while flattening index'; an upstream bug)");
    if (convolution && empty_operand_full_result)  // some pass: an empty input dimension that padding fills
      possible.insert(strCat(op.name, " over an empty operand with a result that is not empty aborts the tool for some shapes "
                                      "('Incompatible index and shape found while flattening index'; an upstream bug)"));
    if (op.id == OpId::kReducePrecision && ReducePrecisionOp(op).mantissaBits() == 0)
      possible.insert("reduce_precision to 0 mantissa bits turns a NaN into +inf whatever its sign (truncating the mantissa, as "
                      "the spec describes, leaves the infinity of the NaN's sign)");
    if (convolution && op.operands.size() > 1 && op.operands[1]->type.isTensor() && op.operands[1]->type.hasStaticShape()) {
      const ConvDimensionNumbers& dims = ConvolutionAttributes(op).dimensionNumbers();
      const std::vector<int64_t>& kernel = op.operands[1]->type.shape();
      if (std::any_of(dims.kernel_spatial.begin(), dims.kernel_spatial.end(),
                      [&](int64_t d) { return d >= 0 && d < static_cast<int64_t>(kernel.size()) && kernel[d] == 0; }))
        reasons.insert("its verifier rejects a convolution window of size 0 ('expects window to have positive value'), which the "
                       "spec allows");
      // stablehlo/reference/Ops.cpp, convolutionOp, places the result's elements as if its layout were
      // [b, 0, 1, ..., f] (for one, it reads the batch and feature sizes in layout order and uses them as
      // (batch, feature)): measured on `gen convolution dynamic_conv --count 5`, 145 of 399 files with
      // another result layout fail, 1 of 51 with that one (an empty operand, the rule above).
      const int64_t rank = static_cast<int64_t>(dims.output_spatial.size()) + 2;
      if (dims.output_batch != 0 || dims.output_feature != rank - 1)
        possible.insert("a convolution whose result layout is not [b, 0, 1, ..., f] aborts the tool ('Incompatible index and shape "
                        "found while flattening index') or gives misplaced elements for some sizes (an upstream bug)");
    }
    // Integer division: the spec makes x / 0 implementation-defined (our files do not check those elements),
    // but the tool computes it with APInt::sdiv/udiv and dies of SIGFPE.
    if ((op.name == "stablehlo.divide" || op.name == "stablehlo.remainder") && !op.operands.empty() &&
        op.operands[0]->type.isTensor() && !op.operands[0]->type.isQuantized() && isInteger(op.operands[0]->type.elementType()))
      possible.insert(strCat(op.name, " of integers kills the tool (SIGFPE in APInt::sdiv) where a divisor is 0, whose result the "
                                      "spec leaves implementation-defined"));
    // Complex functions computed by their textbook formulas in the element type (stablehlo/reference/
    // Element.cpp): overflow, cancellation and infinities give NaN or values far off for some inputs.
    static const std::set<std::string_view> kComplexByFormula = {
        "stablehlo.multiply", "stablehlo.divide", "stablehlo.atan2", "stablehlo.cbrt", "stablehlo.exponential_minus_one",
        "stablehlo.log_plus_one", "stablehlo.logistic", "stablehlo.maximum", "stablehlo.minimum", "stablehlo.power",
        "stablehlo.sign", "stablehlo.sine", "stablehlo.tan", "stablehlo.tanh"};
    if (kComplexByFormula.count(op.name) && anyType(op, isComplexTensor))
      possible.insert(strCat(op.name, " of complex numbers is computed by its textbook formula in the element type, which gives NaN, "
                                      "infinities or values far off for some inputs (overflow, cancellation, infinite or NaN parts; "
                                      "an upstream accuracy bug, docs/reports/stablehlo-interpreter.md)"));
    if (op.name == "stablehlo.logistic" && !op.operands.empty() && op.operands[0]->type.isTensor() &&
        isFloat(op.operands[0]->type.elementType()) && floatFormat(op.operands[0]->type.elementType()).total_bits < 32)
      possible.insert("logistic is computed as 1 / (1 + exp(-x)) rounded to the element type at each step: 2 ULPs off in f16, "
                      "and NaN in f8E4M3FN (no infinity) where exp(-x) overflows (an upstream accuracy bug)");
    // The spec lets the bodies of reductions and scatters work in a wider element type than their operands
    // (type promotion); the interpreter does not.
    static const std::set<std::string_view> kPromotable = {"stablehlo.scatter", "stablehlo.reduce", "stablehlo.reduce_window",
                                                           "stablehlo.select_and_scatter", "stablehlo.all_reduce",
                                                           "stablehlo.reduce_scatter"};
    if (kPromotable.count(op.name)) {
      std::set<ElementType> operand_types;
      for (const Value* v : op.operands)
        if (v->type.isTensor()) operand_types.insert(v->type.elementType());
      for (const Region& region : op.regions)
        for (const auto& block : region.blocks)
          for (const auto& argument : block->arguments)
            if (argument->type.isTensor() && !operand_types.count(argument->type.elementType()))
              reasons.insert(strCat("a ", op.name.substr(op.name.find('.') + 1), " body in a promoted element type aborts the tool ",
                                    "('Expected same type for an SSA register and its evaluated value')"));
    }
    if (op.name == "stablehlo.triangular_solve" && !op.operands.empty() && op.operands[0]->type.isQuantized())
      reasons.insert("its verifier rejects a quantized triangular_solve, which the spec allows (an upstream gap)");
    if (op.name == "stablehlo.dot_general" && !inherentText("algorithm").empty())
      reasons.insert("#stablehlo.dot_algorithm is not known at this commit (added to upstream later)");
    for (const Region& region : op.regions)
      for (const auto& block : region.blocks)
        for (const auto& nested : block->operations) visit(*nested);
  };
  if (module.op) {
    visit(*module.op);
    // A program on a process grid: the tool runs one process unless the file drives the grid through
    // `interpreter.run_parallel`, and each process has its own expected values.
    auto gridSize = [&](std::string_view name) -> int64_t {
      const Attr* a = findAttr(module.op->attributes, name);
      if (!a) a = findAttr(module.op->properties, name);
      return a && (*a)->kind() == Attribute::Kind::kInteger ? (*a)->intValue() : 1;
    };
    if (gridSize("mhlo.num_replicas") != 1 || gridSize("mhlo.num_partitions") != 1)
      reasons.insert("a program on a process grid (mhlo.num_replicas x mhlo.num_partitions > 1) runs here only under "
                     "interpreter.run_parallel, which this file does not use; its results are per process");
  }
  std::vector<std::string> out;
  for (const std::string& r : reasons) out.push_back(strCat(kPeer, " cannot pass this file: ", r));
  for (const std::string& r : possible) out.push_back(strCat(kPeer, " may fail this file: ", r));
  return out;
}

}  // namespace hloconf
