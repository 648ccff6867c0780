// Case: spec/clamp/edge-signed-zero
// maximum(-0, +0) = +0, so clamp(+0, -0, 1) = +0; clamp(-1, -0, -0) = -0.
module {
  func.func @main() {
    %min = stablehlo.constant dense<[0.0, -1.0]> : tensor<2xf32>
    %operand = stablehlo.constant dense<[-0.0, -0.0]> : tensor<2xf32>
    %max = stablehlo.constant dense<[1.0, -0.0]> : tensor<2xf32>
    %result = stablehlo.clamp %min, %operand, %max : tensor<2xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0]> : tensor<2xf32>
    func.return
  }
}
