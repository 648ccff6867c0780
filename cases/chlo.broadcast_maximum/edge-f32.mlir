// Case: spec/chlo.broadcast_maximum/edge-f32
// broadcast_maximum of a 2x2 tensor and a scalar (rank 0 broadcasts everywhere).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.5, -2.0], [3.0, 0.25]]> : tensor<2x2xf32>
    %rhs = stablehlo.constant dense<1.0> : tensor<f32>
    %result = chlo.broadcast_maximum %lhs, %rhs : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[1.5, 1.0], [3.0, 1.0]]> : tensor<2x2xf32>
    func.return
  }
}
