// Case: spec/dynamic_slice/edge-clamp-int-min
// si32 start index INT_MIN clamps to 0; INT_MAX clamps to shape - slice_sizes.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi64>
    %start_indices0 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %start_indices1 = stablehlo.constant dense<2147483647> : tensor<i32>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
      slice_sizes = array<i64: 2, 2>
    } : (tensor<3x3xi64>, tensor<i32>, tensor<i32>) -> tensor<2x2xi64>
    check.expect_eq_const %result, dense<[[2, 3], [5, 6]]> : tensor<2x2xi64>
    func.return
  }
}
