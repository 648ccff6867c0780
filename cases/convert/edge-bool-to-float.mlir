// Case: spec/convert/edge-bool-to-float
// Spec: boolean false -> 0, true -> 1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[false, true]> : tensor<2xi1>
    %result = stablehlo.convert %operand : (tensor<2xi1>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[0.0, 1.0]> : tensor<2xf32>
    func.return
  }
}
