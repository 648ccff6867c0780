// Case: spec/cbrt/edge-f16
// cbrt on f16 including the largest finite value and -inf.
// Exact values (mpmath) 40.3109104394962769414, 1.44224957030740838232, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[65504.0, 3.0, -64.0, 0xFC00]> : tensor<4xf16>
    %result = stablehlo.cbrt %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[40.3125, 1.442, -4.0, 0xFC00]> : tensor<4xf16>
    func.return
  }
}
