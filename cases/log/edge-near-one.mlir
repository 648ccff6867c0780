// Case: spec/log/edge-near-one
// log close to 1 (1 +- one ulp) on f32, correctly rounded.
// Exact values (mpmath) 1.19209282445354457088e-7, -5.96046465517475349863e-8, -0.693147180559945309417, 2.30258509299404568402, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0000001, 0.99999994, 0.5, 10.0]> : tensor<4xf32>
    %result = stablehlo.log %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.1920928e-07, -5.9604645e-08, -0.6931472, 2.3025851]> : tensor<4xf32>
    func.return
  }
}
