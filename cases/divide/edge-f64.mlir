// Case: spec/divide/edge-f64
// f64 division.
// Exact values (mpmath) 0.333333333333333333333, 0.666666666666666666667, each rounded to nearest-even f64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 2.0, 2.2250738585072014e-308, 1.7976931348623157e+308]> : tensor<4xf64>
    %rhs = stablehlo.constant dense<[3.0, 3.0, 4503599627370496.0, 0.25]> : tensor<4xf64>
    %result = stablehlo.divide %lhs, %rhs : tensor<4xf64>
    check.expect_eq_const %result, dense<[0.3333333333333333, 0.6666666666666666, 0x0000000000000001, 0x7FF0000000000000]> : tensor<4xf64>
    func.return
  }
}
