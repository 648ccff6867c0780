// Case: spec/floor/edge-large
// f32 values >= 2^23 are already integers; 8388607.5 is the largest non-integer below 2^23.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[8388607.5, -8388607.5, 16777216.0, -3.4028235e+38]> : tensor<4xf32>
    %result = stablehlo.floor %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[8388607.0, -8388608.0, 16777216.0, -3.4028235e+38]> : tensor<4xf32>
    func.return
  }
}
