// Case: spec/dynamic_slice/edge-full-size
// slice_sizes equal to the shape: every start clamps to 0 and the result is the operand.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i64>
    %start_indices1 = stablehlo.constant dense<-1> : tensor<i64>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
      slice_sizes = array<i64: 2, 2>
    } : (tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
    check.expect_eq_const %result, dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    func.return
  }
}
