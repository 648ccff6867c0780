// Complex arithmetic of the elementwise family, textbook formulas (no Gauss 3-multiplication trick).
// complex<f32>: in f64 (exact products, no overflow), each part rounded once to f32. complex<f64>:
// - products: (ac - bd) + (ad + bc)i, each part a difference of products by Kahan's FMA algorithm
//   (relative error <= 2u per part: Jeannerod, Louvet, Muller, Math. Comp. 82, 2013), the operands scaled
//   by powers of two when a product could overflow or underflow;
// - quotients: ((ac + bd) + (bc - ad)i) / (c^2 + d^2) with the same products, numerator and denominator
//   scaled by powers of two (exact) so that nothing overflows or underflows;
// - operands with an infinite or NaN part: C's own complex * and / (libgcc's __mulsc3/__divdc3..., C11
//   Annex G), what std::complex gives.
#ifndef HLOCONF_EXECUTORS_CPU_ELEMENTWISE_COMPLEX_H_
#define HLOCONF_EXECUTORS_CPU_ELEMENTWISE_COMPLEX_H_

#include <cmath>
#include <complex>
#include <type_traits>

namespace hloconf::cpu {

// a*b - c*d with one rounding error per product compensated (Kahan): relative error <= 2u.
template <class T>
T differenceOfProducts(T a, T b, T c, T d) {
  const T w = c * d;
  const T e = std::fma(-c, d, w);  // the rounding error of w, exactly
  const T f = std::fma(a, b, -w);
  return f + e;
}

// The magnitudes whose products (and their rounding errors) stay normal and finite.
template <class T>
constexpr T kSafeLow = sizeof(T) == 4 ? 0x1p-50f : 0x1p-480;
template <class T>
constexpr T kSafeHigh = sizeof(T) == 4 ? 0x1p62f : 0x1p510;

template <class T>
bool safeForProducts(T v) {
  const T m = std::fabs(v);
  return m == 0 || (m > kSafeLow<T> && m < kSafeHigh<T>);
}

template <class T>
bool finite(std::complex<T> z) {
  return std::isfinite(z.real()) && std::isfinite(z.imag());
}

// The exponent k of the larger part (2^k <= max(|re|, |im|) < 2^(k+1)), 0 for zero.
template <class T>
int scaleOf(std::complex<T> z) {
  const T m = std::fmax(std::fabs(z.real()), std::fabs(z.imag()));
  return m == 0 ? 0 : std::ilogb(m);
}

template <class T>
std::complex<T> scaled(std::complex<T> z, int k) {
  return {std::ldexp(z.real(), k), std::ldexp(z.imag(), k)};
}

// complex<f32>: in f64, where the parts' products are exact and nothing overflows or underflows, each
// part of the result rounded once to f32 (at most one double rounding: within 1 ULP of the exact part).
template <class T, class F>
std::complex<T> viaDouble(std::complex<T> x, std::complex<T> y, F f) {
  const std::complex<double> r = f(std::complex<double>(x.real(), x.imag()), std::complex<double>(y.real(), y.imag()));
  return {static_cast<T>(r.real()), static_cast<T>(r.imag())};
}

template <class T>
std::complex<T> complexMultiply(std::complex<T> x, std::complex<T> y) {
  if constexpr (std::is_same_v<T, float>) {
    return viaDouble(x, y, [](std::complex<double> a, std::complex<double> b) -> std::complex<double> {
      if (!finite(a) || !finite(b)) return a * b;
      return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
    });
  }
  if (!finite(x) || !finite(y)) return x * y;
  T a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  int k = 0;
  if (!(safeForProducts(a) && safeForProducts(b) && safeForProducts(c) && safeForProducts(d))) {
    const int kx = scaleOf(x), ky = scaleOf(y);
    const std::complex<T> xs = scaled(x, -kx), ys = scaled(y, -ky);
    a = xs.real(), b = xs.imag(), c = ys.real(), d = ys.imag();
    k = kx + ky;
  }
  const T re = differenceOfProducts(a, c, b, d);
  const T im = differenceOfProducts(a, d, -b, c);
  return k == 0 ? std::complex<T>(re, im) : std::complex<T>(std::ldexp(re, k), std::ldexp(im, k));
}

template <class T>
std::complex<T> complexDivide(std::complex<T> x, std::complex<T> y) {
  if constexpr (std::is_same_v<T, float>) {
    return viaDouble(x, y, [](std::complex<double> a, std::complex<double> b) -> std::complex<double> {
      if (!finite(a) || !finite(b) || (b.real() == 0 && b.imag() == 0)) return a / b;
      const double c = b.real(), d = b.imag(), denominator = c * c + d * d;
      return {(a.real() * c + a.imag() * d) / denominator, (a.imag() * c - a.real() * d) / denominator};
    });
  }
  if (!finite(x) || !finite(y) || (y.real() == 0 && y.imag() == 0)) return x / y;
  const int kx = scaleOf(x), ky = scaleOf(y);
  const std::complex<T> xs = scaled(x, -kx), ys = scaled(y, -ky);
  const T a = xs.real(), b = xs.imag(), c = ys.real(), d = ys.imag();
  const T denominator = std::fma(c, c, d * d);  // in [1, 8)
  const T re = differenceOfProducts(a, c, -b, d) / denominator;
  const T im = differenceOfProducts(b, c, a, d) / denominator;
  return {std::ldexp(re, kx - ky), std::ldexp(im, kx - ky)};
}

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_ELEMENTWISE_COMPLEX_H_
