// Cases as the runner sees them: sources (files, folders, named suites) expanded into cases with stable
// IDs, each case lowered to a backend program with its golden outputs (golden/lowering.h), and the
// golden cache that keeps a second run from recomputing them. docs/design/harness.md has the rules.
#ifndef HLOCONF_GOLDEN_CASES_H_
#define HLOCONF_GOLDEN_CASES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "golden/lowering.h"
#include "ir/hex.h"
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
  // A generated case (`gen:` and `sweep:` suites): its ID, from which prepareCase makes the case. The
  // path is then empty.
  std::string generated;
  std::string suite_dtype;  // for generated cases, the element type the case was generated for
  // A case held in memory (e.g. the minimizer's candidates): used instead of `path` or `generated`.
  std::string text;
};

// The negative suite (docs/verifier.md): a case file named `invalid-c<n>-<what>.mlir` whose program breaks
// a spec constraint, named by one or more lines `// expect-invalid: <op> C<n>` (op without "stablehlo.").
// The suite `spec` leaves these files out; the suite `spec-invalid` is exactly them.
bool isNegativeCaseFile(std::string_view file_name);  // "invalid-c10-batching-dims.mlir"
// Its expect-invalid lines are read, and its verdict given, by ir/expect_invalid.h (parseExpectInvalid,
// negativeCaseProblem), as for every other command.

// How `gen:` and `sweep:` suites expand (generators/gen.h, golden/sweep.h).
struct GenOptions {
  uint64_t seed = 1;
  uint64_t count = 100;    // cases per (op, element type, strategy)
  std::string dtypes;      // comma-separated globs; "" = every type the op's generator lists
  std::string strategies;  // comma-separated globs; "" = the op's default strategies
  std::string graph_ops;   // gen:graph builds its programs from these ops only (comma-separated; "" = all)
};

// The folder of the `spec` suite: $HLOCONF_CASES_DIR, else cases/ beside the binary's source tree.
std::string specSuiteDir();
// The tolerance profiles: $HLOCONF_PROFILES_DIR, else reports/profiles/ beside the binary's source tree.
std::string profilesDir();
// `relative` (a folder holding `marker`) in the first source tree above the running binary, else under the
// compiled-in source folder, else `relative` itself.
std::string sourceTreeDir(std::string_view relative, std::string_view marker);

// Expands SOURCES (case files, folders searched for *.mlir, and the named suites `spec`, without the
// negative cases, and `spec-invalid`, the negative cases of the same folder: isNegativeCaseFile). IDs: the file's
// `// Case: ID` line if it has one; else `<folder name>/<path inside the folder without .mlir>` for a
// folder source, `<parent folder name>/<file stem>` for a file; `#N` is appended for the N-th chunk
// (from 1) of a file split with `split_input_file`. Unreadable or missing sources go to `errors`.
// `gen:<op>[/<dtype>[/<strategy>]]`, `gen:all` and generated case IDs (`gen/...`) expand by `gen`;
// `sweep:<op>/<dtype>[/<first>-<last>]` to the chunks of an exhaustive sweep (golden/sweep.h).
std::vector<CaseSource> collectCases(const std::vector<std::string>& sources, bool split_input_file,
                                     std::vector<std::string>& errors, const GenOptions& gen = {});

// A case ready for backends: its program, inputs and golden outputs.
struct PreparedCase {
  absl::Status status;               // kUnimplemented: not lowerable / no golden; other codes: an error
  LoweredCase lowered;
  std::vector<reports::GoldenOutput> golden;  // per process, then per result
  std::shared_ptr<const Module> program;      // lowered.mlir parsed (for the IR JSON and the op list)
  std::string program_text;                   // what `program` was parsed from (it points into it)
  nlohmann::json ir_json;                     // ir/ir_json.h rendering of `program`, for the protocol
  bool from_cache = false;
  std::string description;                    // the case's own comment (caseDescription)
  // What the static verifier (ir/verifier.h) said about the case's program, formatted
  // ("path:line:col: error: <op> (C<n>): <what>"); empty when the program is valid. An invalid program
  // that is not a negative case has status kFailedPrecondition (the first diagnostic): it is INVALID,
  // never lowered, evaluated, sent to a backend nor cached.
  std::vector<std::string> invalid;
  // A negative case (ir/expect_invalid.h): the constraints it names. Its program is not lowered and has no
  // golden; `lowered.mlir`, `program` and `ir_json` hold the module as written (for the protocol's verify
  // request), `lowered.op` the op it names.
  std::vector<std::string> expect_invalid;
  bool negative() const { return !expect_invalid.empty(); }
};

// A case's description: the `//` comment lines that open its chunk, without the harness's own (`// Case:`,
// `// Generated by`, a `reproduce:` line), joined with spaces; "" when there are none.
std::string caseDescription(std::string_view chunk);

// The text of a case: the file (all of it; `begin`/`end` select the chunk), or the generated module.
absl::StatusOr<std::string> caseText(const CaseSource& source);

// Where goldens are cached: `dir` ("" = no cache).
struct GoldenCache {
  std::string dir;
};
// $HLOCONF_CACHE_DIR, else $XDG_CACHE_HOME/hloconf/golden, else ~/.cache/hloconf/golden.
std::string defaultCacheDir();

// Reads, verifies (ir/verifier.h), lowers and evaluates a case, or takes it from the cache (keyed by a hash
// of the case's text and the reference version, which covers the verifier's sources; an entry is used only
// when its stored text matches exactly, and only programs that verified are stored). An invalid program
// stops after the verifier (PreparedCase::invalid); a negative case after the verifier and the printer.
PreparedCase prepareCase(const CaseSource& source, const GoldenCache& cache, double timeout_seconds);

// For cases made without text (golden/sweep.cc): parses `prepared.lowered.mlir` into program, program_text
// and ir_json; then evaluates the golden outputs of `prepared.lowered` on the reference.
absl::Status attachProgram(PreparedCase& prepared);
absl::Status computeGolden(PreparedCase& prepared, double timeout_seconds);

// A 128-bit content hash as 32 hex digits (two 64-bit FNV-1a lanes); for cache keys, not security.
std::string contentHash(std::string_view data);


}  // namespace hloconf

#endif  // HLOCONF_GOLDEN_CASES_H_
