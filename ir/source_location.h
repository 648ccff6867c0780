// Where an op of a parsed module is written: the `path:line:col` every diagnostic about a program
// starts with (docs/security.md, "Malformed programs").
#ifndef HLOCONF_IR_SOURCE_LOCATION_H_
#define HLOCONF_IR_SOURCE_LOCATION_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "ir/operation.h"

namespace hloconf {

// "path:line:col" of byte `offset` of `text`, the text `module` was parsed from (its lines counted from
// the module's source anchor), or "path@offset" when the text is not at hand (empty, or shorter than the
// offset: a module built in code).
std::string sourceLocation(const Module& module, std::string_view text, size_t offset);
// sourceLocation of the module's own op (1:1 for a file without a `module`): where an error about the
// whole program (its process grid, a function it lacks) points.
std::string moduleLocation(const Module& module, std::string_view text);

}  // namespace hloconf

#endif  // HLOCONF_IR_SOURCE_LOCATION_H_
