// Case: spec/tanh/edge-bf16
// tanh on bf16.
// Exact values (mpmath) 0.761594155955764888119, 0.999329299739067043792, -0.000999450350809564347125, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 4.0, -0.001]> : tensor<3xbf16>
    %result = stablehlo.tanh %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.76171875, 1.0, -0.001]> : tensor<3xbf16>
    func.return
  }
}
