// Case: spec/pad/edge-scalar
// A rank-0 operand with empty padding arrays is unchanged.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<4> : tensor<i32>
    %padding_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64>,
      edge_padding_high = array<i64>,
      interior_padding = array<i64>
    } : (tensor<i32>, tensor<i32>) -> tensor<i32>
    check.expect_eq_const %result, dense<4> : tensor<i32>
    func.return
  }
}
