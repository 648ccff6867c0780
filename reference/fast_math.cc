#include "reference/fast_math.h"

#include <cmath>
#include <cstring>

namespace hloconf::ref {
namespace {

double rsqrt(double x) { return 1.0 / std::sqrt(x); }
double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double exp(double x) { return std::exp(x); }
double expm1(double x) { return std::expm1(x); }
double log(double x) { return std::log(x); }
double log1p(double x) { return std::log1p(x); }
double sin(double x) { return std::sin(x); }
double cos(double x) { return std::cos(x); }
double tan(double x) { return std::tan(x); }
double tanh(double x) { return std::tanh(x); }
double cbrt(double x) { return std::cbrt(x); }
double sqrt(double x) { return std::sqrt(x); }

struct Entry {
  OpId op;
  FastUnaryF64 fn;
};
constexpr Entry kEntries[] = {
    {OpId::kExponential, exp},
    {OpId::kExponentialMinusOne, expm1},
    {OpId::kLog, log},
    {OpId::kLogPlusOne, log1p},
    {OpId::kSine, sin},
    {OpId::kCosine, cos},
    {OpId::kTan, tan},
    {OpId::kTanh, tanh},
    {OpId::kCbrt, cbrt},
    {OpId::kSqrt, sqrt},
    {OpId::kRsqrt, rsqrt},
    {OpId::kLogistic, logistic},
    // chlo's functions that C's libm has (glibc's libm-test-ulps: at most 5 ulps of double for these).
    {OpId::kChloTan, tan},
    {OpId::kChloAcos, acos},
    {OpId::kChloAcosh, acosh},
    {OpId::kChloAsin, asin},
    {OpId::kChloAsinh, asinh},
    {OpId::kChloAtan, atan},
    {OpId::kChloAtanh, atanh},
    {OpId::kChloCosh, cosh},
    {OpId::kChloSinh, sinh},
    {OpId::kChloErf, erf},
    {OpId::kChloErfc, erfc},
};

// 2^-45: the relative error assumed of the library function (see the header).
constexpr double kRelativeBound = 0x1p-45;

}  // namespace

FastUnaryF64 fastF32Function(OpId op) {
  for (const Entry& e : kEntries) {
    if (e.op == op) return e.fn;
  }
  return nullptr;
}

std::vector<OpId> fastF32Ops() {
  std::vector<OpId> ops;
  for (const Entry& e : kEntries) ops.push_back(e.op);
  return ops;
}

std::optional<uint32_t> fastF32Unary(FastUnaryF64 fn, uint32_t x) {
  float xf;
  std::memcpy(&xf, &x, 4);
  if (!std::isfinite(xf)) return std::nullopt;
  const double d = fn(static_cast<double>(xf));
  if (std::isnan(d)) return std::nullopt;  // NaN results follow the MPFR path's rules
  float f;
  if (std::isinf(d) || std::fabs(d) < 0x1p-200) {
    // Beyond double's range, the exact value is beyond f32's too (overflow to infinity: |exact| > 2^1023
    // when the library overflows). Below 2^-200 (zero included: the library returns 0 only when the exact
    // value underflows double), the exact value is below 2^-199 whatever the precision the library kept
    // in double's subnormal range, so it rounds to a zero of d's sign in f32 (half the smallest
    // subnormal is 2^-150). Exact infinities and zeros (log(0), rsqrt(-0), sin(-0)) are the same case.
    f = std::isinf(d) ? static_cast<float>(d) : std::copysign(0.0f, static_cast<float>(d));
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
  }
  const double margin = std::fabs(d) * kRelativeBound;
  f = static_cast<float>(d);
  if (static_cast<float>(d - margin) != f || static_cast<float>(d + margin) != f) return std::nullopt;
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}

}  // namespace hloconf::ref
