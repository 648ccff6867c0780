// Case: spec/remainder/edge-f64
// fmod on f64.
// Exact values (mpmath) 2.0, -0.0999999999999999777955, 0.0876874217606030681438, each rounded to nearest-even f64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.7976931348623157e+308, -0.3, 1.0e+22]> : tensor<3xf64>
    %rhs = stablehlo.constant dense<[3.0, 0.1, 0.1]> : tensor<3xf64>
    %result = stablehlo.remainder %lhs, %rhs : tensor<3xf64>
    check.expect_eq_const %result, dense<[2.0, -0.09999999999999998, 0.08768742176060307]> : tensor<3xf64>
    func.return
  }
}
