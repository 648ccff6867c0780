// Schema verify functions (OpSchema::verify) for linear algebra, random numbers and quantization:
// cholesky, triangular_solve, rng, uniform_quantize, uniform_dequantize, bitcast_convert,
// rng_bit_generator, complex, real, imag, is_finite. Each check cites the spec's label;
// `?` dimensions are skipped (the kernels check them at run time). Each constraint has a negative case in
// tests/ir/op_verify_numeric_test.cc.
#ifndef HLOCONF_IR_OP_VERIFY_NUMERIC_H_
#define HLOCONF_IR_OP_VERIFY_NUMERIC_H_

#include "absl/status/status.h"
#include "ir/operation.h"

namespace hloconf::verify {

absl::Status cholesky(const Operation& op);
absl::Status triangularSolve(const Operation& op);
absl::Status rng(const Operation& op);
absl::Status uniformQuantize(const Operation& op);
absl::Status uniformDequantize(const Operation& op);
absl::Status bitcastConvert(const Operation& op);
absl::Status rngBitGenerator(const Operation& op);
absl::Status complex(const Operation& op);
absl::Status realOrImag(const Operation& op);  // real and imag: one function, the label names the op
absl::Status isFinite(const Operation& op);

}  // namespace hloconf::verify

#endif  // HLOCONF_IR_OP_VERIFY_NUMERIC_H_
