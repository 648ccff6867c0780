// convolution through oneDNN: the f32 convolutions it computes as the spec asks (products_conv_onednn.cc).
#ifndef HLOCONF_EXECUTORS_CPU_PRODUCTS_CONV_ONEDNN_H_
#define HLOCONF_EXECUTORS_CPU_PRODUCTS_CONV_ONEDNN_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "executors/cpu/executor.h"
#include "executors/plan/products_params.h"

namespace hloconf::cpu::products {

// Computes the convolution into args.result() and returns true, or returns false (nothing written) when
// oneDNN is not used for it: another element type, input dilation, window reversal, batch groups, negative
// padding, a padded convolution whose kernel has a non-finite element, or too few products to pay for a
// primitive. `p` may differ from the step's params (dynamic_conv's run-time padding).
absl::StatusOr<bool> convOneDnn(const KernelArgs& args, const plan::ConvParams& p);

// How many convolutions oneDNN has computed in this process (tests check which path a case took).
int64_t oneDnnConvolutions();

}  // namespace hloconf::cpu::products

#endif  // HLOCONF_EXECUTORS_CPU_PRODUCTS_CONV_ONEDNN_H_
