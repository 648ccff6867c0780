// Case: spec/logistic/edge-bf16
// logistic on bf16.
// Exact values (mpmath) 0.731058578630004879251, 1.92874984796391778302e-22, 0.997527376843365225666, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -50.0, 6.0]> : tensor<3xbf16>
    %result = stablehlo.logistic %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.73046875, 1.93e-22, 0.99609375]> : tensor<3xbf16>
    func.return
  }
}
