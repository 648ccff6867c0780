// Case: spec/power/edge-one-base
// IEEE-754 pow(+1, y) = 1 for any y, even NaN; pow(-1, +-inf) = 1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 1.0, -1.0, -1.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0x7F800000, 0xFF800000]> : tensor<4xf32>
    %result = stablehlo.power %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
    func.return
  }
}
