// The static verifier: checks a whole module before anything runs, so that an invalid op in a branch never
// taken, a loop body that runs zero times or a function never called is reported like any other.
//
// It walks every function and every op (regions included) and reports every violation it finds, not only
// the first:
//   - each op against its schema entry and its spec constraints (verifyAgainstSchema, ir/op_schema.h);
//   - the module's and functions' rules: symbols defined once, calls (func.call, composite's decomposition,
//     interpreter.run_parallel's programs) naming functions of the module with matching types, a function's
//     function_type matching its entry block's arguments and its func.return's operands;
//   - regions: one block each, ending in the right terminator (func.return in a function, stablehlo.return in
//     an op's region), no op after a terminator;
//   - values: every operand defined before its use, in a region that can see it.
// docs/verifier.md lists the rules and their sources.
#ifndef HLOCONF_IR_VERIFIER_H_
#define HLOCONF_IR_VERIFIER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/operation.h"

namespace hloconf {

// One violation: the op it concerns (its source offset) and what is wrong, "<op> (C<n>): <what>" where the
// spec gives the constraint a label, "<op>: <what>" otherwise.
struct VerifierDiagnostic {
  uint32_t offset = 0;  // Operation::source_offset of the op at fault
  std::string message;
};

struct ModuleVerification {
  std::vector<VerifierDiagnostic> diagnostics;  // in the order of the ops in the text
  size_t functions = 0;                         // func.func ops checked
  size_t ops = 0;                               // ops checked inside them (and elsewhere), modules and functions aside
  bool ok() const { return diagnostics.empty(); }
};

// Checks every op of `module`, reporting all violations.
ModuleVerification verifyModule(const Module& module);

// "path:line:col: error: <message>", the line and column of the op in `text`, the text `module` was parsed
// from (the whole file for a `// -----` chunk). Without the text: "path@offset: error: <message>".
std::string formatVerifierDiagnostic(const Module& module, std::string_view text, const VerifierDiagnostic& diagnostic);

}  // namespace hloconf

#endif  // HLOCONF_IR_VERIFIER_H_
