// Case: spec/dynamic_broadcast_in_dim/edge-scalar
// A rank-0 operand (broadcast_dimensions = []) fills the whole result; output_dimensions is si32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<-7> : tensor<i32>
    %output_dimensions = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
    %result = "stablehlo.dynamic_broadcast_in_dim"(%operand, %output_dimensions) {
      broadcast_dimensions = array<i64>
    } : (tensor<i32>, tensor<2xi32>) -> tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[-7, -7], [-7, -7]]> : tensor<2x2xi32>
    func.return
  }
}
