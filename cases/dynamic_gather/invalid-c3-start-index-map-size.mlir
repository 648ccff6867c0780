// Case: spec-invalid/dynamic_gather/invalid-c3-start-index-map-size
// expect-invalid: dynamic_gather C3
// start_index_map has 2 entries, the index vector 1.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi64>, %arg2: tensor<2xi64>) -> tensor<2x4xf32> {
    %0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
