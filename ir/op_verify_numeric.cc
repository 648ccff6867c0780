#include "ir/op_verify_numeric.h"

#include <optional>
#include <string>
#include <string_view>

#include "ir/element_type.h"
#include "ir/op_verify_util.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "ir/tensor.h"

namespace hloconf::verify {
namespace {

using namespace util;  // NOLINT(google-build-using-namespace): the shared helpers of ir/op_verify_util.h

// The spec's baseline_type(a) = baseline_type(b): one shape (a `?` agrees with any size) and one baseline
// element type.
absl::Status sameBaselineType(std::string_view label, std::string_view what, const Type& a, const Type& b) {
  if (sameShape(a, b) && sameBaselineElement(a, b)) return absl::OkStatus();
  return violated(label, strCat(what, ": ", a.toString(), " and ", b.toString(), " differ in baseline type"));
}

// The values of `v` when a stablehlo.constant defines it as a 1-D integer tensor; nullopt otherwise (an
// argument, or a value computed at run time).
std::optional<Dims> constantValues(const Value& v) {
  if (!v.defining_op || v.defining_op->id != OpId::kConstant) return std::nullopt;
  const Tensor* t = decode::denseElements(ConstantOp(*v.defining_op).value());
  if (!t || t->type().rank() != 1 || !isInteger(t->elementType())) return std::nullopt;
  Dims values;
  for (int64_t i = 0; i < t->numElements(); ++i) {
    values.push_back(isSignedInteger(t->elementType()) ? decodeSignedInteger(t->elementType(), t->bits(i))
                                                       : static_cast<int64_t>(decodeUnsignedInteger(t->elementType(), t->bits(i))));
  }
  return values;
}

}  // namespace

absl::Status cholesky(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& a = operandType(op, 0);
  RETURN_IF_ERROR(sameBaselineType("cholesky (C1)", "a and the result", a, resultType(op, 0)));
  const int64_t rank = a.rank();
  if (rank < 2) return violated("cholesky (C2)", strCat("a has rank ", rank, ", needs at least 2"));
  const int64_t rows = a.shape()[static_cast<size_t>(rank - 2)], columns = a.shape()[static_cast<size_t>(rank - 1)];
  if (!sameSize(rows, columns)) {
    return violated("cholesky (C3)", strCat("a has shape ", shapeText(a), ": its matrices are ", rows, "x", columns, ", not square"));
  }
  return absl::OkStatus();
}

absl::Status triangularSolve(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& a = operandType(op, 0);
  const Type& b = operandType(op, 1);
  if (!sameBaselineElement(a, b)) {
    return violated("triangular_solve (C1)", strCat("a's and b's baseline element types differ: ", a.tensorElement().toString(), " and ",
                                                    b.tensorElement().toString()));
  }
  const int64_t rank = a.rank();
  if (rank < 2) return violated("triangular_solve (C2)", strCat("a has rank ", rank, ", needs at least 2"));
  if (b.rank() != rank) return violated("triangular_solve (C2)", strCat("a has rank ", rank, ", b has ", b.rank()));
  auto dim = [](const Type& t, int64_t d) { return t.shape()[static_cast<size_t>(d)]; };
  // (C3): the spec writes shape(a)[:-3] = shape(b)[:-3]; the batch dimensions are all but the last two
  // (each batch element is one matrix), and those are compared, as the kernel does.
  for (int64_t d = 0; d < rank - 2; ++d) {
    if (!sameSize(dim(a, d), dim(b, d))) {
      return violated("triangular_solve (C3)", strCat("a has shape ", shapeText(a), ", b has ", shapeText(b), ": batch dimension ", d, " differs"));
    }
  }
  const int64_t n = dim(a, rank - 2) != kDynamicSize ? dim(a, rank - 2) : dim(a, rank - 1);
  if (!sameSize(dim(a, rank - 2), dim(a, rank - 1))) {
    return violated("triangular_solve (C3)", strCat("a has shape ", shapeText(a), ": its matrices are not square"));
  }
  const bool left_side = TriangularSolveOp(op).leftSide();
  if (!sameSize(n, dim(b, left_side ? rank - 2 : rank - 1))) {
    return violated("triangular_solve (C3)", strCat("a's matrices are ", n, "x", n, ", but b has shape ", shapeText(b), ", whose dimension ",
                                                    left_side ? "-2" : "-1", " (left_side = ", left_side ? "true" : "false", ") must be ", n));
  }
  return sameBaselineType("triangular_solve (C4)", "b and the result", b, resultType(op, 0));
}

absl::Status rng(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& a = operandType(op, 0);
  const Type& b = operandType(op, 1);
  const Type& shape = operandType(op, 2);
  const Type& result = resultType(op, 0);
  if (a.rank() != 0) return violated("rng (I1)", strCat("a has type ", a.toString(), ", not a 0-dimensional tensor"));
  if (b.rank() != 0) return violated("rng (I2)", strCat("b has type ", b.toString(), ", not a 0-dimensional tensor"));
  if (shape.rank() != 1) return violated("rng (I3)", strCat("shape has type ", shape.toString(), ", not a 1-dimensional tensor"));
  if (a.tensorElement() != b.tensorElement() || a.tensorElement() != result.tensorElement()) {
    return violated("rng (C1)", strCat("a, b and the result have element types ", a.tensorElement().toString(), ", ",
                                       b.tensorElement().toString(), " and ", result.tensorElement().toString(), "; they must be one"));
  }
  if (RngOp(op).rngDistribution() == "NORMAL" && (a.isQuantized() || !isFloat(a.elementType()))) {
    return violated("rng (C2)", strCat("rng_distribution NORMAL needs floating-point a and b, not ", a.tensorElement().toString()));
  }
  // (C3) shape(result) = shape: its size where the shape operand's type shows it, its values where a
  // constant gives them (otherwise the kernel checks them at run time).
  if (!sameSize(shape.shape()[0], result.rank())) {
    return violated("rng (C3)", strCat("shape has ", shape.shape()[0], " elements, but the result has rank ", result.rank()));
  }
  if (const std::optional<Dims> values = constantValues(*op.operands[2]); values && static_cast<int64_t>(values->size()) == result.rank()) {
    for (size_t d = 0; d < values->size(); ++d) {
      if (!sameSize(result.shape()[d], (*values)[d])) {
        return violated("rng (C3)", strCat("the result has shape ", shapeText(result), ", but shape is ", listText(*values)));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status uniformQuantize(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  if (!sameShape(operand, result)) {
    return violated("uniform_quantize (C1)", strCat("the operand has shape ", shapeText(operand), ", the result has ", shapeText(result)));
  }
  if (!result.isQuantized()) return absl::OkStatus();  // the schema's type check reports it
  // expressed_type(result) = is_float(operand) ? element_type(operand) : expressed_type(operand).
  const ElementType expected = operand.isQuantized() ? operand.quantizedType().expressed_type : operand.elementType();
  if (result.quantizedType().expressed_type != expected) {
    return violated("uniform_quantize (C2)", strCat("the result's expressed type is ", elementTypeName(result.quantizedType().expressed_type),
                                                    ", but the operand ", operand.toString(), " needs ", elementTypeName(expected)));
  }
  return absl::OkStatus();
}

absl::Status uniformDequantize(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  if (!sameShape(operand, result)) {
    return violated("uniform_dequantize (C1)", strCat("the operand has shape ", shapeText(operand), ", the result has ", shapeText(result)));
  }
  if (!operand.isQuantized()) return absl::OkStatus();  // the schema's type check reports it
  const ElementType expressed = operand.quantizedType().expressed_type;
  if (result.isQuantized() || result.elementType() != expressed) {
    return violated("uniform_dequantize (C2)", strCat("the result's element type is ", result.tensorElement().toString(),
                                                      ", but the operand's expressed type is ", elementTypeName(expressed)));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::verify
