// Turning a self-checking case (upstream testdata format: @main takes no arguments, builds its inputs
// with constants or `call @inputs()`, and checks values with check.expect_*) into what a backend runs:
// a program whose @main takes the inputs as arguments and returns the checked values, plus the input
// tensors. docs/design/harness.md describes the rules.
#ifndef HLOCONF_GOLDEN_LOWERING_H_
#define HLOCONF_GOLDEN_LOWERING_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/operation.h"
#include "ir/tensor.h"

namespace hloconf {

struct LoweredCase {
  std::string mlir;                 // the program, in MLIR's generic form
  std::vector<Tensor> inputs;       // @main's arguments
  std::vector<Type> result_types;   // @main's results (the values the case checks), per process
  std::string op;                   // the op under test, without "stablehlo." ("add", "dot_general", "call")
  std::string element_type;         // its element type ("f32", "complex<f32>", "quant<i8:f32>")
  uint32_t replicas = 1;            // the module's process grid
  uint32_t partitions = 1;
  // The infeed queue (from a top-level interpreter.run_parallel's `infeed` attribute): entries in queue
  // order, each the payload tensors one stablehlo.infeed takes. Empty: the program reads no infeed.
  std::vector<std::vector<Tensor>> infeed;
};

// Lowers `module` (parsed from `text`; it is modified in place). A top-level `interpreter.run_parallel`
// in @main with a single program (`programs = [[@f]]`) becomes `func.call @f(...)`, its `infeed`
// functions evaluated into LoweredCase::infeed. A case that cannot be lowered (checks inside regions or
// other functions, other interpreter.* ops, token or tuple results, a @main with arguments)
// gives kUnimplemented with the reason; an input function that fails to evaluate gives its error.
absl::StatusOr<LoweredCase> lowerCase(Module& module, std::string_view text);

// The element type name used in case records and filters: the MLIR spelling of a tensor's element type,
// with quantized types shortened to quant<storage:expressed>.
std::string elementTypeLabel(const Type& tensor_type);

}  // namespace hloconf

#endif  // HLOCONF_GOLDEN_LOWERING_H_
