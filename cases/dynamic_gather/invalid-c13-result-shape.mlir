// Case: spec-invalid/dynamic_gather/invalid-c13-result-shape
// expect-invalid: dynamic_gather C13
// slice_sizes [1, 4] make 2x4, the result says 2x3.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>) -> tensor<2x3xf32> {
    %sizes = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
    %0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
}
