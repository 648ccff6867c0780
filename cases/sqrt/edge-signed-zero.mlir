// Case: spec/sqrt/edge-signed-zero
// IEEE-754 squareRoot(-0) = -0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0]> : tensor<2xf32>
    %result = stablehlo.sqrt %operand : tensor<2xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0]> : tensor<2xf32>
    func.return
  }
}
