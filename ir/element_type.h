// Element types of StableHLO tensors, and exact conversion between an element's bits and its value.
//
// Every primitive element type is one enumerator of `ElementType`. Floating-point formats are described by
// one table (`floatFormat`), which docs/element-types.md mirrors; encode/decode of every format goes
// through that table and MPFR, so each format is exact by construction, not by a per-format special case.
//
// Storage: every element occupies `storageBytes(type)` bytes in a tensor buffer, little-endian, with its
// bits in the low `bitWidth(type)` bits and the rest zero (sub-byte types take one byte each; complex
// types hold the real part, then the imaginary part).
#ifndef HLOCONF_IR_ELEMENT_TYPE_H_
#define HLOCONF_IR_ELEMENT_TYPE_H_

#include <mpfr.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace hloconf {

enum class ElementType : uint8_t {
  kI1,
  kSI2, kSI4, kSI8, kSI16, kSI32, kSI64,
  kUI2, kUI4, kUI8, kUI16, kUI32, kUI64,
  kF4E2M1FN, kF6E2M3FN, kF6E3M2FN,
  kF8E3M4, kF8E4M3, kF8E4M3FN, kF8E4M3FNUZ, kF8E4M3B11FNUZ, kF8E5M2, kF8E5M2FNUZ, kF8E8M0FNU,
  kBF16, kF16, kTF32, kF32, kF64,
  kC64,   // complex<f32>
  kC128,  // complex<f64>
  kIndex, // MLIR `index`, only in attributes (64-bit signed)
};
inline constexpr int kNumElementTypes = static_cast<int>(ElementType::kIndex) + 1;

// How a float format spends its encodings beyond finite values.
enum class NanEncoding : uint8_t {
  kIeee,          // exponent all ones: mantissa 0 is infinity, any other mantissa is NaN (quiet if top bit set)
  kAllOnesOnly,   // "FN": only exponent and mantissa all ones is NaN (both signs); no infinities
  kNegativeZero,  // "FNUZ": the negative-zero encoding (sign 1, rest 0) is the only NaN; no -0, no infinities
  kNone,          // no NaN and no infinity (f4E2M1FN, f6E2M3FN, f6E3M2FN)
  kAllOnesE8M0,   // f8E8M0FNU: 0xFF is NaN; no sign, no zero, no infinity
};

struct FloatFormat {
  std::string_view name;  // MLIR spelling, e.g. "f8E4M3FN"
  int total_bits;         // bits in the encoding (19 for tf32)
  int exponent_bits;
  int mantissa_bits;      // explicit (stored) mantissa bits
  int bias;               // stored exponent = unbiased exponent + bias
  bool has_sign;          // false only for f8E8M0FNU
  bool has_infinity;
  bool has_negative_zero;
  bool has_subnormals;    // false only for f8E8M0FNU (no mantissa)
  NanEncoding nan_encoding;
  // What rounding does with a finite value whose magnitude is beyond the largest finite value:
  // formats with infinity overflow to it (IEEE); formats without one produce NaN where they have a NaN
  // (FN, FNUZ: as LLVM's APFloat does) and saturate to the largest finite value where they have none.
  // docs/element-types.md explains each choice.
};

// --- Classification ---------------------------------------------------------------------------------
bool isBoolean(ElementType t);
bool isSignedInteger(ElementType t);    // si2..si64 and index
bool isUnsignedInteger(ElementType t);  // ui2..ui64
bool isInteger(ElementType t);          // signed or unsigned, not i1
bool isFloat(ElementType t);            // every float format, tf32 included
bool isComplex(ElementType t);
// Bits of one element (complex: both parts, e.g. 64 for complex<f32>).
int bitWidth(ElementType t);
// Bytes one element takes in a tensor buffer.
int storageBytes(ElementType t);
// Only for float types; aborts otherwise (a programming error, not an input error).
const FloatFormat& floatFormat(ElementType t);
// The part type of a complex type (kF32 for kC64, kF64 for kC128).
ElementType complexPartType(ElementType t);

// --- Names ------------------------------------------------------------------------------------------
// The MLIR spelling: "i1", "i8" (signed integers print without "s", as MLIR does), "ui8", "f8E4M3FN",
// "bf16", "complex<f32>", "index".
std::string_view elementTypeName(ElementType t);
// Accepts every MLIR spelling: "i8" and "si8" both mean kSI8; "complex<f32>"; returns nullopt otherwise.
std::optional<ElementType> parseElementTypeName(std::string_view name);

// --- Integers ---------------------------------------------------------------------------------------
// Range of an integer type (i1: 0..1 as unsigned, also accepting -1 as true, see fitsInteger).
int64_t minSignedValue(ElementType t);
uint64_t maxUnsignedValue(ElementType t);  // for signed types, the largest positive value
// Whether a literal (given as sign + magnitude) is representable in an integer type; MLIR also accepts
// the two's-complement spelling of signed values in unsigned form, which we do not.
bool fitsInteger(ElementType t, bool negative, uint64_t magnitude);
// Bits of an integer value of type t (masked to the width).
uint64_t encodeInteger(ElementType t, int64_t value);
// Value of integer bits: sign-extended for signed types, zero-extended for unsigned ones.
int64_t decodeSignedInteger(ElementType t, uint64_t bits);
uint64_t decodeUnsignedInteger(ElementType t, uint64_t bits);

// --- Floats: exact bits <-> value -------------------------------------------------------------------
enum class FloatClass : uint8_t { kZero, kSubnormal, kNormal, kInfinity, kNaN };
FloatClass classifyFloat(ElementType t, uint64_t bits);

// Sets `out` (of any precision >= the format's mantissa_bits + 1) to the exact value of `bits`.
// NaN bits give an MPFR NaN; infinities give +-inf; negative zero gives -0.
void decodeFloat(ElementType t, uint64_t bits, mpfr_t out);

// Rounds an MPFR value once, to nearest with ties to even, to format t and returns its bits.
// Subnormals are produced where the format has them; overflow follows the format's rule (see FloatFormat);
// NaN input gives the format's canonical quiet NaN; -0 gives -0 where the format has one, else +0.
// The value must be exact (the caller computed it at enough precision): rounding happens here only.
uint64_t encodeFloat(ElementType t, const mpfr_t value);

// The canonical quiet NaN bits of a format (IEEE: sign 0, exponent all ones, top mantissa bit set).
std::optional<uint64_t> canonicalNaN(ElementType t);
// Largest finite value, smallest positive normal, smallest positive subnormal (bits).
uint64_t largestFinite(ElementType t, bool negative = false);
uint64_t smallestNormal(ElementType t);
uint64_t smallestSubnormal(ElementType t);  // equals smallestNormal for formats without subnormals

// Exact decimal text -> bits, correctly rounded (ties to even). Accepts what MLIR float literals accept:
// [-+]digits[.digits][e[-+]digits], "inf"/"nan" spellings are not MLIR literals and are rejected.
absl::StatusOr<uint64_t> parseFloatLiteral(ElementType t, std::string_view text);
// Shortest decimal text that parses back (with parseFloatLiteral) to the same bits; always contains
// '.' (MLIR's lexer reads `1e5` as an integer followed by a name). Only for finite values; NaN and infinities are printed as hex
// bits by the caller.
std::string formatFloatLiteral(ElementType t, uint64_t bits);

// Convenience for host formats: bits of a double (exact) and back.
uint64_t doubleToBits(double v);
double bitsToDouble(uint64_t bits);

}  // namespace hloconf

#endif  // HLOCONF_IR_ELEMENT_TYPE_H_
