// Case: spec/convert/edge-int-to-bool
// Spec: integer zero -> false, non-zero -> true.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 1, -1, -2147483648]> : tensor<4xi32>
    %result = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xi1>
    check.expect_eq_const %result, dense<[false, true, true, true]> : tensor<4xi1>
    func.return
  }
}
