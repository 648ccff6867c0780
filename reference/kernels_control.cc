// Kernels for values and structure: constant, iota, tuple, get_tuple_element, after_all, create_token, map;
// and control flow: if, case, while.
//
// A control decision taken on an implementation-defined value (an `if` predicate, a `case` index, a
// `while` cond result at any iteration) marks every element of every result of the op: another
// implementation may have taken the other branch (docs/semantics.md, "Control flow").
#include <algorithm>
#include <string>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/elementwise.h"
#include "reference/kernels.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

Results constantKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const Tensor* value = decode::denseElements(ConstantOp(op).value());
  if (!value) return interp.opError(op, "needs a dense 'value' attribute");
  const Tensor& t = *value;
  if (op.results.size() != 1) return interp.opError(op, "needs one result");
  const Type& result = op.results[0]->type;
  if (result.isQuantized()) {
    // A quantized constant: the literal holds storage integers (the parser types it with the storage
    // type); the result carries the quantized type, which must be valid (C1: the literal has the syntax
    // and shape of the storage type).
    if (!result.isTensor() || !result.hasStaticShape()) return interp.opError(op, "needs a static-shaped result");
    if (std::string problem = quantizedTypeProblem(result); !problem.empty()) return interp.opError(op, problem);
    if (t.type().shape() != result.shape() || t.elementType() != result.elementType()) {
      return interp.opError(op, strCat("the value has type ", t.type().toString(), ", but the result is ", result.toString()));
    }
    Tensor out(result);
    out.mutableBytes() = t.bytes();
    return std::vector<RtValue>{RtValue::ofTensor(std::move(out))};
  }
  return std::vector<RtValue>{RtValue::ofTensor(t)};
}

// The bits of integer `value` in element type `t` (iota and other index-valued results).
void setIndexValue(Tensor& out, int64_t i, __int128 value) {
  const ElementType t = out.elementType();
  if (isBoolean(t)) {
    out.setBits(i, value != 0);
  } else if (isInteger(t)) {
    out.setBits(i, wrapInteger(t, value));
  } else if (isComplex(t)) {
    out.setBits(i, integerToFloat(complexPartType(t), value), 0);
  } else {
    out.setBits(i, integerToFloat(t, value));
  }
}

Results iotaKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (op.results.size() != 1 || !op.results[0]->type.isTensor() || !op.results[0]->type.hasStaticShape()) {
    return interp.opError(op, "needs one static-shaped tensor result");
  }
  const Type& type = op.results[0]->type;
  if (type.isQuantized()) {
    if (std::string problem = quantizedTypeProblem(type); !problem.empty()) return interp.opError(op, problem);
  }
  RETURN_IF_ERROR(checkResultSize(interp, op, type));
  const int64_t dim = IotaOp(op).iotaDimension();
  // iota (C1): 0 <= iota_dimension < rank(output).
  if (dim < 0 || dim >= type.rank()) return interp.opError(op, strCat("iota_dimension ", dim, " is out of range for rank ", type.rank()));
  // Spec: a quantized result is quantize(output_index[iota_dimension], element_type(output)): the index
  // is converted to the expressed type (rounded to nearest-even, like convert) and quantized, with the
  // marks quantize gives (docs/quantization.md).
  const Type values_type = type.isQuantized() ? Type::tensor(type.shape(), Type::element(type.quantizedType().expressed_type)) : type;
  Tensor out(values_type);
  int64_t inner = 1;
  for (int64_t d = type.rank() - 1; d > dim; --d) inner *= type.shape()[d];
  const int64_t size = type.shape()[dim];
  for (int64_t i = 0; i < out.numElements(); ++i) {
    // A huge iota takes seconds: the deadline is checked between blocks of elements.
    if (i % 65536 == 0) RETURN_IF_ERROR(checkDeadline(interp, op));
    setIndexValue(out, i, (i / inner) % size);
  }
  if (!type.isQuantized()) return std::vector<RtValue>{RtValue::ofTensor(std::move(out))};
  std::vector<uint8_t> impl;
  Tensor quantized = quantizeTensor(out, type, impl);
  if (std::find(impl.begin(), impl.end(), 1) == impl.end()) impl.clear();
  return std::vector<RtValue>{RtValue::ofTensor(std::move(quantized), std::move(impl))};
}

Results tupleKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  return std::vector<RtValue>{RtValue::tuple(operands)};
}

Results getTupleElementKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const int64_t index = GetTupleElementOp(op).index();
  if (operands.size() != 1 || operands[0].kind != RtValue::Kind::kTuple) return interp.opError(op, "needs one tuple operand");
  // get_tuple_element (C1): 0 <= index < size(operand).
  if (index < 0 || index >= static_cast<int64_t>(operands[0].elements.size())) return interp.opError(op, "needs an 'index' within the tuple");
  return std::vector<RtValue>{operands[0].elements[index]};
}

Results tokenKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  for (const RtValue& v : operands) {
    if (v.kind != RtValue::Kind::kToken) return interp.opError(op, "operands must be tokens");
  }
  return std::vector<RtValue>{RtValue::token()};
}

// map: applies the computation to each index of the operands (which have one shape).
Results mapKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.empty() || op.regions.size() != 1) return interp.opError(op, "needs operands and a computation");
  std::vector<const Tensor*> inputs;
  for (size_t i = 0; i < operands.size(); ++i) {
    ASSIGN_OR_RETURN(auto t, tensorOperand(interp, op, operands, i));
    if (t->type().shape() != operands[0].tensor.type().shape()) return interp.opError(op, "operands must have one shape");
    inputs.push_back(t);
  }
  ASSIGN_OR_RETURN(auto result_type, resultTensorType(interp, op, 0, inputs[0]->type().shape()));
  Tensor out(result_type);
  std::vector<uint8_t> impl(out.numElements());
  for (int64_t i = 0; i < out.numElements(); ++i) {
    std::vector<RtValue> args;
    for (size_t k = 0; k < inputs.size(); ++k) {
      Tensor scalar(Type::tensor({}, inputs[k]->type().tensorElement()));
      for (int part = 0; part < (isComplex(inputs[k]->elementType()) ? 2 : 1); ++part) scalar.setBits(0, inputs[k]->bits(i, part), part);
      args.push_back(RtValue::ofTensor(std::move(scalar), {operands[k].isImplDefined(i)}));
    }
    ASSIGN_OR_RETURN(auto r, interp.runRegion(op.regions[0], std::move(args)));
    if (r.size() != 1 || !r[0].isTensor() || r[0].tensor.numElements() != 1 ||
        r[0].tensor.elementType() != out.elementType()) {
      return interp.opError(op, "the computation must return one scalar of the result element type");
    }
    for (int part = 0; part < (isComplex(out.elementType()) ? 2 : 1); ++part) out.setBits(i, r[0].tensor.bits(0, part), part);
    impl[i] = r[0].isImplDefined(0);
  }
  return std::vector<RtValue>{RtValue::ofTensor(std::move(out), std::move(impl))};
}

// Marks every element of `v` (and of the tensors of a tuple) implementation-defined.
void markAll(RtValue& v) {
  if (v.isTensor()) {
    v.impl_defined.assign(v.tensor.numElements(), 1);
  } else if (v.kind == RtValue::Kind::kTuple) {
    for (RtValue& e : v.elements) markAll(e);
  }
}

// if and case: runs the branch the scalar operand selects. Spec (case): an index out of [0, N) selects
// the last branch.
Results branchKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const bool is_if = op.id == OpId::kIf;
  if (operands.size() != 1 || !operands[0].isTensor() || operands[0].tensor.numElements() != 1) {
    return interp.opError(op, "needs one scalar operand");
  }
  if (op.regions.empty()) return interp.opError(op, "has no branches");
  const ElementType t = operands[0].tensor.elementType();
  size_t branch;
  if (is_if) {
    if (op.regions.size() != 2) return interp.opError(op, "needs two branches");
    if (t != ElementType::kI1) return interp.opError(op, "the predicate must be a tensor<i1>");
    branch = operands[0].tensor.bits(0) ? 0 : 1;
  } else {
    if (!isInteger(t) || operands[0].tensor.type().isQuantized()) return interp.opError(op, "the index must be an integer tensor");
    const __int128 index = integerValue(t, operands[0].tensor.bits(0));
    branch = (index < 0 || index >= static_cast<__int128>(op.regions.size())) ? op.regions.size() - 1 : static_cast<size_t>(index);
  }
  ASSIGN_OR_RETURN(auto results, interp.runRegion(op.regions[branch], {}));
  if (operands[0].isImplDefined(0)) {
    for (RtValue& r : results) markAll(r);
  }
  return results;
}

// while: runs body while cond returns true; returns the final loop state.
Results whileKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (op.regions.size() != 2) return interp.opError(op, "needs a cond and a body region");
  std::vector<RtValue> state = std::move(operands);
  bool decided_on_marked = false;
  for (int64_t iteration = 0;; ++iteration) {
    ASSIGN_OR_RETURN(auto cond, interp.runRegion(op.regions[0], state));
    if (cond.size() != 1 || !cond[0].isTensor() || cond[0].tensor.elementType() != ElementType::kI1 ||
        cond[0].tensor.numElements() != 1) {
      return interp.opError(op, "the cond region must return one tensor<i1>");
    }
    decided_on_marked = decided_on_marked || cond[0].isImplDefined(0);
    if (!cond[0].tensor.bits(0)) break;
    if (iteration >= interp.options().max_while_iterations) {
      return interp.opError(op, strCat("stopped after ", interp.options().max_while_iterations,
                                       " iterations (EvalOptions::max_while_iterations)"));
    }
    ASSIGN_OR_RETURN(auto next, interp.runRegion(op.regions[1], std::move(state)));
    state = std::move(next);
  }
  if (decided_on_marked) {
    for (RtValue& r : state) markAll(r);
  }
  return state;
}

constexpr KernelDef kKernels[] = {
    {OpId::kConstant, constantKernel},
    {OpId::kChloConstant, constantKernel},  // chlo.constant: the same literal form and meaning
    {OpId::kIota, iotaKernel},
    {OpId::kTuple, tupleKernel},
    {OpId::kGetTupleElement, getTupleElementKernel},
    {OpId::kAfterAll, tokenKernel},
    {OpId::kCreateToken, tokenKernel},
    {OpId::kMap, mapKernel},
    {OpId::kIf, branchKernel},
    {OpId::kCase, branchKernel},
    {OpId::kWhile, whileKernel},
};

}  // namespace

std::span<const KernelDef> controlKernels() { return kKernels; }

}  // namespace hloconf::ref
