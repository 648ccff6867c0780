// Case: spec/multiply/edge-rounding
// Products rounded once to f32; subnormal result rounding (2^-149 * 1.5 -> 2^-148, tie to even).
// Exact values (mpmath) 0.0100000002980232260974, 281474943156225.0, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.1, 16777215.0, 0x00000001, 0x00000003]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0.1, 16777215.0, 1.5, 0.5]> : tensor<4xf32>
    %result = stablehlo.multiply %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.010000001, 281474940000000.0, 0x00000002, 0x00000002]> : tensor<4xf32>
    func.return
  }
}
