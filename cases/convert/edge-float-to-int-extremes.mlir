// Case: spec/convert/edge-float-to-int-extremes
// Exactly representable extremes: f32 -2^31 -> INT_MIN; 2147483520 (largest f32 below 2^31) -> itself.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-2147483600.0, 2147483500.0, -1.5]> : tensor<3xf32>
    %result = stablehlo.convert %operand : (tensor<3xf32>) -> tensor<3xi32>
    check.expect_eq_const %result, dense<[-2147483648, 2147483520, -1]> : tensor<3xi32>
    func.return
  }
}
