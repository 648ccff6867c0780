// Case: spec/remainder/edge-bf16
// fmod on bf16.
// Exact values (mpmath) 3.0, -1.5, 0.00048828125, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[3.39e+38, -7.5, 0.3]> : tensor<3xbf16>
    %rhs = stablehlo.constant dense<[7.0, 2.0, 0.1]> : tensor<3xbf16>
    %result = stablehlo.remainder %lhs, %rhs : tensor<3xbf16>
    check.expect_eq_const %result, dense<[3.0, -1.5, 0.00048828125]> : tensor<3xbf16>
    func.return
  }
}
