// Case: spec/chlo.acos/edge-rounding-f32
// acos of f32 arguments, correctly rounded.
// Exact values (mpmath) 1.04719755119659774615, 1.87548899330682321501, 0.0447247992109278517823, 1.57079631679489668001, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -0.3, 0.999, 1.0e-8]> : tensor<4xf32>
    %result = chlo.acos %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0471976, 1.875489, 0.0447248, 1.5707964]> : tensor<4xf32>
    func.return
  }
}
