// Case: spec/scatter/edge-promote-i8-to-i32
// i8 inputs and updates with an i32 update computation (C23): the result is i32, so
// 100 + 100 + 100 = 300 does not wrap.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[100, 5]> : tensor<2xi8>
    %updates = stablehlo.constant dense<[100, 100]> : tensor<2xi8>
    %scatter_indices = stablehlo.constant dense<[[0], [0]]> : tensor<2x1xi64>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %updates) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<2xi8>, tensor<2x1xi64>, tensor<2xi8>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[300, 5]> : tensor<2xi32>
    func.return
  }
}
