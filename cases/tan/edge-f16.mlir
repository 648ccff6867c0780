// Case: spec/tan/edge-f16
// tan on f16.
// Exact values (mpmath) 1.55740772465490223051, 2066.85518974660351452, -4.42251058912117999567, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 1.5708, 65504.0]> : tensor<3xf16>
    %result = stablehlo.tan %operand : tensor<3xf16>
    check.expect_eq_const %result, dense<[1.558, 2066.0, -4.421875]> : tensor<3xf16>
    func.return
  }
}
