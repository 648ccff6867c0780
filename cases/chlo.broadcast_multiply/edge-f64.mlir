// Case: spec/chlo.broadcast_multiply/edge-f64
// broadcast_multiply with broadcast_dimensions = [1]: the vector runs along dimension 1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [-4.0, 0.5, 8.0]]> : tensor<2x3xf64>
    %rhs = stablehlo.constant dense<[2.0, 0.5, -1.0]> : tensor<3xf64>
    %result = chlo.broadcast_multiply %lhs, %rhs {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
    check.expect_eq_const %result, dense<[[2.0, 1.0, -3.0], [-8.0, 0.25, -8.0]]> : tensor<2x3xf64>
    func.return
  }
}
