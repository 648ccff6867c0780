// Case: spec/dynamic_update_slice/edge-empty-update
// A zero-sized update leaves the operand unchanged.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %update = stablehlo.constant dense<> : tensor<0x2xi32>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i64>
    %start_indices1 = stablehlo.constant dense<0> : tensor<i64>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0, %start_indices1)
      : (tensor<2x2xi32>, tensor<0x2xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    func.return
  }
}
