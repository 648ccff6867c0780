// Kernel choosers of the products and linear algebra family defined outside kernels_products.cc (which
// holds the family's table).
#ifndef HLOCONF_EXECUTORS_CPU_PRODUCTS_KERNELS_H_
#define HLOCONF_EXECUTORS_CPU_PRODUCTS_KERNELS_H_

#include "executors/cpu/kernels.h"

namespace hloconf::cpu::products {

absl::StatusOr<KernelChoice> chooseConvolution(const plan::Step& step, const plan::Plan& plan);  // products_conv.cc
// products_batch_norm.cc
absl::StatusOr<KernelChoice> chooseBatchNormInference(const plan::Step& step, const plan::Plan& plan);
absl::StatusOr<KernelChoice> chooseBatchNormTraining(const plan::Step& step, const plan::Plan& plan);
absl::StatusOr<KernelChoice> chooseBatchNormGrad(const plan::Step& step, const plan::Plan& plan);
// products_linalg.cc
absl::StatusOr<KernelChoice> chooseCholesky(const plan::Step& step, const plan::Plan& plan);
absl::StatusOr<KernelChoice> chooseTriangularSolve(const plan::Step& step, const plan::Plan& plan);
absl::StatusOr<KernelChoice> chooseFft(const plan::Step& step, const plan::Plan& plan);  // products_fft.cc
absl::StatusOr<KernelChoice> chooseRaggedDot(const plan::Step& step, const plan::Plan& plan);  // products_ragged_dot.cc

}  // namespace hloconf::cpu::products

#endif  // HLOCONF_EXECUTORS_CPU_PRODUCTS_KERNELS_H_
