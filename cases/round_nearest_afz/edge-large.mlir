// Case: spec/round_nearest_afz/edge-large
// Large f32 values are already integers; 8388607.5 and -8388606.5 tie away from zero.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-8388606.5, 16777216.0, 3.4028235e+38]> : tensor<3xf32>
    %result = stablehlo.round_nearest_afz %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[-8388607.0, 16777216.0, 3.4028235e+38]> : tensor<3xf32>
    func.return
  }
}
