// Case: spec/tanh/edge-f16
// tanh on f16.
// Exact values (mpmath) 0.761594155955764888119, 0.999329299739067043792, -0.00100040402417243508222, 5.96046447753905544139e-8, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 4.0, -0.001, 0x0001]> : tensor<4xf16>
    %result = stablehlo.tanh %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[0.76171875, 0.9995, -0.001, 0x0001]> : tensor<4xf16>
    func.return
  }
}
