// Case: spec/broadcast_in_dim/edge-empty-operand
// An empty operand (0x2) broadcast into 3x0x2 stays empty.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<0x2xi32>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 1, 2>
    } : (tensor<0x2xi32>) -> tensor<3x0x2xi32>
    check.expect_eq_const %result, dense<> : tensor<3x0x2xi32>
    func.return
  }
}
