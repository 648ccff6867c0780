// Shape refinement by evaluation: the `?` dimensions of a program's values replaced by the sizes they have
// when one function runs on given arguments. `hloconf refine` prints the result; the cpu and cuda
// executors plan the refined program, so that a program with `?` dimensions runs specialised to its
// inputs' shapes (docs/design/executors.md, "Dynamic shapes").
//
// The function is evaluated by ref::Interpreter, whose observer hook reports the run-time type of every
// value it binds (block arguments and op results, in regions that kernels run too). A value seen with
// different shapes (a loop-carried value that grows, a function called with different shapes, a reduce
// body run on several elements) keeps `?` where the shapes differ, and values that never get computed (an
// if branch not taken) keep their declared types.
#ifndef HLOCONF_REFERENCE_REFINE_H_
#define HLOCONF_REFERENCE_REFINE_H_

#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "ir/operation.h"
#include "reference/interpreter.h"
#include "reference/value.h"

namespace hloconf::ref {

// Whether a value of `module` (a function's argument or result, an op's result, a block argument) has a
// `?` dimension.
bool hasDynamicShapes(const Module& module);

// Evaluates `func` of `module` on `args` and writes the observed sizes of `?` dimensions into the module's
// value types and its functions' function_type. `text` is the source the module was parsed from (for
// file:line:col in errors). Fails with the evaluation's error (e.g. "undefined behaviour: ..." for a
// run-time shape mismatch, or a deadline in `options`).
absl::Status refineShapes(Module& module, std::string_view text, const Operation& func, std::vector<RtValue> args,
                          const EvalOptions& options = {});

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_REFINE_H_
