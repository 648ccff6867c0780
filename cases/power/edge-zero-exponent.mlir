// Case: spec/power/edge-zero-exponent
// IEEE-754 pow(x, +-0) = 1 for any x, even NaN and inf.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7FC00000, 0x7F800000, -0.0, -3.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0.0, -0.0, 0.0, -0.0]> : tensor<4xf32>
    %result = stablehlo.power %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
    func.return
  }
}
