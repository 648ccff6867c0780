// Case: spec/exponential/edge-bf16
// exp on bf16.
// Exact values (mpmath) 2.71828182845904523536, 1.65163625499400185553e+38, 4.48961281917434524628e+38, 3.72007597602083596296e-44, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 88.0, 89.0, -100.0]> : tensor<4xbf16>
    %result = stablehlo.exponential %operand : tensor<4xbf16>
    check.expect_eq_const %result, dense<[2.71875, 1.655e+38, 0x7F80, 0.0]> : tensor<4xbf16>
    func.return
  }
}
