// Case: spec/multiply/edge-f64
// f64 multiply.
// Exact values (mpmath) 0.0100000000000000011102, each rounded to nearest-even f64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.1, 1.0e+200, 2.2250738585072014e-308, 0x0000000000000001]> : tensor<4xf64>
    %rhs = stablehlo.constant dense<[0.1, 1.0e+200, 2.220446049250313e-16, 0.5]> : tensor<4xf64>
    %result = stablehlo.multiply %lhs, %rhs : tensor<4xf64>
    check.expect_eq_const %result, dense<[0.010000000000000002, 0x7FF0000000000000, 0x0000000000000001, 0.0]> : tensor<4xf64>
    func.return
  }
}
