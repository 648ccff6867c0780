// Golden test vectors: a prepared case written as a self-checking module (upstream testdata format,
// runnable by `stablehlo-translate --interpret` and by `hloconf eval`) or as .npy files with a JSON
// manifest. `hloconf golden` and `hloconf repro` write these.
#ifndef HLOCONF_GOLDEN_GOLDEN_WRITER_H_
#define HLOCONF_GOLDEN_GOLDEN_WRITER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "golden/cases.h"
#include "ir/upstream_check.h"
#include "reports/comparator.h"

namespace hloconf {

// The case as one module: @main builds the exact inputs (hex constants), calls the program (the lowered
// @main, renamed @program) and checks every output against the golden value the way the upstream
// interpreter reads as we mean it (ir/upstream_check.h): check.expect_close for floats (NaN equals NaN)
// with max_ulp_difference = the ULP budget of `rule` (the case's rule in the tolerance profile; 0 where it
// asks for the correctly rounded value) and a zero accepted for a subnormal where the rule allows flushing, check.expect_eq for integers, check.expect_almost_eq with the
// largest error bound as tolerance where the reference gives one (sums of products); implementation-
// defined elements are masked. `comments` go on top, one per line, then why the upstream interpreter
// cannot pass the file, where it cannot (docs/design/upstream.md).
// Multi-process cases are not expressible this way (their expected values differ per process).
absl::StatusOr<std::string> selfCheckingModule(const PreparedCase& prepared, const std::vector<std::string>& comments,
                                               const reports::ToleranceRule& rule);

// What a file's float checks allow under `rule`: its ULP allowance in whole ULPs (upstream counts ULPs as
// integers; 0 for an `exact` rule), and subnormals flushed to zero unless its ftz flag is "fail".
UpstreamTolerance upstreamTolerance(const reports::ToleranceRule& rule);

// Writes DIR/program.mlir, input-N.npy, expected-N.npy (expected-P-N.npy per process for multi-process
// cases), error-bound-N.npy (f64, where the reference gives bounds) and manifest.json.
absl::Status writeNpyCase(const std::string& dir, const std::string& id, const PreparedCase& prepared,
                          const reports::ToleranceRule& rule);

// A case ID as a relative path: '/' kept, other unsafe characters as '_'.
std::string idToPath(const std::string& id);

}  // namespace hloconf

#endif  // HLOCONF_GOLDEN_GOLDEN_WRITER_H_
