// Helpers shared by the schema's verify functions (ir/op_verify*.cc): messages that cite a spec label,
// dimension lists, shapes that agree under `?`, baseline element types, is_promotable, region blocks.
// Internal to those files.
#ifndef HLOCONF_IR_OP_VERIFY_UTIL_H_
#define HLOCONF_IR_OP_VERIFY_UTIL_H_

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "ir/element_type.h"
#include "ir/op_views.h"
#include "ir/operation.h"
#include "ir/strings.h"

namespace hloconf::verify::util {

using Dims = std::vector<int64_t>;

// "<label>: <what>", e.g. "transpose (C2): permutation [1, 1] repeats 1".
inline absl::Status violated(std::string_view label, std::string_view what) {
  return absl::InvalidArgumentError(strCat(label, ": ", what));
}

inline std::string listText(const Dims& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) strAppend(&text, i ? ", " : "", values[i]);
  return text + "]";
}

// A shape as "[2, ?, 3]".
inline std::string shapeText(const Type& t) {
  std::string text = "[";
  for (size_t i = 0; i < t.shape().size(); ++i) {
    const int64_t d = t.shape()[i];
    if (d == kDynamicSize) {
      strAppend(&text, i ? ", " : "", "?");
    } else {
      strAppend(&text, i ? ", " : "", d);
    }
  }
  return text + "]";
}

// Sizes agree when equal or when either is `?` (known only at run time, where the kernel checks it).
inline bool sameSize(int64_t a, int64_t b) { return a == kDynamicSize || b == kDynamicSize || a == b; }

// Same rank and every dimension agrees.
inline bool sameShape(const Type& a, const Type& b) {
  if (a.rank() != b.rank()) return false;
  for (int64_t d = 0; d < a.rank(); ++d) {
    if (!sameSize(a.shape()[d], b.shape()[d])) return false;
  }
  return true;
}

// 0 <= d < rank for each d of `dims` (named `name` in the message).
inline absl::Status dimsInRange(std::string_view label, std::string_view name, const Dims& dims, int64_t rank) {
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) return violated(label, strCat(name, " ", listText(dims), " has ", d, ", out of range for rank ", rank));
  }
  return absl::OkStatus();
}

// The spec's is_unique(dims).
inline absl::Status noRepeats(std::string_view label, std::string_view name, const Dims& dims) {
  for (size_t i = 0; i < dims.size(); ++i) {
    for (size_t j = i + 1; j < dims.size(); ++j) {
      if (dims[i] == dims[j]) return violated(label, strCat(name, " ", listText(dims), " repeats ", dims[i]));
    }
  }
  return absl::OkStatus();
}

// The spec's baseline_element_type(a) = baseline_element_type(b): for quantized types, the storage type,
// storage range, expressed type and quantization dimension (scales and zero points may differ); otherwise
// the element types themselves.
inline bool sameBaselineElement(const Type& a, const Type& b) {
  const Type& ea = a.tensorElement();
  const Type& eb = b.tensorElement();
  if (ea.isQuantized() != eb.isQuantized()) return false;
  if (!ea.isQuantized()) return ea == eb;
  const QuantizedType& qa = ea.quantizedType();
  const QuantizedType& qb = eb.quantizedType();
  return qa.storage_type == qb.storage_type && qa.storage_min == qb.storage_min && qa.storage_max == qb.storage_max &&
         qa.expressed_type == qb.expressed_type && qa.quantized_dimension == qb.quantized_dimension;
}

// The block of region `i`, or nullptr when the op has no such block.
inline const Block* regionBlock(const Operation& op, size_t i) {
  if (i >= op.regions.size() || op.regions[i].blocks.empty()) return nullptr;
  return op.regions[i].blocks.front().get();
}

inline const Type& operandType(const Operation& op, size_t i) { return op.operands[i]->type; }
inline const Type& resultType(const Operation& op, size_t i) { return op.results[i]->type; }

// Whether every operand and result is a tensor (the checks on shapes apply only then).
inline bool allTensors(const Operation& op) {
  for (const auto& v : op.operands) {
    if (!v->type.isTensor()) return false;
  }
  for (const auto& v : op.results) {
    if (!v->type.isTensor()) return false;
  }
  return true;
}

// The integers of a shape operand that a stablehlo.constant defines (a dynamic op's sizes or paddings
// written in the program); nullopt when the value is computed, so known only at run time.
inline std::optional<Dims> constantIntegers(const Value* value) {
  if (!value || !value->defining_op || value->defining_op->id != OpId::kConstant) return std::nullopt;
  const Tensor* tensor = decode::denseElements(ConstantOp(*value->defining_op).value());
  if (!tensor || !isInteger(tensor->elementType())) return std::nullopt;
  Dims values;
  for (int64_t i = 0; i < tensor->numElements(); ++i) {
    values.push_back(isSignedInteger(tensor->elementType())
                         ? decodeSignedInteger(tensor->elementType(), tensor->bits(i))
                         : static_cast<int64_t>(decodeUnsignedInteger(tensor->elementType(), tensor->bits(i))));
  }
  return values;
}

// The element-type rule of the ops that may move a quantization axis: transpose, reshape and
// dynamic_reshape (C1), and, with `scales_may_differ`, broadcast_in_dim and dynamic_broadcast_in_dim (C1).
// An operand that is not per-axis quantized keeps its element type; a per-axis one keeps it but for the
// axis (and, with `scales_may_differ`, the scales and zero points).
inline absl::Status movedElementType(std::string_view label, const Type& operand, const Type& result, bool scales_may_differ) {
  const Type& in = operand.tensorElement();
  const Type& out = result.tensorElement();
  bool same = false;
  if (!operand.isQuantized() || !operand.quantizedType().quantized_dimension) {
    same = in == out;
  } else if (result.isQuantized()) {
    QuantizedType expected = operand.quantizedType();
    const QuantizedType& actual = result.quantizedType();
    expected.quantized_dimension = actual.quantized_dimension;
    expected.explicit_storage_range = actual.explicit_storage_range;  // how the text spelled the range
    if (scales_may_differ) {
      expected.scales = actual.scales;
      expected.zero_points = actual.zero_points;
    }
    same = expected == actual;
  }
  if (same) return absl::OkStatus();
  return violated(label, strCat("the operand's element type ", in.toString(), " and the result's ", out.toString(), " differ",
                                operand.isQuantized() && operand.quantizedType().quantized_dimension
                                    ? (scales_may_differ ? " in more than the axis, scales and zero points" : " in more than the axis")
                                    : ""));
}

// broadcast_in_dim (C6), dynamic_broadcast_in_dim (C6): a per-axis quantized result is quantized along the
// operand's axis, moved by broadcast_dimensions; where that axis has size 1, the result repeats its one
// scale and zero point.
inline absl::Status broadcastAxis(std::string_view label, const Type& operand, const Type& result, const Dims& dims) {
  if (!result.isQuantized() || !result.quantizedType().quantized_dimension || !operand.isQuantized() ||
      !operand.quantizedType().quantized_dimension) {
    return absl::OkStatus();
  }
  const QuantizedType& in = operand.quantizedType();
  const QuantizedType& out = result.quantizedType();
  const int64_t in_axis = *in.quantized_dimension, out_axis = *out.quantized_dimension;
  if (in_axis < 0 || in_axis >= static_cast<int64_t>(dims.size()) || in_axis >= operand.rank()) return absl::OkStatus();
  if (dims[in_axis] != out_axis) {
    return violated(label, strCat("the result is quantized along dimension ", out_axis, ", but the operand's axis ", in_axis,
                                  " becomes dimension ", dims[in_axis]));
  }
  if (operand.shape()[in_axis] != 1 || in.scales.empty() || in.zero_points.empty()) return absl::OkStatus();
  auto scaleText = [](double scale) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", scale);
    return std::string(text);
  };
  for (size_t i = 0; i < out.scales.size() && i < out.zero_points.size(); ++i) {
    if (out.scales[i] != in.scales[0] || out.zero_points[i] != in.zero_points[0]) {
      return violated(label, strCat("the operand's axis has size 1, so each result scale and zero point repeats its one (", scaleText(in.scales[0]), ":",
                                    in.zero_points[0], "); entry ", i, " is ", scaleText(out.scales[i]), ":", out.zero_points[i]));
    }
  }
  return absl::OkStatus();
}

// reshape (C3), dynamic_reshape (C3): a per-axis quantized reshape keeps the axis and the products of the
// dimensions before and after it.
inline absl::Status perAxisReshape(std::string_view label, const Type& operand, const Type& result) {
  if (!operand.isQuantized() || !result.isQuantized()) return absl::OkStatus();
  const auto in_axis = operand.quantizedType().quantized_dimension, out_axis = result.quantizedType().quantized_dimension;
  if (!in_axis || !out_axis || *in_axis < 0 || *in_axis >= operand.rank() || *out_axis < 0 || *out_axis >= result.rank()) {
    return absl::OkStatus();
  }
  auto product = [](const Type& t, int64_t from, int64_t to) -> int64_t {
    int64_t n = 1;
    for (int64_t d = from; d < to; ++d) {
      if (t.shape()[d] == kDynamicSize || __builtin_mul_overflow(n, t.shape()[d], &n)) return kDynamicSize;
    }
    return n;
  };
  const int64_t before_in = product(operand, 0, *in_axis), before_out = product(result, 0, *out_axis);
  const int64_t after_in = product(operand, *in_axis + 1, operand.rank()), after_out = product(result, *out_axis + 1, result.rank());
  if (!sameSize(before_in, before_out) || !sameSize(operand.shape()[*in_axis], result.shape()[*out_axis]) || !sameSize(after_in, after_out)) {
    return violated(label, strCat("the operand ", shapeText(operand), " quantized along dimension ", *in_axis, " and the result ", shapeText(result),
                                  " along ", *out_axis, " must have the axis's size and the products of the dimensions before and after it in common"));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::verify::util

#endif  // HLOCONF_IR_OP_VERIFY_UTIL_H_
