#include "ir/op_verify_elementwise.h"

#include <optional>
#include <string>

#include "ir/element_type.h"
#include "ir/op_verify_util.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::verify {
namespace {

using namespace util;  // NOLINT(google-build-using-namespace): the shared helpers of ir/op_verify_util.h

// infeed (C1-C3) and recv (C2-C4): results are zero or more tensors, then one token. `first` is the number
// of the first of the three labels.
absl::Status tensorsThenToken(const Operation& op, std::string_view name, int first) {
  auto label = [&](int offset) { return strCat(name, " (C", first + offset, ")"); };
  if (op.results.empty()) return violated(label(0), "has no result; it needs at least the token");
  for (size_t i = 0; i + 1 < op.results.size(); ++i) {
    if (!resultType(op, i).isTensor()) {
      return violated(label(1), strCat("result ", i, " has type ", resultType(op, i).toString(), "; every result but the last is a tensor"));
    }
  }
  const Type& last = resultType(op, op.results.size() - 1);
  if (last.kind() != Type::Kind::kToken) {
    return violated(label(2), strCat("the last result has type ", last.toString(), "; it must be !stablehlo.token"));
  }
  return absl::OkStatus();
}

// send (C1), recv (C1): the channel_handle's type follows is_host_transfer.
absl::Status channelType(std::string_view label, std::optional<int64_t> type, bool host_transfer, int64_t host_type,
                         std::string_view host_name) {
  if (!type) return absl::OkStatus();
  const int64_t expected = host_transfer ? host_type : 1;
  if (*type == expected) return absl::OkStatus();
  return violated(label, strCat("channel_handle has type ", *type, ", but is_host_transfer = ", host_transfer ? "true" : "false",
                                " needs ", expected, " (", host_transfer ? host_name : "DEVICE_TO_DEVICE", ")"));
}

}  // namespace

absl::Status add(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& lhs = operandType(op, 0);
  const Type& rhs = operandType(op, 1);
  const Type& result = resultType(op, 0);
  const bool any_quantized = lhs.isQuantized() || rhs.isQuantized() || result.isQuantized();
  if (!sameShape(lhs, result) || !sameShape(rhs, result) ||
      (!any_quantized && (lhs.tensorElement() != result.tensorElement() || rhs.tensorElement() != result.tensorElement()))) {
    // (C1) names the types; a quantized operation's shapes fall under it too (dequantize_op_quantize).
    return violated("add (C1)", strCat("lhs ", lhs.toString(), ", rhs ", rhs.toString(), " and the result ", result.toString(),
                                       " must have one type"));
  }
  if (!any_quantized) return absl::OkStatus();
  if (!lhs.isQuantized() || !rhs.isQuantized() || !result.isQuantized()) {
    return violated("add (C2)", strCat("a quantized add needs lhs, rhs and result all quantized; has ", lhs.tensorElement().toString(),
                                       ", ", rhs.tensorElement().toString(), " and ", result.tensorElement().toString()));
  }
  const QuantizedType &l = lhs.quantizedType(), &r = rhs.quantizedType(), &o = result.quantizedType();
  if (l.storage_type != o.storage_type || r.storage_type != o.storage_type) {
    return violated("add (C3)", strCat("storage types ", elementTypeName(l.storage_type), ", ", elementTypeName(r.storage_type), " and ",
                                       elementTypeName(o.storage_type), " differ"));
  }
  if (l.expressed_type != o.expressed_type || r.expressed_type != o.expressed_type) {
    return violated("add (C4)", strCat("expressed types ", elementTypeName(l.expressed_type), ", ", elementTypeName(r.expressed_type),
                                       " and ", elementTypeName(o.expressed_type), " differ"));
  }
  if ((l.quantized_dimension || r.quantized_dimension) != o.quantized_dimension.has_value()) {
    return violated("add (C5)", strCat("the result is ", o.quantized_dimension ? "per-axis" : "per-tensor",
                                       " quantized, but it must be per-axis exactly when lhs or rhs is"));
  }
  if (l.quantized_dimension && l.quantized_dimension != o.quantized_dimension) {
    return violated("add (C6)", strCat("lhs is quantized along dimension ", *l.quantized_dimension, ", the result along ",
                                       *o.quantized_dimension));
  }
  if (r.quantized_dimension && r.quantized_dimension != o.quantized_dimension) {
    return violated("add (C7)", strCat("rhs is quantized along dimension ", *r.quantized_dimension, ", the result along ",
                                       *o.quantized_dimension));
  }
  return absl::OkStatus();
}

absl::Status abs(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  if (!sameShape(operand, result)) {
    return violated("abs (C1)", strCat("the operand has shape ", shapeText(operand), ", the result ", shapeText(result)));
  }
  if (operand.isQuantized() != result.isQuantized() ||
      (operand.isQuantized() ? !sameBaselineElement(operand, result)
                             : result.elementType() != (isComplex(operand.elementType()) ? complexPartType(operand.elementType())
                                                                                         : operand.elementType()))) {
    return violated("abs (C2)", strCat("the result's element type ", result.tensorElement().toString(), " does not follow from the operand's ",
                                       operand.tensorElement().toString(), " (its part type when complex, itself otherwise)"));
  }
  return absl::OkStatus();
}

absl::Status convert(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  if (!sameShape(operandType(op, 0), resultType(op, 0))) {
    return violated("convert (C1)", strCat("the operand has shape ", shapeText(operandType(op, 0)), ", the result ",
                                           shapeText(resultType(op, 0))));
  }
  return absl::OkStatus();
}

absl::Status tuple(const Operation& op) {
  if (op.results.size() != 1 || resultType(op, 0).kind() != Type::Kind::kTuple) return absl::OkStatus();
  const std::vector<Type>& elements = resultType(op, 0).tupleElements();
  bool same = elements.size() == op.operands.size();
  for (size_t i = 0; same && i < elements.size(); ++i) same = elements[i] == operandType(op, i);
  if (same) return absl::OkStatus();
  std::string given;
  for (size_t i = 0; i < op.operands.size(); ++i) strAppend(&given, i ? ", " : "", operandType(op, i).toString());
  return violated("tuple (C1)", strCat("the result has type ", resultType(op, 0).toString(), ", but the values are (", given, ")"));
}

absl::Status infeed(const Operation& op) { return tensorsThenToken(op, "infeed", 1); }

absl::Status send(const Operation& op) {
  const SendOp send(op);
  return channelType("send (C1)", send.channelType(), send.isHostTransfer(), 2, "DEVICE_TO_HOST");
}

absl::Status recv(const Operation& op) {
  const RecvOp recv(op);
  RETURN_IF_ERROR(channelType("recv (C1)", recv.channelType(), recv.isHostTransfer(), 3, "HOST_TO_DEVICE"));
  return tensorsThenToken(op, "recv", 2);
}

}  // namespace hloconf::verify
