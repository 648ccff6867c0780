// Case: spec/broadcast_in_dim/edge-bf16
// broadcast_in_dim on bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, -0.0]> : tensor<2xbf16>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 0>
    } : (tensor<2xbf16>) -> tensor<2x2xbf16>
    check.expect_eq_const %result, dense<[[0.1, 0.1], [-0.0, -0.0]]> : tensor<2x2xbf16>
    func.return
  }
}
