// Case: spec/exponential/edge-f16
// exp on f16: exp(11) finite, exp(11.1) > 65504 overflows, exp(-17) is an f16 subnormal.
// Exact values (mpmath) 59874.1417151978184553, 66274.6334235686245877, 4.13993771878516665965e-8, 2.71828182845904523536, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[11.0, 11.1, -17.0, 1.0]> : tensor<4xf16>
    %result = stablehlo.exponential %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[59872.0, 0x7C00, 0x0001, 2.71875]> : tensor<4xf16>
    func.return
  }
}
