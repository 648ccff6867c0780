// Case: spec/reshape/edge-to-scalar
// A 1x1x1 tensor reshaped to rank 0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[-0.0]]]> : tensor<1x1x1xf64>
    %result = "stablehlo.reshape"(%operand) : (tensor<1x1x1xf64>) -> tensor<f64>
    check.expect_eq_const %result, dense<-0.0> : tensor<f64>
    func.return
  }
}
