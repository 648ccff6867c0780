// The device-independent execution plan (docs/design/executors.md): a function compiled once into steps
// over numbered value slots, with every attribute decoded and every shape static, so that a device
// executor runs it without reading the IR again.
#ifndef HLOCONF_EXECUTORS_PLAN_PLAN_H_
#define HLOCONF_EXECUTORS_PLAN_PLAN_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/op_id.h"
#include "ir/operation.h"
#include "ir/tensor.h"
#include "ir/type.h"

namespace hloconf::plan {

// A slot holds one value of the function: an argument or an op result. Slots are numbered from 0.
using Slot = int32_t;

enum class CompareDirection : uint8_t { kEQ, kNE, kGE, kGT, kLE, kLT };
// How compare orders its operands; the spec's default for the element type is resolved at compile time.
enum class CompareKind : uint8_t { kFloat, kTotalOrder, kSigned, kUnsigned };

struct CompareParams {
  CompareDirection direction = CompareDirection::kEQ;
  CompareKind kind = CompareKind::kFloat;
};
struct ConstantParams {
  Tensor value;
};
struct SelectParams {
  // The predicate is a tensor<i1> of rank 0 that chooses for every element (spec: select (C2)).
  bool scalar_predicate = false;
};
// The attributes of a step, decoded once: one alternative per op kind that has any.
using StepParams = std::variant<std::monostate, CompareParams, ConstantParams, SelectParams>;

struct Step {
  OpId op = OpId::kUnknown;
  std::vector<Slot> operands;
  std::vector<Slot> results;
  StepParams params;
  // Slots whose last reader is this step (and results no step reads): their buffers can be released,
  // or taken over by this step's result, once it has run. Function results never appear here.
  std::vector<Slot> last_uses;
  std::string location;  // "path:line:col" of the op, for Unsupported reasons found after compiling
};

struct Plan {
  std::vector<Type> slot_types;  // static-shaped tensor types, one per slot
  std::vector<Slot> inputs;      // the function's arguments, in order
  std::vector<Slot> outputs;     // what func.return returns, in order (a slot may repeat)
  std::vector<Step> steps;       // in execution order
};

// What the plan compiler cannot run yet: the op, where it is, and why. Not an error in the program.
struct Unsupported {
  std::string op;        // "stablehlo.while"
  std::string location;  // "path:line:col"
  std::string reason;    // "ops with regions are not supported yet"
  std::string message() const;
};

using CompileResult = std::variant<Plan, Unsupported>;

// Compiles `function` of `module` into a Plan, or the first thing it cannot run as Unsupported. An
// invalid program (an op that fails its schema check, a missing function) is an InvalidArgument error.
// `source_text` is the text the module was parsed from, for line:col locations (empty: byte offsets).
absl::StatusOr<CompileResult> compile(const Module& module, std::string_view function,
                                      std::string_view source_text = {});

// The ops compile() can turn into steps (besides func.return), for a backend's capabilities.
const std::vector<OpId>& plannableOps();

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_PLAN_H_
