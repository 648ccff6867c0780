// Case: spec/chlo.lgamma/edge-special
// lgamma(1) = lgamma(2) = +0; +inf at 0, at the negative integers and at +inf; NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 2.0, 0.0, -0.0, -3.0, 0x7F800000, 0x7FC00000]> : tensor<7xf32>
    %result = chlo.lgamma %operand : tensor<7xf32> -> tensor<7xf32>
    check.expect_eq_const %result, dense<[0.0, 0.0, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000]> : tensor<7xf32>
    func.return
  }
}
