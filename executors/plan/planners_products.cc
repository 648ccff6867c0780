// Planners of the products and linear algebra family: dot_general, dot, convolution, batch_norm_*,
// cholesky, triangular_solve and fft. Each decodes its attributes once into a canonical form
// (products_params.h) that the kernels run without reading the IR.
#include <algorithm>
#include <bit>
#include <cmath>
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

// chlo.ragged_dot: the index maps of the reference's kernel (reference/kernels_dot.cc), decided once.
absl::Status planRaggedDot(const Operation& op, Step& step, const Plan&) {
  if (op.operands.size() != 3 || op.results.size() != 1) return absl::InvalidArgumentError("ragged_dot takes three operands and has one result");
  for (const Type* t : {&op.operands[0]->type, &op.operands[1]->type, &op.results[0]->type})
    if (t->isQuantized()) return absl::UnimplementedError("quantized operands (chlo.md gives no quantized semantics for ragged_dot)");
  const RaggedDotOp dot(op);
  const std::vector<int64_t> lb = dot.lhsBatchingDims(), rb = dot.rhsBatchingDims();
  const std::vector<int64_t> lc = dot.lhsContractingDims(), rc = dot.rhsContractingDims();
  const std::vector<int64_t> group_dims = dot.rhsGroupDims();
  const std::vector<int64_t>& ls = op.operands[0]->type.shape();
  const std::vector<int64_t>& rs = op.operands[1]->type.shape();
  const std::vector<int64_t>& gs = op.operands[2]->type.shape();
  const int64_t lrank = static_cast<int64_t>(ls.size()), rrank = static_cast<int64_t>(rs.size());
  // The verifier has checked these (verify::raggedDot); they guard the index arithmetic below.
  if (dot.lhsRaggedDims().size() != 1 || gs.empty() || lb.size() != rb.size() || lc.size() != rc.size() ||
      !inRange(lb, lrank) || !inRange(lc, lrank) || !inRange(rb, rrank) || !inRange(rc, rrank) || !inRange(group_dims, rrank) ||
      !inRange(dot.lhsRaggedDims(), lrank))
    return absl::InvalidArgumentError("ragged_dot's dimension numbers are out of range (ragged_dot (dot_general C1-C8))");
  for (size_t i = 0; i < lb.size(); ++i)
    if (ls[lb[i]] != rs[rb[i]]) return absl::InvalidArgumentError("batching dimension sizes differ (ragged_dot (dot_general C9))");
  for (size_t i = 0; i < lc.size(); ++i)
    if (ls[lc[i]] != rs[rc[i]]) return absl::InvalidArgumentError("contracting dimension sizes differ (ragged_dot (dot_general C10))");
  const int64_t ragged = dot.lhsRaggedDims()[0];
  const RaggedDotOp::Mode mode = dot.mode(ragged);
  auto params = std::make_shared<RaggedDotParams>();
  RaggedDotParams& p = *params;
  p.mode = static_cast<uint8_t>(mode);
  p.groups = gs.back();
  if (mode == RaggedDotOp::Mode::kNonContracting && (group_dims.size() != 1 || rs[group_dims[0]] != p.groups))
    return absl::InvalidArgumentError("mode 1 needs one rhs group dimension with one entry per group (ragged_dot (mode 1))");
  const std::vector<int64_t> prefix = gs.size() > 1 ? dot.groupSizesPrefix(ragged) : std::vector<int64_t>{};
  bool rows_fit = gs.size() == 1 || gs.size() == prefix.size() + 1;
  for (size_t i = 0; rows_fit && i < prefix.size(); ++i) rows_fit = gs[i] == ls[prefix[i]];
  if (!rows_fit) return absl::InvalidArgumentError("group_sizes must have shape [g] or [b..., x..., g] (ragged_dot (group_sizes))");

  const std::vector<int64_t> lf = freeDims(lrank, lb, lc);
  std::vector<int64_t> rf;
  for (int64_t d : freeDims(rrank, rb, rc))
    if (std::find(group_dims.begin(), group_dims.end(), d) == group_dims.end()) rf.push_back(d);
  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs), gst = rowMajorStrides(gs);
  auto addDim = [&](int64_t size, int64_t l, int64_t r) {
    p.result_shape.push_back(size);
    p.lhs_step.push_back(l);
    p.rhs_step.push_back(r);
  };
  if (mode == RaggedDotOp::Mode::kContracting) addDim(p.groups, 0, 0);
  for (size_t i = 0; i < lb.size(); ++i) addDim(ls[lb[i]], lst[lb[i]], rst[rb[i]]);
  for (int64_t d : lf) addDim(ls[d], lst[d], 0);
  for (int64_t d : rf) addDim(rs[d], 0, rst[d]);
  if (op.results[0]->type.shape() != p.result_shape)
    return absl::InvalidArgumentError("the result shape is not [g,] batch + lhs free + rhs free dims (ragged_dot (result))");
  if (mode == RaggedDotOp::Mode::kNonContracting) p.rhs_group_stride = rst[group_dims[0]];

  const size_t lead = mode == RaggedDotOp::Mode::kContracting ? 1 : 0;
  auto resultDim = [&](int64_t d) -> int64_t {  // of lhs dimension d, -1 for a contracting one
    for (size_t i = 0; i < lb.size(); ++i) if (lb[i] == d) return static_cast<int64_t>(lead + i);
    for (size_t i = 0; i < lf.size(); ++i) if (lf[i] == d) return static_cast<int64_t>(lead + lb.size() + i);
    return -1;
  };
  auto contractingPos = [&](int64_t d) { return static_cast<int64_t>(std::find(lc.begin(), lc.end(), d) - lc.begin()); };
  for (size_t i = 0; i < prefix.size(); ++i) {
    p.prefix_stride.push_back(gst[i]);
    p.prefix_result_dim.push_back(resultDim(prefix[i]));
    p.prefix_contracting_pos.push_back(p.prefix_result_dim.back() < 0 ? contractingPos(prefix[i]) : -1);
  }
  if (mode == RaggedDotOp::Mode::kContracting) p.ragged_contracting_pos = contractingPos(ragged);
  else p.ragged_result_dim = resultDim(ragged);

  // The contracting positions, row-major over the lhs contracting dims in list order.
  p.contracting_rank = static_cast<int64_t>(lc.size());
  std::vector<int64_t> sizes, l_strides, r_strides;
  for (size_t j = 0; j < lc.size(); ++j) {
    sizes.push_back(ls[lc[j]]);
    l_strides.push_back(lst[lc[j]]);
    r_strides.push_back(rst[rc[j]]);
  }
  const int64_t count = numElements(sizes);
  if (count > (int64_t{1} << 26)) return absl::UnimplementedError("more than 2^26 contracting positions");
  std::vector<int64_t> coordinate(lc.size(), 0);
  if (count > 0) {
    do {
      p.lhs_offsets.push_back(linearOffset(coordinate, l_strides));
      p.rhs_offsets.push_back(linearOffset(coordinate, r_strides));
      p.coordinates.insert(p.coordinates.end(), coordinate.begin(), coordinate.end());
    } while (nextIndex(coordinate, sizes));
  }
  step.params = std::move(params);
  return absl::OkStatus();
}

// --- convolution --------------------------------------------------------------------------------------------

// convolution, and dynamic_conv (dynamic: its padding is operand 2, read by the kernel at run time).
absl::Status planConvolutionLike(const Operation& op, Step& step, bool dynamic) {
  const ConvolutionAttributes conv(op);
  const std::vector<int64_t>& ls = op.operands[0]->type.shape();
  const std::vector<int64_t>& rs = op.operands[1]->type.shape();
  const std::vector<int64_t>& os = op.results[0]->type.shape();
  const int64_t rank = static_cast<int64_t>(ls.size());
  if (rank < 2 || static_cast<int64_t>(rs.size()) != rank || static_cast<int64_t>(os.size()) != rank)
    return absl::InvalidArgumentError("lhs, rhs and result need the same rank, at least 2 (C1)");
  const int64_t sr = rank - 2;
  const ConvDimensionNumbers& dn = conv.dimensionNumbers();
  const std::vector<int64_t> in_dims = concat({&dn.input_spatial}), k_dims = concat({&dn.kernel_spatial}),
                             o_dims = concat({&dn.output_spatial});
  if (static_cast<int64_t>(dn.input_spatial.size()) != sr || static_cast<int64_t>(dn.kernel_spatial.size()) != sr ||
      static_cast<int64_t>(dn.output_spatial.size()) != sr)
    return absl::InvalidArgumentError("the spatial dimension lists need rank - 2 entries (C12, C17, C19)");
  std::vector<int64_t> all_in = in_dims, all_k = k_dims, all_o = o_dims;
  all_in.insert(all_in.end(), {dn.input_batch, dn.input_feature});
  all_k.insert(all_k.end(), {dn.kernel_input_feature, dn.kernel_output_feature});
  all_o.insert(all_o.end(), {dn.output_batch, dn.output_feature});
  if (!inRange(all_in, rank) || !isUnique(all_in) || !inRange(all_k, rank) || !isUnique(all_k) ||
      !inRange(all_o, rank) || !isUnique(all_o))
    return absl::InvalidArgumentError("dimension_numbers repeat a dimension or leave the rank (C13, C18, C20)");

  auto list = [&](std::optional<std::vector<int64_t>> v, int64_t fill, const char* name) -> absl::StatusOr<std::vector<int64_t>> {
    if (!v) return std::vector<int64_t>(static_cast<size_t>(sr), fill);
    if (static_cast<int64_t>(v->size()) != sr) return absl::InvalidArgumentError(strCat(name, " needs rank - 2 entries"));
    return *v;
  };
  auto params = std::make_shared<ConvParams>();
  ConvParams& p = *params;
  ASSIGN_OR_RETURN(p.stride, list(conv.windowStrides(), 1, "window_strides"));
  ASSIGN_OR_RETURN(p.lhs_dilation, list(conv.lhsDilation(), 1, "lhs_dilation"));
  ASSIGN_OR_RETURN(p.rhs_dilation, list(conv.rhsDilation(), 1, "rhs_dilation"));
  for (size_t i = 0; i < static_cast<size_t>(sr); ++i)
    if (p.stride[i] <= 0 || p.lhs_dilation[i] <= 0 || p.rhs_dilation[i] <= 0)
      return absl::InvalidArgumentError("window strides and dilations must be positive (C3, C6, C8)");
  std::vector<int64_t> pad_high(static_cast<size_t>(sr), 0);
  p.pad_low.assign(static_cast<size_t>(sr), 0);
  p.dynamic_padding = dynamic;
  if (dynamic) {
    const Type& padding = op.operands[2]->type;
    if (padding.rank() != 2 || padding.shape()[0] != sr || padding.shape()[1] != 2 || !isInteger(padding.elementType()))
      return absl::InvalidArgumentError("d_padding needs an integer tensor of shape [rank - 2, 2] (dynamic_conv (C4))");
  } else if (auto padding = conv.padding()) {
    if (static_cast<int64_t>(padding->size()) != sr) return absl::InvalidArgumentError("padding needs rank - 2 rows (C4)");
    for (size_t i = 0; i < padding->size(); ++i) {
      if ((*padding)[i].size() != 2) return absl::InvalidArgumentError("padding rows need 2 entries (C4)");
      p.pad_low[i] = (*padding)[i][0];
      pad_high[i] = (*padding)[i][1];
    }
  }
  p.reversal.assign(static_cast<size_t>(sr), false);
  if (auto reversal = conv.windowReversal()) {
    if (static_cast<int64_t>(reversal->size()) != sr) return absl::InvalidArgumentError("window_reversal needs rank - 2 entries (C9)");
    p.reversal = *reversal;
  }
  p.feature_groups = conv.featureGroupCount();
  p.batch_groups = conv.batchGroupCount();
  if (p.feature_groups <= 0 || p.batch_groups <= 0 || (p.feature_groups > 1 && p.batch_groups > 1))
    return absl::InvalidArgumentError("feature_group_count and batch_group_count must be positive, one of them 1 (C21-C23)");

  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs), ost = rowMajorStrides(os);
  p.spatial_rank = sr;
  p.in_batch = ls[dn.input_batch];
  p.in_features = ls[dn.input_feature];
  p.in_batch_stride = lst[dn.input_batch];
  p.in_feature_stride = lst[dn.input_feature];
  p.k_in_features = rs[dn.kernel_input_feature];
  p.k_out_features = rs[dn.kernel_output_feature];
  p.k_in_stride = rst[dn.kernel_input_feature];
  p.k_out_stride = rst[dn.kernel_output_feature];
  p.out_batch = os[dn.output_batch];
  p.out_features = os[dn.output_feature];
  p.out_batch_stride = ost[dn.output_batch];
  p.out_feature_stride = ost[dn.output_feature];
  for (int64_t i = 0; i < sr; ++i) {
    p.in_spatial.push_back(ls[dn.input_spatial[i]]);
    p.in_spatial_stride.push_back(lst[dn.input_spatial[i]]);
    p.k_spatial.push_back(rs[dn.kernel_spatial[i]]);
    p.k_spatial_stride.push_back(rst[dn.kernel_spatial[i]]);
    p.out_spatial.push_back(os[dn.output_spatial[i]]);
    p.out_spatial_stride.push_back(ost[dn.output_spatial[i]]);
  }
  if (p.in_batch % p.batch_groups != 0 || p.in_features % p.feature_groups != 0 ||
      p.k_in_features * p.feature_groups != p.in_features || p.k_out_features % p.batch_groups != 0 ||
      p.k_out_features % p.feature_groups != 0)
    return absl::InvalidArgumentError("feature or batch sizes do not divide into the groups (C10, C11, C14-C16)");
  if (p.out_batch != p.in_batch / p.batch_groups || p.out_features != p.k_out_features)
    return absl::InvalidArgumentError("the result's batch or feature size is wrong (C25)");
  for (int64_t i = 0; i < sr && !dynamic; ++i) {
    const int64_t in = p.in_spatial[i], win = p.k_spatial[i];
    const int64_t dilated_in = in == 0 ? 0 : (in - 1) * p.lhs_dilation[i] + 1;
    const int64_t padded = p.pad_low[i] + dilated_in + pad_high[i];
    const int64_t dilated_win = win == 0 ? 0 : (win - 1) * p.rhs_dilation[i] + 1;
    const int64_t windows =
        padded <= 0 || dilated_win > padded ? 0 : (padded - dilated_win) / p.stride[i] + 1;
    if (p.out_spatial[i] != windows)
      return absl::InvalidArgumentError(strCat("result spatial dimension ", i, " is ", p.out_spatial[i], ", not ", windows, " (C25)"));
  }
  p.output_canonical = dn.output_batch == 0 && dn.output_feature == rank - 1;
  for (int64_t i = 0; i < sr; ++i) p.output_canonical = p.output_canonical && dn.output_spatial[i] == i + 1;
  int64_t kc = p.k_in_features;
  for (int64_t v : p.k_spatial) kc *= v;
  if (kc > INT_MAX || p.k_out_features > INT_MAX) return absl::UnimplementedError("a GEMM dimension past 2^31 - 1 (BLAS's int)");
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planConvolution(const Operation& op, Step& step, const Plan&) { return planConvolutionLike(op, step, false); }
absl::Status planDynamicConv(const Operation& op, Step& step, const Plan&) { return planConvolutionLike(op, step, true); }

// --- batch_norm_* -------------------------------------------------------------------------------------------

// A value of `t` (f16, bf16, f32, f64) as a double, from its bits.
std::optional<double> floatValue(ElementType t, uint64_t bits) {
  switch (t) {
    case ElementType::kF64: return std::bit_cast<double>(bits);
    case ElementType::kF32: return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
    case ElementType::kBF16: return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits) << 16));
    case ElementType::kF16: {
      const int exponent = static_cast<int>((bits >> 10) & 0x1F);
      const double fraction = static_cast<double>(bits & 0x3FF);
      const double magnitude = exponent == 0x1F ? (fraction != 0 ? NAN : INFINITY)
                               : exponent == 0  ? std::ldexp(fraction, -24)
                                                : std::ldexp(1024 + fraction, exponent - 25);
      return (bits & 0x8000) ? -magnitude : magnitude;
    }
    default: return std::nullopt;
  }
}

// `v` rounded to the float type `t` (f16, bf16, f32, f64), to nearest even, as a double.
double roundedTo(ElementType t, double v) {
  if (t == ElementType::kF64) return v;
  if (t == ElementType::kF32) return static_cast<double>(static_cast<float>(v));
  const int mantissa = t == ElementType::kF16 ? 10 : 7;
  const int min_exponent = t == ElementType::kF16 ? -14 : -126;
  const double max_finite = t == ElementType::kF16 ? 65504.0 : 0x1.fep127;
  if (!std::isfinite(v) || v == 0) return v;
  int e;
  std::frexp(v, &e);  // v = f * 2^e, 0.5 <= |f| < 1: the leading bit has weight 2^(e-1)
  const int lsb = std::max(e - 1, min_exponent) - mantissa;
  const double r = std::ldexp(std::nearbyint(std::ldexp(v, -lsb)), lsb);
  if (std::fabs(r) > max_finite) return std::copysign(INFINITY, v);
  return r;
}

// operands[0] is the full operand; `full` lists the other operands of its shape, the rest are [features].
absl::Status planBatchNorm(const Operation& op, Step& step, std::initializer_list<size_t> full) {
  const BatchNormAttributes bn(op);
  const Type& operand = op.operands[0]->type;
  const ElementType t = operand.elementType();
  const int64_t rank = operand.rank(), feature_index = bn.featureIndex();
  if (feature_index < 0 || feature_index >= rank)
    return absl::InvalidArgumentError(strCat("feature_index ", feature_index, " is out of range for rank ", rank, " (C1)"));
  auto params = std::make_shared<BatchNormParams>();
  BatchNormParams& p = *params;
  p.feature_index = feature_index;
  const std::vector<int64_t>& shape = operand.shape();
  p.features = shape[feature_index];
  for (int64_t d = 0; d < feature_index; ++d) p.outer *= shape[d];
  for (int64_t d = feature_index + 1; d < rank; ++d) p.inner *= shape[d];
  auto check = [&](const Type& type, bool is_full, const char* what, size_t i) -> absl::Status {
    if (type.elementType() != t)
      return absl::InvalidArgumentError(strCat(what, " ", i, " is ", type.toString(), "; every operand and result needs the operand's element type"));
    if (is_full ? type.shape() != shape : (type.rank() != 1 || type.shape()[0] != p.features))
      return absl::InvalidArgumentError(strCat(what, " ", i, " has shape ", type.toString(), ", which does not match the operand and feature_index"));
    return absl::OkStatus();
  };
  for (size_t i = 1; i < op.operands.size(); ++i)
    RETURN_IF_ERROR(check(op.operands[i]->type, std::find(full.begin(), full.end(), i) != full.end(), "operand", i));
  for (size_t i = 0; i < op.results.size(); ++i) RETURN_IF_ERROR(check(op.results[i]->type, i == 0, "result", i));
  const std::optional<double> epsilon = floatValue(bn.epsilonType(), bn.epsilonBits());
  if (!epsilon) return absl::UnimplementedError(strCat("an epsilon of type ", elementTypeName(bn.epsilonType())));
  if (!floatValue(t, 0)) return absl::UnimplementedError(strCat("batch norm on ", elementTypeName(t)));
  p.epsilon = roundedTo(t, *epsilon);  // the spec's constant(epsilon, element_type(operand))
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planBatchNormInference(const Operation& op, Step& step, const Plan&) { return planBatchNorm(op, step, {}); }
absl::Status planBatchNormTraining(const Operation& op, Step& step, const Plan&) { return planBatchNorm(op, step, {}); }
absl::Status planBatchNormGrad(const Operation& op, Step& step, const Plan&) { return planBatchNorm(op, step, {4}); }

// --- cholesky, triangular_solve -------------------------------------------------------------------------

absl::Status planCholesky(const Operation& op, Step& step, const Plan&) {
  const Type& a = op.operands[0]->type;
  if (a.rank() < 2 || a.shape()[a.rank() - 1] != a.shape()[a.rank() - 2])
    return absl::InvalidArgumentError("a needs rank >= 2 and square matrices (C2, C3)");
  if (op.results[0]->type.shape() != a.shape()) return absl::InvalidArgumentError("the result needs a's shape (C1)");
  auto params = std::make_shared<CholeskyParams>();
  params->lower = CholeskyOp(op).lower();
  params->n = a.shape().back();
  params->batch = a.numElements() / std::max<int64_t>(params->n * params->n, 1);
  if (params->n > INT_MAX) return absl::UnimplementedError("a matrix dimension past 2^31 - 1 (LAPACK's int)");
  if (params->n == 0) params->batch = 0;
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planTriangularSolve(const Operation& op, Step& step, const Plan&) {
  const TriangularSolveOp solve(op);
  const Type& a = op.operands[0]->type;
  const Type& b = op.operands[1]->type;
  const int64_t rank = a.rank();
  if (rank < 2 || b.rank() != rank) return absl::InvalidArgumentError("a and b need the same rank, at least 2 (C2)");
  const std::vector<int64_t>& as = a.shape();
  const std::vector<int64_t>& bs = b.shape();
  for (int64_t d = 0; d < rank - 2; ++d)
    if (as[d] != bs[d]) return absl::InvalidArgumentError("a and b need the same batch dimensions (C3)");
  auto params = std::make_shared<TriangularSolveParams>();
  TriangularSolveParams& p = *params;
  p.left_side = solve.leftSide();
  p.lower = solve.lower();
  p.unit_diagonal = solve.unitDiagonal();
  const std::string_view transpose = solve.transposeA();
  if (transpose == "NO_TRANSPOSE" || transpose.empty()) p.transpose_a = Transpose::kNo;
  else if (transpose == "TRANSPOSE") p.transpose_a = Transpose::kTranspose;
  else if (transpose == "ADJOINT") p.transpose_a = Transpose::kAdjoint;
  else return absl::InvalidArgumentError(strCat("unknown transpose_a ", transpose));
  p.m = bs[rank - 2];
  p.n = bs[rank - 1];
  const int64_t k = as[rank - 1];
  if (as[rank - 2] != k || k != (p.left_side ? p.m : p.n))
    return absl::InvalidArgumentError("a must be square, of b's rows (left_side) or columns (C3)");
  if (op.results[0]->type.shape() != bs) return absl::InvalidArgumentError("the result needs b's shape");
  p.batch = 1;
  for (int64_t d = 0; d < rank - 2; ++d) p.batch *= bs[d];
  if (p.m > INT_MAX || p.n > INT_MAX) return absl::UnimplementedError("a matrix dimension past 2^31 - 1 (BLAS's int)");
  step.params = std::move(params);
  return absl::OkStatus();
}

// --- fft ------------------------------------------------------------------------------------------------------

absl::Status planFft(const Operation& op, Step& step, const Plan&) {
  const FftOp fft(op);
  auto params = std::make_shared<FftParams>();
  FftParams& p = *params;
  const std::string_view kind = fft.fftType();
  if (kind == "FFT") p.kind = FftKind::kFft;
  else if (kind == "IFFT") p.kind = FftKind::kIfft;
  else if (kind == "RFFT") p.kind = FftKind::kRfft;
  else if (kind == "IRFFT") p.kind = FftKind::kIrfft;
  else return absl::InvalidArgumentError(strCat("unknown fft_type ", kind));
  p.lengths = fft.fftLength();
  const Type& in = op.operands[0]->type;
  const Type& out = op.results[0]->type;
  const int64_t rank = in.rank(), l = static_cast<int64_t>(p.lengths.size());
  if (l < 1 || l > 3 || l > rank || out.rank() != rank)
    return absl::InvalidArgumentError("fft_length needs 1 to 3 entries, at most the operand's rank (C1)");
  for (int64_t v : p.lengths)
    if (v < 0 || v > INT_MAX) return absl::InvalidArgumentError("fft_length entries must be non-negative ints");
  // The transformed dims: the real side holds fft_length, the complex side of RFFT/IRFFT the last one
  // halved (n / 2 + 1).
  const bool real_in = p.kind == FftKind::kRfft, real_out = p.kind == FftKind::kIrfft;
  std::vector<int64_t> complex_dims = p.lengths;
  if (real_in || real_out) complex_dims.back() = p.lengths.back() == 0 ? 0 : p.lengths.back() / 2 + 1;
  const std::vector<int64_t>& want_in = real_in ? p.lengths : (real_out ? complex_dims : p.lengths);
  const std::vector<int64_t>& want_out = real_out ? p.lengths : (real_in ? complex_dims : p.lengths);
  for (int64_t d = 0; d < rank - l; ++d)
    if (in.shape()[d] != out.shape()[d]) return absl::InvalidArgumentError("the batch dims of operand and result differ");
  for (int64_t i = 0; i < l; ++i) {
    if (in.shape()[rank - l + i] != want_in[i] && !real_in && !real_out)
      return absl::UnimplementedError(strCat("fft_length ", want_in[i], " differs from operand dim ", rank - l + i));
    if (in.shape()[rank - l + i] != want_in[i])
      return absl::InvalidArgumentError(strCat("operand dim ", rank - l + i, " is ", in.shape()[rank - l + i], ", not ", want_in[i], " (C3, C4)"));
    if (out.shape()[rank - l + i] != want_out[i])
      return absl::InvalidArgumentError(strCat("result dim ", rank - l + i, " is ", out.shape()[rank - l + i], ", not ", want_out[i], " (C5)"));
  }
  const ElementType it = in.elementType(), ot = out.elementType();
  const bool types_ok = real_in    ? ((it == ElementType::kF32 && ot == ElementType::kC64) || (it == ElementType::kF64 && ot == ElementType::kC128))
                        : real_out ? ((it == ElementType::kC64 && ot == ElementType::kF32) || (it == ElementType::kC128 && ot == ElementType::kF64))
                                   : (isComplex(it) && it == ot);
  if (!types_ok)
    return absl::InvalidArgumentError(strCat(kind, " from ", elementTypeName(it), " to ", elementTypeName(ot), " (C2, C5)"));
  for (int64_t d = 0; d < rank - l; ++d) p.batch *= in.shape()[d];
  for (int64_t i = 0; i < l; ++i) {
    p.in_inner *= want_in[i];
    p.out_inner *= want_out[i];
  }
  step.params = std::move(params);
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kDotGeneral, planDotGeneral},
    {OpId::kDot, planDot},
    {OpId::kConvolution, planConvolution},
    {OpId::kDynamicConv, planDynamicConv},
    {OpId::kBatchNormInference, planBatchNormInference},
    {OpId::kBatchNormTraining, planBatchNormTraining},
    {OpId::kBatchNormGrad, planBatchNormGrad},
    {OpId::kCholesky, planCholesky},
    {OpId::kTriangularSolve, planTriangularSolve},
    {OpId::kFft, planFft},
    {OpId::kChloRaggedDot, planRaggedDot},
};

}  // namespace

std::span<const OpPlanner> productsPlanners() { return kPlanners; }

}  // namespace hloconf::plan
