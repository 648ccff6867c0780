// Compiled with -frounding-math (CMakeLists.txt): see upward_sum.h.
#include "reference/upward_sum.h"

#include <cfenv>
#include <cmath>
#include <limits>

namespace hloconf::ref {

double sumRoundedUpward(double start, const double* x, std::size_t n) {
  const int mode = std::fegetround();
  std::fesetround(FE_UPWARD);
  double sum = start;
  for (std::size_t i = 0; i < n; ++i) sum += x[i];
  std::fesetround(mode);
  return sum;
}

double sumMagnitudesRoundedUpward(double start, const double* x, std::size_t n) {
  const int mode = std::fegetround();
  std::fesetround(FE_UPWARD);
  double sum = start;
  for (std::size_t i = 0; i < n; ++i) {
    const double m = std::fabs(x[i]);
    sum += m <= std::numeric_limits<double>::max() ? m : 0.0;  // NaN fails the comparison
  }
  std::fesetround(mode);
  return sum;
}

}  // namespace hloconf::ref
