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
#include <memory>
#include <optional>
#include <span>

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

// The sums of products of a contraction, shared by dot_general and chlo.ragged_dot: the operands decoded once
// (as doubles, rounded to an algorithm's precision types), and the accumulation rules. A result element is
// the exact sum of the products lhs[lbase + l_offsets[i]] * rhs[rbase + r_offsets[i]], rounded once:
// floats and complex through ProductSum / ComplexProductSum with their error bound, integers through
// IntegerProductSum (wrapping, marked on overflow). An element of no products is +0.
class Contraction {
 public:
  // Checks the element types (all float/complex or all integer; a complex operand needs a complex result).
  // `model`: a dot algorithm's decomposition; without one (and without input rounding) precision_config's.
  static absl::StatusOr<std::unique_ptr<Contraction>> make(Interpreter& interp, const Operation& op, const Tensor& lhs, const Tensor& rhs,
                                                           ElementType result, std::optional<ElementType> l_round,
                                                           std::optional<ElementType> r_round, std::optional<ElementType> acc_type,
                                                           std::optional<InputModel> model) {
    const ElementType lt = lhs.elementType(), rt = rhs.elementType();
    const bool complex = isComplex(result);
    const bool floating = isFloat(result) || complex;
    if ((isComplex(lt) || isComplex(rt)) && !complex) return interp.opError(op, "complex operands need a complex result");
    if (floating != (isFloat(lt) || isComplex(lt)) || floating != (isFloat(rt) || isComplex(rt))) {
      return interp.opError(op, "operands and result must all be floating-point/complex or all integer");
    }
    if (floating) {
      RETURN_IF_ERROR(checkScratch(interp, op, strCat(schemaOf(op.id).shortName(), "'s operands as doubles"),
                                   static_cast<uint64_t>(lhs.numElements() + rhs.numElements()), 2 * sizeof(double)));
    }
    auto c = std::unique_ptr<Contraction>(new Contraction(lhs, rhs));
    c->result_ = result;
    c->complex_ = complex;
    c->floating_ = floating;
    c->part_type_ = complex ? complexPartType(result) : result;
    c->acc_ = acc_type.value_or(c->part_type_);
    c->model_ = std::move(model);
    // precision_config, when no algorithm rounds or decomposes the inputs: the loosest of the two operands'
    // precisions sets the input-rounding allowance.
    if (!l_round && !c->model_ && floating && !complex) {
      const InputModel m = precisionConfigModel(op, lt, rt);
      if (m.lhs.active) c->model_ = m;
    }
    c->l_part_ = l_round.value_or(isComplex(lt) ? complexPartType(lt) : lt);
    c->r_part_ = r_round.value_or(isComplex(rt) ? complexPartType(rt) : rt);
    if (floating) {
      c->lre_ = floatParts(lhs, 0, l_round);
      c->lim_ = floatParts(lhs, 1);
      c->rre_ = floatParts(rhs, 0, r_round);
      c->rim_ = floatParts(rhs, 1);
    }
    // Whether the bound's input model needs any per-product work for these operands (decided once).
    c->no_model_terms_ = floating && !complex && SumBound::noModelTermsFor(c->model(), c->lre_, c->rre_);
    return c;
  }

  bool floating() const { return floating_; }

  // One thread's sums.
  class Worker {
   public:
    explicit Worker(const Contraction& c) : c_(c) {
      if (c.floating_ && !c.complex_) {
        re_sum_.emplace(c.part_type_, c.acc_, c.model(), c.l_part_, c.r_part_);
        re_sum_->setNoModelTerms(c.no_model_terms_);
      }
      if (c.complex_) {
        complex_sum_.emplace(c.part_type_, c.acc_, c.model(), c.l_part_, c.r_part_, isComplex(c.lhs_.elementType()), isComplex(c.rhs_.elementType()));
      }
    }
    // Element `o` of `out`; `impl` and `bound` receive its mark and error bound (bound unused for integers).
    void element(Tensor& out, int64_t o, int64_t lbase, int64_t rbase, std::span<const int64_t> l_offsets, std::span<const int64_t> r_offsets,
                 uint8_t& impl, double& bound) {
      const int64_t n = static_cast<int64_t>(l_offsets.size());
      if (!c_.floating_) {
        const ElementType lt = c_.lhs_.elementType(), rt = c_.rhs_.elementType();
        IntegerProductSum sum;
        for (int64_t step = 0; step < n; ++step) {
          sum.add(integerValue(lt, c_.lhs_.bits(lbase + l_offsets[step])), integerValue(rt, c_.rhs_.bits(rbase + r_offsets[step])));
        }
        out.setBits(o, sum.finish(c_.result_, impl));
        return;
      }
      // The factors of each part's products, in order, gathered for ProductSum's loops.
      if (!c_.complex_) {
        a_.resize(n);
        b_.resize(n);
        for (int64_t step = 0; step < n; ++step) {
          a_[step] = c_.lre_[lbase + l_offsets[step]];
          b_[step] = c_.rre_[rbase + r_offsets[step]];
        }
        re_sum_->start(n);
        re_sum_->addProducts(a_.data(), b_.data(), a_.size());
        out.setBits(o, re_sum_->finish(bound));
        return;
      }
      // Complex (ComplexProductSum): each part of 2n real products.
      const bool l_imag = !c_.lim_.empty(), r_imag = !c_.rim_.empty();  // imaginary parts to read (none of an empty tensor)
      complex_sum_->start(n);
      for (int64_t step = 0; step < n; ++step) {
        const int64_t li = lbase + l_offsets[step], ri = rbase + r_offsets[step];
        complex_sum_->add(c_.lre_[li], l_imag ? c_.lim_[li] : 0.0, c_.rre_[ri], r_imag ? c_.rim_[ri] : 0.0);
      }
      const auto [re, im] = complex_sum_->finish(bound);
      out.setBits(o, re, 0);
      out.setBits(o, im, 1);
    }

   private:
    const Contraction& c_;
    std::vector<double> a_, b_;  // the factors of a real element's products
    std::optional<ProductSum> re_sum_;
    std::optional<ComplexProductSum> complex_sum_;
  };

 private:
  Contraction(const Tensor& lhs, const Tensor& rhs) : lhs_(lhs), rhs_(rhs) {}
  const InputModel* model() const { return model_ ? &*model_ : nullptr; }

  const Tensor& lhs_;
  const Tensor& rhs_;
  ElementType result_ = ElementType::kF32, part_type_ = ElementType::kF32, acc_ = ElementType::kF32;
  ElementType l_part_ = ElementType::kF32, r_part_ = ElementType::kF32;
  bool complex_ = false, floating_ = false, no_model_terms_ = false;
  std::optional<InputModel> model_;  // what the implementation may do to the factors (the bound's model)
  std::vector<double> lre_, lim_, rre_, rim_;
};

// The positions of the products of one result element relative to its base offsets, in row-major order of
// the contracting index space (the order of the products): l_offsets[i], r_offsets[i], and the contracting
// index itself (coordinates[i * |lc| + j] along lc[j]).
struct ContractingSteps {
  std::vector<int64_t> l_offsets, r_offsets, coordinates;
};
ContractingSteps contractingSteps(const std::vector<int64_t>& ls, const std::vector<int64_t>& lc, const std::vector<int64_t>& rs,
                                  const std::vector<int64_t>& rc) {
  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs);
  std::vector<int64_t> sizes;
  int64_t n = 1;
  for (int64_t d : lc) {
    sizes.push_back(ls[d]);
    n *= ls[d];
  }
  ContractingSteps steps;
  steps.l_offsets.reserve(n);
  steps.r_offsets.reserve(n);
  for (std::vector<int64_t> k(lc.size(), 0); static_cast<int64_t>(steps.l_offsets.size()) < n;) {
    int64_t li = 0, ri = 0;
    for (size_t i = 0; i < lc.size(); ++i) {
      li += k[i] * lst[lc[i]];
      ri += k[i] * rst[rc[i]];
    }
    steps.l_offsets.push_back(li);
    steps.r_offsets.push_back(ri);
    steps.coordinates.insert(steps.coordinates.end(), k.begin(), k.end());
    nextIndex(k, sizes);
  }
  return steps;
}

// The dimensions of `rank` not in any of `used`, in order (the free dimensions of a contraction).
std::vector<int64_t> freeDimensions(size_t rank, std::initializer_list<const std::vector<int64_t>*> used) {
  std::vector<int64_t> free;
  for (int64_t d = 0; d < static_cast<int64_t>(rank); ++d) {
    bool taken = false;
    for (const std::vector<int64_t>* dims : used) taken = taken || std::find(dims->begin(), dims->end(), d) != dims->end();
    if (!taken) free.push_back(d);
  }
  return free;
}

// dot_general (C9, C10), checked on the run-time shapes (a `?` dimension passes the verifier): each batching
// and each contracting pair of dimensions has one size.
absl::Status pairedSizesAgree(Interpreter& interp, const Operation& op, const std::vector<int64_t>& ls, const std::vector<int64_t>& rs,
                              const std::vector<int64_t>& lb, const std::vector<int64_t>& rb, const std::vector<int64_t>& lc,
                              const std::vector<int64_t>& rc) {
  for (size_t i = 0; i < lb.size(); ++i) {
    if (ls[lb[i]] != rs[rb[i]]) return interp.opError(op, strCat("batching dimension sizes differ: ", ls[lb[i]], " vs ", rs[rb[i]]));
  }
  for (size_t i = 0; i < lc.size(); ++i) {
    if (ls[lc[i]] != rs[rc[i]]) return interp.opError(op, strCat("contracting dimension sizes differ: ", ls[lc[i]], " vs ", rs[rc[i]]));
  }
  return absl::OkStatus();
}

// The loop every contraction kernel shares: the result's marks and bounds, then every result element on the
// thread pool (each alone, so the bits do not depend on the number of threads; the deadline is checked
// before each, one element being at most one contraction's work). `element(o, index, sums, out, impl,
// bound)` computes element o, whose multi-index is `index`, through `sums`. `products`: the products of a
// full element, which sizes the ranges.
template <typename ElementFn>
Results contract(Interpreter& interp, const Operation& op, const Type& result_type, const Contraction& contraction, int64_t products,
                 ElementFn element) {
  RETURN_IF_ERROR(checkScratch(interp, op, strCat(schemaOf(op.id).shortName(), "'s marks and error bounds"), result_type.numElements(), 1 + sizeof(double)));
  Tensor out(result_type);
  std::vector<uint8_t> impl(out.numElements());
  std::vector<double> bounds(contraction.floating() ? out.numElements() : 0);
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(products, 1));
  ElementDeadline deadline(interp);
  parallelFor(out.numElements(), grain, [&](int64_t begin, int64_t end) {
    std::vector<int64_t> index(result_type.shape().size());
    Contraction::Worker sums(contraction);
    double unused_bound = 0;
    for (int64_t o = begin; o < end; ++o) {
      if (deadline.reached()) return;
      unravelIndex(o, result_type.shape(), index);
      element(o, index, sums, out, impl[o], bounds.empty() ? unused_bound : bounds[o]);
    }
  });
  RETURN_IF_ERROR(deadline.status(op));
  RtValue result = RtValue::ofTensor(std::move(out), std::move(impl));
  result.error_bound = std::move(bounds);
  return std::vector<RtValue>{std::move(result)};
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
  RETURN_IF_ERROR(pairedSizesAgree(interp, op, ls, rs, lb, rb, lc, rc));
  const std::vector<int64_t> lf = freeDimensions(ls.size(), {&lb, &lc}), rf = freeDimensions(rs.size(), {&rb, &rc});
  std::vector<int64_t> shape;
  for (int64_t d : lb) shape.push_back(ls[d]);
  for (int64_t d : lf) shape.push_back(ls[d]);
  for (int64_t d : rf) shape.push_back(rs[d]);
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, shape));
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));

  const ElementType lt = lhs.elementType(), rt = rhs.elementType(), ot = result_type.elementType();
  const bool complex = isComplex(ot);
  const bool floating = isFloat(ot) || complex;

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
  ASSIGN_OR_RETURN(const std::unique_ptr<Contraction> contraction,
                   Contraction::make(interp, op, lhs, rhs, ot, l_round, r_round, acc_type, std::move(model)));
  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs);
  const ContractingSteps steps = contractingSteps(ls, lc, rs, rc);
  return contract(interp, op, result_type, *contraction, static_cast<int64_t>(steps.l_offsets.size()),
                  [&](int64_t o, const std::vector<int64_t>& index, Contraction::Worker& sums, Tensor& out, uint8_t& impl, double& bound) {
                    int64_t lbase = 0, rbase = 0;
                    size_t pos = 0;
                    for (size_t i = 0; i < lb.size(); ++i, ++pos) {
                      lbase += index[pos] * lst[lb[i]];
                      rbase += index[pos] * rst[rb[i]];
                    }
                    for (int64_t d : lf) lbase += index[pos++] * lst[d];
                    for (int64_t d : rf) rbase += index[pos++] * rst[d];
                    sums.element(out, o, lbase, rbase, steps.l_offsets, steps.r_offsets, impl, bound);
                  });
}

Results raggedDotKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 3 || op.results.size() != 1) return interp.opError(op, "takes three operands and has one result");
  ASSIGN_OR_RETURN(const Tensor* lhs_t, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(const Tensor* rhs_t, tensorOperand(interp, op, operands, 1));
  ASSIGN_OR_RETURN(const Tensor* sizes_t, tensorOperand(interp, op, operands, 2));
  const Tensor& lhs = *lhs_t;
  const Tensor& rhs = *rhs_t;
  const Tensor& group_sizes = *sizes_t;
  if (lhs.type().isQuantized() || rhs.type().isQuantized() || op.results[0]->type.isQuantized()) {
    return interp.unsupported(op, "quantized operands (chlo.md gives no quantized semantics for ragged_dot)");
  }
  const RaggedDotOp dot(op);
  const std::vector<int64_t> lb = dot.lhsBatchingDims(), rb = dot.rhsBatchingDims();
  const std::vector<int64_t> lc = dot.lhsContractingDims(), rc = dot.rhsContractingDims();
  const std::vector<int64_t> group_dims = dot.rhsGroupDims();
  // The verifier (verify::raggedDot) has checked the dimension numbers; these guard the reads below.
  if (dot.lhsRaggedDims().size() != 1 || group_sizes.type().rank() == 0) return interp.opError(op, "needs one lhs ragged dimension and a group_sizes with a group dimension");
  const int64_t ragged = dot.lhsRaggedDims()[0];
  const RaggedDotOp::Mode mode = dot.mode(ragged);
  const std::vector<int64_t>& ls = lhs.type().shape();
  const std::vector<int64_t>& rs = rhs.type().shape();
  const std::vector<int64_t>& gs = group_sizes.type().shape();
  const int64_t groups = gs.back();
  if (mode == RaggedDotOp::Mode::kNonContracting && (group_dims.size() != 1 || rs[group_dims[0]] != groups)) {
    return interp.opError(op, "mode 1 needs one rhs group dimension with one entry per group");
  }
  // Sizes the verifier could not see (`?` dimensions): paired dimensions agree, group_sizes has its rows.
  RETURN_IF_ERROR(pairedSizesAgree(interp, op, ls, rs, lb, rb, lc, rc));
  const std::vector<int64_t> prefix = gs.size() > 1 ? dot.groupSizesPrefix(ragged) : std::vector<int64_t>{};
  bool rows_fit = gs.size() == 1 || gs.size() == prefix.size() + 1;
  for (size_t i = 0; rows_fit && i < prefix.size(); ++i) rows_fit = gs[i] == ls[prefix[i]];
  if (!rows_fit) return interp.opError(op, "group_sizes must have shape [g] or [b..., x..., g] (docs/design/chlo.md)");
  const std::vector<int64_t> lf = freeDimensions(ls.size(), {&lb, &lc}), rf = freeDimensions(rs.size(), {&rb, &rc, &group_dims});
  std::vector<int64_t> shape;
  if (mode == RaggedDotOp::Mode::kContracting) shape.push_back(groups);
  for (int64_t d : lb) shape.push_back(ls[d]);
  for (int64_t d : lf) shape.push_back(ls[d]);
  for (int64_t d : rf) shape.push_back(rs[d]);
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, shape));
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));

  // group_sizes as integers. A negative size makes groups overlap or run backwards, which chlo.md's groups
  // (sizes of consecutive runs) do not describe: an error, not a guess.
  std::vector<int64_t> sizes(static_cast<size_t>(group_sizes.numElements()));
  for (int64_t i = 0; i < group_sizes.numElements(); ++i) {
    const __int128 v = integerValue(group_sizes.elementType(), group_sizes.bits(i));
    if (v < 0) return interp.opError(op, strCat("group_sizes has the negative entry ", static_cast<int64_t>(v), " at flat index ", i));
    sizes[i] = static_cast<int64_t>(std::min<__int128>(v, INT64_MAX / 2));  // beyond any dimension size either way
  }
  // Where each coordinate of a group_sizes row comes from: a result position (batching and free lhs
  // dimensions) or, in mode 2, a contracting coordinate (a position in lc).
  const std::vector<int64_t> gst = rowMajorStrides(gs);
  const size_t lead = mode == RaggedDotOp::Mode::kContracting ? 1 : 0;  // the result's group dimension
  auto resultPosition = [&](int64_t d) -> int64_t {  // of lhs dimension d, -1 for a contracting one
    for (size_t i = 0; i < lb.size(); ++i) if (lb[i] == d) return static_cast<int64_t>(lead + i);
    for (size_t i = 0; i < lf.size(); ++i) if (lf[i] == d) return static_cast<int64_t>(lead + lb.size() + i);
    return -1;
  };
  auto contractingPosition = [&](int64_t d) { return static_cast<int64_t>(std::find(lc.begin(), lc.end(), d) - lc.begin()); };
  std::vector<int64_t> prefix_result, prefix_contracting;  // per prefix entry: one of the two is >= 0
  for (int64_t d : prefix) {
    prefix_result.push_back(resultPosition(d));
    prefix_contracting.push_back(prefix_result.back() < 0 ? contractingPosition(d) : -1);
  }

  ASSIGN_OR_RETURN(const std::unique_ptr<Contraction> contraction, Contraction::make(interp, op, lhs, rhs, result_type.elementType(), std::nullopt,
                                                                                     std::nullopt, std::nullopt, std::nullopt));
  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs);
  const ContractingSteps steps = contractingSteps(ls, lc, rs, rc);
  const int64_t n = static_cast<int64_t>(steps.l_offsets.size());
  const int64_t ragged_step = mode == RaggedDotOp::Mode::kContracting ? contractingPosition(ragged) : -1;
  // The group of position p in a group_sizes row, or -1.
  auto groupOf = [](std::span<const int64_t> row_sizes, int64_t p) -> int64_t {
    for (size_t i = 0; i < row_sizes.size(); ++i) {
      if (p < row_sizes[i]) return static_cast<int64_t>(i);
      p -= row_sizes[i];
    }
    return -1;
  };
  return contract(interp, op, result_type, *contraction, n,
                  [&](int64_t o, const std::vector<int64_t>& index, Contraction::Worker& sums, Tensor& out, uint8_t& impl, double& bound) {
    // The group_sizes row of the element (in mode 2 also of contracting step `step`).
    auto row = [&](int64_t step) {
      int64_t offset = 0;
      for (size_t i = 0; i < prefix.size(); ++i) {
        const int64_t coordinate = prefix_result[i] >= 0 ? index[prefix_result[i]] : steps.coordinates[step * lc.size() + prefix_contracting[i]];
        offset += coordinate * gst[i];
      }
      return std::span<const int64_t>(sizes).subspan(offset, groups);
    };
    int64_t lbase = 0, rbase = 0;
    size_t pos = lead;
    for (size_t i = 0; i < lb.size(); ++i, ++pos) {
      lbase += index[pos] * lst[lb[i]];
      rbase += index[pos] * rst[rb[i]];
    }
    for (int64_t d : lf) lbase += index[pos++] * lst[d];
    for (int64_t d : rf) rbase += index[pos++] * rst[d];
    switch (mode) {
      case RaggedDotOp::Mode::kNonContracting: {  // mode 1: the lhs row's group picks the rhs slice; no group, zeros
        const int64_t g = groupOf(row(0), index[resultPosition(ragged)]);
        if (g < 0) return sums.element(out, o, 0, 0, {}, {}, impl, bound);
        return sums.element(out, o, lbase, rbase + g * rst[group_dims[0]], steps.l_offsets, steps.r_offsets, impl, bound);
      }
      case RaggedDotOp::Mode::kBatch:  // mode 3: dot_general's, or zeros for a batch in no group
        if (groupOf(row(0), index[resultPosition(ragged)]) < 0) return sums.element(out, o, 0, 0, {}, {}, impl, bound);
        return sums.element(out, o, lbase, rbase, steps.l_offsets, steps.r_offsets, impl, bound);
      case RaggedDotOp::Mode::kContracting: {  // mode 2: only the products of group index[0]
        std::vector<int64_t> l_kept, r_kept;
        for (int64_t step = 0; step < n; ++step) {
          if (groupOf(row(step), steps.coordinates[step * lc.size() + ragged_step]) != index[0]) continue;
          l_kept.push_back(steps.l_offsets[step]);
          r_kept.push_back(steps.r_offsets[step]);
        }
        return sums.element(out, o, lbase, rbase, l_kept, r_kept, impl, bound);
      }
    }
  });
}

constexpr KernelDef kKernels[] = {
    {OpId::kDotGeneral, dotGeneralKernel},
    {OpId::kChloRaggedDot, raggedDotKernel},
};

}  // namespace

std::span<const KernelDef> dotKernels() { return kKernels; }

}  // namespace hloconf::ref
