// Case: spec/pad/edge-interior-only
// Interior padding only: 2 padding elements between neighbours, none at the ends.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %padding_value = stablehlo.constant dense<0.5> : tensor<f32>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: 0>,
      edge_padding_high = array<i64: 0>,
      interior_padding = array<i64: 2>
    } : (tensor<3xf32>, tensor<f32>) -> tensor<7xf32>
    check.expect_eq_const %result, dense<[1.0, 0.5, 0.5, 2.0, 0.5, 0.5, 3.0]> : tensor<7xf32>
    func.return
  }
}
