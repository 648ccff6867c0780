// Reductions (issue 4): reduce, reduce_window, select_and_scatter.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> reductionKernels() { return {}; }

}  // namespace hloconf::ref
