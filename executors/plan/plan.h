// The device-independent execution plan (docs/design/executors.md): a function compiled once into steps
// over numbered value slots, with every attribute decoded and every shape static, so that a device
// executor runs it without reading the IR again.
#ifndef HLOCONF_EXECUTORS_PLAN_PLAN_H_
#define HLOCONF_EXECUTORS_PLAN_PLAN_H_

#include <cstdint>
#include <memory>
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

// A slot holds one value of the function: an argument, an op result, or a region's block argument or
// result. One function has one numbering of slots, regions included, so a region reads a value of the
// enclosing scope through that value's own slot. Slots are numbered from 0.
using Slot = int32_t;

// The attributes of a step, decoded once into a plain struct per op kind (CompareParams, DotParams, ...),
// each declared beside its family's planner. A step of an op without attributes has none.
struct StepParams {
  virtual ~StepParams() = default;
};

struct Step;

// A shape operand computed at run time, of an op whose result type is static (a program specialised to its
// inputs' shapes): the step is planned with `values` (the result's shape), and a run whose operand holds
// other values is an error before the step runs, never a result of the wrong shape.
struct ShapeCheck {
  Slot slot = -1;               // the operand: a 1-dimensional integer tensor
  std::vector<int64_t> values;  // what the plan assumed
  std::string what;             // "output_dimensions (spec: dynamic_broadcast_in_dim (C7))"
};

// A list of steps with its own inputs (the block arguments) and outputs (what its terminator returns):
// the function body, or one region of an op (while's cond and body, reduce's body, a callee...).
struct Region {
  std::vector<Slot> inputs;
  std::vector<Slot> outputs;  // a slot may repeat, and may be an input or a value of an enclosing scope
  std::vector<Step> steps;    // in execution order
};

struct Step {
  OpId op = OpId::kUnknown;
  std::vector<Slot> operands;
  std::vector<Slot> results;
  std::shared_ptr<const StepParams> params;
  std::vector<Region> regions;  // the op's regions, in order (a func.call: the callee's body)
  // Slots whose last reader in this step's region is this step (and results no step reads): their
  // buffers can be released, or taken over by this step's result, once it has run. A value of an
  // enclosing scope that a nested region reads counts as read by the step that owns that region; the
  // outputs of a region never appear here.
  std::vector<Slot> last_uses;
  std::string location;  // "path:line:col" of the op, for Unsupported reasons found after compiling
  std::vector<ShapeCheck> shape_checks;  // checked before the step runs

  template <class P>
  const P& as() const {
    return static_cast<const P&>(*params);
  }
};

struct Plan : Region {
  std::vector<Type> slot_types;  // static-shaped tensor types, one per slot
  // The program had `?` dimensions and was specialised to one set of input shapes before planning
  // (adapters/executor_backend.h): the plan is only for inputs of those shapes.
  bool specialised = false;
  std::string location;  // "path:line:col" of the function, for errors about a run's inputs
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

// The bytes of the value in a slot of type `type` (ir/byte_size.h's dataByteSize): compile() refuses a
// slot type whose size is not a static int64_t, so for a plan's slot types, and for a part of one, this is
// never past INT64_MAX.
int64_t slotBytes(const Type& type);

// The ops compile() can turn into steps (besides func.return), for a backend's capabilities.
std::vector<OpId> plannableOps();

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_PLAN_H_
