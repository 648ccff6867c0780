// Element types: the type table, the float format table, and exact bits <-> value conversion.
//
// Every float computation below is driven by `kFloatFormats`; there is no per-format branch except on the
// table's own fields. Rounding is done once, on exact integers (GMP), so no host float arithmetic and no
// global MPFR state (precision, exponent range) takes part in it.
#include "ir/element_type.h"

#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace hloconf {
namespace {

static_assert(sizeof(unsigned long) >= 8, "significands of f64 are passed to MPFR/GMP as unsigned long");

struct TypeInfo {
  std::string_view name;  // MLIR spelling
  int bits;
};

// Indexed by ElementType.
constexpr std::array<TypeInfo, kNumElementTypes> kTypeInfo = {{
    {"i1", 1},
    {"i2", 2}, {"i4", 4}, {"i8", 8}, {"i16", 16}, {"i32", 32}, {"i64", 64},
    {"ui2", 2}, {"ui4", 4}, {"ui8", 8}, {"ui16", 16}, {"ui32", 32}, {"ui64", 64},
    {"f4E2M1FN", 4}, {"f6E2M3FN", 6}, {"f6E3M2FN", 6},
    {"f8E3M4", 8}, {"f8E4M3", 8}, {"f8E4M3FN", 8}, {"f8E4M3FNUZ", 8}, {"f8E4M3B11FNUZ", 8},
    {"f8E5M2", 8}, {"f8E5M2FNUZ", 8}, {"f8E8M0FNU", 8},
    {"bf16", 16}, {"f16", 16}, {"tf32", 19}, {"f32", 32}, {"f64", 64},
    {"complex<f32>", 64}, {"complex<f64>", 128},
    {"index", 64},
}};

constexpr int kFirstFloat = static_cast<int>(ElementType::kF4E2M1FN);
constexpr int kLastFloat = static_cast<int>(ElementType::kF64);

// The one table of float formats (docs/element-types.md mirrors it). Indexed by ElementType - kFirstFloat.
constexpr std::array<FloatFormat, kLastFloat - kFirstFloat + 1> kFloatFormats = {{
    // name           bits exp man bias  sign   inf    -0     subnorm NaN encoding
    {"f4E2M1FN",        4,  2,  1,   1, true,  false, true,  true,  NanEncoding::kNone},
    {"f6E2M3FN",        6,  2,  3,   1, true,  false, true,  true,  NanEncoding::kNone},
    {"f6E3M2FN",        6,  3,  2,   3, true,  false, true,  true,  NanEncoding::kNone},
    {"f8E3M4",          8,  3,  4,   3, true,  true,  true,  true,  NanEncoding::kIeee},
    {"f8E4M3",          8,  4,  3,   7, true,  true,  true,  true,  NanEncoding::kIeee},
    {"f8E4M3FN",        8,  4,  3,   7, true,  false, true,  true,  NanEncoding::kAllOnesOnly},
    {"f8E4M3FNUZ",      8,  4,  3,   8, true,  false, false, true,  NanEncoding::kNegativeZero},
    {"f8E4M3B11FNUZ",   8,  4,  3,  11, true,  false, false, true,  NanEncoding::kNegativeZero},
    {"f8E5M2",          8,  5,  2,  15, true,  true,  true,  true,  NanEncoding::kIeee},
    {"f8E5M2FNUZ",      8,  5,  2,  16, true,  false, false, true,  NanEncoding::kNegativeZero},
    {"f8E8M0FNU",       8,  8,  0, 127, false, false, false, false, NanEncoding::kAllOnesE8M0},
    {"bf16",           16,  8,  7, 127, true,  true,  true,  true,  NanEncoding::kIeee},
    {"f16",            16,  5, 10,  15, true,  true,  true,  true,  NanEncoding::kIeee},
    {"tf32",           19,  8, 10, 127, true,  true,  true,  true,  NanEncoding::kIeee},
    {"f32",            32,  8, 23, 127, true,  true,  true,  true,  NanEncoding::kIeee},
    {"f64",            64, 11, 52, 1023, true, true,  true,  true,  NanEncoding::kIeee},
}};

constexpr bool tableIsConsistent() {
  for (int i = 0; i < static_cast<int>(kFloatFormats.size()); ++i) {
    const FloatFormat& f = kFloatFormats[i];
    const TypeInfo& type = kTypeInfo[kFirstFloat + i];
    if (f.name != type.name || f.total_bits != type.bits) return false;
    if (f.total_bits != (f.has_sign ? 1 : 0) + f.exponent_bits + f.mantissa_bits) return false;
  }
  return true;
}
static_assert(tableIsConsistent(), "kFloatFormats disagrees with kTypeInfo or its own field widths");

// A programming error (a caller passed a type the function is not defined for), not an input error.
[[noreturn]] void failWrongType(const char* function, ElementType t, const char* expected) {
  const int index = static_cast<int>(t);
  std::fprintf(stderr, "hloconf: %s called with element type %s, but it needs %s\n", function,
               index < kNumElementTypes ? std::string(kTypeInfo[index].name).c_str() : "<invalid>", expected);
  std::abort();
}

bool isIntegerOrBoolean(ElementType t) { return isBoolean(t) || isInteger(t); }

uint64_t widthMask(int bits) { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }

// --- Derived properties of a float format -----------------------------------------------------------
uint64_t mantissaMask(const FloatFormat& f) { return widthMask(f.mantissa_bits); }
uint64_t allOnesExponent(const FloatFormat& f) { return widthMask(f.exponent_bits); }
uint64_t signBit(const FloatFormat& f) { return f.has_sign ? uint64_t{1} << (f.total_bits - 1) : 0; }
// Unbiased exponent of the smallest normal; E8M0 has no subnormals, so its stored exponent 0 is normal.
int minNormalExponent(const FloatFormat& f) { return (f.has_subnormals ? 1 : 0) - f.bias; }

// Exponent and mantissa fields (no sign) of the largest finite value: what the NaN/infinity encodings
// leave free at the top of the exponent range.
uint64_t largestFiniteMagnitude(const FloatFormat& f) {
  const uint64_t all_ones = (allOnesExponent(f) << f.mantissa_bits) | mantissaMask(f);
  switch (f.nan_encoding) {
    case NanEncoding::kIeee: return ((allOnesExponent(f) - 1) << f.mantissa_bits) | mantissaMask(f);
    case NanEncoding::kAllOnesOnly:
    case NanEncoding::kAllOnesE8M0: return all_ones - 1;
    case NanEncoding::kNegativeZero:
    case NanEncoding::kNone: return all_ones;
  }
  std::abort();
}

// What a value beyond the largest finite one becomes (see FloatFormat): infinity where the format has
// one; saturation where it has neither infinity nor NaN; otherwise NaN, keeping the sign where the NaN
// encoding has one (as APFloat's makeNaN(false, sign) does).
uint64_t overflowBits(const FloatFormat& f, uint64_t sign) {
  if (f.has_infinity) return sign | (allOnesExponent(f) << f.mantissa_bits);
  switch (f.nan_encoding) {
    case NanEncoding::kNone: return sign | largestFiniteMagnitude(f);
    case NanEncoding::kAllOnesOnly: return sign | (largestFiniteMagnitude(f) + 1);
    case NanEncoding::kNegativeZero: return signBit(f);
    case NanEncoding::kAllOnesE8M0:
    case NanEncoding::kIeee: break;
  }
  return widthMask(f.total_bits);  // E8M0's only NaN; kIeee formats all have infinity
}

uint64_t zeroBits(const FloatFormat& f, uint64_t sign) { return f.has_negative_zero ? sign : 0; }

// Owners of MPFR/GMP variables, so that every early return frees them.
class ScopedMpfr {
 public:
  explicit ScopedMpfr(mpfr_prec_t precision) { mpfr_init2(value_, precision); }
  ~ScopedMpfr() { mpfr_clear(value_); }
  ScopedMpfr(const ScopedMpfr&) = delete;
  ScopedMpfr& operator=(const ScopedMpfr&) = delete;
  mpfr_ptr get() { return value_; }

 private:
  mpfr_t value_;
};

// roundMagnitude's integers, one pair per thread: it runs once per rounded element, and integers that
// keep their limbs between calls spare it allocations each time. It calls nothing that could come back
// to it, so one pair is enough.
struct MagnitudeScratch {
  mpz_t significand, steps;
  MagnitudeScratch() {
    mpz_init(significand);
    mpz_init(steps);
  }
  ~MagnitudeScratch() {
    mpz_clear(significand);
    mpz_clear(steps);
  }
};
thread_local MagnitudeScratch magnitude_scratch;

// Rounds |value| (finite, non-zero) to the format's grid, to nearest, and returns the magnitude encoding
// (exponent and mantissa fields). Ties go to the encoding whose last bit is 0: for every format with a
// mantissa that is IEEE's "even mantissa" rule; for E8M0 (no mantissa) it is "even stored exponent".
// Positive magnitudes are monotonic in their encodings (subnormals run into normals, the largest finite
// into what lies above it), so "one step up" is always encoding + 1, and a result above
// largestFiniteMagnitude means overflow.
uint64_t roundMagnitude(const FloatFormat& f, mpfr_srcptr value) {
  const uint64_t largest = largestFiniteMagnitude(f);
  const long max_exponent = static_cast<long>(largest >> f.mantissa_bits) - f.bias;
  const long min_normal = minNormalExponent(f);
  const long binade = mpfr_get_exp(value) - 1;  // 2^binade <= |value| < 2^(binade+1)
  if (binade > max_exponent) return largest + 1;
  // E8M0 has no zero: a positive value below 2^-127 saturates to 2^-127 (encoding 0), as APFloat does.
  if (binade < min_normal && !f.has_subnormals) return 0;
  const long step_exponent = std::max(binade, min_normal) - f.mantissa_bits;  // the grid is 2^step_exponent
  if (binade < step_exponent - 1) return 0;  // below half the smallest step; avoids huge shifts below

  mpz_ptr significand = magnitude_scratch.significand, steps = magnitude_scratch.steps;
  const long scale = mpfr_get_z_2exp(significand, value);  // |value| = |significand| * 2^scale
  mpz_abs(significand, significand);
  const long dropped_bits = step_exponent - scale;
  bool half_bit = false, below_half_bits = false;
  if (dropped_bits <= 0) {
    mpz_mul_2exp(steps, significand, -dropped_bits);  // exact: on the grid already
  } else {
    mpz_fdiv_q_2exp(steps, significand, dropped_bits);
    half_bit = mpz_tstbit(significand, dropped_bits - 1);
    below_half_bits = mpz_scan1(significand, 0) < static_cast<mp_bitcnt_t>(dropped_bits - 1);
  }
  const uint64_t truncated_steps = mpz_get_ui(steps);  // < 2^(mantissa_bits + 1)
  // Normal: steps = 2^mantissa_bits + mantissa, so the implicit 1 carries into the stored exponent field.
  // Subnormal: stored exponent 0, mantissa = steps.
  const uint64_t truncated =
      binade >= min_normal
          ? (static_cast<uint64_t>(binade + f.bias - 1) << f.mantissa_bits) + truncated_steps
          : truncated_steps;
  const bool round_up = half_bit && (below_half_bits || (truncated & 1) != 0);
  return truncated + (round_up ? 1 : 0);
}

// "[-+]digits[.digits][e[-+]digits]" (the fraction digits may be empty, as in MLIR's "1.").
bool isDecimalLiteral(std::string_view text) {
  size_t i = 0;
  auto skipDigits = [&] {
    const size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i > start;
  };
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  if (!skipDigits()) return false;
  if (i < text.size() && text[i] == '.') {
    ++i;
    skipDigits();
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (!skipDigits()) return false;
  }
  return i == text.size();
}

// Writes `digits` (d1 d2 ... dn, value d1.d2...dn * 10^exponent) as an MLIR float literal, choosing
// notation as Python's repr does (fixed for 1e-4 <= |value| < 1e16, else scientific), and always with a
// '.', because MLIR's lexer reads "1e5" as an integer followed by an identifier.
std::string layoutDecimal(bool negative, std::string digits, int exponent) {
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const char* sign = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    const std::string fraction = digits.size() > 1 ? digits.substr(1) : "0";
    return absl::StrCat(sign, digits.substr(0, 1), ".", fraction, "e", exponent);
  }
  if (exponent < 0) return absl::StrCat(sign, "0.", std::string(-exponent - 1, '0'), digits);
  const size_t integer_digits = static_cast<size_t>(exponent) + 1;
  if (digits.size() <= integer_digits) {
    return absl::StrCat(sign, digits, std::string(integer_digits - digits.size(), '0'), ".0");
  }
  return absl::StrCat(sign, digits.substr(0, integer_digits), ".", digits.substr(integer_digits));
}

// The host's shortest round-trip text (std::to_chars), re-laid out as an MLIR literal.
template <typename Host>
std::string formatHostFloat(Host value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::scientific);
  const std::string_view text(buffer, result.ptr - buffer);  // e.g. "-1.5e-07"
  const size_t e = text.find('e');
  std::string digits;
  for (char c : text.substr(0, e)) {
    if (c >= '0' && c <= '9') digits.push_back(c);
  }
  int exponent = 0;
  std::string_view exponent_text = text.substr(e + 1);
  if (exponent_text.front() == '+') exponent_text.remove_prefix(1);
  std::from_chars(exponent_text.data(), exponent_text.data() + exponent_text.size(), exponent);
  return layoutDecimal(text.front() == '-', digits, exponent);
}

}  // namespace

// --- Classification ---------------------------------------------------------------------------------
bool isBoolean(ElementType t) { return t == ElementType::kI1; }
bool isSignedInteger(ElementType t) {
  return (t >= ElementType::kSI2 && t <= ElementType::kSI64) || t == ElementType::kIndex;
}
bool isUnsignedInteger(ElementType t) { return t >= ElementType::kUI2 && t <= ElementType::kUI64; }
bool isInteger(ElementType t) { return isSignedInteger(t) || isUnsignedInteger(t); }
bool isFloat(ElementType t) { return t >= ElementType::kF4E2M1FN && t <= ElementType::kF64; }
bool isComplex(ElementType t) { return t == ElementType::kC64 || t == ElementType::kC128; }

int bitWidth(ElementType t) {
  if (static_cast<int>(t) >= kNumElementTypes) failWrongType("bitWidth", t, "a valid ElementType");
  return kTypeInfo[static_cast<int>(t)].bits;
}

// Whole bytes, rounded up to a power of two: sub-byte types take one byte, tf32 (19 bits) takes four like
// the f32 containers it lives in on every device, so elements stay naturally aligned.
int storageBytes(ElementType t) {
  return static_cast<int>(std::bit_ceil(static_cast<unsigned>((bitWidth(t) + 7) / 8)));
}

const FloatFormat& floatFormat(ElementType t) {
  if (!isFloat(t)) failWrongType("floatFormat", t, "a float type");
  return kFloatFormats[static_cast<int>(t) - kFirstFloat];
}

ElementType complexPartType(ElementType t) {
  if (!isComplex(t)) failWrongType("complexPartType", t, "a complex type");
  return t == ElementType::kC64 ? ElementType::kF32 : ElementType::kF64;
}

// --- Names ------------------------------------------------------------------------------------------
std::string_view elementTypeName(ElementType t) {
  if (static_cast<int>(t) >= kNumElementTypes) failWrongType("elementTypeName", t, "a valid ElementType");
  return kTypeInfo[static_cast<int>(t)].name;
}

std::optional<ElementType> parseElementTypeName(std::string_view name) {
  // MLIR's explicit signed spelling "si8" names the same type as "i8"; there is no "si1".
  if (name.size() > 2 && name.substr(0, 2) == "si" && name[2] >= '0' && name[2] <= '9' && name != "si1") {
    name.remove_prefix(1);
  }
  for (int i = 0; i < kNumElementTypes; ++i) {
    if (kTypeInfo[i].name == name) return static_cast<ElementType>(i);
  }
  return std::nullopt;
}

// --- Integers ---------------------------------------------------------------------------------------
int64_t minSignedValue(ElementType t) {
  if (!isIntegerOrBoolean(t)) failWrongType("minSignedValue", t, "an integer type");
  if (!isSignedInteger(t)) return 0;
  return static_cast<int64_t>(~widthMask(bitWidth(t) - 1));  // two's complement of -2^(w-1)
}

uint64_t maxUnsignedValue(ElementType t) {
  if (!isIntegerOrBoolean(t)) failWrongType("maxUnsignedValue", t, "an integer type");
  return isSignedInteger(t) ? widthMask(bitWidth(t) - 1) : widthMask(bitWidth(t));
}

bool fitsInteger(ElementType t, bool negative, uint64_t magnitude) {
  if (!isIntegerOrBoolean(t)) return false;
  if (magnitude == 0) return true;  // "-0" is 0
  if (isBoolean(t)) return magnitude == 1;  // 1 and true, or -1 (all bits set): both are true
  if (!negative) return magnitude <= maxUnsignedValue(t);
  return isSignedInteger(t) && magnitude <= static_cast<uint64_t>(maxUnsignedValue(t)) + 1;
}

uint64_t encodeInteger(ElementType t, int64_t value) {
  if (!isIntegerOrBoolean(t)) failWrongType("encodeInteger", t, "an integer type");
  return static_cast<uint64_t>(value) & widthMask(bitWidth(t));
}

int64_t decodeSignedInteger(ElementType t, uint64_t bits) {
  if (!isIntegerOrBoolean(t)) failWrongType("decodeSignedInteger", t, "an integer type");
  const int width = bitWidth(t);
  bits &= widthMask(width);
  if (isSignedInteger(t) && width < 64 && (bits >> (width - 1)) != 0) bits |= ~widthMask(width);
  return static_cast<int64_t>(bits);
}

uint64_t decodeUnsignedInteger(ElementType t, uint64_t bits) {
  if (!isIntegerOrBoolean(t)) failWrongType("decodeUnsignedInteger", t, "an integer type");
  return bits & widthMask(bitWidth(t));
}

// --- Floats -----------------------------------------------------------------------------------------
FloatClass classifyFloat(ElementType t, uint64_t bits) {
  const FloatFormat& f = floatFormat(t);
  bits &= widthMask(f.total_bits);
  const uint64_t magnitude = bits & ~signBit(f);
  const uint64_t exponent = magnitude >> f.mantissa_bits;
  const uint64_t mantissa = magnitude & mantissaMask(f);
  switch (f.nan_encoding) {
    case NanEncoding::kIeee:
      if (exponent == allOnesExponent(f)) return mantissa == 0 ? FloatClass::kInfinity : FloatClass::kNaN;
      break;
    case NanEncoding::kAllOnesOnly:
      if (magnitude == largestFiniteMagnitude(f) + 1) return FloatClass::kNaN;
      break;
    case NanEncoding::kNegativeZero:
      if (bits == signBit(f)) return FloatClass::kNaN;
      break;
    case NanEncoding::kAllOnesE8M0:
      if (exponent == allOnesExponent(f)) return FloatClass::kNaN;
      break;
    case NanEncoding::kNone: break;
  }
  if (!f.has_subnormals || exponent != 0) return FloatClass::kNormal;
  return mantissa == 0 ? FloatClass::kZero : FloatClass::kSubnormal;
}

void decodeFloat(ElementType t, uint64_t bits, mpfr_t out) {
  const FloatFormat& f = floatFormat(t);
  const FloatClass kind = classifyFloat(t, bits);
  const int sign = (bits & signBit(f)) != 0 ? -1 : 1;
  switch (kind) {
    case FloatClass::kNaN: mpfr_set_nan(out); return;
    case FloatClass::kInfinity: mpfr_set_inf(out, sign); return;
    case FloatClass::kZero: mpfr_set_zero(out, sign); return;
    case FloatClass::kSubnormal:
    case FloatClass::kNormal: break;
  }
  const uint64_t exponent = (bits & widthMask(f.total_bits) & ~signBit(f)) >> f.mantissa_bits;
  const uint64_t mantissa = bits & mantissaMask(f);
  // value = significand * 2^(exponent - bias - mantissa_bits), where normals carry the implicit leading 1
  // and subnormals use the smallest normal exponent. Both steps are exact at precision >= mantissa_bits+1.
  const bool normal = kind == FloatClass::kNormal;
  const uint64_t significand = normal ? (uint64_t{1} << f.mantissa_bits) | mantissa : mantissa;
  const long scale = (normal ? static_cast<long>(exponent) : 1L) - f.bias - f.mantissa_bits;
  mpfr_set_ui(out, significand, MPFR_RNDN);
  mpfr_mul_2si(out, out, scale, MPFR_RNDN);
  if (sign < 0) mpfr_neg(out, out, MPFR_RNDN);
}

uint64_t encodeFloat(ElementType t, const mpfr_t value) {
  const FloatFormat& f = floatFormat(t);
  const bool negative = mpfr_signbit(value) != 0;
  const uint64_t sign = negative ? signBit(f) : 0;
  // A format without NaN has nothing to give for one; +0 is our choice (APFloat defines no result).
  if (mpfr_nan_p(value)) return canonicalNaN(t).value_or(0);
  // E8M0 has neither sign nor zero: zero and negative values are not scales it can hold, so they are NaN
  // (APFloat would turn an exact zero into 2^-127; docs/element-types.md explains the choice).
  if (!f.has_sign && (negative || mpfr_zero_p(value))) return overflowBits(f, 0);
  if (mpfr_inf_p(value)) return overflowBits(f, sign);
  if (mpfr_zero_p(value)) return zeroBits(f, sign);
  const uint64_t magnitude = roundMagnitude(f, value);
  if (magnitude > largestFiniteMagnitude(f)) return overflowBits(f, sign);
  if (magnitude == 0 && f.has_subnormals) return zeroBits(f, sign);  // underflow keeps the sign, as IEEE
  return sign | magnitude;
}

std::optional<uint64_t> canonicalNaN(ElementType t) {
  const FloatFormat& f = floatFormat(t);
  switch (f.nan_encoding) {
    case NanEncoding::kIeee:
      return (allOnesExponent(f) << f.mantissa_bits) | (uint64_t{1} << (f.mantissa_bits - 1));
    case NanEncoding::kAllOnesOnly: return largestFiniteMagnitude(f) + 1;
    case NanEncoding::kNegativeZero: return signBit(f);
    case NanEncoding::kAllOnesE8M0: return widthMask(f.total_bits);
    case NanEncoding::kNone: return std::nullopt;
  }
  std::abort();
}

// The sign is ignored for E8M0, which has no negative values.
uint64_t largestFinite(ElementType t, bool negative) {
  const FloatFormat& f = floatFormat(t);
  return (negative ? signBit(f) : 0) | largestFiniteMagnitude(f);
}

uint64_t smallestNormal(ElementType t) {
  const FloatFormat& f = floatFormat(t);
  return f.has_subnormals ? uint64_t{1} << f.mantissa_bits : 0;  // E8M0: encoding 0 is 2^-127
}

uint64_t smallestSubnormal(ElementType t) {
  return floatFormat(t).has_subnormals ? 1 : smallestNormal(t);
}

absl::StatusOr<uint64_t> parseFloatLiteral(ElementType t, std::string_view text) {
  if (!isFloat(t)) {
    return absl::InvalidArgumentError(absl::StrCat("cannot parse float literal \"", std::string(text),
                                                   "\" as ", std::string(elementTypeName(t)),
                                                   ", which is not a float type"));
  }
  if (!isDecimalLiteral(text)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", std::string(text), "\" is not a decimal float literal for ", std::string(elementTypeName(t)),
        ": expected [-+]digits[.digits][e[-+]digits]; write NaN and infinity as hex bits (e.g. 0x7FC00000)"));
  }
  // Round to odd at two bits more than the format's precision, then round to nearest into the format:
  // the odd last bit keeps the value strictly between the same two grid points and midpoints of the
  // coarser format grid as the exact decimal, so the second rounding equals a single correct rounding of
  // the decimal, for normals, subnormals, overflow and E8M0 alike. mpfr_strtofr rounds correctly (here
  // toward zero) however many digits the text has.
  const mpfr_prec_t precision = floatFormat(t).mantissa_bits + 3;
  ScopedMpfr value(precision);
  const std::string terminated(text);
  const int ternary = mpfr_strtofr(value.get(), terminated.c_str(), nullptr, 10, MPFR_RNDZ);
  if (ternary != 0 && (mpfr_zero_p(value.get()) || mpfr_min_prec(value.get()) < precision)) {
    // Inexact with an even last bit (or flushed to zero below MPFR's range): step away from zero.
    if (mpfr_signbit(value.get())) {
      mpfr_nextbelow(value.get());
    } else {
      mpfr_nextabove(value.get());
    }
  }
  return encodeFloat(t, value.get());
}

std::string formatFloatLiteral(ElementType t, uint64_t bits) {
  const FloatFormat& f = floatFormat(t);
  const FloatClass kind = classifyFloat(t, bits);
  if (kind == FloatClass::kNaN || kind == FloatClass::kInfinity) {
    // Not a decimal value; give the hex spelling the caller would print rather than failing.
    return absl::StrFormat("0x%0*X", (f.total_bits + 3) / 4, bits & widthMask(f.total_bits));
  }
  if (kind == FloatClass::kZero) return (bits & signBit(f)) != 0 ? "-0.0" : "0.0";
  if (t == ElementType::kF64) return formatHostFloat(bitsToDouble(bits));
  if (t == ElementType::kF32) return formatHostFloat(std::bit_cast<float>(static_cast<uint32_t>(bits)));

  // Other formats: the shortest digit count n for which an n-digit decimal reads back to the same bits.
  // If any n-digit decimal lies in the rounding interval, so does the value rounded down or up to n
  // digits (the interval is convex and contains the value), so those two candidates suffice.
  ScopedMpfr value(f.mantissa_bits + 1);
  decodeFloat(t, bits, value.get());
  // 17 digits always suffice for formats of at most 53 significant bits; the bound only guards the loop.
  constexpr size_t kMaxDigits = 40;
  std::string text;
  for (size_t digits = 1; digits <= kMaxDigits; ++digits) {
    for (mpfr_rnd_t rounding : {MPFR_RNDN, MPFR_RNDD, MPFR_RNDU}) {
      mpfr_exp_t decimal_exponent = 0;  // value ~ 0.DIGITS * 10^decimal_exponent
      char* raw = mpfr_get_str(nullptr, &decimal_exponent, 10, digits, value.get(), rounding);
      const std::string_view raw_view(raw);
      const bool negative = raw_view.front() == '-';
      text = layoutDecimal(negative, std::string(raw_view.substr(negative ? 1 : 0)),
                                       static_cast<int>(decimal_exponent) - 1);
      mpfr_free_str(raw);
      const absl::StatusOr<uint64_t> reread = parseFloatLiteral(t, text);
      if (reread.ok() && *reread == (bits & widthMask(f.total_bits))) return text;
    }
  }
  return text;  // unreachable: 40 correctly rounded digits always read back
}

uint64_t doubleToBits(double v) { return std::bit_cast<uint64_t>(v); }
double bitsToDouble(uint64_t bits) { return std::bit_cast<double>(bits); }

}  // namespace hloconf
