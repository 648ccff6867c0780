// Case: spec/broadcast_in_dim/edge-empty
// A zero-sized result dimension gives an empty result (operand 1x3 -> 0x3 keeps no elements).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 0, 1>
    } : (tensor<1x3xf32>) -> tensor<0x3xf32>
    check.expect_eq_const %result, dense<> : tensor<0x3xf32>
    func.return
  }
}
