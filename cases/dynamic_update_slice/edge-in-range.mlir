// Case: spec/dynamic_update_slice/edge-in-range
// An update placed at (1, 1) inside a 3x4 operand; other elements are kept.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>
    %update = stablehlo.constant dense<[[-1, -2], [-3, -4]]> : tensor<2x2xi32>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i64>
    %start_indices1 = stablehlo.constant dense<1> : tensor<i64>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0, %start_indices1)
      : (tensor<3x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi32>
    check.expect_eq_const %result, dense<[[1, 2, 3, 4], [5, -1, -2, 8], [9, -3, -4, 12]]> : tensor<3x4xi32>
    func.return
  }
}
