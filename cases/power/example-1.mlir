// Case: spec/power/example-1
// From the spec's `power` example (f64). The spec prints 3^-1 as 0.333333343 (an f32 rendering) and 10000^10 as inf;
// in f64 10000^10 = 1e40 is finite, so the correctly rounded f64 values are used. (-36)^1.1 is NaN.
// Exact values (mpmath) 0.333333333333333333333, 1.0e+40, each rounded to nearest-even f64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-2.0, -0.0, -36.0, 5.0, 3.0, 10000.0]> : tensor<6xf64>
    %rhs = stablehlo.constant dense<[2.0, 2.0, 1.1, 2.0, -1.0, 10.0]> : tensor<6xf64>
    %result = stablehlo.power %lhs, %rhs : tensor<6xf64>
    check.expect_eq_const %result, dense<[4.0, 0.0, 0x7FF8000000000000, 25.0, 0.3333333333333333, 1.0e+40]> : tensor<6xf64>
    func.return
  }
}
