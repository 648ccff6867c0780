// Exhaustive sweeps as cases of `hloconf run`: `sweep:<op>/<dtype>[/<first>-<last>]` expands to one case
// per chunk of 2^16 inputs (generators/exhaustive.h), with IDs `sweep/<op>/<dtype>/<chunk>`. A chunk is
// made when its turn comes, so a 2^32 sweep never holds more than one chunk per worker in memory; the
// run's journal (--resume), sharding (--shard) and comparison work on chunks like on any case. Chunks
// are not put in the golden cache (a whole f32 sweep would fill 32 GB of it).
#ifndef HLOCONF_GOLDEN_SWEEP_H_
#define HLOCONF_GOLDEN_SWEEP_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace hloconf {

struct PreparedCase;

struct SweepChunk {
  std::string op, dtype;
  uint64_t chunk = 0;
  std::string id() const;  // "sweep/<op>/<dtype>/<chunk>"
};

// `sweep:<op>/<dtype>` (every chunk), `sweep:<op>/<dtype>/<first>-<last>` (chunks first..last), or one
// chunk's ID `sweep/<op>/<dtype>/<chunk>`.
absl::StatusOr<std::vector<SweepChunk>> sweepChunks(std::string_view spec);

// The case of chunk `id`: its program, inputs and golden outputs.
PreparedCase prepareSweepChunk(const std::string& id, double timeout_seconds);

}  // namespace hloconf

#endif  // HLOCONF_GOLDEN_SWEEP_H_
