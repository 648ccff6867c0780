// Case: spec/chlo.broadcast_complex/edge-f32
// broadcast_complex: real parts from a column, imaginary parts from a row.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0], [-2.0]]> : tensor<2x1xf32>
    %rhs = stablehlo.constant dense<[0.5, 3.0]> : tensor<2xf32>
    %result = chlo.broadcast_complex %lhs, %rhs : (tensor<2x1xf32>, tensor<2xf32>) -> tensor<2x2xcomplex<f32>>
    check.expect_eq_const %result, dense<[[(1.0, 0.5), (1.0, 3.0)], [(-2.0, 0.5), (-2.0, 3.0)]]> : tensor<2x2xcomplex<f32>>
    func.return
  }
}
