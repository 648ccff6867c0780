// Case: spec/power/edge-rounding
// pow correctly rounded on f32: 2^0.5, 10^-1, 1.0000001^16777216, (-2)^3.
// Exact values (mpmath) 1.4142135623730950488, 0.1, 7.38905521808664472843, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2.0, 10.0, 1.0000001, -2.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0.5, -1.0, 16777216.0, 3.0]> : tensor<4xf32>
    %result = stablehlo.power %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.4142135, 0.1, 7.3890553, -8.0]> : tensor<4xf32>
    func.return
  }
}
