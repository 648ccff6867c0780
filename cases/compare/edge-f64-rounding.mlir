// Case: spec/compare/edge-f64-rounding
// FLOAT comparison on f64 values one ulp apart.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 0.30000000000000004]> : tensor<2xf64>
    %rhs = stablehlo.constant dense<[1.0000000000000002, 0.3]> : tensor<2xf64>
    %r0 = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>
    check.expect_eq_const %r0, dense<[true, false]> : tensor<2xi1>
    %r1 = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>
    check.expect_eq_const %r1, dense<[false, true]> : tensor<2xi1>
    %r2 = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>
    check.expect_eq_const %r2, dense<[false, false]> : tensor<2xi1>
    func.return
  }
}
