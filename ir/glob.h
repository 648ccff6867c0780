// One glob syntax for every name pattern hloconf takes: tolerance profiles' op and type patterns, and the
// command line's --filter, --ops and --dtypes lists.
//   `*` any run of characters (`/` included), `?` one character, `[abc]` / `[a-z]` / `[!a]` one character
//   of (or not of) a set, `{a,b,...}` any of the alternatives (which may hold globs and nested braces).
// Everything else matches itself, case-sensitively. A list is comma-separated at the top level (commas
// inside braces belong to the braces): "dot_*,{add,sub*}" matches what either glob matches.
#ifndef HLOCONF_IR_GLOB_H_
#define HLOCONF_IR_GLOB_H_

#include <string_view>

#include "absl/status/status.h"

namespace hloconf {

bool globMatch(std::string_view pattern, std::string_view text);
// Whether some glob of the comma-separated list matches; empty entries match nothing.
bool globMatchAny(std::string_view comma_separated_globs, std::string_view text);
// An error for unbalanced braces or brackets and for an empty pattern.
absl::Status checkGlob(std::string_view pattern);

}  // namespace hloconf

#endif  // HLOCONF_IR_GLOB_H_
