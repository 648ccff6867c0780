// Case: spec/negate/edge-signed-zero
// IEEE-754 negate flips the sign bit: -(+0) = -0, -(-0) = +0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 1.5]> : tensor<3xf32>
    %result = stablehlo.negate %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, -1.5]> : tensor<3xf32>
    func.return
  }
}
