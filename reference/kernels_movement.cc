// Data movement (issue 4): broadcast_in_dim, concatenate, reshape, transpose, slice, dynamic_slice,
// dynamic_update_slice, pad, reverse, get_dimension_size, gather, scatter, sort.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> movementKernels() { return {}; }

}  // namespace hloconf::ref
