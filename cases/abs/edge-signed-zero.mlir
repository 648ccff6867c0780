// Case: spec/abs/edge-signed-zero
// Spec: floats use IEEE-754 abs, which clears the sign bit: abs(-0.0) = +0.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, -1.5]> : tensor<3xf32>
    %result = stablehlo.abs %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[0.0, 0.0, 1.5]> : tensor<3xf32>
    func.return
  }
}
