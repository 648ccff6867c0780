#include "ir/op_verify_products.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/attribute.h"
#include "ir/infer.h"
#include "ir/op_verify_util.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::verify {
namespace {

using namespace util;  // NOLINT(google-build-using-namespace): the shared helpers of ir/op_verify_util.h

// The spec's element_type(a) = element_type(b), checked only for unquantized tensors (quantized types may
// differ in scales and zero points where the spec promotes them).
absl::Status sameElementType(std::string_view label, const Type& a, const Type& b, std::string_view what) {
  if (!a.isTensor() || !b.isTensor() || a.isQuantized() || b.isQuantized()) return absl::OkStatus();
  if (a.tensorElement() == b.tensorElement()) return absl::OkStatus();
  return violated(label, strCat(what, ": ", a.tensorElement().toString(), " and ", b.tensorElement().toString(), " differ"));
}

// The window attributes of reduce_window and select_and_scatter, defaults filled in.
struct Window {
  Dims dimensions, strides, base_dilations, window_dilations;
  std::vector<std::vector<int64_t>> padding;
};

// Checks an attribute list of the window: size = rank ("size" label) and every entry positive ("positive" label).
absl::Status windowList(std::string_view size_label, std::string_view positive_label, std::string_view name,
                        const std::optional<Dims>& given, int64_t rank, Dims* out) {
  if (!given) {
    out->assign(static_cast<size_t>(rank), 1);
    return absl::OkStatus();
  }
  if (static_cast<int64_t>(given->size()) != rank) {
    return violated(size_label, strCat(name, " ", listText(*given), " must have one entry per dimension (", rank, ")"));
  }
  for (int64_t v : *given) {
    if (v <= 0) return violated(positive_label, strCat(name, " ", listText(*given), " must be positive"));
  }
  *out = *given;
  return absl::OkStatus();
}

absl::Status windowPadding(std::string_view label, const std::optional<std::vector<std::vector<int64_t>>>& given, int64_t rank,
                           std::vector<std::vector<int64_t>>* out) {
  if (!given) {
    out->assign(static_cast<size_t>(rank), {0, 0});
    return absl::OkStatus();
  }
  bool ok = static_cast<int64_t>(given->size()) == rank;
  for (const auto& row : *given) ok = ok && row.size() == 2;
  if (!ok) return violated(label, strCat("padding must have shape [", rank, ", 2] (one [low, high] pair per dimension)"));
  *out = *given;
  return absl::OkStatus();
}


// batch_norm_*'s C1 and the 1-D operands' sizes: size(value) = dim(operand, feature_index).
absl::Status featureIndexInRange(std::string_view label, const Type& operand, int64_t feature_index) {
  if (feature_index < 0 || feature_index >= operand.rank()) {
    return violated(label, strCat("feature_index ", feature_index, " is out of range for rank ", operand.rank()));
  }
  return absl::OkStatus();
}

absl::Status featureSized(std::string_view label, std::string_view name, const Type& value, const Type& operand, int64_t feature_index) {
  const int64_t features = operand.shape()[static_cast<size_t>(feature_index)];
  if (value.rank() != 1 || !sameSize(value.shape()[0], features)) {
    return violated(label, strCat(name, " has shape ", shapeText(value), ", but needs [", features, "] (dim(operand, feature_index))"));
  }
  return absl::OkStatus();
}

// batch_norm_* (C2): every operand and result has one baseline_element_type.
absl::Status oneBaselineElement(std::string_view label, const Operation& op) {
  const Type& first = operandType(op, 0);
  const auto check = [&](const Type& t, std::string_view what, size_t i) {
    if (sameBaselineElement(first, t)) return absl::OkStatus();
    return violated(label, strCat(what, " ", i, " has element type ", t.tensorElement().toString(), ", operand 0 has ",
                                  first.tensorElement().toString(), "; they must have one baseline element type"));
  };
  for (size_t i = 1; i < op.operands.size(); ++i) RETURN_IF_ERROR(check(operandType(op, i), "operand", i));
  for (size_t i = 0; i < op.results.size(); ++i) RETURN_IF_ERROR(check(resultType(op, i), "result", i));
  return absl::OkStatus();
}

// The constraints dot_general (C14, C17-C20) and convolution (C28, C31-C34) share on quantized operations
// (one of lhs, rhs and result quantized): `first` is the number of the first (C14, C28); the others follow
// at the same offsets. `op_specific` checks the op's own constraints on the rhs and result (dot_general C15,
// C16; convolution C29, C30) between the first and the rest, once the rhs is known to be quantized.
template <typename Specific>
absl::Status quantizedProduct(std::string_view op_name, int first, const Type& lhs, const Type& rhs, const Type& result,
                              Specific op_specific) {
  if (!lhs.isQuantized() && !rhs.isQuantized() && !result.isQuantized()) return absl::OkStatus();
  auto label = [&](int offset) { return strCat(op_name, " (C", first + offset, ")"); };
  // is_quantized(lhs) = is_quantized(result) and is_quantized(rhs): the rhs is quantized in every quantized
  // operation, and the lhs exactly when the result is.
  if (!rhs.isQuantized() || lhs.isQuantized() != result.isQuantized()) {
    return violated(label(0), strCat("a quantized operation needs a quantized rhs, and a quantized lhs exactly when the result is "
                                     "quantized; has lhs ",
                                     lhs.tensorElement().toString(), ", rhs ", rhs.tensorElement().toString(), ", result ",
                                     result.tensorElement().toString()));
  }
  const QuantizedType& r = rhs.quantizedType();
  RETURN_IF_ERROR(op_specific(r));
  if (!lhs.isQuantized()) {
    // Hybrid: element_type(lhs) = expressed_type(rhs) = element_type(result).
    if (lhs.elementType() != r.expressed_type || result.elementType() != r.expressed_type) {
      return violated(label(6), strCat("a hybrid operation needs element_type(lhs) = expressed_type(rhs) = element_type(result); has ",
                                       lhs.tensorElement().toString(), ", ", elementTypeName(r.expressed_type), " and ",
                                       result.tensorElement().toString()));
    }
    return absl::OkStatus();
  }
  const QuantizedType& l = lhs.quantizedType();
  const QuantizedType& o = result.quantizedType();
  if (l.storage_type != r.storage_type) {
    return violated(label(3), strCat("the lhs's storage type ", elementTypeName(l.storage_type), " and the rhs's ",
                                     elementTypeName(r.storage_type), " differ"));
  }
  if (l.expressed_type != r.expressed_type || r.expressed_type != o.expressed_type) {
    return violated(label(4), strCat("lhs, rhs and result have expressed types ", elementTypeName(l.expressed_type), ", ",
                                     elementTypeName(r.expressed_type), " and ", elementTypeName(o.expressed_type), ", not one"));
  }
  if (!r.quantized_dimension && o.quantized_dimension) {
    return violated(label(5), "the rhs is per-tensor quantized, so the result must be too, but it is per-axis quantized");
  }
  return absl::OkStatus();
}

// The region `i` of `op` as a function type: its block's argument types and the types its terminator
// returns. False when the region has no block (nothing to check).
struct RegionSignature {
  std::vector<Type> inputs, outputs;
  bool has_terminator = false;
};
bool regionSignature(const Operation& op, size_t i, RegionSignature* out) {
  const Block* block = regionBlock(op, i);
  if (!block) return false;
  for (const auto& arg : block->arguments) out->inputs.push_back(arg->type);
  if (!block->operations.empty()) {
    out->has_terminator = true;
    for (const Value* v : block->operations.back()->operands) out->outputs.push_back(v->type);
  }
  return true;
}

std::string typesText(const std::vector<Type>& types) {
  std::string text = "(";
  for (size_t i = 0; i < types.size(); ++i) strAppend(&text, i ? ", " : "", types[i].toString());
  return text + ")";
}

bool isScalarTensor(const Type& t) { return t.isTensor() && t.rank() == 0; }

// reduce (C6), reduce_window (C13): body has type (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>)
// -> (tensor<E0>, ..., tensor<EN-1>) where is_promotable(element_type(inputs[i]), Ei). (The results' element
// types Ei, reduce (C8) and reduce_window (C16), are inferResultTypes's.)
absl::Status reductionBody(std::string_view body_label, const Operation& op, size_t n) {
  RegionSignature body;
  if (!regionSignature(op, 0, &body)) return absl::OkStatus();
  const std::string shape = strCat("; needs (tensor<E0>, ..., tensor<E", n - 1, ">, tensor<E0>, ..., tensor<E", n - 1,
                                   ">) -> (tensor<E0>, ..., tensor<E", n - 1, ">)");
  if (body.inputs.size() != 2 * n) {
    return violated(body_label, strCat("the body takes ", body.inputs.size(), " arguments ", typesText(body.inputs), shape));
  }
  for (size_t i = 0; i < n; ++i) {
    const Type& e = body.inputs[i];
    if (!isScalarTensor(e) || body.inputs[n + i] != e) {
      return violated(body_label, strCat("the body's arguments ", i, " and ", n + i, " have types ", e.toString(), " and ",
                                         body.inputs[n + i].toString(), ", not one tensor<E", i, ">", shape));
    }
  }
  if (body.has_terminator) {
    bool ok = body.outputs.size() == n;
    for (size_t i = 0; ok && i < n; ++i) ok = body.outputs[i] == body.inputs[i];
    if (!ok) {
      return violated(body_label, strCat("the body takes ", typesText(body.inputs), " and returns ", typesText(body.outputs), shape));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const Type& from = operandType(op, i).tensorElement();
    const Type& e = body.inputs[i].tensorElement();
    if (!isPromotable(from, e)) {
      return violated(body_label, strCat("inputs[", i, "]'s element type ", from.toString(), " is not promotable to the body's E", i, " = ",
                                         e.toString()));
    }
  }
  return absl::OkStatus();
}

// Types the spec requires to be equal, compared as far as declared types show: tensors agree in shape
// under `?` and in element type (two quantized element types of one baseline agree: scales and zero points
// are not compared); other types (tokens, tuples) are equal.
bool compatibleType(const Type& a, const Type& b) {
  if (!a.isTensor() || !b.isTensor()) return a == b;
  if (!sameShape(a, b)) return false;
  if (a.isQuantized() && b.isQuantized()) return sameBaselineElement(a, b);
  return a.tensorElement() == b.tensorElement();
}
bool compatibleTypes(const std::vector<Type>& a, const std::vector<Type>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!compatibleType(a[i], b[i])) return false;
  }
  return true;
}

std::vector<Type> operandTypes(const Operation& op) {
  std::vector<Type> types;
  for (const Value* v : op.operands) types.push_back(v->type);
  return types;
}
std::vector<Type> resultTypes(const Operation& op) {
  std::vector<Type> types;
  for (const auto& v : op.results) types.push_back(v->type);
  return types;
}

// A scalar tensor of element type `element` (two quantized element types of one baseline agree).
bool isScalarOfElement(const Type& t, const Type& element) {
  if (!isScalarTensor(t)) return false;
  if (t.isQuantized() || element.isQuantized()) return t.isQuantized() && element.isQuantized() && sameBaselineElement(t, element);
  return t.tensorElement() == element;
}

bool isBoolScalar(const Type& t) { return isScalarTensor(t) && !t.isQuantized() && t.elementType() == ElementType::kI1; }

// dot_general (C1-C11): the dimension numbers and precision_config. chlo.ragged_dot has the same ones (its
// upstream verifier runs dot_general's checks first): a label is `label_prefix`, the number and ")", as
// "dot_general (C3)" or "ragged_dot (dot_general C3)".
absl::Status dotDimensionNumbers(std::string_view label_prefix, const Type& lhs, const Type& rhs, const Dims& lb, const Dims& rb,
                                 const Dims& lc, const Dims& rc, const std::vector<std::string_view>& precision) {
  auto label = [&](int n) { return strCat(label_prefix, n, ")"); };
  if (lb.size() != rb.size()) {
    return violated(label(1), strCat("lhs_batching_dimensions ", listText(lb), " and rhs_batching_dimensions ", listText(rb), " differ in size"));
  }
  if (lc.size() != rc.size()) {
    return violated(label(2), strCat("lhs_contracting_dimensions ", listText(lc), " and rhs_contracting_dimensions ", listText(rc),
                                     " differ in size"));
  }
  Dims lhs_all = lb, rhs_all = rb;
  lhs_all.insert(lhs_all.end(), lc.begin(), lc.end());
  rhs_all.insert(rhs_all.end(), rc.begin(), rc.end());
  RETURN_IF_ERROR(noRepeats(label(3), "lhs_batching_dimensions + lhs_contracting_dimensions", lhs_all));
  RETURN_IF_ERROR(noRepeats(label(4), "rhs_batching_dimensions + rhs_contracting_dimensions", rhs_all));
  RETURN_IF_ERROR(dimsInRange(label(5), "lhs_batching_dimensions", lb, lhs.rank()));
  RETURN_IF_ERROR(dimsInRange(label(6), "lhs_contracting_dimensions", lc, lhs.rank()));
  RETURN_IF_ERROR(dimsInRange(label(7), "rhs_batching_dimensions", rb, rhs.rank()));
  RETURN_IF_ERROR(dimsInRange(label(8), "rhs_contracting_dimensions", rc, rhs.rank()));
  for (size_t i = 0; i < lb.size(); ++i) {
    const int64_t l = lhs.shape()[static_cast<size_t>(lb[i])], r = rhs.shape()[static_cast<size_t>(rb[i])];
    if (!sameSize(l, r)) {
      return violated(label(9), strCat("batching dimension pair ", i, ": lhs dimension ", lb[i], " has size ", l, ", rhs dimension ", rb[i],
                                       " has ", r));
    }
  }
  for (size_t i = 0; i < lc.size(); ++i) {
    const int64_t l = lhs.shape()[static_cast<size_t>(lc[i])], r = rhs.shape()[static_cast<size_t>(rc[i])];
    if (!sameSize(l, r)) {
      return violated(label(10), strCat("contracting dimension pair ", i, ": lhs dimension ", lc[i], " has size ", l, ", rhs dimension ",
                                        rc[i], " has ", r));
    }
  }
  if (!precision.empty() && precision.size() != 2) {
    return violated(label(11), strCat("precision_config has ", precision.size(), " entries, needs 2"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status dotGeneral(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& lhs = operandType(op, 0);
  const Type& rhs = operandType(op, 1);
  const Type& result = resultType(op, 0);
  const DotGeneralOp dot(op);
  const Dims lb = dot.lhsBatchingDims(), rb = dot.rhsBatchingDims(), lc = dot.lhsContractingDims(), rc = dot.rhsContractingDims();
  const std::vector<std::string_view> precision = dot.precisionConfig();
  RETURN_IF_ERROR(dotDimensionNumbers("dot_general (C", lhs, rhs, lb, rb, lc, rc, precision));
  // (C12), the result's shape: checked against inferResultTypes (ir/infer.h) by verifyAgainstSchema.
  if (!lhs.isQuantized() && !rhs.isQuantized() && !result.isQuantized()) {
    RETURN_IF_ERROR(sameElementType("dot_general (C13)", lhs, rhs, "lhs's and rhs's element types"));
  }
  RETURN_IF_ERROR(quantizedProduct("dot_general", 14, lhs, rhs, result, [&](const QuantizedType& r) -> absl::Status {
    for (int64_t zero_point : r.zero_points) {
      if (zero_point != 0)
        return violated("dot_general (C15)", strCat("the rhs has zero point ", zero_point, "; its zero points must be 0"));
    }
    if (r.quantized_dimension && std::find(rc.begin(), rc.end(), *r.quantized_dimension) != rc.end()) {
      return violated("dot_general (C16)", strCat("the rhs is quantized along dimension ", *r.quantized_dimension,
                                                  ", one of rhs_contracting_dimensions ", listText(rc)));
    }
    return absl::OkStatus();
  }));
  // (C21-C24) apply to a non-empty algorithm: one with a field set (to anything but `none`).
  const Attribute* algorithm = dot.algorithm();
  bool empty_algorithm = true;
  if (algorithm) {
    for (const NamedAttr& field : algorithm->entries()) {
      const Type* type = decode::type(field.value.get());
      if (!type || type->kind() != Type::Kind::kNone) empty_algorithm = false;
    }
  }
  if (!empty_algorithm) {
    for (std::string_view p : precision) {
      if (p != "DEFAULT") {
        return violated("dot_general (C21)", strCat("precision_config has ", p, ", but with an algorithm set every entry must be DEFAULT"));
      }
    }
    const std::pair<std::string_view, std::string_view> counts[] = {{"dot_general (C22)", "lhs_component_count"},
                                                                    {"dot_general (C23)", "rhs_component_count"},
                                                                    {"dot_general (C24)", "num_primitive_operations"}};
    for (const auto& [label, name] : counts) {
      const std::optional<int64_t> count = decode::i64(dot.algorithmField(name));
      if (count && *count <= 0) return violated(label, strCat("the algorithm's ", name, " is ", *count, ", must be positive"));
    }
  }
  return absl::OkStatus();
}

// chlo.ragged_dot. chlo.md states the three modes and their shape signatures; where it is silent (which
// lists may be empty, group_sizes' full shape) the rules are the upstream verifier's, the one the dialect's
// own programs pass. Its result shape is inferResultTypes's ("ragged_dot (result)").
absl::Status raggedDot(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& lhs = operandType(op, 0);
  const Type& rhs = operandType(op, 1);
  const Type& group_sizes = operandType(op, 2);
  const RaggedDotOp dot(op);
  const Dims lb = dot.lhsBatchingDims(), rb = dot.rhsBatchingDims(), lc = dot.lhsContractingDims(), rc = dot.rhsContractingDims();
  RETURN_IF_ERROR(dotDimensionNumbers("ragged_dot (dot_general C", lhs, rhs, lb, rb, lc, rc, dot.precisionConfig()));
  // ragged_dot (ragged dimension): "the lhs is required to have one ragged dimension".
  const Dims ragged = dot.lhsRaggedDims();
  if (ragged.size() != 1) return violated("ragged_dot (ragged dimension)", strCat("lhs_ragged_dimensions ", listText(ragged), " must name one dimension"));
  RETURN_IF_ERROR(dimsInRange("ragged_dot (ragged dimension)", "lhs_ragged_dimensions", ragged, lhs.rank()));
  // ragged_dot (group dimension): "the rhs may have at most one group dimension", distinct from its batching and
  // contracting dimensions; mode 1 needs one ("the rhs is required to have a group dimension (g)"), modes 2
  // and 3 have none (their signatures [b,k,n]).
  const Dims group = dot.rhsGroupDims();
  RETURN_IF_ERROR(dimsInRange("ragged_dot (group dimension)", "rhs_group_dimensions", group, rhs.rank()));
  Dims rhs_all = rb;
  rhs_all.insert(rhs_all.end(), rc.begin(), rc.end());
  rhs_all.insert(rhs_all.end(), group.begin(), group.end());
  RETURN_IF_ERROR(noRepeats("ragged_dot (group dimension)", "rhs_batching_dimensions + rhs_contracting_dimensions + rhs_group_dimensions", rhs_all));
  const RaggedDotOp::Mode mode = dot.mode(ragged[0]);
  if (mode == RaggedDotOp::Mode::kNonContracting && group.size() != 1) {
    return violated("ragged_dot (mode 1)", strCat("the ragged dimension ", ragged[0], " is non-contracting, so the rhs needs one group dimension, not ",
                                                  listText(group)));
  }
  if (mode != RaggedDotOp::Mode::kNonContracting && !group.empty()) {
    return violated(mode == RaggedDotOp::Mode::kContracting ? "ragged_dot (mode 2)" : "ragged_dot (mode 3)",
                    strCat("the ragged dimension ", ragged[0], " is ", mode == RaggedDotOp::Mode::kContracting ? "contracting" : "batching",
                           ", so the rhs has no group dimension, not ", listText(group)));
  }
  // ragged_dot (group_sizes): [g], or [b..., x..., g] with the sizes of groupSizesPrefix's lhs dimensions.
  if (group_sizes.rank() == 0) return violated("ragged_dot (group_sizes)", "group_sizes must have at least one dimension (g)");
  const int64_t groups = group_sizes.shape().back();
  if (group_sizes.rank() != 1) {
    const Dims prefix = dot.groupSizesPrefix(ragged[0]);
    Dims expected;
    for (int64_t d : prefix) expected.push_back(lhs.shape()[static_cast<size_t>(d)]);
    expected.push_back(groups);
    bool same = group_sizes.rank() == static_cast<int64_t>(expected.size());
    for (size_t i = 0; same && i < expected.size(); ++i) same = sameSize(group_sizes.shape()[i], expected[i]);
    if (!same) {
      return violated("ragged_dot (group_sizes)", strCat("group_sizes has shape ", shapeText(group_sizes), "; it must be [g] or ",
                                                          listText(expected), " (the lhs dimensions ", listText(prefix), ", then g)"));
    }
  }
  // ragged_dot (mode 1): the rhs group dimension has one entry per group.
  if (mode == RaggedDotOp::Mode::kNonContracting && !sameSize(rhs.shape()[static_cast<size_t>(group[0])], groups)) {
    return violated("ragged_dot (mode 1)", strCat("rhs group dimension ", group[0], " has size ", rhs.shape()[static_cast<size_t>(group[0])],
                                                  ", but group_sizes has ", groups, " groups"));
  }
  if (!lhs.isQuantized() && !rhs.isQuantized()) RETURN_IF_ERROR(sameElementType("ragged_dot (dot_general C13)", lhs, rhs, "lhs's and rhs's element types"));
  return absl::OkStatus();
}

absl::Status reduce(const Operation& op) {
  const size_t n = op.operands.size() / 2;
  if (n == 0 || op.operands.size() != 2 * n || op.results.size() != n) {
    return violated("reduce (C3)", strCat("needs N > 0 inputs, N init_values and N results; has ", op.operands.size(), " operands and ",
                                          op.results.size(), " results"));
  }
  if (!allTensors(op)) return absl::OkStatus();
  const Type& first = operandType(op, 0);
  for (size_t i = 1; i < n; ++i) {
    if (!sameShape(operandType(op, i), first)) {
      return violated("reduce (C1)", strCat("input ", i, " has shape ", shapeText(operandType(op, i)), ", input 0 has ", shapeText(first)));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const Type& init = operandType(op, n + i);
    if (init.rank() != 0) return violated("reduce (I2)", strCat("init_values[", i, "] has rank ", init.rank(), ", needs 0"));
    RETURN_IF_ERROR(sameElementType("reduce (C2)", operandType(op, i), init, strCat("inputs[", i, "] and init_values[", i, "]")));
  }
  const Dims dims = ReduceOp(op).dimensions();
  RETURN_IF_ERROR(dimsInRange("reduce (C4)", "dimensions", dims, first.rank()));
  RETURN_IF_ERROR(noRepeats("reduce (C5)", "dimensions", dims));
  // (C7) and (C8), the results' shapes and element types: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  return reductionBody("reduce (C6)", op, n);
}

absl::Status reduceWindow(const Operation& op) {
  const size_t n = op.operands.size() / 2;
  if (n == 0 || op.operands.size() != 2 * n || op.results.size() != n) {
    return violated("reduce_window (C1)", strCat("needs N > 0 inputs, N init_values and N results; has ", op.operands.size(),
                                                 " operands and ", op.results.size(), " results"));
  }
  if (!allTensors(op)) return absl::OkStatus();
  const Type& first = operandType(op, 0);
  for (size_t i = 1; i < n; ++i) {
    if (!sameShape(operandType(op, i), first)) {
      return violated("reduce_window (C2)",
                      strCat("input ", i, " has shape ", shapeText(operandType(op, i)), ", input 0 has ", shapeText(first)));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const Type& init = operandType(op, n + i);
    if (init.rank() != 0) return violated("reduce_window (I2)", strCat("init_values[", i, "] has rank ", init.rank(), ", needs 0"));
    RETURN_IF_ERROR(sameElementType("reduce_window (C3)", operandType(op, i), init, strCat("inputs[", i, "] and init_values[", i, "]")));
  }
  const int64_t rank = first.rank();
  const ReduceWindowOp rw(op);
  Window w;
  RETURN_IF_ERROR(windowList("reduce_window (C4)", "reduce_window (C5)", "window_dimensions", rw.windowDimensions(), rank, &w.dimensions));
  RETURN_IF_ERROR(windowList("reduce_window (C6)", "reduce_window (C7)", "window_strides", rw.windowStrides(), rank, &w.strides));
  RETURN_IF_ERROR(windowList("reduce_window (C8)", "reduce_window (C9)", "base_dilations", rw.baseDilations(), rank, &w.base_dilations));
  RETURN_IF_ERROR(
      windowList("reduce_window (C10)", "reduce_window (C11)", "window_dilations", rw.windowDilations(), rank, &w.window_dilations));
  RETURN_IF_ERROR(windowPadding("reduce_window (C12)", rw.padding(), rank, &w.padding));
  // (C14-C16), the results' shapes and element types: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  return reductionBody("reduce_window (C13)", op, n);
}

absl::Status selectAndScatter(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& source = operandType(op, 1);
  const Type& init = operandType(op, 2);
  RETURN_IF_ERROR(sameElementType("select_and_scatter (C1)", operand, source, "the operand's and source's element types"));
  if (init.rank() != 0) return violated("select_and_scatter (I3)", strCat("init_value has rank ", init.rank(), ", needs 0"));
  RETURN_IF_ERROR(sameElementType("select_and_scatter (C3)", init, operand, "init_value's and the operand's element types"));
  const int64_t rank = operand.rank();
  const SelectAndScatterOp ss(op);
  Window w;
  RETURN_IF_ERROR(
      windowList("select_and_scatter (C4)", "select_and_scatter (C5)", "window_dimensions", ss.windowDimensions(), rank, &w.dimensions));
  RETURN_IF_ERROR(windowList("select_and_scatter (C6)", "select_and_scatter (C7)", "window_strides", ss.windowStrides(), rank, &w.strides));
  RETURN_IF_ERROR(windowPadding("select_and_scatter (C8)", ss.padding(), rank, &w.padding));
  if (source.rank() != rank) return violated("select_and_scatter (C2)", strCat("source has rank ", source.rank(), ", needs ", rank));
  for (size_t d = 0; d < static_cast<size_t>(rank); ++d) {
    const int64_t in = operand.shape()[d];
    if (in == kDynamicSize) continue;
    const int64_t expected = numWindows(in, 1, w.padding[d][0], w.padding[d][1], w.dimensions[d], 1, w.strides[d]);
    if (!sameSize(source.shape()[d], expected)) {
      return violated("select_and_scatter (C2)",
                      strCat("source dimension ", d, " has size ", source.shape()[d], ", but the window gives ", expected));
    }
  }
  const Type& e = operand.tensorElement();
  // (C9) select has type (tensor<E>, tensor<E>) -> tensor<i1> where E = element_type(operand) (for a
  // quantized operand, any quantized E of its baseline: scales and zero points are not compared).
  if (RegionSignature select; regionSignature(op, 0, &select)) {
    bool ok = select.inputs.size() == 2 && isScalarOfElement(select.inputs[0], e) && isScalarOfElement(select.inputs[1], e);
    if (ok && select.has_terminator) {
      ok = select.outputs.size() == 1 && isScalarTensor(select.outputs[0]) && !select.outputs[0].isQuantized() &&
           select.outputs[0].elementType() == ElementType::kI1;
    }
    if (!ok) {
      return violated("select_and_scatter (C9)",
                      strCat("select takes ", typesText(select.inputs), " and returns ", typesText(select.outputs),
                             "; needs (tensor<E>, tensor<E>) -> tensor<i1> with E = ", e.toString()));
    }
  }
  // (C10) scatter has type (tensor<E>, tensor<E>) -> tensor<E> where is_promotable(element_type(operand), E).
  // (C11) and (C12), the result's shape and element type E: inferResultTypes (ir/infer.h).
  if (RegionSignature scatter; regionSignature(op, 1, &scatter)) {
    bool ok = scatter.inputs.size() == 2 && isScalarTensor(scatter.inputs[0]) && scatter.inputs[1] == scatter.inputs[0];
    if (ok && scatter.has_terminator) ok = scatter.outputs.size() == 1 && scatter.outputs[0] == scatter.inputs[0];
    if (!ok) {
      return violated("select_and_scatter (C10)", strCat("scatter takes ", typesText(scatter.inputs), " and returns ",
                                                         typesText(scatter.outputs), "; needs (tensor<E>, tensor<E>) -> tensor<E>"));
    }
    const Type& scatter_e = scatter.inputs[0].tensorElement();
    if (!isPromotable(e, scatter_e)) {
      return violated("select_and_scatter (C10)",
                      strCat("the operand's element type ", e.toString(), " is not promotable to scatter's E = ", scatter_e.toString()));
    }
  }
  return absl::OkStatus();
}

namespace {

// dynamic_conv (C25, C26): the result is convolution's with the padding operand's values as the padding attribute
// (`padding`, nullopt when they are computed: the spatial sizes are then unknown until run time).
absl::Status dynamicConvResult(const Operation& op, const std::optional<std::vector<std::vector<int64_t>>>& padding) {
  NamedAttrList attributes;
  for (const NamedAttrList* list : {&op.properties, &op.attributes}) {
    for (const NamedAttr& a : *list) {
      if (a.name != "padding") attributes.push_back(a);
    }
  }
  if (padding) {
    Tensor pairs(Type::tensor({static_cast<int64_t>(padding->size()), 2}, Type::element(ElementType::kSI64)));
    for (size_t i = 0; i < padding->size(); ++i) {
      for (size_t j = 0; j < 2; ++j) pairs.setBits(static_cast<int64_t>(2 * i + j), encodeInteger(ElementType::kSI64, (*padding)[i][j]));
    }
    attributes.push_back({"padding", Attribute::denseElements(std::move(pairs))});
  }
  const std::vector<Type> operands = {operandType(op, 0), operandType(op, 1)};
  absl::StatusOr<std::vector<InferredType>> inferred = inferResultTypes(OpId::kConvolution, operands, attributes);
  if (!inferred.ok() || inferred->size() != 1) return absl::OkStatus();  // the operand constraints above report it
  InferredType& result = inferred->front();
  if (!padding) {
    std::vector<int64_t> shape = result.type.shape();
    for (int64_t d : ConvolutionAttributes(op).dimensionNumbers().output_spatial) shape[static_cast<size_t>(d)] = kDynamicSize;
    result.type = Type::tensor(std::move(shape), result.type.tensorElement());
  }
  result.shape_label = "dynamic_conv (C25)";
  result.rank_label = "dynamic_conv (C26)";
  return checkCompatible(resultType(op, 0), result, 0);
}

// convolution's constraints, which dynamic_conv shares label for label; `name` is the op's. dynamic_conv's
// padding is an operand: `padding_known` is false when it is computed, and the result's spatial sizes,
// which depend on it, are then the kernel's to check.
absl::Status convolutionConstraints(const Operation& op, std::string_view name, bool padding_known,
                                    const std::optional<std::vector<std::vector<int64_t>>>& padding) {
  auto label = [&](int number) { return strCat(name, " (C", number, ")"); };
  const Type& lhs = operandType(op, 0);
  const Type& rhs = operandType(op, 1);
  const Type& result = resultType(op, 0);
  const int64_t n = lhs.rank();
  if (rhs.rank() != n) return violated(label(1), strCat("lhs has rank ", n, ", rhs has ", rhs.rank()));
  if (n < 2) return violated(label(1), strCat("lhs has rank ", n, ", needs at least 2 (batch and feature dimensions)"));
  const int64_t spatial = n - 2;
  const ConvolutionOp conv(op);
  Window w;  // dimensions unused: the kernel's spatial sizes are the window
  RETURN_IF_ERROR(windowList(label(2), label(3), "window_strides", conv.windowStrides(), spatial, &w.strides));
  RETURN_IF_ERROR(windowPadding(label(4), padding, spatial, &w.padding));
  RETURN_IF_ERROR(windowList(label(5), label(6), "lhs_dilation", conv.lhsDilation(), spatial, &w.base_dilations));
  RETURN_IF_ERROR(windowList(label(7), label(8), "rhs_dilation", conv.rhsDilation(), spatial, &w.window_dilations));
  if (const std::optional<std::vector<bool>> reversal = conv.windowReversal();
      reversal && static_cast<int64_t>(reversal->size()) != spatial) {
    return violated(label(9), strCat("window_reversal has ", reversal->size(), " entries, needs ", spatial));
  }
  const int64_t feature_groups = conv.featureGroupCount(), batch_groups = conv.batchGroupCount();
  if (feature_groups <= 0) return violated(label(21), strCat("feature_group_count ", feature_groups, " must be positive"));
  if (batch_groups <= 0) return violated(label(22), strCat("batch_group_count ", batch_groups, " must be positive"));
  if (feature_groups != 1 && batch_groups != 1) {
    return violated(label(23),
                    strCat("feature_group_count (", feature_groups, ") or batch_group_count (", batch_groups, ") must be 1"));
  }
  const ConvDimensionNumbers& dn = conv.dimensionNumbers();
  if (static_cast<int64_t>(dn.input_spatial.size()) != spatial) {
    return violated(label(12),
                    strCat("input_spatial_dimensions ", listText(dn.input_spatial), " must have ", spatial, " entries"));
  }
  Dims input_dims = {dn.input_batch};
  input_dims.insert(input_dims.end(), dn.input_spatial.begin(), dn.input_spatial.end());
  input_dims.push_back(dn.input_feature);
  RETURN_IF_ERROR(noRepeats(label(13), "input dimensions", input_dims));
  RETURN_IF_ERROR(dimsInRange(label(13), "input dimensions", input_dims, n));
  if (static_cast<int64_t>(dn.kernel_spatial.size()) != spatial) {
    return violated(label(17),
                    strCat("kernel_spatial_dimensions ", listText(dn.kernel_spatial), " must have ", spatial, " entries"));
  }
  Dims kernel_dims = dn.kernel_spatial;
  kernel_dims.push_back(dn.kernel_input_feature);
  kernel_dims.push_back(dn.kernel_output_feature);
  RETURN_IF_ERROR(noRepeats(label(18), "kernel dimensions", kernel_dims));
  RETURN_IF_ERROR(dimsInRange(label(18), "kernel dimensions", kernel_dims, n));
  if (static_cast<int64_t>(dn.output_spatial.size()) != spatial) {
    return violated(label(19),
                    strCat("output_spatial_dimensions ", listText(dn.output_spatial), " must have ", spatial, " entries"));
  }
  Dims output_dims = {dn.output_batch};
  output_dims.insert(output_dims.end(), dn.output_spatial.begin(), dn.output_spatial.end());
  output_dims.push_back(dn.output_feature);
  RETURN_IF_ERROR(noRepeats(label(20), "output dimensions", output_dims));
  RETURN_IF_ERROR(dimsInRange(label(20), "output dimensions", output_dims, n));
  const std::vector<std::string_view> precision = conv.precisionConfig();
  if (!precision.empty() && precision.size() != 2) {
    return violated(label(24), strCat("precision_config has ", precision.size(), " entries, needs 2"));
  }
  auto dim = [](const Type& t, int64_t d) { return t.shape()[static_cast<size_t>(d)]; };
  const int64_t batch = dim(lhs, dn.input_batch), in_features = dim(lhs, dn.input_feature);
  const int64_t kernel_in = dim(rhs, dn.kernel_input_feature), kernel_out = dim(rhs, dn.kernel_output_feature);
  if (batch != kDynamicSize && batch % batch_groups != 0) {
    return violated(label(10),
                    strCat("the input batch dimension's size ", batch, " is not a multiple of batch_group_count ", batch_groups));
  }
  if (in_features != kDynamicSize && in_features % feature_groups != 0) {
    return violated(label(11), strCat("the input feature dimension's size ", in_features,
                                                " is not a multiple of feature_group_count ", feature_groups));
  }
  if (in_features != kDynamicSize && !sameSize(kernel_in, in_features / feature_groups)) {
    return violated(label(14), strCat("the kernel input feature dimension has size ", kernel_in, ", but needs ",
                                                in_features / feature_groups, " (input features / feature_group_count)"));
  }
  if (kernel_out != kDynamicSize && kernel_out % batch_groups != 0) {
    return violated(label(15), strCat("the kernel output feature dimension's size ", kernel_out,
                                                " is not a multiple of batch_group_count ", batch_groups));
  }
  if (kernel_out != kDynamicSize && kernel_out % feature_groups != 0) {
    return violated(label(16), strCat("the kernel output feature dimension's size ", kernel_out,
                                                " is not a multiple of feature_group_count ", feature_groups));
  }
  // (C25, C26), the result's shape: convolution's rule in inferResultTypes (ir/infer.h), which verifyAgainstSchema
  // checks for convolution; dynamic_conv's is checked here.
  if (name == "dynamic_conv") RETURN_IF_ERROR(dynamicConvResult(op, padding_known ? padding : std::nullopt));
  if (!lhs.isQuantized() && !rhs.isQuantized() && !result.isQuantized()) {
    // (C27) in part: the result's element type is not compared, as programs convolve i8 with i8 into i32.
    RETURN_IF_ERROR(sameElementType(label(27), lhs, rhs, "lhs's and rhs's element types"));
  }
  return quantizedProduct(name, 28, lhs, rhs, result, [&](const QuantizedType& r) -> absl::Status {
    if (r.quantized_dimension && *r.quantized_dimension != dn.kernel_output_feature) {
      return violated(label(29), strCat("the rhs is quantized along dimension ", *r.quantized_dimension,
                                                  ", not kernel_output_feature_dimension ", dn.kernel_output_feature));
    }
    if (result.isQuantized() && result.quantizedType().quantized_dimension &&
        *result.quantizedType().quantized_dimension != dn.output_feature) {
      return violated(label(30), strCat("the result is quantized along dimension ", *result.quantizedType().quantized_dimension,
                                                  ", not output_feature_dimension ", dn.output_feature));
    }
    return absl::OkStatus();
  });
}

}  // namespace

absl::Status convolution(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  return convolutionConstraints(op, "convolution", true, ConvolutionOp(op).padding());
}

absl::Status fft(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  const FftOp f(op);
  const Dims length = f.fftLength();
  const std::string_view type = f.fftType();
  const int64_t size = static_cast<int64_t>(length.size());
  if (size > operand.rank()) {
    return violated("fft (C1)",
                    strCat("fft_length ", listText(length), " has more entries than the operand's rank (", operand.rank(), ")"));
  }
  if (size < 1 || size > 3) return violated("fft (C3)", strCat("fft_length ", listText(length), " must have 1 to 3 entries"));
  if (!operand.isQuantized() && !result.isQuantized()) {
    // (C2): FFT and IFFT keep one complex type; RFFT goes from a float type to its complex type, IRFFT back.
    const ElementType in = operand.elementType(), out = result.elementType();
    bool ok = true;
    if (type == "FFT" || type == "IFFT") ok = isComplex(in) && in == out;
    if (type == "RFFT") ok = isFloat(in) && isComplex(out) && complexPartType(out) == in;
    if (type == "IRFFT") ok = isComplex(in) && isFloat(out) && complexPartType(in) == out;
    if (!ok) {
      return violated("fft (C2)", strCat(type, " does not take ", elementTypeName(in), " to ", elementTypeName(out)));
    }
  }
  // (C4): the real tensor (RFFT's operand, IRFFT's result) ends in fft_length.
  const Type* real = type == "RFFT" ? &operand : type == "IRFFT" ? &result : nullptr;
  if (real && real->rank() >= size) {
    for (int64_t i = 0; i < size; ++i) {
      const int64_t d = real->rank() - size + i;
      if (!sameSize(real->shape()[static_cast<size_t>(d)], length[static_cast<size_t>(i)])) {
        return violated("fft (C4)", strCat("the ", real == &operand ? "operand" : "result", " has shape ", shapeText(*real),
                                           ", whose trailing dimensions must be fft_length ", listText(length)));
      }
    }
  }
  // (C5) for IRFFT: the complex operand's last dimension is the real result's / 2 + 1 (a relation the rule,
  // which takes the result's from fft_length, does not check). The result's shape is the result-type
  // rule's (ir/infer.cc), checked after this function.
  if (type == "IRFFT" && operand.rank() > 0 && result.rank() > 0) {
    const int64_t real_size = result.shape().back(), complex_size = operand.shape().back();
    const int64_t expected = real_size == 0 ? 0 : real_size / 2 + 1;
    if (real_size != kDynamicSize && !sameSize(complex_size, expected)) {
      return violated("fft (C5)", strCat("the last dimension of the complex operand has size ", complex_size, ", but needs ", expected,
                                         " (real size ", real_size, " / 2 + 1)"));
    }
  }
  return absl::OkStatus();
}

absl::Status batchNormInference(const Operation& op) {
  if (op.operands.size() != 5 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const int64_t fi = BatchNormAttributes(op).featureIndex();
  RETURN_IF_ERROR(featureIndexInRange("batch_norm_inference (C1)", operand, fi));
  RETURN_IF_ERROR(oneBaselineElement("batch_norm_inference (C2)", op));
  RETURN_IF_ERROR(featureSized("batch_norm_inference (C3)", "scale", operandType(op, 1), operand, fi));
  RETURN_IF_ERROR(featureSized("batch_norm_inference (C4)", "offset", operandType(op, 2), operand, fi));
  RETURN_IF_ERROR(featureSized("batch_norm_inference (C5)", "mean", operandType(op, 3), operand, fi));
  RETURN_IF_ERROR(featureSized("batch_norm_inference (C6)", "variance", operandType(op, 4), operand, fi));
  if (!sameShape(operand, resultType(op, 0))) {
    return violated("batch_norm_inference (C7)",
                    strCat("the result has shape ", shapeText(resultType(op, 0)), ", the operand has ", shapeText(operand)));
  }
  return absl::OkStatus();
}

absl::Status batchNormTraining(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 3 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const int64_t fi = BatchNormAttributes(op).featureIndex();
  RETURN_IF_ERROR(featureIndexInRange("batch_norm_training (C1)", operand, fi));
  RETURN_IF_ERROR(oneBaselineElement("batch_norm_training (C2)", op));
  RETURN_IF_ERROR(featureSized("batch_norm_training (C3)", "scale", operandType(op, 1), operand, fi));
  RETURN_IF_ERROR(featureSized("batch_norm_training (C4)", "offset", operandType(op, 2), operand, fi));
  RETURN_IF_ERROR(featureSized("batch_norm_training (C5)", "batch_mean", resultType(op, 1), operand, fi));
  RETURN_IF_ERROR(featureSized("batch_norm_training (C6)", "batch_var", resultType(op, 2), operand, fi));
  if (!sameShape(operand, resultType(op, 0))) {
    return violated("batch_norm_training (C7)",
                    strCat("output has shape ", shapeText(resultType(op, 0)), ", the operand has ", shapeText(operand)));
  }
  return absl::OkStatus();
}

absl::Status batchNormGrad(const Operation& op) {
  if (op.operands.size() != 5 || op.results.size() != 3 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const int64_t fi = BatchNormAttributes(op).featureIndex();
  RETURN_IF_ERROR(featureIndexInRange("batch_norm_grad (C1)", operand, fi));
  RETURN_IF_ERROR(oneBaselineElement("batch_norm_grad (C2)", op));
  if (!sameShape(operandType(op, 4), operand) || !sameShape(resultType(op, 0), operand)) {
    return violated("batch_norm_grad (C3)", strCat("operand ", shapeText(operand), ", grad_output ", shapeText(operandType(op, 4)),
                                                   " and grad_operand ", shapeText(resultType(op, 0)), " must have one shape"));
  }
  const Type& scale = operandType(op, 1);
  const Type* same[] = {&operandType(op, 2), &operandType(op, 3), &resultType(op, 1), &resultType(op, 2)};
  for (const Type* t : same) {
    if (!sameShape(*t, scale)) {
      return violated("batch_norm_grad (C4)", strCat("scale, mean, variance, grad_scale and grad_offset must have one shape; scale has ",
                                                     shapeText(scale), ", another has ", shapeText(*t)));
    }
  }
  RETURN_IF_ERROR(featureSized("batch_norm_grad (C5)", "scale", scale, operand, fi));
  return absl::OkStatus();
}

absl::Status map(const Operation& op) {
  const size_t n = op.operands.size();
  if (n == 0) return violated("map (C2)", "needs at least one input");
  if (op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& result = resultType(op, 0);
  for (size_t i = 0; i < n; ++i) {
    if (!sameShape(operandType(op, i), result)) {
      return violated("map (C1)",
                      strCat("inputs[", i, "] has shape ", shapeText(operandType(op, i)), ", the result has ", shapeText(result)));
    }
  }
  const MapOp view(op);
  if (view.hasAttribute("dimensions")) {
    const Dims dims = view.dimensions();
    bool ok = static_cast<int64_t>(dims.size()) == operandType(op, 0).rank();
    for (size_t d = 0; ok && d < dims.size(); ++d) ok = dims[d] == static_cast<int64_t>(d);
    if (!ok) {
      return violated("map (C3)",
                      strCat("dimensions ", listText(dims), " must be range(rank(inputs[0])), rank ", operandType(op, 0).rank()));
    }
  }
  // (C4) computation has type (tensor<E0>, ..., tensor<EN-1>) -> tensor<E'> where Ei = element_type(inputs[i])
  // and E' = element_type(result).
  RegionSignature computation;
  if (!regionSignature(op, 0, &computation)) return absl::OkStatus();
  bool ok = computation.inputs.size() == n;
  for (size_t i = 0; ok && i < n; ++i) ok = isScalarOfElement(computation.inputs[i], operandType(op, i).tensorElement());
  if (ok && computation.has_terminator) {
    ok = computation.outputs.size() == 1 && isScalarOfElement(computation.outputs[0], result.tensorElement());
  }
  if (!ok) {
    std::string wanted = "(";
    for (size_t i = 0; i < n; ++i) strAppend(&wanted, i ? ", " : "", "tensor<", operandType(op, i).tensorElement().toString(), ">");
    return violated("map (C4)",
                    strCat("the computation takes ", typesText(computation.inputs), " and returns ", typesText(computation.outputs),
                           "; needs ", wanted, ") -> tensor<", result.tensorElement().toString(), ">"));
  }
  return absl::OkStatus();
}

absl::Status whileOp(const Operation& op) {
  const std::vector<Type> operands = operandTypes(op);
  // (C1) cond has type (T0, ..., TN-1) -> tensor<i1>, where Ti = type(operand[i]).
  if (RegionSignature cond; regionSignature(op, 0, &cond)) {
    bool ok = compatibleTypes(cond.inputs, operands);
    if (ok && cond.has_terminator) ok = cond.outputs.size() == 1 && isBoolScalar(cond.outputs[0]);
    if (!ok) {
      return violated("while (C1)", strCat("cond takes ", typesText(cond.inputs), " and returns ", typesText(cond.outputs), "; needs ",
                                           typesText(operands), " -> tensor<i1>"));
    }
  }
  // (C2) body has type (T0, ..., TN-1) -> (T0, ..., TN-1), where Ti = type(operand[i]).
  if (RegionSignature body; regionSignature(op, 1, &body)) {
    bool ok = compatibleTypes(body.inputs, operands);
    if (ok && body.has_terminator) ok = compatibleTypes(body.outputs, operands);
    if (!ok) {
      return violated("while (C2)", strCat("body takes ", typesText(body.inputs), " and returns ", typesText(body.outputs), "; needs ",
                                           typesText(operands), " -> ", typesText(operands)));
    }
  }
  // (C3) type(results...) = type(operand...).
  if (!compatibleTypes(resultTypes(op), operands)) {
    return violated("while (C3)", strCat("the results have types ", typesText(resultTypes(op)), ", the operands ", typesText(operands)));
  }
  return absl::OkStatus();
}

absl::Status ifOp(const Operation& op) {
  RegionSignature true_branch, false_branch;
  if (!regionSignature(op, 0, &true_branch) || !regionSignature(op, 1, &false_branch)) return absl::OkStatus();
  // (C1) input_types(true_branch) = input_types(false_branch) = [].
  if (!true_branch.inputs.empty() || !false_branch.inputs.empty()) {
    return violated("if (C1)", strCat("the branches take ", typesText(true_branch.inputs), " and ", typesText(false_branch.inputs),
                                      "; they must take no arguments"));
  }
  if (!true_branch.has_terminator || !false_branch.has_terminator) return absl::OkStatus();
  // (C2) output_types(true_branch) = output_types(false_branch).
  if (!compatibleTypes(true_branch.outputs, false_branch.outputs)) {
    return violated("if (C2)", strCat("true_branch returns ", typesText(true_branch.outputs), ", false_branch returns ",
                                      typesText(false_branch.outputs)));
  }
  // (C3) type(results...) = output_types(true_branch).
  if (!compatibleTypes(resultTypes(op), true_branch.outputs)) {
    return violated(
        "if (C3)", strCat("the results have types ", typesText(resultTypes(op)), ", true_branch returns ", typesText(true_branch.outputs)));
  }
  return absl::OkStatus();
}

absl::Status caseOp(const Operation& op) {
  // (C1) 0 < size(branches).
  if (op.regions.empty()) return violated("case (C1)", "needs at least one branch");
  std::vector<RegionSignature> branches(op.regions.size());
  for (size_t i = 0; i < branches.size(); ++i) {
    if (!regionSignature(op, i, &branches[i]) || !branches[i].has_terminator) return absl::OkStatus();
    // (C2) input_types(branches...) = [].
    if (!branches[i].inputs.empty()) {
      return violated("case (C2)", strCat("branch ", i, " takes ", typesText(branches[i].inputs), "; branches take no arguments"));
    }
  }
  // (C3) same(output_types(branches...)).
  for (size_t i = 1; i < branches.size(); ++i) {
    if (!compatibleTypes(branches[i].outputs, branches[0].outputs)) {
      return violated("case (C3)", strCat("branch ", i, " returns ", typesText(branches[i].outputs), ", branch 0 returns ",
                                          typesText(branches[0].outputs)));
    }
  }
  // (C4) type(results...) = output_types(branches[0]).
  if (!compatibleTypes(resultTypes(op), branches[0].outputs)) {
    return violated("case (C4)",
                    strCat("the results have types ", typesText(resultTypes(op)), ", branch 0 returns ", typesText(branches[0].outputs)));
  }
  return absl::OkStatus();
}

absl::Status dynamicConv(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& lhs = operandType(op, 0);
  const Type& rhs = operandType(op, 1);
  const Type& padding = operandType(op, 2);
  const int64_t n = lhs.rank();
  if (rhs.rank() != n) return violated("dynamic_conv (C1)", strCat("lhs has rank ", n, ", rhs ", rhs.rank(), "; they must be one"));
  // (C4) on padding's type; its values count where a constant gives them.
  if (padding.rank() != 2 || !sameSize(padding.shape()[0], n - 2) || !sameSize(padding.shape()[1], 2)) {
    return violated("dynamic_conv (C4)", strCat("padding has shape ", shapeText(padding), ", but needs [", n - 2, ", 2]"));
  }
  std::optional<std::vector<std::vector<int64_t>>> pairs;
  if (const std::optional<Dims> values = constantIntegers(op.operands[2]); values && n >= 2 &&
                                                                           static_cast<int64_t>(values->size()) == 2 * (n - 2)) {
    pairs.emplace();
    for (size_t i = 0; i < values->size(); i += 2) pairs->push_back({(*values)[i], (*values)[i + 1]});
  }
  return convolutionConstraints(op, "dynamic_conv", pairs.has_value(), pairs);
}

// chlo.scan. chlo.md: the body is applied along `dimension` to the inputs and the inits and produces the
// outputs and the carries. The body takes one slice of each input (the input without `dimension`), then
// the carries (the inits' types), and returns one slice of each output, then the new carries (the inits'
// types again); each output is its slices stacked along `dimension`. These are the types of the
// interpreter tests' programs (../shared/peer/stablehlo-interpret-tests/chlo/scan.mlir) and of the upstream
// op; the labels name the part of chlo.md's sentence each rule reads.
absl::Status chloScan(const Operation& op) {
  if (!allTensors(op)) return absl::OkStatus();
  const ChloScanOp scan(op);
  const size_t inputs = scan.numInputs(), inits = scan.numInits(), outputs = scan.numOutputs();
  if (op.results.size() < inits) {
    return violated("scan (carries)", strCat("has ", inits, " inits but ", op.results.size(), " results: one carry per init is needed"));
  }
  const int64_t dimension = scan.dimension();
  if (dimension < 0) return violated("scan (dimension)", strCat("dimension ", dimension, " must be non-negative"));
  // scan (dimension): every input and output has the dimension, and all have one size along it (the number
  // of steps; scan_dim_size when given).
  std::optional<int64_t> steps = scan.scanDimSize();
  auto along = [&](const Type& t, std::string_view what) -> absl::Status {
    if (dimension >= t.rank()) return violated("scan (dimension)", strCat(what, " has rank ", t.rank(), ", no dimension ", dimension));
    const int64_t size = t.shape()[static_cast<size_t>(dimension)];
    if (steps && !sameSize(*steps, size)) {
      return violated("scan (dimension)", strCat(what, " has size ", size, " along dimension ", dimension, ", not ", *steps));
    }
    if (!steps && size != kDynamicSize) steps = size;
    return absl::OkStatus();
  };
  for (size_t i = 0; i < inputs; ++i) RETURN_IF_ERROR(along(operandType(op, i), strCat("inputs[", i, "]")));
  for (size_t i = 0; i < outputs; ++i) RETURN_IF_ERROR(along(resultType(op, i), strCat("outputs[", i, "]")));
  // scan (carries): carries[i] has the type of inits[i].
  for (size_t i = 0; i < inits; ++i) {
    if (!compatibleType(operandType(op, inputs + i), resultType(op, outputs + i))) {
      return violated("scan (carries)", strCat("carries[", i, "] has type ", resultType(op, outputs + i).toString(), ", inits[", i, "] has ",
                                               operandType(op, inputs + i).toString()));
    }
  }
  // scan (body): (input slices..., carries...) -> (output slices..., carries...).
  RegionSignature body;
  if (!regionSignature(op, 0, &body)) return absl::OkStatus();
  auto slice = [&](const Type& t) {
    Dims shape = t.shape();
    shape.erase(shape.begin() + dimension);
    return Type::tensor(shape, t.tensorElement());
  };
  std::vector<Type> takes, gives;
  for (size_t i = 0; i < inputs; ++i) takes.push_back(slice(operandType(op, i)));
  for (size_t i = 0; i < inits; ++i) takes.push_back(operandType(op, inputs + i));
  for (size_t i = 0; i < outputs; ++i) gives.push_back(slice(resultType(op, i)));
  for (size_t i = 0; i < inits; ++i) gives.push_back(operandType(op, inputs + i));
  if (!compatibleTypes(body.inputs, takes) || (body.has_terminator && !compatibleTypes(body.outputs, gives))) {
    return violated("scan (body)", strCat("the body has type ", typesText(body.inputs), " -> ", typesText(body.outputs), "; it must be ",
                                          typesText(takes), " -> ", typesText(gives), " (a slice of each input, then the carries; a slice of each output, then the carries)"));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::verify
