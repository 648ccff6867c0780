// Linear algebra and transforms (issue 4): fft, cholesky, triangular_solve.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> linalgKernels() { return {}; }

}  // namespace hloconf::ref
