// Exact min/max shared by the elementwise kernels and the reductions.
#include "reference/elementwise.h"

#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

bool isNaN(ElementType t, uint64_t bits) { return classifyFloat(t, bits) == FloatClass::kNaN; }

}  // namespace

uint64_t floatMinMax(ElementType t, uint64_t x, uint64_t y, bool max) {
  if (isNaN(t, x)) return x;
  if (isNaN(t, y)) return y;
  ScratchFloat a(64), b(64);
  decodeFloat(t, x, a);
  decodeFloat(t, y, b);
  int c = mpfr_cmp(a, b);
  if (c == 0) c = (mpfr_signbit(b) ? 1 : 0) - (mpfr_signbit(a) ? 1 : 0);  // zeros: +0 > -0
  return (c >= 0) == max ? x : y;
}

Elem complexMinMax(ElementType part, Elem x, Elem y, bool max) {
  if (isNaN(part, x.re) || isNaN(part, x.im)) return x;
  if (isNaN(part, y.re) || isNaN(part, y.im)) return y;
  ScratchFloat xr(64), xi(64), yr(64), yi(64);
  decodeFloat(part, x.re, xr);
  decodeFloat(part, x.im, xi);
  decodeFloat(part, y.re, yr);
  decodeFloat(part, y.im, yi);
  int c = mpfr_cmp(xr, yr);
  if (c == 0) c = mpfr_cmp(xi, yi);
  return (c >= 0) == max ? x : y;
}

}  // namespace hloconf::ref
