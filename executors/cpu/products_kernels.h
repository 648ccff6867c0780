// Kernel choosers of the products and linear algebra family defined outside kernels_products.cc (which
// holds the family's table).
#ifndef HLOCONF_EXECUTORS_CPU_PRODUCTS_KERNELS_H_
#define HLOCONF_EXECUTORS_CPU_PRODUCTS_KERNELS_H_

#include "executors/cpu/kernels.h"

namespace hloconf::cpu::products {

absl::StatusOr<KernelChoice> chooseConvolution(const plan::Step& step, const plan::Plan& plan);  // products_conv.cc

}  // namespace hloconf::cpu::products

#endif  // HLOCONF_EXECUTORS_CPU_PRODUCTS_KERNELS_H_
