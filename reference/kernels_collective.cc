// Processes and collectives (issue 4): all_gather, all_reduce, all_to_all, collective_broadcast,
// collective_permute, reduce_scatter, replica_id, partition_id, send, recv, infeed, outfeed.
#include "reference/kernels.h"

namespace hloconf::ref {

// No kernels yet: these ops report "unsupported: <op>".
std::span<const KernelDef> collectiveKernels() { return {}; }

}  // namespace hloconf::ref
