// The strided-copy engine of the movement kernels: one n-d copy routine (plan::CopyPattern) that every
// data movement op is expressed with, dispatched on the element's byte size only (the ops are
// type-agnostic), and a fill of a buffer with one element.
#ifndef HLOCONF_EXECUTORS_CPU_MOVEMENT_COPY_H_
#define HLOCONF_EXECUTORS_CPU_MOVEMENT_COPY_H_

#include <cstdint>

#include "executors/plan/movement_params.h"

namespace hloconf::cpu {

// Copies `pattern` from `src` to `dst` (elements of `element_bytes`: 1, 2, 4, 8 or 16), with the
// pattern's offsets plus `src_offset`/`dst_offset` (elements). The innermost dimension is a memcpy when
// contiguous in both; a dimension contiguous in the source but not the destination is copied in tiles
// with the innermost one (transposes).
void copyStrided(const plan::CopyPattern& pattern, const uint8_t* src, uint8_t* dst, int element_bytes,
                 int64_t src_offset = 0, int64_t dst_offset = 0);

// Writes the `element_bytes` bytes at `value` to each of `count` elements of `dst`.
void fillElements(uint8_t* dst, int64_t count, const uint8_t* value, int element_bytes);

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_MOVEMENT_COPY_H_
