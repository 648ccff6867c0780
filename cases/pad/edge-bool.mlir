// Case: spec/pad/edge-bool
// pad on i1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[true, true]> : tensor<2xi1>
    %padding_value = stablehlo.constant dense<false> : tensor<i1>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: 0>,
      edge_padding_high = array<i64: 1>,
      interior_padding = array<i64: 1>
    } : (tensor<2xi1>, tensor<i1>) -> tensor<4xi1>
    check.expect_eq_const %result, dense<[true, false, true, false]> : tensor<4xi1>
    func.return
  }
}
