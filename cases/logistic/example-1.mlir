// Case: spec/logistic/example-1
// From the spec's `logistic` example (f64); the spec prints results with 8 digits for display,
// here they are the correctly rounded f64 values of 1/(1+exp(-x)).
// Exact values (mpmath) 0.731058578630004879251, 0.88079707797788244406, 0.952574126822433219121, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf64>
    %result = stablehlo.logistic %operand : tensor<2x2xf64>
    check.expect_eq_const %result, dense<[[0.5, 0.7310585786300049], [0.8807970779778824, 0.9525741268224333]]> : tensor<2x2xf64>
    func.return
  }
}
