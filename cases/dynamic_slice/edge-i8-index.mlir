// Case: spec/dynamic_slice/edge-i8-index
// si8 start indices.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xui16>
    %start_indices0 = stablehlo.constant dense<-128> : tensor<i8>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0) {
      slice_sizes = array<i64: 2>
    } : (tensor<4xui16>, tensor<i8>) -> tensor<2xui16>
    check.expect_eq_const %result, dense<[10, 11]> : tensor<2xui16>
    func.return
  }
}
