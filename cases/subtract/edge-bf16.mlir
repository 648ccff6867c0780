// Case: spec/subtract/edge-bf16
// bf16 subtraction.
// Exact values (mpmath) 0.20068359375, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[256.0, 0.3, -3.39e+38]> : tensor<3xbf16>
    %rhs = stablehlo.constant dense<[-1.0, 0.1, 3.39e+38]> : tensor<3xbf16>
    %result = stablehlo.subtract %lhs, %rhs : tensor<3xbf16>
    check.expect_eq_const %result, dense<[256.0, 0.201, 0xFF80]> : tensor<3xbf16>
    func.return
  }
}
