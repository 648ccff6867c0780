// Case: spec/exponential_minus_one/edge-overflow
// expm1 overflow to +inf and saturation to -1 on f32.
// Exact values (mpmath) 3.40279853741184865674e+38, 4.48961281917434524628e+38, -0.999999997938846377561, -1.0, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[88.72283, 89.0, -20.0, -100.0]> : tensor<4xf32>
    %result = stablehlo.exponential_minus_one %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[3.4027985e+38, 0x7F800000, -1.0, -1.0]> : tensor<4xf32>
    func.return
  }
}
