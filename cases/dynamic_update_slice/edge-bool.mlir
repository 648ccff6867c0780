// Case: spec/dynamic_update_slice/edge-bool
// dynamic_update_slice on i1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[false, false, false, false]> : tensor<4xi1>
    %update = stablehlo.constant dense<[true, true]> : tensor<2xi1>
    %start_indices0 = stablehlo.constant dense<3> : tensor<i32>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0)
      : (tensor<4xi1>, tensor<2xi1>, tensor<i32>) -> tensor<4xi1>
    check.expect_eq_const %result, dense<[false, false, true, true]> : tensor<4xi1>
    func.return
  }
}
