// Case: spec/divide/edge-int-trunc
// Spec: integer division discards the fractional part (truncates toward zero).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[7, -7, 7, -7, 0]> : tensor<5xi32>
    %rhs = stablehlo.constant dense<[2, 2, -2, -2, 5]> : tensor<5xi32>
    %result = stablehlo.divide %lhs, %rhs : tensor<5xi32>
    check.expect_eq_const %result, dense<[3, -3, -3, 3, 0]> : tensor<5xi32>
    func.return
  }
}
