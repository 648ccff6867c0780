// Case: spec/dynamic_update_slice/edge-full-update
// An update of the operand's shape replaces everything (starts clamp to 0).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
    %update = stablehlo.constant dense<[[-128, 127], [0, -1]]> : tensor<2x2xi8>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i64>
    %start_indices1 = stablehlo.constant dense<1> : tensor<i64>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0, %start_indices1)
      : (tensor<2x2xi8>, tensor<2x2xi8>, tensor<i64>, tensor<i64>) -> tensor<2x2xi8>
    check.expect_eq_const %result, dense<[[-128, 127], [0, -1]]> : tensor<2x2xi8>
    func.return
  }
}
