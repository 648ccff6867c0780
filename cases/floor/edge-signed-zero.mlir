// Case: spec/floor/edge-signed-zero
// floor(-0.0) = -0.0; floor of (0, 1) is +0.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, 0.5, 0x80000001]> : tensor<4xf32>
    %result = stablehlo.floor %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, 0.0, -1.0]> : tensor<4xf32>
    func.return
  }
}
