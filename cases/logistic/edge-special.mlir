// Case: spec/logistic/edge-special
// logistic(+-0) = 0.5, logistic(+inf) = 1, logistic(-inf) = +0, NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = stablehlo.logistic %operand : tensor<5xf32>
    check.expect_eq_const %result, dense<[0.5, 0.5, 1.0, 0.0, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
