// dot_general: every result element is the exact sum of the exact products, rounded once to the
// result type, with an error bound that any accumulation order meets (RtValue::error_bound).
//
// - Floats: operand values are doubles; a long accumulator adds their products exactly and rounds the sum
//   once to the result type, and the bound is built in the same pass (ProductSum, exact_sum.h). Result
//   elements run in parallel on the evaluator's thread pool; each is computed alone, so the bits do not
//   depend on the number of threads.
// - Complex: real part sum(ar*br - ai*bi), imaginary part sum(ar*bi + ai*br), each summed exactly.
// - Integers: the exact sum wraps to the result type; an exact sum out of range marks the element
//   implementation-defined (integer overflow, as for add).
// - `algorithm` (#stablehlo.dot_algorithm): float inputs are first rounded to lhs/rhs_precision_type (the
//   spec: the precisions the inputs are rounded to), and accumulation_type sets the bound's unit roundoff.
//   With component counts above 1 (bf16_6x, tf32_3x, ...) a decomposed side is not rounded: the golden
//   value is the exact dot of the inputs, and the bound adds the decomposition's allowance
//   (decompositionModel).
//
// Error bound (absolute, rounded up; SumBound in exact_sum.h, argued in docs/accumulation.md, "The
// accumulation model"), for n products in the accumulation format (u = 2^-p, eta = half its smallest
// subnormal), whatever the order, the tree, rounded products or FMAs:
//   gamma(n) * sum |a_i b_i| + input-rounding terms + s * eta * (1 + gamma(n)) + half an ulp of the golden value,
// with gamma(k) = k u / (1 - k u) (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., 3.1) and
// s the number of products whose exact value is not a multiple of the smallest subnormal (only their
// roundings can lose an absolute amount; additions in the subnormal range are exact). +infinity when some
// order may overflow (or form inf - inf), never NaN. The input-rounding terms cover precision_config:
// DEFAULT lets an implementation round f32 inputs to bf16 (u_in = 2^-8), HIGH to tf32 (2^-11); a product
// of inputs each within u_in relative is within (2 u_in + u_in^2) |a b| (plus absolute terms for inputs in
// the subnormal range of the rounding format). HIGHEST, f64/f16/bf16 inputs, and an explicit algorithm
// (whose rounding the golden value already applies) add nothing.
#include <algorithm>
#include <cmath>
#include <optional>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/elementwise.h"
#include "reference/exact_sum.h"
#include "reference/kernels.h"
#include "reference/numerics.h"
#include "reference/parallel.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

// A dot algorithm that decomposes its inputs into components (spec: lhs_component_count,
// rhs_component_count, num_primitive_operations; "bf16_6x", "tf32_3x"): an input x of a decomposed side is
// split as x = x_1 + ... + x_c + r, x_1 = RN(x) and x_i = RN(x - x_1 - ... - x_{i-1}) in the component type
// (unit roundoff u), so |x_i| <= (1 + u) u^(i-1) |x| and |r| <= u^c |x|. The implementation computes
// num_primitive_operations of the products x_i y_j, assumed to be those of smallest i + j (the most
// significant: for 3 x 3 components and 6 products, every pair with i + j <= 4), each a dot accumulated in
// the accumulation type, and sums them. The golden value is the exact dot product of the undecomposed
// inputs (the algorithm's purpose is to emulate it), rounded once; the bound adds, per product |a b|,
//   relative = (sum over omitted pairs of u_l^(i-1) u_r^(j-1) + R_l + R_r + R_l R_r) (1 + u_l)(1 + u_r),
// R = u^c for a decomposed side (0 for a side of one component, which is rounded as without
// decomposition), and accumulates n * num_primitive_operations products whose magnitudes sum to at most
// magnitude_factor = (1 + u_l)(1 + u_r) / ((1 - u_l)(1 - u_r)) times sum |a b|. docs/accumulation.md.
//
// The model of such a decomposition for the bound (InputModel in exact_sum.h). With gradual underflow a
// component's rounding may also have an absolute error up to half the component format's smallest
// subnormal eta_c, so |r_i| <= u^i |x| + eta_c / (1 - u) and |x_i| <= (1 + u) (u^(i-1) |x| + eta_c / (1 - u)).
// Each of the (omitted pairs + 3 residual products) terms of the error then gains at most
// t = (1 + u)(kappa_a |b| + kappa_b |a|) + kappa_a kappa_b with kappa = 2 eta_c >= (1 + u) eta_c / (1 - u),
// and each computed product x_i y_j at most t in magnitude. A factor that is a multiple of the smallest
// subnormal has exact residuals in the subnormal range (kappa = 0).
InputModel decompositionModel(ElementType l_type, ElementType r_type, int64_t lcount, int64_t rcount, int64_t ops) {
  const double ul = std::ldexp(1.0, -formatPrecision(l_type)), ur = std::ldexp(1.0, -formatPrecision(r_type));
  lcount = std::min<int64_t>(lcount, 16);
  rcount = std::min<int64_t>(rcount, 16);
  // Pairs (i, j), 0-based, most significant first: by i + j, then by i.
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (int64_t i = 0; i < lcount; ++i) {
    for (int64_t j = 0; j < rcount; ++j) pairs.emplace_back(i, j);
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](auto a, auto b) { return a.first + a.second < b.first + b.second; });
  double omitted = 0;
  const size_t kept = static_cast<size_t>(std::min<int64_t>(ops, static_cast<int64_t>(pairs.size())));
  for (size_t k = kept; k < pairs.size(); ++k) {
    omitted += std::pow(ul, static_cast<double>(pairs[k].first)) * std::pow(ur, static_cast<double>(pairs[k].second));
  }
  const double rl = lcount > 1 ? std::pow(ul, static_cast<double>(lcount)) : 0;
  const double rr = rcount > 1 ? std::pow(ur, static_cast<double>(rcount)) : 0;
  InputModel m;
  m.leaves_per_product = std::max<int64_t>(1, std::min<int64_t>(ops, lcount * rcount));
  m.relative = (omitted + rl + rr + rl * rr) * (1 + ul) * (1 + ur) * (1 + 0x1p-20);
  m.magnitude_factor = (1 + ul) * (1 + ur) / ((1 - ul) * (1 - ur)) * (1 + 0x1p-20);
  auto side = [](ElementType t, int64_t count) {
    InputModel::Side s;
    if (count <= 1) return s;  // rounded to its precision type by the golden value itself
    s.active = s.decomposed = true;
    s.sigma_exp = smallestExponent(t);
    s.kappa = std::ldexp(1.0, static_cast<int>(s.sigma_exp));  // 2 eta_c
    s.largest = largestDown(t);  // x_1 = RN(x) overflows above it
    return s;
  };
  m.lhs = side(l_type, lcount);
  m.rhs = side(r_type, rcount);
  m.unit = std::max(ul, ur);
  m.leaf_count = static_cast<double>(m.leaves_per_product);
  m.error_count = static_cast<double>(pairs.size() - kept + 3);
  return m;
}

// Quantized (lhs, rhs and result quantized: dequantize_op_quantize) and hybrid (float lhs, quantized rhs,
// float result: hybrid_dequantize_then_op) dot_general. The schema's verify (ir/op_verify_products.cc) has
// checked the spec's constraints C14-C20 and I1 on the declared types; the kernel checks again only what
// guards its reads (the rhs is quantized, the quantized types are valid). dequantizeOpQuantize dequantizes
// the quantized operands, runs this kernel on the expressed types (the exact float path) and quantizes a
// quantized result; a float result keeps its error bound, a quantized one has none (docs/quantization.md).
Results quantizedDotGeneral(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(checkQuantizedProductOperands(interp, op, operands, "dot_general", 14));
  return dequantizeOpQuantize(interp, op, operands);
}

Results dotGeneralKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 2 || op.results.size() != 1) return interp.opError(op, "takes two operands and has one result");
  ASSIGN_OR_RETURN(const Tensor* lhs_t, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(const Tensor* rhs_t, tensorOperand(interp, op, operands, 1));
  const Tensor& lhs = *lhs_t;
  const Tensor& rhs = *rhs_t;
  const DotGeneralOp dot(op);
  const std::vector<int64_t> lb = dot.lhsBatchingDims(), rb = dot.rhsBatchingDims();
  const std::vector<int64_t> lc = dot.lhsContractingDims(), rc = dot.rhsContractingDims();
  if (lhs.type().isQuantized() || rhs.type().isQuantized() || op.results[0]->type.isQuantized()) {
    return quantizedDotGeneral(interp, op, operands);
  }
  const std::vector<int64_t>& ls = lhs.type().shape();
  const std::vector<int64_t>& rs = rhs.type().shape();
  auto valid = [](const std::vector<int64_t>& ds, size_t rank) {
    std::vector<bool> seen(rank);
    for (int64_t d : ds) {
      if (d < 0 || d >= static_cast<int64_t>(rank) || seen[d]) return false;
      seen[d] = true;
    }
    return true;
  };
  std::vector<int64_t> l_all = lb, r_all = rb;
  l_all.insert(l_all.end(), lc.begin(), lc.end());
  r_all.insert(r_all.end(), rc.begin(), rc.end());
  // dot_general (C1-C8).
  if (lb.size() != rb.size() || lc.size() != rc.size() || !valid(l_all, ls.size()) || !valid(r_all, rs.size())) {
    return interp.opError(op, "batching/contracting dimensions are out of range, repeated, or of different counts");
  }
  for (size_t i = 0; i < lb.size(); ++i) {
    if (ls[lb[i]] != rs[rb[i]]) return interp.opError(op, strCat("batching dimension sizes differ: ", ls[lb[i]], " vs ", rs[rb[i]]));
  }
  for (size_t i = 0; i < lc.size(); ++i) {
    if (ls[lc[i]] != rs[rc[i]]) return interp.opError(op, strCat("contracting dimension sizes differ: ", ls[lc[i]], " vs ", rs[rc[i]]));
  }
  std::vector<int64_t> lf, rf;  // free dimensions, in order
  for (int64_t d = 0; d < static_cast<int64_t>(ls.size()); ++d) {
    if (std::find(l_all.begin(), l_all.end(), d) == l_all.end()) lf.push_back(d);
  }
  for (int64_t d = 0; d < static_cast<int64_t>(rs.size()); ++d) {
    if (std::find(r_all.begin(), r_all.end(), d) == r_all.end()) rf.push_back(d);
  }
  std::vector<int64_t> shape;
  for (int64_t d : lb) shape.push_back(ls[d]);
  for (int64_t d : lf) shape.push_back(ls[d]);
  for (int64_t d : rf) shape.push_back(rs[d]);
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, shape));
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));

  const ElementType lt = lhs.elementType(), rt = rhs.elementType(), ot = result_type.elementType();
  const bool complex = isComplex(ot);
  const bool floating = isFloat(ot) || complex;
  if ((isComplex(lt) || isComplex(rt)) && !complex) return interp.opError(op, "complex operands need a complex result");
  if (floating != (isFloat(lt) || isComplex(lt)) || floating != (isFloat(rt) || isComplex(rt))) {
    return interp.opError(op, "operands and result must all be floating-point/complex or all integer");
  }

  // Algorithm: input rounding types and the accumulation type; a component decomposition (bf16_6x, ...).
  std::optional<ElementType> l_round, r_round, acc_type;
  std::optional<InputModel> model;  // what the implementation may do to the factors (the bound's model)
  if (dot.algorithm() && floating && !complex) {
    auto typeField = [&](std::string_view name) -> std::optional<ElementType> {
      const Type* t = decode::type(dot.algorithmField(name));
      if (t && isFloat(t->elementType())) return t->elementType();
      return std::nullopt;
    };
    l_round = typeField("lhs_precision_type");
    r_round = typeField("rhs_precision_type");
    acc_type = typeField("accumulation_type");
    auto countField = [&](std::string_view name) -> absl::StatusOr<int64_t> {
      const Attribute* f = dot.algorithmField(name);
      if (!f) return 1;
      const std::optional<int64_t> count = decode::i64(f);
      if (!count || *count <= 0) {
        return interp.opError(op, strCat("the dot algorithm's ", name, " must be a positive integer (C22-C24)"));
      }
      return *count;
    };
    ASSIGN_OR_RETURN(const int64_t lcount, countField("lhs_component_count"));
    ASSIGN_OR_RETURN(const int64_t rcount, countField("rhs_component_count"));
    ASSIGN_OR_RETURN(const int64_t nops, countField("num_primitive_operations"));
    if (lcount > 1 || rcount > 1 || nops > 1) {
      model = decompositionModel(l_round.value_or(lt), r_round.value_or(rt), lcount, rcount, nops);
      // A decomposed side is not rounded: its components carry it (to within the residual in the allowance).
      if (lcount > 1) l_round.reset();
      if (rcount > 1) r_round.reset();
    }
  }
  // precision_config: the loosest of the two operands' precisions sets the input-rounding allowance.
  if (!l_round && !model && floating && !complex) {
    const InputModel m = precisionConfigModel(op, lt, rt);
    if (m.lhs.active) model = m;
  }

  // Scratch beside the result: a mark byte and a bound per element, and the operands as doubles.
  RETURN_IF_ERROR(checkScratch(interp, op, "dot_general's marks and error bounds", result_type.numElements(), 1 + sizeof(double)));
  if (floating) {
    RETURN_IF_ERROR(checkScratch(interp, op, "dot_general's operands as doubles",
                                 static_cast<uint64_t>(lhs.numElements() + rhs.numElements()), 2 * sizeof(double)));
  }
  Tensor out(result_type);
  std::vector<uint8_t> impl(out.numElements());
  std::vector<double> bounds(floating ? out.numElements() : 0);
  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs);
  std::vector<int64_t> contract_sizes;
  int64_t n = 1;
  for (int64_t d : lc) {
    contract_sizes.push_back(ls[d]);
    n *= ls[d];
  }
  const ElementType part_type = complex ? complexPartType(ot) : ot;

  // Operand values as doubles (exact), decoded once and rounded to the algorithm's precision types.
  std::vector<double> lre, lim, rre, rim;
  if (floating) {
    lre = floatParts(lhs, 0, l_round);
    lim = floatParts(lhs, 1);
    rre = floatParts(rhs, 0, r_round);
    rim = floatParts(rhs, 1);
  }
  const ElementType acc = acc_type ? *acc_type : part_type;
  const InputModel* input_model = model ? &*model : nullptr;
  const ElementType l_part = l_round.value_or(isComplex(lt) ? complexPartType(lt) : lt);
  const ElementType r_part = r_round.value_or(isComplex(rt) ? complexPartType(rt) : rt);

  // The contracting positions relative to an element's base offsets, in row-major order of the
  // contracting index space (the order of the products).
  std::vector<int64_t> l_offsets, r_offsets;
  l_offsets.reserve(n);
  r_offsets.reserve(n);
  for (std::vector<int64_t> k(lc.size(), 0); static_cast<int64_t>(l_offsets.size()) < n;) {
    int64_t li = 0, ri = 0;
    for (size_t i = 0; i < lc.size(); ++i) {
      li += k[i] * lst[lc[i]];
      ri += k[i] * rst[rc[i]];
    }
    l_offsets.push_back(li);
    r_offsets.push_back(ri);
    nextIndex(k, contract_sizes);
  }

  // Whether the bound's input model needs any per-product work for these operands (decided once).
  const bool no_model_terms = floating && !complex && SumBound::noModelTermsFor(input_model, lre, rre);

  // Result elements are independent: ranges of them run on the thread pool, each with its own sums.
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(n, 1));
  // One result element is at most one contraction's work: the deadline is checked before each.
  ElementDeadline deadline(interp);
  parallelFor(out.numElements(), grain, [&](int64_t begin, int64_t end) {
    std::vector<int64_t> index(shape.size());
    std::vector<double> a, b;  // the factors of a real element's products
    std::optional<ProductSum> re_sum;
    std::optional<ComplexProductSum> complex_sum;
    if (floating && !complex) {
      re_sum.emplace(part_type, acc, input_model, l_part, r_part);
      re_sum->setNoModelTerms(no_model_terms);
    }
    if (complex) complex_sum.emplace(part_type, acc, input_model, l_part, r_part, isComplex(lt), isComplex(rt));
    for (int64_t o = begin; o < end; ++o) {
      if (deadline.reached()) return;
      unravelIndex(o, shape, index);
      int64_t lbase = 0, rbase = 0;
      size_t pos = 0;
      for (size_t i = 0; i < lb.size(); ++i, ++pos) {
        lbase += index[pos] * lst[lb[i]];
        rbase += index[pos] * rst[rb[i]];
      }
      for (int64_t d : lf) lbase += index[pos++] * lst[d];
      for (int64_t d : rf) rbase += index[pos++] * rst[d];
      if (!floating) {
        IntegerProductSum sum;
        for (int64_t step = 0; step < n; ++step) {
          sum.add(integerValue(lt, lhs.bits(lbase + l_offsets[step])), integerValue(rt, rhs.bits(rbase + r_offsets[step])));
        }
        out.setBits(o, sum.finish(ot, impl[o]));
        continue;
      }
      // The factors of each part's products, in order, gathered for ProductSum's loops.
      if (!complex) {
        a.resize(n);
        b.resize(n);
        for (int64_t step = 0; step < n; ++step) {
          a[step] = lre[lbase + l_offsets[step]];
          b[step] = rre[rbase + r_offsets[step]];
        }
        re_sum->start(n);
        re_sum->addProducts(a.data(), b.data(), a.size());
        out.setBits(o, re_sum->finish(bounds[o]));
        continue;
      }
      // Complex (ComplexProductSum): each part of 2n real products.
      const bool l_imag = !lim.empty(), r_imag = !rim.empty();  // imaginary parts to read (none of an empty tensor)
      complex_sum->start(n);
      for (int64_t step = 0; step < n; ++step) {
        const int64_t li = lbase + l_offsets[step], ri = rbase + r_offsets[step];
        complex_sum->add(lre[li], l_imag ? lim[li] : 0.0, rre[ri], r_imag ? rim[ri] : 0.0);
      }
      const auto [re, im] = complex_sum->finish(bounds[o]);
      out.setBits(o, re, 0);
      out.setBits(o, im, 1);
    }
  });
  RETURN_IF_ERROR(deadline.status(op));
  RtValue result = RtValue::ofTensor(std::move(out), std::move(impl));
  result.error_bound = std::move(bounds);
  return std::vector<RtValue>{std::move(result)};
}

constexpr KernelDef kKernels[] = {
    {OpId::kDotGeneral, dotGeneralKernel},
};

}  // namespace

std::span<const KernelDef> dotKernels() { return kKernels; }

}  // namespace hloconf::ref
