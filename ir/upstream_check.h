// How a file we write in the upstream testdata format checks one output so that it passes under the
// upstream interpreter (`stablehlo-translate --interpret`) exactly when the output is right by our
// comparator: one decision for every writer (golden --format mlir, gen --out, repro). docs/design/upstream.md.
#ifndef HLOCONF_IR_UPSTREAM_CHECK_H_
#define HLOCONF_IR_UPSTREAM_CHECK_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/operation.h"
#include "ir/tensor.h"

namespace hloconf {

// What the tolerance profile lets a float output differ by, as far as an upstream check can say it.
struct UpstreamTolerance {
  uint64_t max_ulp = 0;              // 0 for a correctly rounded result, else the profile's ULP budget
  bool subnormal_may_flush = false;  // a subnormal expected value may come back as a zero (ftz not "fail")
};

struct UpstreamCheck {
  enum class Kind {
    kNone,         // every element is masked: nothing left to check
    kEqual,        // check.expect_eq: integers, booleans, quantized (no NaN, bits are the value)
    kClose,        // check.expect_close, max_ulp_difference = max_ulp: floats and complex; any NaN equals
                   // any NaN and +0 equals -0, where upstream's expect_eq (IEEE ==) fails NaN against NaN
    kAlmostEqual,  // check.expect_almost_eq, tolerance: results with an accumulation-order bound
  };
  Kind kind = Kind::kEqual;
  double tolerance = 0;  // kAlmostEqual: the largest finite per-element bound
  uint64_t max_ulp = 0;  // kClose: 0 for a correctly rounded result, else the tolerance profile's budget
  // i1 tensor of the expected value's shape, true where the element is not checked: the check compares
  // `select(mask, expected, actual)`. Unset when every element is checked.
  std::optional<Tensor> mask;
  std::string masked_why;  // what the masked elements are, for a comment; empty without a mask
  // i1 tensor, true where the expected value is a subnormal that may be flushed: where `actual` is a zero
  // there, the check compares the expected value instead (select(flushable and actual == 0, expected,
  // actual)). Unset without subnormal expected values or when flushing fails.
  std::optional<Tensor> flushable;
  // Set when the peer may fail this check although the output is right: a comment line for the file
  // ("... may fail this file: ..."), as upstreamInterpreterGaps writes them. Its expect_almost_eq
  // rejects values of opposite signs however close, so a checked expected value within the tolerance of
  // zero fails against a right answer of the other sign.
  std::string may_fail;
};

// `impl_defined` and `error_bound` are per element or empty (RtValue / GoldenOutput). Masked: the
// implementation-defined elements, and the elements whose bound is infinite (some accumulation order may
// overflow, so no exact or bounded check holds for every conforming implementation). `tolerance` is what
// the tolerance profile's rule for the case's op and type allows (an `ulp: N` budget for transcendental
// functions that no real library rounds correctly; subnormals flushed to zero), so that a file passes
// upstream exactly when our comparator passes the same output.
UpstreamCheck planUpstreamCheck(const Tensor& expected, const std::vector<uint8_t>& impl_defined,
                                const std::vector<double>& error_bound, const UpstreamTolerance& tolerance = {});

// Appends the check of `actual` against `expected` to `body`, as ops (a constant for the expected value,
// the mask and the select where elements are masked, the check op).
void appendUpstreamCheck(Block& body, Value* actual, const Tensor& expected, const UpstreamCheck& check);

// The same check in MLIR's generic form, one op per line (each ended by '\n', indented by `indent`), for
// writers that build their text: `actual` and `expected` are defined SSA names; `prefix` names the
// values the lines define (`<prefix>_mask`, `<prefix>_checked`). Ends with a comment line when elements
// are masked, and is only a comment when nothing is left to check.
std::string upstreamCheckText(const UpstreamCheck& check, const std::string& actual, const std::string& expected,
                              const Type& type, const std::string& prefix, const std::string& indent);

// Why the upstream interpreter at the peer commit cannot pass a program ("... cannot pass this file: R"),
// or may fail it depending on its inputs ("... may fail this file: R": an upstream bug that shows only for
// some values, a chlo op evaluated through an approximation), one line per gap found (empty when none is
// known): ops it does not interpret, forms its verifier rejects although the spec allows
// them, ops that crash the tool, attributes it does not know, process grids (which it runs only under
// its own `interpreter.run_parallel`).
std::vector<std::string> upstreamInterpreterGaps(const Module& module);

}  // namespace hloconf

#endif  // HLOCONF_IR_UPSTREAM_CHECK_H_
