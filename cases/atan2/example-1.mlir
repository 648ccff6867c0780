// Case: spec/atan2/example-1
// From the spec's `atan2` example (f64); the spec prints pi/2 as 1.57079637 (an f32 rendering),
// here it is the correctly rounded f64 value.
// Exact values (mpmath) 1.57079632679489661923, -1.57079632679489661923, each rounded to nearest-even f64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf64>
    %rhs = stablehlo.constant dense<[0.0, 0.0, 0.0]> : tensor<3xf64>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<3xf64>
    check.expect_eq_const %result, dense<[0.0, 1.5707963267948966, -1.5707963267948966]> : tensor<3xf64>
    func.return
  }
}
