// Case: spec/divide/edge-by-zero-float
// IEEE-754 float division by zero: 1/+0 = +inf, 1/-0 = -inf, -1/+0 = -inf, 0/0 = NaN.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 1.0, -1.0, 0.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0.0, -0.0, 0.0, 0.0]> : tensor<4xf32>
    %result = stablehlo.divide %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0xFF800000, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
    func.return
  }
}
