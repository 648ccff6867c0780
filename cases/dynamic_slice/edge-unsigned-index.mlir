// Case: spec/dynamic_slice/edge-unsigned-index
// ui8 start indices (unsigned): 255 clamps to shape - slice_sizes.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
    %start_indices0 = stablehlo.constant dense<0> : tensor<ui8>
    %start_indices1 = stablehlo.constant dense<255> : tensor<ui8>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x4xi32>, tensor<ui8>, tensor<ui8>) -> tensor<1x2xi32>
    check.expect_eq_const %result, dense<[[3, 4]]> : tensor<1x2xi32>
    func.return
  }
}
