// Case: spec/remainder/edge-large-ratio
// fmod is exact even when lhs/rhs is huge (no rounding of the quotient): 1e30 % 7, f32max % 10, subnormal divisor.
// Exact values (mpmath) 1.0, -0.0606066286563873291016, 2.80259692864963414185e-45, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0e30, 3.4028235e+38, -1.0e20, 1.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[7.0, 10.0, 0.1, 0x00000003]> : tensor<4xf32>
    %result = stablehlo.remainder %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, 0.0, -0.06060663, 0x00000002]> : tensor<4xf32>
    func.return
  }
}
