// Case: spec/divide/edge-inf-nan
// inf/inf = NaN, 1/inf = +0, -1/inf = -0, inf/-2 = -inf, NaN propagates.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7F800000, 1.0, -1.0, 0x7F800000, 0x7FC00000]> : tensor<5xf32>
    %rhs = stablehlo.constant dense<[0x7F800000, 0x7F800000, 0x7F800000, -2.0, 1.0]> : tensor<5xf32>
    %result = stablehlo.divide %lhs, %rhs : tensor<5xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0.0, -0.0, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
