// Case: spec/cbrt/edge-signed-zero
// rootn(+-0, 3) = +-0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0]> : tensor<2xf32>
    %result = stablehlo.cbrt %operand : tensor<2xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0]> : tensor<2xf32>
    func.return
  }
}
