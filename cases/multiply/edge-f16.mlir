// Case: spec/multiply/edge-f16
// f16 multiply: overflow, subnormal result, rounding.
// Exact values (mpmath) 0.00999511778354644775391, each rounded to nearest-even f16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[256.0, 0.00006104, 0.1, 0x8001]> : tensor<4xf16>
    %rhs = stablehlo.constant dense<[256.0, 0.25, 0.1, 0.5]> : tensor<4xf16>
    %result = stablehlo.multiply %lhs, %rhs : tensor<4xf16>
    check.expect_eq_const %result, dense<[0x7C00, 0x0100, 0.009995, -0.0]> : tensor<4xf16>
    func.return
  }
}
