// Case: spec/dynamic_update_slice/edge-unsigned-index
// ui32 start indices: 4294967295 is a large positive index and clamps high.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %update = stablehlo.constant dense<[[0, 0]]> : tensor<1x2xi32>
    %start_indices0 = stablehlo.constant dense<0> : tensor<ui32>
    %start_indices1 = stablehlo.constant dense<4294967295> : tensor<ui32>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0, %start_indices1)
      : (tensor<2x3xi32>, tensor<1x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[1, 0, 0], [4, 5, 6]]> : tensor<2x3xi32>
    func.return
  }
}
