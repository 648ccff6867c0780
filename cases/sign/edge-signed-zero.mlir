// Case: spec/sign/edge-signed-zero
// sign keeps the zero sign: sign(-0.0) = -0.0, sign(+0.0) = +0.0; NaN -> NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000]> : tensor<3xf32>
    %result = stablehlo.sign %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
