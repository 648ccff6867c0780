// Exhaustive sweeps: every input of a small float format for unary ops, every pair of an 8-bit format for
// binary ops, and all 2^32 inputs of f32 unary ops in fixed chunks of 2^16 (never all in memory).
// golden/sweep.h turns each chunk into a case of `hloconf run sweep:<op>/<dtype>`.
#ifndef HLOCONF_GENERATORS_EXHAUSTIVE_H_
#define HLOCONF_GENERATORS_EXHAUSTIVE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/element_type.h"
#include "ir/tensor.h"

namespace hloconf::gen {

inline constexpr uint64_t kSweepChunkInputs = uint64_t{1} << 16;

struct SweepSpec {
  std::string op;      // "exponential"
  ElementType type;    // the operand type
  std::string dtype;   // its MLIR spelling
  int arity = 1;       // 1: every encoding; 2: every pair of encodings
  uint64_t total = 0;  // inputs (or pairs) in the whole sweep
  uint64_t chunks = 0; // total / kSweepChunkInputs, rounded up
  std::string result_element;  // "f32", "i1" (is_finite)
};

// The sweep of `op` over `dtype`. Unary ops: float formats of at most 32 bits; binary ops: 8-bit float
// formats. Other combinations are an error that says what is swept.
absl::StatusOr<SweepSpec> sweepSpec(std::string_view op, std::string_view dtype);
// The ops that can be swept, unary then binary.
std::vector<std::string_view> sweepUnaryOps();
std::vector<std::string_view> sweepBinaryOps();

// The inputs of chunk `chunk` (0-based): for unary ops the encodings chunk*2^16 .. +2^16-1 (fewer in the
// last chunk of a format narrower than 16 bits); for binary ops, pair i is (i >> bits, i & mask).
std::vector<Tensor> sweepInputs(const SweepSpec& spec, uint64_t chunk);
// @main taking the chunk's inputs (`n` elements each) and returning the op's result, in MLIR text.
std::string sweepProgram(const SweepSpec& spec, uint64_t n);

}  // namespace hloconf::gen

#endif  // HLOCONF_GENERATORS_EXHAUSTIVE_H_
