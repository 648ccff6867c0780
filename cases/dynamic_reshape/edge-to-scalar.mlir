// Case: spec/dynamic_reshape/edge-to-scalar
// A 1x1 tensor reshaped to rank 0 (output_shape is an empty tensor).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[-0.0]]> : tensor<1x1xf64>
    %output_shape = stablehlo.constant dense<> : tensor<0xi64>
    %result = "stablehlo.dynamic_reshape"(%operand, %output_shape) : (tensor<1x1xf64>, tensor<0xi64>) -> tensor<f64>
    check.expect_eq_const %result, dense<-0.0> : tensor<f64>
    func.return
  }
}
