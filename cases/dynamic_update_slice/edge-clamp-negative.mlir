// Case: spec/dynamic_update_slice/edge-clamp-negative
// A negative start index clamps to 0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi64>
    %update = stablehlo.constant dense<[9, 8]> : tensor<2xi64>
    %start_indices0 = stablehlo.constant dense<-5> : tensor<i64>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0)
      : (tensor<5xi64>, tensor<2xi64>, tensor<i64>) -> tensor<5xi64>
    check.expect_eq_const %result, dense<[9, 8, 3, 4, 5]> : tensor<5xi64>
    func.return
  }
}
