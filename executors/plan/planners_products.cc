// Planners of the products and linear algebra family: dot_general, dot, convolution, batch_norm_*,
// cholesky, triangular_solve and fft. Each decodes its attributes once into a canonical form
// (products_params.h) that the kernels run without reading the IR.
#include <algorithm>
#include <climits>
#include <numeric>
#include <optional>

#include "executors/plan/planners.h"
#include "executors/plan/products_params.h"
#include "ir/index_space.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {
namespace {

bool isUnique(std::vector<int64_t> dims) {
  std::sort(dims.begin(), dims.end());
  return std::adjacent_find(dims.begin(), dims.end()) == dims.end();
}
bool inRange(const std::vector<int64_t>& dims, int64_t rank) {
  return std::all_of(dims.begin(), dims.end(), [&](int64_t d) { return d >= 0 && d < rank; });
}
bool isIdentity(const std::vector<int64_t>& order) {
  for (size_t i = 0; i < order.size(); ++i)
    if (order[i] != static_cast<int64_t>(i)) return false;
  return true;
}
std::vector<int64_t> concat(std::initializer_list<const std::vector<int64_t>*> parts) {
  std::vector<int64_t> out;
  for (const auto* p : parts) out.insert(out.end(), p->begin(), p->end());
  return out;
}
std::vector<int64_t> freeDims(int64_t rank, const std::vector<int64_t>& batch, const std::vector<int64_t>& contract) {
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d)
    if (std::find(batch.begin(), batch.end(), d) == batch.end() &&
        std::find(contract.begin(), contract.end(), d) == contract.end())
      out.push_back(d);
  return out;
}
int64_t product(const std::vector<int64_t>& shape, const std::vector<int64_t>& dims) {
  int64_t p = 1;
  for (int64_t d : dims) p *= shape[d];
  return p;
}

std::optional<InputRounding> roundingTo(ElementType t) {
  switch (t) {
    case ElementType::kBF16: return InputRounding::kBF16;
    case ElementType::kF16: return InputRounding::kF16;
    case ElementType::kTF32: return InputRounding::kTF32;
    case ElementType::kF32: return InputRounding::kF32;
    case ElementType::kF64: return InputRounding::kNone;
    default: return std::nullopt;
  }
}

// The algorithm attribute of a dot_general on real floats: input roundings and the accumulation type.
absl::Status planAlgorithm(const DotGeneralOp& dot, ElementType lt, ElementType rt, DotParams& params) {
  if (!dot.algorithm() || !isFloat(lt) || !isFloat(rt)) return absl::OkStatus();
  auto count = [&](std::string_view name) -> absl::StatusOr<int64_t> {
    const Attribute* f = dot.algorithmField(name);
    if (!f) return 1;
    std::optional<int64_t> v = decode::i64(f);
    if (!v || *v <= 0)
      return absl::InvalidArgumentError(strCat("the dot algorithm's ", name, " must be a positive integer (C22-C24)"));
    return *v;
  };
  ASSIGN_OR_RETURN(const int64_t lcount, count("lhs_component_count"));
  ASSIGN_OR_RETURN(const int64_t rcount, count("rhs_component_count"));
  ASSIGN_OR_RETURN(const int64_t nops, count("num_primitive_operations"));
  auto rounding = [&](std::string_view name, ElementType operand, int64_t components) -> absl::StatusOr<InputRounding> {
    const Type* t = decode::type(dot.algorithmField(name));
    if (!t) return InputRounding::kNone;
    std::optional<InputRounding> r = roundingTo(t->elementType());
    if (!r)
      return absl::UnimplementedError(strCat("the dot algorithm's ", name, " ", elementTypeName(t->elementType()),
                                             " (inputs rounded to it) is not implemented by the cpu executor"));
    // A side decomposed into components emulates its own precision: the executor multiplies it unrounded
    // in f32 or f64, which is what the components sum to.
    if (components > 1) return InputRounding::kNone;
    // Rounding to a type at least as precise as the operand changes nothing.
    const int operand_bits = floatFormat(operand).mantissa_bits;
    const int round_bits = floatFormat(t->elementType()).mantissa_bits;
    const int operand_exp = floatFormat(operand).exponent_bits;
    const int round_exp = floatFormat(t->elementType()).exponent_bits;
    if (round_bits >= operand_bits && round_exp >= operand_exp) return InputRounding::kNone;
    return *r;
  };
  if ((lcount > 1 || rcount > 1) && nops > lcount * rcount)
    return absl::InvalidArgumentError("num_primitive_operations exceeds the component products");
  ASSIGN_OR_RETURN(params.lhs_round, rounding("lhs_precision_type", lt, lcount));
  ASSIGN_OR_RETURN(params.rhs_round, rounding("rhs_precision_type", rt, rcount));
  if (const Type* acc = decode::type(dot.algorithmField("accumulation_type"))) {
    if (!isFloat(acc->elementType()) || roundingTo(acc->elementType()) == std::nullopt)
      return absl::UnimplementedError(strCat("the dot algorithm's accumulation_type ", elementTypeName(acc->elementType()),
                                             " is not implemented by the cpu executor"));
    params.accumulate_f64 = acc->elementType() == ElementType::kF64;
  }
  return absl::OkStatus();
}

// The canonical form of a dot with the given dimension numbers.
absl::Status planDotDims(const Operation& op, const std::vector<int64_t>& lb, const std::vector<int64_t>& rb,
                         const std::vector<int64_t>& lc, const std::vector<int64_t>& rc, DotParams& params) {
  const std::vector<int64_t>& ls = op.operands[0]->type.shape();
  const std::vector<int64_t>& rs = op.operands[1]->type.shape();
  const int64_t lrank = static_cast<int64_t>(ls.size()), rrank = static_cast<int64_t>(rs.size());
  if (lb.size() != rb.size() || lc.size() != rc.size())
    return absl::InvalidArgumentError("batching or contracting dimension lists differ in size (C1, C2)");
  if (!inRange(lb, lrank) || !inRange(lc, lrank) || !inRange(rb, rrank) || !inRange(rc, rrank))
    return absl::InvalidArgumentError("a batching or contracting dimension is out of range (C5-C8)");
  if (!isUnique(concat({&lb, &lc})) || !isUnique(concat({&rb, &rc})))
    return absl::InvalidArgumentError("batching and contracting dimensions repeat (C3, C4)");
  for (size_t i = 0; i < lb.size(); ++i)
    if (ls[lb[i]] != rs[rb[i]]) return absl::InvalidArgumentError("batching dimension sizes differ (C9)");
  for (size_t i = 0; i < lc.size(); ++i)
    if (ls[lc[i]] != rs[rc[i]]) return absl::InvalidArgumentError("contracting dimension sizes differ (C10)");
  const std::vector<int64_t> lf = freeDims(lrank, lb, lc), rf = freeDims(rrank, rb, rc);
  std::vector<int64_t> expected;
  for (int64_t d : lb) expected.push_back(ls[d]);
  for (int64_t d : lf) expected.push_back(ls[d]);
  for (int64_t d : rf) expected.push_back(rs[d]);
  if (op.results[0]->type.shape() != expected)
    return absl::InvalidArgumentError("the result shape is not batch + lhs free + rhs free dims (C12)");

  params.batch = product(ls, lb);
  params.m = product(ls, lf);
  params.n = product(rs, rf);
  params.k = product(ls, lc);
  for (int64_t v : {params.batch, params.m, params.n, params.k})
    if (v > INT_MAX) return absl::UnimplementedError("a GEMM dimension past 2^31 - 1 (BLAS's int)");

  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs);
  const std::vector<int64_t> lorder = concat({&lb, &lf, &lc}), rorder = concat({&rb, &rc, &rf});
  for (int64_t d : lorder) {
    params.lhs_shape.push_back(ls[d]);
    params.lhs_strides.push_back(lst[d]);
  }
  for (int64_t d : rorder) {
    params.rhs_shape.push_back(rs[d]);
    params.rhs_strides.push_back(rst[d]);
  }
  if (isIdentity(lorder)) params.lhs_direct = GemmOperand::kNoTrans;
  else if (isIdentity(concat({&lb, &lc, &lf}))) params.lhs_direct = GemmOperand::kTrans;
  if (isIdentity(rorder)) params.rhs_direct = GemmOperand::kNoTrans;
  else if (isIdentity(concat({&rb, &rf, &rc}))) params.rhs_direct = GemmOperand::kTrans;
  return absl::OkStatus();
}

absl::Status planDotGeneral(const Operation& op, Step& step, const Plan&) {
  const DotGeneralOp dot(op);
  auto params = std::make_shared<DotParams>();
  RETURN_IF_ERROR(planDotDims(op, dot.lhsBatchingDims(), dot.rhsBatchingDims(), dot.lhsContractingDims(),
                              dot.rhsContractingDims(), *params));
  RETURN_IF_ERROR(planAlgorithm(dot, op.operands[0]->type.elementType(), op.operands[1]->type.elementType(), *params));
  step.params = std::move(params);
  return absl::OkStatus();
}

// dot: vector . vector, matrix . vector, vector . matrix, matrix . matrix (lhs's last dim with rhs's first).
absl::Status planDot(const Operation& op, Step& step, const Plan&) {
  const int64_t lrank = op.operands[0]->type.rank(), rrank = op.operands[1]->type.rank();
  if (lrank < 1 || lrank > 2 || rrank < 1 || rrank > 2)
    return absl::InvalidArgumentError("dot takes operands of rank 1 or 2");
  auto params = std::make_shared<DotParams>();
  RETURN_IF_ERROR(planDotDims(op, {}, {}, {lrank - 1}, {0}, *params));
  step.params = std::move(params);
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kDotGeneral, planDotGeneral},
    {OpId::kDot, planDot},
};

}  // namespace

std::span<const OpPlanner> productsPlanners() { return kPlanners; }

}  // namespace hloconf::plan
