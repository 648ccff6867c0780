// Case: spec/dynamic_slice/edge-in-range
// Start indices in range are used as given: (1, 1) with sizes (2, 3) on 3x4.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i64>
    %start_indices1 = stablehlo.constant dense<1> : tensor<i64>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
      slice_sizes = array<i64: 2, 3>
    } : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x3xi32>
    check.expect_eq_const %result, dense<[[6, 7, 8], [10, 11, 12]]> : tensor<2x3xi32>
    func.return
  }
}
