// Case: spec/dynamic_slice/edge-clamp-high
// Start indices far above the range clamp to shape - slice_sizes.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>
    %start_indices0 = stablehlo.constant dense<100> : tensor<i64>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0) {
      slice_sizes = array<i64: 3>
    } : (tensor<10xf32>, tensor<i64>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[7.0, 8.0, 9.0]> : tensor<3xf32>
    func.return
  }
}
