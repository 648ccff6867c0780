// Case: spec/logistic/edge-f32
// logistic on ordinary f32 values, correctly rounded.
// Exact values (mpmath) 0.731058578630004879251, 0.268941421369995120749, 0.524979187850539243365, 0.999954602131297565605, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -1.0, 0.1, 10.0]> : tensor<4xf32>
    %result = stablehlo.logistic %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.7310586, 0.26894143, 0.5249792, 0.9999546]> : tensor<4xf32>
    func.return
  }
}
