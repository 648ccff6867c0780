// Case: spec/optimization_barrier/example-1
// From the spec's `optimization_barrier` example: the results equal the operands (generic form).
module {
  func.func @main() {
    %operand0 = stablehlo.constant dense<0.0> : tensor<f32>
    %operand1 = stablehlo.constant dense<1.0> : tensor<f32>
    %result0, %result1 = "stablehlo.optimization_barrier"(%operand0, %operand1) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
    check.expect_eq_const %result0, dense<0.0> : tensor<f32>
    check.expect_eq_const %result1, dense<1.0> : tensor<f32>
    func.return
  }
}
