// RETURN_IF_ERROR: return a non-OK absl::Status from the enclosing function (Debian's absl 20220623
// ships no status macros).
#ifndef HLOCONF_IR_STATUS_MACROS_H_
#define HLOCONF_IR_STATUS_MACROS_H_

#include "absl/status/status.h"

#define RETURN_IF_ERROR(expr)          \
  do {                                 \
    absl::Status status_ = (expr);     \
    if (!status_.ok()) return status_; \
  } while (false)

#endif  // HLOCONF_IR_STATUS_MACROS_H_
