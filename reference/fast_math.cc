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
  std::string_view op;
  FastUnaryF64 fn;
};
constexpr Entry kEntries[] = {
    {"stablehlo.exponential", exp}, {"stablehlo.exponential_minus_one", expm1}, {"stablehlo.log", log},
    {"stablehlo.log_plus_one", log1p}, {"stablehlo.sine", sin}, {"stablehlo.cosine", cos},
    {"stablehlo.tan", tan}, {"stablehlo.tanh", tanh}, {"stablehlo.cbrt", cbrt},
    {"stablehlo.sqrt", sqrt}, {"stablehlo.rsqrt", rsqrt}, {"stablehlo.logistic", logistic},
};

// 2^-45: the relative error assumed of the library function (see the header).
constexpr double kRelativeBound = 0x1p-45;

}  // namespace

FastUnaryF64 fastF32Function(std::string_view op_name) {
  for (const Entry& e : kEntries) {
    if (e.op == op_name) return e.fn;
  }
  return nullptr;
}

std::optional<uint32_t> fastF32Unary(FastUnaryF64 fn, uint32_t x) {
  float xf;
  std::memcpy(&xf, &x, 4);
  if (!std::isfinite(xf)) return std::nullopt;
  const double d = fn(static_cast<double>(xf));
  if (!std::isfinite(d)) return std::nullopt;
  if (d == 0 && xf != 0) return std::nullopt;  // an underflow to zero in double: let MPFR decide the sign
  const double margin = std::fabs(d) * kRelativeBound;
  const float f = static_cast<float>(d);
  if (static_cast<float>(d - margin) != f || static_cast<float>(d + margin) != f) return std::nullopt;
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}

}  // namespace hloconf::ref
