// Cases as the runner sees them: sources (files, folders, named suites) expanded into cases with stable
// IDs, each case lowered to a backend program with its golden outputs (harness/lowering.h), and the
// golden cache that keeps a second run from recomputing them. docs/design/harness.md has the rules.
#ifndef HLOCONF_HARNESS_CASES_H_
#define HLOCONF_HARNESS_CASES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "harness/lowering.h"
#include "ir/operation.h"
#include "nlohmann/json.hpp"
#include "reports/comparator.h"

namespace hloconf {

// One case: a file, or one `// -----` chunk of a file.
struct CaseSource {
  std::string id;       // "spec/add/example-1", "stablehlo-testdata/abs_float32_20_20", "<dir>/<file>#2"
  std::string path;
  size_t begin = 0, end = std::string::npos;  // the chunk of the file
  std::string suite_op;                      // for the spec suite, the op folder ("add")
};

// The folder of the `spec` suite: $HLOCONF_CASES_DIR, else cases/ beside the binary's source tree.
std::string specSuiteDir();

// Expands SOURCES (case files, folders searched for *.mlir, and the named suite `spec`). IDs: the file's
// `// Case: ID` line if it has one; else `<folder name>/<path inside the folder without .mlir>` for a
// folder source, `<parent folder name>/<file stem>` for a file; `#N` is appended for the N-th chunk
// (from 1) of a file split with `split_input_file`. Unreadable or missing sources go to `errors`.
std::vector<CaseSource> collectCases(const std::vector<std::string>& sources, bool split_input_file,
                                     std::vector<std::string>& errors);

// A case ready for backends: its program, inputs and golden outputs.
struct PreparedCase {
  absl::Status status;               // kUnimplemented: not lowerable / no golden; other codes: an error
  LoweredCase lowered;
  std::vector<reports::GoldenOutput> golden;  // per process, then per result
  std::shared_ptr<const Module> program;      // lowered.mlir parsed (for the IR JSON and the op list)
  std::string program_text;                   // what `program` was parsed from (it points into it)
  nlohmann::json ir_json;                     // ir/ir_json.h rendering of `program`, for the protocol
  bool from_cache = false;
};

// Where goldens are cached: `dir` ("" = no cache).
struct GoldenCache {
  std::string dir;
};
// $HLOCONF_CACHE_DIR, else $XDG_CACHE_HOME/hloconf/golden, else ~/.cache/hloconf/golden.
std::string defaultCacheDir();

// Reads, lowers and evaluates a case, or takes it from the cache (keyed by a hash of the case's text and
// the reference version; an entry is used only when its stored text matches exactly).
PreparedCase prepareCase(const CaseSource& source, const GoldenCache& cache, double timeout_seconds);

// A 128-bit content hash as 32 hex digits (two 64-bit FNV-1a lanes); for cache keys, not security.
std::string contentHash(std::string_view data);

// Tensor bytes as "0x..." hex and back.
std::string bytesToHex(const std::vector<uint8_t>& bytes, size_t limit = std::string::npos);
bool hexToBytes(std::string_view hex, std::vector<uint8_t>& out);

}  // namespace hloconf

#endif  // HLOCONF_HARNESS_CASES_H_
