// Case: spec/chlo.digamma/edge-rounding-f32
// digamma of f32 arguments, correctly rounded (digamma(1) = -Euler gamma).
// Exact values (mpmath) -0.577215664901532860607, -1.96351002602142347944, 1.10315664064524318723, 23.0258509298904568402, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 0.5, -2.5, 1.0e10]> : tensor<4xf32>
    %result = chlo.digamma %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.5772157, -1.96351, 1.1031567, 23.02585]> : tensor<4xf32>
    func.return
  }
}
