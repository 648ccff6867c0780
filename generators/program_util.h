// Small text helpers shared by the program generators (generators/programs_*.cc).
#ifndef HLOCONF_GENERATORS_PROGRAM_UTIL_H_
#define HLOCONF_GENERATORS_PROGRAM_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "generators/gen.h"
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
// Product of the dimensions.
int64_t numElements(const std::vector<int64_t>& shape);
// "f32", "complex<f32>": the MLIR spelling of an element type.
std::string typeName(ElementType t);

}  // namespace hloconf::gen

#endif  // HLOCONF_GENERATORS_PROGRAM_UTIL_H_
