// Schema verify functions (OpSchema::verify) for products, reductions, windows, transforms and batch norm:
// dot_general (and chlo.ragged_dot), reduce, reduce_window, select_and_scatter, convolution, fft, batch_norm_{inference,training,grad};
// and for the ops whose regions' signatures the spec fixes: map, while, if, case. Each check cites the
// spec's label; `?` dimensions are skipped (the kernels check them at run time). Each constraint has a
// negative case in tests/ir/op_verify_products_test.cc.
#ifndef HLOCONF_IR_OP_VERIFY_PRODUCTS_H_
#define HLOCONF_IR_OP_VERIFY_PRODUCTS_H_

#include "absl/status/status.h"
#include "ir/operation.h"

namespace hloconf::verify {

absl::Status dotGeneral(const Operation& op);
absl::Status raggedDot(const Operation& op);  // chlo.ragged_dot
absl::Status reduce(const Operation& op);
absl::Status reduceWindow(const Operation& op);
absl::Status selectAndScatter(const Operation& op);
absl::Status convolution(const Operation& op);
absl::Status dynamicConv(const Operation& op);  // (C1) and (C4) only
absl::Status fft(const Operation& op);
absl::Status batchNormInference(const Operation& op);
absl::Status batchNormTraining(const Operation& op);
absl::Status batchNormGrad(const Operation& op);
// Region signatures (and the types they fix) of map, while, if and case.
absl::Status map(const Operation& op);
absl::Status whileOp(const Operation& op);
absl::Status ifOp(const Operation& op);
absl::Status caseOp(const Operation& op);
absl::Status chloScan(const Operation& op);  // chlo.scan's dimension, carries and body

}  // namespace hloconf::verify

#endif  // HLOCONF_IR_OP_VERIFY_PRODUCTS_H_
