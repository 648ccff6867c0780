// Case: spec/pad/edge-empty-operand
// An empty operand: shape(result) = 0 + low + max(0 - 1, 0) * interior + high = 3, all padding
// (interior padding of an empty dimension adds nothing).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<0xf32>
    %padding_value = stablehlo.constant dense<-0.0> : tensor<f32>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: 2>,
      edge_padding_high = array<i64: 1>,
      interior_padding = array<i64: 4>
    } : (tensor<0xf32>, tensor<f32>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[-0.0, -0.0, -0.0]> : tensor<3xf32>
    func.return
  }
}
