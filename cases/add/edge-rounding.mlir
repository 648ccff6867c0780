// Case: spec/add/edge-rounding
// Round to nearest, ties to even: 1 + 2^-24 -> 1 (tie, even); 1 + 3*2^-24 -> 1 + 2^-22 (tie, even); 0.1 + 0.2 rounded once.
// Exact values (mpmath) 1.00000005960464477539, 1.00000017881393432617, 0.300000004470348358154, 16777217.0, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 1.0, 0.1, 16777216.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[5.9604645e-08, 1.7881393e-07, 0.2, 1.0]> : tensor<4xf32>
    %result = stablehlo.add %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, 1.0000002, 0.3, 16777216.0]> : tensor<4xf32>
    func.return
  }
}
