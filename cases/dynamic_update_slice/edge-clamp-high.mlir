// Case: spec/dynamic_update_slice/edge-clamp-high
// A start index above the range clamps to shape(operand) - shape(update).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
    %update = stablehlo.constant dense<[-1.0, -2.0]> : tensor<2xf32>
    %start_indices0 = stablehlo.constant dense<10> : tensor<i64>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0)
      : (tensor<5xf32>, tensor<2xf32>, tensor<i64>) -> tensor<5xf32>
    check.expect_eq_const %result, dense<[1.0, 2.0, 3.0, -1.0, -2.0]> : tensor<5xf32>
    func.return
  }
}
