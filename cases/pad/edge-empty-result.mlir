// Case: spec/pad/edge-empty-result
// Negative edge padding may remove every element (3 elements, low -2, high -1).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %padding_value = stablehlo.constant dense<9> : tensor<i32>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: -2>,
      edge_padding_high = array<i64: -1>,
      interior_padding = array<i64: 0>
    } : (tensor<3xi32>, tensor<i32>) -> tensor<0xi32>
    check.expect_eq_const %result, dense<> : tensor<0xi32>
    func.return
  }
}
