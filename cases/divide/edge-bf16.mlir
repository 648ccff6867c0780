// Case: spec/divide/edge-bf16
// bf16 division.
// Exact values (mpmath) 0.333333333333333333333, 0.285714285714285714286, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 2.0, -1.0]> : tensor<3xbf16>
    %rhs = stablehlo.constant dense<[3.0, 7.0, 0.0]> : tensor<3xbf16>
    %result = stablehlo.divide %lhs, %rhs : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.334, 0.28515625, 0xFF80]> : tensor<3xbf16>
    func.return
  }
}
