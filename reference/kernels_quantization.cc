// Quantization (issue 4): uniform_quantize, uniform_dequantize.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> quantizationKernels() { return {}; }

}  // namespace hloconf::ref
