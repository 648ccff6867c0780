// Case: spec/convert/edge-float-to-int-trunc
// Spec: float-to-integer conversion truncates the fractional part (all results in range).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.7, -2.7, -0.5, -0.0, 0.9999999]> : tensor<5xf32>
    %result = stablehlo.convert %operand : (tensor<5xf32>) -> tensor<5xi32>
    check.expect_eq_const %result, dense<[2, -2, 0, 0, 0]> : tensor<5xi32>
    func.return
  }
}
