// Case: spec-invalid/dynamic_gather/invalid-c9-start-index-map-repeat
// expect-invalid: dynamic_gather C9
// start_index_map [0, 0] repeats.
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x2xi64>, %arg2: tensor<2xi64>) -> tensor<2x4xf32> {
    %0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x2xi64>, tensor<2xi64>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
