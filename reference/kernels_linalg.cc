// Linear algebra and transforms: fft, cholesky, triangular_solve. docs/accumulation.md, section
// "Linear algebra and FFT", has the definitions, the error bounds and their sources.
//
// - fft: every result element is the exact value of the spec's composition of 1-D DFTs (fft/ifft/rfft/irfft
//   along the innermost size(fft_length) dimensions), rounded once per part. The transform is evaluated
//   stage by stage (one dimension at a time, each output a naive O(N) sum), first in plain double (f32
//   results) or double-double (f64 results) with a rigorous running bound on every value's error; an
//   element is taken from that pass when every value within twice its bound rounds alike, which also
//   proves that the MPFR evaluation below decides it, with the same bits. The rest (and everything when
//   an input is non-finite or beyond 2^960) is evaluated at a working precision w, with a rigorous
//   running bound: twiddle factors come from mpfr_cosu/mpfr_sinu (correctly rounded, exact where the
//   value is exact), products are exact, each sum is one correctly rounded mpfr_sum. Ziv's strategy per
//   element: while its error interval straddles a rounding boundary, w doubles (2p+32 up to 8p+256 bits),
//   recomputing only the lines of its slice that it depends on. An element still undecided at the last
//   precision is an exact zero or an exact rounding midpoint reached by cancelling irrational twiddles,
//   which no error bound can certify: an interval containing 0 gives +0, otherwise the value at the last
//   precision is rounded. Non-finite inputs make the results that depend on them NaN, marked
//   implementation-defined. error_bound: a normwise bound for mixed-radix algorithms (a stage model
//   generalising Higham's Theorem 24.2; fftErrorBound), for every kind and length.
// - cholesky: the Cholesky-Crout recurrence with MPFR/MPC at w = 4p+128 bits, its own error bounded by the
//   theorems below at unit roundoff 2^-w, each part rounded once when its interval decides it (Ziv: w
//   doubles for undecided parts). The opposite triangle is +0 and marked implementation-defined. A matrix
//   that is not Hermitian positive definite (a pivot <= 0 or NaN) is undefined behaviour: all its elements
//   are NaN and marked. error_bound: Higham's Theorem 10.3 (backward error) with Theorem 10.8 (Sun's
//   normwise perturbation bound), using ||A^-1||_2 <= ||L^-1||_F^2; a matrix too close to singular for
//   the theorem in the element type is marked implementation-defined.
// - triangular_solve: solved exactly in rational arithmetic (GMP), then correctly rounded (roundCorrectly).
//   error_bound: Higham's Theorem 8.5 backward error turned into a componentwise forward bound.
//   A zero pivot (singular matrix) or a non-finite input makes that batch's results NaN and marked.
#include <gmp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/kernels.h"
#include "reference/numerics.h"
#include "reference/parallel.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

int64_t product(const std::vector<int64_t>& v, size_t from, size_t to) {
  int64_t n = 1;
  for (size_t i = from; i < to; ++i) n *= v[i];
  return n;
}

// gamma(n) = n u / (1 - n u) for u = 2^-p, rounded up generously; infinity when n u >= 1/2.
double gamma(double n, int p) {
  const double nu = n * std::ldexp(1.0, -p);
  if (!(nu < 0.5)) return INFINITY;
  return std::nextafter(nu / (1.0 - nu) * (1.0 + 0x1p-40), INFINITY);
}

// Half an ulp of a value of format `t` (its distance to a neighbour, halved): the golden value's own
// rounding error.
double halfUlp(ElementType t, uint64_t bits) {
  const FloatFormat& f = floatFormat(t);
  const long min_exp = 1 - f.bias - f.mantissa_bits;
  // The value's exponent e (|value| in [2^(e-1), 2^e)) when it is finite and non-zero: frexp's for f32 and
  // f64 (exact in double), MPFR's otherwise.
  bool regular = false;
  long exp = 0;
  if (t == ElementType::kF32 || t == ElementType::kF64) {
    const double d = t == ElementType::kF32 ? std::bit_cast<float>(static_cast<uint32_t>(bits)) : std::bit_cast<double>(bits);
    regular = std::isfinite(d) && d != 0;
    int e = 0;
    if (regular) std::frexp(d, &e);
    exp = e;
  } else {
    MpFloat g(64);
    decodeFloat(t, bits, g);
    regular = mpfr_regular_p(g);
    if (regular) exp = mpfr_get_exp(g);
  }
  const long ulp_exp = regular ? std::max<long>(exp - formatPrecision(t), min_exp) : min_exp;
  return std::ldexp(1.0, ulp_exp - 1);
}

bool nonFinite(ElementType t, uint64_t bits) {
  const FloatClass c = classifyFloat(t, bits);
  return c == FloatClass::kNaN || c == FloatClass::kInfinity;
}

uint64_t quietNaN(ElementType t) {
  MpFloat n(16);
  mpfr_set_nan(n);
  return encodeFloat(t, n);
}

uint64_t positiveZero(ElementType t) {
  MpFloat z(16);
  mpfr_set_zero(z, 1);
  return encodeFloat(t, z);
}

// ============================================ fft ============================================
//
// The evaluation has two passes (docs/accumulation.md, "fft", "Evaluation"):
// 1. A fast pass over the whole tensor in plain double (f32 results) or double-double (f64 results): the
//    same stage sums with a rigorous running bound on every value's absolute error. A result element is
//    taken when every value within twice its bound rounds to one value of the element type (both parts),
//    which also guarantees that the MPFR pass below would have decided it, and so gives the same bits.
// 2. The MPFR pass (Ziv's strategy) for the rest, slice by slice (a slice: the innermost
//    size(fft_length) dimensions), computing only the stage values that the undecided elements depend on.
// setFftFastPath(false) skips pass 1 (tests and benchmarks compare the two).

std::atomic<bool>& fftFastPathFlag() {
  static std::atomic<bool> enabled{true};
  return enabled;
}

// a * b for non-negative doubles, rounded up: never 0 when both are non-zero (underflow).
double mulUp(double a, double b) {
  if (a == 0 || b == 0) return 0;
  const double r = a * b;
  return r == 0 ? std::numeric_limits<double>::denorm_min() : std::nextafter(r, INFINITY);
}
// |v| as a double, rounded up: never 0 when v is non-zero (underflow).
double absUp(mpfr_srcptr v) {
  if (mpfr_zero_p(v)) return 0;
  const double d = std::fabs(mpfr_get_d(v, MPFR_RNDA));
  return d == 0 ? std::numeric_limits<double>::denorm_min() : d;
}

// One 1-D stage: along dimension `axis` of the slice, a DFT of length `n` whose input has `in_len`
// elements along the axis (n, or n/2+1 when `hermitian`: irfft's last stage, whose remaining inputs are
// the conjugate mirror) and whose output has `n_out` (n, or n/2+1 for rfft's last stage).
struct FftStage {
  size_t axis = 0;
  int64_t n = 0, in_len = 0, n_out = 0;
  bool hermitian = false;
  // Lines along the axis within one slice: outer x inner of them; element (o, k, q) of the stage's input is
  // at o * in_len * inner + k * inner + q, and output (o, j, q) at o * n_out * inner + j * inner + q.
  int64_t outer = 1, inner = 1;
};

// The transform as stages over slices: the innermost size(fft_length) dimensions of the operand form
// `slices` independent slices of `in_block` elements, mapped to `out_block` result elements each.
struct FftPlan {
  ElementType part = ElementType::kF32;
  bool real_in = false, real_out = false, inverse = false;
  int parts = 2;  // result parts per element: 1 for irfft
  std::vector<FftStage> stages;
  std::vector<int64_t> sizes;  // elements of one slice before each stage; sizes.back(): the result's
  int64_t slices = 0, in_block = 0, out_block = 0;
  int64_t maxSize() const { return *std::max_element(sizes.begin(), sizes.end()); }
};

FftPlan makeFftPlan(const std::vector<int64_t>& ishape, const std::vector<int64_t>& lengths, ElementType part, std::string_view kind) {
  FftPlan plan;
  plan.part = part;
  plan.real_in = kind == "RFFT";
  plan.real_out = kind == "IRFFT";
  plan.inverse = kind == "IFFT" || kind == "IRFFT";
  plan.parts = plan.real_out ? 1 : 2;
  const size_t L = lengths.size(), rank = ishape.size();
  std::vector<int64_t> shape(ishape.begin() + static_cast<ptrdiff_t>(rank - L), ishape.end());
  plan.slices = product(ishape, 0, rank - L);
  plan.sizes.push_back(product(shape, 0, L));
  // Stages: forward kinds go innermost first, inverse kinds outermost first (the spec's order; the exact
  // value does not depend on it except through irfft's mirror, which must come last).
  for (size_t s = 0; s < L; ++s) {
    const size_t i = plan.inverse ? s : L - 1 - s;
    const bool is_last = i + 1 == L;
    FftStage st;
    st.axis = i;
    st.n = lengths[i];
    st.in_len = shape[i];
    st.n_out = (is_last && plan.real_in) ? (st.n == 0 ? 0 : st.n / 2 + 1) : st.n;
    st.hermitian = is_last && plan.real_out;
    st.outer = product(shape, 0, i);
    st.inner = product(shape, i + 1, L);
    plan.stages.push_back(st);
    shape[i] = st.n_out;
    plan.sizes.push_back(product(shape, 0, L));
  }
  plan.in_block = plan.sizes.front();
  plan.out_block = plan.sizes.back();
  return plan;
}

// Where stage input k of output j comes from: element `src` of the line, conjugated when `conj`
// (irfft's mirror X[n-k] = conj(X[k])).
struct FftSource {
  int64_t src;
  bool conj;
};
inline FftSource fftSource(const FftStage& st, int64_t k) {
  if (st.hermitian && k > st.n / 2) return {st.n - k, true};
  return {k, false};
}

// ---------------------------------------- the MPFR pass ----------------------------------------

// Twiddles w_m = e^{-+2 pi i m/n} (m < n) at precision w: cos and sin of 2 pi m / n, correctly rounded
// (exact when exact).
struct MpTwiddles {
  int64_t n = -1;
  bool inverse = false;
  mpfr_prec_t w = 0;
  std::unique_ptr<MpFloat[]> cosv, sinv;
  std::vector<uint8_t> exact;

  void compute(int64_t len, bool inv, mpfr_prec_t prec) {
    n = len;
    inverse = inv;
    w = prec;
    cosv = std::make_unique<MpFloat[]>(static_cast<size_t>(n));
    sinv = std::make_unique<MpFloat[]>(static_cast<size_t>(n));
    exact.assign(n, 0);
    MpFloat m(64);
    for (int64_t i = 0; i < n; ++i) {
      mpfr_set_prec(cosv[i], w);
      mpfr_set_prec(sinv[i], w);
      mpfr_set_si(m, i, MPFR_RNDN);
      const int tc = mpfr_cosu(cosv[i], m, static_cast<unsigned long>(n), MPFR_RNDN);
      const int ts = mpfr_sinu(sinv[i], m, static_cast<unsigned long>(n), MPFR_RNDN);
      if (!inverse) mpfr_neg(sinv[i], sinv[i], MPFR_RNDN);
      exact[i] = tc == 0 && ts == 0;
    }
  }
};

// The values of one stage's input or output over one slice at working precision w, each with a bound on
// its absolute error (modulus). Only the elements some undecided result depends on are computed; an
// element's precision is set to w when it is written.
struct MpSliceField {
  std::unique_ptr<MpComplex[]> v;
  int64_t capacity = 0;
  std::vector<double> err;
  std::vector<uint8_t> mark;  // implementation-defined (a marked or non-finite input contributed)
  std::vector<uint8_t> bad;   // a non-finite input contributed: NaN
  std::vector<uint8_t> need;  // computed at this precision

  void reserve(int64_t size) {
    if (size > capacity) {
      v = std::make_unique<MpComplex[]>(static_cast<size_t>(size));
      capacity = size;
    }
    err.resize(size);
    mark.resize(size);
    bad.resize(size);
    need.resize(size);
  }
  // Element i, ready to be written at precision w.
  MpComplex& at(int64_t i, mpfr_prec_t w) {
    if (mpfr_get_prec(v[i].re()) != w || mpfr_get_prec(v[i].im()) != w) mpc_set_prec(v[i], w);
    return v[i];
  }
};

// Scratch for the sums of one line: the exact products and the inputs' magnitudes, reused across lines.
struct MpLineScratch {
  std::unique_ptr<MpFloat[]> re_terms, im_terms;
  int64_t capacity = 0;
  mpfr_prec_t prec = 0;
  std::vector<mpfr_ptr> re_ptrs, im_ptrs;
  std::vector<double> mag;
  MpFloat xi_neg;

  // Room for `count` products of two w-bit values (exact at 2w+2 bits).
  void prepare(int64_t count, mpfr_prec_t w) {
    if (count > capacity) {
      re_terms = std::make_unique<MpFloat[]>(static_cast<size_t>(count));
      im_terms = std::make_unique<MpFloat[]>(static_cast<size_t>(count));
      capacity = count;
      prec = 0;
    }
    if (prec != 2 * w + 2) {
      prec = 2 * w + 2;
      for (int64_t i = 0; i < capacity; ++i) {
        mpfr_set_prec(re_terms[i], prec);
        mpfr_set_prec(im_terms[i], prec);
      }
      mpfr_set_prec(xi_neg, w);
    }
    re_ptrs.reserve(count);
    im_ptrs.reserve(count);
  }
};

// The needed outputs of line (o, q) of a stage at precision w: each a naive sum of the line's inputs times
// twiddles, the products exact, the sum one correctly rounded mpfr_sum, with the running error bound
// (the inputs' bounds, |x|_1 2^(1-w) per inexact twiddle, 2^(1-w) |y| per inexact rounding).
void mpfrLine(const FftStage& st, bool inverse, mpfr_prec_t w, const MpTwiddles& tw, const MpSliceField& in, MpSliceField& out,
              int64_t o, int64_t q, MpLineScratch& sc) {
  const int64_t n = st.n, inner = st.inner;
  const int64_t in_base = o * st.in_len * inner + q;
  const int64_t out_base = o * st.n_out * inner + q;
  const double tw_err = std::ldexp(1.0, 1 - static_cast<int>(w));  // modulus error of an inexact twiddle
  const double round_rel = std::ldexp(1.0, 1 - static_cast<int>(w));
  sc.prepare(2 * n, w);
  // |x|_1 of the line's inputs, rounded up.
  sc.mag.resize(st.in_len);
  for (int64_t k = 0; k < st.in_len; ++k) {
    const MpComplex& x = in.v[in_base + k * inner];
    sc.mag[k] = absUp(mpc_realref(x.get())) + absUp(mpc_imagref(x.get()));
  }
  for (int64_t j = 0; j < st.n_out; ++j) {
    const int64_t oi = out_base + j * inner;
    if (!out.need[oi]) continue;
    sc.re_ptrs.clear();
    sc.im_ptrs.clear();
    double err = 0, tw_part = 0;
    bool mark = false, bad = false;
    int64_t m = 0;  // j k mod n
    for (int64_t k = 0; k < n; ++k, m = m + j >= n ? m + j - n : m + j) {
      const FftSource s = fftSource(st, k);
      const int64_t idx = in_base + s.src * inner;
      mark |= in.mark[idx] != 0;
      bad |= in.bad[idx] != 0;
      err += in.err[idx];
      mpfr_srcptr xr = mpc_realref(in.v[idx].get());
      mpfr_srcptr xi = mpc_imagref(in.v[idx].get());
      if (s.conj) {
        mpfr_neg(sc.xi_neg, xi, MPFR_RNDN);
        xi = sc.xi_neg;
      }
      if (!tw.exact[m]) tw_part += sc.mag[s.src];
      // re += xr c - xi s; im += xr s + xi c (exact products).
      if (!mpfr_zero_p(xr)) {
        mpfr_mul(sc.re_terms[sc.re_ptrs.size()], xr, tw.cosv[m], MPFR_RNDN);
        sc.re_ptrs.push_back(sc.re_terms[sc.re_ptrs.size()]);
        mpfr_mul(sc.im_terms[sc.im_ptrs.size()], xr, tw.sinv[m], MPFR_RNDN);
        sc.im_ptrs.push_back(sc.im_terms[sc.im_ptrs.size()]);
      }
      if (!mpfr_zero_p(xi)) {
        mpfr_mul(sc.re_terms[sc.re_ptrs.size()], xi, tw.sinv[m], MPFR_RNDN);
        mpfr_neg(sc.re_terms[sc.re_ptrs.size()], sc.re_terms[sc.re_ptrs.size()], MPFR_RNDN);
        sc.re_ptrs.push_back(sc.re_terms[sc.re_ptrs.size()]);
        mpfr_mul(sc.im_terms[sc.im_ptrs.size()], xi, tw.cosv[m], MPFR_RNDN);
        sc.im_ptrs.push_back(sc.im_terms[sc.im_ptrs.size()]);
      }
    }
    MpComplex& y = out.at(oi, w);
    mpfr_ptr yr = y.re();
    mpfr_ptr yi = y.im();
    int tr = 0, ti = 0;
    if (sc.re_ptrs.empty()) mpfr_set_zero(yr, 1); else tr = mpfr_sum(yr, sc.re_ptrs.data(), sc.re_ptrs.size(), MPFR_RNDN);
    if (sc.im_ptrs.empty()) mpfr_set_zero(yi, 1); else ti = mpfr_sum(yi, sc.im_ptrs.data(), sc.im_ptrs.size(), MPFR_RNDN);
    if (mpfr_zero_p(yr)) mpfr_set_zero(yr, 1);
    if (mpfr_zero_p(yi)) mpfr_set_zero(yi, 1);
    err += mulUp(tw_part, tw_err);
    if (tr) err += mulUp(absUp(yr), round_rel);
    if (ti) err += mulUp(absUp(yi), round_rel);
    if (inverse) {
      tr = mpfr_div_ui(yr, yr, static_cast<unsigned long>(n), MPFR_RNDN);
      ti = mpfr_div_ui(yi, yi, static_cast<unsigned long>(n), MPFR_RNDN);
      err = err == 0 ? 0 : std::max(err / static_cast<double>(n), std::numeric_limits<double>::denorm_min());
      if (tr) err += mulUp(absUp(yr), round_rel);
      if (ti) err += mulUp(absUp(yi), round_rel);
    }
    // The bound's own double arithmetic (sums of < 2^30 non-negative terms): a generous margin.
    out.err[oi] = err == 0 ? 0 : std::nextafter(err * (1 + 0x1p-20), INFINITY);
    out.mark[oi] = mark;
    out.bad[oi] = bad;
  }
}

// The bits of one part when every value within `err` of `v` rounds alike.
std::optional<uint64_t> roundPart(ElementType t, mpfr_srcptr v, double err) {
  if (!mpfr_number_p(v) || err == 0) return encodeFloat(t, v);
  if (!std::isfinite(err)) return std::nullopt;
  int e = 0;
  std::frexp(err, &e);  // err < 2^e
  return roundInterval(t, v, e);
}

// The twiddles of each stage at each working precision, shared by the slices: computed once, by the first
// slice that needs them.
class MpTwiddleCache {
 public:
  static constexpr int kLevels = 4;  // w0, 2 w0, 4 w0 (8 w0 > 8p + 256 for every p)
  explicit MpTwiddleCache(size_t stages) : once_(stages), tables_(stages) {}
  const MpTwiddles& get(size_t stage, int level, int64_t n, bool inverse, mpfr_prec_t w) {
    std::call_once(once_[stage][level], [&] { tables_[stage][level].compute(n, inverse, w); });
    return tables_[stage][level];
  }

 private:
  std::vector<std::array<std::once_flag, kLevels>> once_;
  std::vector<std::array<MpTwiddles, kLevels>> tables_;
};

// The working state of the MPFR pass on one slice at a time: a field per stage boundary and the line
// scratch, reused from slice to slice.
struct MpSliceWork {
  std::vector<MpSliceField> fields;
  MpLineScratch scratch;
  std::vector<int64_t> pending;  // the slice's undecided result elements (offsets in the slice)
  std::vector<int64_t> lines;    // a stage's lines with needed outputs
};

// Ziv's strategy for the undecided result elements of slice `s` (decided[o] == 0): at w = 2p+32 (at
// least 64), doubling up to 8p+256 bits, the stages computed at w for the lines these elements depend on.
// An element's value and bound at each w are those of the whole-tensor evaluation (each stage value is
// computed by the same code from the same line), so the bits are too.
void mpfrSlice(const FftPlan& plan, const Tensor& in, const RtValue& operand, int64_t s, Tensor& out, std::vector<uint8_t>& impl,
               std::vector<uint8_t>& decided, MpTwiddleCache& twiddles, MpSliceWork& work) {
  const ElementType part = plan.part;
  const int p = formatPrecision(part);
  const size_t L = plan.stages.size();
  work.fields.resize(L + 1);
  for (size_t i = 0; i <= L; ++i) work.fields[i].reserve(plan.sizes[i]);
  work.pending.clear();
  for (int64_t e = 0; e < plan.out_block; ++e) {
    if (!decided[s * plan.out_block + e]) work.pending.push_back(e);
  }
  const mpfr_prec_t max_w = 8 * p + 256;
  int level = 0;
  for (mpfr_prec_t w = std::max<mpfr_prec_t>(2 * p + 32, 64); !work.pending.empty(); w *= 2, ++level) {
    const bool last_try = w * 2 > max_w;
    // Which values the pending elements depend on: every input of a line with a needed output.
    MpSliceField& result = work.fields[L];
    std::fill(result.need.begin(), result.need.end(), 0);
    for (int64_t e : work.pending) result.need[e] = 1;
    for (size_t i = L; i-- > 0;) {
      const FftStage& st = plan.stages[i];
      const MpSliceField& next = work.fields[i + 1];
      MpSliceField& f = work.fields[i];
      std::fill(f.need.begin(), f.need.end(), 0);
      for (int64_t o = 0; o < st.outer; ++o) {
        for (int64_t q = 0; q < st.inner; ++q) {
          bool any = false;
          for (int64_t j = 0; j < st.n_out && !any; ++j) any = next.need[o * st.n_out * st.inner + j * st.inner + q] != 0;
          if (!any) continue;
          for (int64_t k = 0; k < st.in_len; ++k) f.need[o * st.in_len * st.inner + k * st.inner + q] = 1;
        }
      }
    }
    // The operand's needed elements, exactly; non-finite ones are NaN sources (value 0, marked).
    MpSliceField& f0 = work.fields[0];
    for (int64_t e = 0; e < plan.in_block; ++e) {
      if (!f0.need[e]) continue;
      const int64_t i = s * plan.in_block + e;
      const uint64_t re = in.bits(i, 0), im = plan.real_in ? 0 : in.bits(i, 1);
      MpComplex& x = f0.at(e, w);
      f0.err[e] = 0;
      if (nonFinite(part, re) || (!plan.real_in && nonFinite(part, im))) {
        f0.bad[e] = f0.mark[e] = 1;
        mpc_set_ui(x, 0, MPC_RNDNN);
        continue;
      }
      decodeFloat(part, re, x.re());
      if (plan.real_in) mpfr_set_zero(x.im(), 1); else decodeFloat(part, im, x.im());
      f0.bad[e] = 0;
      f0.mark[e] = operand.isImplDefined(i);
    }
    for (size_t i = 0; i < L; ++i) {
      const FftStage& st = plan.stages[i];
      if (st.n == 0) continue;  // no outputs
      const MpTwiddles& tw = twiddles.get(i, level, st.n, plan.inverse, w);
      const MpSliceField& from = work.fields[i];
      MpSliceField& to = work.fields[i + 1];
      work.lines.clear();
      for (int64_t line = 0; line < st.outer * st.inner; ++line) {
        const int64_t o = line / st.inner, q = line % st.inner;
        if (from.need[o * st.in_len * st.inner + q]) work.lines.push_back(line);
      }
      // The lines of a large slice (one big transform) in parallel, each chunk with its own scratch.
      const auto lines = [&](int64_t begin, int64_t end, MpLineScratch& scratch) {
        for (int64_t l = begin; l < end; ++l) {
          mpfrLine(st, plan.inverse, w, tw, from, to, work.lines[l] / st.inner, work.lines[l] % st.inner, scratch);
        }
      };
      const int64_t count = static_cast<int64_t>(work.lines.size()), per_line = st.n * st.n_out;
      if (count * per_line < (int64_t{1} << 14)) {
        lines(0, count, work.scratch);
      } else {
        parallelFor(count, std::max<int64_t>(1, 4096 / per_line), [&](int64_t begin, int64_t end) {
          MpLineScratch scratch;
          lines(begin, end, scratch);
        });
      }
    }
    // Round what the bounds decide; keep the rest for the next precision.
    size_t kept = 0;
    for (int64_t e : work.pending) {
      const int64_t o = s * plan.out_block + e;
      impl[o] = result.mark[e];
      if (result.bad[e]) {
        for (int k = 0; k < plan.parts; ++k) out.setBits(o, quietNaN(part), k);
        decided[o] = 1;
        continue;
      }
      const MpComplex& y = result.v[e];
      mpfr_srcptr vs[2] = {mpc_realref(y.get()), mpc_imagref(y.get())};
      std::optional<uint64_t> bits[2];
      for (int k = 0; k < plan.parts; ++k) bits[k] = roundPart(part, vs[k], result.err[e]);
      if (bits[0] && (plan.parts == 1 || bits[1])) {
        for (int k = 0; k < plan.parts; ++k) out.setBits(o, *bits[k], k);
        decided[o] = 1;
        continue;
      }
      if (!last_try) {
        work.pending[kept++] = e;
        continue;
      }
      // Undecidable by bounds (exact zero or midpoint from cancelling irrational twiddles).
      for (int k = 0; k < plan.parts; ++k) {
        if (bits[k]) {
          out.setBits(o, *bits[k], k);
          continue;
        }
        MpFloat a(64);
        mpfr_abs(a, vs[k], MPFR_RNDU);
        const bool contains_zero = std::isfinite(result.err[e]) && mpfr_cmp_d(a, result.err[e]) <= 0;
        out.setBits(o, contains_zero ? positiveZero(part) : encodeFloat(part, vs[k]), k);
      }
      decided[o] = 1;
    }
    work.pending.resize(last_try ? 0 : kept);
  }
}

// ---------------------------------------- the fast pass ----------------------------------------

// Double-word numbers (hi + lo, |lo| <= ulp(hi)/2) and the error-free transformations they are built from.
struct DoubleWord {
  double hi = 0, lo = 0;
};
inline DoubleWord twoSum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

// Plain double, for f32 results. A part of an output is sum_i a_i b_i over the 2n products of a stage line,
// each product rounded and added to the running sum: the product errs by at most u |fl(a_i b_i)| and the
// addition by at most u |s_i| (u = 2^-53, s_i the computed partial sum); the twiddles (a 128-bit MPFR value
// rounded to double) are within 2^-53 of the exact ones. A part errs by at most
// u (1 + u) |x|_1 + 2^-53 |x|_1 + u sum |s_i|, both parts by at most 2^-53 (4.01 |x|_1 + sum |s_i|), taken
// as 2^-52 (3 |x|_1 + sum |s_i|), the sum of |s_i| accumulated alongside the sums.
struct DoubleArith {
  using T = double;
  static constexpr double kUnit = 0x1p-50;  // bounds the relative error of the scaling by 1/n
  static T fromMp(mpfr_srcptr v) { return mpfr_get_d(v, MPFR_RNDN); }
  static T fromDouble(double x) { return x; }
  static double mag(T x) { return std::fabs(x); }
  static T neg(T x) { return -x; }
  struct Acc {
    double s = 0, abs_partial = 0;
    void add(T a, T b) {
      s += a * b;
      abs_partial += std::fabs(s);
    }
    T value() const { return s; }
  };
  static double rounding(int64_t n, double l1, const Acc& re, const Acc& im) {
    return 0x1p-52 * (3 * l1 + re.abs_partial + im.abs_partial);
  }
  // x / n, within u |x / n| <= kUnit |x / n|.
  static T div(T x, double n) { return x / n; }
};

// Double-double, for f64 results. A part is sum_i a_i b_i over N = 2n products of double-words: each
// a_hi b_hi split exactly (TwoProduct: h + r), the h added to a running sum p with TwoSum (p + q exactly),
// and the rest (q, r and the cross terms a_hi b_lo + a_lo b_hi + a_lo b_lo, evaluated with three roundings)
// summed in plain double into s; the result is TwoSum(p, s), exact. p + sum(q + r + cross) is the exact
// sum, so the error is that of s: at most gamma_{3N} (sum |q| + sum |r| + sum |cross|) plus the cross
// terms' own rounding (gamma_3 3u |a||b| each). With |q_i| <= u |p_i| <= u (1+u)^N P, |r_i| <= u |h_i| and
// |cross_i| <= 3u |a_i||b_i| (|lo| <= u |hi|): at most 12 (n+1)^2 u^2 P per part, u = 2^-53, P <= |x|_1.
// Both parts: 24 (n+1)^2 2^-106 |x|_1, plus the twiddles' representation error (within 2^-105.9 each):
// 2^-104 |x|_1. Taken twice over: kUnit (n+1)^2 |x|_1 with kUnit = 2^-100.
struct DoubleWordArith {
  using T = DoubleWord;
  static constexpr double kUnit = 0x1p-100;
  static T fromMp(mpfr_srcptr v) {
    MpFloat rest(mpfr_get_prec(v));
    const double hi = mpfr_get_d(v, MPFR_RNDN);
    mpfr_sub_d(rest, v, hi, MPFR_RNDN);  // exact
    return {hi, mpfr_get_d(rest, MPFR_RNDN)};
  }
  static T fromDouble(double x) { return {x, 0}; }
  static double mag(T x) { return std::fabs(x.hi); }
  static T neg(T x) { return {-x.hi, -x.lo}; }
  struct Acc {
    double p = 0, s = 0;
    void add(T a, T b) {
      const double h = a.hi * b.hi, r = std::fma(a.hi, b.hi, -h);
      const double cross = std::fma(a.hi, b.lo, std::fma(a.lo, b.hi, a.lo * b.lo));
      const DoubleWord t = twoSum(p, h);
      p = t.hi;
      s += (t.lo + r) + cross;
    }
    T value() const { return twoSum(p, s); }
  };
  static double rounding(int64_t n, double l1, const Acc&, const Acc&) {
    const double m = static_cast<double>(n + 1);
    return kUnit * m * m * l1;
  }
  // (hi + lo) / n: q = hi / n, the remainder hi - q n exactly by FMA, the correction (rem + lo) / n; error
  // at most 4u^2 |x / n| <= kUnit |x / n|.
  static T div(T x, double n) {
    const double q = x.hi / n;
    const double rem = std::fma(-q, n, x.hi);
    const double c = (rem + x.lo) / n;
    const double s = q + c;
    return {s, c - (s - q)};
  }
};

// Bits of the f32 or f64 rounding of every value within `e` of v, when they agree and the rounding is
// neither zero nor the largest finite magnitude (both left to the MPFR pass); nullopt otherwise.
std::optional<uint64_t> decideFast(double v, double e, ElementType part) {
  if (part != ElementType::kF32) return std::nullopt;
  const float r = static_cast<float>(v);  // correctly rounded (ties to even)
  if (r == 0 || !std::isfinite(r) || std::fabs(r) == std::numeric_limits<float>::max()) return std::nullopt;
  const double rd = r;
  const double d = v - rd;  // exact (Sterbenz)
  const double up = (static_cast<double>(std::nextafter(r, INFINITY)) - rd) / 2;
  const double down = (rd - static_cast<double>(std::nextafter(r, -INFINITY))) / 2;
  const double margin = (std::fabs(d) + e) * 0x1p-50;  // the rounding of the two comparisons' sums
  if (d + e + margin < up && d - e - margin > -down) return std::bit_cast<uint32_t>(r);
  return std::nullopt;
}
std::optional<uint64_t> decideFast(DoubleWord v, double e, ElementType part) {
  if (part != ElementType::kF64) return std::nullopt;
  const double r = v.hi + v.lo;  // correctly rounded (ties to even)
  if (r == 0 || !std::isfinite(r) || std::fabs(r) == std::numeric_limits<double>::max()) return std::nullopt;
  const double d = (v.hi - r) + v.lo;  // hi - r is exact (Sterbenz)
  const double up = (std::nextafter(r, INFINITY) - r) / 2;
  const double down = (r - std::nextafter(r, -INFINITY)) / 2;
  const double margin = (std::fabs(d) + std::fabs(v.lo) + e) * 0x1p-50;
  if (d + e + margin < up && d - e - margin > -down) return std::bit_cast<uint64_t>(r);
  return std::nullopt;
}

template <class A>
struct FastField {
  std::vector<typename A::T> re, im;
  std::vector<double> err;  // bounds the modulus of the error
  // Parts whose exact value is known to be 0: kZeroRe, kZeroIm. Those are computed as exactly 0 too.
  std::vector<uint8_t> zero;
  void resize(int64_t size) {
    re.resize(size);
    im.resize(size);
    err.resize(size);
    zero.resize(size);
  }
};
constexpr uint8_t kZeroRe = 1, kZeroIm = 2;

// Below this bound, no fast-pass value overflows (|x| <= 2^960 times at most 2^25 terms per sum).
constexpr double kFastMaxInput = 0x1p960;
// The smallest bound the fast pass decides with (see fastPass).
constexpr double kFastMinBound = 0x1p-1000;

// One stage's lines [begin, end) (over every slice). Per output, on top of the inputs' bounds (the inputs'
// errors reach the output through twiddles of modulus 1, so bounds on the modulus add up): the
// arithmetic's rounding bound, with a 2^-20 margin for the bound's own arithmetic (sums of at most 2^26
// non-negative terms), and 2^-1060 (n + 1) for underflow (an operation that underflows errs by at most
// 2^-1075 more).
template <class A>
struct FastStageArgs {
  const FftStage& st;
  bool inverse;
  const std::vector<typename A::T>& cosv;
  const std::vector<typename A::T>& sinv;
  const std::vector<uint8_t>& tw_zero;  // kZeroRe: cos is exactly 0; kZeroIm: sin is
  const FastField<A>& in;
  FastField<A>& out;
};
template <class A>
inline void fastLines(const FastStageArgs<A>& args, int64_t begin, int64_t end) {
  using T = typename A::T;
  const FftStage& st = args.st;
  const int64_t n = st.n;
  const double underflow = 0x1p-1060 * static_cast<double>(n + 1), dn = static_cast<double>(n);
  for (int64_t line = begin; line < end; ++line) {
    const int64_t o = line / st.inner, q = line % st.inner;
    const int64_t in_base = o * st.in_len * st.inner + q;
    const int64_t out_base = o * st.n_out * st.inner + q;
    for (int64_t j = 0; j < st.n_out; ++j) {
      typename A::Acc re, im;
      double err = 0, l1 = 0;
      // Whether a term of each part can be non-zero: re += xr c - xi s, im += xr s + xi c.
      bool re_nonzero = false, im_nonzero = false;
      int64_t m = 0;  // j k mod n
      for (int64_t k = 0; k < n; ++k, m = m + j >= n ? m + j - n : m + j) {
        const FftSource s = fftSource(st, k);
        const int64_t idx = in_base + s.src * st.inner;
        const T xr = args.in.re[idx], xi = s.conj ? A::neg(args.in.im[idx]) : args.in.im[idx];
        err += args.in.err[idx];
        l1 += A::mag(xr) + A::mag(xi);
        const bool xr_nz = !(args.in.zero[idx] & kZeroRe), xi_nz = !(args.in.zero[idx] & kZeroIm);
        const bool c_nz = !(args.tw_zero[m] & kZeroRe), s_nz = !(args.tw_zero[m] & kZeroIm);
        re_nonzero |= (xr_nz && c_nz) || (xi_nz && s_nz);
        im_nonzero |= (xr_nz && s_nz) || (xi_nz && c_nz);
        re.add(xr, args.cosv[m]);
        re.add(A::neg(xi), args.sinv[m]);
        im.add(xr, args.sinv[m]);
        im.add(xi, args.cosv[m]);
      }
      T yr = re.value(), yi = im.value();
      err = (err + A::rounding(n, l1, re, im)) * (1 + 0x1p-20) + underflow;
      if (args.inverse) {
        yr = A::div(yr, dn);
        yi = A::div(yi, dn);
        err = (err / dn + A::kUnit * (A::mag(yr) + A::mag(yi))) * (1 + 0x1p-20) + 0x1p-1060;
      }
      const int64_t oi = out_base + j * st.inner;
      args.out.re[oi] = yr;
      args.out.im[oi] = yi;
      args.out.err[oi] = std::nextafter(err, INFINITY);
      args.out.zero[oi] = (re_nonzero ? 0 : kZeroRe) | (im_nonzero ? 0 : kZeroIm);
    }
  }
}
// The line loops compiled twice where the compiler can: with FMA instructions (x86-64 CPUs that have
// them) and without (std::fma is then a library call). The results are the same (FMA rounds once either way).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define HLOCONF_FMA_CLONES __attribute__((target_clones("fma", "default"), flatten))
#else
#define HLOCONF_FMA_CLONES
#endif
HLOCONF_FMA_CLONES void fastLinesDouble(const FastStageArgs<DoubleArith>& args, int64_t begin, int64_t end) {
  fastLines<DoubleArith>(args, begin, end);
}
HLOCONF_FMA_CLONES void fastLinesDoubleWord(const FastStageArgs<DoubleWordArith>& args, int64_t begin, int64_t end) {
  fastLines<DoubleWordArith>(args, begin, end);
}
#undef HLOCONF_FMA_CLONES

// One stage over every slice, lines in parallel, with twiddles from MPFR at 128 bits rounded to T.
template <class A>
void fastStage(const FftStage& st, bool inverse, int64_t slices, const FastField<A>& in, FastField<A>& out) {
  using T = typename A::T;
  const int64_t n = st.n;
  std::vector<T> cosv(n), sinv(n);
  std::vector<uint8_t> tw_zero(n);
  {
    MpFloat m(64), c(128), s(128);
    for (int64_t i = 0; i < n; ++i) {
      mpfr_set_si(m, i, MPFR_RNDN);
      mpfr_cosu(c, m, static_cast<unsigned long>(n), MPFR_RNDN);
      mpfr_sinu(s, m, static_cast<unsigned long>(n), MPFR_RNDN);
      if (!inverse) mpfr_neg(s, s, MPFR_RNDN);
      cosv[i] = A::fromMp(c);
      sinv[i] = A::fromMp(s);
      tw_zero[i] = (mpfr_zero_p(c) ? kZeroRe : 0) | (mpfr_zero_p(s) ? kZeroIm : 0);  // exact: cos, sin of 2 pi i/n
    }
  }
  const FastStageArgs<A> args{st, inverse, cosv, sinv, tw_zero, in, out};
  const int64_t lines = slices * st.outer * st.inner;
  const int64_t grain = std::max<int64_t>(1, 8192 / std::max<int64_t>(1, n * st.n_out));
  parallelFor(lines, grain, [&](int64_t begin, int64_t end) {
    if constexpr (std::is_same_v<A, DoubleArith>) {
      fastLinesDouble(args, begin, end);
    } else {
      fastLinesDoubleWord(args, begin, end);
    }
  });
}

// The fast pass (docs/accumulation.md, "fft"). A slice takes part when its inputs are finite and at most
// 2^960 in magnitude (so no value overflows). A result element is taken when every value within
// 2 max(E, 2^-1000) of the computed one rounds alike, E its bound: the exact value x is then at least E from
// every rounding boundary, and the MPFR pass's own bound at its last precision (w >= 320), which grows per
// stage by at most 2^(4-w) |x|_1 where this one grows by at least 2^-100 |x|_1, is below E/3, so that pass
// decides x too, with the same bits (the rounding of x).
template <class A>
void fastPass(const FftPlan& plan, const Tensor& in, const RtValue& operand, Tensor& out, std::vector<uint8_t>& impl,
              std::vector<uint8_t>& decided) {
  const ElementType part = plan.part;
  std::vector<uint8_t> eligible(plan.slices), slice_mark(plan.slices);
  const int64_t total = plan.slices * plan.maxSize();
  FastField<A> a, b;
  a.resize(total);
  b.resize(total);
  const auto value = [&](uint64_t bits) {
    return part == ElementType::kF32 ? static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits))) : std::bit_cast<double>(bits);
  };
  parallelFor(plan.slices, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, plan.in_block)), [&](int64_t begin, int64_t end) {
    for (int64_t s = begin; s < end; ++s) {
      bool ok = true, mark = false;
      for (int64_t i = s * plan.in_block; i < (s + 1) * plan.in_block; ++i) {
        const double re = value(in.bits(i, 0)), im = plan.real_in ? 0.0 : value(in.bits(i, 1));
        ok = ok && std::fabs(re) <= kFastMaxInput && std::fabs(im) <= kFastMaxInput;  // false for NaN and inf
        mark |= operand.isImplDefined(i);
        a.re[i] = A::fromDouble(ok ? re : 0.0);
        a.im[i] = A::fromDouble(ok ? im : 0.0);
        a.err[i] = 0;
        a.zero[i] = (re == 0 ? kZeroRe : 0) | (im == 0 ? kZeroIm : 0);
      }
      eligible[s] = ok;
      slice_mark[s] = mark;
    }
  });
  if (std::none_of(eligible.begin(), eligible.end(), [](uint8_t e) { return e != 0; })) return;
  FastField<A>* from = &a;
  FastField<A>* to = &b;
  for (const FftStage& st : plan.stages) {
    fastStage<A>(st, plan.inverse, plan.slices, *from, *to);
    std::swap(from, to);
  }
  parallelFor(out.numElements(), 4096, [&](int64_t begin, int64_t end) {
    for (int64_t o = begin; o < end; ++o) {
      const int64_t s = o / plan.out_block;
      if (!eligible[s]) continue;
      const double e = 2 * std::max(from->err[o], kFastMinBound);
      if (!std::isfinite(e)) continue;
      // An exact zero is +0, as in the MPFR pass (whose intervals all contain it, down to the last try).
      const uint8_t zero = from->zero[o];
      const std::optional<uint64_t> re = zero & kZeroRe ? positiveZero(part) : decideFast(from->re[o], e, part);
      if (!re) continue;
      std::optional<uint64_t> im;
      if (plan.parts == 2) {
        im = zero & kZeroIm ? positiveZero(part) : decideFast(from->im[o], e, part);
        if (!im) continue;
        out.setBits(o, *im, 1);
      }
      out.setBits(o, *re, 0);
      impl[o] = slice_mark[s];
      decided[o] = 1;
    }
  });
}

// Every result element of the transform: the fast pass where it decides (f32 and f64 parts), the MPFR
// pass for the rest, slices in parallel.
void evaluateFft(const FftPlan& plan, const Tensor& in, const RtValue& operand, Tensor& out, std::vector<uint8_t>& impl) {
  std::vector<uint8_t> decided(out.numElements());
  if (fftFastPathFlag().load()) {
    if (plan.part == ElementType::kF32) fastPass<DoubleArith>(plan, in, operand, out, impl, decided);
    if (plan.part == ElementType::kF64) fastPass<DoubleWordArith>(plan, in, operand, out, impl, decided);
  }
  std::vector<int64_t> todo;
  for (int64_t s = 0; s < plan.slices; ++s) {
    for (int64_t e = 0; e < plan.out_block; ++e) {
      if (!decided[s * plan.out_block + e]) {
        todo.push_back(s);
        break;
      }
    }
  }
  // Work per slice: the stage sums (at the first precision).
  double slice_work = 1;
  for (size_t i = 0; i < plan.stages.size(); ++i) slice_work += static_cast<double>(plan.sizes[i + 1]) * static_cast<double>(plan.stages[i].n);
  const int64_t grain = std::max<int64_t>(1, static_cast<int64_t>(2048 / slice_work));
  MpTwiddleCache twiddles(plan.stages.size());
  parallelFor(static_cast<int64_t>(todo.size()), grain, [&](int64_t begin, int64_t end) {
    MpSliceWork work;
    for (int64_t i = begin; i < end; ++i) mpfrSlice(plan, in, operand, todo[i], out, impl, decided, twiddles, work);
  });
}

// The per-element error bound of an fft result (docs/accumulation.md, "fft", error_bound). The model: an
// implementation factors each length n into stages of radix r (the finest factorisation is the prime
// one; composite radices such as 4 or 8 cost less under this model, see the doc), and each output of a
// stage is a combination of r stage inputs with twiddles of modulus 1 whose rounding errors are at most
// eta_r * sum_j |x_j| (eta_r = 2 mu + sqrt(2) gamma_{2r+6}, mu = u: twiddle error and the butterfly's
// products and sums, generously). So the computed stage is (A + dA) x with |dA| <= eta_r |A|,
// ||dA||_2 <= eta_r r = sqrt(r) eta_r ||A||_2, and the whole transform (Higham's proof of Thm 24.2)
// satisfies ||y^ - y||_2 <= (prod (1 + sqrt(r) eta_r) - 1) ||y||_2. Real transforms add one radix-2
// stage (packing a real sequence into a half-length complex one and untangling it); the inverse kinds
// add 2u for the scaling by 1/N. ||y_full||_2 is sqrt(N) ||x||_2 (FFT, RFFT), ||x||_2 / sqrt(N) (IFFT)
// or at most sqrt(2) ||x_half||_2 / sqrt(N) (IRFFT: the Hermitian extension of the half spectrum). A
// component is at most the 2-norm: each element gets eps ||y_full||_2, or the componentwise bound
// eps_c ||x||_1 (eps_c = prod (1 + eta_r) - 1, times 2 for a real-data stage and 2 more for IRFFT's
// extension, over N for the inverse kinds) when that is smaller, plus half an ulp of its golden value. Slices with a non-finite input get no bound (0: their NaN results are marked). The bound
// assumes no overflow or underflow inside the implementation.
std::vector<double> fftErrorBound(const Tensor& in, const Tensor& rt, ElementType part, const std::vector<int64_t>& lengths,
                                  std::string_view kind) {
  const int p = formatPrecision(part);
  const double u = std::ldexp(1.0, -p);
  const bool real_in = kind == "RFFT", real_out = kind == "IRFFT", inverse = kind == "IFFT" || kind == "IRFFT";
  // eps = prod (1 + sqrt(r) eta_r) - 1 (normwise) and eps_c = prod (1 + eta_r) - 1 (componentwise),
  // accumulated as e + x + e x (1 + e - 1 would lose the small e).
  double eps = 0, eps_c = 0, total = 1;
  const auto grow = [](double& acc, double e) { acc = acc + e + acc * e; };
  auto stage = [&](int64_t r) {
    const double eta = (2 * u + std::sqrt(2.0) * gamma(static_cast<double>(2 * r + 6), p)) * (1 + 0x1p-40);
    grow(eps, std::sqrt(static_cast<double>(r)) * eta);
    grow(eps_c, eta);
  };
  for (int64_t n : lengths) {
    total *= static_cast<double>(std::max<int64_t>(n, 1));
    int64_t m = n;
    for (int64_t f = 2; m > 1 && f * f <= m; ++f) {
      while (m % f == 0) {
        stage(f);
        m /= f;
      }
    }
    if (m > 1) stage(m);
  }
  if (real_in || real_out) stage(2);
  if (inverse) {
    grow(eps, 2 * u);
    grow(eps_c, 2 * u);
  }
  eps = std::isfinite(eps) ? std::nextafter(eps * (1 + 0x1p-30), INFINITY) : INFINITY;
  eps_c = std::isfinite(eps_c) ? std::nextafter(eps_c * (1 + 0x1p-30), INFINITY) : INFINITY;
  // Componentwise: |y^ - y| <= eps_c |A_t|...|A_1| |x|, and the product of the stage matrices' moduli is the
  // all-ones matrix (one path from each input to each output, twiddles of modulus 1); a real-data
  // untangling stage doubles it, and IRFFT's Hermitian extension counts each half-spectrum value twice.
  const double path_factor = (real_in || real_out ? 2.0 : 1.0) * (real_out ? 2.0 : 1.0);
  // Elements per transformed slice in the operand and in the result (the innermost size(lengths) dims).
  const auto innermost = [&](const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (size_t i = shape.size() - lengths.size(); i < shape.size(); ++i) n *= shape[i];
    return n;
  };
  const int64_t in_block = innermost(in.type().shape()), out_block = innermost(rt.type().shape());
  const int parts_in = real_in ? 1 : 2, parts_out = real_out ? 1 : 2;
  std::vector<double> bounds(rt.numElements());
  if (out_block == 0) return bounds;
  const int64_t slices = rt.numElements() / out_block;
  // Slices in parallel; each slice's norms are summed in order, so the bounds do not depend on threads.
  parallelFor(slices, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, in_block)), [&](int64_t begin, int64_t end) {
    MpFloat norm2(64), norm1(64), x(64), sq(64);
    for (int64_t s = begin; s < end; ++s) {
      mpfr_set_zero(norm2, 1);
      mpfr_set_zero(norm1, 1);
      bool special = false;
      for (int64_t i = s * in_block; i < (s + 1) * in_block; ++i) {
        for (int k = 0; k < parts_in; ++k) {
          decodeFloat(part, in.bits(i, k), x);
          if (!mpfr_number_p(x)) special = true;
          mpfr_sqr(sq, x, MPFR_RNDU);
          mpfr_add(norm2, norm2, sq, MPFR_RNDU);
          mpfr_abs(sq, x, MPFR_RNDU);
          mpfr_add(norm1, norm1, sq, MPFR_RNDU);  // |re| + |im| >= |x_j|
        }
      }
      // The componentwise bound, rounded up.
      mpfr_mul_d(norm1, norm1, eps_c * path_factor, MPFR_RNDU);
      if (inverse) mpfr_div_d(norm1, norm1, total, MPFR_RNDU);
      const double componentwise = mpfr_get_d(norm1, MPFR_RNDU);
      // ||y_full||_2, rounded up.
      if (inverse) mpfr_div_d(norm2, norm2, total, MPFR_RNDU); else mpfr_mul_d(norm2, norm2, total, MPFR_RNDU);
      if (real_out) mpfr_mul_ui(norm2, norm2, 2, MPFR_RNDU);
      mpfr_sqrt(norm2, norm2, MPFR_RNDU);
      mpfr_mul_d(norm2, norm2, eps, MPFR_RNDU);
      const double normwise = mpfr_get_d(norm2, MPFR_RNDU);
      for (int64_t i = s * out_block; i < (s + 1) * out_block; ++i) {
        if (special) continue;
        double h = 0;
        for (int k = 0; k < parts_out; ++k) h = std::max(h, halfUlp(part, rt.bits(i, k)));
        const double b = std::min(normwise, componentwise) + h;
        bounds[i] = std::isfinite(b) ? std::nextafter(b, INFINITY) : INFINITY;
      }
    }
  });
  return bounds;
}

Results fftKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1 || op.results.size() != 1) return interp.opError(op, "takes one operand and has one result");
  ASSIGN_OR_RETURN(const Tensor* in_t, tensorOperand(interp, op, operands, 0));
  const Tensor& in = *in_t;
  const FftOp fft(op);
  const std::string_view kind = fft.fftType();
  if (kind.empty()) return interp.opError(op, "needs an fft_type (FFT, IFFT, RFFT, IRFFT)");
  if (kind != "FFT" && kind != "IFFT" && kind != "RFFT" && kind != "IRFFT") return interp.opError(op, strCat("unknown fft_type ", kind));
  const std::vector<int64_t> lengths = fft.fftLength();
  const std::vector<int64_t>& ishape = in.type().shape();
  const size_t rank = ishape.size(), L = lengths.size();
  if (L < 1 || L > 3 || L > rank) return interp.opError(op, strCat("fft_length has ", L, " entries; it needs 1 to 3, at most the rank ", rank));
  for (int64_t n : lengths) {
    if (n < 0 || n > (int64_t{1} << 40)) return interp.opError(op, strCat("fft_length entry ", n, " is out of range"));
  }
  const ElementType it = in.elementType();
  const bool real_in = kind == "RFFT", real_out = kind == "IRFFT";
  if (in.type().isQuantized() || (real_in ? !isFloat(it) : !isComplex(it))) {
    return interp.opError(op, strCat(kind, " needs a ", real_in ? "floating-point" : "complex", " operand"));
  }
  const ElementType part = real_in ? it : complexPartType(it);
  // Shapes (C4, C5).
  std::vector<int64_t> oshape = ishape;
  const int64_t last_n = lengths[L - 1];
  for (size_t i = 0; i < L; ++i) {
    const size_t d = rank - L + i;
    const bool is_last = i + 1 == L;
    const int64_t expect = (is_last && real_out) ? (last_n == 0 ? 0 : last_n / 2 + 1) : lengths[i];
    if (ishape[d] != expect) {
      return interp.opError(op, strCat("operand dimension ", d, " has size ", ishape[d], ", fft_length needs ", expect));
    }
  }
  if (real_in) oshape[rank - 1] = last_n == 0 ? 0 : last_n / 2 + 1;
  if (real_out) oshape[rank - 1] = last_n;
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, oshape));
  const ElementType ot = result_type.elementType();
  if (real_out ? ot != part : (!isComplex(ot) || complexPartType(ot) != part)) {
    return interp.opError(op, strCat("result element type does not match ", kind, " of ", in.type().toString()));
  }
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));
  // Work bound: sum over stages of (output elements x length); hostile sizes cost one case.
  {
    double work = 0, elems = static_cast<double>(std::max(in.numElements(), product(oshape, 0, oshape.size())));
    for (size_t i = 0; i < L; ++i) work += elems * static_cast<double>(lengths[i]);
    if (work > 3e7) return interp.unsupported(op, "fft this large (the reference evaluates naive DFT sums)");
  }

  Tensor out(result_type);
  std::vector<uint8_t> impl(out.numElements());
  if (out.numElements() > 0) evaluateFft(makeFftPlan(ishape, lengths, part, kind), in, operands[0], out, impl);
  RtValue result = RtValue::ofTensor(std::move(out), std::move(impl));

  // error_bound (docs/accumulation.md, "fft"): the stage model generalising Higham's Theorem 24.2 to
  // mixed radices and real transforms. ||y^ - y||_2 <= eps ||y_full||_2, with
  // eps = prod over stages (1 + sqrt(r) eta_r) - 1, eta_r = 2 mu + sqrt(2) gamma_{2r+6}, mu = u.
  if (result.tensor.numElements() > 0) result.error_bound = fftErrorBound(in, result.tensor, part, lengths, kind);
  return std::vector<RtValue>{std::move(result)};
}

// ========================================= cholesky =========================================

Results choleskyKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1 || op.results.size() != 1) return interp.opError(op, "takes one operand and has one result");
  ASSIGN_OR_RETURN(const Tensor* a_t, tensorOperand(interp, op, operands, 0));
  const Tensor& a = *a_t;
  const bool lower = CholeskyOp(op).lower();
  const std::vector<int64_t>& shape = a.type().shape();
  const size_t rank = shape.size();
  // (C2), (C3): the verify function checks them on the declared type; here they guard the indexing of a's
  // run-time shape (a `?` dimension).
  if (rank < 2 || shape[rank - 1] != shape[rank - 2]) return interp.opError(op, "needs a batch of square matrices (rank >= 2)");
  const ElementType et = a.elementType();
  if (!isFloat(et) && !isComplex(et)) return interp.opError(op, "needs a floating-point or complex operand");
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, shape));
  // (C1), also the verify function's: the result is written with the operand's element width.
  if (result_type.elementType() != et) return interp.opError(op, "result element type differs from the operand's");
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));
  const int64_t n = shape[rank - 1];
  if (static_cast<double>(n) * n * n * std::max<int64_t>(1, a.numElements() / std::max<int64_t>(1, n * n)) > 3e7) {
    return interp.unsupported(op, "cholesky of matrices this large");
  }
  const bool complex = isComplex(et);
  const ElementType part = complex ? complexPartType(et) : et;
  const int p = formatPrecision(part);
  const int64_t batches = n == 0 ? 0 : a.numElements() / (n * n);
  Tensor out(result_type);
  std::vector<uint8_t> impl(out.numElements());
  const RtValue& operand = operands[0];
  // Factors batch `b` at w bits into `l` (L, row-major; the upper triangle unused). `ok` is false when the
  // matrix is not Hermitian positive definite (or has a non-finite element). `trace` gets tr(A), rounded up.
  auto factor = [&](int64_t b, mpfr_prec_t w, std::unique_ptr<MpComplex[]>& l, bool& ok, bool& marked, double& trace) {
    l = std::make_unique<MpComplex[]>(static_cast<size_t>(n * n));
    for (int64_t i = 0; i < n * n; ++i) mpc_set_prec(l[i], w);
    MpComplex acc(w), t(w);
    const int64_t base = b * n * n;
    ok = true;
    marked = false;
    trace = 0;
    // Element (i, j), i >= j, of the Hermitian matrix read from the chosen triangle.
    auto load = [&](int64_t i, int64_t j, mpc_ptr z) {
      const int64_t idx = lower ? base + i * n + j : base + j * n + i;
      marked |= operand.isImplDefined(idx);
      decodeFloat(part, a.bits(idx, 0), mpc_realref(z));
      if (complex) decodeFloat(part, a.bits(idx, 1), mpc_imagref(z)); else mpfr_set_zero(mpc_imagref(z), 1);
      if (!lower) mpc_conj(z, z, MPC_RNDNN);  // upper triangle holds A(j, i) = conj(A(i, j))
      if (!mpfr_number_p(mpc_realref(z)) || !mpfr_number_p(mpc_imagref(z))) ok = false;
    };
    for (int64_t j = 0; j < n && ok; ++j) {
      for (int64_t i = j; i < n && ok; ++i) {
        load(i, j, acc);
        if (i == j && ok) trace += std::fabs(mpfr_get_d(mpc_realref(acc.get()), MPFR_RNDA));
        for (int64_t k = 0; k < j; ++k) {
          mpc_conj(t, l[j * n + k], MPC_RNDNN);
          mpc_mul(t, l[i * n + k], t, MPC_RNDNN);
          mpc_sub(acc, acc, t, MPC_RNDNN);
        }
        if (i == j) {
          // Hermitian: the diagonal's imaginary part is taken as 0.
          if (!(mpfr_sgn(mpc_realref(acc.get())) > 0)) {
            ok = false;
            break;
          }
          mpfr_sqrt(l[j * n + j].re(), mpc_realref(acc.get()), MPFR_RNDN);
          mpfr_set_zero(l[j * n + j].im(), 1);
        } else {
          mpc_div(l[i * n + j], acc, l[j * n + j], MPC_RNDNN);
        }
      }
    }
    trace = std::nextafter(trace * (1 + 0x1p-40), INFINITY);
  };
  // ||L^-1||_F^2 >= ||A^-1||_2 for the factor at w bits (forward substitution, column by column), as a
  // double rounded up with a generous margin (the factor is accurate to far more bits than the margin).
  auto inverseNormSquared = [&](const std::unique_ptr<MpComplex[]>& l, mpfr_prec_t w) {
    std::vector<MpComplex> x(static_cast<size_t>(n));
    for (MpComplex& z : x) mpc_set_prec(z, w);
    MpComplex acc(w), t(w);
    double sum = 0;
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = j; i < n; ++i) {
        if (i == j) mpc_set_ui(acc, 1, MPC_RNDNN); else mpc_set_ui(acc, 0, MPC_RNDNN);
        for (int64_t k = j; k < i; ++k) {
          mpc_mul(t, l[i * n + k], x[k], MPC_RNDNN);
          mpc_sub(acc, acc, t, MPC_RNDNN);
        }
        mpc_div(x[i], acc, l[i * n + i], MPC_RNDNN);
        const double re = mpfr_get_d(mpc_realref(x[i].get()), MPFR_RNDA), im = mpfr_get_d(mpc_imagref(x[i].get()), MPFR_RNDA);
        sum += re * re + im * im;
      }
    }
    return std::nextafter(sum * (1 + 0x1p-20), INFINITY);
  };
  // The forward bound of a Cholesky factor computed in arithmetic of unit roundoff 2^-q (docs/accumulation.md,
  // "cholesky"): with delta = gamma_{c(n+1)} tr(A) / (1 - gamma_{c(n+1)}) >= ||dA||_F (Higham Thm 10.3, c = 6
  // for complex arithmetic) and theta = ||A^-1||_2 delta, ||dR||_F <= sqrt(tr A) theta / (1 - theta) when
  // theta < 1/2 (Higham Thm 10.8, Sun, with the constant 2^-1/2 taken as 1); +inf otherwise.
  auto forwardBound = [&](double trace, double inv_norm2, int q) {
    const double g = gamma(static_cast<double>((complex ? 6 : 1) * (n + 1)), q);
    if (!std::isfinite(g) || g >= 0.5) return static_cast<double>(INFINITY);
    const double delta = g * trace / (1 - g) * (1 + 0x1p-40);
    const double theta = inv_norm2 * delta * (1 + 0x1p-40);
    if (!(theta < 0.5)) return static_cast<double>(INFINITY);
    return std::nextafter(std::sqrt(trace) * theta / (1 - theta) * (1 + 0x1p-30), INFINITY);
  };
  std::vector<double> bounds(out.numElements(), 0.0);
  std::unique_ptr<MpComplex[]> l;
  std::vector<std::optional<uint64_t>> bits(2 * static_cast<size_t>(n * n));
  MpFloat im(64), mag(64);
  for (int64_t b = 0; b < batches; ++b) {
    bool ok = true, marked = false;
    double trace = 0, implementation_bound = INFINITY;
    std::fill(bits.begin(), bits.end(), std::nullopt);
    // Ziv's strategy: factor at w bits, bound the factor's own error (the same theorems at unit roundoff
    // 2^-w), and round each part whose error interval does not straddle a rounding boundary; double w
    // while some part is undecided (at most to 16 (4p + 128)).
    const mpfr_prec_t w0 = 4 * p + 128;
    for (mpfr_prec_t w = w0; ok; w *= 2) {
      factor(b, w, l, ok, marked, trace);
      if (!ok) break;
      const double inv_norm2 = inverseNormSquared(l, w);
      if (w == w0) implementation_bound = forwardBound(trace, inv_norm2, p);
      const double own = forwardBound(trace, inv_norm2, static_cast<int>(w));
      const bool last_try = 2 * w > 16 * w0;
      bool all = true;
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < n; ++j) {
          if (!(lower ? j <= i : i <= j)) continue;
          MpComplex& z = lower ? l[i * n + j] : l[j * n + i];
          for (int k = 0; k < (complex ? 2 : 1); ++k) {
            std::optional<uint64_t>& slot = bits[2 * (i * n + j) + k];
            if (slot) continue;
            mpfr_set_prec(im, w);
            mpfr_set(im, k == 0 ? mpc_realref(z.get()) : mpc_imagref(z.get()), MPFR_RNDN);
            if (k == 1 && !lower) mpfr_neg(im, im, MPFR_RNDN);  // U = L^H
            // An exact zero (a sum whose exact products cancel) is taken as +0 without a certificate.
            if (mpfr_zero_p(im)) {
              slot = positiveZero(part);
              continue;
            }
            slot = roundPart(part, im, own);
            if (slot) continue;
            if (!last_try) {
              all = false;
              continue;
            }
            // Undecided at the last precision: an exact midpoint, or a value within 2^-w of one.
            mpfr_set_prec(mag, 64);
            mpfr_abs(mag, im, MPFR_RNDU);
            slot = std::isfinite(own) && mpfr_cmp_d(mag, own) <= 0 ? positiveZero(part) : encodeFloat(part, im);
          }
        }
      }
      if (all || last_try) break;
    }
    // A matrix too ill-conditioned for the theorem in the element type (theta >= 1/2): an implementation
    // can meet a non-positive pivot, so every element is implementation-defined.
    const bool fragile = ok && !std::isfinite(implementation_bound);
    const int64_t base = b * n * n;
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        const int64_t o = base + i * n + j;
        const bool in_triangle = lower ? j <= i : i <= j;
        if (!ok) {
          out.setBits(o, quietNaN(part), 0);
          if (complex) out.setBits(o, quietNaN(part), 1);
          impl[o] = 1;
          continue;
        }
        if (!in_triangle) {
          out.setBits(o, positiveZero(part), 0);
          if (complex) out.setBits(o, positiveZero(part), 1);
          impl[o] = 1;
          continue;
        }
        out.setBits(o, *bits[2 * (i * n + j)], 0);
        if (complex) out.setBits(o, *bits[2 * (i * n + j) + 1], 1);
        impl[o] = marked || fragile;
        double h = halfUlp(part, out.bits(o, 0));
        if (complex) h = std::max(h, halfUlp(part, out.bits(o, 1)));
        bounds[o] = fragile ? 0 : std::nextafter(implementation_bound + h, INFINITY);
      }
    }
  }
  RtValue result = RtValue::ofTensor(std::move(out), std::move(impl));
  if (result.tensor.numElements() > 0) result.error_bound = std::move(bounds);
  return std::vector<RtValue>{std::move(result)};
}

// ===================================== triangular_solve =====================================

// An exact complex rational.
struct Q {
  mpq_t re, im;
  Q() {
    mpq_init(re);
    mpq_init(im);
  }
  ~Q() {
    mpq_clear(re);
    mpq_clear(im);
  }
  Q(const Q&) = delete;
  Q& operator=(const Q&) = delete;
  bool zero() const { return mpq_sgn(re) == 0 && mpq_sgn(im) == 0; }
};

// z -= x * y
void qSubMul(Q& z, const Q& x, const Q& y, mpq_t t) {
  mpq_mul(t, x.re, y.re);
  mpq_sub(z.re, z.re, t);
  mpq_mul(t, x.im, y.im);
  mpq_add(z.re, z.re, t);
  mpq_mul(t, x.re, y.im);
  mpq_sub(z.im, z.im, t);
  mpq_mul(t, x.im, y.re);
  mpq_sub(z.im, z.im, t);
}
// z = z / d (d nonzero)
void qDiv(Q& z, const Q& d, mpq_t t, mpq_t s) {
  if (mpq_sgn(d.im) == 0) {
    mpq_div(z.re, z.re, d.re);
    mpq_div(z.im, z.im, d.re);
    return;
  }
  mpq_t den, nr;
  mpq_init(den);
  mpq_init(nr);
  mpq_mul(den, d.re, d.re);
  mpq_mul(t, d.im, d.im);
  mpq_add(den, den, t);
  // (a + bi)(c - di) = (ac + bd) + (bc - ad) i
  mpq_mul(nr, z.re, d.re);
  mpq_mul(t, z.im, d.im);
  mpq_add(nr, nr, t);
  mpq_mul(s, z.im, d.re);
  mpq_mul(t, z.re, d.im);
  mpq_sub(s, s, t);
  mpq_div(z.re, nr, den);
  mpq_div(z.im, s, den);
  mpq_clear(den);
  mpq_clear(nr);
}

void decodeQ(ElementType part, uint64_t bits, mpq_t q) {
  MpFloat x(64);
  decodeFloat(part, bits, x);
  mpfr_get_q(q, x);
}

uint64_t roundQ(ElementType part, const mpq_t q) {
  if (mpq_sgn(q) == 0) return positiveZero(part);
  return roundCorrectly(part, [&](mpfr_ptr out) { return roundedByMpfr(out, mpfr_set_q(out, q, MPFR_RNDN)); });
}

Results triangularSolveKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 2 || op.results.size() != 1) return interp.opError(op, "takes two operands and has one result");
  ASSIGN_OR_RETURN(const Tensor* a_t, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(const Tensor* b_t, tensorOperand(interp, op, operands, 1));
  const Tensor& a = *a_t;
  const Tensor& bt = *b_t;
  if (a.type().isQuantized() || bt.type().isQuantized() || op.results[0]->type.isQuantized()) {
    // Quantized operands are evaluated by dequantize_op_quantize before the kernel (docs/quantization.md).
    return interp.opError(op, "quantized operands must all be per-tensor quantized alike (dequantize_op_quantize)");
  }
  const TriangularSolveOp solve(op);
  const bool left_side = solve.leftSide(), lower = solve.lower(), unit_diagonal = solve.unitDiagonal();
  const std::string_view mode = solve.transposeA();
  if (mode.empty()) return interp.opError(op, "needs transpose_a (NO_TRANSPOSE, TRANSPOSE, ADJOINT)");
  if (mode != "NO_TRANSPOSE" && mode != "TRANSPOSE" && mode != "ADJOINT") return interp.opError(op, strCat("unknown transpose_a ", mode));
  const std::vector<int64_t>& as = a.type().shape();
  const std::vector<int64_t>& bs = bt.type().shape();
  const size_t rank = as.size();
  // (C2), (C3): the verify function checks them on the declared types; here they guard the indexing of the
  // run-time shapes (`?` dimensions).
  if (rank < 2 || bs.size() != rank || as[rank - 1] != as[rank - 2]) return interp.opError(op, "needs square matrices a and b of the same rank >= 2");
  for (size_t d = 0; d + 2 < rank; ++d) {
    if (as[d] != bs[d]) return interp.opError(op, "batch dimensions of a and b differ");
  }
  const int64_t n = as[rank - 1];
  if (bs[left_side ? rank - 2 : rank - 1] != n) return interp.opError(op, "the size of a does not match b");
  const ElementType et = a.elementType();
  // (C1), (C4), also the verify function's: a, b and the result are read and written with one element width.
  if ((!isFloat(et) && !isComplex(et)) || bt.elementType() != et) return interp.opError(op, "a and b need the same floating-point or complex type");
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, bs));
  if (result_type.elementType() != et) return interp.opError(op, "result element type differs from b's");
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));
  const int64_t rows = bs[rank - 2], cols = bs[rank - 1];
  const int64_t m = left_side ? cols : rows;  // right-hand sides per matrix
  if (static_cast<double>(n) * n * (n + std::max<int64_t>(m, 1)) * std::max<int64_t>(product(bs, 0, rank - 2), 1) > 3e7) return interp.unsupported(op, "triangular_solve this large");
  const bool complex = isComplex(et);
  const ElementType part = complex ? complexPartType(et) : et;
  const int p = formatPrecision(part);
  const int64_t batches = product(bs, 0, rank - 2);
  const RtValue& a_val = operands[0];
  const RtValue& b_val = operands[1];
  Tensor out(result_type);
  std::vector<uint8_t> impl(out.numElements());
  std::vector<double> bounds(out.numElements());
  const bool transposed = mode != "NO_TRANSPOSE", conj = mode == "ADJOINT";
  // The system solved per right-hand side: M y = c, M = op(A) (left) or op(A)^T (right).
  const bool m_transposed = transposed != !left_side;
  const bool m_lower = lower != m_transposed;
  std::vector<Q> mat(static_cast<size_t>(n * n));
  std::vector<Q> y(static_cast<size_t>(n));
  mpq_t t, s;
  mpq_init(t);
  mpq_init(s);
  // Componentwise bound (docs/accumulation.md): G = |M^-1| |M|, gamma with u (real) or 6u (complex).
  const double g = gamma(static_cast<double>(std::max<int64_t>(n, 1)) * (complex ? 6 : 1), p);
  const mpfr_prec_t wb = 4 * p + 64;
  for (int64_t b = 0; b < batches; ++b) {
    const int64_t abase = b * n * n, bbase = b * rows * cols;
    bool ok = true, marked = false;
    // M(i, j) from the triangle of A.
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        Q& z = mat[i * n + j];
        mpq_set_ui(z.re, 0, 1);
        mpq_set_ui(z.im, 0, 1);
        if (m_lower ? j > i : j < i) continue;
        // M(i, j) = op(A)(i, j) or op(A)(j, i); op(A)(r, c) = A(r, c) or A(c, r) (conjugated for ADJOINT).
        int64_t r = i, c = j;
        if (m_transposed) std::swap(r, c);
        if (i == j && unit_diagonal) {
          mpq_set_ui(z.re, 1, 1);
          continue;
        }
        const int64_t idx = abase + r * n + c;
        marked |= a_val.isImplDefined(idx);
        if (nonFinite(part, a.bits(idx, 0)) || (complex && nonFinite(part, a.bits(idx, 1)))) {
          ok = false;
          continue;
        }
        decodeQ(part, a.bits(idx, 0), z.re);
        if (complex) decodeQ(part, a.bits(idx, 1), z.im);
        if (conj) mpq_neg(z.im, z.im);
      }
      if (ok && mat[i * n + i].zero()) ok = false;
    }
    // |M^-1| |M| as doubles (computed at wb bits), for the bound.
    std::vector<double> G;
    double g_inf = 0;
    if (ok && n > 0) {
      std::vector<double> absm(n * n), absinv(n * n, 0.0);
      for (int64_t i = 0; i < n * n; ++i) {
        const double re = mpq_get_d(mat[i].re), im = mpq_get_d(mat[i].im);
        absm[i] = std::hypot(re, im) * (1 + 0x1p-50);
      }
      // Columns of M^-1 by substitution at wb bits (MPC).
      std::unique_ptr<MpComplex[]> col = std::make_unique<MpComplex[]>(n);
      for (int64_t i = 0; i < n; ++i) mpc_set_prec(col[i], wb);
      MpComplex mij(wb), tmp(wb);
      for (int64_t e = 0; e < n; ++e) {
        for (int64_t step = 0; step < n; ++step) {
          const int64_t i = m_lower ? step : n - 1 - step;
          mpc_set_ui(col[i], i == e ? 1 : 0, MPC_RNDNN);
          for (int64_t k = 0; k < n; ++k) {
            if (k == i || (m_lower ? k > i : k < i)) continue;
            mpfr_set_q(mij.re(), mat[i * n + k].re, MPFR_RNDN);
            mpfr_set_q(mij.im(), mat[i * n + k].im, MPFR_RNDN);
            mpc_mul(tmp, mij, col[k], MPC_RNDNN);
            mpc_sub(col[i], col[i], tmp, MPC_RNDNN);
          }
          mpfr_set_q(mij.re(), mat[i * n + i].re, MPFR_RNDN);
          mpfr_set_q(mij.im(), mat[i * n + i].im, MPFR_RNDN);
          mpc_div(col[i], col[i], mij, MPC_RNDNN);
        }
        for (int64_t i = 0; i < n; ++i) {
          MpFloat ab(53);
          mpc_abs(ab, col[i], MPFR_RNDU);
          absinv[i * n + e] = mpfr_get_d(ab, MPFR_RNDU) * (1 + 0x1p-20);
        }
      }
      G.assign(n * n, 0.0);
      for (int64_t i = 0; i < n; ++i) {
        double row = 0;
        for (int64_t j = 0; j < n; ++j) {
          double sum = 0;
          for (int64_t k = 0; k < n; ++k) sum += absinv[i * n + k] * absm[k * n + j];
          G[i * n + j] = sum * (1 + 0x1p-40);
          row += G[i * n + j];
        }
        g_inf = std::max(g_inf, row * (1 + 0x1p-40));
      }
    }
    for (int64_t rhs = 0; rhs < m; ++rhs) {
      auto bIndex = [&](int64_t i) { return left_side ? bbase + i * cols + rhs : bbase + rhs * cols + i; };
      bool rhs_ok = ok;
      bool rhs_marked = marked;
      for (int64_t i = 0; i < n && rhs_ok; ++i) {
        const int64_t idx = bIndex(i);
        rhs_marked |= b_val.isImplDefined(idx);
        if (nonFinite(part, bt.bits(idx, 0)) || (complex && nonFinite(part, bt.bits(idx, 1)))) rhs_ok = false;
      }
      if (!rhs_ok) {
        for (int64_t i = 0; i < n; ++i) {
          out.setBits(bIndex(i), quietNaN(part), 0);
          if (complex) out.setBits(bIndex(i), quietNaN(part), 1);
          impl[bIndex(i)] = 1;
        }
        continue;
      }
      for (int64_t step = 0; step < n; ++step) {
        const int64_t i = m_lower ? step : n - 1 - step;
        decodeQ(part, bt.bits(bIndex(i), 0), y[i].re);
        if (complex) decodeQ(part, bt.bits(bIndex(i), 1), y[i].im); else mpq_set_ui(y[i].im, 0, 1);
        for (int64_t k = 0; k < n; ++k) {
          if (k == i || (m_lower ? k > i : k < i)) continue;
          if (mat[i * n + k].zero() || y[k].zero()) continue;
          qSubMul(y[i], mat[i * n + k], y[k], t);
        }
        qDiv(y[i], mat[i * n + i], t, s);
      }
      // Bound: e <= g G|x| + g (G 1) E, E = g ||G|x|||_inf / (1 - g ||G||_inf).
      std::vector<double> absx(n), gx(n);
      double gx_inf = 0;
      for (int64_t i = 0; i < n; ++i) absx[i] = std::hypot(mpq_get_d(y[i].re), mpq_get_d(y[i].im)) * (1 + 0x1p-50);
      for (int64_t i = 0; i < n; ++i) {
        double sum = 0;
        for (int64_t k = 0; k < n; ++k) sum += G[i * n + k] * absx[k];
        gx[i] = sum * (1 + 0x1p-40);
        gx_inf = std::max(gx_inf, gx[i]);
      }
      const double denom = 1 - g * g_inf;
      const double E = denom > 0 ? g * gx_inf / denom * (1 + 0x1p-40) : INFINITY;
      for (int64_t i = 0; i < n; ++i) {
        const int64_t o = bIndex(i);
        const uint64_t re = roundQ(part, y[i].re);
        out.setBits(o, re, 0);
        double h = halfUlp(part, re);
        if (complex) {
          const uint64_t im = roundQ(part, y[i].im);
          out.setBits(o, im, 1);
          h = std::max(h, halfUlp(part, im));
        }
        impl[o] = rhs_marked;
        double rowG = 0;
        for (int64_t k = 0; k < n; ++k) rowG += G[i * n + k];
        const double bnd = (g * gx[i] + g * rowG * (1 + 0x1p-40) * E) * (1 + 0x1p-40) + h;
        bounds[o] = std::isfinite(bnd) ? std::nextafter(bnd, INFINITY) : INFINITY;
        if (nonFinite(part, re) || (complex && nonFinite(part, out.bits(o, 1)))) bounds[o] = 0;
      }
    }
  }
  mpq_clear(t);
  mpq_clear(s);
  RtValue result = RtValue::ofTensor(std::move(out), std::move(impl));
  if (result.tensor.numElements() > 0) result.error_bound = std::move(bounds);
  return std::vector<RtValue>{std::move(result)};
}

constexpr KernelDef kKernels[] = {
    {OpId::kFft, fftKernel},
    {OpId::kCholesky, choleskyKernel},
    {OpId::kTriangularSolve, triangularSolveKernel},
};

}  // namespace

std::span<const KernelDef> linalgKernels() { return kKernels; }

void setFftFastPath(bool enabled) { fftFastPathFlag().store(enabled); }

}  // namespace hloconf::ref
