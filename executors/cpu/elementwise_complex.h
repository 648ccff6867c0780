// Complex arithmetic of the elementwise family: textbook formulas (no Gauss 3-multiplication trick),
// computed one precision up, each part of the result rounded once to the part type: complex<f32> in f64,
// complex<f64> in x87 extended precision (long double: 64-bit significand, 15-bit exponent). The wider
// exponent range holds every product and sum of squares of the parts, so nothing overflows or underflows
// on the way, whatever the parts' magnitudes.
// - products: (ac - bd) + (ad + bc)i, each part a difference of products by Kahan's FMA algorithm
//   (relative error <= 2u' in the wider type: Jeannerod, Louvet, Muller, Math. Comp. 82, 2013), then
//   rounded to the part type: within 1 ULP of the exact part;
// - quotients: ((ac + bd) + (bc - ad)i) / (c^2 + d^2) with the same products (relative error <= 4u'),
//   then rounded: within 1 ULP;
// - operands with an infinite or NaN part, and division by zero: C's own complex * and / at the wider
//   precision (libgcc's __muldc3/__divdc3/__mulxc3/__divxc3: C11 Annex G), what std::complex gives.
#ifndef HLOCONF_EXECUTORS_CPU_ELEMENTWISE_COMPLEX_H_
#define HLOCONF_EXECUTORS_CPU_ELEMENTWISE_COMPLEX_H_

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

namespace hloconf::cpu {

// The type a part type's complex functions are computed in.
template <class T>
using Wider = std::conditional_t<std::is_same_v<T, float>, double, long double>;

// a*b - c*d with one rounding error per product compensated (Kahan): relative error <= 2u.
template <class T>
T differenceOfProducts(T a, T b, T c, T d) {
  const T w = c * d;
  const T e = std::fma(-c, d, w);  // the rounding error of w, exactly
  const T f = std::fma(a, b, -w);
  const T r = f + e;
  // An exact zero takes the sign IEEE arithmetic gives a*b - c*d (-0 for -0 - +0), as MPC's does.
  return r == 0 ? a * b - c * d : r;
}

template <class T>
bool finite(std::complex<T> z) {
  return std::isfinite(z.real()) && std::isfinite(z.imag());
}

// A part rounded to T; a NaN part becomes the canonical quiet NaN (positive, no payload), as the
// reference gives it (the spec leaves NaN payloads open).
template <class T, class W>
T narrowPart(W v) {
  return std::isnan(v) ? std::numeric_limits<T>::quiet_NaN() : static_cast<T>(v);
}

// `f` on z widened to Wider<T>, each part of its result rounded once back to T.
template <class T, class F>
std::complex<T> inWider(std::complex<T> z, F f) {
  using W = Wider<T>;
  const std::complex<W> r = f(std::complex<W>(z.real(), z.imag()));
  return {narrowPart<T>(r.real()), narrowPart<T>(r.imag())};
}
template <class T, class F>
std::complex<T> inWider(std::complex<T> x, std::complex<T> y, F f) {
  using W = Wider<T>;
  const std::complex<W> r = f(std::complex<W>(x.real(), x.imag()), std::complex<W>(y.real(), y.imag()));
  return {narrowPart<T>(r.real()), narrowPart<T>(r.imag())};
}

// The real counterpart of inWider: `f` on a (and b) widened to Wider<T> (double for a float, x87 long
// double for a double), its result rounded once back to T.
template <class T, class F>
T oneUp(T a, F&& f) {
  return static_cast<T>(f(static_cast<Wider<T>>(a)));
}
template <class T, class F>
T oneUp2(T a, T b, F&& f) {
  return static_cast<T>(f(static_cast<Wider<T>>(a), static_cast<Wider<T>>(b)));
}

// x * y and x / y at the precision of their own type (the wide one).
template <class W>
std::complex<W> wideMultiply(std::complex<W> x, std::complex<W> y) {
  if (!finite(x) || !finite(y)) return x * y;
  const W a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  return {differenceOfProducts(a, c, b, d), differenceOfProducts(a, d, -b, c)};
}
template <class W>
std::complex<W> wideDivide(std::complex<W> x, std::complex<W> y) {
  if (!finite(x) || !finite(y) || (y.real() == 0 && y.imag() == 0)) return x / y;
  const W a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  const W denominator = std::fma(c, c, d * d);
  return {differenceOfProducts(a, c, -b, d) / denominator, differenceOfProducts(b, c, a, d) / denominator};
}

template <class T>
std::complex<T> complexMultiply(std::complex<T> x, std::complex<T> y) {
  return inWider(x, y, [](auto a, auto b) { return wideMultiply(a, b); });
}
template <class T>
std::complex<T> complexDivide(std::complex<T> x, std::complex<T> y) {
  return inWider(x, y, [](auto a, auto b) { return wideDivide(a, b); });
}

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_ELEMENTWISE_COMPLEX_H_
