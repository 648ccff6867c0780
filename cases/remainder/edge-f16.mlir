// Case: spec/remainder/edge-f16
// fmod on f16.
// Exact values (mpmath) 5.0, -1.5, 0.0001220703125, each rounded to nearest-even f16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[65504.0, -7.5, 0.3]> : tensor<3xf16>
    %rhs = stablehlo.constant dense<[7.0, 2.0, 0.1]> : tensor<3xf16>
    %result = stablehlo.remainder %lhs, %rhs : tensor<3xf16>
    check.expect_eq_const %result, dense<[5.0, -1.5, 0.0001221]> : tensor<3xf16>
    func.return
  }
}
