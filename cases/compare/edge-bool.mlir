// Case: spec/compare/edge-bool
// Booleans compare UNSIGNED: false < true.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
    %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
    %r0 = stablehlo.compare LT, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    check.expect_eq_const %r0, dense<[false, true, false, false]> : tensor<4xi1>
    %r1 = stablehlo.compare EQ, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    check.expect_eq_const %r1, dense<[true, false, false, true]> : tensor<4xi1>
    %r2 = stablehlo.compare GE, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    check.expect_eq_const %r2, dense<[true, false, true, true]> : tensor<4xi1>
    func.return
  }
}
