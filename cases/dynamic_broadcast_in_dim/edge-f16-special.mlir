// Case: spec/dynamic_broadcast_in_dim/edge-f16-special
// Values are copied bit-exactly: f16 -0.0, +inf, NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x7C00, 0x7E00]> : tensor<3xf16>
    %output_dimensions = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
    %result = "stablehlo.dynamic_broadcast_in_dim"(%operand, %output_dimensions) {
      broadcast_dimensions = array<i64: 1>,
      known_nonexpanding_dimensions = array<i64: 0>
    } : (tensor<3xf16>, tensor<2xi64>) -> tensor<2x3xf16>
    check.expect_eq_const %result, dense<[[-0.0, 0x7C00, 0x7E00], [-0.0, 0x7C00, 0x7E00]]> : tensor<2x3xf16>
    func.return
  }
}
