// Case: spec/broadcast_in_dim/edge-rank-increase
// Operand 3 -> result 2x3x4 with broadcast_dimensions = [1] (the new dims 0 and 2 are broadcast).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 128, 255]> : tensor<3xui8>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 1>
    } : (tensor<3xui8>) -> tensor<2x3x4xui8>
    check.expect_eq_const %result, dense<[[[0, 0, 0, 0], [128, 128, 128, 128], [255, 255, 255, 255]], [[0, 0, 0, 0], [128, 128, 128, 128], [255, 255, 255, 255]]]> : tensor<2x3x4xui8>
    func.return
  }
}
