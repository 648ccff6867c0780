// The bytes of one value in the cpu executor: a plain byte vector, so that a function's result moves
// into its Tensor without a copy.
#ifndef HLOCONF_EXECUTORS_CPU_BUFFER_H_
#define HLOCONF_EXECUTORS_CPU_BUFFER_H_

#include <cstdint>
#include <vector>

namespace hloconf::cpu {

using Buffer = std::vector<uint8_t>;

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_BUFFER_H_
