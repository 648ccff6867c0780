// Case: spec/clamp/edge-scalar-bounds
// Spec: min and max may be rank-0 and then apply to every element.
module {
  func.func @main() {
    %min = stablehlo.constant dense<-1.0> : tensor<f32>
    %operand = stablehlo.constant dense<[-5.0, 0.5, 7.0, 0xFF800000]> : tensor<4xf32>
    %max = stablehlo.constant dense<1.0> : tensor<f32>
    %result = stablehlo.clamp %min, %operand, %max : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[-1.0, 0.5, 1.0, -1.0]> : tensor<4xf32>
    func.return
  }
}
