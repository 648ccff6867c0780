// Printing the program model in MLIR's generic op form, which MLIR's own parser reads:
//   %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// Values are renamed (%0, %1, ... and %arg0, ... per function), so printing is deterministic and
// printing a re-parsed print gives the same text.
#ifndef HLOCONF_IR_PRINTER_H_
#define HLOCONF_IR_PRINTER_H_

#include <string>

#include "ir/operation.h"

namespace hloconf {

std::string printModule(const Module& module);
std::string printOperation(const Operation& op);

}  // namespace hloconf

#endif  // HLOCONF_IR_PRINTER_H_
