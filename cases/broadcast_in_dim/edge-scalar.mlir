// Case: spec/broadcast_in_dim/edge-scalar
// A rank-0 operand (broadcast_dimensions = []) fills the whole result.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<-2.5> : tensor<f32>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64>
    } : (tensor<f32>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[-2.5, -2.5, -2.5], [-2.5, -2.5, -2.5]]> : tensor<2x3xf32>
    func.return
  }
}
