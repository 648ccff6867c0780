// Case: spec/broadcast_in_dim/edge-bool
// broadcast_in_dim on i1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[true, false]]> : tensor<1x2xi1>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 0, 1>
    } : (tensor<1x2xi1>) -> tensor<3x2xi1>
    check.expect_eq_const %result, dense<[[true, false], [true, false], [true, false]]> : tensor<3x2xi1>
    func.return
  }
}
