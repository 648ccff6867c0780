// Case: spec/tan/edge-bf16
// tan on bf16.
// Exact values (mpmath) 1.55740772465490223051, 2066.85518974660351452, -6.08911344694305049966, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 1.5708, 3.39e+38]> : tensor<3xbf16>
    %result = stablehlo.tan %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[1.5546875, 2064.0, -6.09375]> : tensor<3xbf16>
    func.return
  }
}
