// Custom forms of the chlo, check and interpreter dialects, and their registry table.
#include "ir/op_registry.h"
#include "ir/op_syntax.h"
#include "ir/strings.h"

namespace hloconf::syntax {

}  // namespace hloconf::syntax

namespace hloconf {

std::span<const OpDef> dialectOps() {
  return {};
}

}  // namespace hloconf
