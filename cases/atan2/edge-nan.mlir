// Case: spec/atan2/edge-nan
// atan2 with a NaN operand is NaN.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7FC00000, 1.0, 0x7FC00000]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[1.0, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<3xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
