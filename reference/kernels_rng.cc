// Random numbers (issue 4): rng_bit_generator, rng.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> rngKernels() { return {}; }

}  // namespace hloconf::ref
