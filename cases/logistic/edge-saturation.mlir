// Case: spec/logistic/edge-saturation
// logistic saturates: logistic(17) rounds to 1.0 in f32; logistic(-100) ~ exp(-100) is an f32 subnormal; logistic(-104) underflows to +0.
// Exact values (mpmath) 0.999999958600624526057, 3.72007597602083596296e-44, 6.81355682154529851342e-46, 0.377540668798145435361, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[17.0, -100.0, -104.0, -0.5]> : tensor<4xf32>
    %result = stablehlo.logistic %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.99999994, 0x0000001B, 0.0, 0.37754068]> : tensor<4xf32>
    func.return
  }
}
