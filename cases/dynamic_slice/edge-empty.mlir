// Case: spec/dynamic_slice/edge-empty
// A zero slice size gives an empty result (any start index).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %start_indices0 = stablehlo.constant dense<7> : tensor<i64>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0) {
      slice_sizes = array<i64: 0>
    } : (tensor<3xf32>, tensor<i64>) -> tensor<0xf32>
    check.expect_eq_const %result, dense<> : tensor<0xf32>
    func.return
  }
}
