// Case: spec/logistic/edge-f16
// logistic on f16 (logistic(-17) is an f16 subnormal).
// Exact values (mpmath) 0.731058578630004879251, 4.13993754739433060092e-8, 0.999664649869533521896, 0.437823499114201895973, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -17.0, 8.0, -0.25]> : tensor<4xf16>
    %result = stablehlo.logistic %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[0.731, 0x0001, 0.9995, 0.4377]> : tensor<4xf16>
    func.return
  }
}
