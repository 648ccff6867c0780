// Convolution and batch normalization (issue 4): convolution, batch_norm_inference, batch_norm_training,
// batch_norm_grad.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> convolutionKernels() { return {}; }

}  // namespace hloconf::ref
