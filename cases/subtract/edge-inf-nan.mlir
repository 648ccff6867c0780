// Case: spec/subtract/edge-inf-nan
// inf - inf = NaN, inf - -inf = inf, finite - inf = -inf, NaN propagates.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7F800000, 0x7F800000, 1.0, 0x7FC00000]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7F800000, 0x7FC00000]> : tensor<4xf32>
    %result = stablehlo.subtract %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
    func.return
  }
}
