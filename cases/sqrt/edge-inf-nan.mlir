// Case: spec/sqrt/edge-inf-nan
// squareRoot(+inf) = +inf; NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7F800000, 0x7FC00000]> : tensor<2xf32>
    %result = stablehlo.sqrt %operand : tensor<2xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0x7FC00000]> : tensor<2xf32>
    func.return
  }
}
