// Custom forms of stablehlo ops with regions or structured syntax (reduce, while, sort, convolution, dot_general, custom_call, ...), and their registry table.
#include "ir/op_registry.h"
#include "ir/op_syntax.h"
#include "ir/strings.h"

namespace hloconf::syntax {

}  // namespace hloconf::syntax

namespace hloconf {

std::span<const OpDef> regionOps() {
  return {};
}

}  // namespace hloconf
