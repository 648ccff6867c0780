// Adversarial operand values for the tests that compare the evaluator's fast paths with its MPFR paths
// (exact_sum_fast_test, reduce_fast_test): families of values that stress exact sums and their bounds,
// drawn for any float format (complex types: both parts from the part type).
#ifndef HLOCONF_TESTS_REFERENCE_ADVERSARIAL_VALUES_H_
#define HLOCONF_TESTS_REFERENCE_ADVERSARIAL_VALUES_H_

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "ir/element_type.h"
#include "ir/numerics_base.h"
#include "ir/tensor.h"
#include "reference/exact_sum.h"
#include "reference/value.h"

namespace hloconf::test {

enum Family {
  kUniform,       // [-1, 1]
  kWide,          // the format's whole exponent range: cancellation across it, overflow of the sum
  kRawBits,       // any finite bit pattern, subnormals and the largest values included
  kNearTies,      // 1 and small powers of two: sums on and next to rounding midpoints
  kIntegers,      // small integers and signed zeros: exact results, exact zeros
  kCancellation,  // pairs x, -x with a small remainder
  kTiny,          // small multiples of the smallest subnormal
  kNonFinite,     // uniform with infinities and NaNs
  kInfinities,    // wide values with infinities of one sign (no NaN): the infinite result's overflow test
  kSignedZeros,   // +0 and -0, a few ones
  kFamilies,
};
inline const char* const kFamilyNames[] = {"uniform",      "wide", "raw-bits",   "near-ties",  "integers",
                                    "cancellation", "tiny", "non-finite", "infinities", "signed-zeros"};

inline uint64_t encode(ElementType t, double v) {
  MpFloat x(64);
  mpfr_set_d(x, v, MPFR_RNDN);
  return encodeFloat(t, x);
}

inline uint64_t draw(std::mt19937_64& rng, Family family, ElementType t, int64_t position) {
  const FloatFormat& f = floatFormat(t);
  const int p = f.mantissa_bits + 1;
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const double largest = ref::exactDouble(t, largestFinite(t)), smallest = ref::exactDouble(t, smallestSubnormal(t));
  auto wide = [&] {
    const int lo = std::ilogb(smallest), hi = std::ilogb(largest);
    return unit(rng) * std::ldexp(1.0, lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1)));
  };
  switch (family) {
    case kUniform:
      return encode(t, unit(rng));
    case kWide:
      return encode(t, wide());
    case kRawBits:
      for (;;) {
        const uint64_t bits = rng() & ((f.total_bits == 64 ? 0 : uint64_t{1} << f.total_bits) - 1);
        const FloatClass c = classifyFloat(t, bits);
        if (c != FloatClass::kNaN && c != FloatClass::kInfinity) return bits;
      }
    case kNearTies: {
      const double choices[] = {1, std::ldexp(1.0, -p), std::ldexp(1.0, -p - 1), 3 * std::ldexp(1.0, -p - 1), 0.5, 0, largest};
      const double v = choices[rng() % 7];
      return encode(t, rng() % 2 ? v : -v);
    }
    case kIntegers:
      return encode(t, rng() % 5 == 0 ? -0.0 : static_cast<double>(static_cast<int>(rng() % 7) - 3));
    case kCancellation: {
      // Position-seeded magnitudes, so neighbours pair up as x, -x(1 + tiny).
      std::mt19937_64 pair_rng(static_cast<uint64_t>(position / 2) * 7919);
      const double x = std::ldexp(1.0 + unit(pair_rng) / 2, static_cast<int>(pair_rng() % 16));
      return encode(t, position % 2 ? -x * (1 + std::ldexp(unit(rng), -p - 2)) : x);
    }
    case kTiny:
      return encode(t, static_cast<double>(static_cast<int>(rng() % 11) - 5) * smallest);
    case kNonFinite: {
      const uint64_t r = rng() % 12;
      if (r == 0 && f.has_infinity) return encode(t, INFINITY);
      if (r == 1 && f.has_infinity) return encode(t, -INFINITY);
      if (r == 2 && canonicalNaN(t)) return *canonicalNaN(t);
      return encode(t, unit(rng));
    }
    case kInfinities:
      if (rng() % 10 == 0 && f.has_infinity) return encode(t, INFINITY);
      return encode(t, rng() % 2 ? wide() : unit(rng));
    case kSignedZeros:
      return encode(t, rng() % 8 == 0 ? 1.0 : (rng() % 2 ? -0.0 : 0.0));
    case kFamilies:
      break;
  }
  return 0;
}

inline ref::RtValue randomTensor(std::mt19937_64& rng, const std::vector<int64_t>& shape, ElementType et, Family family) {
  Tensor t(Type::tensor(shape, Type::element(et)));
  const bool complex = isComplex(et);
  const ElementType part = complex ? complexPartType(et) : et;
  for (int64_t i = 0; i < t.numElements(); ++i) {
    t.setBits(i, draw(rng, family, part, i), 0);
    if (complex) t.setBits(i, draw(rng, family, part, i + 1), 1);
  }
  return ref::RtValue::ofTensor(std::move(t));
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_REFERENCE_ADVERSARIAL_VALUES_H_
