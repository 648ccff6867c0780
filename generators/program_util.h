// Small text helpers shared by the program generators (generators/programs_*.cc).
#ifndef HLOCONF_GENERATORS_PROGRAM_UTIL_H_
#define HLOCONF_GENERATORS_PROGRAM_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "generators/gen.h"
#include "ir/index_space.h"
#include "ir/strings.h"

namespace hloconf::gen {

// "array<i64: 1, 2>" (an empty list gives "array<i64>").
std::string i64Array(const std::vector<int64_t>& values);
// "[1, 2]" (for attributes printed as plain lists).
std::string intList(const std::vector<int64_t>& values);
// "dense<[1, 2]> : tensor<2xi64>" (a rank-1 i64 tensor attribute).
std::string i64Dense(const std::vector<int64_t>& values);
// A tensor of element type `type` and shape `shape` holding `values` (integers, row-major).
Tensor integerTensor(ElementType type, const std::vector<int64_t>& shape, const std::vector<int64_t>& values);
// A random permutation of 0..n-1.
std::vector<int64_t> permutation(Rng& rng, int64_t n);

// The bits of float type `t` nearest to `v` (one round-to-nearest-even step, the format's overflow rule).
uint64_t floatFromDouble(ElementType t, double v);
// The value of float bits of type `t` as a double (rounded to nearest; exact for formats of at most 53
// significand bits and f64's range).
double floatToDouble(ElementType t, uint64_t bits);
// A decimal number of at most 19 digits (IDs, seeds, chunk numbers); false for anything else.
bool parseDecimal(std::string_view s, uint64_t& out);
// Appends each line of `text` to `out`, prefixed with `indent` and ended with a newline.
void appendIndented(std::string& out, std::string_view text, std::string_view indent);

}  // namespace hloconf::gen

#endif  // HLOCONF_GENERATORS_PROGRAM_UTIL_H_
