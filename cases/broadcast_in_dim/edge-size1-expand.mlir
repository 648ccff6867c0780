// Case: spec/broadcast_in_dim/edge-size1-expand
// Spec: a size-1 operand dimension is read at index 0 for every result index (2x1 -> 2x3).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[7], [-8]]> : tensor<2x1xi64>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 0, 1>
    } : (tensor<2x1xi64>) -> tensor<2x3xi64>
    check.expect_eq_const %result, dense<[[7, 7, 7], [-8, -8, -8]]> : tensor<2x3xi64>
    func.return
  }
}
