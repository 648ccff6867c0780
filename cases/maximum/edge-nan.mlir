// Case: spec/maximum/edge-nan
// IEEE-754 maximum propagates NaN from either operand.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7FC00000, 1.0, 0x7FC00000, 0xFF800000]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[1.0, 0x7FC00000, 0x7F800000, 0x7FC00000]> : tensor<4xf32>
    %result = stablehlo.maximum %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<4xf32>
    func.return
  }
}
