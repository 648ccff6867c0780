// The elementwise functions of floats and complex numbers: the transcendental functions, rsqrt and the
// integral roundings. f32 and f64 exponential, exponential_minus_one, log, log_plus_one, tanh, sine,
// cosine, tan, atan2, cbrt and power (its kernel for kernels_elementwise.cc) use SLEEF's 1-ULP (`_u10`) functions: 16 f32 or 8 f64 lanes at a time with
// AVX-512 where the CPU has it (checked once, when the kernel is chosen), SLEEF's scalar `_u10` functions
// elsewhere. The narrower floats compute in f32 through glibc's libm (the C++ standard library), rounded
// once to the format; complex<f32>/complex<f64> through glibc's complex functions one precision up.
// docs/design/executors.md gives each one's formula and documented accuracy.
#include <cmath>
#include <cstring>
#include <complex>
#include <limits>

#include <immintrin.h>

// The AVX-512 loops are compiled one function at a time (target attribute) and run only where the CPU has
// AVX-512. GCC allows calling SLEEF's AVX-512 functions from such a function; clang refuses a call that
// passes 512-bit vectors to a function not itself marked for AVX-512, so a clang build (the fuzzers') uses
// SLEEF's scalar functions only.
#if defined(__GNUC__) && !defined(__clang__)
#define HLOCONF_SLEEF_AVX512 1
#else
#define HLOCONF_SLEEF_AVX512 0
#endif
// sleef.h declares its AVX-512 functions only where the translation unit is compiled for AVX-512.
#if HLOCONF_SLEEF_AVX512 && !defined(__AVX512F__)
#define __AVX512F__ 1
#define HLOCONF_UNDEF_AVX512F 1
#endif
#include <sleef.h>
#ifdef HLOCONF_UNDEF_AVX512F
#undef __AVX512F__
#undef HLOCONF_UNDEF_AVX512F
#endif

#include "executors/cpu/elementwise_complex.h"
#include "executors/cpu/elementwise_types.h"

namespace hloconf::cpu {
namespace {

template <class E>
constexpr bool kFloatOrComplex = kIsFloat<E> || kIsComplex<E>;

template <class C>
using PartOf = typename C::value_type;

// Complex functions are computed one precision up and each part rounded once (inWider,
// elementwise_complex.h): complex<f32> with glibc's double complex functions (or the formulas below in
// f64), complex<f64> with its long double ones (x87). glibc's own complex<f32>/complex<f64> functions
// exceed the errors its tables document (ccosf(1 + i): 2 ULP in the real part; ctanh(-18.714973875118524
// - 1i): 3 ULP in the imaginary part).
struct ExpFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) return std::exp(a);
    else return inWider(a, [](auto z) { return std::exp(z); });
  }
};
struct LogFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) return std::log(a);
    else return inWider(a, [](auto z) { return std::log(z); });
  }
};
struct SqrtFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) return std::sqrt(a);
    else return inWider(a, [](auto z) { return std::sqrt(z); });
  }
};
struct TanhFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) {
      return std::tanh(a);
    } else {
      // tanh(+-0 + i y) for y infinite or NaN: NaN + i NaN, as C11 Annex G (and the reference, MPC) has
      // it; glibc follows C23's +-0 + i NaN.
      if (a.real() == 0 && !std::isfinite(a.imag())) return {NAN, NAN};
      return inWider(a, [](auto z) { return std::tanh(z); });
    }
  }
};
struct SineFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) return std::sin(a);
    else return inWider(a, [](auto z) { return std::sin(z); });
  }
};
struct CosineFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) return std::cos(a);
    else return inWider(a, [](auto z) { return std::cos(z); });
  }
};
struct TanFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) {
      return std::tan(a);
    } else {
      if (a.imag() == 0 && !std::isfinite(a.real())) return {NAN, NAN};  // tan z = -i tanh(iz): as tanh above
      return inWider(a, [](auto z) { return std::tan(z); });
    }
  }
};
struct CbrtFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) {
      return std::cbrt(a);
    } else {
      // The principal cube root |z|^(1/3) (cos t + i sin t), t = arg(z) / 3; on the non-negative real
      // axis the real cube root with the imaginary part kept.
      return inWider(a, [](auto z) -> decltype(z) {
        using T = PartOf<decltype(z)>;
        if (z.imag() == 0 && !std::isnan(z.real()) && !std::signbit(z.real())) return {std::cbrt(z.real()), z.imag()};
        const T r = std::cbrt(std::hypot(z.real(), z.imag()));
        const T t = std::atan2(z.imag(), z.real()) / 3;
        return {r * std::cos(t), r * std::sin(t)};
      });
    }
  }
};
struct ExpMinusOneFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) {
      return std::expm1(a);
    } else {
      // expm1(x + iy) = (expm1(x) cos y - 2 sin^2(y/2)) + i e^x sin y (no cancellation near 0).
      return inWider(a, [](auto z) -> decltype(z) {
        using T = PartOf<decltype(z)>;
        const T x = z.real(), y = z.imag();
        if (y == 0) return {std::expm1(x), y};
        const T s = std::sin(y / 2);
        return {std::fma(std::expm1(x), std::cos(y), -2 * s * s), std::exp(x) * std::sin(y)};
      });
    }
  }
};
struct LogPlusOneFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) {
      return std::log1p(a);
    } else {
      // log1p(x + iy) = log|1 + z| + i atan2(y, 1 + x), log|1 + z| = log1p(2x + x^2 + y^2) / 2 (fused, no
      // cancellation of 1 + ...) where that sum is small, else log(hypot(1 + x, y)).
      return inWider(a, [](auto z) -> decltype(z) {
        using Z = decltype(z);
        using T = PartOf<Z>;
        const T x = z.real(), y = z.imag();
        if (!finite(z)) return std::log(Z(1) + z);
        // Near |1 + z| = 1 the fused sum keeps log1p accurate; elsewhere (z near -1, where 2x + x^2
        // cancels against 1, or large |z|) log|1 + z| = log(hypot(1 + x, y)) has nothing to cancel.
        // x(2 + x) first, in one rounding: where 2x + x^2 cancels (x near -2), y^2 must not be lost in it
        // (z = -2 + 4.28e-119i: the sum is y^2 = 1.8e-237, not 0).
        const T sum = std::fma(y, y, std::fma(x, x, 2 * x));
        const T re = std::isfinite(sum) && std::fabs(sum) < T(0.5) ? std::log1p(sum) / 2 : std::log(std::hypot(1 + x, y));
        return {re, std::atan2(y, 1 + x)};
      });
    }
  }
};
// chlo's special functions (docs/design/executors.md, "chlo"). f32 and f64: SLEEF's scalar function
// (`_u10`, documented within 1.0 ULP; erfc's `_u15`, 1.5 ULP), except where SLEEF 3.5 was measured wrong
// against glibc one precision up (bench-free check over 4.3 million f32 and 3 million f64 inputs, this
// session): acosh and asinh overflow from |x| = 2^64 (f32) or 2^512 (f64) on, cosh and sinh just below
// the overflow threshold, lgamma near the largest finite results and up to 492 ULP off for negative x,
// erf 2 ULP for f32 subnormals. Those inputs take glibc one precision up (double for f32, x87 long
// double for f64), rounded once (`widerFallback`). f16, bf16 and the small floats: glibc's float
// function, rounded once; complex: glibc's complex function one precision up (inWider). erf, erfc and
// lgamma have no complex form.
enum class WiderFallback { kNever, kOverflow, kTiny, kNegativeOrOverflow };

template <WiderFallback kWhen, class T>
bool widerFallback(T x, T r) {
  const bool overflowed = std::isinf(r) && std::isfinite(x);
  switch (kWhen) {
    case WiderFallback::kNever: return false;
    case WiderFallback::kOverflow: return overflowed;
    case WiderFallback::kTiny: return std::fabs(x) < T(0x1p-100);
    case WiderFallback::kNegativeOrOverflow: return x < 0 || overflowed;
  }
  return false;
}

#define HLOCONF_CHLO_UNARY(Name, fn, sleef_f32, sleef_f64, when, complex_too)                           \
  struct Name {                                                                                      \
    template <class E>                                                                               \
    static constexpr bool supports() {                                                               \
      return kIsFloat<E> || (complex_too && kIsComplex<E>);                                          \
    }                                                                                                \
    template <class E, class C>                                                                      \
    static C apply(C a) {                                                                            \
      if constexpr (std::is_same_v<E, F32> || std::is_same_v<E, F64>) {                              \
        C r;                                                                                         \
        if constexpr (std::is_same_v<E, F32>) r = sleef_f32(a);                                      \
        else r = sleef_f64(a);                                                                       \
        return widerFallback<when>(a, r) ? oneUp(a, [](auto x) { return std::fn(x); }) : r;          \
      } else if constexpr (kIsFloat<E>) {                                                            \
        return std::fn(a);                                                                           \
      } else if constexpr (complex_too) {                                                            \
        return inWider(a, [](auto z) { return std::fn(z); });                                        \
      } else {                                                                                       \
        return a;                                                                                    \
      }                                                                                              \
    }                                                                                                \
  };
HLOCONF_CHLO_UNARY(AcosFn, acos, Sleef_acosf_u10, Sleef_acos_u10, WiderFallback::kNever, true)
HLOCONF_CHLO_UNARY(AsinFn, asin, Sleef_asinf_u10, Sleef_asin_u10, WiderFallback::kNever, true)
HLOCONF_CHLO_UNARY(AtanFn, atan, Sleef_atanf_u10, Sleef_atan_u10, WiderFallback::kNever, true)
HLOCONF_CHLO_UNARY(AtanhFn, atanh, Sleef_atanhf_u10, Sleef_atanh_u10, WiderFallback::kNever, true)
HLOCONF_CHLO_UNARY(AcoshFn, acosh, Sleef_acoshf_u10, Sleef_acosh_u10, WiderFallback::kOverflow, true)
HLOCONF_CHLO_UNARY(AsinhFn, asinh, Sleef_asinhf_u10, Sleef_asinh_u10, WiderFallback::kOverflow, true)
HLOCONF_CHLO_UNARY(CoshFn, cosh, Sleef_coshf_u10, Sleef_cosh_u10, WiderFallback::kOverflow, true)
HLOCONF_CHLO_UNARY(SinhFn, sinh, Sleef_sinhf_u10, Sleef_sinh_u10, WiderFallback::kOverflow, true)
HLOCONF_CHLO_UNARY(ErfFn, erf, Sleef_erff_u10, Sleef_erf_u10, WiderFallback::kTiny, false)
HLOCONF_CHLO_UNARY(ErfcFn, erfc, Sleef_erfcf_u15, Sleef_erfc_u15, WiderFallback::kNever, false)
HLOCONF_CHLO_UNARY(LgammaFn, lgamma, Sleef_lgammaf_u10, Sleef_lgamma_u10, WiderFallback::kNegativeOrOverflow, false)
#undef HLOCONF_CHLO_UNARY

struct RsqrtFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (std::is_same_v<C, float>) {
      return static_cast<float>(1.0 / std::sqrt(static_cast<double>(a)));  // one rounding of a 2^-52-close value
    } else if constexpr (std::is_same_v<C, double>) {
      return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(a)));  // x87 extended, then rounded
    } else {
      // 1/sqrt(z) = conj(sqrt z) / |z| (|sqrt z|^2 = |z|).
      return inWider(a, [](auto z) -> decltype(z) {
        using Z = decltype(z);
        if (!finite(z) || (z.real() == 0 && z.imag() == 0)) return Z(1) / std::sqrt(z);
        const Z w = std::sqrt(z);
        const PartOf<Z> magnitude = std::hypot(z.real(), z.imag());
        return {w.real() / magnitude, -w.imag() / magnitude};
      });
    }
  }
};
struct LogisticFn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) {
      // 1 / (1 + e^-x), as e^x / (1 + e^x) for x < 0, where e^-x would overflow long before the result
      // underflows.
      if (a < 0) {
        const C e = std::exp(a);
        return e / (1 + e);
      }
      return 1 / (1 + std::exp(-a));
    } else {
      return inWider(a, [](auto z) {
        using Z = decltype(z);
        return wideDivide(Z(1), Z(1) + std::exp(-z));
      });
    }
  }
};
struct Atan2Fn {
  template <class E>
  static constexpr bool supports() { return kFloatOrComplex<E>; }
  template <class E, class C>
  static C apply(C y, C x) {
    if constexpr (kIsFloat<E>) {
      return std::atan2(y, x);
    } else {
      // -i log(Q), Q = (x + iy) / sqrt(x^2 + y^2) (the upstream interpreter's formula), with each part
      // from quantities without cancellation (as the reference): with w = x + iy and v = x - iy,
      // |Q|^2 = |w| / |v|, so Im = -log(W / V) / 4 with W = |w|^2, V = |v|^2 and W - V = 4 Im(x conj y)
      // (a difference of products, compensated); and Q^2 = w conj(v) / V, so Re = arg Q is half the
      // argument of P = w conj(v), moved by pi where Re Q < 0. (The reference decides the sign of Re Q
      // exactly; here it is the computed Q's.)
      const auto f = [](auto yz, auto xz) -> decltype(yz) {
        using Z = decltype(yz);
        using T = PartOf<Z>;
        const Z iy(-yz.imag(), yz.real());
        const Z s = wideMultiply(xz, xz) + wideMultiply(yz, yz);
        const Z root = std::sqrt(s);
        const Z q = wideDivide(xz + iy, root);
        if (!finite(xz) || !finite(yz) || (s.real() == 0 && s.imag() == 0) || !finite(q)) {
          const Z l = std::log(q);
          return {l.imag(), -l.real()};
        }
        constexpr T kPi = static_cast<T>(3.14159265358979323846264338327950288L);
        const Z w = xz + iy, v = xz - iy;
        const T big_w = std::fma(w.real(), w.real(), w.imag() * w.imag());
        const T big_v = std::fma(v.real(), v.real(), v.imag() * v.imag());
        const T d = 4 * differenceOfProducts(xz.imag(), yz.real(), xz.real(), yz.imag());
        T im;
        if (d == 0) im = -T(0);
        else if (2 * std::fabs(d) <= big_v) im = -std::log1p(d / big_v) / 4;
        else im = -std::log(big_w / big_v) / 4;
        // P = w conj(v) = (|x|^2 - |y|^2) + 2i Re(x conj y), from the parts of x and y (compensated).
        const Z p(differenceOfProducts(xz.real(), xz.real(), yz.real(), yz.real()) +
                      differenceOfProducts(xz.imag(), xz.imag(), yz.imag(), yz.imag()),
                  2 * differenceOfProducts(xz.real(), yz.real(), -xz.imag(), yz.imag()));
        // arg Q is t = arg(P) / 2 or t +- pi. Which one: Q = w / sqrt(w v) = +-sqrt(w) / sqrt(v), with the
        // minus sign where arg w + arg v leaves (-pi, pi] (the principal sqrt of w v then turns by pi);
        // the arguments of w and v are robust (their parts have the exact parts' signs), so their
        // half-difference, so adjusted, tells t from t +- pi.
        // Near the cut (aw + av near +-pi, s = w v near the negative real axis) the side is the sign of
        // Im s = 2 (Re x Im x + Re y Im y), compensated.
        const T aw = std::atan2(w.imag(), w.real()), av = std::atan2(v.imag(), v.real());
        T s_im = differenceOfProducts(xz.real(), xz.imag(), -yz.real(), yz.imag());
        if (s_im == 0) s_im = xz.real() * xz.imag() + yz.real() * yz.imag();  // the zero's sign, as IEEE sums give it
        const bool flip = (aw + av > kPi / 2 && std::signbit(s_im)) || (aw + av < -kPi / 2 && !std::signbit(s_im));
        T approx = (aw - av) / 2;
        if (flip) approx += approx > 0 ? -kPi : kPi;
        const T t = std::atan2(p.imag(), p.real()) / 2;
        const T re = std::cos(approx - t) > 0 ? t : (t <= 0 ? t + kPi : t - kPi);
        return {re, im};
      };
      return inWider(y, x, f);
    }
  }
};

// The integral roundings (exact).
struct FloorFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C a) { return std::floor(a); }
};
struct CeilFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C a) { return std::ceil(a); }
};
struct RoundAfzFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C a) { return std::round(a); }
};
struct RoundEvenFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C a) { return std::nearbyint(a); }  // the default rounding mode: to nearest, ties to even
};

// --- SLEEF for f32 and f64 -----------------------------------------------------------------------------------
// Each op: its AVX-512 functions (vec) and its scalar ones (one), f32 and f64, all SLEEF's `_u10`
// (documented within 1.0 ULP of the exact value).
#define HLOCONF_AVX512 __attribute__((target("avx512f")))
#if HLOCONF_SLEEF_AVX512
#define HLOCONF_IF_SLEEF_AVX512(...) __VA_ARGS__
#else
#define HLOCONF_IF_SLEEF_AVX512(...)
#endif
#define HLOCONF_SLEEF_UNARY(Name, fn)                                                                              \
  struct Name {                                                                                                    \
    HLOCONF_IF_SLEEF_AVX512(HLOCONF_AVX512 static __m512 vec(__m512 x) { return Sleef_##fn##f16_u10avx512f(x); })  \
    HLOCONF_IF_SLEEF_AVX512(HLOCONF_AVX512 static __m512d vec(__m512d x) { return Sleef_##fn##d8_u10avx512f(x); }) \
    static float one(float x) { return Sleef_##fn##f_u10(x); }                                                     \
    static double one(double x) { return Sleef_##fn##_u10(x); }                                                    \
  };
HLOCONF_SLEEF_UNARY(SleefExpm1, expm1)
HLOCONF_SLEEF_UNARY(SleefLog, log)
HLOCONF_SLEEF_UNARY(SleefTanh, tanh)
HLOCONF_SLEEF_UNARY(SleefSin, sin)
HLOCONF_SLEEF_UNARY(SleefCos, cos)
HLOCONF_SLEEF_UNARY(SleefTan, tan)
HLOCONF_SLEEF_UNARY(SleefCbrt, cbrt)
#undef HLOCONF_SLEEF_UNARY
// SLEEF 3.5's f64 exp gives +inf from 709.78 on, below the overflow threshold 709.782712893384 (e^x is
// then up to 1238 ULP below DBL_MAX): the lanes above 709.78 take glibc's exp.
struct SleefExp {
#if HLOCONF_SLEEF_AVX512
  HLOCONF_AVX512 static __m512 vec(__m512 x) { return Sleef_expf16_u10avx512f(x); }
  HLOCONF_AVX512 static __m512d vec(__m512d x) {
    __m512d r = Sleef_expd8_u10avx512f(x);
    const __mmask8 near = _mm512_cmp_pd_mask(x, _mm512_set1_pd(709.78), _CMP_GT_OQ);
    if (near) {
      alignas(64) double lanes[8], results[8];
      _mm512_store_pd(lanes, x);
      _mm512_store_pd(results, r);
      for (int i = 0; i < 8; ++i)
        if (near & (1u << i)) results[i] = std::exp(lanes[i]);
      r = _mm512_load_pd(results);
    }
    return r;
  }
#endif
  static float one(float x) { return Sleef_expf_u10(x); }
  static double one(double x) { return x > 709.78 ? std::exp(x) : Sleef_exp_u10(x); }
};
// SLEEF 3.5's log1p gives +inf above 1e38 (f32) and 1e307 (f64), where log1p(x) = log(x) within the
// rounding: those lanes take log.
struct SleefLog1p {
#if HLOCONF_SLEEF_AVX512
  HLOCONF_AVX512 static __m512 vec(__m512 x) {
    const __mmask16 big = _mm512_cmp_ps_mask(x, _mm512_set1_ps(1e38f), _CMP_GT_OQ);
    const __m512 r = Sleef_log1pf16_u10avx512f(x);
    return big ? _mm512_mask_mov_ps(r, big, Sleef_logf16_u10avx512f(x)) : r;
  }
  HLOCONF_AVX512 static __m512d vec(__m512d x) {
    const __mmask8 big = _mm512_cmp_pd_mask(x, _mm512_set1_pd(1e307), _CMP_GT_OQ);
    const __m512d r = Sleef_log1pd8_u10avx512f(x);
    return big ? _mm512_mask_mov_pd(r, big, Sleef_logd8_u10avx512f(x)) : r;
  }
#endif
  static float one(float x) { return x > 1e38f ? Sleef_logf_u10(x) : Sleef_log1pf_u10(x); }
  static double one(double x) { return x > 1e307 ? Sleef_log_u10(x) : Sleef_log1p_u10(x); }
};
struct SleefAtan2 {
#if HLOCONF_SLEEF_AVX512
  HLOCONF_AVX512 static __m512 vec(__m512 y, __m512 x) { return Sleef_atan2f16_u10avx512f(y, x); }
  HLOCONF_AVX512 static __m512d vec(__m512d y, __m512d x) { return Sleef_atan2d8_u10avx512f(y, x); }
#endif
  static float one(float y, float x) { return Sleef_atan2f_u10(y, x); }
  static double one(double y, double x) { return Sleef_atan2_u10(y, x); }
};
// SLEEF 3.5's pow overflows early near the largest finite value (f64: 1.3407807929942594e154^2 gives
// +inf, not 1.7976931348623151e308): an infinite result of finite operands is recomputed with glibc's pow.
struct SleefPow {
  template <class T>
  static T checked(T x, T y, T r) {
    return std::isinf(r) && std::isfinite(x) && std::isfinite(y) ? std::pow(x, y) : r;
  }
#if HLOCONF_SLEEF_AVX512
  template <class V, class T, int kLanes>
  HLOCONF_AVX512 static V recheck(V x, V y, V r) {
    alignas(64) T xs[kLanes], ys[kLanes], rs[kLanes];
    std::memcpy(xs, &x, sizeof xs);
    std::memcpy(ys, &y, sizeof ys);
    std::memcpy(rs, &r, sizeof rs);
    bool changed = false;
    for (int i = 0; i < kLanes; ++i) {
      const T fixed = checked(xs[i], ys[i], rs[i]);
      if (std::memcmp(&fixed, &rs[i], sizeof(T)) != 0) rs[i] = fixed, changed = true;
    }
    if (changed) std::memcpy(&r, rs, sizeof rs);
    return r;
  }
  HLOCONF_AVX512 static __m512 vec(__m512 x, __m512 y) {
    const __m512 r = Sleef_powf16_u10avx512f(x, y);
    const __mmask16 inf = _mm512_cmp_ps_mask(_mm512_abs_ps(r), _mm512_set1_ps(INFINITY), _CMP_EQ_OQ);
    return inf ? recheck<__m512, float, 16>(x, y, r) : r;
  }
  HLOCONF_AVX512 static __m512d vec(__m512d x, __m512d y) {
    const __m512d r = Sleef_powd8_u10avx512f(x, y);
    const __mmask8 inf = _mm512_cmp_pd_mask(_mm512_abs_pd(r), _mm512_set1_pd(INFINITY), _CMP_EQ_OQ);
    return inf ? recheck<__m512d, double, 8>(x, y, r) : r;
  }
#endif
  static float one(float x, float y) { return checked(x, y, Sleef_powf_u10(x, y)); }
  static double one(double x, double y) { return checked(x, y, Sleef_pow_u10(x, y)); }
};

#if HLOCONF_SLEEF_AVX512
// Full vectors, then the tail under a mask (no reads or writes past the range). The result may be an
// operand's buffer (in place): each vector is loaded before it is stored.
template <class Op>
HLOCONF_AVX512 absl::Status sleefUnaryF32(const KernelArgs& args) {
  const float* x = reinterpret_cast<const float*>(args.operands[0]);
  float* out = reinterpret_cast<float*>(args.result());
  const int64_t n = args.num_elements;
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) _mm512_storeu_ps(out + i, Op::vec(_mm512_loadu_ps(x + i)));
  if (i < n) {
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    _mm512_mask_storeu_ps(out + i, m, Op::vec(_mm512_maskz_loadu_ps(m, x + i)));
  }
  return absl::OkStatus();
}
template <class Op>
HLOCONF_AVX512 absl::Status sleefUnaryF64(const KernelArgs& args) {
  const double* x = reinterpret_cast<const double*>(args.operands[0]);
  double* out = reinterpret_cast<double*>(args.result());
  const int64_t n = args.num_elements;
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm512_storeu_pd(out + i, Op::vec(_mm512_loadu_pd(x + i)));
  if (i < n) {
    const __mmask8 m = static_cast<__mmask8>((1u << (n - i)) - 1);
    _mm512_mask_storeu_pd(out + i, m, Op::vec(_mm512_maskz_loadu_pd(m, x + i)));
  }
  return absl::OkStatus();
}
template <class Op>
HLOCONF_AVX512 absl::Status sleefBinaryF32(const KernelArgs& args) {
  const float* y = reinterpret_cast<const float*>(args.operands[0]);
  const float* x = reinterpret_cast<const float*>(args.operands[1]);
  float* out = reinterpret_cast<float*>(args.result());
  const int64_t n = args.num_elements;
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) _mm512_storeu_ps(out + i, Op::vec(_mm512_loadu_ps(y + i), _mm512_loadu_ps(x + i)));
  if (i < n) {
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    _mm512_mask_storeu_ps(out + i, m, Op::vec(_mm512_maskz_loadu_ps(m, y + i), _mm512_maskz_loadu_ps(m, x + i)));
  }
  return absl::OkStatus();
}
template <class Op>
HLOCONF_AVX512 absl::Status sleefBinaryF64(const KernelArgs& args) {
  const double* y = reinterpret_cast<const double*>(args.operands[0]);
  const double* x = reinterpret_cast<const double*>(args.operands[1]);
  double* out = reinterpret_cast<double*>(args.result());
  const int64_t n = args.num_elements;
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm512_storeu_pd(out + i, Op::vec(_mm512_loadu_pd(y + i), _mm512_loadu_pd(x + i)));
  if (i < n) {
    const __mmask8 m = static_cast<__mmask8>((1u << (n - i)) - 1);
    _mm512_mask_storeu_pd(out + i, m, Op::vec(_mm512_maskz_loadu_pd(m, y + i), _mm512_maskz_loadu_pd(m, x + i)));
  }
  return absl::OkStatus();
}
#endif  // HLOCONF_SLEEF_AVX512
// Without AVX-512: SLEEF's scalar functions, one element at a time (the same documented bound).
template <class T, class Op>
absl::Status sleefUnaryScalar(const KernelArgs& args) {
  const T* x = reinterpret_cast<const T*>(args.operands[0]);
  T* out = reinterpret_cast<T*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = Op::one(x[i]);
  return absl::OkStatus();
}
template <class T, class Op>
absl::Status sleefBinaryScalar(const KernelArgs& args) {
  const T* y = reinterpret_cast<const T*>(args.operands[0]);
  const T* x = reinterpret_cast<const T*>(args.operands[1]);
  T* out = reinterpret_cast<T*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = Op::one(y[i], x[i]);
  return absl::OkStatus();
}

#if HLOCONF_SLEEF_AVX512
bool hasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}
#endif

// SLEEF's kernel of Op for f32 or f64 (`t`), the AVX-512 one where the CPU has it; nullptr for other types.
template <class Op>
Kernel sleefUnary(ElementType t) {
#if HLOCONF_SLEEF_AVX512
  if (hasAvx512()) return t == ElementType::kF32 ? &sleefUnaryF32<Op> : t == ElementType::kF64 ? &sleefUnaryF64<Op> : nullptr;
#endif
  return t == ElementType::kF32 ? &sleefUnaryScalar<float, Op> : t == ElementType::kF64 ? &sleefUnaryScalar<double, Op> : nullptr;
}
template <class Op>
Kernel sleefBinary(ElementType t) {
#if HLOCONF_SLEEF_AVX512
  if (hasAvx512()) return t == ElementType::kF32 ? &sleefBinaryF32<Op> : t == ElementType::kF64 ? &sleefBinaryF64<Op> : nullptr;
#endif
  return t == ElementType::kF32 ? &sleefBinaryScalar<float, Op> : t == ElementType::kF64 ? &sleefBinaryScalar<double, Op> : nullptr;
}

// The kernel of an op for element type `t`: SLEEF's for f32 and f64, `Fn`'s loop for every other type.
template <class Op, class Fn>
Kernel sleefUnaryOr(ElementType t) {
  if (Kernel kernel = sleefUnary<Op>(t)) return kernel;
  return unaryFor<Fn>(t);
}
template <class Op, class Fn>
Kernel sleefBinaryOr(ElementType t) {
  if (Kernel kernel = sleefBinary<Op>(t)) return kernel;
  return binaryFor<Fn>(t);
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kExponential, elementwise<sleefUnaryOr<SleefExp, ExpFn>>},
    {OpId::kExponentialMinusOne, elementwise<sleefUnaryOr<SleefExpm1, ExpMinusOneFn>>},
    {OpId::kLog, elementwise<sleefUnaryOr<SleefLog, LogFn>>},
    {OpId::kLogPlusOne, elementwise<sleefUnaryOr<SleefLog1p, LogPlusOneFn>>},
    {OpId::kSqrt, elementwise<unaryFor<SqrtFn>>},
    {OpId::kRsqrt, elementwise<unaryFor<RsqrtFn>>},
    {OpId::kCbrt, elementwise<sleefUnaryOr<SleefCbrt, CbrtFn>>},
    {OpId::kTanh, elementwise<sleefUnaryOr<SleefTanh, TanhFn>>},
    {OpId::kSine, elementwise<sleefUnaryOr<SleefSin, SineFn>>},
    {OpId::kCosine, elementwise<sleefUnaryOr<SleefCos, CosineFn>>},
    {OpId::kTan, elementwise<sleefUnaryOr<SleefTan, TanFn>>},
    {OpId::kChloTan, elementwise<sleefUnaryOr<SleefTan, TanFn>>},
    {OpId::kChloAcos, elementwise<unaryFor<AcosFn>>},
    {OpId::kChloAsin, elementwise<unaryFor<AsinFn>>},
    {OpId::kChloAtan, elementwise<unaryFor<AtanFn>>},
    {OpId::kChloAcosh, elementwise<unaryFor<AcoshFn>>},
    {OpId::kChloAsinh, elementwise<unaryFor<AsinhFn>>},
    {OpId::kChloAtanh, elementwise<unaryFor<AtanhFn>>},
    {OpId::kChloCosh, elementwise<unaryFor<CoshFn>>},
    {OpId::kChloSinh, elementwise<unaryFor<SinhFn>>},
    {OpId::kChloErf, elementwise<unaryFor<ErfFn>>},
    {OpId::kChloErfc, elementwise<unaryFor<ErfcFn>>},
    {OpId::kChloLgamma, elementwise<unaryFor<LgammaFn>>},
    {OpId::kLogistic, elementwise<unaryFor<LogisticFn>>},
    {OpId::kAtan2, elementwise<sleefBinaryOr<SleefAtan2, Atan2Fn>>},
    {OpId::kFloor, elementwise<unaryFor<FloorFn>>},
    {OpId::kCeil, elementwise<unaryFor<CeilFn>>},
    {OpId::kRoundNearestAfz, elementwise<unaryFor<RoundAfzFn>>},
    {OpId::kRoundNearestEven, elementwise<unaryFor<RoundEvenFn>>},
};

}  // namespace

std::span<const KernelFamilyEntry> elementwiseMathKernels() { return kKernels; }

Kernel sleefPowerKernel(ElementType t) { return sleefBinary<SleefPow>(t); }

}  // namespace hloconf::cpu
