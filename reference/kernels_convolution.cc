// Convolution and batch normalization: convolution, batch_norm_inference, batch_norm_training,
// batch_norm_grad.
//
// convolution: every result element is the dot product of a window of the (padded, dilated) lhs with the
// matching slice of rhs, as the spec defines it through pad/slice/reverse/dot_general. The reference forms
// the exact sum of the exact products (padding and lhs-dilation holes contribute 0 * rhs products, as the
// spec's zero padding does) and rounds it once (exact_sum.h), with dot_general's error bound for n
// products (n = kernel window size times kernel input features; 2n per part for complex). Integers: the
// exact sum wraps to the result type; an out-of-range exact sum marks the element implementation-defined.
//
// batch_norm_*: every result element is the spec formula evaluated on the exact input values (epsilon and
// the element count rounded to the element type, as the spec's constants are). Sums, differences and
// products are exact; only the final square root and divisions round, at W = 4p + 64 + 2 bits(N) bits;
// the result is then rounded once to the element type. Every result element gets an error bound from a
// running error analysis of the spec's decomposition and of XLA's BatchNormExpander formulas in the
// element type (RunningError below; docs/accumulation.md, "batch_norm_*"). Quantized operands arrive
// dequantized (the interpreter calls dequantizeOpQuantize, docs/quantization.md).
#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/elementwise.h"
#include "reference/exact_sum.h"
#include "reference/kernels.h"
#include "reference/long_accumulator.h"
#include "reference/numerics.h"
#include "reference/parallel.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

bool validDims(const std::vector<int64_t>& dims, int64_t rank) {
  std::vector<bool> seen(rank);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank || seen[d]) return false;
    seen[d] = true;
  }
  return static_cast<int64_t>(dims.size()) == rank;
}

// Quantized (lhs, rhs and result quantized: dequantize_op_quantize) and hybrid (float lhs, quantized rhs,
// float result: hybrid_dequantize_then_op) convolution. The schema's verify has checked the spec's
// constraints C27-C34 and I1 on the declared types; the kernel checks again only what guards its reads.
// dequantizeOpQuantize dequantizes the quantized operands, runs this kernel on the
// expressed types (the exact float path) and quantizes a quantized result; a float result keeps its
// error bound, a quantized one has none (docs/quantization.md).
Results quantizedConvolution(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(checkQuantizedProductOperands(interp, op, operands, "convolution", 28));
  return dequantizeOpQuantize(interp, op, operands);
}

Results convolutionKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 2 || op.results.size() != 1) return interp.opError(op, "takes two operands and has one result");
  ASSIGN_OR_RETURN(const Tensor* lhs_t, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(const Tensor* rhs_t, tensorOperand(interp, op, operands, 1));
  const Tensor& lhs = *lhs_t;
  const Tensor& rhs = *rhs_t;
  const ConvolutionOp conv(op);
  const ConvDimensionNumbers& cd = conv.dimensionNumbers();
  const std::vector<int64_t>& ls = lhs.type().shape();
  const std::vector<int64_t>& rs = rhs.type().shape();
  const int64_t rank = static_cast<int64_t>(ls.size());
  if (rank < 2 || static_cast<int64_t>(rs.size()) != rank) {
    return interp.opError(op, strCat("lhs and rhs must have the same rank >= 2 (got ", ls.size(), " and ", rs.size(), ")"));
  }
  const size_t sp = static_cast<size_t>(rank - 2);
  if (cd.input_spatial.size() != sp || cd.kernel_spatial.size() != sp || cd.output_spatial.size() != sp) {
    return interp.opError(op, strCat("dimension_numbers must name ", sp, " spatial dimensions for rank ", rank));
  }
  std::vector<int64_t> in_dims{cd.input_batch}, k_dims = cd.kernel_spatial, out_dims{cd.output_batch};
  in_dims.insert(in_dims.end(), cd.input_spatial.begin(), cd.input_spatial.end());
  in_dims.push_back(cd.input_feature);
  k_dims.push_back(cd.kernel_input_feature);
  k_dims.push_back(cd.kernel_output_feature);
  out_dims.insert(out_dims.end(), cd.output_spatial.begin(), cd.output_spatial.end());
  out_dims.push_back(cd.output_feature);
  if (!validDims(in_dims, rank) || !validDims(k_dims, rank) || !validDims(out_dims, rank)) {
    return interp.opError(op, "dimension_numbers are out of range or repeated");
  }
  if (lhs.type().isQuantized() || rhs.type().isQuantized() || op.results[0]->type.isQuantized()) {
    return quantizedConvolution(interp, op, operands);
  }
  // Absent window attributes are the spec's defaults: strides and dilations 1, padding 0, no reversal.
  const std::vector<int64_t> strides = conv.windowStrides().value_or(std::vector<int64_t>(sp, 1));
  const std::vector<std::vector<int64_t>> padding = conv.padding().value_or(std::vector<std::vector<int64_t>>(sp, {0, 0}));
  const std::vector<int64_t> lhs_dil = conv.lhsDilation().value_or(std::vector<int64_t>(sp, 1));
  const std::vector<int64_t> rhs_dil = conv.rhsDilation().value_or(std::vector<int64_t>(sp, 1));
  const std::vector<bool> reversal = conv.windowReversal().value_or(std::vector<bool>(sp, false));
  // convolution (C2), (C4), (C5), (C7), (C9): one entry per spatial dimension.
  if (strides.size() != sp) return interp.opError(op, strCat("window_strides must be ", sp, " integers"));
  const bool pairs_ok = std::all_of(padding.begin(), padding.end(), [](const auto& row) { return row.size() == 2; });
  if (padding.size() != sp || !pairs_ok) return interp.opError(op, strCat("padding must be ", sp, " [low, high] pairs"));
  if (lhs_dil.size() != sp) return interp.opError(op, strCat("lhs_dilation must be ", sp, " integers"));
  if (rhs_dil.size() != sp) return interp.opError(op, strCat("rhs_dilation must be ", sp, " integers"));
  if (reversal.size() != sp) return interp.opError(op, strCat("window_reversal must be ", sp, " booleans"));
  // convolution (C3), (C6), (C8).
  for (size_t s = 0; s < sp; ++s) {
    if (strides[s] <= 0 || lhs_dil[s] <= 0 || rhs_dil[s] <= 0) {
      return interp.opError(op, "window_strides, lhs_dilation and rhs_dilation must be positive");
    }
  }
  const int64_t fgc = conv.featureGroupCount(), bgc = conv.batchGroupCount();
  // convolution (C21), (C22).
  if (fgc <= 0 || bgc <= 0) return interp.opError(op, "feature_group_count and batch_group_count must be positive integers");
  if (fgc > 1 && bgc > 1) return interp.opError(op, "feature_group_count or batch_group_count must be 1");
  const int64_t batch = ls[cd.input_batch], in_feat = ls[cd.input_feature];
  const int64_t k_in = rs[cd.kernel_input_feature], k_out = rs[cd.kernel_output_feature];
  if (batch % bgc != 0) return interp.opError(op, "the input batch size is not a multiple of batch_group_count");
  if (in_feat % fgc != 0) return interp.opError(op, "the input feature size is not a multiple of feature_group_count");
  if (k_in != in_feat / fgc) {
    return interp.opError(op, strCat("kernel input feature size ", k_in, " must be the input feature size ", in_feat, " / feature_group_count ", fgc));
  }
  if (k_out % bgc != 0 || k_out % fgc != 0) {
    return interp.opError(op, "the kernel output feature size is not a multiple of the group counts");
  }
  // Result shape (C25).
  std::vector<int64_t> shape(rank);
  shape[cd.output_batch] = batch / bgc;
  shape[cd.output_feature] = k_out;
  std::vector<int64_t> window(sp);
  for (size_t s = 0; s < sp; ++s) {
    const __int128 d = ls[cd.input_spatial[s]], k = rs[cd.kernel_spatial[s]];
    window[s] = rs[cd.kernel_spatial[s]];
    const __int128 dilated = d == 0 ? 0 : (d - 1) * lhs_dil[s] + 1;
    const __int128 padded = static_cast<__int128>(padding[s][0]) + dilated + padding[s][1];
    const __int128 dwin = k == 0 ? 0 : (k - 1) * rhs_dil[s] + 1;
    const bool empty = padded <= 0 || dwin > padded;
    const __int128 windows = empty ? 0 : (padded - dwin) / strides[s] + 1;
    if (windows > (__int128{1} << 40)) return interp.opError(op, "the result is too large");
    shape[cd.output_spatial[s]] = static_cast<int64_t>(windows);
  }
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, shape));
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));

  const ElementType lt = lhs.elementType(), rt = rhs.elementType(), ot = result_type.elementType();
  const bool complex = isComplex(ot);
  const bool floating = isFloat(ot) || complex;
  if ((isComplex(lt) || isComplex(rt)) && !complex) return interp.opError(op, "complex operands need a complex result");
  if (floating != (isFloat(lt) || isComplex(lt)) || floating != (isFloat(rt) || isComplex(rt))) {
    return interp.opError(op, "operands and result must all be floating-point/complex or all integer");
  }
  const InputModel config_model = precisionConfigModel(op, lt, rt);
  const InputModel* input_model = floating && !complex && config_model.lhs.active ? &config_model : nullptr;

  Tensor out(result_type);
  std::vector<uint8_t> impl(out.numElements());
  std::vector<double> bounds(floating ? out.numElements() : 0);
  const std::vector<int64_t> lst = rowMajorStrides(ls), rst = rowMajorStrides(rs);
  int64_t window_size = 1;
  for (int64_t w : window) window_size *= w;
  const int64_t n = window_size * k_in;  // products per element
  const ElementType part_type = complex ? complexPartType(ot) : ot;

  // Operand values as doubles (exact), decoded once.
  std::vector<double> lre, lim, rre, rim;
  if (floating) {
    lre = floatParts(lhs, 0);
    lim = floatParts(lhs, 1);
    rre = floatParts(rhs, 0);
    rim = floatParts(rhs, 1);
  }
  const int64_t out_per_fg = k_out / fgc, out_per_bg = k_out / bgc, batch_per_group = batch / bgc;
  const ElementType l_part = isComplex(lt) ? complexPartType(lt) : lt, r_part = isComplex(rt) ? complexPartType(rt) : rt;

  const int64_t l_feature_stride = lst[cd.input_feature], r_feature_stride = rst[cd.kernel_input_feature];
  // Whether every window position fits in 64 bits: |q| <= out * stride + window * rhs_dilation + |padding|,
  // each term below 2^60.
  bool narrow = true;
  for (size_t s = 0; s < sp; ++s) {
    const auto small = [](__int128 v) { return v >= -(__int128{1} << 60) && v < (__int128{1} << 60); };
    narrow = narrow && small(static_cast<__int128>(shape[cd.output_spatial[s]]) * strides[s]) &&
             small(static_cast<__int128>(window[s]) * rhs_dil[s]) && small(padding[s][0]);
  }

  // Whether the bound's input model needs any per-product work for these operands (decided once).
  const bool no_model_terms = floating && !complex && SumBound::noModelTermsFor(input_model, lre, rre);

  // A real result's rhs factors depend only on the output feature (a padding position multiplies the
  // same kernel value by 0): per output feature, the kernel values in product order (window positions,
  // then input features), gathered once.
  std::vector<double> kernel_by_output;
  if (floating && !complex) {
    kernel_by_output.reserve(static_cast<size_t>(k_out * n));
    std::vector<int64_t> w(sp);
    for (int64_t of = 0; of < k_out; ++of) {
      std::fill(w.begin(), w.end(), 0);
      for (int64_t step = 0; step < window_size; ++step) {
        int64_t rbase = of * rst[cd.kernel_output_feature];
        for (size_t s = 0; s < sp; ++s) rbase += w[s] * rst[cd.kernel_spatial[s]];
        for (int64_t ki = 0; ki < k_in; ++ki) kernel_by_output.push_back(rre[rbase + ki * r_feature_stride]);
        nextIndex(w, window);
      }
    }
  }

  // Result elements are independent: ranges of them run on the thread pool, each with its own sums.
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(n, 1));
  ElementDeadline deadline(interp);
  parallelFor(out.numElements(), grain, [&](int64_t begin, int64_t end) {
    std::vector<int64_t> index(rank), k(sp);
    // Per window position of one result element: (lhs element of input feature 0, or -1 for padding; rhs
    // element of kernel input feature 0). The products run over the window positions, then the k_in
    // input features, in row-major order of (window, feature).
    std::vector<std::pair<int64_t, int64_t>> pairs;
    pairs.reserve(window_size);
    auto forEachProduct = [&](auto&& fn) {
      for (auto [l, r] : pairs) {
        for (int64_t ki = 0; ki < k_in; ++ki) fn(l < 0 ? -1 : l + ki * l_feature_stride, r + ki * r_feature_stride);
      }
    };
    std::vector<double> a;  // the lhs factors of a real element's products
    std::optional<ProductSum> re_sum;
    std::optional<ComplexProductSum> complex_sum;
    if (floating && !complex) {
      re_sum.emplace(part_type, part_type, input_model, l_part, r_part);
      re_sum->setNoModelTerms(no_model_terms);
    }
    if (complex) complex_sum.emplace(part_type, part_type, input_model, l_part, r_part, isComplex(lt), isComplex(rt));
    for (int64_t o = begin; o < end; ++o) {
      if (deadline.reached()) return;
      unravelIndex(o, shape, index);
      const int64_t of = index[cd.output_feature];
      const int64_t lb = (bgc > 1 ? (of / out_per_bg) * batch_per_group : 0) + index[cd.output_batch];
      const int64_t feature_base = fgc > 1 ? (of / out_per_fg) * k_in : 0;
      pairs.clear();
      std::fill(k.begin(), k.end(), 0);
      for (int64_t step = 0; step < window_size; ++step) {
        int64_t lbase = lb * lst[cd.input_batch];
        int64_t rbase = of * rst[cd.kernel_output_feature];
        bool in_bounds = true;
        for (size_t s = 0; s < sp; ++s) {
          rbase += k[s] * rst[cd.kernel_spatial[s]];
          const int64_t w = reversal[s] ? window[s] - 1 - k[s] : k[s];
          // The position in the padded, dilated lhs; 128-bit only where 64 bits could overflow.
          const int64_t d = ls[cd.input_spatial[s]];
          if (narrow) {
            const int64_t q = index[cd.output_spatial[s]] * strides[s] + w * rhs_dil[s] - padding[s][0];
            if (q < 0 || q % lhs_dil[s] != 0 || q / lhs_dil[s] >= d) {
              in_bounds = false;
            } else {
              lbase += q / lhs_dil[s] * lst[cd.input_spatial[s]];
            }
            continue;
          }
          const __int128 q =
              static_cast<__int128>(index[cd.output_spatial[s]]) * strides[s] + static_cast<__int128>(w) * rhs_dil[s] - padding[s][0];
          if (q < 0 || q % lhs_dil[s] != 0 || q / lhs_dil[s] >= d) {
            in_bounds = false;
          } else {
            lbase += static_cast<int64_t>(q / lhs_dil[s]) * lst[cd.input_spatial[s]];
          }
        }
        pairs.emplace_back(in_bounds ? lbase + feature_base * l_feature_stride : -1, rbase);
        for (size_t s = sp; s-- > 0;) {
          if (++k[s] < window[s]) break;
          k[s] = 0;
        }
      }
      if (!floating) {
        IntegerProductSum sum;
        forEachProduct([&](int64_t li, int64_t ri) {
          if (li >= 0) sum.add(integerValue(lt, lhs.bits(li)), integerValue(rt, rhs.bits(ri)));  // padding: 0 * b
        });
        out.setBits(o, sum.finish(ot, impl[o]));
        continue;
      }
      // The factors of each part's products, in order, gathered for ProductSum's loops. The padding value
      // is +0 (the spec pads the lhs with zeros), real and imaginary part.
      if (!complex) {
        a.resize(n);
        double* pa = a.data();
        for (auto [l, r] : pairs) {
          if (l < 0) {
            std::fill(pa, pa + k_in, 0.0);
          } else {
            for (int64_t ki = 0; ki < k_in; ++ki) pa[ki] = lre[l + ki * l_feature_stride];
          }
          pa += k_in;
        }
        re_sum->start(n);
        re_sum->addProducts(a.data(), kernel_by_output.data() + of * n, a.size());
        out.setBits(o, re_sum->finish(bounds[o]));
        continue;
      }
      // Complex (ComplexProductSum): each part of 2n real products.
      const bool l_imag = !lim.empty(), r_imag = !rim.empty();  // imaginary parts to read (none of an empty tensor)
      complex_sum->start(n);
      forEachProduct([&](int64_t li, int64_t ri) {
        complex_sum->add(li < 0 ? 0.0 : lre[li], li < 0 || !l_imag ? 0.0 : lim[li], rre[ri], r_imag ? rim[ri] : 0.0);
      });
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

// --- batch normalization --------------------------------------------------------------------------------

struct BatchNormSetup {
  ElementType type;
  int64_t feature_index = 0;
  int64_t features = 0;
  int64_t count = 0;  // elements per feature
  mpfr_prec_t work = 0;
  MpFloat epsilon{64};  // rounded to `type`
  MpFloat count_e{64};  // `count` rounded to `type`
};

// Checks operands (the first `full` are operand-shaped, the rest 1-D of size dim(operand, feature_index))
// and reads epsilon and feature_index.
absl::Status setupBatchNorm(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands, size_t n_operands,
                            const std::vector<size_t>& full, size_t n_results, BatchNormSetup& setup) {
  if (operands.size() != n_operands || op.results.size() != n_results) {
    return interp.opError(op, strCat("takes ", n_operands, " operands and has ", n_results, " results"));
  }
  // Quantized operands and results never get here: the interpreter sends them to dequantizeOpQuantize,
  // which runs this kernel on the expressed types (a quantized tensor would fail the float checks below).
  for (size_t i = 0; i < n_operands; ++i) RETURN_IF_ERROR(tensorOperand(interp, op, operands, i).status());
  const Tensor& operand = operands[0].tensor;
  setup.type = operand.elementType();
  if (!isFloat(setup.type)) return interp.opError(op, "operands must be floating-point tensors");
  const BatchNormAttributes batch_norm(op);
  const int64_t feature_index = batch_norm.featureIndex();
  const int64_t rank = operand.type().rank();
  // batch_norm_* (C1).
  if (feature_index < 0 || feature_index >= rank) return interp.opError(op, strCat("feature_index ", feature_index, " is out of range for rank ", rank));
  setup.feature_index = feature_index;
  setup.features = operand.type().shape()[setup.feature_index];
  setup.count = setup.features ? operand.numElements() / setup.features : 0;
  for (size_t i = 1; i < n_operands; ++i) {
    const Tensor& t = operands[i].tensor;
    if (t.elementType() != setup.type) return interp.opError(op, "operands must have the same element type");
    const bool is_full = std::find(full.begin(), full.end(), i) != full.end();
    if (is_full ? t.type().shape() != operand.type().shape()
                : (t.type().rank() != 1 || t.type().shape()[0] != setup.features)) {
      return interp.opError(op, strCat("operand ", i, " has shape ", t.type().toString(), ", which does not match the operand and feature_index"));
    }
  }
  if (!isFloat(batch_norm.epsilonType())) return interp.opError(op, "needs a float epsilon");
  decodeFloat(batch_norm.epsilonType(), batch_norm.epsilonBits(), setup.epsilon);
  decodeFloat(setup.type, encodeFloat(setup.type, setup.epsilon), setup.epsilon);
  MpFloat c(64);
  mpfr_set_si(c, setup.count, MPFR_RNDN);  // exact: count < 2^63
  decodeFloat(setup.type, encodeFloat(setup.type, c), setup.count_e);
  setup.work = 4 * formatPrecision(setup.type) + 64 + 2 * std::bit_width(static_cast<uint64_t>(setup.count));
  return absl::OkStatus();
}

// Operand elements grouped by feature: element indices of feature f.
std::vector<std::vector<int64_t>> byFeature(const Tensor& t, int64_t feature_index, int64_t features) {
  std::vector<std::vector<int64_t>> groups(features);
  const std::vector<int64_t>& shape = t.type().shape();
  int64_t inner = 1;
  for (size_t d = feature_index + 1; d < shape.size(); ++d) inner *= shape[d];
  for (int64_t i = 0; i < t.numElements(); ++i) groups[(i / inner) % features].push_back(i);
  return groups;
}

std::deque<MpFloat> decodeTensor(const Tensor& t) {
  std::deque<MpFloat> v;
  for (int64_t i = 0; i < t.numElements(); ++i) {
    v.emplace_back(64);
    decodeFloat(t.elementType(), t.bits(i), v.back());
  }
  return v;
}

absl::StatusOr<Type> sameTypeResult(Interpreter& interp, const Operation& op, size_t i, const Tensor& like) {
  ASSIGN_OR_RETURN(Type type, resultTensorType(interp, op, i, like.type().shape()));
  if (type.elementType() != like.elementType()) return interp.opError(op, strCat("result ", i, " must have the operands' element type"));
  return type;
}

// scale * a / sqrt(b) + offset at `work` bits (a, b exact), rounded once to `t`.
uint64_t normalized(ElementType t, mpfr_prec_t work, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr offset) {
  MpFloat sd(work), q(work), y(work);
  mpfr_sqrt(sd, b, MPFR_RNDN);
  mpfr_div(q, a, sd, MPFR_RNDN);
  mpfr_add(y, q, offset, MPFR_RNDN);
  return encodeFloat(t, y);
}

// ===================================== batch_norm error bounds =====================================
//
// Running error analysis (docs/accumulation.md, "batch_norm_*"). Every intermediate quantity of a formula
// is an Rn: `v` approximates the quantity's exact value x (exact arithmetic on the exact inputs) with
// |v - x| <= d (the reference's own double evaluation, tracked with u_d = 2^-53), and e bounds |x̂ - x|
// for every x̂ that an implementation computing the formula in the element type can produce (unit
// roundoff u = 2^-p, any summation order). The bound arithmetic rounds up: `up` adds a relative margin of
// 2^-20 and the smallest double, `down` takes them off. An e that is not finite means no bound.
struct Rn {
  double v = 0;
  double d = 0;
  double e = 0;
};

double up(double x) { return x * (1 + 0x1p-20) + 0x1p-1074; }
double down(double x) {
  const double r = x * (1 - 0x1p-20) - 0x1p-1074;
  return r > 0 ? r : 0;
}

class RunningError {
 public:
  explicit RunningError(ElementType t) : type_(t), p_(formatPrecision(t)), u_(std::ldexp(1.0, -p_)) {
    const FloatFormat& f = floatFormat(t);
    // Half the smallest subnormal (Higham, 2nd ed., §2.1: the absolute error of a rounded product or
    // quotient in the gradual-underflow range). A format without subnormals gets no bound.
    eta_ = std::ldexp(1.0, 1 - f.bias - f.mantissa_bits - 1);
    usable_ = f.has_subnormals && p_ <= 53;
    max_finite_ = largestDown(t);
  }

  // An exact input value (every element type's value is a double).
  static Rn in(double x) { return {x, 0, 0}; }
  // Replaces v and d with an approximation from the reference's exact computation (`x` is the exact
  // value, or one within relative 2^-64 of it).
  static Rn withValue(Rn a, mpfr_srcptr x) {
    a.v = mpfr_get_d(x, MPFR_RNDN);
    a.d = up(std::fabs(a.v) * (0x1p-53 + 0x1p-62));
    return a;
  }
  // Upper and lower bounds on |x|.
  static double mag(const Rn& a) { return up(std::fabs(a.v) + a.d); }
  static double low(const Rn& a) { return down(std::fabs(a.v) - a.d); }
  // Whether an implementation's x̂ may have the other sign than x, or be zero: |x̂ - x| <= e reaches
  // across 0. An e of 0 (every implementation computes x exactly) leaves the sign where it is.
  static bool signOpen(const Rn& a) { return a.e > 0 && !(a.e < low(a)); }
  static Rn neg(Rn a) {
    a.v = -a.v;
    return a;
  }

  // z = a + b: |ẑ - z| <= (e_a + e_b)(1 + u) + u |z|.
  Rn add(const Rn& a, const Rn& b) const {
    Rn z;
    z.v = a.v + b.v;
    z.d = up(a.d + b.d + kUd * std::fabs(z.v));
    z.e = up((a.e + b.e) * (1 + u_) + u_ * mag(z));
    return guard(z);
  }
  Rn sub(const Rn& a, const Rn& b) const { return add(a, neg(b)); }
  // z = a b: |âb̂ - ab| <= |a| e_b + |b| e_a + e_a e_b =: P; |ẑ - z| <= P (1 + u) + u |z| + eta.
  Rn mul(const Rn& a, const Rn& b) const {
    Rn z;
    z.v = a.v * b.v;
    z.d = up(std::fabs(a.v) * b.d + mag(b) * a.d + kUd * std::fabs(z.v) + 0x1p-1074);
    const double p = up(mag(a) * b.e + mag(b) * a.e + a.e * b.e);
    z.e = up(p * (1 + u_) + u_ * mag(z) + eta_);
    return guard(z);
  }
  // z = a / b: |â/b̂ - a/b| <= (e_a + |z| e_b) / (|b| - e_b), needing |b| > e_b (else the divisor of
  // some implementation can be 0 and there is no bound).
  Rn div(const Rn& a, const Rn& b) const {
    Rn z;
    const double blo = low(b);
    if (!(blo > 0) || !(blo > b.e)) return unbounded(z);
    z.v = a.v / b.v;
    z.d = up((a.d + mag(a) / blo * b.d) / blo + kUd * std::fabs(z.v) + 0x1p-1074);
    const double p = up((a.e + mag(z) * b.e) / down(blo - b.e));
    z.e = up(p * (1 + u_) + u_ * mag(z) + eta_);
    return guard(z);
  }
  // z = sqrt(a), a > 0: |sqrt(â) - sqrt(a)| <= e_a / (sqrt(a) + sqrt(a - e_a)), needing a >= e_a.
  Rn sqrt(const Rn& a) const {
    Rn z;
    const double alo = low(a);
    if (!(a.v > 0) || !(alo > 0) || !(alo >= a.e)) return unbounded(z);
    z.v = std::sqrt(a.v);
    z.d = up(a.d / down(std::sqrt(alo)) + kUd * z.v);
    const double p = up(a.e / down(down(std::sqrt(alo)) + down(std::sqrt(down(alo - a.e)))));
    z.e = up(p * (1 + u_) + u_ * mag(z));
    return guard(z);
  }
  // z = 1/sqrt(a), a > e_a: |1/sqrt(â) - 1/sqrt(a)| <= e_a / ((sqrt(a) + sqrt(â)) sqrt(a) sqrt(â)); the
  // implementation's rsqrt may be within 2 ulps (relative 4u) instead of correctly rounded.
  Rn rsqrt(const Rn& a) const {
    Rn z;
    const double alo = low(a);
    if (!(a.v > 0) || !(alo > 0) || !(alo > a.e)) return unbounded(z);
    const double a2 = down(alo - a.e);
    if (!(a2 > 0)) return unbounded(z);
    const double s1 = down(std::sqrt(alo)), s2 = down(std::sqrt(a2));
    z.v = 1 / std::sqrt(a.v);
    z.d = up(a.d / down(2 * alo * s1) + 3 * kUd * std::fabs(z.v));
    const double p = up(a.e / down(down(s1 + s2) * s1 * s2));
    const double rho = 4 * u_;
    z.e = up(p * (1 + rho) + rho * mag(z) + eta_);
    return guard(z);
  }
  // z = x * k + (offset - m * k) = (x - m) * k + offset, as XLA folds batch normalization. The error of
  // k is shared by both products and cancels to first order, so it is taken once, times |x - m|:
  //   P = e_x K + |x - m| e_k + e_m K + e_offset + u |x| K + eta + (1 + u)(u M K + eta) + u |offset - m k|,
  //   |ẑ - z| <= P (1 + u) + u |z|, with K >= |k̂|, M >= |m̂|, X >= |x̂|.
  Rn foldedAffine(const Rn& x, const Rn& m, const Rn& k, const Rn& offset) const {
    const Rn c = sub(x, m);
    Rn z = add(mul(c, k), offset);  // v and d of the exact value
    const double xb = up(mag(x) + x.e), mb = up(mag(m) + m.e), kb = up(mag(k) + k.e);
    const double shift = up(mag(offset) + offset.e + mb * kb);  // >= |offset - m̂ k̂|
    const double p = up(x.e * kb + mag(c) * k.e + m.e * kb + offset.e + u_ * xb * kb + eta_ +
                        (1 + u_) * (u_ * mb * kb + eta_) + u_ * shift);
    z.e = up(p * (1 + u_) + u_ * mag(z));
    if (!(up(xb * kb) < max_finite_) || !(shift < max_finite_)) z.e = INFINITY;
    return guard(z);
  }
  // Sum of n terms in any order and tree (Higham §4.2): ŝ = sum t̂_i (1 + θ_i), |θ_i| <= γ_{n-1}, so
  // |ŝ - s| <= sum e_i + γ_{n-1} sum (|t_i| + e_i). Every partial sum is below (1 + γ) sum(|t_i| + e_i).
  Rn sum(const std::vector<Rn>& terms) const {
    Rn z;
    const int64_t n = static_cast<int64_t>(terms.size());
    if (n == 0) return z;
    double abs_v = 0, ds = 0, es = 0, ms = 0;
    for (const Rn& t : terms) {
      z.v += t.v;
      abs_v += std::fabs(t.v);
      ds += t.d;
      es += t.e;
      ms += mag(t) + t.e;
    }
    abs_v = up(abs_v);
    ms = up(ms);
    const double g = n > 1 ? gamma(n - 1, p_) : 0.0, gd = n > 1 ? gamma(n - 1, 53) : 0.0;
    z.d = up(up(ds) + gd * abs_v);
    z.e = up(up(es) + g * ms);
    if (!(up(ms * (1 + g)) < max_finite_)) z.e = INFINITY;
    return guard(z);
  }
  // Sum of the exact values `xs` (inputs: e = 0).
  Rn sumOfInputs(const std::vector<double>& xs) const {
    std::vector<Rn> t;
    t.reserve(xs.size());
    for (double x : xs) t.push_back(in(x));
    return sum(t);
  }

  // The bound attached to a result element: e plus half an ulp of the golden value (the reference's own
  // rounding), rounded up; 0 for a NaN or infinite golden value; +infinity when e is not finite.
  double bound(double e, uint64_t golden) const {
    const FloatClass c = classifyFloat(type_, golden);
    if (c == FloatClass::kNaN || c == FloatClass::kInfinity) return 0.0;
    if (!usable_ || !(e < INFINITY)) return INFINITY;
    MpFloat g(64);
    decodeFloat(type_, golden, g);
    const FloatFormat& f = floatFormat(type_);
    const long min_exp = 1 - f.bias - f.mantissa_bits;
    const long ulp_exp = mpfr_regular_p(g) ? std::max<long>(mpfr_get_exp(g) - p_, min_exp) : min_exp;
    return up(e + std::ldexp(1.0, ulp_exp - 1));
  }

 private:
  static constexpr double kUd = 0x1p-53;
  static Rn unbounded(Rn z) {
    z.v = NAN;
    z.d = INFINITY;
    z.e = INFINITY;
    return z;
  }
  // No overflow: every value an implementation can produce, |x̂| <= |x| + e, stays below the largest
  // finite value. NaN bounds become infinite.
  Rn guard(Rn z) const {
    if (!(z.d < INFINITY) || !(z.e < INFINITY) || !(up(mag(z) + z.e) < max_finite_)) z.e = INFINITY;
    return z;
  }

  ElementType type_;
  int p_;
  double u_;
  double eta_ = 0;
  double max_finite_ = 0;
  bool usable_ = false;
};

std::vector<double> toDoubles(const std::deque<MpFloat>& v) {
  std::vector<double> out;
  out.reserve(v.size());
  for (const MpFloat& x : v) out.push_back(mpfr_get_d(x, MPFR_RNDN));  // exact: formats up to f64
  return out;
}

Results batchNormInferenceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  BatchNormSetup st;
  RETURN_IF_ERROR(setupBatchNorm(interp, op, operands, 5, {}, 1, st));
  const Tensor& x = operands[0].tensor;
  ASSIGN_OR_RETURN(const Type type, sameTypeResult(interp, op, 0, x));
  auto xv = decodeTensor(x), scale = decodeTensor(operands[1].tensor), offset = decodeTensor(operands[2].tensor),
       mean = decodeTensor(operands[3].tensor), var = decodeTensor(operands[4].tensor);
  Tensor out(type);
  const auto groups = byFeature(x, st.feature_index, st.features);
  MpFloat b(64), c(64), a(64);
  for (int64_t f = 0; f < st.features; ++f) {
    exactSum(b, {var[f].get(), st.epsilon.get()});
    for (int64_t i : groups[f]) {
      exactSub(c, xv[i], mean[f]);
      exactMul(a, scale[f], c);
      out.setBits(i, normalized(st.type, st.work, a, b, offset[f]));
    }
  }
  // Error bound: the spec's scale * ((x - mean) / sqrt(variance + epsilon)) + offset, and XLA's
  // x * k + (offset - mean * k) with k = scale * rsqrt(variance + epsilon).
  const RunningError re(st.type);
  const auto xd = toDoubles(xv), sd = toDoubles(scale), od = toDoubles(offset), md = toDoubles(mean), vd = toDoubles(var);
  const Rn eps = RunningError::in(mpfr_get_d(st.epsilon, MPFR_RNDN));
  std::vector<double> bounds(out.numElements(), 0.0);
  for (int64_t f = 0; f < st.features; ++f) {
    const Rn sc = RunningError::in(sd[f]), off = RunningError::in(od[f]), m = RunningError::in(md[f]);
    const Rn ve = re.add(RunningError::in(vd[f]), eps);
    const Rn stddev = re.sqrt(ve);
    const Rn k = re.mul(sc, re.rsqrt(ve));
    for (int64_t i : groups[f]) {
      const Rn xi = RunningError::in(xd[i]);
      const Rn spec = re.add(re.mul(sc, re.div(re.sub(xi, m), stddev)), off);
      const Rn xla = re.foldedAffine(xi, m, k, off);
      bounds[i] = re.bound(std::max(spec.e, xla.e), out.bits(i));
    }
  }
  RtValue result = RtValue::ofTensor(std::move(out));
  result.error_bound = std::move(bounds);
  return std::vector<RtValue>{std::move(result)};
}

Results batchNormTrainingKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  BatchNormSetup st;
  RETURN_IF_ERROR(setupBatchNorm(interp, op, operands, 3, {}, 3, st));
  const Tensor& x = operands[0].tensor;
  ASSIGN_OR_RETURN(const Type type, sameTypeResult(interp, op, 0, x));
  ASSIGN_OR_RETURN(const Type mean_type, sameTypeResult(interp, op, 1, operands[1].tensor));
  ASSIGN_OR_RETURN(const Type var_type, sameTypeResult(interp, op, 2, operands[1].tensor));
  auto xv = decodeTensor(x), scale = decodeTensor(operands[1].tensor), offset = decodeTensor(operands[2].tensor);
  Tensor out(type), mean_out(mean_type), var_out(var_type);
  const auto groups = byFeature(x, st.feature_index, st.features);
  const mpfr_prec_t w = st.work;
  // With N = the element count and Ne = N rounded to the type, S = sum x, Q = sum x^2:
  //   mean = S / Ne,  variance = sum (x - mean)^2 / Ne = (Ne^2 Q + (N - 2 Ne) S^2) / Ne^3,
  //   output = scale (x - mean) / sqrt(variance + eps) + offset
  //          = scale (Ne x - S) Ne / sqrt(Ne (Ne^2 Q + (N - 2 Ne) S^2 + Ne^3 eps)) + offset.
  MpFloat n(64), ne2(128), ne3(192), n_2ne(64);
  mpfr_set_si(n, st.count, MPFR_RNDN);
  mpfr_mul(ne2, st.count_e, st.count_e, MPFR_RNDN);
  mpfr_mul(ne3, ne2, st.count_e, MPFR_RNDN);
  {
    MpFloat two_ne(64);
    mpfr_mul_2ui(two_ne, st.count_e, 1, MPFR_RNDN);
    exactSub(n_2ne, n, two_ne);
  }
  MpFloat s(64), q(64), t1(64), t2(64), s2(64), vnum(64), r(64), b(64), nex(64), num(64), a(64), m(w), v(w);
  const RunningError re(st.type);
  const auto xd = toDoubles(xv), scd = toDoubles(scale), od = toDoubles(offset);
  const Rn eps = RunningError::in(mpfr_get_d(st.epsilon, MPFR_RNDN));
  const Rn ne = RunningError::in(mpfr_get_d(st.count_e, MPFR_RNDN));
  const bool n_exact = mpfr_cmp_si(st.count_e, st.count) == 0;
  std::vector<double> out_bounds(out.numElements(), 0.0), mean_bounds(st.features, 0.0), var_bounds(st.features, 0.0);
  LongAccumulator sum_x, sum_squares;  // the feature's sum x and sum x^2, exact (docs/accumulation.md)
  for (int64_t f = 0; f < st.features; ++f) {
    sum_x.clear();
    sum_squares.clear();
    for (int64_t i : groups[f]) {
      sum_x.add(xd[i]);
      sum_squares.addProduct(xd[i], xd[i]);
    }
    sum_x.toMpfr(s);
    sum_squares.toMpfr(q);
    exactMul(t1, ne2, q);
    exactMul(s2, s, s);
    exactMul(t2, n_2ne, s2);
    exactSum(vnum, {t1.get(), t2.get()});
    mpfr_div(m, s, st.count_e, MPFR_RNDN);
    mpfr_div(v, vnum, ne3, MPFR_RNDN);
    mean_out.setBits(f, encodeFloat(st.type, m));
    var_out.setBits(f, encodeFloat(st.type, v));
    exactMul(t1, ne3, st.epsilon);
    exactSum(r, {vnum.get(), t1.get()});
    exactMul(b, st.count_e, r);
    for (int64_t i : groups[f]) {
      exactMul(nex, st.count_e, xv[i]);
      exactSub(num, nex, s);
      exactMul(nex, num, st.count_e);
      exactMul(a, scale[f], nex);
      out.setBits(i, normalized(st.type, w, a, b, offset[f]));
    }
    // Error bounds. mean = sum x / N. variance: the spec's two-pass sum (x - mean)^2 / N and XLA's
    // one-pass sum x^2 / N - mean * mean (both equal the exact variance when N is exact in the type).
    // output: the spec's scale * ((x - mean) / sqrt(var + eps)) + offset, XLA's
    // ((x - mean) * rsqrt(var + eps)) * scale + offset, and the folded x * k + (offset - mean * k).
    std::vector<double> xvals;
    for (int64_t i : groups[f]) xvals.push_back(xd[i]);
    if (!n_exact) {
      mean_bounds[f] = re.bound(INFINITY, mean_out.bits(f));
      var_bounds[f] = re.bound(INFINITY, var_out.bits(f));
      for (int64_t i : groups[f]) out_bounds[i] = re.bound(INFINITY, out.bits(i));
      continue;
    }
    const Rn sum = RunningError::withValue(re.sumOfInputs(xvals), s);
    const Rn mn = RunningError::withValue(re.div(sum, ne), m);
    std::vector<Rn> sq_terms, centered_squares;
    for (double xi : xvals) {
      sq_terms.push_back(re.mul(RunningError::in(xi), RunningError::in(xi)));
      const Rn c = re.sub(RunningError::in(xi), mn);
      centered_squares.push_back(re.mul(c, c));
    }
    const Rn sum_sq = RunningError::withValue(re.sum(sq_terms), q);
    const Rn var_one_pass = re.sub(re.div(sum_sq, ne), re.mul(mn, mn));
    Rn var_e = RunningError::withValue(re.div(re.sum(centered_squares), ne), v);
    var_e.e = std::max(var_e.e, var_one_pass.e);
    mean_bounds[f] = re.bound(mn.e, mean_out.bits(f));
    var_bounds[f] = re.bound(var_e.e, var_out.bits(f));
    const Rn sc = RunningError::in(scd[f]), off = RunningError::in(od[f]);
    const Rn ve = re.add(var_e, eps);
    const Rn stddev = re.sqrt(ve), inv = re.rsqrt(ve);
    const Rn k = re.mul(sc, inv);
    for (int64_t i : groups[f]) {
      const Rn xi = RunningError::in(xd[i]);
      const Rn c = re.sub(xi, mn);
      const Rn spec = re.add(re.mul(sc, re.div(c, stddev)), off);
      const Rn xla = re.add(re.mul(re.mul(c, inv), sc), off);
      const Rn folded = re.foldedAffine(xi, mn, k, off);
      out_bounds[i] = re.bound(std::max({spec.e, xla.e, folded.e}), out.bits(i));
    }
  }
  std::vector<RtValue> results;
  results.push_back(RtValue::ofTensor(std::move(out)));
  results.push_back(RtValue::ofTensor(std::move(mean_out)));
  results.push_back(RtValue::ofTensor(std::move(var_out)));
  results[0].error_bound = std::move(out_bounds);
  results[1].error_bound = std::move(mean_bounds);
  results[2].error_bound = std::move(var_bounds);
  return results;
}

Results batchNormGradKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  BatchNormSetup st;
  RETURN_IF_ERROR(setupBatchNorm(interp, op, operands, 5, {4}, 3, st));
  const Tensor& x = operands[0].tensor;
  ASSIGN_OR_RETURN(const Type type, sameTypeResult(interp, op, 0, x));
  ASSIGN_OR_RETURN(const Type scale_type, sameTypeResult(interp, op, 1, operands[1].tensor));
  ASSIGN_OR_RETURN(const Type offset_type, sameTypeResult(interp, op, 2, operands[1].tensor));
  auto xv = decodeTensor(x), scale = decodeTensor(operands[1].tensor), mean = decodeTensor(operands[2].tensor),
       var = decodeTensor(operands[3].tensor), g = decodeTensor(operands[4].tensor);
  Tensor grad_operand(type), grad_scale(scale_type), grad_offset(offset_type);
  const auto groups = byFeature(x, st.feature_index, st.features);
  const mpfr_prec_t w = st.work;
  // With c = x - mean, ve = variance + eps, Ne = the element count rounded to the type:
  //   grad_operand = scale / sqrt(ve) / Ne * (g Ne - sum g - (sum g c) c / ve)
  //                = scale ((g Ne - sum g) ve - (sum g c) c) / (Ne ve sqrt(ve)),
  //   grad_scale = (sum g c) / sqrt(ve),  grad_offset = sum g.
  MpFloat ve(64), i2(64), i3(64), t1(64), t2(64), t3(64), d(64), num(64), den(64), sd(w), den_w(w), y(w);
  const RunningError re(st.type);
  const auto xd = toDoubles(xv), scd = toDoubles(scale), md = toDoubles(mean), vd = toDoubles(var), gd = toDoubles(g);
  const Rn eps = RunningError::in(mpfr_get_d(st.epsilon, MPFR_RNDN));
  const Rn ne = RunningError::in(mpfr_get_d(st.count_e, MPFR_RNDN));
  const bool n_exact = mpfr_cmp_si(st.count_e, st.count) == 0;
  std::vector<double> operand_bounds(grad_operand.numElements(), 0.0), scale_bounds(st.features, 0.0), offset_bounds(st.features, 0.0);
  // An infinite or NaN golden value whose finite factor (its exact value finite: no NaN or infinite
  // input behind it) an implementation may get with the other sign (sum g (x - mean) cancelling below
  // its accumulation error, times an infinite scale or overflowing):
  // +inf, -inf and NaN are all what some order of the spec's formula gives, so the element is marked
  // implementation-defined (docs/accumulation.md, "batch_norm_*").
  std::vector<uint8_t> operand_open(grad_operand.numElements(), 0), scale_open(st.features, 0);
  auto notFinite = [&](uint64_t bits) {
    const FloatClass c = classifyFloat(st.type, bits);
    return c == FloatClass::kNaN || c == FloatClass::kInfinity;
  };
  LongAccumulator sum_g;
  for (int64_t f = 0; f < st.features; ++f) {
    exactSum(ve, {var[f].get(), st.epsilon.get()});
    // sum g exactly in a long accumulator; sum g (x - mean) in MPFR (x - mean need not be a double).
    std::deque<MpFloat> cs, gcs;
    std::vector<mpfr_srcptr> gc;
    sum_g.clear();
    for (int64_t i : groups[f]) {
      cs.emplace_back(64);
      exactSub(cs.back(), xv[i], mean[f]);
      gcs.emplace_back(64);
      exactMul(gcs.back(), g[i], cs.back());
      sum_g.add(gd[i]);
      gc.push_back(gcs.back().get());
    }
    sum_g.toMpfr(i2);
    exactSum(i3, gc);
    mpfr_sqrt(sd, ve, MPFR_RNDN);
    if (!groups[f].empty()) {
      MpFloat gsc(w);
      mpfr_div(gsc, i3, sd, MPFR_RNDN);
      grad_scale.setBits(f, encodeFloat(st.type, gsc));
    }  // else +0: the spec sums grad_output * normalized_operand over no element (its reduce starts at 0),
       // whatever sqrt(variance + epsilon) is, so a zero, negative or NaN variance gives no NaN here.
    grad_offset.setBits(f, encodeFloat(st.type, i2));
    exactMul(t3, st.count_e, ve);
    mpfr_mul(den_w, t3, sd, MPFR_RNDN);
    size_t k = 0;
    for (int64_t i : groups[f]) {
      exactMul(t1, g[i], st.count_e);
      exactSub(d, t1, i2);
      exactMul(t1, d, ve);
      exactMul(t2, i3, cs[k]);
      exactSub(num, t1, t2);
      exactMul(t1, scale[f], num);
      mpfr_div(y, t1, den_w, MPFR_RNDN);
      grad_operand.setBits(i, encodeFloat(st.type, y));
      ++k;
    }
    // Error bounds. grad_offset = sum g. grad_scale: the spec's sum g * ((x - mean) / sqrt(ve)) and
    // XLA's (sum g * (x - mean)) * rsqrt(ve). grad_operand = q * ((g * N - sum g) - (i3 * (x - mean)) / ve)
    // with the spec's q = (scale / sqrt(ve)) / N or XLA's q = (scale * rsqrt(ve)) / N.
    std::vector<double> gvals;
    for (int64_t i : groups[f]) gvals.push_back(gd[i]);
    const Rn g_sum = RunningError::withValue(re.sumOfInputs(gvals), i2);
    offset_bounds[f] = re.bound(g_sum.e, grad_offset.bits(f));
    if (!n_exact) {
      scale_bounds[f] = re.bound(INFINITY, grad_scale.bits(f));
      for (int64_t i : groups[f]) operand_bounds[i] = re.bound(INFINITY, grad_operand.bits(i));
      continue;
    }
    const Rn sc = RunningError::in(scd[f]), mn = RunningError::in(md[f]);
    const Rn vpe = re.add(RunningError::in(vd[f]), eps);
    const Rn stddev = re.sqrt(vpe), inv = re.rsqrt(vpe);
    std::vector<Rn> centered, products, normalized_products;
    for (int64_t i : groups[f]) {
      centered.push_back(re.sub(RunningError::in(xd[i]), mn));
      products.push_back(re.mul(RunningError::in(gd[i]), centered.back()));
      normalized_products.push_back(re.mul(RunningError::in(gd[i]), re.div(centered.back(), stddev)));
    }
    const Rn gc_sum = RunningError::withValue(re.sum(products), i3);
    const double scale_e = groups[f].empty() ? 0.0 : std::max(re.sum(normalized_products).e, re.mul(gc_sum, inv).e);
    scale_bounds[f] = re.bound(scale_e, grad_scale.bits(f));
    scale_open[f] = !groups[f].empty() && notFinite(grad_scale.bits(f)) && std::isfinite(gc_sum.v) && RunningError::signOpen(gc_sum);
    Rn factor = re.div(re.div(sc, stddev), ne);
    factor.e = std::max(factor.e, re.div(re.mul(sc, inv), ne).e);
    size_t j = 0;
    for (int64_t i : groups[f]) {
      const Rn i6 = re.sub(re.sub(re.mul(RunningError::in(gd[i]), ne), g_sum), re.div(re.mul(gc_sum, centered[j]), vpe));
      operand_bounds[i] = re.bound(re.mul(factor, i6).e, grad_operand.bits(i));
      operand_open[i] = notFinite(grad_operand.bits(i)) && std::isfinite(i6.v) && RunningError::signOpen(i6);
      ++j;
    }
  }
  auto marks = [](std::vector<uint8_t> open) {
    return std::find(open.begin(), open.end(), 1) == open.end() ? std::vector<uint8_t>{} : open;
  };
  std::vector<RtValue> results;
  results.push_back(RtValue::ofTensor(std::move(grad_operand), marks(std::move(operand_open))));
  results.push_back(RtValue::ofTensor(std::move(grad_scale), marks(std::move(scale_open))));
  results.push_back(RtValue::ofTensor(std::move(grad_offset)));
  results[0].error_bound = std::move(operand_bounds);
  results[1].error_bound = std::move(scale_bounds);
  results[2].error_bound = std::move(offset_bounds);
  return results;
}

constexpr KernelDef kKernels[] = {
    {OpId::kConvolution, convolutionKernel},
    {OpId::kBatchNormInference, batchNormInferenceKernel},
    {OpId::kBatchNormTraining, batchNormTrainingKernel},
    {OpId::kBatchNormGrad, batchNormGradKernel},
};

}  // namespace

std::span<const KernelDef> convolutionKernels() { return kKernels; }

}  // namespace hloconf::ref
