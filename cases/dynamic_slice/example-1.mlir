// Case: spec/dynamic_slice/example-1
// From the spec's `dynamic_slice` example (si32): start indices (-1, 3) are clamped to
// clamp(0, start, shape - slice_sizes) = (0, 2).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<4x4xi32>
    %start_indices0 = stablehlo.constant dense<-1> : tensor<i64>
    %start_indices1 = stablehlo.constant dense<3> : tensor<i64>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
      slice_sizes = array<i64: 2, 2>
    } : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>
    func.return
  }
}
