// The elementwise functions of floats and complex numbers: the transcendental functions (glibc's libm,
// through the C++ standard library, in the compute type: f32 functions for f32 and the narrower floats,
// f64 for f64; glibc's complex functions for complex<f32>/complex<f64>), rsqrt and the integral
// roundings. docs/design/executors.md gives each one's formula and documented accuracy.
#include <cmath>
#include <complex>
#include <limits>

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
        const T sum = std::fma(x, x, std::fma(y, y, 2 * x));
        const T re = std::isfinite(sum) && std::fabs(sum) < T(0.5) ? std::log1p(sum) / 2 : std::log(std::hypot(1 + x, y));
        return {re, std::atan2(y, 1 + x)};
      });
    }
  }
};
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

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kExponential, elementwise<unaryFor<ExpFn>>},
    {OpId::kExponentialMinusOne, elementwise<unaryFor<ExpMinusOneFn>>},
    {OpId::kLog, elementwise<unaryFor<LogFn>>},
    {OpId::kLogPlusOne, elementwise<unaryFor<LogPlusOneFn>>},
    {OpId::kSqrt, elementwise<unaryFor<SqrtFn>>},
    {OpId::kRsqrt, elementwise<unaryFor<RsqrtFn>>},
    {OpId::kCbrt, elementwise<unaryFor<CbrtFn>>},
    {OpId::kTanh, elementwise<unaryFor<TanhFn>>},
    {OpId::kSine, elementwise<unaryFor<SineFn>>},
    {OpId::kCosine, elementwise<unaryFor<CosineFn>>},
    {OpId::kTan, elementwise<unaryFor<TanFn>>},
    {OpId::kLogistic, elementwise<unaryFor<LogisticFn>>},
    {OpId::kAtan2, elementwise<binaryFor<Atan2Fn>>},
    {OpId::kFloor, elementwise<unaryFor<FloorFn>>},
    {OpId::kCeil, elementwise<unaryFor<CeilFn>>},
    {OpId::kRoundNearestAfz, elementwise<unaryFor<RoundAfzFn>>},
    {OpId::kRoundNearestEven, elementwise<unaryFor<RoundEvenFn>>},
};

}  // namespace

std::span<const KernelFamilyEntry> elementwiseMathKernels() { return kKernels; }

}  // namespace hloconf::cpu
