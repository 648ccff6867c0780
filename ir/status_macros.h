// RETURN_IF_ERROR and ASSIGN_OR_RETURN: return a non-OK absl::Status from the enclosing function (Debian's absl 20220623
// ships no status macros).
#ifndef HLOCONF_IR_STATUS_MACROS_H_
#define HLOCONF_IR_STATUS_MACROS_H_

#include "absl/status/status.h"

#define RETURN_IF_ERROR(expr)          \
  do {                                 \
    absl::Status status_ = (expr);     \
    if (!status_.ok()) return status_; \
  } while (false)

// ASSIGN_OR_RETURN(lhs, expr): evaluates `expr` (an absl::StatusOr<T>); returns its status when it is not
// OK, else moves its value into `lhs`, which may declare a variable: ASSIGN_OR_RETURN(auto x, f());
#define HLOCONF_STATUS_CONCAT_INNER(a, b) a##b
#define HLOCONF_STATUS_CONCAT(a, b) HLOCONF_STATUS_CONCAT_INNER(a, b)
#define ASSIGN_OR_RETURN(lhs, expr) ASSIGN_OR_RETURN_IMPL(HLOCONF_STATUS_CONCAT(status_or_, __LINE__), lhs, expr)
#define ASSIGN_OR_RETURN_IMPL(status_or, lhs, expr) \
  auto status_or = (expr);                          \
  if (!status_or.ok()) return status_or.status();   \
  lhs = std::move(status_or).value()

#endif  // HLOCONF_IR_STATUS_MACROS_H_
