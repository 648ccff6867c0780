// Case: spec/tan/edge-f32
// tan on f32 including the float nearest pi/2 and a large argument.
// Exact values (mpmath) 1.55740772465490223051, -22877332.4288564598739, -0.611797949834248061162, 9.99999968265522538897e-21, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 1.5707964, 3.4028235e+38, 1.0e-20]> : tensor<4xf32>
    %result = stablehlo.tan %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.5574077, -22877332.0, -0.6117979, 1.0e-20]> : tensor<4xf32>
    func.return
  }
}
