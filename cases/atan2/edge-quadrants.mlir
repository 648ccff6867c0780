// Case: spec/atan2/edge-quadrants
// atan2 in all four quadrants, correctly rounded to f32.
// Exact values (mpmath) 0.785398163397448309616, 2.35619449019234492885, -2.35619449019234492885, -0.785398163397448309616, 1.40564764938026978095, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 1.0, -1.0, -1.0, 3.0]> : tensor<5xf32>
    %rhs = stablehlo.constant dense<[1.0, -1.0, -1.0, 1.0, 0.5]> : tensor<5xf32>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<5xf32>
    check.expect_eq_const %result, dense<[0.7853982, 2.3561945, -2.3561945, -0.7853982, 1.4056476]> : tensor<5xf32>
    func.return
  }
}
