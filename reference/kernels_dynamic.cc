// Dynamism (issue 4): dynamic_broadcast_in_dim, dynamic_conv, dynamic_gather, dynamic_iota, dynamic_pad,
// dynamic_reshape, real_dynamic_slice.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> dynamicKernels() { return {}; }

}  // namespace hloconf::ref
