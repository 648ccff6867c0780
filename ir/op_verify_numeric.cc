#include "ir/op_verify_numeric.h"

#include <algorithm>
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
  if (const std::optional<Dims> values = constantIntegers(op.operands[2]); values && static_cast<int64_t>(values->size()) == result.rank()) {
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

absl::Status bitcastConvert(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  // E and E': the storage types of quantized element types.
  const ElementType e = operand.isQuantized() ? operand.quantizedType().storage_type : operand.elementType();
  const ElementType e2 = result.isQuantized() ? result.quantizedType().storage_type : result.elementType();
  if (isComplex(e) != isComplex(e2)) {
    return violated("bitcast_convert (C2)", strCat("the operand's element type ", elementTypeName(e), " and the result's ",
                                                   elementTypeName(e2), " must both be complex or neither"));
  }
  if (e == ElementType::kIndex || e2 == ElementType::kIndex) return absl::OkStatus();  // no fixed bit width
  const int64_t bits = bitWidth(e), bits2 = bitWidth(e2), rank = operand.rank();
  const auto shapes = [&](std::string_view why) {
    return violated("bitcast_convert (C1)", strCat("the operand ", operand.toString(), " and the result ", result.toString(), ": ", why));
  };
  // The dimensions both shapes share: dim(result, i) = dim(operand, i) for i < min(ranks).
  const int64_t common = std::min(rank, result.rank());
  for (int64_t d = 0; d < common; ++d) {
    if (!sameSize(operand.shape()[static_cast<size_t>(d)], result.shape()[static_cast<size_t>(d)]))
      return shapes(strCat("dimension ", d, " differs"));
  }
  if (bits2 == bits) {
    if (result.rank() != rank) return shapes("equal bit widths need one shape");
  } else if (bits2 < bits) {
    if (result.rank() != rank + 1) return shapes(strCat("a narrower result element needs rank ", rank + 1));
    const int64_t last = result.shape()[static_cast<size_t>(rank)];
    if (last != kDynamicSize && last * bits2 != bits) return shapes(strCat("the result's last dimension must be ", bits / bits2));
  } else {
    if (rank < 1 || result.rank() != rank - 1) return shapes(strCat("a wider result element needs rank ", rank - 1));
    const int64_t last = operand.shape()[static_cast<size_t>(rank - 1)];
    if (last != kDynamicSize && last * bits != bits2) return shapes(strCat("the operand's last dimension must be ", bits2 / bits));
  }
  return absl::OkStatus();
}

absl::Status rngBitGenerator(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 2 || !allTensors(op)) return absl::OkStatus();
  const Type& initial_state = operandType(op, 0);
  const Type& output_state = resultType(op, 0);
  if (initial_state.rank() != 1 || initial_state.isQuantized() || initial_state.elementType() != ElementType::kUI64) {
    return violated("rng_bit_generator (I2)",
                    strCat("initial_state has type ", initial_state.toString(), ", not a 1-dimensional tensor of ui64"));
  }
  if (!sameShape(initial_state, output_state) || initial_state.tensorElement() != output_state.tensorElement()) {
    return violated("rng_bit_generator (C1)", strCat("initial_state has type ", initial_state.toString(), ", output_state ",
                                                     output_state.toString(), "; they must be one"));
  }
  // (C2) on the number of elements, where the type shows it; DEFAULT's is implementation-defined.
  int64_t size = 1;
  for (int64_t d : initial_state.shape()) {
    if (d == kDynamicSize || d < 0 || __builtin_mul_overflow(size, d, &size)) return absl::OkStatus();
  }
  const std::string_view algorithm = RngBitGeneratorOp(op).rngAlgorithm();
  if ((algorithm == "THREE_FRY" && size != 2) || (algorithm == "PHILOX" && size != 2 && size != 3)) {
    return violated("rng_bit_generator (C2)",
                    strCat("initial_state has ", size, " elements; ", algorithm, " needs ", algorithm == "PHILOX" ? "2 or 3" : "2"));
  }
  return absl::OkStatus();
}

absl::Status complex(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& lhs = operandType(op, 0);
  const Type& rhs = operandType(op, 1);
  const Type& result = resultType(op, 0);
  if (!sameShape(lhs, rhs) || lhs.tensorElement() != rhs.tensorElement()) {
    return violated("complex (C1)", strCat("lhs has type ", lhs.toString(), ", rhs ", rhs.toString(), "; they must be one"));
  }
  if (!sameShape(lhs, result)) {
    return violated("complex (C2)", strCat("the result has shape ", shapeText(result), ", lhs ", shapeText(lhs)));
  }
  if (lhs.isQuantized() || result.isQuantized() || !isComplex(result.elementType()) ||
      complexPartType(result.elementType()) != lhs.elementType()) {
    return violated("complex (C3)", strCat("the result's element type ", result.tensorElement().toString(), " is not complex<",
                                           lhs.tensorElement().toString(), ">"));
  }
  return absl::OkStatus();
}

absl::Status realOrImag(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const std::string_view name = op.id == OpId::kReal ? "real" : "imag";
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  if (!sameShape(operand, result)) {
    return violated(strCat(name, " (C1)"), strCat("the operand has shape ", shapeText(operand), ", the result ", shapeText(result)));
  }
  if (operand.isQuantized() || result.isQuantized()) return absl::OkStatus();  // the schema's type check reports it
  const ElementType in = operand.elementType();
  const ElementType expected = isComplex(in) ? complexPartType(in) : in;
  if (result.elementType() != expected) {
    return violated(strCat(name, " (C2)"), strCat("the result's element type is ", elementTypeName(result.elementType()),
                                                  ", but the operand ", operand.toString(), " needs ", elementTypeName(expected)));
  }
  return absl::OkStatus();
}

absl::Status isFinite(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  if (!sameShape(operandType(op, 0), resultType(op, 0))) {
    return violated("is_finite (C1)", strCat("x has shape ", shapeText(operandType(op, 0)), ", y ", shapeText(resultType(op, 0))));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::verify
